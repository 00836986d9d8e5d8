package main

import "cqlvm/compiler/syntax"

// filterHelp is one entry of `cqlvm help FILTER`: how a filter (or a
// keyword that only appears inside one) is written and what it does, in
// one line.
type filterHelp struct {
	name, syntax, meaning string
}

// filterTable and filterAliases are made from the words of the syntax
// package's kinds table (compiler/syntax/kinds.go), where the help lines
// live beside the keywords and operators they describe.
// TestHelpCoversEveryKeyword keeps them complete.
var filterTable, filterAliases = helpTables()

// oldTable are the CQL-S keywords (":pawncount", ...) of the built-ins
// with no CQL 6 spelling, which only the old-syntax front end reads.
var oldTable = func() []filterHelp {
	var table []filterHelp
	for _, w := range syntax.OldWords() {
		table = append(table, filterHelp{w.Text, w.Syntax, w.Meaning})
	}
	return table
}()

// helpTables returns the help entries, one per word that has a help line,
// and the aliases: each Unicode spelling maps to its ASCII one, and a word
// without a help line of its own to the word whose line covers it.
func helpTables() ([]filterHelp, map[string]string) {
	var table []filterHelp
	aliases := map[string]string{}
	for _, w := range syntax.Words() {
		topic := w.Text
		if w.See != "" {
			topic = w.See
			aliases[w.Text] = topic
		} else {
			table = append(table, filterHelp{w.Text, w.Syntax, w.Meaning})
		}
		for _, u := range w.Unicode {
			aliases[u] = topic
		}
	}
	return table, aliases
}

package engine

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/cqlvm/cqlvm/compiler/cqls"
	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// HelpEntry is one entry of `cqlvm help NAME`: how a filter (or a
// keyword that only appears inside one) is written and what it does, in
// one line (from the kinds table), and for the CQL 6 words the long help
// of helpdoc.txt: what it returns, how it is used, a worked example.
type HelpEntry struct {
	Name, Syntax, Meaning string

	Group   string // the group of the language map it is listed in
	Returns string // what its value is
	Details string // the explanation, paragraphs separated by blank lines
	Example string // a query using it
	// ExampleMatches is the number of games of ExampleInput, the bundled
	// sample (testdata/pgn/sample.pgn) unless the entry names another
	// file, that Example matches; ExampleGames is its number of games.
	ExampleMatches int
	ExampleInput   string
	ExampleGames   int
	Unsupported    bool     // cqlvm refuses the filter: Example shows it, not a match
	Related        []string // the other topics of its helpdoc.txt entry
}

// Help are the help tables of `cqlvm help` and of the server's help,
// made from the words of the syntax package's kinds table
// (compiler/syntax/kinds.go), where the help lines live beside the
// keywords and operators they describe, and from the old language's
// keyword table.
type Help struct {
	// Filters has an entry for each CQL 6 word with a help line of its
	// own, in the kinds table's order.
	Filters []HelpEntry
	// BuiltIns are the CQL-S keywords (":pawncount", ...) of the built-ins
	// with no CQL 6 spelling, which only the old-syntax front end reads.
	BuiltIns []HelpEntry
	// Old are the keywords of the old CQL 3 / CQL-S language, sorted by
	// name; an entry's Syntax is its name.
	Old []HelpEntry
	// Aliases map each Unicode spelling to its ASCII word, and a word
	// without a help line of its own to the word whose line covers it.
	Aliases map[string]string
	// Groups is the map of the language: the help topics of Filters by
	// feature, in the order of helpdoc.txt.
	Groups []HelpGroup
	// HHDB are the keywords of the hhdb filter, in the order `cql -hhdb
	// info` lists them (-hhdb help); an entry's Syntax is its name.
	HHDB []HelpEntry

	byName      map[string]HelpEntry // Filters and BuiltIns
	oldByName   map[string]HelpEntry
	filterNames []string // of Filters, sorted
	oldNames    []string // of Old, sorted
}

// HelpTables returns the help tables, made at the first call; they are
// shared and must not be changed.
func HelpTables() *Help { return helpTables() }

var helpTables = sync.OnceValue(newHelp)

func newHelp() *Help {
	h := &Help{Aliases: map[string]string{}, byName: map[string]HelpEntry{}, oldByName: map[string]HelpEntry{}}
	for _, w := range syntax.Words() {
		topic := w.Text
		if w.See != "" {
			topic = w.See
			h.Aliases[w.Text] = topic
		} else {
			h.Filters = append(h.Filters, HelpEntry{Name: w.Text, Syntax: w.Syntax, Meaning: w.Meaning})
		}
		for _, u := range w.Unicode {
			h.Aliases[u] = topic
		}
	}
	for _, w := range syntax.OldWords() {
		h.BuiltIns = append(h.BuiltIns, HelpEntry{Name: w.Text, Syntax: w.Syntax, Meaning: w.Meaning})
	}
	for name, line := range cqls.Keywords() {
		h.Old = append(h.Old, HelpEntry{Name: name, Syntax: name, Meaning: line})
	}
	slices.SortFunc(h.Old, func(a, b HelpEntry) int { return cmp.Compare(a.Name, b.Name) })
	for _, k := range syntax.HHDBKeywords {
		h.HHDB = append(h.HHDB, HelpEntry{Name: k.Name, Syntax: k.Name, Meaning: k.Meaning})
	}
	h.addHelpDoc()
	for _, e := range h.Filters {
		h.byName[e.Name] = e
		h.filterNames = append(h.filterNames, e.Name)
	}
	for _, e := range h.BuiltIns {
		h.byName[e.Name] = e
	}
	for _, e := range h.Old {
		h.oldByName[e.Name] = e
		h.oldNames = append(h.oldNames, e.Name)
	}
	slices.Sort(h.filterNames)
	return h
}

// Lookup finds the entry of a filter or keyword, ignoring case (piece
// designators aside, CQL keywords are lower case) and accepting the
// Unicode spellings.
func (h *Help) Lookup(topic string) (HelpEntry, bool) {
	if alias, ok := h.Aliases[topic]; ok {
		topic = alias
	}
	e, ok := h.byName[topic]
	if !ok {
		e, ok = h.byName[strings.ToLower(topic)]
	}
	return e, ok
}

// LookupOld finds the entry of a keyword of the old language (":check").
func (h *Help) LookupOld(name string) (HelpEntry, bool) {
	e, ok := h.oldByName[name]
	return e, ok
}

// IsHHDB reports whether word is a keyword of the hhdb filter.
func (h *Help) IsHHDB(word string) bool {
	_, ok := syntax.LookupHHDB(word)
	return ok
}

// FilterNames are the names of Filters, sorted.
func (h *Help) FilterNames() []string { return slices.Clone(h.filterNames) }

// OldNames are the names of Old, sorted.
func (h *Help) OldNames() []string { return slices.Clone(h.oldNames) }

// SuggestFilter returns the name of Filters nearest a misspelt topic (at
// most two edits from it in lower case), or "".
func (h *Help) SuggestFilter(topic string) string {
	return syntax.Nearest(strings.ToLower(topic), h.filterNames, 2)
}

// SuggestOld returns the keyword of the old language nearest a misspelt
// one, or "".
func (h *Help) SuggestOld(name string) string { return syntax.SuggestAmong(name, h.oldNames) }

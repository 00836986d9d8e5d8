package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	ast "cqlvm/compiler/syntax"
)

// help prints the usage (no argument or "run"), or the syntax and
// meaning of a filter: `cqlvm help pin`.
func (c *cli) help(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.stdout, usage)
		fmt.Fprintln(c.stdout, "\nfilters and keywords (cqlvm help NAME for one):")
		writeColumns(c.stdout, filterNames(), 78)
		fmt.Fprintln(c.stdout, "\nCQL-S keywords without a CQL 6 filter, for the old (match (position ...)) syntax:")
		writeColumns(c.stdout, oldNames(), 78)
		return exitOK
	}
	status := exitOK
	for _, topic := range args {
		switch topic {
		case "run", "flags":
			fmt.Fprint(c.stdout, usage)
			continue
		}
		h, ok := lookupFilter(topic)
		if !ok {
			fmt.Fprintf(c.stderr, "cqlvm help: %q is not a CQL filter or keyword%s\n", topic, suggestion(topic))
			status = exitUsage
			continue
		}
		fmt.Fprintf(c.stdout, "%s\n    %s\n", h.syntax, h.meaning)
	}
	return status
}

var filterIndex = func() map[string]filterHelp {
	m := make(map[string]filterHelp, len(filterTable)+len(oldTable))
	for _, h := range filterTable {
		m[h.name] = h
	}
	for _, h := range oldTable {
		m[h.name] = h
	}
	return m
}()

func oldNames() []string {
	var names []string
	for _, h := range oldTable {
		names = append(names, h.name)
	}
	sort.Strings(names)
	return names
}

// lookupFilter finds a topic, ignoring case (piece designators aside,
// CQL keywords are lower case) and accepting the Unicode spellings.
func lookupFilter(topic string) (filterHelp, bool) {
	if alias, ok := filterAliases[topic]; ok {
		topic = alias
	}
	h, ok := filterIndex[topic]
	if !ok {
		h, ok = filterIndex[strings.ToLower(topic)]
	}
	return h, ok
}

func filterNames() []string {
	names := make([]string, 0, len(filterTable))
	for _, h := range filterTable {
		names = append(names, h.name)
	}
	sort.Strings(names)
	return names
}

// suggestion proposes the nearest keyword to a misspelt one.
func suggestion(topic string) string {
	best, bestDist := "", 3 // more than two edits away is no suggestion
	for _, name := range filterNames() {
		if d := ast.EditDistance(strings.ToLower(topic), name, bestDist); d < bestDist {
			best, bestDist = name, d
		}
	}
	if best == "" {
		return " (cqlvm help lists them)"
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// writeColumns prints words in columns that fit width.
func writeColumns(w io.Writer, words []string, width int) {
	col := 0
	for _, s := range words {
		col = max(col, len(s))
	}
	col += 2
	perLine := max(1, width/col)
	for i, s := range words {
		if i%perLine == 0 {
			io.WriteString(w, "  ")
		}
		if i%perLine == perLine-1 || i == len(words)-1 {
			fmt.Fprintln(w, s)
		} else {
			fmt.Fprintf(w, "%-*s", col, s)
		}
	}
}

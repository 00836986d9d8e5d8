package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"cqlvm/compiler/cqls"
	"cqlvm/compiler/syntax"
	"cqlvm/engine"
	"cqlvm/limits"
)

// help prints the usage (no argument or "run"), or the syntax and
// meaning of a filter: `cqlvm help pin`.
func (c *cli) help(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.stdout, usage)
		fmt.Fprintln(c.stdout, "\nfilters and keywords (cqlvm help NAME for one):")
		writeColumns(c.stdout, filterNames(), 78)
		fmt.Fprintln(c.stdout, "\nkeywords of the old CQL 3 / CQL-S language (cqlvm help :KEYWORD for one):")
		writeColumns(c.stdout, oldKeywordNames(), 78)
		return exitOK
	}
	status := exitOK
	for _, topic := range args {
		switch topic {
		case "run", "flags":
			fmt.Fprint(c.stdout, usage)
			continue
		case "limits":
			fmt.Fprint(c.stdout, limits.Help())
			fmt.Fprint(c.stdout, serveLimitsHelp)
			continue
		case "optimizations":
			fmt.Fprint(c.stdout, engine.OptimizationsHelp())
			continue
		}
		if strings.HasPrefix(topic, ":") || strings.HasPrefix(topic, "!:") {
			status = max(status, c.helpOldKeyword(topic))
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

// helpOldKeyword prints the help line of a keyword of the old language.
func (c *cli) helpOldKeyword(topic string) int {
	kws := cqls.Keywords()
	name := ":" + strings.TrimLeft(topic, "!:")
	line, ok := kws[name]
	if !ok {
		hint := " (cqlvm help lists them)"
		if s := cqls.Suggest(name); s != "" {
			hint = fmt.Sprintf("; did you mean %q?", s)
		}
		fmt.Fprintf(c.stderr, "cqlvm help: %q is not a CQL 3 / CQL-S keyword%s\n", topic, hint)
		return exitUsage
	}
	fmt.Fprintf(c.stdout, "%s  (CQL 3 / CQL-S)\n    %s\n", name, line)
	return exitOK
}

func oldKeywordNames() []string {
	var names []string
	for k := range cqls.Keywords() {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
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
		if d := syntax.EditDistance(strings.ToLower(topic), name, bestDist); d < bestDist {
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

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/limits"
)

// help prints the usage (no argument or "run"), or the syntax and
// meaning of a filter: `cqlvm help pin`.
func (c *cli) help(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.stdout, usage)
		fmt.Fprintln(c.stdout, "\nfilters and keywords (cqlvm help NAME for one):")
		writeColumns(c.stdout, engine.HelpTables().FilterNames(), 78)
		fmt.Fprintln(c.stdout, "\nkeywords of the old CQL 3 / CQL-S language (cqlvm help :KEYWORD for one):")
		writeColumns(c.stdout, engine.HelpTables().OldNames(), 78)
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
		h, ok := engine.HelpTables().Lookup(topic)
		if !ok {
			fmt.Fprintf(c.stderr, "cqlvm help: %q is not a CQL filter or keyword%s\n", topic, suggestion(topic))
			status = exitUsage
			continue
		}
		fmt.Fprintf(c.stdout, "%s\n    %s\n", h.Syntax, h.Meaning)
	}
	return status
}

// helpOldKeyword prints the help line of a keyword of the old language.
func (c *cli) helpOldKeyword(topic string) int {
	name := ":" + strings.TrimLeft(topic, "!:")
	h, ok := engine.HelpTables().LookupOld(name)
	if !ok {
		hint := " (cqlvm help lists them)"
		if s := engine.HelpTables().SuggestOld(name); s != "" {
			hint = fmt.Sprintf("; did you mean %q?", s)
		}
		fmt.Fprintf(c.stderr, "cqlvm help: %q is not a CQL 3 / CQL-S keyword%s\n", topic, hint)
		return exitUsage
	}
	fmt.Fprintf(c.stdout, "%s  (CQL 3 / CQL-S)\n    %s\n", name, h.Meaning)
	return exitOK
}

// suggestion proposes the nearest keyword to a misspelt one.
func suggestion(topic string) string {
	best := engine.HelpTables().SuggestFilter(topic)
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

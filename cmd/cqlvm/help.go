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
		writeLanguageMap(c.stdout, engine.HelpTables())
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
		writeHelpEntry(c.stdout, h)
	}
	return status
}

// writeHelpEntry prints the help of one topic: its syntax and meaning,
// and when it has them what it returns, the explanation, and the example
// as a command to run with the number of games it finds.
func writeHelpEntry(w io.Writer, h engine.HelpEntry) {
	fmt.Fprintf(w, "%s\n    %s\n", h.Syntax, h.Meaning)
	if h.Example == "" {
		return
	}
	fmt.Fprintln(w)
	writeWrapped(w, "Returns: "+h.Returns, "", 76)
	for _, para := range strings.Split(h.Details, "\n\n") {
		fmt.Fprintln(w)
		writeWrapped(w, para, "", 76)
	}
	fmt.Fprintln(w)
	if h.Unsupported {
		fmt.Fprintf(w, "Example (cqlvm refuses it for now):\n    %s\n", h.Example)
	} else {
		fmt.Fprintf(w, "Example, which matches %d of the %d games of %s:\n", h.ExampleMatches, h.ExampleGames, h.ExampleInput)
		for _, line := range exampleCommand(h.Example, h.ExampleInput) {
			fmt.Fprintf(w, "    %s\n", line)
		}
	}
	if len(h.Related) > 0 {
		fmt.Fprintf(w, "\nSee also: %s\n", strings.Join(h.Related, " "))
	}
	fmt.Fprintf(w, "In the group: %s (cqlvm help lists the groups)\n", h.Group)
}

// exampleCommand is the shell command that runs an example query on its
// games: with -cql for filters, through a file for a query with its own
// cql(...) header.
func exampleCommand(query, input string) []string {
	if strings.HasPrefix(query, "cql(") {
		return []string{
			fmt.Sprintf("echo '%s' > example.cql", query),
			"cqlvm run example.cql " + input,
		}
	}
	return []string{fmt.Sprintf("cqlvm run -cql '%s' %s", query, input)}
}

// writeLanguageMap prints the help topics by group: the map of the
// language that `cqlvm help` shows.
func writeLanguageMap(w io.Writer, h *engine.Help) {
	fmt.Fprintln(w, "\nThe language, by feature (cqlvm help NAME explains one, with an example):")
	for _, g := range h.Groups {
		fmt.Fprintf(w, "\n%s\n", g.Title)
		writeWrapped(w, strings.Join(g.Topics, " "), "    ", 78)
	}
}

// writeWrapped prints text in lines of at most width columns, each
// starting with indent.
func writeWrapped(w io.Writer, text, indent string, width int) {
	line := indent
	for _, word := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(word) > width {
			fmt.Fprintln(w, line)
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += word
	}
	if len(line) > len(indent) {
		fmt.Fprintln(w, line)
	}
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
	// a built-in with no CQL 6 spelling has the long help of a filter
	if b, ok := engine.HelpTables().Lookup(name); ok && b.Example != "" {
		fmt.Fprint(c.stdout, "(CQL 3 / CQL-S) ")
		writeHelpEntry(c.stdout, b)
		return exitOK
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

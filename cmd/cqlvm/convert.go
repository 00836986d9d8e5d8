package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/source"
)

// converter is one of the official query converters: the option, what
// it makes of a query, and where the result goes by default.
type converter struct {
	option string
	// convert returns the new text, or the query's lexical errors
	convert func(src *source.Source) (string, error)
	// defaultOut is where the result goes without -o: "" the query file
	// itself (converted in place, as the official program does), "-"
	// standard output, else a function of the query's name
	defaultOut func(query string) string
}

var converters = []converter{
	{"a", engine.ToASCII, func(q string) string { return q }},
	{"u", engine.ToUnicode, func(q string) string { return q }},
	// -utf8 prints the Unicode text and a line break
	{"utf8", func(src *source.Source) (string, error) {
		s, err := engine.ToUnicode(src)
		return s + "\n", err
	}, func(string) string { return "-" }},
	{"html", htmlPage, htmlName},
}

// convertOptions runs -a, -u, -utf8, -html (with -o G for another
// output) and -colorize; done is false when none was given.
func (c *cli) convertOptions(f *runFlags) (status int, done bool) {
	if f.official.on("colorize") {
		text, err := io.ReadAll(c.stdin)
		if err != nil {
			fmt.Fprintf(c.stderr, "cqlvm: -colorize: %v\n", err)
			return exitInput, true
		}
		io.WriteString(c.stdout, engine.HighlightHTML(source.New("<stdin>", string(text))))
		return exitOK, true
	}
	for _, cv := range converters {
		query := f.official.value(cv.option)
		if query == "" || cv.option == "html" && c.official == nil && !namesQuery(query) {
			// cqlvm run --html report.html is the run's HTML report
			continue
		}
		out := f.output
		if out == "" {
			out = cv.defaultOut(query)
		}
		reads, writes := convertFiles(cv, query, out)
		if status, refused := c.refuseConflicts("cqlvm", reads, writes); refused {
			return status, true
		}
		return c.convertFile(cv, query, out), true
	}
	return 0, false
}

// convertFiles are the files a conversion reads and writes: -a and -u
// rewrite the query in place, as the official program does, so for them
// the query is not a file read that the output must spare.
func convertFiles(cv converter, query, out string) (reads, writes []namedFile) {
	writes = []namedFile{{"-o", out}}
	if cv.defaultOut(query) == query {
		return nil, writes
	}
	return []namedFile{{"the query", query}}, writes
}

// convertFile converts one query file, writing the result to out ("-"
// for standard output) only when the whole query could be converted.
func (c *cli) convertFile(cv converter, query, out string) int {
	text, err := os.ReadFile(query)
	if err != nil {
		return c.reportQueryError(fmt.Errorf("-%s: %v", cv.option, unwrapPathError(err)))
	}
	result, err := cv.convert(source.New(query, string(text)))
	if err != nil {
		return c.reportQueryError(err)
	}
	if out == "-" {
		io.WriteString(c.stdout, result)
		return exitOK
	}
	if err := os.WriteFile(out, []byte(result), 0o644); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm: -%s: cannot write %s: %v\n", cv.option, out, unwrapPathError(err))
		return exitUsage
	}
	if c.official != nil {
		fmt.Fprintf(c.stdout, "wrote %d bytes to: %s\n", len(result), out)
	}
	return exitOK
}

// htmlName is x-cql.html for x.cql, beside it.
func htmlName(query string) string {
	return strings.TrimSuffix(query, filepath.Ext(query)) + "-cql.html"
}

// htmlPage is the page `cql -html` writes: the official page's head and
// note (its style sheets are on gadycosteff.com), then the highlighted
// query.
func htmlPage(src *source.Source) (string, error) {
	name := filepath.Base(htmlName(src.Name))
	return fmt.Sprintf(htmlHead, name, name, name) + engine.HighlightHTML(src) + "</pre></body></html>\n", nil
}

// htmlHead is the official page's head, byte for byte (observed with
// `cql -html`); the %s are the page's name.
const htmlHead = `
<html>
 <head>
  <meta charset="UTF-8">
  <title="%s">
  <link rel="stylesheet"
        type="text/css"
        href="http://gadycosteff.com/externalcss/pygments.css">
  <link rel="stylesheet" 
        type="text/css" 
        href="http://gadycosteff.com/externalcss/external.css">
 </head>
<body>
  <pre class="highlight">
   <span class="c">
   /* Automatically generated from %s using 
             cql -html %s
      <p>Note: to verify that the correct font is used,
      check that there is a stem on the lower right of 
      this capital U and that this grid has squares in two colors: &#x25A6;
       */</span>
   </pre>
   <pre class="highlight">
`

// echoFile prints each character of a file with its line, column, byte
// offset and code point (-echo F), as the official program does.
func (c *cli) echoFile(name string) int {
	text, err := os.ReadFile(name)
	if err != nil {
		return c.reportQueryError(fmt.Errorf("-echo: %v", unwrapPathError(err)))
	}
	fmt.Fprintln(c.stdout, "line col offst codept 0xchars name")
	line, col := 1, 1
	for off, r := range string(text) {
		var shown string
		switch {
		case r == '\n':
			shown = `\n`
		case r == ' ':
			shown = "[ ]"
		case r < ' ':
			shown = fmt.Sprintf("\\x%02x", r)
		default:
			shown = "'" + string(r) + "'"
		}
		fmt.Fprintf(c.stdout, "%3d%3d%4d U+%-4x %s\n", line, col, off, r, shown)
		col++
		if r == '\n' {
			line, col = line+1, 1
		}
	}
	return exitOK
}

// printTokens prints the query's tokens with their line and column
// (-lex), and stops.
func (c *cli) printTokens(f *runFlags, positionals []string) int {
	var srcs []*source.Source
	query, _ := splitPositionals(positionals, f.cql != "")
	if query != "" {
		text, err := os.ReadFile(query)
		if err != nil {
			return c.reportQueryError(fmt.Errorf("-lex: %v", unwrapPathError(err)))
		}
		srcs = append(srcs, source.New(query, string(text)))
	}
	if f.cql != "" {
		srcs = append(srcs, source.New("-cql", f.cql))
	}
	for _, src := range srcs {
		tokens, errs := engine.Tokens(src)
		for _, t := range tokens {
			line, col := src.Position(int(t.Span.From))
			fmt.Fprintf(c.stdout, "%s:%d:%d: %s %q\n", src.Name, line, col, t.Kind, src.Text[t.Span.From:t.Span.To])
		}
		if len(errs) > 0 {
			return c.reportQueryError(errs)
		}
	}
	return exitOK
}

// namesQuery reports whether an -html value is a query file (the
// official converter's argument) rather than the page of cqlvm run's
// HTML report.
func namesQuery(file string) bool {
	ext := strings.ToLower(filepath.Ext(file))
	return ext == ".cql" || ext == ".cqls"
}

// Package examples is the example queries of this directory, embedded
// so that the server's page can offer them as a library: each with its
// name, what it finds (the comment it starts with) and its text.
package examples

import (
	"embed"
	"path"
	"strings"
)

//go:embed *.cql
var files embed.FS

// Example is one query of the directory.
type Example struct {
	Name  string `json:"name"`  // the file's name without .cql: "greek-gift"
	About string `json:"about"` // its opening comment, what it finds, as one paragraph
	// Counts are its "sample.pgn: 1 game" lines: what it matches in the
	// bundled databases (engine's TestExamples checks them).
	Counts []string `json:"counts"`
	Query  string   `json:"query"` // the whole file
}

// All is every example, in the order of their names.
func All() []Example {
	entries, _ := files.ReadDir(".") // cannot fail: the directory is embedded
	var out []Example
	for _, e := range entries {
		data, _ := files.ReadFile(e.Name())
		out = append(out, parse(strings.TrimSuffix(e.Name(), path.Ext(e.Name())), string(data)))
	}
	return out
}

// parse reads the comment lines a query starts with: the counts, and
// the other lines as its explanation.
func parse(name, text string) Example {
	ex := Example{Name: name, Query: text, Counts: []string{}}
	var about []string
	for _, line := range strings.Split(text, "\n") {
		c, ok := strings.CutPrefix(line, "//")
		if !ok {
			break
		}
		c = strings.TrimSpace(c)
		if db, _, ok := strings.Cut(c, ".pgn: "); ok && !strings.Contains(db, " ") {
			ex.Counts = append(ex.Counts, c)
			continue
		}
		about = append(about, c)
	}
	ex.About = strings.Join(about, " ")
	return ex
}

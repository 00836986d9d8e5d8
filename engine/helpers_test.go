package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

const (
	samplePGN  = "../testdata/pgn/sample.pgn"
	studiesPGN = "../testdata/pgn/studies.pgn"
	gamesPGN   = "../testdata/pgn/games.pgn"
)

// loadText compiles text as the query file q.cql.
func loadText(t *testing.T, text string) *Query {
	t.Helper()
	path := filepath.Join(t.TempDir(), "q.cql")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	q, err := Load(path, QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// runPGN runs q over one input with options o and returns the PGN output.
func runPGN(t *testing.T, q *Query, o Options, input string) string {
	t.Helper()
	var out bytes.Buffer
	o.Inputs, o.PGN = []string{input}, &out
	if _, err := Run(q, o); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// readText is the text of the file at path.
func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

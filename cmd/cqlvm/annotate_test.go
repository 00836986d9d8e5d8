package main

import (
	"strings"
	"testing"
)

// TestOutputEdits checks settag, removetag and removecomment: they change
// the output game only where the query matched, and an evaluation that
// fails takes its edits back, as it does its comments.
func TestOutputEdits(t *testing.T) {
	dir := t.TempDir()
	out := dir + "/out.pgn"
	query := writeQuery(t, dir, `cql(gamenumber 9)
{initial removecomment settag("Matched" "initial") removetag "PlyCount"}
or mate or {settag("Dropped" "yes") false}`)
	mustRun(t, nil, "run", "-q", "-o", out, query, samplePGN)
	got := readText(t, out)
	for _, want := range []string{`[Matched "initial"]`, "{Game number 9 CQL}", "12.Rf7# {CQL}"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	// game 9 of sample.pgn opens with a source comment and has a PlyCount tag
	for _, unwanted := range []string{"Shakhmatnaya Kompozitsia=118", "PlyCount", "Dropped"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("output still has %s:\n%s", unwanted, got)
		}
	}
	if !strings.Contains(readText(t, samplePGN), "{Shakhmatnaya Kompozitsia=118 (EG#20096).}") {
		t.Fatal("sample.pgn changed: game 9's first comment is not where this test expects it")
	}
}

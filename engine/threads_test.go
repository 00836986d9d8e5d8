package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestOutputIndependentOfThreads runs queries with 1, 2 and 4 workers and
// requires byte-identical PGN output and diagnostics: workers finish games
// out of order, and the writer must put them back in input order.
func TestOutputIndependentOfThreads(t *testing.T) {
	queries := []struct {
		name, cql, pgn string
		badGames       bool
	}{
		{"checks", "check", "games.pgn", false},
		{"mates-variations", "cql(variations) mate", "studies.pgn", false},
		{"queen-attacks", "flipcolor {. attackedby Q >= 20}", "games.pgn", false},
		{"comments", `mate comment("mate with " #[Aa] " pieces")`, "studies.pgn", false},
		// sorted output holds every game to the end: a one-thread run
		// must not lend it the worker's buffer
		{"sorted", "cql(sort matchcount 3 50) btm check", "games.pgn", false},
		// the last wanted game stops the reading mid-file
		{"game-range", "cql(gamenumber 100 1200) check", "games.pgn", false},
		// all 50 games have errors (crazyhouse drops), 8 match before theirs:
		// the messages too come in game order
		{"bad-games", "check", "edge/scalachess/prod50crazyhouse.list.pgn", true},
	}
	for _, c := range queries {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			query := filepath.Join(dir, "q.cql")
			body := c.cql
			if body[:3] != "cql" {
				body = "cql() " + body
			}
			if err := os.WriteFile(query, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			var first, firstDiag []byte
			for _, threads := range []int{1, 2, 4} {
				q, err := Load(query, QueryOptions{})
				if err != nil {
					t.Fatal(err)
				}
				var out, diag bytes.Buffer
				o := q.Options()
				o.Threads, o.Inputs, o.PGN, o.Diagnostics = threads, []string{filepath.Join("../testdata/pgn", c.pgn)}, &out, &diag
				if _, err := Run(q, o); err != nil {
					t.Fatalf("threads %d: %v", threads, err)
				}
				data := out.Bytes()
				if len(data) == 0 {
					t.Fatalf("threads %d: no output; the query should match games", threads)
				}
				if c.badGames && diag.Len() == 0 {
					t.Fatalf("threads %d: no diagnostics; the games have errors", threads)
				}
				if first == nil {
					first, firstDiag = data, diag.Bytes()
				} else if !bytes.Equal(first, data) {
					t.Fatalf("output with %d threads differs from 1 thread", threads)
				} else if !bytes.Equal(firstDiag, diag.Bytes()) {
					t.Fatalf("diagnostics with %d threads differ from 1 thread:\n%s\nwith 1 thread:\n%s", threads, diag.Bytes(), firstDiag)
				}
			}
		})
	}
}

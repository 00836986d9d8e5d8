package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestOutputIndependentOfThreads runs queries with 1, 2 and 4 workers and
// requires byte-identical PGN output and diagnostics: workers finish games
// out of order, and the writer must put them back in input order.
func TestOutputIndependentOfThreads(t *testing.T) {
	queries := []struct{ name, cql, pgn string }{
		{"checks", "check", "games.pgn"},
		{"mates-variations", "cql(variations) mate", "studies.pgn"},
		{"queen-attacks", "flipcolor {. attackedby Q >= 20}", "games.pgn"},
		{"comments", `mate comment("mate with " #[Aa] " pieces")`, "studies.pgn"},
		// sorted output holds every game to the end: a one-thread run
		// must not lend it the worker's buffer
		{"sorted", "cql(sort matchcount 3 50) btm check", "games.pgn"},
		// the last wanted game stops the reading mid-file
		{"game-range", "cql(gamenumber 100 1200) check", "games.pgn"},
		// all 50 games have errors (crazyhouse drops), 8 match before theirs:
		// the messages too come in game order
		{"bad-games", "check", "edge/scalachess/prod50crazyhouse.list.pgn"},
	}
	for _, q := range queries {
		t.Run(q.name, func(t *testing.T) {
			dir := t.TempDir()
			query := filepath.Join(dir, "q.cql")
			body := q.cql
			if body[:3] != "cql" {
				body = "cql() " + body
			}
			if err := os.WriteFile(query, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			var first, firstDiag []byte
			for _, threads := range []int{1, 2, 4} {
				out := filepath.Join(dir, "out"+strconv.Itoa(threads)+".pgn")
				var stdout, stderr bytes.Buffer
				args := []string{"run", "-threads", strconv.Itoa(threads), "-i", filepath.Join("../../testdata/pgn", q.pgn), "-o", out, query}
				if status := realMain(args, &stdout, &stderr); status != 0 {
					t.Fatalf("threads %d: exit %d: %s", threads, status, stderr.String())
				}
				data, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if len(data) == 0 {
					t.Fatalf("threads %d: no output; the query should match games", threads)
				}
				if first == nil {
					first, firstDiag = data, stderr.Bytes()
				} else if !bytes.Equal(first, data) {
					t.Fatalf("output with %d threads differs from 1 thread", threads)
				} else if !bytes.Equal(firstDiag, stderr.Bytes()) {
					t.Fatalf("diagnostics with %d threads differ from 1 thread:\n%s\nwith 1 thread:\n%s", threads, stderr.Bytes(), firstDiag)
				}
			}
		})
	}
}

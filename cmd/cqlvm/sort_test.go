package main

import (
	"strings"
	"testing"
)

// TestSortCountsEveryEvaluation: sort.html, the value filter "is executed
// as usual", and the best value "ever obtained during the game" is kept,
// also where the rest of the body then fails. In the fool's mate the
// smallest ply seen by `sort min ... ply` is 0, at the start, though only
// the mate (ply 4) matches; placed after mate, the sort is evaluated at
// the mate only.
func TestSortCountsEveryEvaluation(t *testing.T) {
	dir := t.TempDir()
	games := writeFile(t, dir, "g.pgn", "[Event \"f\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")
	for _, c := range []struct{ query, want string }{
		{`sort min "first ply" ply  mate`, "first ply: 0"},
		{`mate  sort min "first ply" ply`, "first ply: 4"},
		{`sort "white men" #A  mate`, "white men: 16"},
	} {
		out := mustRun(t, nil, "run", "-q", "-cql", c.query, "-o", "-", games).stdout
		if !strings.Contains(out, c.want) {
			t.Errorf("%s: want %q in\n%s", c.query, c.want, out)
		}
	}
}

package engine

import (
	"os"
	"path/filepath"
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
	games := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(games, []byte("[Event \"f\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ query, want string }{
		{`sort min "first ply" ply  mate`, "first ply: 0"},
		{`mate  sort min "first ply" ply`, "first ply: 4"},
		{`sort "white men" #A  mate`, "white men: 16"},
	} {
		q, err := Compile(c.query)
		if err != nil {
			t.Fatal(err)
		}
		out := runPGN(t, q, q.Options(), games)
		if !strings.Contains(out, c.want) {
			t.Errorf("%s: want %q in\n%s", c.query, c.want, out)
		}
	}
}

package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommentLengthLimit: the official program keeps a node's comment of
// up to 4,500 bytes and leaves out a longer one; at the root the "Game
// number" text goes with it. Measured with 109 comments of 40 bytes and
// one of 14 or 15 bytes at the initial position (match string XX): 4,500
// bytes are written, 4,501 are not (issue 13, difftest 010, 237 and 243,
// where line <-- put 4,117 bytes at the root and cqlvm dropped them).
func TestCommentLengthLimit(t *testing.T) {
	pgnPath := filepath.Join(t.TempDir(), "ep.pgn")
	if err := os.WriteFile(pgnPath, []byte("[Event \"e\"]\n\n1. e4 Nf6 2. e5 d5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		last int
		kept bool
	}{{14, true}, {15, false}} {
		var b strings.Builder
		b.WriteString("cql()\ninitial {")
		for i := range 109 {
			fmt.Fprintf(&b, " comment(\"c%03d %s\")", i, strings.Repeat("b", 35))
		}
		fmt.Fprintf(&b, " comment(%q)}\n", strings.Repeat("z", tc.last))
		out := runPGN(t, loadText(t, b.String()), Options{MatchString: "XX"}, pgnPath)
		if got := strings.Contains(out, "{Game number 1 c000"); got != tc.kept {
			t.Errorf("last comment of %d bytes: root comment kept %v, want %v:\n%s", tc.last, got, tc.kept, out)
		}
		if !strings.Contains(out, "1.e4 Nf6") {
			t.Errorf("last comment of %d bytes: the game is missing:\n%s", tc.last, out)
		}
	}
}

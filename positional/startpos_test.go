package positional

import (
	"strings"
	"testing"
)

// startFEN is the start position with White's back rank `rank` (Black's
// mirrors it).
func startFEN(rank string) string {
	return strings.ToLower(rank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w - - 0 1"
}

// TestChess960Number: the standard numbering (0 BBQNNRKR, 518 the usual
// start, 959 RKRNNQBB, computed by hand from the rule), and the
// shuffle-chess starts that are not Chess960 ones.
func TestChess960Number(t *testing.T) {
	for _, c := range []struct {
		fen     string
		n       int
		shuffle bool
	}{
		{startFEN("BBQNNRKR"), 0, true},
		{startFEN("RNBQKBNR"), 518, true},
		{startFEN("RKRNNQBB"), 959, true},
		// light bishop f1 (2), dark bishop a1 (0), queen b1 (0 of b c d e g h),
		// knights c1 d1 (0 1 of c d e g h: pair 0): 2
		{startFEN("BQNNRBKR"), 2, true},
		{startFEN("RBNBKQNR"), -1, true}, // both bishops on light squares
		{startFEN("KRNBBQNR"), -1, true}, // the king is not between the rooks
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", -1, false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", -1, false}, // Black to move
		{"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", -1, false},    // Black does not mirror White
		{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", -1, false},
	} {
		p := position(t, c.fen)
		if got := Chess960Number(p); got != c.n {
			t.Errorf("%s: Chess960 number %d, want %d", c.fen, got, c.n)
		}
		if got := IsShuffleStart(p); got != c.shuffle {
			t.Errorf("%s: shuffle start %v, want %v", c.fen, got, c.shuffle)
		}
	}
	// every number from 0 to 959 is one position's
	seen := map[int]bool{}
	perm("RRKQBBNN", func(rank string) {
		if n := Chess960Number(position(t, startFEN(rank))); n >= 0 {
			if seen[n] {
				t.Errorf("%s: number %d given twice", rank, n)
			}
			seen[n] = true
		}
	})
	if len(seen) != 960 {
		t.Errorf("%d Chess960 numbers, want 960", len(seen))
	}
}

// perm calls f with each distinct arrangement of the letters of s.
func perm(s string, f func(string)) {
	done := map[string]bool{}
	var rec func(pre, rest string)
	rec = func(pre, rest string) {
		if rest == "" {
			if !done[pre] {
				done[pre] = true
				f(pre)
			}
			return
		}
		for i := range rest {
			rec(pre+rest[i:i+1], rest[:i]+rest[i+1:])
		}
	}
	rec("", s)
}

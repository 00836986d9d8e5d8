package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLongCommentKept: the official program keeps a comment of up to 4,500
// bytes (the original comment, a blank and the added texts) and drops the
// added texts of a longer one. `line --> true*` on 80 plies gives the last
// position 81 "End line" texts (4,063 bytes with the mark "CQL"); an
// original comment of 436 bytes makes the whole 4,500, of 437 bytes 4,501.
// (Official answers: kept, dropped.)
func TestLongCommentKept(t *testing.T) {
	q := loadText(t, "cql() line --> true*")
	for _, tc := range []struct {
		original int
		kept     bool
	}{{0, true}, {436, true}, {437, false}} {
		var moves strings.Builder
		sq := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
		for i := range 80 {
			if i%2 == 0 {
				fmt.Fprintf(&moves, "%d. ", i/2+1)
			}
			moves.WriteString(sq[i%4] + " ")
		}
		if tc.original > 0 {
			moves.WriteString("{" + strings.Repeat("x", tc.original) + "} ")
		}
		game := "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n" + moves.String() + "*\n"
		path := filepath.Join(t.TempDir(), "g.pgn")
		if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
			t.Fatal(err)
		}
		o := q.Options()
		o.MatchString = "CQL"
		out := runPGN(t, q, o, path)
		last := out[strings.LastIndex(out, "Ng8"):]
		if got := strings.Contains(last, "End line of length 81"); got != tc.kept {
			t.Errorf("original comment of %d bytes: texts kept %v, want %v\n%s", tc.original, got, tc.kept, last)
		}
	}
}

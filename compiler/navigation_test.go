package compiler

import (
	"os"
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/vm"
)

// TestPieceSquareAt checks P:X for a piece variable X (OpPieceSquareAt,
// which looks the square up without moving to P) against P:(X & .),
// which moves there.
func TestPieceSquareAt(t *testing.T) {
	pairs := [][2]string{
		{"piece X in [RrNn] {parent:X == X}", "piece X in [RrNn] {parent:(X & .) == X}"},
		{"piece X in [Pp] {parent:X != X}", "piece X in [Pp] {parent:(X & .) != X}"},
		{"piece X in [Qq] {Y = position 0  Y:X != X}", "piece X in [Qq] {Y = position 0  Y:(X & .) != X}"},
	}
	f, err := os.Open("../testdata/pgn/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games := readGames(t, f, "games.pgn", 150)
	f.Close()
	for _, p := range pairs {
		a, err := compileText(p[0])
		if err != nil {
			t.Fatalf("%s: %v", p[0], err)
		}
		b, err := compileText(p[1])
		if err != nil {
			t.Fatalf("%s: %v", p[1], err)
		}
		if !slices.ContainsFunc(a.Program.Code, func(in vm.Inst) bool { return in.Op == vm.OpPieceSquareAt }) {
			t.Errorf("%s: no piecesquareat", p[0])
		}
		ma, mb := vm.NewMachine(a.Program), vm.NewMachine(b.Program)
		found := 0
		for gi, g := range games {
			tree := treeOf(g, true)
			got, want := matches(ma, tree), matches(mb, tree)
			if !slices.Equal(got, want) {
				t.Fatalf("%s, game %d: matches %v, %s %v", p[0], gi+1, got, p[1], want)
			}
			found += len(got)
		}
		if found == 0 {
			t.Errorf("%s: no match", p[0])
		}
	}
}

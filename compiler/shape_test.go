package compiler

import (
	"fmt"
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/source"
	"os"
	"testing"

	"github.com/cqlvm/cqlvm/vm"
)

// TestShapesMatchTheirCopies compiles transformed piece patterns with
// and without shape tests and requires the same matches at every position
// of the first 400 games of games.pgn (and the start position of each).
func TestShapesMatchTheirCopies(t *testing.T) {
	f, err := os.Open("../testdata/pgn/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games := readGames(t, f, "games.pgn", 400)
	var trees []*vm.Tree
	for _, g := range games {
		trees = append(trees, treeOf(g, false))
	}
	queries := []string{
		"flipcolor shift {Kc3 Pe3}",
		"shift {Ka1 _b2 Rc3}",
		"flip shift {Qd4 nf6}",
		"shifthorizontal {Pa2 Pb3}",
		"shiftvertical {Ke1 Rh1}",
		"shift Ke4",
		"flip {Kg1 Rf1 Pg2 Ph2}",
		"rotate90 {Ra1 [Qq]h8}",
		"flip shift {[RQ]a1 _b1 [kq]c1}",
		"flipcolor {Kg1 Pf2 Pg2 Ph2}",
		"shift {Pa2 Pb3 Pc4 Pd5}", // a diagonal pawn chain
		"shift {[Aa]d4 _d5 [Aa]d6}",
	}
	total := 0
	for _, query := range queries {
		var progs [2]*vm.Program
		for i, disable := range []opt.Set{0, opt.Set(0).With(opt.OrbitShapes)} {
			q, err := Compile(source.New("f.cql", query), Options{Disable: disable})
			if err != nil {
				t.Fatalf("%s: %v", query, err)
			}
			progs[i] = q.Program
		}
		if len(progs[0].Shapes) == 0 {
			t.Errorf("%s: compiled without a shape test", query)
		}
		found := 0
		for gi, tree := range trees {
			a := matches(vm.NewMachine(progs[0]), tree)
			b := matches(vm.NewMachine(progs[1]), tree)
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%s, game %d: shape test matches %v, its copies %v", query, gi+1, a, b)
			}
			found += len(a)
		}
		total += found
		t.Logf("%s: %d positions", query, found)
	}
	if total == 0 {
		t.Fatal("no query matched anywhere; the comparison tests nothing")
	}
}

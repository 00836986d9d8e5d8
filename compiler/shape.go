package compiler

import (
	"fmt"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// orbitShape recognises an orbit, used as a test, whose members are all
// piece patterns: a designator of one square, or a compound of such
// designators (`shift {Kc3 Pe3}`, `flip {Ka1 Rb1}`). Members that are
// translates of each other form one group of the shape test, anchored at
// the squares of their first element.
func orbitShape(members []*syntax.Node) (vm.ShapeTest, bool) {
	var test vm.ShapeTest
	group := map[string]int{}
	for _, m := range members {
		elems, anchor, ok := memberPattern(m)
		if !ok {
			return vm.ShapeTest{}, false
		}
		key := patternKey(elems)
		i, seen := group[key]
		if !seen {
			i = len(test.Groups)
			group[key] = i
			test.Groups = append(test.Groups, vm.ShapeGroup{Elems: elems})
		}
		test.Groups[i].Anchors |= bitboard.SquareSet(anchor)
	}
	return test, len(test.Groups) > 0
}

// memberPattern returns the elements of a piece pattern relative to its
// first square, and that square.
func memberPattern(m *syntax.Node) ([]vm.ShapeElem, bitboard.Square, bool) {
	desigs := []*syntax.Node{m}
	if m.Kind == syntax.KCompound {
		desigs = m.Args
	}
	var elems []vm.ShapeElem
	var anchor bitboard.Square
	for i, d := range desigs {
		if d.Kind != syntax.KDesig || !d.Desig.HasSquares || d.Desig.Squares.Count() != 1 {
			return nil, 0, false
		}
		sq := d.Desig.Squares.First()
		if i == 0 {
			anchor = sq
		}
		elems = append(elems, vm.ShapeElem{Mask: uint16(d.Desig.Pieces),
			DF: int8(sq.File() - anchor.File()), DR: int8(sq.Rank() - anchor.Rank())})
	}
	return elems, anchor, len(elems) > 0
}

func patternKey(elems []vm.ShapeElem) string {
	var b strings.Builder
	for _, e := range elems {
		fmt.Fprintf(&b, "%d,%d,%d;", e.Mask, e.DF, e.DR)
	}
	return b.String()
}

func (g *gen) shapeConst(s vm.ShapeTest) int {
	g.prog.Shapes = append(g.prog.Shapes, s)
	return len(g.prog.Shapes) - 1
}

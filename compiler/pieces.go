package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Pieces and squares: rank, file, type, colortype, power, piecename,
// typename, pieceid (piece identities; the loops over pieces are in
// loops.go) and the pawn structure (passedpawns, isolatedpawns,
// doubledpawns, connectedpawns).

// checkSquareProperty types rank, file, type and colortype.
func (c *checker) checkSquareProperty(n *syntax.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	return TNum
}

func (c *checker) checkPower(n *syntax.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	return TNum
}

// checkPieceName types piecename and typename.
func (c *checker) checkPieceName(n *syntax.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	return TStr
}

func (c *checker) checkPieceId(n *syntax.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	c.needPieceIDs = true
	return TNum
}

func (c *checker) checkPawns(n *syntax.Node) Type {
	return TSet
}

func (g *gen) genSquareProperty(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	what := map[syntax.Kind]uint8{syntax.KRank: vm.SqRank, syntax.KFile: vm.SqFile, syntax.KType: vm.SqType, syntax.KColorType: vm.SqColorType}[n.Kind]
	g.jump(vm.OpSquareSetNum, what, 0, fail)
}

func (g *gen) genPower(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.emit(vm.OpPower, 0, 0, 0)
}

func (g *gen) genPieceName(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	x := uint8(0)
	if n.Kind == syntax.KTypeName {
		x = 1
	}
	g.jump(vm.OpPieceName, x, 0, fail)
}

func (g *gen) genPieceId(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.jump(vm.OpPieceIDAt, 0, 0, fail)
}

func (g *gen) genPawns(n *syntax.Node, fail int) {
	g.emit(vm.OpPawns, pawnKinds[n.Kind], 0, 0)
}

var pawnKinds = map[syntax.Kind]uint8{
	syntax.KPassedPawns: vm.PawnsPassed, syntax.KIsolatedPawns: vm.PawnsIsolated,
	syntax.KDoubledPawns: vm.PawnsDoubled, syntax.KConnectedPawns: vm.PawnsConnected,
}

package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

// Pieces and squares: rank, file, type, colortype, power, piecename,
// typename, pieceid (piece identities; the loops over pieces are in
// loops.go) and the pawn structure (passedpawns, isolatedpawns,
// doubledpawns, connectedpawns).

// checkSquareProperty types rank, file, type and colortype.
func (c *checker) checkSquareProperty(n *ast.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	return TNum
}

func (c *checker) checkPower(n *ast.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	return TNum
}

// checkPieceName types piecename and typename.
func (c *checker) checkPieceName(n *ast.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	return TStr
}

func (c *checker) checkPieceId(n *ast.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	c.needPieceIDs = true
	return TNum
}

func (c *checker) checkPawns(n *ast.Node) Type {
	return TSet
}

func (g *gen) genSquareProperty(n *ast.Node, fail int) {
	g.value(n.Args[0], fail)
	what := map[ast.Kind]uint8{ast.KRank: vm.SqRank, ast.KFile: vm.SqFile, ast.KType: vm.SqType, ast.KColorType: vm.SqColorType}[n.Kind]
	g.jump(vm.OpSquareSetNum, what, 0, fail)
}

func (g *gen) genPower(n *ast.Node, fail int) {
	g.value(n.Args[0], fail)
	g.emit(vm.OpPower, 0, 0, 0)
}

func (g *gen) genPieceName(n *ast.Node, fail int) {
	g.value(n.Args[0], fail)
	x := uint8(0)
	if n.Kind == ast.KTypeName {
		x = 1
	}
	g.jump(vm.OpPieceName, x, 0, fail)
}

func (g *gen) genPieceId(n *ast.Node, fail int) {
	g.value(n.Args[0], fail)
	g.jump(vm.OpPieceIDAt, 0, 0, fail)
}

func (g *gen) genPawns(n *ast.Node, fail int) {
	g.emit(vm.OpPawns, pawnKinds[n.Kind], 0, 0)
}

var pawnKinds = map[ast.Kind]uint8{
	ast.KPassedPawns: vm.PawnsPassed, ast.KIsolatedPawns: vm.PawnsIsolated,
	ast.KDoubledPawns: vm.PawnsDoubled, ast.KConnectedPawns: vm.PawnsConnected,
}

package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Facts about the game and the position: the numbers (sidetomove, ply,
// movenumber, positionid, depth, gamenumber, lastgamenumber, year) and
// the constants white and black, elo, result, player, the tags (event,
// site, ..., tag "X"), fen, originalcomment and hasnag.

// checkInfoNumber types sidetomove, ply, movenumber, positionid, depth,
// gamenumber, lastgamenumber and year.
func (c *checker) checkInfoNumber(n *syntax.Node) Type {
	if n.Kind == syntax.KLastGameNumber {
		c.needLastGame = true
	}
	return TNum
}

// checkColorConstant types white (1) and black (-1), the values of
// sidetomove.
func (c *checker) checkColorConstant(n *syntax.Node) Type {
	return TNum
}

func (c *checker) checkElo(n *syntax.Node) Type {
	return TNum
}

func (c *checker) checkResult(n *syntax.Node) Type {
	return TLog
}

func (c *checker) checkPlayer(n *syntax.Node) Type {
	return TStr
}

func (c *checker) checkTag(n *syntax.Node) Type {
	return TStr
}

// checkFen types fen: the current position's FEN, or with a FEN argument
// (FlagAll) a match of the position against it.
func (c *checker) checkFen(n *syntax.Node) Type {
	if n.Flags&syntax.FlagAll != 0 {
		return TLog
	}
	return TStr
}

func (c *checker) checkOriginalComment(n *syntax.Node) Type {
	return TStr
}

func (c *checker) checkHasNAG(n *syntax.Node) Type {
	return TLog
}

// checkSimilar: the value of similarposition is the number of the
// submissions game that the position is like.
func (c *checker) checkSimilar(n *syntax.Node) Type {
	return TNum
}

func (g *gen) genInfoNumber(n *syntax.Node, fail int) {
	g.jump(vm.OpInfoNum, infoKinds[n.Kind], 0, fail)
}

func (g *gen) genColorConstant(n *syntax.Node, fail int) {
	if n.Kind == syntax.KWhite {
		g.emit(vm.OpPushNum, 0, 0, 1)
	} else {
		g.emit(vm.OpPushNum, 0, 0, -1)
	}
}

func (g *gen) genElo(n *syntax.Node, fail int) {
	what := [...]uint8{vm.InfoEloMax, vm.InfoEloWhite, vm.InfoEloBlack}[n.Int]
	g.jump(vm.OpInfoNum, what, 0, fail)
}

func (g *gen) genResult(n *syntax.Node, fail int) {
	g.jump(vm.OpResult, 0, int(g.strConst(n.Str)), fail)
}

func (g *gen) genPlayer(n *syntax.Node, fail int) {
	switch n.Int {
	case 1:
		g.jump(vm.OpTag, 0, int(g.strConst("White")), fail)
	case 2:
		g.jump(vm.OpTag, 0, int(g.strConst("Black")), fail)
	default:
		g.jump(vm.OpPlayers, 0, 0, fail)
	}
}

func (g *gen) genTag(n *syntax.Node, fail int) {
	g.jump(vm.OpTag, 0, int(g.strConst(n.Str)), fail)
}

func (g *gen) genFen(n *syntax.Node, fail int) {
	if n.Flags&syntax.FlagAll != 0 {
		g.jump(vm.OpFenMatch, 0, int(g.strConst(n.Str)), fail)
	} else {
		g.emit(vm.OpFen, 0, 0, 0)
	}
}

func (g *gen) genOriginalComment(n *syntax.Node, fail int) {
	g.jump(vm.OpOrigComment, 0, 0, fail)
}

// genSimilar tests the position against the submissions of a
// similarposition filter, which the driver loads (vm.Program.Similar).
func (g *gen) genSimilar(n *syntax.Node, fail int) {
	spec := vm.SimilarSpec{File: n.Str, Transform: n.Flags&syntax.FlagAll == 0}
	i := slices.Index(g.prog.Similar, spec)
	if i < 0 {
		i = len(g.prog.Similar)
		g.prog.Similar = append(g.prog.Similar, spec)
	}
	quiet := uint8(0)
	if g.quiet {
		quiet = 1
	}
	g.jump(vm.OpSimilar, quiet, i, fail)
}

func (g *gen) genHasNAG(n *syntax.Node, fail int) {
	g.jump(vm.OpHasNAG, 0, int(n.Int), fail)
}

var infoKinds = map[syntax.Kind]uint8{
	syntax.KPly: vm.InfoPly, syntax.KMoveNumber: vm.InfoMoveNumber, syntax.KPositionId: vm.InfoPositionID,
	syntax.KDepth: vm.InfoDepth, syntax.KGameNumber: vm.InfoGameNumber, syntax.KLastGameNumber: vm.InfoLastGameNumber,
	syntax.KSideToMove: vm.InfoSideToMove, syntax.KYear: vm.InfoYear,
}

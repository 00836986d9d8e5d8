package compiler

import (
	"strings"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Positions and navigation: currentposition, initialposition, parent,
// child, position, ':', lca, ancestor, descendant, distance,
// consecutivemoves and the position comparisons ([<] ...). find is in
// find.go, echo in echo.go.

// checkPositionConstant types currentposition, initialposition and
// parent.
func (c *checker) checkPositionConstant(n *syntax.Node) Type {
	return TPos
}

func (c *checker) checkChild(n *syntax.Node) Type {
	if len(n.Args) > 0 {
		c.expect(n.Args[0], "the argument of child", TNum)
	}
	return TPos
}

func (c *checker) checkPosition(n *syntax.Node) Type {
	c.expect(n.Args[0], "the argument of position", TNum)
	return TPos
}

// checkColon types P:F, which has F's type.
func (c *checker) checkColon(n *syntax.Node) Type {
	c.expect(n.Args[0], "the left side of ':'", TPos)
	return c.check(n.Args[1])
}

func (c *checker) checkLca(n *syntax.Node) Type {
	c.expect(n.Args[0], "the first argument of lca", TPos)
	c.expect(n.Args[1], "the second argument of lca", TPos)
	return TPos
}

// checkAncestor types ancestor and descendant.
func (c *checker) checkAncestor(n *syntax.Node) Type {
	c.expect(n.Args[0], "the first argument", TPos)
	c.expect(n.Args[1], "the second argument", TPos)
	return TLog
}

func (c *checker) checkDistance(n *syntax.Node) Type {
	c.expect(n.Args[0], "the first argument of distance", TPos)
	c.expect(n.Args[1], "the second argument of distance", TPos)
	return TNum
}

func (c *checker) checkConsecutiveMoves(n *syntax.Node) Type {
	c.expect(n.Args[0], "the first argument of consecutivemoves", TPos)
	c.expect(n.Args[1], "the second argument of consecutivemoves", TPos)
	return TNum
}

// checkAncestry types the position comparisons written with brackets,
// such as x [<] y.
func (c *checker) checkAncestry(n *syntax.Node) Type {
	c.expect(n.Args[0], "the left side of "+n.Str, TPos)
	c.expect(n.Args[1], "the right side of "+n.Str, TPos)
	return TLog
}

func (g *gen) genCurrentPosition(n *syntax.Node, fail int) {
	g.emit(vm.OpCurPos, 0, 0, 0)
}

func (g *gen) genInitialPosition(n *syntax.Node, fail int) {
	g.emit(vm.OpPushNum, 0, 0, 0)
}

func (g *gen) genParent(n *syntax.Node, fail int) {
	g.jump(vm.OpParent, 0, 0, fail)
}

func (g *gen) genChild(n *syntax.Node, fail int) {
	if len(n.Args) > 0 {
		g.numValue(n.Args[0], fail)
	} else {
		g.emit(vm.OpPushNum, 0, 0, 0)
	}
	g.jump(vm.OpChild, 0, 0, fail)
}

func (g *gen) genPosition(n *syntax.Node, fail int) {
	g.numValue(n.Args[0], fail)
	g.jump(vm.OpPositionN, 0, 0, fail)
}

func (g *gen) genLca(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	g.emit(vm.OpTreeRel, vm.TreeLca, 0, 0)
}

func (g *gen) genAncestor(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	if n.Kind == syntax.KAncestor {
		g.jump(vm.OpTreeAnc, vm.TreeAncestor, 0, fail)
	} else {
		g.jump(vm.OpTreeAnc, vm.TreeDescendant, 0, fail)
	}
}

func (g *gen) genDistance(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	g.emit(vm.OpTreeRel, vm.TreeDistance, 0, 0)
}

func (g *gen) genConsecutiveMoves(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	quiet := uint8(0)
	if n.Flags&syntax.FlagQuiet != 0 || g.quiet {
		quiet = 1
	}
	g.emit(vm.OpConsecutive, quiet, 0, 0)
	if n.HasRange {
		g.checkBounds(n, fail)
	}
}

func (g *gen) genAncestry(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	g.jump(vm.OpAncestry, cmpCode(strings.Trim(n.Str, "[]")), 0, fail)
}

// genColon evaluates its right side with its left side's position current.
func (g *gen) genColon(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	if r := n.Args[1]; r.Kind == syntax.KVar && r.Flags&syntax.FlagPieceVar != 0 {
		// P:X for a piece variable: where X stands at P, looked up
		// without moving there and back
		g.jump(vm.OpPieceSquareAt, 0, g.slotOf(r), fail)
		return
	}
	// a failed set is the colon's failure
	g.atPosition(fail, func(restore int) { g.valueOrFail(n.Args[1], restore) })
}

// testColon tests X:Y as a filter: Y matched at the position X, by Y's
// own rule of matching (currentposition:(n == p) matches where the
// comparison holds, though its value, the set n, may be empty: the
// official program, issue 13, difftest 212).
func (g *gen) testColon(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.atPosition(fail, func(restore int) { g.test(n.Args[1], restore) })
}

// atPosition compiles body with the position on the stack made current,
// and the current position restored after it, whether body succeeds or
// jumps to restore (then the whole fails to fail).
func (g *gen) atPosition(fail int, body func(restore int)) {
	save := g.slots.new()
	g.emit(vm.OpSaveCur, 0, save, 0)
	g.emit(vm.OpSetCur, 0, 0, 0)
	restore := g.newLabel()
	body(restore)
	g.emit(vm.OpRestCur, 0, save, 0)
	done := g.newLabelAt(g.depth, g.sdepth)
	g.jump(vm.OpJump, 0, 0, done)
	g.bind(restore)
	g.emit(vm.OpRestCur, 0, save, 0)
	g.jump(vm.OpJump, 0, 0, fail)
	g.bind(done)
}

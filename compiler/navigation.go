package compiler

import (
	"slices"
	"strings"

	"cqlvm/bitboard"
	"cqlvm/compiler/syntax"
	"cqlvm/vm"
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

// memoTest reports whether n is built only of pure tests (pureTest) and
// of move, mate, check, stalemate and attack filters: its result is a
// function of the position it is evaluated at and of its variables, and
// it has no effect.
func memoTest(n *syntax.Node) bool {
	return !syntax.Any(n, func(c *syntax.Node) bool { return !onlyTests(c) })
}

// onlyTests reports whether node c itself (its operands aside) only
// tests, for memoTest.
func onlyTests(c *syntax.Node) bool {
	switch c.Kind {
	case syntax.KMove:
		return c.Move != nil && c.Move.Comment == nil
	case syntax.KMate, syntax.KCheck, syntax.KStalemate, syntax.KAttacks, syntax.KAttackedBy, syntax.KIn, syntax.KTypeNameDesig,
		syntax.KPin, syntax.KBetween:
		return true
	}
	return pureTest(&syntax.Node{Kind: c.Kind, Str: c.Str})
}

// leadingTests calls f with the conjuncts of body (through compounds and
// ands) in order, up to and including the first that is not a pure test.
func leadingTests(body *syntax.Node, f func(*syntax.Node)) {
	eachConjunct(body, func(n *syntax.Node) bool {
		f(n)
		return pureTest(n)
	})
}

// eachConjunct calls f with the conjuncts of body (through compounds and
// ands) in order, until f returns false.
func eachConjunct(body *syntax.Node, f func(*syntax.Node) bool) {
	var walk func(n *syntax.Node) bool // false: stop at n
	walk = func(n *syntax.Node) bool {
		if n.Kind == syntax.KCompound || n.Kind == syntax.KAnd {
			for _, a := range n.Args {
				if !walk(a) {
					return false
				}
			}
			return true
		}
		return f(n)
	}
	walk(body)
}

// pureTest reports whether n only computes and compares: no assignment,
// comment, message, regular expression groups or runtime report, so that
// leaving it unevaluated for a target the body fails anyway changes
// nothing. Only a few simple kinds qualify.
func pureTest(n *syntax.Node) bool {
	return !syntax.Any(n, func(c *syntax.Node) bool {
		switch c.Kind {
		case syntax.KVar, syntax.KNumber, syntax.KDesig, syntax.KTrue, syntax.KFalse, syntax.KColon,
			syntax.KCompound, syntax.KAnd, syntax.KOr, syntax.KNot,
			syntax.KPly, syntax.KSideToMove, syntax.KWtm, syntax.KBtm, syntax.KWhite, syntax.KBlack, syntax.KMoveNumber,
			syntax.KPlus, syntax.KMinus, syntax.KNeg, syntax.KAbs, syntax.KInter, syntax.KUnion, syntax.KCompl, syntax.KCount:
			return false
		case syntax.KCmp:
			switch c.Str {
			case "<", "<=", ">", ">=", "==", "!=":
				return false
			}
		}
		return true
	})
}

// mayRebind reports whether anything in n may give the variable name
// another value: an assignment to it, or a filter that binds it (echo,
// loops). EchoSameBoard compares targets with the current position, which
// is the source only while the body leaves the source variable alone.
func mayRebind(n *syntax.Node, name string) bool {
	return syntax.Any(n, func(c *syntax.Node) bool {
		return c.Kind == syntax.KAssign && len(c.Args) > 0 && c.Args[0].Kind == syntax.KVar && c.Args[0].Str == name ||
			slices.Contains(c.Params, name)
	})
}

// isAllSquares reports whether n is the designator of every square, `.`.
func isAllSquares(n *syntax.Node) bool {
	return n.Kind == syntax.KDesig && n.Desig.Pieces == syntax.MaskAll && n.Desig.Squares == bitboard.Full
}

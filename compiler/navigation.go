package compiler

import (
	"slices"
	"strings"

	"cqlvm/bitboard"
	"cqlvm/compiler/syntax"
	"cqlvm/vm"
)

// Positions and navigation: currentposition, initialposition, parent,
// child, position, ':', echo, lca, ancestor, descendant, distance,
// consecutivemoves and the position comparisons ([<] ...). find is in
// find.go.

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

func (c *checker) checkEcho(n *syntax.Node) Type {
	for _, p := range n.Params {
		c.declare(&syntax.Node{Kind: syntax.KVar, Span: n.Span, Str: p}, TPos)
	}
	t := c.check(n.Args[0])
	if t == TNum {
		return TNum
	}
	return TLog
}

// genEcho binds source to the current position and target to every other
// position of the searched tree (or every position with `in all`) and
// evaluates the body at the target. A numeric body gives the maximum.
func (g *gen) genEcho(n *syntax.Node, fail int) {
	src, tgt := g.varSlot(n.Params[0]), g.varSlot(n.Params[1])
	it, save, best := g.slots.block(2), g.slots.new(), g.slots.new()
	numeric := g.typeOf(n) == TNum
	g.emit(vm.OpCurPos, 0, 0, 0)
	g.emit(vm.OpStore, 0, src, 0)
	g.emit(vm.OpSaveCur, 0, save, 0)
	g.emit(vm.OpUnbind, 0, best, 0)
	x := uint8(0)
	window := int32(0)
	shortcuts := !g.noEchoShortcuts && !mayRebind(n.Args[0], n.Params[0]) && n.Params[0] != n.Params[1]
	if shortcuts {
		if lo, hi, ok := g.echoPlyWindow(n.Args[0], n.Params[0], n.Params[1]); ok {
			x |= vm.EchoPlyWindow
			window = vm.EchoWindow(lo, hi)
		}
	}
	g.emit(vm.OpEchoInit, 0, it, window)
	top, done := g.newLabel(), g.newLabel()
	if n.Flags&syntax.FlagInAll != 0 {
		x |= vm.EchoInAll
	}
	if shortcuts {
		if tests := g.echoSourceTests(n.Args[0], n.Params[0], n.Params[1]); len(tests) > 0 {
			// a failed test leaves the walk only its last target, at
			// which the body fails: the target variable ends the walk
			// as it would have
			skip := g.newLabel()
			for _, t := range tests {
				g.test(t, skip)
			}
			g.jump(vm.OpJump, 0, 0, top)
			g.bind(skip)
			g.emit(vm.OpEchoToEnd, x, it, 0)
		}
	}
	g.bind(top)
	var afterTests []*syntax.Node // `s < t` tests the walk makes true, left out of the body
	if shortcuts {
		sameBoard, after := g.echoPrefilters(n.Args[0], n.Params[0], n.Params[1])
		if sameBoard {
			x |= vm.EchoSameBoard
		}
		if after {
			x |= vm.EchoAfterSource
		}
		if after && !mayRebind(n.Args[0], n.Params[1]) {
			afterTests = g.afterSourceTests(n.Args[0], n.Params[0], n.Params[1])
			if numeric && !g.testsBeforeNumber(n.Args[0], afterTests) {
				afterTests = nil
			}
			if len(afterTests) > 0 {
				x |= vm.EchoAfterOnly
			}
		}
	}
	g.jump(vm.OpEchoNext, x, it, done)
	g.emit(vm.OpStoreKeep, 0, tgt, 0)
	g.emit(vm.OpSetCur, 0, 0, 0)
	next := g.newLabel()
	// the official program marks each matching pair "s <--move 30(btm)"
	// at the source and "t -->move 4(wtm)" at the target
	commenting := n.Flags&syntax.FlagQuiet == 0 && !g.quiet
	echoComment := func(fail int) {
		if commenting {
			g.jump(vm.OpLoad, 0, src, fail)
			g.emit(vm.OpEchoComment, 0, int(g.strConst(n.Params[0])), g.strConst(n.Params[1]))
		}
	}
	var mark int
	worse := -1 // numeric: where a target that is not better goes
	if numeric {
		// the value is the best over the targets, and only the best
		// target's comments stay; a target that does not improve on the
		// best is dropped before its echo comments are even made
		mark = g.slots.block(3)
		g.emit(vm.OpMarkComments, 0, mark, 0)
		g.numValueLeavingOut(n.Args[0], afterTests, next)
		worse = g.newLabel()
		g.jump(vm.OpJNotGreater, 0, best, worse)
		echoComment(worse)
		g.emit(vm.OpMaxIntoKeep, 0, best, int32(mark))
	} else {
		mark = g.markComments(n.Args[0])
		// a body that only tests (memoTest) leaves the comment list
		// alone, so there is nothing to take back after it
		if commenting && mark < 0 && !memoTest(n.Args[0]) {
			mark = g.slots.new()
			g.emit(vm.OpMarkComments, 0, mark, 0)
		}
		g.testLeavingOut(n.Args[0], afterTests, next)
		// only the first matching target keeps its comments: every target
		// is still tried (the body may assign), but comments for all of
		// them would grow with the square of the game in nested echoes
		first := g.newLabel()
		g.jump(vm.OpLoad, 0, best, first)
		g.emit(vm.OpPop, 0, 0, 0)
		g.truncComments(mark)
		g.emit(vm.OpRestCur, 0, save, 0)
		g.jump(vm.OpJump, 0, 0, top)
		g.bind(first)
		echoComment(next)
		g.emit(vm.OpPushNum, 0, 0, 1)
		g.emit(vm.OpStore, 0, best, 0)
	}
	g.emit(vm.OpRestCur, 0, save, 0)
	g.jump(vm.OpJump, 0, 0, top)
	if worse >= 0 {
		g.bind(worse)
		g.emit(vm.OpPop, 0, 0, 0)
	}
	g.bind(next)
	g.truncComments(mark)
	g.emit(vm.OpRestCur, 0, save, 0)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(done)
	g.emit(vm.OpRestCur, 0, save, 0)
	g.jump(vm.OpLoad, 0, best, fail)
	if !numeric {
		g.emit(vm.OpPop, 0, 0, 0)
	}
}

// varSlot is the slot of a declared variable.
func (g *gen) varSlot(name string) int { return g.vars[name].Slot }

// echoPrefilters looks for tests among the conjuncts of an echo body
// that let the walk skip targets (src and tgt are the two variables,
// distinct): sameBoard when it tests that the positions have the same
// board, `src & tgt == .` (operands in either order), and after when it
// tests `src < tgt` or `tgt > src`, each with nothing before it that has
// an effect (pureTest). A target failing such a test fails the body before
// any of it has an effect, so the walk may skip it (EchoSameBoard,
// EchoAfterSource): the test of "identical position" queries goes from a
// dozen instructions per pair of positions to a comparison of
// occupancies, and ordered pairs look at half the targets.
func (g *gen) echoPrefilters(body *syntax.Node, src, tgt string) (sameBoard, after bool) {
	leadingTests(body, func(n *syntax.Node) {
		sameBoard = sameBoard || g.isSameBoardTest(n, src, tgt)
		after = after || g.isAfterSourceTest(n, src, tgt)
	})
	return sameBoard, after
}

// echoSourceTests lists the leading tests of an echo body that ask only
// about the source (`s:check`, reading neither the target nor the
// position the body runs at), among tests without effect. genEcho makes
// them once before the walk: when one fails, every target fails the
// body. The body still makes them for each target.
func (g *gen) echoSourceTests(body *syntax.Node, src, tgt string) []*syntax.Node {
	var out []*syntax.Node
	eachConjunct(body, func(n *syntax.Node) bool {
		if !onlyTestsOrDashes(n) {
			return false // it may have an effect: the tests after it stay
		}
		if n.Kind == syntax.KColon && n.Args[0].Kind == syntax.KVar && n.Args[0].Str == src &&
			g.typeOf(n.Args[0]) == TPos && !readsVar(n, tgt) {
			out = append(out, n)
		}
		return true
	})
	return out
}

// echoPlyWindow finds among the leading tests of an echo body (those
// before the first with an effect) comparisons of the target's ply minus
// the source's with a constant (`t:ply == s:ply + 4`, `t:ply - s:ply >=
// 20`, `ply > s:ply`: the body runs at the target) and returns the window
// [lo, hi] they leave for that difference (EchoPlyWindow: the walk skips
// the other targets, which fail the body before it has an effect).
func (g *gen) echoPlyWindow(body *syntax.Node, src, tgt string) (lo, hi int64, ok bool) {
	lo, hi = -vm.EchoWindowMax, vm.EchoWindowMax
	leadingTests(body, func(n *syntax.Node) {
		if l, h, found := g.plyDifferenceTest(n, src, tgt); found {
			lo, hi, ok = max(lo, l), min(hi, h), true
		}
	})
	return lo, hi, ok
}

// plyDifferenceTest reports whether n compares d = tgt:ply - src:ply
// with a constant, and the window of d it leaves.
func (g *gen) plyDifferenceTest(n *syntax.Node, src, tgt string) (lo, hi int64, ok bool) {
	if n.Kind != syntax.KCmp || len(n.Args) != 2 {
		return 0, 0, false
	}
	// linear: the node as ct*tgt:ply + cs*src:ply + c
	var linear func(e *syntax.Node) (ct, cs, c int64, ok bool)
	linear = func(e *syntax.Node) (ct, cs, c int64, ok bool) {
		switch e.Kind {
		case syntax.KNumber:
			return 0, 0, e.Int, true
		case syntax.KPly:
			return 1, 0, 0, true // the body runs at the target
		case syntax.KColon:
			v, f := e.Args[0], e.Args[1]
			if v.Kind != syntax.KVar || f.Kind != syntax.KPly || g.typeOf(v) != TPos {
				return 0, 0, 0, false
			}
			switch v.Str {
			case tgt:
				return 1, 0, 0, true
			case src:
				return 0, 1, 0, true
			}
		case syntax.KPlus, syntax.KMinus:
			if len(e.Args) != 2 || g.typeOf(e) != TNum {
				return 0, 0, 0, false
			}
			t1, s1, c1, ok1 := linear(e.Args[0])
			t2, s2, c2, ok2 := linear(e.Args[1])
			if !ok1 || !ok2 {
				return 0, 0, 0, false
			}
			if e.Kind == syntax.KMinus {
				t2, s2, c2 = -t2, -s2, -c2
			}
			return t1 + t2, s1 + s2, c1 + c2, true
		}
		return 0, 0, 0, false
	}
	t1, s1, c1, ok1 := linear(n.Args[0])
	t2, s2, c2, ok2 := linear(n.Args[1])
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	// left - right = ct*t + cs*s + c, compared with 0
	ct, cs, c := t1-t2, s1-s2, c1-c2
	op := n.Str
	switch {
	case ct == 1 && cs == -1: // d + c op 0: d op -c
	case ct == -1 && cs == 1: // -d + c op 0: d op' c
		c = -c
		op = map[string]string{"==": "==", "<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
	default:
		return 0, 0, false
	}
	k := -c
	switch op {
	case "==":
		return k, k, true
	case "<":
		return -vm.EchoWindowMax, k - 1, true
	case "<=":
		return -vm.EchoWindowMax, k, true
	case ">":
		return k + 1, vm.EchoWindowMax, true
	case ">=":
		return k, vm.EchoWindowMax, true
	}
	return 0, 0, false
}

// afterSourceTests lists the `src < tgt` tests among the conjuncts of an
// echo body before the first one with an effect: with EchoAfterOnly the
// walk gives only targets after the source, for which they hold.
func (g *gen) afterSourceTests(body *syntax.Node, src, tgt string) []*syntax.Node {
	var out []*syntax.Node
	leadingTests(body, func(n *syntax.Node) {
		if g.isAfterSourceTest(n, src, tgt) {
			out = append(out, n)
		}
	})
	return out
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

// testLeavingOut tests n as test does, but without the conjuncts in
// omit (found among those of its compounds and ands).
func (g *gen) testLeavingOut(n *syntax.Node, omit []*syntax.Node, fail int) {
	if slices.Contains(omit, n) {
		return
	}
	if len(omit) > 0 && (n.Kind == syntax.KCompound || n.Kind == syntax.KAnd) {
		for _, a := range n.Args {
			g.testLeavingOut(a, omit, fail)
		}
		return
	}
	g.test(n, fail)
}

// testsBeforeNumber reports whether body is a numeric compound whose
// last filter is a number and whose other filters include tests: only
// those can be left out of its value (numValueLeavingOut).
func (g *gen) testsBeforeNumber(body *syntax.Node, tests []*syntax.Node) bool {
	if body.Kind != syntax.KCompound || g.typeOf(body) != TNum || g.typeOf(body.Args[len(body.Args)-1]) != TNum {
		return false
	}
	for _, t := range tests {
		if !slices.Contains(body.Args[:len(body.Args)-1], t) {
			return false
		}
	}
	return true
}

// numValueLeavingOut is numValue for a numeric compound, leaving out the
// filters in omit (testsBeforeNumber holds): the compound's value is its
// last filter's, once the others have matched.
func (g *gen) numValueLeavingOut(n *syntax.Node, omit []*syntax.Node, fail int) {
	if len(omit) == 0 {
		g.numValue(n, fail)
		return
	}
	defer g.at(n)()
	last := len(n.Args) - 1
	for _, a := range n.Args[:last] {
		if !slices.Contains(omit, a) {
			g.test(a, fail)
		}
	}
	g.numValue(n.Args[last], fail)
}

// isAfterSourceTest reports whether n is `src < tgt` or `tgt > src` on
// positions: the target comes after the source in the walk's order.
func (g *gen) isAfterSourceTest(n *syntax.Node, src, tgt string) bool {
	if n.Kind != syntax.KCmp || (n.Str != "<" && n.Str != ">") {
		return false
	}
	a, b := n.Args[0], n.Args[1]
	if a.Kind != syntax.KVar || b.Kind != syntax.KVar || g.typeOf(a) != TPos || g.typeOf(b) != TPos {
		return false
	}
	if n.Str == ">" {
		a, b = b, a
	}
	return a.Str == src && b.Str == tgt
}

// isSameBoardTest reports whether n is `src & tgt == .` or a variant.
func (g *gen) isSameBoardTest(n *syntax.Node, src, tgt string) bool {
	if n.Kind != syntax.KCmp || n.Str != "==" {
		return false
	}
	inter, all := n.Args[0], n.Args[1]
	if isAllSquares(inter) {
		inter, all = all, inter
	}
	if !isAllSquares(all) || inter.Kind != syntax.KInter || len(inter.Args) != 2 {
		return false
	}
	a, b := inter.Args[0], inter.Args[1]
	if a.Kind != syntax.KVar || b.Kind != syntax.KVar || g.typeOf(a) != TPos || g.typeOf(b) != TPos {
		return false
	}
	return a.Str == src && b.Str == tgt || a.Str == tgt && b.Str == src
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

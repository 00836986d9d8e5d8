package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// echo: source and target bound to pairs of positions of the game, the
// body evaluated at the target; and the analysis of the body's leading
// tests that lets the walk skip targets that would fail it (the shortcuts
// vm.EchoSameBoard, EchoAfterSource, EchoAfterOnly, EchoPlyWindow and the
// source tests made once before the walk).

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
	shortcuts := !mayRebind(n.Args[0], n.Params[0]) && n.Params[0] != n.Params[1]
	join, sourceSides := -1, []*syntax.Node(nil)
	if shortcuts {
		join, sourceSides = g.echoKeyJoin(n)
	}
	// the walk's block: next target, ply window, and with echo-key-join
	// the source's key and table
	itSlots := 2
	if join >= 0 {
		itSlots = 4
	}
	it, save, best := g.slots.block(itSlots), g.slots.new(), g.slots.new()
	numeric := g.typeOf(n) == TNum
	g.emit(vm.OpCurPos, 0, 0, 0)
	g.emit(vm.OpStore, 0, src, 0)
	g.emit(vm.OpSaveCur, 0, save, 0)
	g.emit(vm.OpUnbind, 0, best, 0)
	x := uint8(0)
	window := int32(0)
	if shortcuts {
		if lo, hi, ok := g.echoPlyWindow(n.Args[0], n.Params[0], n.Params[1]); ok && g.use(opt.EchoPlyWindow) {
			x |= vm.EchoPlyWindow
			window = vm.EchoWindow(lo, hi)
		}
	}
	g.emit(vm.OpEchoInit, 0, it, window)
	memo, targetTests, implied := -1, []*syntax.Node(nil), []*targetNeed(nil)
	if shortcuts {
		memo, targetTests, implied = g.echoTargetMemo(n, save)
	}
	if memo >= 0 {
		g.emit(vm.OpEchoMemo, 0, it, int32(memo))
	}
	top, done := g.newLabel(), g.newLabel()
	if n.Flags&syntax.FlagInAll != 0 {
		x |= vm.EchoInAll
	}
	if join >= 0 {
		g.emit(vm.OpPushNum, 0, 0, 0)
		g.emit(vm.OpStore, 0, it+3, 0) // no join until its start
	}
	if shortcuts {
		if tests := g.echoSourceTests(n.Args[0], n.Params[0], n.Params[1]); len(tests) > 0 && g.use(opt.EchoSourceFirst) {
			// a failed test leaves the walk only its last target, at
			// which the body fails: the target variable ends the walk
			// as it would have
			skip := g.newLabel()
			for _, t := range tests {
				g.test(t, skip)
			}
			g.startEchoJoin(join, sourceSides, it, x)
			g.jump(vm.OpJump, 0, 0, top)
			g.bind(skip)
			g.emit(vm.OpEchoToEnd, x, it, 0)
		} else {
			g.startEchoJoin(join, sourceSides, it, x)
		}
	}
	g.bind(top)
	var afterTests []*syntax.Node // `s < t` tests the walk makes true, left out of the body
	if shortcuts {
		sameBoard, after := g.echoPrefilters(n.Args[0], n.Params[0], n.Params[1])
		if sameBoard && g.use(opt.EchoSameBoard) {
			x |= vm.EchoSameBoard
		}
		after = after && g.use(opt.EchoAfterSource)
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
	if memo >= 0 {
		g.emit(vm.OpEchoMemo, 1, it, int32(memo))
	}
	if join >= 0 {
		g.emit(vm.OpEchoJoinNext, 0, it, int32(join))
	}
	g.jump(vm.OpEchoNext, x, it, done)
	g.emit(vm.OpStoreKeep, 0, tgt, 0)
	g.emit(vm.OpSetCur, 0, 0, 0)
	next, memoFail := g.newLabel(), g.newLabel()
	for _, t := range targetTests {
		g.test(t, memoFail)
	}
	for _, t := range implied {
		g.testNeed(t, memoFail)
	}
	afterTests = append(afterTests, targetTests...)
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
	if memo >= 0 {
		// a target failing the tests of the target alone: no comment
		// was made or marked yet
		g.bind(memoFail)
		g.emit(vm.OpEchoMemoFail, 0, tgt, int32(memo))
		g.emit(vm.OpRestCur, 0, save, 0)
		g.jump(vm.OpJump, 0, 0, top)
	}
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
		if !memoTest(n) {
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

// echoTargetMemo finds the leading tests of echo n's body that read the
// target alone (echo-target-memo): no effect, a function of the target
// position and of variables other than the source and the target, none
// of which the body may rebind. It returns them and the memo that
// remembers, per game and values of those variables, the targets that
// fail them (-1 when there is none).
func (g *gen) echoTargetMemo(n *syntax.Node, save int) (int, []*syntax.Node, []*targetNeed) {
	body, src, tgt := n.Args[0], n.Params[0], n.Params[1]
	var tests []*syntax.Node
	var implied []*targetNeed // necessary conditions of conjuncts that also read the source
	var slots []int
	keyed := func(c *syntax.Node) bool { // c's variables can key the memo: add them
		names, keys, ok := g.memoVars(c, tgt)
		if !ok || slices.ContainsFunc(names, func(v string) bool { return mayRebind(body, v) }) {
			return false
		}
		for _, s := range keys {
			if !slices.Contains(slots, s) {
				slots = append(slots, s)
			}
		}
		return true
	}
	eachConjunct(body, func(c *syntax.Node) bool {
		if !memoTest(c) {
			return false // it may have an effect: the tests after it stay
		}
		switch need := g.targetNeedOf(c, src); {
		case !readsVar(c, src):
			if keyed(c) {
				tests = append(tests, c)
			}
		case need != nil && need.all(keyed):
			implied = append(implied, need)
		}
		return true
	})
	if len(tests)+len(implied) == 0 || len(slots) > vm.MaxFindMemoSlots || g.typeOf(body) == TNum && !g.testsBeforeNumber(body, tests) {
		return -1, nil, nil
	}
	if !g.use(opt.EchoTargetMemo) {
		return -1, nil, nil
	}
	g.prog.FindMemos = append(g.prog.FindMemos, vm.FindMemo{Slots: slots, Save: save})
	return len(g.prog.FindMemos) - 1, tests, implied
}

// targetNeed is a condition on the target alone that a test of an echo
// body implies: the test cannot hold at a target where it fails. It is a
// leaf (a part of the test that reads the target alone), or the and or
// the or of others.
type targetNeed struct {
	leaf    *syntax.Node
	and, or []*targetNeed
}

// targetNeedOf is what test c (no effect; evaluated at the target) needs
// of the target alone, or nil when it needs nothing that can be told
// without the source: a part reading the target alone is needed as it
// is; an and (a compound) needs what its parts need; an or, or a
// transform's orbit of copies any of which may hold, needs what one of
// its branches needs, when every branch needs something (a set-valued
// orbit, tested, holds when one of its copies does).
func (g *gen) targetNeedOf(c *syntax.Node, src string) *targetNeed {
	if !readsVar(c, src) {
		return &targetNeed{leaf: c}
	}
	var parts []*targetNeed
	switch {
	case c.Kind == syntax.KAnd || c.Kind == syntax.KCompound:
		for _, a := range c.Args {
			if need := g.targetNeedOf(a, src); need != nil {
				parts = append(parts, need)
			}
		}
		if len(parts) == 0 {
			return nil
		}
		return &targetNeed{and: parts}
	case c.Kind == syntax.KOr || c.Kind == syntax.KOrbit && !c.HasRange && c.Flags&syntax.FlagCount == 0 && g.typeOf(c) != TNum:
		for _, a := range c.Args {
			need := g.targetNeedOf(a, src)
			if need == nil {
				return nil
			}
			parts = append(parts, need)
		}
		return &targetNeed{or: parts}
	}
	return nil
}

// all reports whether f holds for every leaf of the need.
func (t *targetNeed) all(f func(*syntax.Node) bool) bool {
	if t.leaf != nil {
		return f(t.leaf)
	}
	for _, p := range append(slices.Clip(t.and), t.or...) {
		if !p.all(f) {
			return false
		}
	}
	return true
}

// testNeed emits the test of need t at the current position (the
// target), jumping to fail when it does not hold.
func (g *gen) testNeed(t *targetNeed, fail int) {
	switch {
	case t.leaf != nil:
		g.test(t.leaf, fail)
	case len(t.and) > 0:
		for _, p := range t.and {
			g.testNeed(p, fail)
		}
	default:
		pass := g.newLabel()
		for i, p := range t.or {
			if i == len(t.or)-1 {
				g.testNeed(p, fail)
				break
			}
			next := g.newLabel()
			g.testNeed(p, next)
			g.jump(vm.OpJump, 0, 0, pass)
			g.bind(next)
		}
		g.bind(pass)
	}
}

// echoKeyJoin finds the leading tests of echo n's body (before anything
// with an effect) that equate a value at the target with one at the
// source, `T == src:E` or `src:E == T` of two sets or two numbers, T
// reading neither the source nor the target variable (or `tgt:X`, X
// read at the target) and variables the body leaves alone, E not reading
// the target (echo-key-join). It returns the join, whose table keys each
// target by its values of T, and the source's sides, whose values key the
// source; -1 when there is no such test.
func (g *gen) echoKeyJoin(n *syntax.Node) (int, []*syntax.Node) {
	body, src, tgt := n.Args[0], n.Params[0], n.Params[1]
	var tests, targetSides, sourceSides []*syntax.Node
	var slots []int
	eachConjunct(body, func(c *syntax.Node) bool {
		if !memoTest(c) {
			return false
		}
		t, e, ok := g.keyTest(c, src, tgt)
		if !ok {
			return true
		}
		names, keys, ok := g.memoVars(t, "")
		if !ok || slices.ContainsFunc(names, func(v string) bool { return mayRebind(body, v) }) {
			return true
		}
		for _, s := range keys {
			if !slices.Contains(slots, s) {
				slots = append(slots, s)
			}
		}
		tests = append(tests, c)
		targetSides, sourceSides = append(targetSides, t), append(sourceSides, e)
		return true
	})
	if len(targetSides) == 0 || len(slots) > vm.MaxFindMemoSlots {
		return -1, nil
	}
	if g.typeOf(body) == TNum && !g.testsBeforeNumber(body, tests) {
		return -1, nil
	}
	if !g.use(opt.EchoKeyJoin) {
		return -1, nil
	}
	idx := len(g.prog.EchoJoins)
	g.prog.EchoJoins = append(g.prog.EchoJoins, vm.EchoJoin{Slots: slots})
	g.later(func() { g.prog.EchoJoins[idx].Entry = g.keySubroutine(targetSides) })
	return idx, sourceSides
}

// keyTest splits c, when it is a key test of echo-key-join, into the
// target's side (what to evaluate at the target) and the source's side
// (src:E, evaluated at the source).
func (g *gen) keyTest(c *syntax.Node, src, tgt string) (target, source *syntax.Node, ok bool) {
	if c.Kind != syntax.KCmp || c.Str != "==" || len(c.Args) != 2 {
		return nil, nil, false
	}
	a, b := c.Args[0], c.Args[1]
	if !isAt(b, src) {
		a, b = b, a
	}
	if !isAt(b, src) || readsVar(b.Args[1], tgt) {
		return nil, nil, false
	}
	if isAt(a, tgt) {
		a = a.Args[1]
	}
	if readsVar(a, src) || readsVar(a, tgt) || linearized(a) {
		return nil, nil, false
	}
	if ta := g.typeOf(a); ta != g.typeOf(b) || ta != TSet && ta != TNum {
		return nil, nil, false
	}
	return a, b, true
}

// isAt reports whether n is `v:X` for the position variable v.
func isAt(n *syntax.Node, v string) bool {
	return n.Kind == syntax.KColon && len(n.Args) == 2 && n.Args[0].Kind == syntax.KVar && n.Args[0].Str == v
}

// startEchoJoin emits the start of join's walk in slot it: the source's
// key from the values of sides, or, when one of them fails, the walk to
// its last target (flags x), since every target then fails the body.
func (g *gen) startEchoJoin(join int, sides []*syntax.Node, it int, x uint8) {
	if join < 0 {
		return
	}
	noKey, started := g.newLabel(), g.newLabel()
	g.emitKey(sides, noKey)
	g.emit(vm.OpEchoJoinStart, 0, it, int32(join))
	g.jump(vm.OpJump, 0, 0, started)
	g.bind(noKey)
	g.emit(vm.OpEchoToEnd, x, it, 0)
	g.bind(started)
}

// emitKey pushes the key of the values of sides (mixed by OpKeyMix in
// order), jumping to fail when one of them has none.
func (g *gen) emitKey(sides []*syntax.Node, fail int) {
	for i, s := range sides {
		g.value(s, fail)
		if i > 0 {
			g.emit(vm.OpKeyMix, 0, 0, 0)
		}
	}
}

// keySubroutine emits a value subroutine leaving the key of sides at the
// current position.
func (g *gen) keySubroutine(sides []*syntax.Node) int {
	return g.valueSubroutineOf(func(fail int) { g.emitKey(sides, fail) })
}

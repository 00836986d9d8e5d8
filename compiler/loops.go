package compiler

import (
	"slices"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Loops: square x in S, piece x in S, loop and while. The loops over a
// dictionary's keys are in dict.go.

// checkSquareLoop types `square x in S body` and `piece x in S body`; a
// square loop over a dictionary is a loop over its keys (dict.go).
func (c *checker) checkSquareLoop(n *syntax.Node) Type {
	if n.Kind == syntax.KSquareLoop {
		if d := c.dictOf(n.Args[0]); d != nil {
			return c.checkDictLoop(n, d)
		}
	}
	c.expect(n.Args[0], "the set of a loop", TSet)
	name := &syntax.Node{Kind: syntax.KVar, Span: n.Span, Str: n.Str}
	piece := n.Kind == syntax.KPieceLoop
	v := c.declareVar(name, TSet, piece)
	if piece {
		c.needPieceIDs = true
	}
	if v != nil {
		c.setSlot(n, v.Slot)
	}
	c.check(n.Args[1])
	if n.Flags&syntax.FlagAll != 0 {
		return TLog
	}
	return TSet
}

// genSquareLoop compiles `square x in S body` and `piece x in S body`:
// the value is the set of squares for which the body matched; with `all`
// the filter matches when the body matched for every square.
func (g *gen) genSquareLoop(n *syntax.Node, fail int) {
	iter, sq, acc := g.slots.new(), g.slots.new(), g.slots.new()
	g.value(n.Args[0], fail)
	if n.Kind == syntax.KPieceLoop {
		g.emit(vm.OpPieces, 0, int(syntax.MaskWhite|syntax.MaskBlack), 0)
		g.emit(vm.OpInter, 0, 0, 0)
	}
	if n.Flags&syntax.FlagAll == 0 {
		g.loopDomain(n)
	}
	whole := -1 // with loop-if-domain, the loop's whole set
	if domain := g.loopIfDomain(n); domain != nil {
		whole = g.slots.new()
		g.narrowToIfDomain(domain, whole)
	}
	g.emit(vm.OpStore, 0, iter, 0)
	if whole >= 0 && n.Flags&syntax.FlagAll == 0 {
		// the squares left out match, having done nothing
		g.emit(vm.OpLoad, 0, whole, 0)
		g.emit(vm.OpLoad, 0, iter, 0)
		g.emit(vm.OpDiff, 0, 0, 0)
	} else {
		g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
	}
	g.emit(vm.OpStore, 0, acc, 0)
	top, done := g.newLabel(), g.newLabel()
	if n.Flags&syntax.FlagAll == 0 {
		// a body that fails for every square leaves the empty set
		g.loopPrechecks(n, done)
	}
	g.bind(top)
	g.jump(vm.OpNextSquare, 0, iter, done)
	g.emit(vm.OpStoreKeep, 0, sq, 0)
	if n.Kind == syntax.KPieceLoop {
		g.jump(vm.OpPieceIDAt, 0, 0, top)
	}
	g.emit(vm.OpStore, 0, g.slotOf(n), 0)
	next := g.newLabel()
	mark := g.markComments(n.Args[1])
	bodyFail, allFailed := next, g.newLabel()
	if n.Flags&syntax.FlagAll != 0 {
		bodyFail = allFailed
	}
	g.loops = append(g.loops, n)
	g.test(n.Args[1], bodyFail)
	g.loops = g.loops[:len(g.loops)-1]
	g.emit(vm.OpOrInto, 0, acc, int32(sq))
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(next)
	g.truncComments(mark)
	g.jump(vm.OpJump, 0, 0, top)
	if n.Flags&syntax.FlagAll != 0 {
		g.bind(allFailed)
		g.emit(vm.OpUnbind, 0, g.slotOf(n), 0)
		g.jump(vm.OpJump, 0, 0, fail)
	}
	g.bind(done)
	// the loop variable is bound inside the loop only: after it,
	// `isbound x` is false and x fails, as in the official program
	g.emit(vm.OpUnbind, 0, g.slotOf(n), 0)
	if n.Flags&syntax.FlagAll == 0 {
		g.emit(vm.OpLoad, 0, acc, 0)
	}
}

// loopPrechecks tests, before the loop n, what its body needs
// (bodyNeeds) and does not depend on the loop variable: when one fails,
// the body fails for every square, so the loop jumps to done at once.
//
// The body still makes the tests. Before it failed a test, a body changed
// nothing that the test reads, so failing before the loop, it fails on
// every square (`piece F in [RQ] piece S in [RQB] {line --> move from F
// --> ...}`: the moves of F are tested once for all the S).
func (g *gen) loopPrechecks(n *syntax.Node, done int) {
	bodyNeeds(n.Args[1], func(need bodyNeed) {
		if need.reads(n.Str) || !g.use(opt.LoopPrechecks) {
			return
		}
		for _, a := range need.prelude {
			g.test(a, done)
		}
		if need.unlinearized {
			g.testUnlinearized(need.test, done)
		} else {
			g.test(need.test, done)
		}
	})
}

// loopDomain narrows the set of loop n, on the stack, to the squares
// its body can match on, when the body needs (bodyNeeds) something of the
// loop's square alone:
//   - a game move from it (`piece X in [QRBN] {Start = X  line --> move
//     from X --> ...}` runs only for the pieces that move next);
//   - a set filter that is not empty for a square only when the square
//     lies in a set that does not depend on it (pointwiseDomain:
//     `square y in A {y attacks x ...}` runs only over the attackers of
//     x).
//
// It is exact: on another square the body would fail at that test,
// having changed nothing.
func (g *gen) loopDomain(n *syntax.Node) {
	var found *bodyNeed
	var domain func(fail int)
	bodyNeeds(n.Args[1], func(need bodyNeed) {
		if found != nil || slices.ContainsFunc(need.prelude, func(a *syntax.Node) bool { return readsVar(a, n.Str) }) {
			return
		}
		if domain = g.domainOf(need.test, n.Str); domain != nil {
			found = &need
		}
	})
	if found == nil || !g.use(opt.LoopDomain) {
		return
	}
	failed, done := g.newLabel(), g.newLabel()
	for _, a := range found.prelude {
		g.test(a, failed)
	}
	domain(failed)
	g.emit(vm.OpInter, 0, 0, 0)
	g.jump(vm.OpJump, 0, 0, done)
	g.bind(failed) // the body fails on every square too
	g.emit(vm.OpPop, 0, 0, 0)
	g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
	g.bind(done)
}

// domainOf returns the code of a set outside which test f fails for
// every square as variable x (nil when none is known): the squares a
// game move leaves from for `move from x` and `x--`, those the generated
// moves go to for `move legal ... to x`, and pointwiseDomain's.
func (g *gen) domainOf(f *syntax.Node, x string) func(fail int) {
	switch {
	case isMoveFromVar(f, x):
		return func(int) { g.emit(vm.OpMoveFroms, 0, 0, 0) }
	case isDashFromVar(f, x):
		return func(int) { g.emit(vm.OpMoveFroms, vm.FromsCastleRook, 0, 0) }
	case isGeneratedMoveToVar(f, x):
		return g.generatedMoveTos(f, x)
	}
	return g.pointwiseDomain(f, x)
}

// loopIfDomain returns, for loop n whose body is `if C then E` with no
// else and C without effect, the code of a set outside which C fails
// (domainOf one of the tests C needs); nil when there is none. On such a
// square the body matches having done nothing (loop-if-domain): the
// counting idiom `square all x in S {if Y attacks x then n += 1}`.
func (g *gen) loopIfDomain(n *syntax.Node) func(fail int) {
	body := n.Args[1]
	for body.Kind == syntax.KCompound && len(body.Args) == 1 {
		body = body.Args[0]
	}
	if body.Kind != syntax.KIf || len(body.Args) != 2 || !memoTest(body.Args[0]) {
		return nil
	}
	var domain func(fail int)
	bodyNeeds(body.Args[0], func(need bodyNeed) {
		if domain == nil && len(need.prelude) == 0 {
			domain = g.domainOf(need.test, n.Str)
		}
	})
	if domain == nil || !g.use(opt.LoopIfDomain) {
		return nil
	}
	return domain
}

// narrowToIfDomain narrows the loop's set S, on the stack, to its
// squares in domain, keeping S in slot whole.
func (g *gen) narrowToIfDomain(domain func(fail int), whole int) {
	g.emit(vm.OpStoreKeep, 0, whole, 0)
	failed, done := g.newLabel(), g.newLabel()
	domain(failed)
	g.emit(vm.OpInter, 0, 0, 0)
	g.jump(vm.OpJump, 0, 0, done)
	g.bind(failed) // the condition fails on every square: nothing to run
	g.emit(vm.OpPop, 0, 0, 0)
	g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
	g.bind(done)
}

// pointwiseDomain returns the code of the squares s for which set filter
// f, with variable x as s, is not empty, when that set does not depend on
// x (nil otherwise):
//   - x attacks T, x attackedby T, x & T, T & x: f with x as every
//     square;
//   - T attacks x: the squares T attacks (. attackedby T);
//   - T attackedby x: the squares that attack T (. attacks T);
//   - pin with x as its first parameter (pin through x, ...): f with x
//     as every square.
func (g *gen) pointwiseDomain(f *syntax.Node, x string) func(fail int) {
	if g.typeOf(f) != TSet || len(f.Args) < 2 {
		return nil
	}
	isX := func(a *syntax.Node) bool { return a != nil && a.Kind == syntax.KVar && a.Str == x }
	left, right := f.Args[0], f.Args[1]
	asEverySquare := func(fail int) {
		saved := g.everySquareVar
		g.everySquareVar = x
		g.value(f, fail)
		g.everySquareVar = saved
	}
	everySquare := func(op vm.Op, t *syntax.Node) func(int) {
		return func(fail int) {
			g.emit(vm.OpPushSet, 0, 0, g.setConst(bitboard.Full))
			g.value(t, fail)
			g.emit(op, 0, 0, 0)
		}
	}
	switch {
	case f.Kind == syntax.KPin:
		// pin's value is the set of its first parameter: each of its
		// squares is in it or not whatever the others are
		if k := int(f.Int); k < len(f.Args) && f.Args[k] != nil && isX(f.Args[k]) {
			for i, a := range f.Args {
				if i != k && a != nil && readsVar(a, x) {
					return nil
				}
			}
			return asEverySquare
		}
		return nil
	case len(f.Args) != 2:
		return nil
	case f.Kind == syntax.KAttacks || f.Kind == syntax.KAttackedBy || f.Kind == syntax.KInter:
		if isX(left) && !readsVar(right, x) || f.Kind == syntax.KInter && isX(right) && !readsVar(left, x) {
			return asEverySquare
		}
		if !isX(right) || readsVar(left, x) {
			return nil
		}
		if f.Kind == syntax.KAttacks {
			return everySquare(vm.OpAttackedBy, left)
		}
		return everySquare(vm.OpAttacks, left)
	}
	return nil
}

// isMoveFromVar reports whether f is a `move from x ...` of the game's
// moves: it holds only when a game move leaves from the square of
// variable x (whatever else it asks of the move).
func isMoveFromVar(f *syntax.Node, x string) bool {
	if f.Kind != syntax.KMove {
		return false
	}
	mp := f.Move
	return mp.From != nil && mp.From.Kind == syntax.KVar && mp.From.Str == x &&
		!mp.Previous && !mp.Legal && !mp.PseudoLegal && !mp.Count && !mp.Null
}

// isGeneratedMoveToVar reports whether f is a `move legal` or `move
// pseudolegal` whose to set is variable x alone, x appearing nowhere else
// in it: it holds on a square only when a generated move that meets its
// other parameters goes there.
func isGeneratedMoveToVar(f *syntax.Node, x string) bool {
	if f.Kind != syntax.KMove {
		return false
	}
	mp := f.Move
	if !mp.Legal && !mp.PseudoLegal || mp.Count || mp.Null || mp.Previous || mp.Comment != nil ||
		mp.To == nil || mp.To.Kind != syntax.KVar || mp.To.Str != x {
		return false
	}
	for _, p := range []*syntax.Node{mp.From, mp.Capture, mp.Promote, mp.EnPassantSquare} {
		if p != nil && readsVar(p, x) {
			return false
		}
	}
	return true
}

// generatedMoveTos is the domain of a loop over x whose body needs move
// filter f (isGeneratedMoveToVar): the to squares of the generated moves
// that meet f's other parameters, f's value with to written first and x
// as every square. For castling that value holds the squares of both
// pieces that f's to set may match, so no square where f holds is left
// out.
func (g *gen) generatedMoveTos(f *syntax.Node, x string) func(fail int) {
	mp := *f.Move
	mp.First = "to"
	tos := &syntax.Node{Kind: syntax.KMove, Span: f.Span, Move: &mp}
	g.types[tos] = TSet
	return func(fail int) {
		saved := g.everySquareVar
		g.everySquareVar = x
		g.value(tos, fail)
		g.everySquareVar = saved
	}
}

// isDashFromVar reports whether f is an `x--...` of the game's moves: it
// holds only when a game move leaves from the square of variable x,
// castling's rook move included.
func isDashFromVar(f *syntax.Node, x string) bool {
	if f.Kind != syntax.KDash {
		return false
	}
	d := f.Dash
	return d.Left != nil && d.Left.Kind == syntax.KVar && d.Left.Str == x && !d.Legal && !d.PseudoLegal
}

// readsVar reports whether f reads variable name.
func readsVar(f *syntax.Node, name string) bool {
	return syntax.Any(f, func(c *syntax.Node) bool { return c.Kind == syntax.KVar && c.Str == name })
}

// bodyNeed is a test a loop body makes before anything it does could
// change what the test reads (bodyNeeds): when it fails, the body fails.
type bodyNeed struct {
	test         *syntax.Node
	unlinearized bool           // test it with every move (testUnlinearized)
	prelude      []*syntax.Node // assignments of the temporaries it reads, to make first
}

// reads reports whether the need reads variable name, in its test or in
// its prelude.
func (n bodyNeed) reads(name string) bool {
	return readsVar(n.test, name) || slices.ContainsFunc(n.prelude, func(a *syntax.Node) bool { return readsVar(a, name) })
}

// bodyNeeds calls f with the tests that body makes, in order, before it
// does anything that could change what they read: its leading conjuncts
// that only test (memoTest), past assignments of variables they
// do not read, up to a line, whose need it gives (lineNeed), or anything
// else. When one of them fails, the body fails, having changed nothing
// those tests read.
//
// A test may read a function's temporary (`Guards(Q z)` is `{Guards#1.x
// = Q  Guards#1.x attacks z}` once inlined): the temporary's assignment
// is its prelude, made again before the test where the test is moved.
// Nothing else reads a temporary, so assigning it early changes nothing.
func bodyNeeds(body *syntax.Node, f func(bodyNeed)) {
	var assigned []string
	temporaries := map[string]*syntax.Node{}
	needOf := func(t *syntax.Node, unlinearized bool) (bodyNeed, bool) {
		need := bodyNeed{test: t, unlinearized: unlinearized}
		for _, name := range assigned {
			if !readsVar(t, name) {
				continue
			}
			a := temporaries[name]
			if a == nil || slices.ContainsFunc(assigned, func(v string) bool { return readsVar(a.Args[1], v) }) {
				return need, false // another variable of the body's, or a chain of them
			}
			need.prelude = append(need.prelude, a)
		}
		return need, true
	}
	eachConjunct(body, func(c *syntax.Node) bool {
		switch {
		case c.Kind == syntax.KAssign && len(c.Args) == 2 && c.Args[0].Kind == syntax.KVar && memoTest(c.Args[1]):
			name := c.Args[0].Str
			assigned = append(assigned, name)
			if strings.Contains(name, "#") && c.Str == "=" && temporaries[name] == nil && !readsVar(c.Args[1], name) {
				temporaries[name] = c // a function's temporary (function.go), assigned once
			} else {
				delete(temporaries, name)
			}
			return true
		case memoTest(c):
			if need, ok := needOf(c, false); ok {
				f(need)
			}
			return true
		case c.Kind == syntax.KLine:
			if t, unlinearized, ok := lineNeed(c); ok {
				if need, ok := needOf(t, unlinearized); ok {
					f(need)
				}
			}
		}
		return false
	})
}

func (c *checker) checkLoop(n *syntax.Node) Type {
	c.check(n.Args[0])
	return TLog
}

func (c *checker) checkWhile(n *syntax.Node) Type {
	c.check(n.Args[0])
	c.check(n.Args[1])
	return TLog
}

func (g *gen) genLoop(n *syntax.Node, fail int) {
	g.repeat(n.Args[0], nil, fail)
}

func (g *gen) genWhile(n *syntax.Node, fail int) {
	g.repeat(n.Args[1], n.Args[0], fail)
}

// repeat compiles `loop body` (test == nil: matches when the body matched
// at least once) and `while (test) body` (always matches).
func (g *gen) repeat(body, test *syntax.Node, fail int) {
	any, counter := g.slots.new(), g.slots.new()
	g.emit(vm.OpUnbind, 0, any, 0)
	iterRegex := -1
	if test != nil && test.Kind == syntax.KRegex {
		// while (s ~~ "re") walks the successive matches of re in s
		re, _ := translateRegexp(test.Args[1].Str)
		g.prog.Regexps = append(g.prog.Regexps, re)
		iterRegex = len(g.prog.Regexps) - 1
		pos := g.slots.new()
		if g.prog.RegexIter == nil {
			g.prog.RegexIter = map[int]int{}
		}
		g.prog.RegexIter[iterRegex] = pos
		g.emit(vm.OpPushNum, 0, 0, 0)
		g.emit(vm.OpStore, 0, pos, 0)
	}
	top, done := g.newLabel(), g.newLabel()
	g.bind(top)
	g.jump(vm.OpCountIter, 0, counter, done)
	switch {
	case iterRegex >= 0:
		g.value(test.Args[0], done)
		g.jump(vm.OpRegexNext, 0, iterRegex, done)
		g.emit(vm.OpPopStr, 0, 0, 0)
	case test != nil:
		g.test(test, done)
	}
	mark := g.markComments(body)
	bodyDone := done
	if test != nil {
		bodyDone = g.newLabel()
	}
	g.test(body, bodyDone)
	g.emit(vm.OpPushNum, 0, 0, 1)
	g.emit(vm.OpStore, 0, any, 0)
	g.jump(vm.OpJump, 0, 0, top)
	if test != nil {
		g.bind(bodyDone)
		g.truncComments(mark)
		g.jump(vm.OpJump, 0, 0, top)
	}
	g.bind(done)
	if test == nil {
		g.truncComments(mark)
		g.jump(vm.OpIsBound, 0, any, fail)
	}
}

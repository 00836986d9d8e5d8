package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// find: the search of the current position's subtree (or, with <--, its
// ancestors) for positions matching a body, and the memo that lets a
// forward find skip positions where the body is known to fail.

// checkFind types find: the position found, or with `all` or a range
// the number of positions found.
func (c *checker) checkFind(n *syntax.Node) Type {
	c.check(n.Args[0])
	if n.HasRange || n.Flags&syntax.FlagAll != 0 {
		return TNum
	}
	return TPos
}

// genFind searches the current position and its subtree (or, with <--, its
// ancestors) for positions matching the body: the first one is the value,
// or with `all` or a range the number of them.
func (g *gen) genFind(n *syntax.Node, fail int) {
	counting := n.HasRange || n.Flags&syntax.FlagAll != 0
	it, save, cnt := g.slots.block(2), g.slots.new(), g.slots.new()
	back := uint8(0)
	if n.Flags&syntax.FlagBackward != 0 {
		back = 1
	}
	// the official program writes "Found" at the position found, or
	// "Found k of n" at each position a counting find counts
	commenting := n.Flags&syntax.FlagQuiet == 0 && !g.quiet
	foundMark := -1
	if commenting && counting {
		foundMark = g.slots.new()
		g.emit(vm.OpMarkComments, 0, foundMark, 0)
	}
	g.emit(vm.OpFindInit, back, it, 0)
	g.emit(vm.OpSaveCur, 0, save, 0)
	if counting {
		g.emit(vm.OpPushNum, 0, 0, 0)
		g.emit(vm.OpStore, 0, cnt, 0)
	}
	top, done := g.newLabel(), g.newLabel()
	found := g.newLabelAt(g.depth+1, g.sdepth)
	memo, bound := -1, -1
	memo = g.findMemo(n.Args[0], save)
	if back == 0 {
		bound = g.findPlyBound(n.Args[0])
	}
	anchor := g.findAnchor(n.Args[0], back == 1)
	g.bind(top)
	if memo >= 0 {
		g.emit(vm.OpFindSkip, back, it, int32(memo))
	}
	if bound >= 0 {
		g.emit(vm.OpFindPrune, 0, it, int32(bound))
	}
	if anchor >= 0 {
		g.emit(vm.OpFindAnchor, back, it, int32(anchor))
	}
	g.jump(vm.OpFindNext, back, it, done)
	g.emit(vm.OpDup, 0, 0, 0)
	g.emit(vm.OpSetCur, 0, 0, 0)
	next := g.newLabel()
	mark := g.markComments(n.Args[0])
	g.test(n.Args[0], next)
	switch {
	case foundMark >= 0:
		g.emit(vm.OpFoundMark, 0, foundMark, 0)
	case commenting:
		g.emit(vm.OpPushStr, 0, 0, g.strConst("Found"))
		g.emit(vm.OpComment, 0, 0, 0)
	}
	g.emit(vm.OpRestCur, 0, save, 0)
	if counting {
		g.emit(vm.OpPop, 0, 0, 0)
		g.increment(cnt)
		if g.findCountStops(n, commenting) {
			g.emit(vm.OpLoad, 0, cnt, 0)
			g.emit(vm.OpPushNum, 0, 0, int32(n.Int2))
			g.jump(vm.OpCmpNum, vm.CmpLe, 0, fail)
			g.emit(vm.OpPop, 0, 0, 0)
		}
		g.jump(vm.OpJump, 0, 0, top)
	} else {
		g.jump(vm.OpJump, 0, 0, found)
	}
	g.bind(next)
	if memo >= 0 {
		g.emit(vm.OpFindFail, back, 0, int32(memo))
	}
	g.truncComments(mark)
	g.emit(vm.OpRestCur, 0, save, 0)
	g.emit(vm.OpPop, 0, 0, 0)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(done)
	g.emit(vm.OpRestCur, 0, save, 0)
	if foundMark >= 0 {
		g.emit(vm.OpFoundNumber, 0, foundMark, 0)
	}
	if !counting {
		g.jump(vm.OpJump, 0, 0, fail)
		g.bind(found)
		return
	}
	g.emit(vm.OpLoad, 0, cnt, 0)
	if n.HasRange {
		g.checkBounds(n, fail)
	} else {
		g.checkRange(1, 1<<31-1, fail)
	}
	g.jump(vm.OpJump, 0, 0, found)
	g.bind(found)
}

// findCountStops reports whether counting find n may fail as soon as its
// count passes its upper bound (opt.FindCountStop): the bound is a
// number, the body only tests, and the comments of the failed find (its
// "Found k of n" among them, whose n it stops counting) are dropped, as
// every failed filter's are, unless the run keeps them.
func (g *gen) findCountStops(n *syntax.Node, commenting bool) bool {
	if !n.HasRange || n.Bounds != nil || !memoTest(n.Args[0]) {
		return false
	}
	if commenting && g.keepFailedComments {
		return false
	}
	if !g.use(opt.FindCountStop) {
		return false
	}
	if commenting {
		g.prog.DropsFailedComments = true
	}
	return true
}

// findMemo makes a vm.FindMemo for a find (forward or backward) whose body only tests
// the position it is evaluated at (memoTest) and reads at most
// vm.MaxFindMemoSlots variables, none a string or dictionary; -1 when the
// body does not qualify.
func (g *gen) findMemo(body *syntax.Node, save int) int {
	if !memoTest(body) {
		return -1
	}
	_, slots, ok := g.memoVars(body, "")
	if !ok || len(slots) > vm.MaxFindMemoSlots || !g.use(opt.FindMemo) {
		return -1
	}
	g.prog.FindMemos = append(g.prog.FindMemos, vm.FindMemo{Slots: slots, Save: save})
	return len(g.prog.FindMemos) - 1
}

// memoVars lists the variables n reads other than except, by name and
// slot, for a memo keyed on their values; ok is false when one of them is
// not a set, number or position, which a memo does not key on.
func (g *gen) memoVars(n *syntax.Node, except string) (names []string, slots []int, ok bool) {
	ok = true
	syntax.Walk(n, func(c *syntax.Node) bool {
		if c.Kind != syntax.KVar || c.Str == except {
			return ok
		}
		switch g.typeOf(c) {
		case TSet, TNum, TPos:
		default:
			ok = false
		}
		if s := g.slotOf(c); !slices.Contains(slots, s) {
			names, slots = append(names, c.Str), append(slots, s)
		}
		return ok
	})
	return names, slots, ok
}

// findPlyBound looks among the leading tests of a forward find's body
// (those before anything with an effect) for an upper bound on the ply of
// the positions it can hold at, `ply <= B` or `ply - B < k` with B made
// of numbers and of variables the body leaves alone (find-ply-bound). It
// emits the bound's value into a new slot and returns the slot (-1 when
// there is none): a position beyond it fails the body before any effect,
// and so does every position of its subtree, whose plies are greater, so
// the walk skips the subtree (OpFindPrune). An unbound variable in B
// leaves the walk whole.
func (g *gen) findPlyBound(body *syntax.Node) int {
	var bound *plyBound
	// necessary visits the tests that must hold for c to hold: c, and
	// the filters of a compound compared as a number (`{check ply - X <=
	// 5} >= 2` holds only where `ply - X <= 5` does)
	var necessary func(c *syntax.Node)
	necessary = func(c *syntax.Node) {
		if b, ok := g.plyBoundOf(c, body); ok && bound == nil {
			bound = &b
		}
		if c.Kind == syntax.KCmp {
			for _, a := range c.Args {
				if a.Kind == syntax.KCompound {
					for _, x := range a.Args {
						necessary(x)
					}
				}
			}
		}
	}
	eachConjunct(body, func(c *syntax.Node) bool {
		if !pureTest(c) {
			return false
		}
		necessary(c)
		return bound == nil
	})
	if bound == nil || !g.use(opt.FindPlyBound) {
		return -1
	}
	slot, unbound, done := g.slots.new(), g.newLabel(), g.newLabel()
	g.emit(vm.OpPushNum, 0, 0, int32(bound.c))
	for _, t := range bound.terms {
		g.numValue(t.n, unbound)
		op := vm.OpAdd
		if t.sign < 0 {
			op = vm.OpSub
		}
		g.emit(op, 0, 0, 0)
	}
	g.emit(vm.OpStore, 0, slot, 0)
	g.jump(vm.OpJump, 0, 0, done)
	g.bind(unbound)
	g.emit(vm.OpPushNum, 0, 0, 1<<31-1)
	g.emit(vm.OpStore, 0, slot, 0)
	g.bind(done)
	return slot
}

// plyBound is ply <= c + the sum of the signed terms.
type plyBound struct {
	c     int64
	terms []plyTerm
}

type plyTerm struct {
	sign int64
	n    *syntax.Node
}

// plyBoundOf reads comparison c as an upper bound on the current ply.
func (g *gen) plyBoundOf(c *syntax.Node, body *syntax.Node) (plyBound, bool) {
	if c.Kind != syntax.KCmp || len(c.Args) != 2 {
		return plyBound{}, false
	}
	// linear: e as cp*ply + c + the signed terms
	var linear func(e *syntax.Node, sign int64) (cp, k int64, terms []plyTerm, ok bool)
	linear = func(e *syntax.Node, sign int64) (cp, k int64, terms []plyTerm, ok bool) {
		switch {
		case e.Kind == syntax.KCompound && len(e.Args) > 0 && g.typeOf(e) == TNum:
			// its value is its last filter's, once the others match
			return linear(e.Args[len(e.Args)-1], sign)
		case e.Kind == syntax.KNumber:
			return 0, sign * e.Int, nil, true
		case e.Kind == syntax.KPly:
			return sign, 0, nil, true
		case (e.Kind == syntax.KPlus || e.Kind == syntax.KMinus) && len(e.Args) == 2 && g.typeOf(e) == TNum:
			s2 := sign
			if e.Kind == syntax.KMinus {
				s2 = -sign
			}
			cp1, k1, t1, ok1 := linear(e.Args[0], sign)
			cp2, k2, t2, ok2 := linear(e.Args[1], s2)
			return cp1 + cp2, k1 + k2, append(t1, t2...), ok1 && ok2
		case g.typeOf(e) == TNum && g.positionFree(e, body):
			return 0, 0, []plyTerm{{sign, e}}, true
		}
		return 0, 0, nil, false
	}
	cp, k, terms, ok := linear(c.Args[0], 1)
	cp2, k2, terms2, ok2 := linear(c.Args[1], -1)
	if !ok || !ok2 {
		return plyBound{}, false
	}
	// left - right = cp*ply + k + terms, compared with 0
	cp, k, terms = cp+cp2, k+k2, append(terms, terms2...)
	op := c.Str
	if cp == -1 {
		cp, k = 1, -k
		for i := range terms {
			terms[i].sign = -terms[i].sign
		}
		op = map[string]string{"==": "==", "<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
	}
	if cp != 1 {
		return plyBound{}, false
	}
	// ply + k + terms op 0: ply op -k - terms
	b := plyBound{c: -k}
	for _, t := range terms {
		b.terms = append(b.terms, plyTerm{-t.sign, t.n})
	}
	switch op {
	case "<=", "==":
	case "<":
		b.c--
	default:
		return plyBound{}, false
	}
	return b, true
}

// positionFree reports whether e reads neither the position nor the tree
// (numbers, the game, variables the body leaves alone) and has no effect:
// its value at the find's start is its value at every position.
func (g *gen) positionFree(e, body *syntax.Node) bool {
	if effectsOf(e)&^(fxComputes|fxVar|fxGame) != 0 {
		return false
	}
	return !syntax.Any(e, func(v *syntax.Node) bool { return v.Kind == syntax.KVar && mayRebind(body, v.Str) })
}

// findAnchor makes a vm.FindAnchor of the first of the tests a find's
// body makes before anything it does (leadingTests) that reads only the
// position: no variable, no state, no move of the game that a line's
// linearization could restrict, no search or loop (anchorTest). The walk
// then goes from one position where it holds to the next (find-anchor).
// -1 when there is none.
func (g *gen) findAnchor(body *syntax.Node, backward bool) int {
	var anchor *syntax.Node
	leadingTests(body, func(t *syntax.Node) {
		if anchor == nil && pureTest(t) && anchorTest(t) && !linearized(t) && !isAllSquares(t) && t.Kind != syntax.KTrue {
			anchor = t
		}
	})
	if anchor == nil || !g.use(opt.FindAnchor) {
		if backward {
			return -1
		}
		return g.findAnchorRelaxed(body)
	}
	idx := len(g.prog.FindAnchors)
	g.prog.FindAnchors = append(g.prog.FindAnchors, vm.FindAnchor{})
	g.later(func() { g.prog.FindAnchors[idx].Entry = g.subroutine(anchor) })
	return idx
}

// findAnchorRelaxed makes a vm.FindAnchor of the first leading test of a
// forward find's body that would anchor its walk but for the piece variables it
// reads, each only where more squares can only make it hold (relaxable):
// the anchor is that test with each such variable as every square its
// piece can stand on or an empty one (relaxedPieceMask), a position-only
// test that holds wherever the test itself does (find-anchor-relaxed).
// -1 when there is none.
func (g *gen) findAnchorRelaxed(body *syntax.Node) int {
	var anchor *syntax.Node
	var vars map[string]syntax.PieceMask
	leadingTests(body, func(t *syntax.Node) {
		if anchor != nil || !pureTest(t) || !memoTest(t) || costOf(t) > costMoves {
			return
		}
		relaxed := map[string]syntax.PieceMask{}
		ok := !syntax.Any(t, func(v *syntax.Node) bool {
			if v.Kind != syntax.KVar {
				return false
			}
			if v.Flags&syntax.FlagPieceVar == 0 || !relaxable(t, v.Str) || mayRebind(body, v.Str) {
				return true
			}
			relaxed[v.Str] = g.relaxedPieceMask(v.Str)
			return false
		})
		if ok && len(relaxed) > 0 {
			anchor, vars = t, relaxed
		}
	})
	if anchor == nil || !g.use(opt.FindAnchorRelaxed) {
		return -1
	}
	idx := len(g.prog.FindAnchors)
	g.prog.FindAnchors = append(g.prog.FindAnchors, vm.FindAnchor{})
	g.later(func() {
		saved := g.relaxedPieceVars
		g.relaxedPieceVars = vars
		g.prog.FindAnchors[idx].Entry = g.subroutine(anchor)
		g.relaxedPieceVars = saved
	})
	return idx
}

// relaxable reports whether test f can only go on holding when the set
// that variable x stands for grows: x appears only as a set operand of
// intersections, unions, attacks, pins, and the from, to and capture
// squares of the game's or the generated moves and of x--y, each of
// which is a union over the squares of its operands.
func relaxable(f *syntax.Node, x string) bool {
	if !readsVar(f, x) {
		return true
	}
	all := func(ns ...*syntax.Node) bool {
		for _, a := range ns {
			if a != nil && !relaxable(a, x) {
				return false
			}
		}
		return true
	}
	switch f.Kind {
	case syntax.KVar:
		return f.Str == x
	case syntax.KInter, syntax.KUnion, syntax.KAttacks, syntax.KAttackedBy, syntax.KPin:
		return all(f.Args...)
	case syntax.KMove:
		mp := f.Move
		if mp.Count || mp.Null || mp.Comment != nil || len(f.Args) > 0 ||
			mp.Promote != nil && readsVar(mp.Promote, x) || mp.EnPassantSquare != nil && readsVar(mp.EnPassantSquare, x) {
			return false
		}
		return all(mp.From, mp.To, mp.Capture)
	case syntax.KDash:
		d := f.Dash
		if len(d.Targets) > 0 || d.Promote != nil && readsVar(d.Promote, x) || len(f.Args) > 0 {
			return false
		}
		return all(d.Left, d.Right)
	}
	return false
}

// relaxedPieceMask is what piece variable x can stand on at any position:
// an empty square (a piece gone in an explosion keeps its identity's
// square) or a piece of a color of the set of the innermost loop binding
// x around the code compiled now: an identity keeps its color, but not
// its type (a pawn promotes, and a backward find sees the pawn a queen
// was). When x is also assigned (piece x = ...), or that loop's set is
// not a piece designator, any piece.
func (g *gen) relaxedPieceMask(x string) syntax.PieceMask {
	const any = syntax.MaskWhite | syntax.MaskBlack | syntax.MaskEmpty
	var loop *syntax.Node
	for i := len(g.loops) - 1; i >= 0 && loop == nil; i-- {
		if g.loops[i].Str == x {
			loop = g.loops[i]
		}
	}
	if loop == nil || loop.Kind != syntax.KPieceLoop || loop.Args[0].Kind != syntax.KDesig || !loop.Args[0].Desig.HasPieces {
		return any
	}
	for _, r := range g.roots {
		if syntax.Any(r, func(n *syntax.Node) bool { return n.Kind == syntax.KPieceAssign && n.Str == x }) {
			return any
		}
	}
	mask, pieces := syntax.MaskEmpty, loop.Args[0].Desig.Pieces
	if pieces&syntax.MaskWhite != 0 {
		mask |= syntax.MaskWhite
	}
	if pieces&syntax.MaskBlack != 0 {
		mask |= syntax.MaskBlack
	}
	return mask
}

// anchorTest reports whether f can anchor a walk: a pure test of the
// position alone (no variable, no state such as the castling view of
// from and to), with no search or loop inside, so that testing it at
// every position of a game costs about as much as one visit each.
func anchorTest(f *syntax.Node) bool {
	if !memoTest(f) || effectsOf(f)&fxVar != 0 {
		return false
	}
	return costOf(f) <= costMoves
}

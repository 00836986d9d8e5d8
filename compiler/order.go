package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// cheap-first: the planner's order of a conjunction (the filters of a
// compound, the operands of and, the query's top level). A filter that
// only tests (memoTest) and is cheap (costOf at most costMoves) is tested
// before the costlier filters written ahead of it, when those can be
// skipped: where the cheap one fails, the conjunction fails, and the
// skipped filters would have changed nothing that outlives the failure.

// conjunctOrder is the order in which to test args: indexes into args.
// top is the query's top level, where the comments of a position that
// does not match are dropped (so a filter that only comments may be
// skipped); value keeps the last filter last, for the conjunction's
// value (it may be tested early too: moved reports it).
func (g *gen) conjunctOrder(args []*syntax.Node, top, value bool) (order []int, lastMoved bool) {
	order = make([]int, 0, len(args))
	for j, a := range args {
		pos := len(order)
		if j > 0 && g.movable(a) {
			c := costOf(a)
			for pos > 0 {
				k := order[pos-1]
				if costOf(args[k]) <= c || !g.skippable(args[k], top) {
					break
				}
				pos--
			}
		}
		order = slices.Insert(order, pos, j)
	}
	moved := slices.ContainsFunc(order, func(j int) bool { return order[j] != j })
	if !moved || !g.use(opt.CheapFirst) {
		for j := range order {
			order[j] = j
		}
		return order, false
	}
	if top && slices.ContainsFunc(args, addsComments) {
		g.prog.DropsFailedComments = true
	}
	last := len(args) - 1
	return order, value && order[last] != last
}

// movable reports whether f may be tested before the filters written
// ahead of it: it only tests, reading what those cannot change, and is
// cheap.
// A literal matched as a filter is an error, reported in the order
// written: it stays in place.
func (g *gen) movable(f *syntax.Node) bool {
	switch f.Kind {
	case syntax.KNumber, syntax.KString, syntax.KStr:
		return false
	}
	return memoTest(f) && costOf(f) <= costMoves
}

// skippable reports whether f, evaluated where the conjunction it is part
// of then fails, leaves nothing behind: it only tests, or besides binds
// the variable of a square or piece loop that nothing outside the loop
// reads, or (at the top level) comments.
func (g *gen) skippable(f *syntax.Node, top bool) bool {
	forbidden := fxEffects
	if top {
		forbidden &^= fxComment
	}
	ok := true
	syntax.Walk(f, func(c *syntax.Node) bool {
		fx := nodeEffects(c)
		if (c.Kind == syntax.KSquareLoop || c.Kind == syntax.KPieceLoop) && g.localLoop(c) {
			fx &^= fxAssign
		}
		ok = ok && fx&forbidden == 0
		return ok
	})
	return ok
}

// localLoop reports whether the variable of loop n is named only inside
// loops that bind it (this one, or another, such as its copy in another
// transform of the body): each binds it before reading it, so the value a
// loop leaves is never read.
func (g *gen) localLoop(n *syntax.Node) bool {
	name := n.Str
	binds := func(c *syntax.Node) bool {
		return (c.Kind == syntax.KSquareLoop || c.Kind == syntax.KPieceLoop) && c.Str == name
	}
	local := true
	var walk func(c *syntax.Node, bound bool)
	walk = func(c *syntax.Node, bound bool) {
		if !local {
			return
		}
		if binds(c) {
			// its set is worked out before it binds
			for i, a := range c.Args {
				walk(a, bound || i > 0)
			}
			return
		}
		if c.Str == name && !bound {
			local = false
			return
		}
		syntax.Walk(c, func(d *syntax.Node) bool {
			if d != c {
				walk(d, bound)
				return false
			}
			return true
		})
	}
	for _, r := range g.roots {
		walk(r, false)
	}
	return local
}

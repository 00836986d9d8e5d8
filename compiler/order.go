package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// cheap-first: the planner's order of a conjunction (the filters of a
// compound, the operands of and, the query's top level). A filter that
// only tests (memoTest) and is cheap (costOf at most costMoves) is tested
// before the costlier filters written ahead of it (a higher class, or
// more work in the same class: workOf), when those can be
// skipped: where the cheap one fails, the conjunction fails, and the
// skipped filters would have changed nothing that outlives the failure.

// conjunctOrder is the order in which to test args: indexes into args.
// top is the query's top level, where the comments of a position that
// does not match are dropped (so a filter that only comments may be
// skipped); value keeps the last filter last, for the conjunction's
// value (it may be tested early too: moved reports it).
func (g *gen) conjunctOrder(args []*syntax.Node, top, value bool) (order []int, lastMoved bool) {
	order = make([]int, 0, len(args))
	costs := make([]cost, len(args))
	works := make([]int, len(args))
	skip := make([]int8, len(args)) // 0 not worked out, 1 skippable, -1 not
	skippable := func(k int) bool {
		if skip[k] == 0 {
			skip[k] = -1
			if g.skippable(args[k], top) {
				skip[k] = 1
			}
		}
		return skip[k] > 0
	}
	for j, a := range args {
		costs[j], works[j] = costOf(a), workOf(a)
		if value && j == len(args)-1 {
			// tested early, the last filter is evaluated again for the
			// value: only a class above it pays for that
			works[j] = workSearch
		}
		pos := len(order)
		if j > 0 && g.movable(a, costs[j]) {
			for pos > 0 {
				k := order[pos-1]
				if !costlier(costs[k], works[k], costs[j], works[j]) || !skippable(k) {
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

// costlier reports whether a filter of class c1 and work w1 costs more
// than one of class c2 and work w2: the class first, then, within a
// class, clearly more work: several times as much, and more by about an
// attack set. An estimate is rough, and other mechanisms lean on the
// order written (a find's anchor is its first test, an echo's
// prefilter already tests some of its body's filters): a small
// difference is no reason to change it.
func costlier(c1 cost, w1 int, c2 cost, w2 int) bool {
	if c1 != c2 {
		return c1 > c2
	}
	return w1 >= clearlyMore*w2 && w1-w2 >= workAttacks/2
}

// clearlyMore is how many times as much work makes a filter of the same
// class costlier.
const clearlyMore = 2

// movable reports whether f may be tested before the filters written
// ahead of it: it only tests, reading what those cannot change, and is
// cheap.
// A literal matched as a filter is an error, reported in the order
// written: it stays in place.
func (g *gen) movable(f *syntax.Node, c cost) bool {
	switch f.Kind {
	case syntax.KNumber, syntax.KString, syntax.KStr:
		return false
	}
	return c <= costMoves && memoTest(f)
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
	if g.nonLocal == nil {
		g.nonLocal = nonLocalNames(g.roots)
	}
	return !g.nonLocal[n.Str]
}

// nonLocalNames are the names that some node of the query, outside every
// square or piece loop binding that name, carries: a loop variable so
// named may be read where its loop left it. One walk of the query.
func nonLocalNames(roots []*syntax.Node) map[string]bool {
	names := map[string]bool{}
	bound := map[string]int{}
	isLoop := func(c *syntax.Node) bool { return c.Kind == syntax.KSquareLoop || c.Kind == syntax.KPieceLoop }
	var walk func(c *syntax.Node)
	walk = func(c *syntax.Node) {
		if isLoop(c) {
			// its set is worked out before it binds
			for i, a := range c.Args {
				if i == 1 {
					bound[c.Str]++
					defer func() { bound[c.Str]-- }()
				}
				walk(a)
			}
			return
		}
		if c.Str != "" && bound[c.Str] == 0 {
			names[c.Str] = true
		}
		syntax.Walk(c, func(d *syntax.Node) bool {
			if d != c {
				walk(d)
				return false
			}
			return true
		})
	}
	for _, r := range roots {
		walk(r)
	}
	return names
}

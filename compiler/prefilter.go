package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// The game prefilter: top-level conditions that depend only on the game
// (its tags, result and number), such as `player white "Kasparov"` or
// `result 1-0`, are compiled a second time into a subroutine the driver
// runs once per game, on the tags alone. When it fails no position of the
// game can match, so the game's moves are never played. The body still
// tests those conditions itself; the prefilter only saves work.

// gameConstant reports whether n's value and match depend only on the
// game, not on the position, and n has no side effects.
func (g *gen) gameConstant(n *syntax.Node) bool {
	return !syntax.Any(n, func(c *syntax.Node) bool {
		t := g.typeOf(c)
		return nodeEffects(c)&^(fxComputes|fxGame) != 0 || t == TSet || t == TPos
	})
}

// conjuncts flattens the top-level `and`s and compounds of the body.
func conjuncts(ns []*syntax.Node) []*syntax.Node {
	var out []*syntax.Node
	var walk func(n *syntax.Node)
	walk = func(n *syntax.Node) {
		switch n.Kind {
		case syntax.KCompound, syntax.KAnd:
			for _, a := range n.Args {
				walk(a)
			}
		default:
			out = append(out, n)
		}
	}
	for _, n := range ns {
		walk(n)
	}
	return out
}

// prefilter emits the game prefilter, if the body has game conditions
// and skipping a game cannot change anything else (no persistent state or
// messages, which every game's positions would otherwise update).
func (g *gen) prefilter(body []*syntax.Node) {
	g.prog.GameFilter = -1
	if g.prog.HasPersistent() || hasKind(body, syntax.KMessage) {
		return
	}
	var conds []*syntax.Node
	for _, c := range conjuncts(body) {
		if c.Kind != syntax.KFuncDef && g.gameConstant(c) && c.Kind != syntax.KTrue {
			conds = append(conds, c)
		}
	}
	if len(conds) == 0 || !g.use(opt.GamePrefilter) {
		return
	}
	g.prog.GameFilter = g.subroutine(&syntax.Node{Kind: syntax.KCompound, Args: conds, Span: conds[0].Span})
	g.emitDeferred()
}

// hasKind reports whether some node under ns has one of the kinds.
func hasKind(ns []*syntax.Node, kinds ...syntax.Kind) bool {
	return slices.ContainsFunc(ns, func(n *syntax.Node) bool {
		return syntax.Any(n, func(n *syntax.Node) bool { return slices.Contains(kinds, n.Kind) })
	})
}

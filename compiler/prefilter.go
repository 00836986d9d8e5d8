package compiler

import (
	"slices"

	ast "cqlvm/compiler/syntax"
)

// The game prefilter: top-level conditions that depend only on the game
// (its tags, result and number), such as `player white "Kasparov"` or
// `result 1-0`, are compiled a second time into a subroutine the driver
// runs once per game, on the tags alone. When it fails no position of the
// game can match, so the game's moves are never played. The body still
// tests those conditions itself; the prefilter only saves work.

// gameConstant reports whether n's value and match depend only on the
// game, not on the position, and n has no side effects.
func (g *gen) gameConstant(n *ast.Node) bool {
	if n == nil {
		return true
	}
	switch n.Kind {
	case ast.KNumber, ast.KString, ast.KTrue, ast.KFalse, ast.KTagValue, ast.KPlayer, ast.KElo,
		ast.KYear, ast.KResult, ast.KGameNumber, ast.KLastGameNumber,
		ast.KIn, ast.KCmp, ast.KNot, ast.KAnd, ast.KOr, ast.KCompound,
		ast.KPlus, ast.KMinus, ast.KTimes, ast.KDiv, ast.KMod, ast.KNeg, ast.KAbs,
		ast.KLower, ast.KUpper, ast.KStrIndex, ast.KSlice, ast.KIndexOf, ast.KInt, ast.KAscii,
		ast.KMax, ast.KMin:
	default:
		return false
	}
	if g.typeOf(n) == TSet || g.typeOf(n) == TPos {
		return false
	}
	for _, a := range ast.Children(n) {
		if !g.gameConstant(a) {
			return false
		}
	}
	return true
}

// conjuncts flattens the top-level `and`s and compounds of the body.
func conjuncts(ns []*ast.Node) []*ast.Node {
	var out []*ast.Node
	var walk func(n *ast.Node)
	walk = func(n *ast.Node) {
		switch n.Kind {
		case ast.KCompound, ast.KAnd:
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
func (g *gen) prefilter(body []*ast.Node) {
	g.prog.GameFilter = -1
	if g.prog.HasPersistent() || hasKind(body, ast.KMessage) {
		return
	}
	var conds []*ast.Node
	for _, c := range conjuncts(body) {
		if c.Kind != ast.KFuncDef && g.gameConstant(c) && c.Kind != ast.KTrue {
			conds = append(conds, c)
		}
	}
	if len(conds) == 0 {
		return
	}
	g.prog.GameFilter = g.subroutine(&ast.Node{Kind: ast.KCompound, Args: conds, Span: conds[0].Span})
	g.emitDeferred()
}

// hasKind reports whether some node under ns has one of the kinds.
func hasKind(ns []*ast.Node, kinds ...ast.Kind) bool {
	return slices.ContainsFunc(ns, func(n *ast.Node) bool {
		return ast.Any(n, func(n *ast.Node) bool { return slices.Contains(kinds, n.Kind) })
	})
}

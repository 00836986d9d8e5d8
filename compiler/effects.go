package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// Which filters only test and which may have an effect: the predicates
// on syntax trees that let a pass leave a filter unevaluated, test it
// once more or earlier, or memoise it (echo's shortcuts, find's memo, the
// tests a loop's body or a line makes before its search), and the walk
// of a body's conjuncts in order.

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

package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// The annotation filters, cqlvm extensions of CQL 6: eval, evalmate,
// clock and emt push the numbers of the game's [%eval], [%clk] and
// [%emt] commands (OpAnnotation) and fail where the game has none, as a
// numeric filter with no value does; engineeval is the CQL-S :evaluation
// with a CQL 6 spelling (OpEvaluate, one engine per worker, each
// position searched once a run).

// annotationWhat is the value OpAnnotation pushes for each kind.
var annotationWhat = map[syntax.Kind]uint8{
	syntax.KEval: vm.AnnEval, syntax.KEvalMate: vm.AnnEvalMate, syntax.KClock: vm.AnnClock, syntax.KEmt: vm.AnnEmt,
}

func (c *checker) checkAnnotation(n *syntax.Node) Type {
	if n.Int < syntax.ViewNatural || n.Int > syntax.ViewSideToMove {
		c.errorf(n, "internal error: view %d of %s", n.Int, n.Kind)
	}
	return TNum
}

func (c *checker) checkEngineEval(n *syntax.Node) Type {
	c.checkAnnotation(n)
	if n.Int == syntax.ViewNatural {
		c.errorf(n, "internal error: engineeval without a view")
	}
	return c.checkEvaluation(&syntax.Node{Kind: n.Kind, Span: n.Span, Str: n.Str, Int2: n.Int2})
}

func (g *gen) genAnnotation(n *syntax.Node, fail int) {
	g.jump(vm.OpAnnotation, annotationWhat[n.Kind]|uint8(n.Int)<<vm.AnnViewShift, 0, fail)
}

// genEngineEval is OpEvaluate, whose views are the side to move's (0),
// White's (1) and Black's (2).
func (g *gen) genEngineEval(n *syntax.Node, fail int) {
	view := uint8(n.Int)
	if n.Int == syntax.ViewSideToMove {
		view = 0
	}
	x := view & vm.EvalView
	if n.Str == "movetime" {
		x |= vm.EvalMoveTime
	}
	g.jump(vm.OpEvaluate, x, int(n.Int2), fail)
}

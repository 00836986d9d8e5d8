package compiler

import (
	"fmt"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
)

// budget is the work compiling one query may take (the compile-work
// limit), counted in units the passes spend as they go: a syntax node
// made by expanding a transform or a function call, a node checked, an
// instruction emitted. Every pass is linear in the nodes it is given, so
// the count bounds time and memory; a query that runs out gets one
// message at the node where it did, and the passes stop early.
type budget struct {
	lim  *limits.Values
	left int64
	used int64
	out  bool // the work ran out (reported once)
	errs *source.ErrorList
}

func newBudget(lim *limits.Values, errs *source.ErrorList) *budget {
	return &budget{lim: lim, left: lim.Get(limits.CompileWork), errs: errs}
}

// spend takes units of work for the filter at sp of src; false (with the
// message, the first time) when the budget is exhausted.
func (b *budget) spend(units int, src *source.Source, sp source.Span) bool {
	if b == nil { // a checker or generator made by hand in tests
		return true
	}
	b.used += int64(units)
	b.left -= int64(units)
	if b.left >= 0 {
		return true
	}
	if !b.out {
		b.out = true
		b.errs.Add(src, sp, "%s", b.lim.Exceeded(limits.CompileWork,
			"compiling the query takes more work than allowed (its transforms, function calls and filters expanded)"))
	}
	return false
}

// countNodes is the number of nodes of the tree n.
func countNodes(n *syntax.Node) int {
	k := 0
	syntax.Walk(n, func(*syntax.Node) bool { k++; return true })
	return k
}

// exhausted reports whether the work ran out.
func (b *budget) exhausted() bool { return b != nil && b.out }

// refuseEstimate is the message for a body whose estimated expansion
// alone passes the budget, before anything is expanded.
func (b *budget) refuseEstimate(src *source.Source, n *syntax.Node, size float64) {
	b.out = true
	b.errs.Add(src, n.Span, "%s", b.lim.Exceeded(limits.CompileWork,
		fmt.Sprintf("this filter is too large once its transforms, function calls and repetitions are expanded (about %.3g syntax nodes): nest fewer of them", size)))
}

package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
)

// Transforms and function calls copy their bodies: `flip` eight times,
// `shift` up to 225 times, a function once per call, and nested they
// multiply. Every node of the expansion costs at least one unit of the
// compile-work budget, so a body whose estimated expansion is larger than
// the budget is refused before anything is expanded: a short query
// cannot take minutes and gigabytes to compile.

// tooLarge returns the top-level filter at which the expanded size of the
// body passes what is left of the budget, with its source and the size;
// nil if the body fits. The estimate's own work (copies of small
// transform bodies) is spent from the budget too.
func tooLarge(parts []bodyPart, funcs map[string]*syntax.Node, work *budget) (*source.Source, *syntax.Node, float64) {
	e := &sizeEstimator{funcs: funcs, memo: map[string]float64{}, work: work}
	total := 0.0
	for _, part := range parts {
		for _, n := range part.nodes {
			if n.Kind == syntax.KFuncDef {
				continue
			}
			if total += e.size(n); total > float64(work.left) || work.left < 0 {
				return part.src, n, total
			}
		}
	}
	return nil, nil, 0
}

// tooDeep returns a top-level filter that nests deeper than the nesting
// limit once function calls are expanded (a body nests where it is
// called), with its source; nil if all fit. The parser has kept each
// tree within the limit, but calls in calls add up.
func tooDeep(parts []bodyPart, funcs map[string]*syntax.Node, lim *limits.Values) (*source.Source, *syntax.Node) {
	d := &depthEstimator{funcs: funcs, max: lim.Int(limits.Nesting), memo: map[string]int{}, active: map[string]bool{}}
	for _, part := range parts {
		for _, n := range part.nodes {
			if n.Kind != syntax.KFuncDef && d.reach(n, 0) > d.max {
				return part.src, n
			}
		}
	}
	return nil, nil
}

// depthEstimator finds how deep trees nest once calls are expanded,
// remembering each function body's depth; it stops descending past max,
// so that its own recursion stays within the limit.
type depthEstimator struct {
	funcs  map[string]*syntax.Node
	max    int
	memo   map[string]int
	active map[string]bool
}

// reach is the deepest level the expansion of n reaches when n stands at
// level at (at most a little past max).
func (d *depthEstimator) reach(n *syntax.Node, at int) int {
	if at > d.max {
		return at
	}
	deepest := at
	for _, c := range syntax.Children(n) {
		deepest = max(deepest, d.reach(c, at+1))
	}
	if fn := d.funcs[n.Str]; n.Kind == syntax.KCall && fn != nil && !d.active[n.Str] {
		body, ok := d.memo[n.Str]
		if !ok {
			d.active[n.Str] = true
			body = d.reach(fn.Args[0], 0)
			delete(d.active, n.Str)
			d.memo[n.Str] = body
		}
		deepest = max(deepest, at+1+body)
	}
	return deepest
}

// sizeEstimator estimates sizes after expansion, remembering the size of
// each function body.
type sizeEstimator struct {
	funcs  map[string]*syntax.Node
	memo   map[string]float64
	active map[string]bool
	work   *budget
}

// size estimates the number of nodes after inlining and transform
// expansion (saturating far above any threshold).
func (e *sizeEstimator) size(n *syntax.Node) float64 {
	if n == nil {
		return 0
	}
	s := 1.0
	for _, a := range syntax.Children(n) {
		if n.Seq != nil && a == n.Seq.Body {
			s += e.pattern(a)
		} else {
			s += e.size(a)
		}
	}
	switch n.Kind {
	case syntax.KTransform:
		s *= e.members(n)
	case syntax.KCall:
		if fn := e.funcs[n.Str]; fn != nil && !e.active[n.Str] {
			if v, ok := e.memo[n.Str]; ok {
				s += v
			} else {
				if e.active == nil {
					e.active = map[string]bool{}
				}
				e.active[n.Str] = true
				v := e.size(fn)
				delete(e.active, n.Str)
				e.memo[n.Str] = v
				s += v
			}
		}
	}
	return min(s, 1e18)
}

// maxMemberCheck bounds the size of a transform body whose distinct
// members are counted; a larger one is taken to have the whole group.
const maxMemberCheck = 2000

// members is how many copies transform n makes of its body: the members
// of its group that give distinct bodies (a body without squares, colors
// or directions, as in `shift shift check`, is one copy, as expansion
// merges equal members), or the whole group for a large body.
func (e *sizeEstimator) members(n *syntax.Node) float64 {
	group := transformGroup(n.TKind)
	body := n.Args[0]
	nodes := 0
	syntax.Walk(body, func(*syntax.Node) bool { nodes++; return nodes <= maxMemberCheck })
	if nodes > maxMemberCheck || e.work.left < 0 {
		return float64(len(group))
	}
	seen := map[string]bool{}
	for _, x := range group {
		e.work.left -= int64(nodes) // the estimate's own copy
		if m, ok := applyXform(body, x, []string{x.name}); ok {
			seen[orbitKey(m)] = true
		}
	}
	return float64(max(len(seen), 1))
}

// pattern estimates the NFA size of a line/path body.
func (e *sizeEstimator) pattern(n *syntax.Node) float64 {
	if n == nil {
		return 1
	}
	switch n.Kind {
	case syntax.KSeqConcat, syntax.KSeqAlt:
		s := 1.0
		for _, a := range n.Args {
			s += e.pattern(a) + 1
		}
		return min(s, 1e18)
	case syntax.KSeqRepeat:
		sub := e.pattern(n.Args[0])
		lo, hi := float64(n.Int), float64(n.Int2)
		if n.Int2 < 0 {
			hi = lo + 1
		}
		return min(max(lo, 1)*sub+(hi-lo)*(sub+1)+1, 1e18)
	}
	return 1
}

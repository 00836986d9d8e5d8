package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/source"
)

// Transforms and function calls copy their bodies: `flip` eight times,
// `shift` up to 225 times, a function once per call, and nested they
// multiply. maxExpandedSize bounds the number of syntax nodes a query may
// have once expanded, so that a short query cannot take minutes and
// gigabytes to compile; the estimate is made before expanding anything.
const maxExpandedSize = 1000000

// tooLarge returns the top-level filter at which the expanded size of the
// body passes maxExpandedSize, with its source; nil if the body fits.
func tooLarge(parts []bodyPart, funcs map[string]*ast.Node) (*source.Source, *ast.Node) {
	e := &sizeEstimator{funcs: funcs, memo: map[string]float64{}}
	total := 0.0
	for _, part := range parts {
		for _, n := range part.nodes {
			if n.Kind == ast.KFuncDef {
				continue
			}
			if total += e.size(n); total > maxExpandedSize {
				return part.src, n
			}
		}
	}
	return nil, nil
}

// sizeEstimator estimates sizes after expansion, remembering the size of
// each function body.
type sizeEstimator struct {
	funcs  map[string]*ast.Node
	memo   map[string]float64
	active map[string]bool
}

// size estimates the number of nodes after inlining and transform
// expansion (saturating far above any threshold).
func (e *sizeEstimator) size(n *ast.Node) float64 {
	if n == nil {
		return 0
	}
	s := 1.0
	for _, a := range ast.Children(n) {
		if n.Seq != nil && a == n.Seq.Body {
			s += e.pattern(a)
		} else {
			s += e.size(a)
		}
	}
	switch n.Kind {
	case ast.KTransform:
		s *= e.members(n)
	case ast.KCall:
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
func (e *sizeEstimator) members(n *ast.Node) float64 {
	group := transformGroup(n.TKind)
	body := n.Args[0]
	nodes := 0
	ast.Walk(body, func(*ast.Node) bool { nodes++; return nodes <= maxMemberCheck })
	if nodes > maxMemberCheck {
		return float64(len(group))
	}
	seen := map[string]bool{}
	for _, x := range group {
		if m, ok := applyXform(body, x, []string{x.name}); ok {
			seen[orbitKey(m)] = true
		}
	}
	return float64(max(len(seen), 1))
}

// pattern estimates the NFA size of a line/path body.
func (e *sizeEstimator) pattern(n *ast.Node) float64 {
	if n == nil {
		return 1
	}
	switch n.Kind {
	case ast.KSeqConcat, ast.KSeqAlt:
		s := 1.0
		for _, a := range n.Args {
			s += e.pattern(a) + 1
		}
		return min(s, 1e18)
	case ast.KSeqRepeat:
		sub := e.pattern(n.Args[0])
		lo, hi := float64(n.Int), float64(n.Int2)
		if n.Int2 < 0 {
			hi = lo + 1
		}
		return min(max(lo, 1)*sub+(hi-lo)*(sub+1)+1, 1e18)
	}
	return 1
}

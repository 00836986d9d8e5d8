package cqls

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// Accumulators (:accumulate, :accumulate*, :sumrange). The CQL-S manual:
// each time an element of the transform set of the list holding
// `:accumulate NAME` matches a position, NAME is incremented, and it is
// cleared when a new position is reached; `:sumrange NAME r` matches when
// NAME lies in r. So at each position NAME is the number of transformed
// copies of that list (all combinations of its transforms, as
// :pretransformmatchcount says) that match there, and :sumrange tests
// that number, computed where it stands:
//
//	NAME = 0  not T1 T2 ... {ELEMENTS  NAME += 1  false}  NAME in r
//
// (every copy fails, so each is tried and counted). With :accumulate*
// the colours count apart: the count leaves :flipcolor out, and a
// :sumrange in a list with :flipcolor tests it inside the colour flip, so
// each colour's copies test their own count. The tests stand outside the
// list's other transforms (a shifted count would lose the copies shifted
// off the board). The list that accumulates must come before, or be, the
// list of the :sumrange.

// accSpec is one :accumulate or :accumulate* of a list.
type accSpec struct {
	name token
	star bool
}

// sumSpec is one :sumrange of a list.
type sumSpec struct {
	name token
	r    *rangeSpec
	span source.Span
}

// accDef is what an accumulator counts: the copies of body under the
// transforms.
type accDef struct {
	body       []*syntax.Node
	transforms []syntax.TransformKind
	span       source.Span
}

func lowerAccumulate(star bool) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		l.accumulates = append(l.accumulates, accSpec{name: a.words[0], star: star})
	}
}

func lowerSumRange(p *parser, l *plist, a *args) {
	l.sums = append(l.sums, sumSpec{name: a.words[0], r: a.ranges[0], span: p.argSpan(a.kw)})
}

// defineAccumulators records what the list's accumulators count: its
// elements under its transforms (without :flipcolor for :accumulate*).
func (p *parser) defineAccumulators(l *plist, items []*syntax.Node) {
	for _, acc := range l.accumulates {
		var ts []syntax.TransformKind
		for _, t := range transformOrder {
			for _, u := range l.transforms {
				if t == u && !(acc.star && t == syntax.TFlipColor) {
					ts = append(ts, t)
				}
			}
		}
		body := items
		if l.bareNot {
			body = []*syntax.Node{not(conj(l.span, items))}
		}
		p.accs[acc.name.text] = &accDef{body: body, transforms: ts, span: l.span}
	}
}

// sumTests are the filters of the list's :sumrange tests.
func (p *parser) sumTests(l *plist) []*syntax.Node {
	var out []*syntax.Node
	for _, s := range l.sums {
		def := p.accs[s.name.text]
		if def == nil {
			p.failf(s.name.span, ":sumrange: no position list before it (or its own) accumulates '%s' (:accumulate %s)", s.name.text, s.name.text)
		}
		sp := s.span
		v := p.freshName(s.name.text)
		vr := func() *syntax.Node { return &syntax.Node{Kind: syntax.KVar, Span: sp, Str: v} }
		assign := func(op string, x int64) *syntax.Node {
			return &syntax.Node{Kind: syntax.KAssign, Span: sp, Str: op, Args: []*syntax.Node{vr(), number(x, sp)}}
		}
		var body []*syntax.Node
		for _, n := range def.body {
			body = append(body, syntax.Clone(n))
		}
		body = append(body, assign("+=", 1), simple(syntax.KFalse, sp))
		copies := &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: body}
		for i := len(def.transforms) - 1; i >= 0; i-- {
			copies = &syntax.Node{Kind: syntax.KTransform, Span: sp, TKind: def.transforms[i], Args: []*syntax.Node{copies}}
		}
		out = append(out, &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: []*syntax.Node{
			assign("=", 0), not(copies), p.inRange(vr(), s.r)}})
	}
	return out
}

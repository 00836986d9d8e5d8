package cqls

import (
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// plist is a position list being read: the CQL 6 filters of its elements
// (a conjunction, in the order written), and what applies to the list as
// a whole and is put around the filters once the list is complete
// (finish): its transforms, the merged next move, a bare :not, :cut and
// :exclude.
type plist struct {
	span       source.Span
	items      []*syntax.Node
	move       *moveSpec
	moveAt     int // where in items the next move's dash goes
	transforms []syntax.TransformKind
	bareNot    bool
	matchCount *rangeSpec
	// pretransform is :pretransformmatchcount: the count is kept per
	// transformed copy, so the counting find goes inside the transforms
	pretransform *rangeSpec
	cuts         []*syntax.Node // conditions from :cut and :exclude, added outside the transforms
	cutSelf      source.Span    // a bare :cut: stop at the list's own first match
	hasCutSelf   bool
	excludes     bool // a bare :exclude: the list drops the games it matches
	run          *runSpec
	// shiftTo is :following (KParent: the list matched at the parent) or
	// :preceding (KChild: at the next position): the position reported
	// is the one after, or before, the match
	shiftTo     syntax.Kind
	shiftToSpan source.Span
	// accumulates are the list's :accumulate and :accumulate*, sums its
	// :sumrange tests (built when the list is complete)
	accumulates []accSpec
	sums        []sumSpec
	// rel is the relation specifier being read, in the scratch list
	// readRelation gives the keywords of relationKeywords
	rel *relSpec
	// relation is where the list's :relation stands, if it has one
	// (tags may not join a relation)
	relation    source.Span
	hasRelation bool
}

// runSpec is `:run n (position ...)`: L matching at least n positions in
// a row, an element of a :sequence.
type runSpec struct {
	n    int64
	list *plist
	span source.Span
}

func (l *plist) add(n *syntax.Node) { l.items = append(l.items, n) }

// transform adds a transform keyword; writing one twice changes nothing.
func (l *plist) transform(tk syntax.TransformKind) {
	for _, t := range l.transforms {
		if t == tk {
			return
		}
	}
	l.transforms = append(l.transforms, tk)
}

// transformOrder is the order of the prefixes: colour outermost, then
// flips, then shifts (the order of the keywords in the list does not
// matter: the transformed copies are all combinations).
var transformOrder = []syntax.TransformKind{
	syntax.TFlipColor, syntax.TFlip, syntax.TFlipVertical, syntax.TFlipHorizontal, syntax.TFlipDiagonal,
	syntax.TShift, syntax.TShiftVertical, syntax.TShiftHorizontal,
	syntax.TShiftDiagonal, syntax.TShiftMainDiagonal, syntax.TShiftOffDiagonal,
}

// filters are the list's CQL 6 filters, a conjunction: its elements with
// the next move's dash among them, then what applies to the whole list,
// innermost first.
func (p *parser) filters(l *plist) []*syntax.Node {
	items := p.withDash(l)
	p.defineAccumulators(l, items)
	sums := p.sumTests(l)
	if l.bareNot {
		items = []*syntax.Node{not(conj(l.span, items))}
	}
	if r := l.pretransform; r != nil {
		b := countBounds(r)
		items = []*syntax.Node{p.find(r.span, 0, &b, conj(l.span, items))}
	}
	if len(l.transforms) > 0 {
		items = []*syntax.Node{wrapTransforms(l, items, sums)}
	} else {
		items = append(items, sums...)
	}
	if l.shiftTo != 0 {
		items = []*syntax.Node{p.colon(l.shiftToSpan, l.shiftTo, conj(l.span, items))}
	}
	if l.hasCutSelf {
		// the list's own first match is the last one counted
		self := p.cloneSmall(conj(l.span, items), l.cutSelf)
		items = append(items, not(p.colon(l.cutSelf, syntax.KParent, p.find(l.cutSelf, syntax.FlagBackward, nil, self))))
	}
	return append(items, l.cuts...)
}

// withDash is the list's elements with the dash of its next move where
// the first move keyword stood.
func (p *parser) withDash(l *plist) []*syntax.Node {
	items := append([]*syntax.Node(nil), l.items...)
	if l.move == nil {
		return items
	}
	dash := p.dash(l.move)
	return append(items[:l.moveAt], append([]*syntax.Node{dash}, items[l.moveAt:]...)...)
}

// wrapTransforms puts the list's transforms around its filters, in
// transformOrder, the first outermost: `flipcolor flip shift {...}`.
// The :sumrange tests sums stand outside every transform but the colour
// flip (see sumTests).
func wrapTransforms(l *plist, items, sums []*syntax.Node) *syntax.Node {
	body := &syntax.Node{Kind: syntax.KCompound, Span: l.span, Args: items}
	if len(items) == 0 {
		body = &syntax.Node{Kind: syntax.KTrue, Span: l.span}
	}
	flipcolor := false
	for i := len(transformOrder) - 1; i >= 0; i-- {
		for _, t := range l.transforms {
			if t == transformOrder[i] && t == syntax.TFlipColor {
				flipcolor = true
				continue
			}
			if t == transformOrder[i] {
				body = &syntax.Node{Kind: syntax.KTransform, Span: l.span, TKind: t, Args: []*syntax.Node{body}}
			}
		}
	}
	if len(sums) > 0 {
		body = &syntax.Node{Kind: syntax.KCompound, Span: l.span, Args: append([]*syntax.Node{body}, sums...)}
	}
	if flipcolor {
		body = &syntax.Node{Kind: syntax.KTransform, Span: l.span, TKind: syntax.TFlipColor, Args: []*syntax.Node{body}}
	}
	return body
}

// node is the list as one filter: `{...}` for several filters, `true`
// for an empty list.
func (p *parser) node(l *plist) *syntax.Node {
	if l.matchCount != nil {
		p.failf(l.matchCount.span, ":matchcount can only be used in a position list at the top level of a match list")
	}
	if l.pretransform != nil {
		p.failf(l.pretransform.span, ":pretransformmatchcount can only be used in a position list at the top level of a match list")
	}
	if l.excludes {
		p.failf(l.span, "a bare :exclude can only be used in a position list at the top level of a match list")
	}
	if l.run != nil {
		p.failf(l.run.span, ":run can only be used in an element of :sequence or :gappedsequence")
	}
	return conj(l.span, p.filters(l))
}

// maxCopy bounds the size of a filter the translation writes twice: nested
// copies would double at every level.
const maxCopy = 10000

// cloneSmall copies a filter that the translation repeats, refusing one
// too large to repeat.
func (p *parser) cloneSmall(n *syntax.Node, sp source.Span) *syntax.Node {
	size := 0
	syntax.Walk(n, func(*syntax.Node) bool { size++; return size <= maxCopy })
	if size > maxCopy {
		p.failf(sp, "this position list is too large to repeat here (over %d filters once translated): nest fewer lists", maxCopy)
	}
	return syntax.Clone(n)
}

// conj is a conjunction of filters as one filter.
func conj(sp source.Span, items []*syntax.Node) *syntax.Node {
	switch len(items) {
	case 0:
		return &syntax.Node{Kind: syntax.KTrue, Span: sp}
	case 1:
		return items[0]
	}
	return &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: items}
}

func not(n *syntax.Node) *syntax.Node {
	return &syntax.Node{Kind: syntax.KNot, Span: n.Span, Args: []*syntax.Node{n}}
}

func binary(k syntax.Kind, a, b *syntax.Node) *syntax.Node {
	return &syntax.Node{Kind: k, Span: source.Join(a.Span, b.Span), Args: []*syntax.Node{a, b}}
}

func simple(k syntax.Kind, sp source.Span) *syntax.Node { return &syntax.Node{Kind: k, Span: sp} }

func number(v int64, sp source.Span) *syntax.Node {
	return &syntax.Node{Kind: syntax.KNumber, Span: sp, Int: v}
}

func cmp(op string, a, b *syntax.Node) *syntax.Node {
	n := binary(syntax.KCmp, a, b)
	n.Str = op
	return n
}

func (p *parser) colon(sp source.Span, where syntax.Kind, f *syntax.Node) *syntax.Node {
	return binary(syntax.KColon, simple(where, sp), f)
}

// find is `find [<--] quiet [lo hi] F`.
func (p *parser) find(sp source.Span, flags uint32, r *[2]int64, f *syntax.Node) *syntax.Node {
	n := &syntax.Node{Kind: syntax.KFind, Span: sp, Flags: syntax.FlagQuiet | flags, Args: []*syntax.Node{f}}
	if r != nil {
		n.HasRange, n.Int, n.Int2 = true, r[0], r[1]
	}
	return n
}

// inRange is the test that the number x lies in the range r: `x == n`,
// `x >= lo and x <= hi`, or `x op n`.
func (p *parser) inRange(x *syntax.Node, r *rangeSpec) *syntax.Node {
	if r.loEnd || r.hiEnd {
		p.failf(r.span, "only :halfmovenumber and :movenumber count from the end of the game (end, end-N)")
	}
	return p.inRangeEnd(x, r, nil)
}

// inRangeEnd is inRange where a bound may count from the end: atEnd is
// the value x has at the end of the game.
func (p *parser) inRangeEnd(x *syntax.Node, r *rangeSpec, atEnd *syntax.Node) *syntax.Node {
	if r.pct {
		p.failf(r.span, "a percentage range can only be used with :goodbishop and :pawncount")
	}
	value := func(v int64, end bool) *syntax.Node {
		if !end {
			return number(v, r.span)
		}
		e := syntax.Clone(atEnd)
		if v == 0 {
			return e
		}
		return binary(syntax.KMinus, e, number(-v, r.span))
	}
	if r.op != "" {
		return cmp(r.op, x, value(r.lo, r.loEnd))
	}
	return binary(syntax.KAnd, cmp(">=", x, value(r.lo, r.loEnd)), cmp("<=", syntax.Clone(x), value(r.hi, r.hiEnd)))
}

// countBounds is the range as the bounds of a count (find, matchcount).
func countBounds(r *rangeSpec) [2]int64 {
	const most = 100000 // more positions than any game has
	switch r.op {
	case ">=":
		return [2]int64{r.lo, most}
	case ">":
		return [2]int64{r.lo + 1, most}
	case "<=":
		return [2]int64{0, r.lo}
	case "<":
		return [2]int64{0, r.lo - 1}
	}
	return [2]int64{r.lo, r.hi}
}

// desig is a designator node. One that can hold no piece is written the
// CQL 6 way, `[]`: every piece kind on no square.
func desig(d syntax.Designator, sp source.Span) *syntax.Node {
	if d.Pieces == 0 || d.Squares == 0 {
		d = syntax.Designator{Pieces: syntax.MaskAll, HasSquares: true}
	}
	return &syntax.Node{Kind: syntax.KDesig, Span: sp, Desig: d}
}

// everySquare is CQL 6 `.`: every square, whatever stands on it.
func everySquare(sp source.Span) *syntax.Node {
	return desig(syntax.Designator{Pieces: syntax.MaskAll, Squares: bitboard.Full}, sp)
}

// pieces is the designator of a piece mask on every square.
func pieces(m syntax.PieceMask, sp source.Span) *syntax.Node {
	return desig(syntax.Designator{Pieces: m, Squares: bitboard.Full, HasPieces: true}, sp)
}

// intersect is the designator of the squares both a and b stand for
// (either may be nil: every square).
func intersect(a, b *syntax.Node) *syntax.Node {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	d := syntax.Designator{
		Pieces: a.Desig.Pieces & b.Desig.Pieces, Squares: a.Desig.Squares & b.Desig.Squares,
		HasPieces: a.Desig.HasPieces || b.Desig.HasPieces, HasSquares: a.Desig.HasSquares || b.Desig.HasSquares,
	}
	return desig(d, source.Join(a.Span, b.Span))
}

// template builds nodes from CQL 6 text in which the variables hole1,
// hole2, ... stand for the nodes given. The rewrites of keywords that need
// several filters (attack counts, counters, regular expressions on the
// FEN) are written once, as CQL 6, and so read by the CQL 6 parser; every
// node made gets the span sp of the old keyword, so that errors found
// later point at it.
func (p *parser) template(sp source.Span, text string, holes ...*syntax.Node) []*syntax.Node {
	body, _, errs := syntax.ParseBody(source.New("template", text))
	if len(errs) > 0 {
		panic(fmt.Sprintf("cqls: bad template %q: %v", text, errs))
	}
	for i, n := range body {
		body[i] = syntax.Rewrite(n, func(n *syntax.Node) *syntax.Node {
			if n.Kind == syntax.KVar {
				var k int
				if _, err := fmt.Sscanf(n.Str, "hole%d", &k); err == nil && k >= 1 && k <= len(holes) {
					return syntax.Clone(holes[k-1])
				}
			}
			n.Span = sp
			return n
		})
	}
	return body
}

// moveSpec is the next move as the move keywords of one list describe
// it; they are merged into one dash (`:movefrom X :moveto Y` is X--Y).
type moveSpec struct {
	span     source.Span
	from, to *syntax.Node
	promote  *syntax.Node // the old :promote designator: promoted piece (with its colour) and square
	targets  []*syntax.Node
}

// moveOf returns the list's next move, started where the first move
// keyword stands.
func (l *plist) moveOf(sp source.Span) *moveSpec {
	if l.move == nil {
		l.move = &moveSpec{span: sp}
		l.moveAt = len(l.items)
	}
	return l.move
}

// dash is the CQL 6 dash of a next move. A promotion's piece carries its
// colour in the old language; CQL 6.2's `=T` does not, so the colour goes
// to the pawn on the left (`:promote q` is `p--=Q`).
func (p *parser) dash(m *moveSpec) *syntax.Node {
	d := &syntax.Dash{Left: m.from, Right: m.to, Targets: m.targets, DashSpan: m.span}
	if pr := m.promote; pr != nil {
		types := pr.Desig.Pieces &^ syntax.MaskEmpty
		var pawns syntax.PieceMask
		if types&syntax.MaskWhite != 0 {
			pawns |= 1 << bitboard.WhitePawn
		}
		if types&syntax.MaskBlack != 0 {
			pawns |= 1 << bitboard.BlackPawn
		}
		if types == 0 || types&(1<<bitboard.WhitePawn|1<<bitboard.BlackPawn|1<<bitboard.WhiteKing|1<<bitboard.BlackKing) != 0 {
			p.failf(pr.Span, ":promote needs the piece promoted to: a queen, rook, bishop or knight")
		}
		d.Left = intersect(m.from, pieces(pawns, pr.Span))
		if pr.Desig.HasSquares {
			d.Right = intersect(m.to, desig(syntax.Designator{Pieces: syntax.MaskAll, Squares: pr.Desig.Squares, HasSquares: true}, pr.Span))
		}
		white := types&syntax.MaskWhite | types>>8&syntax.MaskWhite
		d.Promote = &syntax.Node{Kind: syntax.KTypeNameDesig, Span: pr.Span,
			Desig: syntax.Designator{Pieces: white, Squares: bitboard.Full, HasPieces: true}}
	}
	return &syntax.Node{Kind: syntax.KDash, Span: m.span, Dash: d}
}

// assemble puts the match list together as the body and header of the
// CQL 6 query: one position list is the body itself; several must each
// match somewhere in the game, `initial find quiet L1 find quiet L2 ...`;
// the lists with a bare :exclude drop the games they match.
func (p *parser) assemble(m *matchList) {
	if len(m.lists) == 0 {
		p.failf(m.span, "the match list has no position list: write (match (position ...))")
	}
	lists, excludes := p.splitLists(m)
	body := append([]*syntax.Node(nil), m.filters...)
	switch {
	case len(p.tags) > 0:
		body = append(body, p.tagged(m, lists, p.excluded(excludes))...)
	case len(lists) == 1 && isPlainList(lists[0]):
		body = append(body, p.onlyList(lists[0])...)
		body = append(body, p.excluded(excludes)...)
	default:
		body = append(body, p.everyList(m, lists)...)
		body = append(body, p.excluded(excludes)...)
	}
	if m.eachColor.kind != tEOF {
		body = []*syntax.Node{{Kind: syntax.KTransform, Span: m.eachColor.span, TKind: syntax.TFlipColor,
			Args: []*syntax.Node{conj(m.span, body)}}}
	}
	p.file.Body = body
}

// excluded are the tests that the lists with a bare :exclude match
// nowhere in the game.
func (p *parser) excluded(excludes []*plist) []*syntax.Node {
	var out []*syntax.Node
	for _, l := range excludes {
		l.excludes = false
		out = append(out, not(p.colon(l.span, syntax.KInitialPosition, p.find(l.span, 0, nil, p.node(l)))))
	}
	return out
}

// splitLists separates the lists with a bare :exclude from the others.
func (p *parser) splitLists(m *matchList) (lists, excludes []*plist) {
	for _, l := range m.lists {
		if l.run != nil {
			p.failf(l.run.span, ":run can only be used in an element of :sequence or :gappedsequence")
		}
		if l.excludes {
			excludes = append(excludes, l)
		} else {
			lists = append(lists, l)
		}
	}
	return lists, excludes
}

// isPlainList reports whether a lone list can be the body itself, its
// match count, if any, the header's matchcount (which also takes 0: a game
// without a match then counts, as in the official program).
func isPlainList(l *plist) bool { return l.pretransform == nil }

// onlyList is the body of a match list of one position list.
func (p *parser) onlyList(l *plist) []*syntax.Node {
	if r := l.matchCount; r != nil {
		p.file.Header.MatchCount, p.file.Header.HasMatchCount = countBounds(r), true
	}
	fs := p.filters(l)
	if len(fs) == 0 {
		fs = []*syntax.Node{conj(l.span, nil)} // (position): every position
	}
	return fs
}

// everyList is the body that finds each list somewhere in the game, from
// its initial position.
func (p *parser) everyList(m *matchList, lists []*plist) []*syntax.Node {
	body := []*syntax.Node{simple(syntax.KInitial, m.span)}
	for _, l := range lists {
		if l.pretransform != nil {
			// counts the whole game from its start itself
			body = append(body, p.filters(l)...)
			continue
		}
		var r *[2]int64
		if l.matchCount != nil {
			b := countBounds(l.matchCount)
			r = &b
		}
		body = append(body, p.find(l.span, 0, r, conj(l.span, p.filters(l))))
	}
	return body
}

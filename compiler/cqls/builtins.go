package cqls

import (
	"math"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// The lowerings of the CQL-S keywords with free-form arguments (engine
// evaluations, static exchange values, good bishops) to the built-in
// kinds of compiler/builtins.go. Their ranges may be decimal (pawns) and
// have `unlimited` bounds, so they are read here from the keyword's
// words rather than by parseRange.

// openRange is a range whose bounds are scaled numbers, each perhaps
// open (unlimited) or strict (> and <).
type openRange struct {
	lo, hi             int64
	hasLo, hasHi       bool
	strictLo, strictHi bool
	pct                bool
}

// evalRange reads the range among ws (one relational word, or two
// bounds, each a number or `unlimited`), its numbers times scale.
func (p *parser) evalRange(kw token, ws []token, scale float64) openRange {
	num := func(t token, s string) (int64, bool) {
		if s == "unlimited" {
			return 0, false
		}
		s = strings.TrimSuffix(s, "%")
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			p.failf(t.span, "%s: '%s' is not a number", kw, t.text)
		}
		return int64(math.Round(v * scale)), true
	}
	var r openRange
	switch len(ws) {
	case 1:
		t := ws[0]
		r.pct = strings.HasSuffix(t.text, "%")
		for _, op := range []string{">=", "<=", ">", "<"} {
			if strings.HasPrefix(t.text, op) {
				v, ok := num(t, t.text[len(op):])
				if op[0] == '>' {
					r.lo, r.hasLo, r.strictLo = v, ok, op == ">"
				} else {
					r.hi, r.hasHi, r.strictHi = v, ok, op == "<"
				}
				return r
			}
		}
		v, ok := num(t, t.text)
		r.lo, r.hi, r.hasLo, r.hasHi = v, v, ok, ok
	case 2:
		r.pct = strings.HasSuffix(ws[0].text, "%")
		r.lo, r.hasLo = num(ws[0], ws[0].text)
		r.hi, r.hasHi = num(ws[1], ws[1].text)
	default:
		p.failf(p.argSpan(kw), "%s needs a range: a bound such as >=2 or <=-3, or two bounds (unlimited for none)", kw)
	}
	return r
}

// test is the comparison of x with the range.
func (r openRange) test(x *syntax.Node, sp source.Span) *syntax.Node {
	var tests []*syntax.Node
	if r.hasLo {
		op := ">="
		if r.strictLo {
			op = ">"
		}
		tests = append(tests, cmp(op, x, number(r.lo, sp)))
	}
	if r.hasHi {
		op := "<="
		if r.strictHi {
			op = "<"
		}
		tests = append(tests, cmp(op, syntax.Clone(x), number(r.hi, sp)))
	}
	switch len(tests) {
	case 0:
		return x // both bounds unlimited: the value exists
	case 1:
		return tests[0]
	}
	return binary(syntax.KAnd, tests[0], tests[1])
}

// leadingDesigs takes the designators at the start of the words.
func (p *parser) leadingDesigs(ws []token, most int) ([]*syntax.Node, []token) {
	var ds []*syntax.Node
	for len(ws) > 0 && len(ds) < most && isDesigWord(ws[0].text) && !looksLikeRange(ws[0].text) {
		ds = append(ds, p.designator(ws[0], "a designator"))
		ws = ws[1:]
	}
	return ds, ws
}

// lowerExchange: `:exchangeevaluation r` in pawns.
func lowerExchange(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	r := p.evalRange(a.kw, a.words, 1)
	l.add(r.test(simple(syntax.KExchangeEvaluation, sp), sp))
}

// lowerMaxSwap: `:maxswapevaluation [X [Y]] r`: White's pieces and every
// square when not written.
func lowerMaxSwap(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	ds, rest := p.leadingDesigs(a.words, 2)
	if len(ds) == 0 {
		ds = append(ds, pieces(syntax.MaskWhite, sp))
	}
	if len(ds) == 1 {
		ds = append(ds, everySquare(sp))
	}
	r := p.evalRange(a.kw, rest, 1)
	l.add(r.test(&syntax.Node{Kind: syntax.KMaxSwapEvaluation, Span: sp, Args: ds}, sp))
}

// engineSearch reads `depth d` or `movetime ms` at the start of ws.
func (p *parser) engineSearch(kw token, ws []token) (string, int64, []token) {
	if len(ws) < 2 || ws[0].text != "depth" && ws[0].text != "movetime" {
		p.failf(p.argSpan(kw), "%s needs the search first: depth PLIES or movetime MILLISECONDS", kw)
	}
	n, err := strconv.ParseInt(ws[1].text, 10, 64)
	if err != nil || n < 1 {
		p.failf(ws[1].span, "%s: '%s' is not a number of %s", kw, ws[1].text, map[string]string{"depth": "plies", "movetime": "milliseconds"}[ws[0].text])
	}
	return ws[0].text, n, ws[2:]
}

// engineView reads the last word, sidetomove or absolute, as the view
// of KEvaluation's Int.
func (p *parser) engineView(kw token, ws []token) (int64, []token) {
	if len(ws) > 0 {
		switch ws[len(ws)-1].text {
		case "sidetomove":
			return 0, ws[:len(ws)-1]
		case "absolute":
			return 1, ws[:len(ws)-1]
		}
	}
	p.failf(p.argSpan(kw), "%s ends with its view: sidetomove or absolute", kw)
	return 0, nil
}

// lowerEvaluation: `:evaluation depth d|movetime ms (mate | r view)`,
// r in pawns (centipawns in the built-in); the mate form is a mate
// found within d plies, either way.
func lowerEvaluation(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	search, amount, ws := p.engineSearch(a.kw, a.words)
	n := &syntax.Node{Kind: syntax.KEvaluation, Span: sp, Str: search, Int2: amount}
	if len(ws) == 1 && ws[0].text == "mate" {
		if search != "depth" {
			p.failf(ws[0].span, "%s mate needs a depth: depth PLIES mate", a.kw)
		}
		l.add(cmp(">=", &syntax.Node{Kind: syntax.KAbs, Span: sp, Args: []*syntax.Node{n}}, number(100000-(amount+1)/2, sp)))
		return
	}
	view, ws := p.engineView(a.kw, ws)
	n.Int = view
	l.add(p.evalRange(a.kw, ws, 100).test(n, sp))
}

// lowerMoveEvaluation: `:moveevaluation [X Y] depth d|movetime ms r
// view`: the designators test the move into the position.
func lowerMoveEvaluation(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	ds, ws := p.leadingDesigs(a.words, 2)
	search, amount, ws := p.engineSearch(a.kw, ws)
	view, ws := p.engineView(a.kw, ws)
	if len(ds) > 0 {
		d := &syntax.Dash{Left: ds[0], DashSpan: sp}
		if len(ds) > 1 {
			d.Right = ds[1]
		}
		l.add(&syntax.Node{Kind: syntax.KCurrentMove, Span: sp, Args: []*syntax.Node{{Kind: syntax.KDash, Span: sp, Dash: d}}})
	}
	n := &syntax.Node{Kind: syntax.KMoveEvaluation, Span: sp, Str: search, Int2: amount, Int: view}
	l.add(p.evalRange(a.kw, ws, 100).test(n, sp))
}

// lowerGoodBishop: `:goodbishop [B] r1 : r2`, White's bishops when none
// is written; an open bound is 0 or a large number.
func lowerGoodBishop(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	b := pieces(1<<bitboard.WhiteBishop, sp)
	if len(a.desigs) > 0 {
		b = a.desigs[0]
	}
	n := &syntax.Node{Kind: syntax.KGoodBishop, Span: sp, Args: []*syntax.Node{b}}
	bits := [2][3]int64{
		{syntax.GoodBishopPercent1, syntax.GoodBishopStrictLo1, syntax.GoodBishopStrictHi1},
		{syntax.GoodBishopPercent2, syntax.GoodBishopStrictLo2, syntax.GoodBishopStrictHi2},
	}
	for i, r := range a.ranges {
		lo, hi := goodBishopBounds(r)
		n.Args = append(n.Args, number(lo, r.span), number(hi, r.span))
		if r.pct {
			n.Int |= bits[i][0]
		}
		if r.op == ">" {
			n.Int |= bits[i][1]
		}
		if r.op == "<" {
			n.Int |= bits[i][2]
		}
	}
	l.add(n)
}

// goodBishopBounds are a range's low and high bound (a strict one is
// marked in the bits instead of moved).
func goodBishopBounds(r *rangeSpec) (int64, int64) {
	const open = 1000 // more pawns, or percent, than there can be
	switch r.op {
	case ">=", ">":
		return r.lo, open
	case "<=", "<":
		return 0, r.lo
	}
	return r.lo, r.hi
}

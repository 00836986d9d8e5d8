package cqls

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
)

// ParseFile reads a whole CQL 3 / CQL-S query: `(match ...)`, or a lone
// `(position ...)`, which is a match list of that one position list. The
// result is the syntax tree of the equivalent CQL 6 query, with a header
// (an old query always has one, if empty).
func ParseFile(src *source.Source) (*syntax.File, source.ErrorList) {
	return ParseFileWith(src, nil)
}

// ParseFileWith is ParseFile within the limits lim (nil: the defaults)
// on the text's size (query-bytes) and nesting (nesting).
func ParseFileWith(src *source.Source, lim *limits.Values) (*syntax.File, source.ErrorList) {
	buildTables()
	var errs source.ErrorList
	f := &syntax.File{Src: src, HasHeader: true, Funcs: map[string]*syntax.Node{}}
	if err := syntax.TextTooLarge(src, lim); err != nil {
		return f, source.ErrorList{err}
	}
	toks, _ := lex(src, &errs)
	if len(errs) > 0 {
		return f, errs
	}
	p := &parser{src: src, toks: toks, errs: &errs, file: f, names: map[string]int{}, accs: map[string]*accDef{}, limits: lim}
	p.run(p.parseQuery)
	if len(errs) == 0 {
		p.honourVariantHeader()
		p.checkTreeDepth(f)
	}
	errs.Sort()
	return f, errs
}

// checkTreeDepth refuses a lowered query deeper than the nesting limit,
// which the passes after the parse recurse over.
func (p *parser) checkTreeDepth(f *syntax.File) {
	max := p.limits.Int(limits.Nesting)
	if n := syntax.Deeper(f.Body, max); n != nil {
		p.errs.Add(p.src, n.Span, "%s", p.limits.Exceeded(limits.Nesting, fmt.Sprintf("the query's filters nest more than %d deep", max)))
	}
}

// enter goes one position list deeper; past the nesting limit the parse
// ends with the error. Each enter is paired with a leave.
func (p *parser) enter(at token) {
	p.depth++
	if max := p.limits.Int(limits.Nesting); p.depth > max {
		p.failf(at.span, "%s", p.limits.Exceeded(limits.Nesting, fmt.Sprintf("position lists nested more than %d deep", max)))
	}
}

func (p *parser) leave() { p.depth-- }

// Comment is a `;` comment of a query in the old language: its text
// without the semicolons, and its offset in the query.
type Comment struct {
	Text   string
	Offset int
}

// Comments returns the comments of a query in the old language, in
// order: `cqlvm translate` keeps them.
func Comments(src *source.Source) []Comment {
	var errs source.ErrorList
	_, cs := lex(src, &errs)
	out := make([]Comment, len(cs))
	for i, c := range cs {
		out[i] = Comment{c.text, c.off}
	}
	return out
}

// IsOldSyntax reports whether text is a query in the old language: its
// first token (after blanks and `;` comments) is `(match` or `(position`.
func IsOldSyntax(text string) bool {
	var errs source.ErrorList
	lx := &lexer{src: source.New("", text), text: text, errs: &errs}
	if t := lx.next(); t.kind != tOpen {
		return false
	}
	t := lx.next()
	if t.kind == tWord && t.text == "position" {
		// CQL 6 has a filter `position N`: (position 3):check is CQL 6
		n := lx.next()
		return n.kind != tWord || !looksLikeRange(n.text)
	}
	return t.kind == tWord && t.text == "match"
}

// parser reads tokens and builds CQL 6 nodes as it goes. The first error
// ends the parse (a bailout panic caught by run): later errors in an
// S-expression are mostly echoes of the first.
type parser struct {
	src   *source.Source
	toks  []token
	pos   int
	errs  *source.ErrorList
	file  *syntax.File
	names map[string]int // the variables made up so far, by stem: xc, xc2, ...
	// accs are the accumulators of the lists read so far (:accumulate)
	accs map[string]*accDef
	// tags are the tags of the match list (:forany NAME D)
	tags []*tagDef
	// limits bound the text's size and nesting (nil: the defaults);
	// depth is the nesting of the position list being read.
	limits *limits.Values
	depth  int
}

type bailout struct{}

func (p *parser) run(f func()) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	f()
}

// failf reports an error at sp and abandons the parse.
func (p *parser) failf(sp source.Span, format string, args ...any) {
	p.errs.Add(p.src, sp, format, args...)
	panic(bailout{})
}

func (p *parser) tok() token { return p.toks[p.pos] }

func (p *parser) advance() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

func (p *parser) at(k tokKind) bool { return p.tok().kind == k }

// parseQuery reads the whole text.
func (p *parser) parseQuery() {
	open := p.tok()
	if open.kind != tOpen {
		p.failf(open.span, "expected '(match' or '(position' to start a CQL 3 query, got %s", open)
	}
	p.advance()
	head := p.advance()
	var m *matchList
	switch {
	case head.kind == tWord && head.text == "match":
		m = p.parseMatch(open)
	case head.kind == tWord && head.text == "position":
		m = &matchList{span: open.span}
		m.lists = append(m.lists, p.parseListBody(open))
	default:
		p.failf(head.span, "expected 'match' or 'position' after '(', got %s", head)
	}
	if t := p.tok(); t.kind != tEOF {
		if t.kind == tClose {
			p.failf(t.span, "unmatched ')'")
		}
		p.failf(t.span, "unexpected %s after the end of the query", t)
	}
	p.assemble(m)
}

// matchList is a parsed (match ...): its game-level filters and header
// settings are stored as read; its position lists are kept to be
// combined by assemble.
type matchList struct {
	span      source.Span
	lists     []*plist
	filters   []*syntax.Node // game-level body filters (:year, :player, ...)
	eachColor token          // :forany / :eithercolor, when given
}

func (p *parser) parseMatch(open token) *matchList {
	m := &matchList{span: open.span}
	for !p.at(tClose) {
		t := p.tok()
		switch t.kind {
		case tEOF:
			p.failf(open.span, "the '(' of this match list is never closed")
		case tOpen:
			lo := p.advance()
			if w := p.tok(); w.kind != tWord || w.text != "position" {
				p.failf(w.span, "expected 'position' after '(' in a match list, got %s", w)
			}
			p.advance()
			m.lists = append(m.lists, p.parseListBody(lo))
		case tKeyword:
			p.advance()
			p.matchKeyword(m, t)
		default:
			p.failf(t.span, "expected a position list '(position ...)' or a match-list keyword, got %s", t)
		}
	}
	p.advance()
	return m
}

// parseSubList reads a position list argument `(position ...)`; the word
// position may be left out, as in the manual's `(:piececount ...)`.
func (p *parser) parseSubList(kw token) *plist {
	open := p.tok()
	if open.kind != tOpen {
		p.failf(open.span, "%s needs a position list '(position ...)', got %s", kw, open)
	}
	p.advance()
	if w := p.tok(); w.kind == tWord && w.text == "position" {
		p.advance()
	} else if w.kind == tOpen {
		p.failf(w.span, "%s takes one position list here, not a list of them", kw)
	}
	return p.parseListBody(open)
}

// parseSubLists reads `((position ...) (position ...) ...)`.
func (p *parser) parseSubLists(kw token) []*plist {
	open := p.tok()
	if open.kind != tOpen {
		p.failf(open.span, "%s needs a list of position lists '((position ...) ...)', got %s", kw, open)
	}
	p.advance()
	if w := p.tok(); w.kind == tWord && w.text == "position" {
		p.failf(w.span, "%s needs a list of position lists: write %s ((position ...) ...)", kw, kw)
	}
	var lists []*plist
	for !p.at(tClose) {
		if p.at(tEOF) {
			p.failf(open.span, "the '(' of this list of position lists is never closed")
		}
		lists = append(lists, p.parseSubList(kw))
	}
	p.advance()
	if len(lists) == 0 {
		p.failf(open.span, "%s needs at least one position list", kw)
	}
	return lists
}

// parseListBody reads the elements of a position list after `(position`
// up to its ')', and lowers them.
func (p *parser) parseListBody(open token) *plist {
	p.enter(open)
	defer p.leave()
	l := &plist{span: open.span}
	for !p.at(tClose) {
		t := p.tok()
		switch t.kind {
		case tEOF:
			p.failf(open.span, "the '(' of this position list is never closed")
		case tWord:
			p.advance()
			l.add(p.designator(t, "a position list"))
		case tKeyword:
			p.advance()
			p.positionKeyword(l, t)
		case tOpen:
			p.failf(t.span, "a position list cannot contain a list directly: combine lists with :and ((position ...) ...)")
		default:
			p.failf(t.span, "a %s cannot stand in a position list", tokNames[t.kind])
		}
	}
	l.span = source.Join(open.span, p.advance().span)
	return l
}

// designator reads the word t as a piece designator node.
func (p *parser) designator(t token, where string) *syntax.Node {
	if looksLikeRange(t.text) {
		p.failf(t.span, "a range ('%s') cannot stand here: %s needs a piece designator", t.text, where)
	}
	if strings.HasPrefix(t.text, "$") {
		return p.tagDesig(t)
	}
	d, err := parseDesig(t.text)
	if err != nil {
		p.failf(t.span, "%v", err)
	}
	return desig(d, t.span)
}

// rangeSpec is a CQL 3 range specifier: `n`, `n m`, `>=n`, `<=n`, `>n`,
// `<n`; pct is a percentage (`>50%`). CQL-S also counts from the end of
// the game: `end`, `end-3` (loEnd, hiEnd: the bound is the game's last
// value plus lo or hi, which are then 0 or negative).
type rangeSpec struct {
	op           string // "==", ">=", "<=", ">", "<", or "" for lo..hi
	lo, hi       int64
	loEnd, hiEnd bool
	pct          bool
	span         source.Span
}

// looksLikeRange reports whether a word is (the start of) a range.
func looksLikeRange(w string) bool {
	w = strings.TrimLeft(w, "<>=")
	w = strings.TrimPrefix(w, "-")
	return w != "" && (w[0] >= '0' && w[0] <= '9' || w == "end" || strings.HasPrefix(w, "end-"))
}

// bound is one bound of a range: a number (with an optional % sign), or
// `end` / `end-N`.
type bound struct {
	v        int64
	pct, end bool
}

func (p *parser) bound(t token, text string) bound {
	if text == "end" || strings.HasPrefix(text, "end-") {
		b := bound{end: true}
		if text != "end" {
			n, err := strconv.ParseInt(text[len("end-"):], 10, 64)
			if err != nil || n < 0 {
				p.failf(t.span, "'%s' is not a bound: write end or end-N", text)
			}
			b.v = -n
		}
		return b
	}
	pct := strings.HasSuffix(text, "%")
	text = strings.TrimSuffix(text, "%")
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		p.failf(t.span, "'%s' is not a number", text)
	}
	if v > maxNumber || v < -maxNumber {
		p.failf(t.span, "%d is out of range: CQL 6 numbers lie within %d", v, int64(maxNumber))
	}
	return bound{v: v, pct: pct}
}

// maxNumber is the largest number a CQL 6 query can write (the CQL 6
// lexer's bound).
const maxNumber = 1 << 40

// number reads a word as an integer.
func (p *parser) number(t token, text string) (int64, bool) {
	b := p.bound(t, text)
	if b.end {
		p.failf(t.span, "a count cannot be counted from the end of the game")
	}
	return b.v, b.pct
}

// parseRange reads a range specifier for keyword kw.
func (p *parser) parseRange(kw token, need string) *rangeSpec {
	t := p.tok()
	if t.kind == tWord && !looksLikeRange(t.text) {
		p.failf(t.span, "%s needs %s: '%s' is not a range", kw, need, t.text)
	}
	if t.kind != tWord {
		p.failf(rangeErrSpan(kw, t), "%s needs %s", kw, need)
	}
	p.advance()
	r := &rangeSpec{span: t.span}
	text := t.text
	for _, op := range []string{">=", "<=", ">", "<", "="} {
		if strings.HasPrefix(text, op) {
			r.op = op
			if op == "=" {
				r.op = "=="
			}
			b := p.bound(t, text[len(op):])
			r.lo, r.hi, r.pct, r.loEnd, r.hiEnd = b.v, b.v, b.pct, b.end, b.end
			return r
		}
	}
	b := p.bound(t, text)
	r.lo, r.hi, r.pct, r.loEnd, r.hiEnd, r.op = b.v, b.v, b.pct, b.end, b.end, "=="
	if n := p.tok(); n.kind == tWord && n.text == "unlimited" {
		// `n unlimited`: no upper bound (the CQL 3 and Scidb examples
		// of :relation write (:missingpiececount A 1 unlimited))
		p.advance()
		r.op, r.span = ">=", source.Join(t.span, n.span)
		return r
	}
	if n := p.tok(); n.kind == tWord && looksLikeRange(n.text) && strings.TrimLeft(n.text, "<>=") == n.text {
		p.advance()
		hb := p.bound(n, n.text)
		if hb.pct != b.pct {
			p.failf(n.span, "the two bounds of a range must both be percentages or both counts")
		}
		r.op, r.hi, r.hiEnd = "", hb.v, hb.end
		r.span = source.Join(t.span, n.span)
		if hi, lo := hb.v, b.v; hb.end == b.end && hi < lo {
			p.failf(r.span, "the range %s %s is empty: the lower bound comes first", t.text, n.text)
		}
	}
	return r
}

// rangeErrSpan is where a missing argument is reported: the token found
// instead, or the keyword when the list ends there.
func rangeErrSpan(kw, found token) source.Span {
	if found.kind == tClose || found.kind == tEOF || found.kind == tKeyword {
		return kw.span
	}
	return found.span
}

// needDesig reads a designator argument of kw.
func (p *parser) needDesig(kw token, need string) *syntax.Node {
	t := p.tok()
	if t.kind == tWord && looksLikeRange(t.text) {
		p.failf(t.span, "%s needs %s: '%s' is a range where a piece designator belongs", kw, need, t.text)
	}
	if t.kind != tWord {
		p.failf(rangeErrSpan(kw, t), "%s needs %s", kw, need)
	}
	p.advance()
	return p.designator(t, kw.String())
}

// optDesig reads a designator argument if one follows.
func (p *parser) optDesig(kw token) *syntax.Node {
	if t := p.tok(); t.kind == tWord && isDesigWord(t.text) {
		p.advance()
		return p.designator(t, kw.String())
	}
	return nil
}

func (p *parser) needString(kw token, need string) token {
	t := p.tok()
	if t.kind != tString {
		p.failf(rangeErrSpan(kw, t), "%s needs %s", kw, need)
	}
	return p.advance()
}

// words reads the words up to the next keyword or ')': the free-form
// arguments of the engine keywords.
func (p *parser) words() []token {
	var ws []token
	for p.at(tWord) || p.at(tString) {
		ws = append(ws, p.advance())
	}
	return ws
}

// freshName returns a variable name not used before in this query:
// stem, stem_2, ... (a digit right after the stem could make a piece
// designator of it: ac2 is a black piece on c2).
func (p *parser) freshName(stem string) string {
	p.names[stem]++
	if n := p.names[stem]; n > 1 {
		return fmt.Sprintf("%s_%d", stem, n)
	}
	return stem
}

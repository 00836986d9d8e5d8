package cqls

import (
	"fmt"
	"strconv"
	"strings"

	"cqlvm/compiler/syntax"
	"cqlvm/source"
)

// ParseFile reads a whole CQL 3 / CQL-S query: `(match ...)`, or a lone
// `(position ...)`, which is a match list of that one position list. The
// result is the syntax tree of the equivalent CQL 6 query, with a header
// (an old query always has one, if empty).
func ParseFile(src *source.Source) (*syntax.File, source.ErrorList) {
	var errs source.ErrorList
	f := &syntax.File{Src: src, HasHeader: true, Funcs: map[string]*syntax.Node{}}
	toks, _ := lex(src, &errs)
	if len(errs) > 0 {
		return f, errs
	}
	p := &parser{src: src, toks: toks, errs: &errs, file: f, names: map[string]int{}}
	p.run(p.parseQuery)
	errs.Sort()
	return f, errs
}

// Comments returns the `;` comments of a query in the old language, in
// order, without their semicolons: `cqlvm translate` keeps them.
func Comments(src *source.Source) []string {
	var errs source.ErrorList
	_, cs := lex(src, &errs)
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.text
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
	return t.kind == tWord && (t.text == "match" || t.text == "position")
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
	d, err := parseDesig(t.text)
	if err != nil {
		p.failf(t.span, "%v", err)
	}
	return &syntax.Node{Kind: syntax.KDesig, Span: t.span, Desig: d}
}

// rangeSpec is a CQL 3 range specifier: `n`, `n m`, `>=n`, `<=n`, `>n`,
// `<n`; pct is a percentage (`>50%`).
type rangeSpec struct {
	op     string // "==", ">=", "<=", ">", "<", or "" for lo..hi
	lo, hi int64
	pct    bool
	span   source.Span
}

// looksLikeRange reports whether a word is (the start of) a range.
func looksLikeRange(w string) bool {
	w = strings.TrimLeft(w, "<>=")
	w = strings.TrimPrefix(w, "-")
	return w != "" && (w[0] >= '0' && w[0] <= '9' || strings.HasPrefix(w, "end"))
}

// number reads a word as an integer (with an optional % sign).
func (p *parser) number(t token, text string) (int64, bool) {
	pct := strings.HasSuffix(text, "%")
	text = strings.TrimSuffix(text, "%")
	if strings.HasPrefix(text, "end") {
		p.failf(t.span, "cqlvm does not translate the CQL-S ranges 'end' and 'end-N' yet: count from the start (:halfmovenumber, :movenumber) or use :terminal")
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		p.failf(t.span, "'%s' is not a number", text)
	}
	return v, pct
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
			v, pct := p.number(t, text[len(op):])
			r.lo, r.hi, r.pct = v, v, pct
			return r
		}
	}
	v, pct := p.number(t, text)
	r.lo, r.hi, r.pct, r.op = v, v, pct, "=="
	if n := p.tok(); n.kind == tWord && looksLikeRange(n.text) && strings.TrimLeft(n.text, "-0123456789%") == "" {
		p.advance()
		hi, hpct := p.number(n, n.text)
		if hpct != pct {
			p.failf(n.span, "the two bounds of a range must both be percentages or both counts")
		}
		r.op, r.hi = "", hi
		r.span = source.Join(t.span, n.span)
		if hi < v {
			p.failf(r.span, "the range %d %d is empty: the lower bound comes first", v, hi)
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

// balanced skips a parenthesised argument, nested lists included.
func (p *parser) balanced(kw token) {
	open := p.tok()
	if open.kind != tOpen {
		p.failf(rangeErrSpan(kw, open), "%s needs a parenthesised argument", kw)
	}
	depth := 0
	for {
		t := p.advance()
		switch t.kind {
		case tOpen:
			depth++
		case tClose:
			depth--
			if depth == 0 {
				return
			}
		case tEOF:
			p.failf(open.span, "the '(' of the argument of %s is never closed", kw)
		}
	}
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

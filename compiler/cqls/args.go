package cqls

import (
	"sort"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// shape says what follows a keyword.
type shape uint8

const (
	shNone          shape = iota
	shRange               // r
	shDesig               // D
	shOptDesig            // [D]
	shDesigRange          // D r
	shTwoDesigRange       // D1 D2 r
	shTwoDesig            // D S
	shRay                 // (G1 ... Gk) [r]
	shOptList             // [(position ...)]
	shList                // (position ...)
	shLists               // ((position ...) ...)
	shString              // "..."
	shResult              // 1-0 | 0-1 | 1/2-1/2
	shWords               // words up to the next keyword or ')' (engine keywords)
	shRun                 // n (position ...)
	shGoodBishop          // [D] r : r
	shPawnCount           // [D] attributes r
	shPawnCountDiff       // [D] attributes r  (the difference of the two colours)
	shName                // NAME
	shNameRange           // NAME r
	shNameDesig           // NAME D
	shRelation            // ( :keyword ... ): a relation specifier
	shOptNameDesig        // [NAME D]
)

// need says, for error messages, what a shape needs.
var need = map[shape]string{
	shRange:         "a range such as 2, 1 3, >=2 or <5",
	shDesig:         "a piece designator",
	shDesigRange:    "a piece designator and a range",
	shTwoDesigRange: "two piece designators and a range",
	shTwoDesig:      "two piece designators",
	shRay:           "a ray specifier such as (R n k), then an optional range",
	shList:          "a position list (position ...)",
	shLists:         "a list of position lists ((position ...) ...)",
	shString:        "a string",
	shResult:        "a result: 1-0, 0-1 or 1/2-1/2",
	shRun:           "a count and a position list: :run 12 (position ...)",
	shGoodBishop:    "[bishops] RANGE : RANGE",
	shPawnCount:     "[pawns] ATTRIBUTES RANGE",
	shPawnCountDiff: "[pawns] ATTRIBUTES RANGE",
	shName:          "a name",
	shNameRange:     "a name and a range",
	shNameDesig:     "a name and a piece designator",
	shRelation:      "a relation specifier ( :keyword ... )",
}

// args are the arguments read after a keyword.
type args struct {
	kw     token
	desigs []*syntax.Node
	ranges []*rangeSpec
	lists  []*plist
	str    token
	words  []token
	n      int64
	rel    *relSpec
}

// span is the keyword's span joined with its arguments' up to the
// current token.
func (p *parser) argSpan(kw token) source.Span {
	return source.Join(kw.span, p.toks[max(p.pos-1, 0)].span)
}

// readArgs reads the arguments of kw in the given shape.
func (p *parser) readArgs(kw token, sh shape) *args {
	a := &args{kw: kw}
	msg := need[sh]
	switch sh {
	case shRange:
		a.ranges = append(a.ranges, p.parseRange(kw, msg))
	case shDesig:
		a.desigs = append(a.desigs, p.needDesig(kw, msg))
	case shOptDesig:
		if d := p.optDesig(kw); d != nil {
			a.desigs = append(a.desigs, d)
		}
	case shDesigRange:
		a.desigs = append(a.desigs, p.needDesig(kw, msg))
		a.ranges = append(a.ranges, p.parseRange(kw, msg))
	case shTwoDesigRange:
		a.desigs = append(a.desigs, p.needDesig(kw, msg), p.needDesig(kw, msg))
		a.ranges = append(a.ranges, p.parseRange(kw, msg))
	case shTwoDesig:
		a.desigs = append(a.desigs, p.needDesig(kw, msg), p.needDesig(kw, msg))
	case shRay:
		p.readRay(kw, a)
	case shOptList:
		if p.at(tOpen) {
			a.lists = append(a.lists, p.parseSubList(kw))
		}
	case shList:
		a.lists = append(a.lists, p.parseSubList(kw))
	case shLists:
		a.lists = p.parseSubLists(kw)
	case shString:
		a.str = p.needString(kw, msg)
	case shResult:
		p.readResult(kw, a)
	case shWords:
		a.words = p.words()
	case shRun:
		t := p.tok()
		if t.kind != tWord {
			p.failf(rangeErrSpan(kw, t), "%s needs %s", kw, msg)
		}
		p.advance()
		a.n, _ = p.number(t, t.text)
		a.lists = append(a.lists, p.parseSubList(kw))
	case shGoodBishop:
		if d := p.optDesig(kw); d != nil {
			a.desigs = append(a.desigs, d)
		}
		a.ranges = append(a.ranges, p.parseRange(kw, msg))
		if t := p.tok(); t.kind != tWord || t.text != ":" {
			p.failf(rangeErrSpan(kw, t), "%s needs %s: the two ranges are separated by ':'", kw, msg)
		}
		p.advance()
		a.ranges = append(a.ranges, p.parseRange(kw, msg))
	case shPawnCount, shPawnCountDiff:
		if d := p.optDesig(kw); d != nil {
			a.desigs = append(a.desigs, d)
		}
		p.readPawnAttributes(kw, a)
		a.ranges = append(a.ranges, p.parseRange(kw, msg))
	case shName, shNameRange, shNameDesig:
		t := p.tok()
		if t.kind != tWord {
			p.failf(rangeErrSpan(kw, t), "%s needs %s", kw, msg)
		}
		a.words = append(a.words, p.advance())
		if sh == shNameRange {
			a.ranges = append(a.ranges, p.parseRange(kw, msg))
		}
		if sh == shNameDesig {
			a.desigs = append(a.desigs, p.needDesig(kw, msg))
		}
	case shOptNameDesig:
		if t := p.tok(); t.kind == tWord {
			a.words = append(a.words, p.advance())
			a.desigs = append(a.desigs, p.needDesig(kw, "a tag name and a piece designator"))
		}
	case shRelation:
		a.rel = p.readRelation(kw)
	}
	return a
}

// readRay reads `(G1 G2 ... Gk)` and an optional range.
func (p *parser) readRay(kw token, a *args) {
	open := p.tok()
	if open.kind != tOpen {
		p.failf(rangeErrSpan(kw, open), "%s needs %s", kw, need[shRay])
	}
	p.advance()
	for !p.at(tClose) {
		t := p.tok()
		if t.kind != tWord {
			if t.kind == tEOF {
				p.failf(open.span, "the '(' of this ray specifier is never closed")
			}
			p.failf(t.span, "a ray specifier holds piece designators only, got %s", t)
		}
		p.advance()
		a.desigs = append(a.desigs, p.designator(t, "a ray specifier"))
	}
	closeTok := p.advance()
	if len(a.desigs) < 2 {
		p.failf(source.Join(open.span, closeTok.span), "a ray specifier needs at least two piece designators")
	}
	if t := p.tok(); t.kind == tWord && looksLikeRange(t.text) {
		a.ranges = append(a.ranges, p.parseRange(kw, need[shRange]))
	}
}

func (p *parser) readResult(kw token, a *args) {
	t := p.tok()
	results := map[string]string{"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "1/2": "1/2-1/2", "=": "1/2-1/2"}
	r, ok := results[t.text]
	if t.kind != tWord || !ok {
		p.failf(rangeErrSpan(kw, t), "%s needs %s", kw, need[shResult])
	}
	p.advance()
	a.str = token{kind: tString, text: r, span: t.span}
}

// pawnAttributes are the attributes of :pawncount, without their '!'
// negation or exactness marks and their (n) counts.
var pawnAttributes = map[string]bool{
	"single": true, "double": true, "triple": true, "uno": true, "duo": true, "trio": true, "quart": true,
	"connected": true, "integrated": true, "isolated": true, "halfisolated": true, "defended": true,
	"defender": true, "chained": true, "passed": true, "candidate": true, "blocked": true, "behind": true,
	"stoppable": true, "stopped": true, "backward": true, "advanced": true, "consecutive": true,
	"inside": true, "symmetrical": true, "mirrored": true, "forefront": true, "rear": true,
	"islands": true, "compounds": true, "files": true, "ranks": true, "bothsides": true, "oneside": true,
	"unblocked": true, "unstoppable": true,
}

// readPawnAttributes reads the hyphen-separated attribute list of
// :pawncount, checking each attribute's name and count.
func (p *parser) readPawnAttributes(kw token, a *args) {
	t := p.tok()
	if t.kind != tWord || looksLikeRange(t.text) {
		p.failf(rangeErrSpan(kw, t), "%s needs pawn attributes such as passed or double-isolated, then a range", kw)
	}
	p.advance()
	for _, attr := range strings.Split(t.text, "-") {
		name := strings.Trim(attr, "!")
		if i := strings.IndexByte(name, '('); i >= 0 {
			if _, err := strconv.Atoi(strings.TrimSuffix(name[i+1:], ")")); err != nil || !strings.HasSuffix(name, ")") {
				p.failf(t.span, "the pawn attribute '%s' has a bad count: write for example triple(4)", attr)
			}
			name = strings.TrimRight(name[:i], "!")
		}
		if !pawnAttributes[name] {
			msg := "'" + attr + "' is not a pawn attribute of :pawncount"
			if s := syntax.SuggestAmong(name, keys(pawnAttributes)); s != "" {
				msg += " (did you mean '" + s + "'?)"
			}
			p.failf(t.span, "%s", msg)
		}
	}
	a.words = append(a.words, t)
}

func keys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

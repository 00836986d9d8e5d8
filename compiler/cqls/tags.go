package cqls

import (
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// Tagging, as the CQL 3 manual ("Tagging", portablegamenotation.com/
// cqltagging.html) and the Scidb manual ("CQL Tagging",
// scidb.sourceforge.net/help/en/CQL-Tagging.html) define it: `:forany
// NAME D` in the match list names a piece of the game's initial position
// (its "mark"; promotion keeps it) that is, or later becomes, a piece of
// the type of D (the squares of D are ignored); two tags never name the
// same piece; the match list matches when it matches for some choice of
// the tagged pieces. `:tagmatch NAME D` in a position list holds when the
// tagged piece, where it stands, matches D. CQL 6 piece variables follow
// a piece through the game in the same way, so a tag is one:
//
//	initial piece NAME in [Aa] {find quiet (NAME & Dtype) ... the lists}

// tagDef is a tag defined by :forany.
type tagDef struct {
	name  string       // as written
	v     string       // its CQL 6 piece variable
	desig *syntax.Node // D
	span  source.Span
}

// maxTags is the manuals' limit: "At most two tags may be contained
// inside a match list."
const maxTags = 2

// lowerForany records `:forany NAME D`; a bare :forany is cqlvm's older
// reading, the match with the colours reversed too (matchKeyword).
func lowerForany(p *parser, l *plist, a *args) {
	if len(a.words) == 0 {
		return
	}
	name := a.words[0]
	if strings.IndexFunc(name.text, func(r rune) bool { return !isAlnum(r) }) >= 0 {
		p.failf(name.span, "'%s' is not a tag name: the manuals' tag names are alphanumeric", name.text)
	}
	if p.tag(name.text) != nil {
		p.failf(p.argSpan(a.kw), "the tag %s is defined twice", name.text)
	}
	if len(p.tags) == maxTags {
		p.failf(p.argSpan(a.kw), "at most %d tags may be defined in a match list (CQL 3 manual)", maxTags)
	}
	p.tags = append(p.tags, &tagDef{name.text, p.freshName("tag_" + name.text), a.desigs[0], p.argSpan(a.kw)})
}

// tag is the tag named name, nil if there is none.
func (p *parser) tag(name string) *tagDef {
	for _, t := range p.tags {
		if t.name == name {
			return t
		}
	}
	return nil
}

// lowerTagMatch: the tagged piece's square (empty once it is captured)
// holds a piece of D.
func lowerTagMatch(p *parser, l *plist, a *args) {
	t := p.tag(a.words[0].text)
	if t == nil {
		p.failf(a.words[0].span, "no tag %s: define it in the match list before the position lists, with :forany %s D", a.words[0].text, a.words[0].text)
	}
	l.add(binary(syntax.KInter, varNode(t.v, a.words[0].span), a.desigs[0]))
}

// tagged is the body of a match list with tags: from the initial
// position, some choice of the tagged pieces (distinct, each of its type
// some time in the game) for which every list matches and the lists with
// a bare :exclude (the tests excludes) do not.
func (p *parser) tagged(m *matchList, lists []*plist, excludes []*syntax.Node) []*syntax.Node {
	for _, l := range lists {
		if l.hasRelation {
			p.failf(l.relation, "tags may not be used in a match list with a :relation (CQL 3 manual)")
		}
	}
	every := p.everyList(m, lists) // initial, then a find per list
	inner := append(append([]*syntax.Node(nil), every[1:]...), excludes...)
	for i := len(p.tags) - 1; i >= 0; i-- {
		t := p.tags[i]
		sp := t.span
		anySquare := *t.desig
		anySquare.Desig.Squares, anySquare.Desig.HasSquares = bitboard.Full, false
		body := []*syntax.Node{p.find(sp, 0, nil, binary(syntax.KInter, varNode(t.v, sp), &anySquare))}
		for _, other := range p.tags[:i] {
			body = append(body, not(binary(syntax.KInter, varNode(t.v, sp), varNode(other.v, sp))))
		}
		body = append(body, inner...)
		loop := &syntax.Node{Kind: syntax.KPieceLoop, Span: sp, Str: t.v,
			Args: []*syntax.Node{p.template(sp, "[Aa]")[0], {Kind: syntax.KCompound, Span: sp, Args: body}}}
		inner = []*syntax.Node{loop}
	}
	return append(every[:1], inner...)
}

// tagDesig reads `$NAME` or `$NAME[squares]`: the square of the tagged
// piece (among the squares). The manuals: "Because tag names are
// alphanumeric, square designators in such a piece designator must be
// enclosed in brackets."
func (p *parser) tagDesig(w token) *syntax.Node {
	name, squares, _ := strings.Cut(w.text[1:], "[")
	t := p.tag(name)
	if t == nil {
		for _, d := range p.tags {
			if strings.HasPrefix(name, d.name) {
				p.failf(w.span, "no tag %s: the squares after a tag name are written in brackets: $%s[%s]", name, d.name, name[len(d.name):])
			}
		}
		p.failf(w.span, "no tag %s: define it in the match list before the position lists, with :forany %s D", name, name)
	}
	v := varNode(t.v, w.span)
	if !strings.Contains(w.text, "[") {
		return v
	}
	sq, end, ok := squarePart("["+squares, 0)
	if !ok || end != len(squares)+1 {
		p.failf(w.span, "'%s': after the tag name, the squares must be a bracketed list such as [a1,d4]", w.text)
	}
	return binary(syntax.KInter, v, desig(syntax.Designator{Pieces: syntax.MaskAll, Squares: sq, HasSquares: true}, w.span))
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

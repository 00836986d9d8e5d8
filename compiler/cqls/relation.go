package cqls

import (
	"fmt"
	"strings"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// The :relation keyword of CQL 3, as the CQL 3 manual ("The :relation
// keyword", portablegamenotation.com/cqlrelation.html) and the Scidb
// manual ("CQL Relation List", scidb.sourceforge.net/help/en/
// CQL-Relation-List.html) describe it: a position list with
// `:relation (SPEC)` matches a position P1 when some later position P2 of
// the game stands in the relation SPEC to it. The comparison is of the
// squares of the two boards: a missing piece stands on a square of P1
// that is empty in P2, a new piece on a square of P2 that is empty in P1.
// Both manuals give the meaning of their examples as "the two positions
// are the same except ...": a square that differs otherwise (another
// piece on it) is allowed only by :originaldifferentcount, which counts
// every differing square.

// relSpec is a relation specifier as read.
type relSpec struct {
	side      int // 0 same side to move (the default), 1 the other side, 2 either
	missing   *relCount
	added     *relCount
	different *rangeSpec
	same      *rangeSpec
	flip      bool // P2 may be flipped before the comparison
}

// relCount is a :missingpiececount or :newpiececount: which pieces may be
// missing (new), and how many.
type relCount struct {
	desig *syntax.Node
	r     *rangeSpec
}

// relationKeywords is the one table of the keywords of a relation
// specifier. Their lowerings record the keyword in the scratch list's
// rel; lowerRelation then writes the whole relation.
var relationKeywords map[string]keyword

func buildRelationKeywords() {
	relationKeywords = map[string]keyword{
		":samesidetomove":         entry(shNone, relSide(0), "in :relation: P2 has the same side to move as P1 (the default)"),
		":changesidetomove":       entry(shNone, relSide(1), "in :relation: P2 has the other side to move"),
		":ignoresidetomove":       entry(shNone, relSide(2), "in :relation: either side may be to move in P2"),
		":missingpiececount":      entry(shDesigRange, relPieces(func(s *relSpec) **relCount { return &s.missing }), "in :relation: :missingpiececount D r: the pieces on squares of P1 that are empty in P2 all match D, and there are r of them (default: none)"),
		":newpiececount":          entry(shDesigRange, relPieces(func(s *relSpec) **relCount { return &s.added }), "in :relation: :newpiececount D r: the pieces on squares of P2 that are empty in P1 all match D, and there are r of them (default: none)"),
		":originaldifferentcount": entry(shRange, relSquares(func(s *relSpec) **rangeSpec { return &s.different }), "in :relation: :originaldifferentcount r: r squares differ between P1 and P2 (without it, no square holds another piece)"),
		":originalsamecount":      entry(shRange, relSquares(func(s *relSpec) **rangeSpec { return &s.same }), "in :relation: :originalsamecount r: r occupied squares are the same in P1 and P2"),
		":pattern": refused(shNone, "the manuals say the designators of the list \"define the allowable squares\" without saying whether a designator gives its square part or the squares it matches in P1, so cqlvm does not guess: compare chosen squares with CQL 6 echo, e.g. echo (s t) {s < t  #(square x in SQUARES colortype x != s:colortype x) == 0}",
			"in :relation: compare only the squares of the list's designators"),
		":shift": refused(shNone, noRelShift, "in :relation: P2 may be shifted before the comparison"),
		":flip":  entry(shNone, func(p *parser, l *plist, a *args) { l.rel.flip = true }, "in :relation: P2 may be flipped (any of the eight symmetries of the board) before the comparison"),
		":variations": refused(shNone, "the manuals list it in the relation specifier without a description, so whether P2 may lie in a variation, or P1 too, is not known: write the query in CQL 6 with echo ... in all",
			"in :relation: (not described) variations"),
		":variationsonly": refused(shNone, "the manuals list it in the relation specifier without a description, so what it restricts to variations is not known: write the query in CQL 6 with echo and variation",
			"in :relation: (not described) variations only"),
	}
}

const noRelShift = "cqlvm does not translate a shifted comparison of P2 with P1 (how the squares a shift moves off the board compare is not said): compare the shifted squares yourself in CQL 6 echo, with makesquare"

func relSide(side int) lowerFunc {
	return func(p *parser, l *plist, a *args) { l.rel.side = side }
}

// relPieces records a :missingpiececount or :newpiececount in the slot
// of the specifier that slot gives.
func relPieces(slot func(*relSpec) **relCount) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		setOnce(p, a, slot(l.rel), &relCount{a.desigs[0], a.ranges[0]})
	}
}

// relSquares records an :originaldifferentcount or :originalsamecount.
func relSquares(slot func(*relSpec) **rangeSpec) lowerFunc {
	return func(p *parser, l *plist, a *args) { setOnce(p, a, slot(l.rel), a.ranges[0]) }
}

// setOnce fills a slot of the specifier that may be filled once.
func setOnce[T any](p *parser, a *args, slot **T, v *T) {
	if *slot != nil {
		p.failf(p.argSpan(a.kw), "%s can occur only once in a relation specifier", a.kw)
	}
	*slot = v
}

// readRelation reads `( :keyword args ... )`, the argument of :relation.
func (p *parser) readRelation(kw token) *relSpec {
	open := p.tok()
	if open.kind != tOpen {
		p.failf(rangeErrSpan(kw, open), "%s needs a relation specifier: ( :keyword ... ), e.g. (:missingpiececount A 1)", kw)
	}
	p.advance()
	scratch := &plist{span: open.span, rel: &relSpec{}}
	for {
		t := p.tok()
		switch t.kind {
		case tClose:
			p.advance()
			return scratch.rel
		case tEOF:
			p.failf(open.span, "the '(' of the relation specifier of %s is never closed", kw)
		case tKeyword:
			p.advance()
			if t.neg {
				p.failf(t.span, "%s cannot be negated in a relation specifier", t)
			}
			k, ok := relationKeywords[":"+t.text]
			if _, isPos := positionKeywords[":"+t.text]; !ok && isPos {
				p.failf(t.span, "%s is a position-list keyword: write it in the position list, outside the relation specifier", t)
			}
			if !ok {
				p.unknown(t, relationKeywords, "relation specifier keyword")
			}
			k.lower(p, scratch, p.readArgs(t, k.shape))
		default:
			p.failf(t.span, "expected a relation specifier keyword such as :missingpiececount, got %s", t)
		}
	}
}

// lowerRelation: P1 is the current position, P2 a later position of the
// game (CQL 6 echo; in the searched tree, so with :variations a position
// of a variation too). The designators of the specifier are not changed
// by the list's transforms (CQL 3 manual), hence notransform.
func lowerRelation(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	rel := a.rel
	s, t, x := p.freshName("source"), p.freshName("target"), p.freshName("sq")
	body := []*syntax.Node{cmp("<", varNode(s, sp), varNode(t, sp))}
	switch rel.side {
	case 0:
		body = append(body, p.template(sp, fmt.Sprintf("sidetomove == %s:sidetomove", s))...)
	case 1:
		body = append(body, p.template(sp, fmt.Sprintf("sidetomove != %s:sidetomove", s))...)
	}
	if rel.flip {
		var alts []*syntax.Node
		for _, image := range dihedral {
			alts = append(alts, conj(sp, p.boardTests(rel, imaged, sp, s, x, image)))
		}
		body = append(body, orAll(alts))
	} else {
		body = append(body, p.boardTests(rel, sameSquares, sp, s, x, "%[2]s")...)
	}
	echo := &syntax.Node{Kind: syntax.KEcho, Span: sp, Flags: syntax.FlagQuiet, Params: []string{s, t},
		Args: []*syntax.Node{{Kind: syntax.KCompound, Span: sp, Args: body}}}
	l.relation, l.hasRelation = sp, true
	l.add(&syntax.Node{Kind: syntax.KNoTransform, Span: sp, Args: []*syntax.Node{echo}})
}

// dihedral are the images of a square %[2]s under the eight flips of the
// board (:flip: "Allow P2 to be flipped before the comparison").
var dihedral = []string{
	"%[2]s",
	"makesquare (9 - file %[2]s  rank %[2]s)",
	"makesquare (file %[2]s  9 - rank %[2]s)",
	"makesquare (9 - file %[2]s  9 - rank %[2]s)",
	"makesquare (rank %[2]s  file %[2]s)",
	"makesquare (9 - rank %[2]s  file %[2]s)",
	"makesquare (rank %[2]s  9 - file %[2]s)",
	"makesquare (9 - rank %[2]s  9 - file %[2]s)",
}

// boardTexts are the CQL 6 texts of the comparisons of the two boards,
// with %[1]s for the source, %[2]s for a square x of P1, %[3]s for its
// image in P2, and hole1 for a designator: the number of missing pieces
// (on x in P1, the image empty in P2) and of new ones (the reverse), the
// number of differing squares, the test that some square holds another
// piece, the number of occupied squares that are the same.
type boardTexts struct{ missing, added, different, changed, same string }

// sameSquares compares each square with itself, in set operations where
// it can (much faster than a loop over the squares); imaged compares each
// square with an image.
var (
	sameSquares = boardTexts{
		missing:   "#(%[1]s:hole1 & _)",
		added:     "#(hole1 & %[1]s:_)",
		different: "#(square %[2]s in . colortype %[2]s != %[1]s:colortype %[2]s)",
		changed:   "square %[2]s in [Aa] & %[1]s:[Aa] colortype %[2]s != %[1]s:colortype %[2]s",
		same:      "#(square %[2]s in [Aa] colortype %[2]s == %[1]s:colortype %[2]s)",
	}
	imaged = boardTexts{
		missing:   "#(square %[2]s in %[1]s:hole1 %[3]s & _)",
		added:     "#(square %[2]s in %[1]s:_ %[3]s & hole1)",
		different: "#(square %[2]s in . colortype %[3]s != %[1]s:colortype %[2]s)",
		changed:   "square %[2]s in %[1]s:[Aa] {%[3]s & [Aa]  colortype %[3]s != %[1]s:colortype %[2]s}",
		same:      "#(square %[2]s in %[1]s:[Aa] colortype %[3]s == %[1]s:colortype %[2]s)",
	}
)

// boardTests compare the boards of P1 (the source s) and P2 (the current
// position) as texts says, square x of P1 with its image in P2 (a square
// set written with %[2]s for x).
func (p *parser) boardTests(rel *relSpec, texts boardTexts, sp source.Span, s, x, image string) []*syntax.Node {
	at := func(text string, holes ...*syntax.Node) *syntax.Node {
		text = strings.ReplaceAll(text, "%[3]s", image)
		return conj(sp, p.template(sp, fmt.Sprintf(text, s, x), holes...))
	}
	tests := p.pieceTests(rel.missing, sp, at, texts.missing)
	tests = append(tests, p.pieceTests(rel.added, sp, at, texts.added)...)
	if rel.different != nil {
		tests = append(tests, p.inRange(at(texts.different), rel.different))
	} else {
		// "in no case is P2 allowed to have a different piece on a square than P1"
		tests = append(tests, not(at(texts.changed)))
	}
	if rel.same != nil {
		tests = append(tests, p.inRange(at(texts.same), rel.same))
	}
	return tests
}

// pieceTests are the tests of a :missingpiececount or :newpiececount
// (count is the number of pieces of a designator, hole1): every such
// piece matches the designator, and their number lies in the range. By
// default there are none.
func (p *parser) pieceTests(c *relCount, sp source.Span, at func(string, ...*syntax.Node) *syntax.Node, count string) []*syntax.Node {
	every := p.template(sp, "[Aa]")[0]
	if c == nil {
		return []*syntax.Node{cmp("==", at(count, every), number(0, sp))}
	}
	tests := []*syntax.Node{p.inRange(at(count, c.desig), c.r)}
	if syntax.Dump(c.desig) != syntax.Dump(every) {
		tests = append([]*syntax.Node{cmp("==", at(count, every), at(count, c.desig))}, tests...)
	}
	return tests
}

func varNode(name string, sp source.Span) *syntax.Node {
	return &syntax.Node{Kind: syntax.KVar, Span: sp, Str: name}
}

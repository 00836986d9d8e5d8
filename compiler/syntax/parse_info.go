package syntax

import (
	"strings"

	"github.com/cqlvm/cqlvm/source"
)

// implicitSearch turns `player white "Adams"` into `"Adams" in player
// white`, except directly among the arguments of str, comment and message,
// where the literal is the next argument (str.html).
func (p *Parser) implicitSearch(n *Node) *Node {
	if p.strArgs {
		return n
	}
	return p.searchLiteral(n)
}

// searchLiteral reads a string literal after n as a search in n's value.
func (p *Parser) searchLiteral(n *Node) *Node {
	if s := p.tok(); s.Kind == TString {
		p.advance()
		lit := &Node{Kind: KString, Span: s.Span, Str: s.Str}
		return p.node(KIn, source.Join(n.Span, s.Span), lit, n)
	}
	return n
}

func (p *Parser) parsePlayer(t Token) *Node {
	n := &Node{Kind: KPlayer}
	if p.acceptIdent("white") {
		n.Int = 1
	} else if p.acceptIdent("black") {
		n.Int = 2
	}
	n.Span = p.spanFrom(t.Span.From)
	return p.implicitSearch(n)
}

func (p *Parser) parseElo(t Token) *Node {
	n := &Node{Kind: KElo}
	if p.acceptIdent("white") {
		n.Int = 1
	} else if p.acceptIdent("black") {
		n.Int = 2
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseResult(t Token) *Node {
	r, ok := p.resultValue()
	if !ok {
		return nil
	}
	return &Node{Kind: KResult, Span: source.Join(t.Span, r.Span), Str: r.Str}
}

// resultValue reads the result after `result` (the filter or the header
// parameter): 1-0, 0-1 or 1/2-1/2, bare or quoted as the official
// program also reads it; the token's Str is the result.
func (p *Parser) resultValue() (Token, bool) {
	r := p.advance()
	switch {
	case r.Kind == TResult:
		r.Str = r.Text
		return r, true
	case r.Kind == TString && (r.Str == "1-0" || r.Str == "0-1" || r.Str == "1/2-1/2"):
		return r, true
	}
	p.errorf(r.Span, "expected 1-0, 0-1 or 1/2-1/2 after 'result'")
	return r, false
}

func (p *Parser) parseTag(t Token) *Node {
	nameNode := p.tagName(t)
	if nameNode == nil {
		return nil
	}
	if name := nameNode.Str; nameNode.Kind == KString {
		switch {
		case tagNamesRejected[name]:
			p.errorf(nameNode.Span, "CQL 6.2 does not support 'tag' or 'settag' with tag names close to built-in tag names: %s", name)
			return nil
		case name != "White" && name != "Black" && (strings.HasPrefix(name, "White") || strings.HasPrefix(name, "Black")):
			p.errorf(nameNode.Span, "tag names that begin with 'White' or 'Black' cannot be used in CQL 6.2: %s", name)
			return nil
		}
	}
	// not an implicit search: the official program reads a literal after
	// tag "X" as the next filter or argument (comment(tag "X" "!") writes
	// the value and "!")
	return &Node{Kind: KTagValue, Span: p.spanFrom(t.Span.From), Str: nameNode.Str}
}

// tagName reads the name after tag or removetag: a quoted name, or one
// argument in parentheses.
func (p *Parser) tagName(t Token) *Node {
	if p.isPunct("(") {
		args := p.parseArgList(t.Text)
		if len(args) != 1 {
			p.errorf(p.spanFrom(t.Span.From), "'%s' takes one tag name", t.Text)
			return nil
		}
		return args[0]
	}
	s := p.advance()
	if s.Kind != TString {
		p.errorf(s.Span, "expected a quoted tag name after '%s'", t.Text)
		return nil
	}
	return &Node{Kind: KString, Span: s.Span, Str: s.Str}
}

// tagNamesRejected are the names `tag` refuses, as the official program
// does: not the built-in tags' own spellings (tag "White", tag "ECO" and
// tag "EventDate" read those tags) but these other spellings of them,
// found by trying each name in lower case, upper case and capitalised
// ("round", "eCO" and "Eventdate" are accepted, and so is any name not
// listed); Round and Result in any of those forms.
var tagNamesRejected = map[string]bool{
	"white": true, "WHITE": true, "black": true, "BLACK": true,
	"event": true, "EVENT": true, "site": true, "SITE": true, "date": true, "DATE": true,
	"Round": true, "ROUND": true, "Result": true, "result": true, "RESULT": true,
	"Eco": true, "eco": true, "eventdate": true, "EVENTDATE": true, "Fen": true, "fen": true,
}

func (p *Parser) parseFen(t Token) *Node {
	n := &Node{Kind: KFen, Span: t.Span}
	if s := p.tok(); s.Kind == TString && !p.strArgs {
		p.advance()
		n.Str = s.Str
		n.Flags |= FlagAll // compare mode
		n.Span = source.Join(t.Span, s.Span)
	}
	return n
}

// parseSimilarPosition parses similarposition [notransform] "FILE".
// (The manual's nosort parameter, about the order of the output, is
// not read.)
func (p *Parser) parseSimilarPosition(t Token) *Node {
	n := &Node{Kind: KSimilarPosition, Span: t.Span}
	if p.acceptIdent("notransform") {
		n.Flags |= FlagAll
	}
	s := p.tok()
	if s.Kind != TString {
		p.errorf(s.Span, "expected the quoted name of a PGN file after similarposition")
		return nil
	}
	p.advance()
	n.Str = s.Str
	n.Span = source.Join(t.Span, s.Span)
	return n
}

// parseOriginalComment parses originalcomment, and hascomment, its CQL 6.0
// synonym. A string literal naming a NAG ("$6", or "?!" from the table of
// glyphs) tests for that NAG; any other literal is an implicit search.
func (p *Parser) parseOriginalComment(t Token) *Node {
	if s := p.tok(); s.Kind == TString {
		if nag, ok := nagLiteral(s.Str); ok {
			p.advance()
			return &Node{Kind: KHasNAG, Span: source.Join(t.Span, s.Span), Int: int64(nag)}
		}
	}
	// implicitsearch.html: originalcomment is "almost" an implicit search
	// filter, not one; its literal stays a search among str's arguments
	n := &Node{Kind: KOriginalComment, Span: t.Span}
	return p.searchLiteral(n)
}

// nagGlyphs are the annotation symbols CQL reads as NAGs.
var nagGlyphs = map[string]int{
	"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6, "=": 10,
	"+/=": 14, "=/+": 15, "+/-": 16, "-/+": 17, "+-": 18, "-+": 19,
}

// nagLiteral reports the NAG a string literal names: "$" and a number
// below 256, or one of nagGlyphs.
func nagLiteral(s string) (int, bool) {
	if n, ok := nagGlyphs[s]; ok {
		return n, true
	}
	if len(s) < 2 || s[0] != '$' {
		return 0, false
	}
	n := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		if n > 255 {
			return 0, false
		}
	}
	return n, true
}

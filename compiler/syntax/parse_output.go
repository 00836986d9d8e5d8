package syntax

import "strings"

func (p *Parser) parseSort(t Token) *Node {
	n := &Node{Kind: KSort}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	explicit := false
	if p.acceptIdent("min") {
		n.Flags |= FlagMin
		explicit = true
	} else if p.acceptIdent("max") {
		explicit = true
	}
	if s := p.tok(); s.Kind == TString && (s.Str != "" || !explicit) {
		p.advance()
		n.Str = s.Str
	} else if explicit {
		// the official message asks for a nonempty documentation string
		p.errorf(s.Span, "when 'max' or 'min' follows 'sort' a nonempty documentation string must follow, for example sort min \"npieces\" ...")
		return nil
	}
	if num := p.tok(); num.Kind == TNumber {
		p.errorf(num.Span, "following 'sort' saw the number %d; ranges are no longer supported in 'sort'", num.Num)
		return nil
	}
	b := p.body(t)
	if b == nil {
		return nil
	}
	n.Args = []*Node{b}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// parseComment handles `comment (args)`, `comment arg`, `message ...`.
func (p *Parser) parseComment(t Token) *Node {
	n := &Node{Kind: KComment}
	if t.Text == "message" {
		n.Kind = KMessage
	}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	if p.isPunct("(") {
		n.Args = p.parseStrArgList(t.Text)
		if n.Args == nil && p.failed() {
			return nil
		}
	} else {
		a := p.parseExpr(levelIn)
		if a == nil {
			p.errorf(t.Span, "expected arguments after '%s'", t.Text)
			return nil
		}
		n.Args = []*Node{a}
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseStr(t Token) *Node {
	if p.isPunct("(") {
		args := p.parseStrArgList("str")
		if args == nil {
			return nil
		}
		return p.node(KStr, p.spanFrom(t.Span.From), args...)
	}
	return p.prefix(KStr, t, levelArrow)
}

// parseTripleSlash: `/// args` — the arguments are the filters on the
// same line (each must end on it), read as the arguments of comment(...) are (infix
// expressions included: /// "near: " A attackedby k).
func (p *Parser) parseTripleSlash() *Node {
	defer p.withStrArgs(true)()
	t := p.advance()
	line, _ := p.src.Position(int(t.Span.From))
	n := &Node{Kind: KComment}
	for p.tok().Kind != TEOF && !p.isPunct("}") && !p.isPunct(")") {
		l, _ := p.src.Position(int(p.tok().Span.From))
		if l != line {
			break
		}
		a := p.parseFilter()
		if a == nil {
			break
		}
		// the official program ends the arguments with the line: one
		// that starts on it must end on it too
		if last, _ := p.src.Position(int(a.Span.To) - 1); last != line {
			p.errorf(a.Span, "an argument of /// must end on its line, this one runs on to line %d (comment(...) takes arguments over several lines)", last)
		}
		n.Args = append(n.Args, a)
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// parseRemoveTag: `removetag "X"` or `removetag(X)`, whose name is read
// as tag's is.
func (p *Parser) parseRemoveTag(t Token) *Node {
	nameNode := p.tagName(t)
	if nameNode == nil {
		return nil
	}
	if nameNode.Kind == KString && builtinTags[strings.ToLower(nameNode.Str)] {
		p.errorf(nameNode.Span, "CQL 6.2 does not support 'tag' or 'settag' with tag names close to built-in tag names: %s", nameNode.Str)
		return nil
	}
	return p.node(KRemoveTag, p.spanFrom(t.Span.From), nameNode)
}

// builtinTags are tags that `tag "X"` may not name (CQL 6.2 rejects names
// close to the built-in tag filters).
var builtinTags = map[string]bool{
	"white": true, "black": true, "event": true, "site": true, "date": true, "round": true,
	"result": true, "eco": true, "eventdate": true, "whiteelo": true, "blackelo": true, "fen": true,
}

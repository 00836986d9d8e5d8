package syntax

import (
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/source"
)

// parseUnary parses an operand: a literal, a prefix filter, a keyword
// filter, a variable, a call, a group or a compound.
func (p *Parser) parseUnary(min int) *Node {
	t := p.tok()
	switch t.Kind {
	case TEOF:
		return nil
	case TNumber:
		p.advance()
		return &Node{Kind: KNumber, Span: t.Span, Int: t.Num}
	case TString:
		p.advance()
		return &Node{Kind: KString, Span: t.Span, Str: t.Str}
	case TGroup:
		p.advance()
		return groupNode(t)
	case TDesig:
		return p.parseDesignator()
	case TComment:
		return p.parseTripleSlash()
	case TResult:
		p.advance()
		p.errorf(t.Span, "a result such as %s can only follow 'result'", t.Text)
		return nil
	case TIdent:
		return p.parseWord(min)
	case TPunct:
		return p.parsePunctOperand(t)
	}
	p.errorf(t.Span, "unexpected %s", t)
	return nil
}

// groupNode is \n, the text of regex group n, or \-n, its offset. The
// sign is read from the text: \-0 (the offset of the whole match) has the
// same number as \0.
func groupNode(t Token) *Node {
	n := &Node{Kind: KGroup, Span: t.Span, Int: t.Num}
	if strings.HasPrefix(t.Text, `\-`) {
		n.Int = -t.Num
		n.Flags |= FlagOffset
	}
	return n
}

func (p *Parser) parsePunctOperand(t Token) *Node {
	switch t.Text {
	case "(":
		return p.parseParens()
	case "{":
		return p.parseCompound()
	case "#":
		p.advance()
		return p.prefix(KCount, t, levelArrow)
	case "~":
		p.advance()
		return p.prefix(KCompl, t, levelAttack)
	case "-":
		p.advance()
		if n := p.tok(); n.Kind == TNumber && !n.SpaceBefore {
			p.advance()
			return &Node{Kind: KNumber, Span: source.Join(t.Span, n.Span), Int: -n.Num}
		}
		return p.prefix(KNeg, t, levelMul)
	case "--", "[x]":
		return p.parseDash(nil, t.Span.From)
	case "[forall]":
		return p.parseForall()
	}
	p.advance()
	p.errorf(t.Span, "unexpected %s", t)
	return nil
}

// prefix parses the argument of a one-argument prefix filter at level.
func (p *Parser) prefix(k Kind, t Token, level int) *Node {
	if k == KPosition {
		// position N:F is (position N):F, as the official program reads
		// it (position 0:wtm, position 1 + 1 : wtm), and so is a set
		// operator: position 0 & position 1 is (position 0) & (position 1)
		p.noColon++
		p.noSetOps++
		defer func() { p.noColon--; p.noSetOps-- }()
	}
	arg := p.parseExpr(level)
	if arg == nil {
		p.errorf(t.Span, "missing argument after '%s'", t.Text)
		return nil
	}
	return p.node(k, source.Join(t.Span, arg.Span), arg)
}

// body parses the single filter that is the body of a transform, find,
// sort, echo, piece/square loop, ...
func (p *Parser) body(what Token) *Node {
	defer p.withStrArgs(false)()
	if !canStartFilter(p.tok()) {
		p.errorf(p.tok().Span, "expected a filter following '%s'", what.Text)
		return nil
	}
	return p.parseExpr(levelBody)
}

// withNoColon sets noColon (0: a ':' is an operator again inside
// parentheses and braces), and clears noSetOps there and in argument
// lists and indexes, and returns the function that restores them.
func (p *Parser) withNoColon(n int) func() {
	saved, savedSetOps := p.noColon, p.noSetOps
	p.noColon, p.noSetOps = n, 0
	return func() { p.noColon, p.noSetOps = saved, savedSetOps }
}

func (p *Parser) parseParens() *Node {
	defer p.withStrArgs(false)()
	defer p.withNoColon(0)()
	open := p.advance()
	if p.isPunct(")") {
		p.errorf(p.tok().Span, "empty parentheses")
		p.advance()
		return nil
	}
	inner := p.parseFilter()
	if inner == nil {
		p.errorf(open.Span, "expected a filter after '('")
		return nil
	}
	if !p.isPunct(")") {
		if p.tok().Kind == TEOF {
			p.errorf(open.Span, "the '(' is never closed")
		} else {
			p.errorf(p.tok().Span, "expected ')' to close the '(' at %s, got %s", p.where(open), p.tok())
		}
		return inner
	}
	p.advance()
	return inner
}

func (p *Parser) where(t Token) string {
	line, col := p.src.Position(int(t.Span.From))
	return strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

func (p *Parser) parseCompound() *Node {
	defer p.withStrArgs(false)()
	defer p.withNoColon(0)()
	open := p.advance()
	n := &Node{Kind: KCompound}
	for !p.isPunct("}") {
		if p.tok().Kind == TEOF {
			p.errorf(open.Span, "the '{' is never closed")
			return nil
		}
		if p.isPunct(")") {
			p.errorf(p.tok().Span, "unmatched ')' inside '{' opened at %s", p.where(open))
			return nil
		}
		arg := p.parseFilter()
		if arg == nil || p.failed() {
			return nil
		}
		n.Args = append(n.Args, arg)
	}
	p.advance()
	n.Span = p.spanFrom(open.Span.From)
	if len(n.Args) == 0 {
		p.errorf(n.Span, "empty compound filter '{}'")
		return nil
	}
	return n
}

// parseArgList parses `( F1 F2 ... )`: filters separated by blanks.
func (p *Parser) parseArgList(what string) []*Node {
	defer p.withStrArgs(false)()
	return p.argList(what)
}

// parseStrArgList parses the arguments of str, comment and message, where
// `F "text"` is two arguments when F is an implicit-search filter or fen
// (str.html, "implicit search parameter; fen special treatment").
func (p *Parser) parseStrArgList(what string) []*Node {
	defer p.withStrArgs(true)()
	return p.argList(what)
}

func (p *Parser) argList(what string) []*Node {
	savedSetOps := p.noSetOps
	p.noSetOps = 0
	defer func() { p.noSetOps = savedSetOps }()
	if !p.expectPunct("(", "after '"+what+"'") {
		return nil
	}
	var args []*Node
	for !p.isPunct(")") {
		if p.tok().Kind == TEOF || p.failed() {
			p.errorf(p.tok().Span, "expected ')' to close the arguments of '%s'", what)
			return nil
		}
		a := p.parseFilter()
		if a == nil {
			return nil
		}
		args = append(args, a)
	}
	p.advance()
	if args == nil {
		args = []*Node{} // `()`: parsed, but empty; nil means a syntax error
	}
	return args
}

// parseDesignator handles a piece designator token, including the 6.2
// piece-variable declaration `[Aa]x` glued to an identifier.
func (p *Parser) parseDesignator() *Node {
	t := p.advance()
	if next := p.tok(); next.Kind == TIdent && !next.SpaceBefore && t.Desig.Pieces == MaskWhite|MaskBlack && !t.Desig.HasSquares {
		return p.parsePieceVarDecl(t)
	}
	return &Node{Kind: KDesig, Span: t.Span, Desig: t.Desig}
}

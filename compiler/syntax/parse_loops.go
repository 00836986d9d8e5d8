package syntax

// parseSquareLoop: `square [all] x in S body`.
func (p *Parser) parseSquareLoop(t Token) *Node { return p.parseLoopDecl(t, KSquareLoop) }

// parsePieceLoop: `piece [all] x in S body` or `piece x = S`.
func (p *Parser) parsePieceLoop(t Token) *Node { return p.parseLoopDecl(t, KPieceLoop) }

func (p *Parser) parseLoopDecl(t Token, kind Kind) *Node {
	all := p.acceptIdent("all")
	name := p.advance()
	if name.Kind != TIdent || IsReserved(name.Text) {
		p.errorf(name.Span, "expected a variable name after '%s', got %s", t.Text, name)
		return nil
	}
	if kind == KPieceLoop && !all && p.acceptPunct("=") {
		rhs := p.parseExpr(levelArrow)
		if rhs == nil {
			p.errorf(name.Span, "missing right side of the piece assignment")
			return nil
		}
		return p.node(KPieceAssign, p.spanFrom(t.Span.From), &Node{Kind: KVar, Span: name.Span, Str: name.Text}, rhs)
	}
	if !p.acceptIdent("in") && !p.acceptPunct("[element]") {
		p.errorf(p.tok().Span, "expected 'in' after the %s variable %s", t.Text, name.Text)
		return nil
	}
	return p.loopAfterIn(kind, t, name.Text, all)
}

func (p *Parser) parseWhile(t Token) *Node {
	if !p.expectPunct("(", "after 'while'") {
		return nil
	}
	test := p.parseFilter()
	if test == nil || !p.expectPunct(")", "after the while test") {
		return nil
	}
	b := p.body(t)
	if b == nil {
		return nil
	}
	return p.node(KWhile, p.spanFrom(t.Span.From), test, b)
}

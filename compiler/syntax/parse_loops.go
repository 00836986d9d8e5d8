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

// parsePieceVarDecl: `[Aa]x = S` (piece assignment) or `[Aa]x [element] S body`.
func (p *Parser) parsePieceVarDecl(mark Token) *Node {
	name := p.advance()
	if p.acceptPunct("[element]") {
		return p.loopAfterIn(KPieceLoop, mark, name.Text, false)
	}
	if p.acceptPunct("=") {
		rhs := p.parseExpr(levelArrow)
		if rhs == nil {
			p.errorf(name.Span, "missing right side of the piece assignment")
			return nil
		}
		n := p.node(KPieceAssign, p.spanFrom(mark.Span.From), &Node{Kind: KVar, Span: name.Span, Str: name.Text}, rhs)
		return n
	}
	p.errorf(p.tok().Span, "expected '=' or '[element]' after the piece variable %s", name.Text)
	return nil
}

// parseForall: `[forall] x [element] S body` or `[forall] [Aa]x [element] S body`.
func (p *Parser) parseForall() *Node {
	fa := p.advance()
	kind := KSquareLoop
	if t := p.tok(); t.Kind == TDesig && t.Desig.Pieces == MaskWhite|MaskBlack && !t.Desig.HasSquares {
		p.advance()
		kind = KPieceLoop
	}
	name := p.advance()
	if name.Kind != TIdent {
		p.errorf(name.Span, "expected a variable name after [forall]")
		return nil
	}
	if !p.expectPunct("[element]", "after the [forall] variable") {
		return nil
	}
	return p.loopAfterIn(kind, fa, name.Text, true)
}

// loopAfterIn parses `S body` of a piece or square loop.
func (p *Parser) loopAfterIn(kind Kind, start Token, name string, all bool) *Node {
	p.bind(name)
	set := p.parseExpr(levelArrow)
	if set == nil {
		p.errorf(p.tok().Span, "expected a set after 'in'")
		return nil
	}
	body := p.body(start)
	if body == nil {
		return nil
	}
	n := p.node(kind, p.spanFrom(start.Span.From), set, body)
	n.Str = name
	if all {
		n.Flags |= FlagAll
	}
	return n
}

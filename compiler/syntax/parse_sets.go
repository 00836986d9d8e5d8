package syntax

func (p *Parser) parseDirection(d Dir) *Node {
	t := p.advance()
	n := &Node{Kind: KDirection, Dirs: d}
	p.rangeBounds(n, numericVar, true)
	arg := p.parseExpr(levelIndex)
	if arg == nil {
		p.errorf(t.Span, "expected a set after '%s'", t.Text)
		return nil
	}
	n.Args = []*Node{arg}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parsePin(t Token) *Node {
	n := &Node{Kind: KPin, Args: make([]*Node, 3), Int: -1}
	for {
		var slot int
		switch {
		case p.isIdent("from"):
			slot = 0
		case p.isIdent("through"):
			slot = 1
		case p.isIdent("to"):
			slot = 2
		default:
			n.Span = p.spanFrom(t.Span.From)
			if n.Int < 0 {
				n.Int = 1 // the value of a bare pin is the pinned pieces
			}
			return n
		}
		kw := p.advance()
		if n.Args[slot] != nil {
			p.errorf(kw.Span, "'%s' given twice in pin", kw.Text)
			return nil
		}
		arg := p.parseExpr(levelParam + 1)
		if arg == nil {
			p.errorf(kw.Span, "expected a set after '%s'", kw.Text)
			return nil
		}
		n.Args[slot] = arg
		if n.Int < 0 {
			n.Int = int64(slot)
		}
	}
}

func (p *Parser) parseRay(t Token) *Node {
	n := &Node{Kind: KRay}
	for {
		w := p.tok()
		if w.Kind != TIdent {
			break
		}
		if d, ok := directionKeywords[w.Text]; ok {
			n.Dirs |= d
			p.advance()
			continue
		}
		if w.Text == "attack" {
			n.Flags |= FlagAttack
			p.advance()
			continue
		}
		break
	}
	n.Args = p.parseArgList("ray")
	if n.Args == nil {
		return nil
	}
	n.Span = p.spanFrom(t.Span.From)
	return p.checkRayLength(t, n)
}

// checkRayLength: a ray's arguments lie on consecutive squares of one
// line, so there are between two and eight of them.
func (p *Parser) checkRayLength(t Token, n *Node) *Node {
	switch {
	case len(n.Args) < 2:
		p.errorf(n.Span, "'%s' needs at least two arguments", t.Text)
		return nil
	case len(n.Args) > 8:
		p.errorf(n.Span, "'%s' takes at most eight arguments (a ray has at most eight squares), got %d", t.Text, len(n.Args))
		return nil
	}
	return n
}

func (p *Parser) parseMakeSquare(t Token) *Node {
	if p.isPunct("(") {
		args := p.parseArgList("makesquare")
		if args == nil {
			return nil
		}
		if len(args) != 1 && len(args) != 2 {
			p.errorf(p.spanFrom(t.Span.From), "makesquare takes a string or a file and a rank")
			return nil
		}
		return p.node(KMakeSquare, p.spanFrom(t.Span.From), args...)
	}
	return p.prefix(KMakeSquare, t, levelIndex)
}

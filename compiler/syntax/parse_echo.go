package syntax

func (p *Parser) parseEcho(t Token) *Node {
	n := &Node{Kind: KEcho}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	if !p.expectPunct("(", "after 'echo'") {
		return nil
	}
	for i := 0; i < 2; i++ {
		v := p.advance()
		if v.Kind != TIdent || IsReserved(v.Text) {
			p.errorf(v.Span, "expected two variable names in echo (source target)")
			return nil
		}
		n.Params = append(n.Params, v.Text)
		p.bind(v.Text)
	}
	if !p.expectPunct(")", "after the echo variables") {
		return nil
	}
	if p.isIdent("in") && p.peek(1).Kind == TIdent && p.peek(1).Text == "all" {
		p.advance()
		p.advance()
		n.Flags |= FlagInAll
	}
	if !canStartFilter(p.tok()) {
		p.errorf(p.tok().Span, "expected filter following 'echo(...)'")
		return nil
	}
	b := p.parseFilter()
	if b == nil {
		return nil
	}
	n.Args = []*Node{b}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

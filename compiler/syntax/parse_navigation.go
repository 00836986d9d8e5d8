package syntax

func (p *Parser) parseConsecutiveMoves(t Token) *Node {
	n := &Node{Kind: KConsecutiveMoves}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	p.rangeBounds(n, anyVar, false)
	args := p.parseArgList("consecutivemoves")
	if args == nil {
		return nil
	}
	if len(args) != 2 {
		p.errorf(p.spanFrom(t.Span.From), "consecutivemoves takes two positions")
		return nil
	}
	n.Args = args
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseChild(t Token) *Node {
	n := &Node{Kind: KChild, Span: t.Span}
	// child (N) with a blank is child(N) too, as the official program
	// reads it: "child (check)" is an error there, not child then (check)
	if p.isPunct("(") {
		args := p.parseArgList("child")
		if len(args) != 1 {
			p.errorf(p.spanFrom(t.Span.From), "child takes one argument")
			return nil
		}
		n.Args = args
		n.Span = p.spanFrom(t.Span.From)
	}
	return n
}

package syntax

func (p *Parser) parseFind(t Token) *Node {
	n := &Node{Kind: KFind}
	for {
		switch {
		case p.acceptIdent("all"), p.acceptIdent("count"):
			// find count is accepted by the official program and counts
			// as find all does
			n.Flags |= FlagAll
		case p.acceptIdent("quiet"):
			n.Flags |= FlagQuiet
		case p.acceptPunct("<--"):
			n.Flags |= FlagBackward
		default:
			if p.rangeBounds(n, numericVar, true) {
				continue
			}
			b := p.body(t)
			if b == nil {
				return nil
			}
			n.Args = []*Node{b}
			n.Span = p.spanFrom(t.Span.From)
			return n
		}
	}
}

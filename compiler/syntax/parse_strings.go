package syntax

// parseIndex parses the inside of x[...] after the '[': an index `x[i]`
// or a slice `x[i:j]`.
func (p *Parser) parseIndex(x *Node) *Node {
	p.noColon++
	savedSetOps := p.noSetOps
	p.noSetOps = 0
	defer func() { p.noColon--; p.noSetOps = savedSetOps }()
	var from, to *Node
	if !p.isPunct(":") {
		from = p.parseFilter()
	}
	if p.acceptPunct(":") {
		if !p.isPunct("]") {
			to = p.parseFilter()
		}
		if !p.expectPunct("]", "to close the slice") {
			return nil
		}
		if from == nil {
			from = &Node{Kind: KNumber, Span: x.Span}
		}
		n := p.node(KSlice, p.spanFrom(x.Span.From), x, from)
		if to != nil {
			n.Args = append(n.Args, to)
		}
		return n
	}
	if !p.expectPunct("]", "to close the index") || from == nil {
		return nil
	}
	return p.node(KStrIndex, p.spanFrom(x.Span.From), x, from)
}

func (p *Parser) parseReadFile(t Token) *Node {
	return p.prefix(KReadFile, t, levelArrow)
}

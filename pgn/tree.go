package pgn

// renumber puts g.Nodes, built in the order the moves appear in the PGN
// text, into pre-order with each node's first child (and that child's whole
// subtree) before its later children. In "1.e4 (1.d4 d5) e5" the text order
// is root, e4, d4, d5, e5; the pre-order is root, e4, e5, d4, d5, so that
// the mainline node of ply n is Nodes[n].
func (p *Parser) renumber() {
	nodes := p.g.Nodes
	order := p.order[:0]
	for v := int32(0); ; {
		order = append(order, v)
		if c := nodes[v].FirstChild; c >= 0 {
			v = c
			continue
		}
		for v != 0 && nodes[v].NextSibling < 0 {
			v = nodes[v].Parent
		}
		if v == 0 {
			break
		}
		v = nodes[v].NextSibling
	}
	newIndex := p.lastChild[:len(nodes)] // free now that the tree is built
	for k, old := range order {
		newIndex[old] = int32(k)
	}
	remap := func(i int32) int32 {
		if i < 0 {
			return i
		}
		return newIndex[i]
	}
	sorted := p.spare[:0]
	if cap(sorted) < len(nodes) {
		sorted = make([]Node, 0, cap(nodes))
	}
	sorted = sorted[:len(nodes)]
	for k, old := range order {
		n := &sorted[k]
		*n = nodes[old]
		n.Parent, n.FirstChild, n.NextSibling = remap(n.Parent), remap(n.FirstChild), remap(n.NextSibling)
	}
	p.g.Nodes, p.spare, p.order = sorted, nodes[:0], order
}

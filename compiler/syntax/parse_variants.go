package syntax

// The variant filters, cqlvm extensions of CQL 6 for games of chess
// variants: variant names the game's variant, checkcount counts the
// checks given in Three-check, inhand lists the pieces in hand in
// Crazyhouse, drop is the square a piece was just dropped on. checkcount
// and inhand take a view, as clock does.

func (p *Parser) parseVariantName(t Token) *Node { return &Node{Kind: KVariantName, Span: t.Span} }
func (p *Parser) parseCheckCount(t Token) *Node  { return p.annotation(t, KCheckCount, ViewNatural) }
func (p *Parser) parseInHand(t Token) *Node      { return p.annotation(t, KInHand, ViewNatural) }

// parseDrop reads drop, which takes no view.
func (p *Parser) parseDrop(t Token) *Node {
	return &Node{Kind: KDrop, Span: t.Span}
}

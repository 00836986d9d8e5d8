package syntax

// TransformNamed is the transform a keyword names (the command line's
// -flipcolor and the like).
func TransformNamed(word string) (TransformKind, bool) {
	k, ok := transformKeywords[word]
	return k, ok
}

func (p *Parser) parseTransform(tk TransformKind) *Node {
	t := p.advance()
	n := &Node{Kind: KTransform, TKind: tk}
	if tk == TReverseColor {
		// one member: no count and no range (the official program reads
		// reversecolor 1 F as the body 1, and refuses reversecolor count)
		if c := p.tok(); c.Kind == TIdent && c.Text == "count" {
			p.errorf(c.Span, "'reversecolor' takes no 'count': it has a single transform; expected a filter")
			return nil
		}
	} else if p.acceptIdent("count") {
		n.Flags |= FlagCount
	} else if count := p.transformRange(); count > 0 {
		lo, _ := p.optInt()
		hi := lo
		if count == 2 {
			hi, _ = p.optInt()
		}
		n.Int, n.Int2, n.HasRange = lo, hi, true
	}
	b := p.body(t)
	if b == nil {
		return nil
	}
	n.Args = []*Node{b}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// transformRange is how many of the numbers ahead (0, 1 or 2) are the
// range of a transform; the rest begin its body. As in the official
// program, a number is in the range when the token after it is another
// number or can begin the body: flipcolor.html writes `⬓2==△→♚` (the body
// 2==△→♚), `rotate90 2 4 F` has a range of two, `flip 1 2 ~K` a range of
// one and the body 2. A '-' is not a sign here: `flipcolor 1 -1 < 0` is
// the body 1 - 1 < 0.
func (p *Parser) transformRange() int {
	switch {
	case p.peek(0).Kind != TNumber:
		return 0
	case p.peek(1).Kind == TNumber && canStartRangedBody(p.peek(2)):
		return 2
	case p.peek(1).Kind == TNumber || canStartRangedBody(p.peek(1)):
		return 1
	}
	return 0
}

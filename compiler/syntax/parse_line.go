package syntax

import "github.com/cqlvm/cqlvm/source"

// parseLine: `line [range] [params] --> C --> C ...` (or `<--`).
func (p *Parser) parseLine(t Token) *Node {
	n := &Node{Kind: KLine, Seq: &Seq{}}
	for {
		if p.rangeBounds(n, anyVar, false) {
			continue
		}
		w := p.tok()
		if w.Kind != TIdent {
			break
		}
		f, ok := map[string]uint32{
			"firstmatch": FlagFirstMatch, "lastposition": FlagLastPosition, "singlecolor": FlagSingleColor,
			"quiet": FlagQuiet, "nestban": FlagNestBan, "primary": FlagPrimary, "secondary": FlagSecondary,
		}[w.Text]
		if !ok {
			break
		}
		n.Flags |= f
		p.advance()
	}
	arrow := p.tok()
	if !p.isPunct("-->") && !p.isPunct("<--") {
		p.errorf(arrow.Span, "expected --> or <-- after 'line'")
		return nil
	}
	n.Seq.Backward = arrow.Text == "<--"
	if n.Seq.Backward && n.Flags&(FlagNestBan|FlagPrimary|FlagSecondary) != 0 {
		// features.md §9.1: a backward line takes no nestban, primary or
		// secondary (a position has one parent)
		p.errorf(p.spanFrom(t.Span.From), "a line looking back (<--) cannot have nestban, primary or secondary")
		return nil
	}
	p.inSeq++
	n.Seq.Body = p.parseSeqChain(arrow.Text, false)
	p.inSeq--
	if n.Seq.Body == nil {
		return nil
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// parseSeqChain parses `--> C --> C ...`: each element is preceded by the
// arrow. Inside a group the first element has no arrow before it.
func (p *Parser) parseSeqChain(arrow string, grouped bool) *Node {
	ok := p.enter()
	defer p.leave()
	if !ok {
		return nil
	}
	chain := &Node{Kind: KSeqConcat}
	start := p.tok().Span.From
	first := true
	for {
		if !(grouped && first) {
			if !p.acceptPunct(arrow) {
				break
			}
		}
		first = false
		e := p.parseSeqElem(arrow)
		if e == nil {
			return nil
		}
		chain.Args = append(chain.Args, e)
	}
	chain.Span = p.spanFrom(start)
	if len(chain.Args) == 0 {
		p.errorf(p.tok().Span, "expected a constituent after %s", arrow)
		return nil
	}
	return chain
}

// parseSeqElem parses one constituent with its repetition suffixes.
func (p *Parser) parseSeqElem(arrow string) *Node {
	var atom *Node
	if p.isPunct("(") {
		open := p.advance()
		atom = p.parseSeqChain(arrow, true)
		if atom == nil {
			return nil
		}
		if !p.acceptPunct(")") {
			p.errorf(p.tok().Span, "malformed expression inside %s filter: expected ')' to close the group at %s", arrow, p.where(open))
			return nil
		}
		if len(atom.Args) == 1 {
			atom = atom.Args[0]
		}
	} else {
		f := p.parseFilter()
		if f == nil {
			p.errorf(p.tok().Span, "expected a filter after %s", arrow)
			return nil
		}
		atom = &Node{Kind: KSeqFilter, Span: f.Span, Args: []*Node{f}}
	}
	return p.parseRepetitions(atom)
}

// parseRepetitions applies * + ? {n} {n,} {,m} {n,m} {+} {*} suffixes.
func (p *Parser) parseRepetitions(atom *Node) *Node {
	for {
		at := p.tok()
		lo, hi, ok := p.repetition()
		if !ok {
			return atom
		}
		if canMatchNothing(atom) {
			// features.md §9.1: wildcards cannot apply to a constituent
			// that can match the empty sequence
			p.errorf(source.Join(atom.Span, at.Span), "a repetition cannot apply to a constituent that can match no position at all")
			return nil
		}
		atom = &Node{Kind: KSeqRepeat, Span: p.spanFrom(atom.Span.From), Args: []*Node{atom}, Int: lo, Int2: hi}
	}
}

// canMatchNothing reports whether a line constituent can match an empty
// sequence of positions.
func canMatchNothing(n *Node) bool {
	switch n.Kind {
	case KSeqRepeat:
		return n.Int == 0 || canMatchNothing(n.Args[0])
	case KSeqConcat:
		for _, a := range n.Args {
			if !canMatchNothing(a) {
				return false
			}
		}
		return true
	case KSeqAlt:
		for _, a := range n.Args {
			if canMatchNothing(a) {
				return true
			}
		}
	}
	return false
}

// repetition consumes a repetition suffix; hi < 0 means unbounded.
func (p *Parser) repetition() (lo, hi int64, ok bool) {
	if (p.isPunct("*") || p.isPunct("+")) && isRelation(p.peek(1)) {
		// the official program reads `check*>5` as a multiplication
		// missing its right side and rejects it
		op := p.tok()
		p.errorf(source.Join(op.Span, p.peek(1).Span), "'%s' before '%s' is an arithmetic operator, not a repetition: write check{%s} > 5, or {line --> check%s} > 5", op.Text, p.peek(1).Text, op.Text, op.Text)
		return 0, 0, false
	}
	switch {
	case p.isPunct("*"):
		p.advance()
		return 0, -1, true
	case p.isPunct("+"):
		p.advance()
		return 1, -1, true
	case p.isPunct("?"):
		p.advance()
		return 0, 1, true
	case p.isPunct("{") && p.braceRepetitionAhead():
		return p.braceRepetition()
	}
	return 0, 0, false
}

// atSeqRepetition reports whether the parser stands on a repetition suffix
// rather than on a binary operator: `check*` followed by --> or the end.
func (p *Parser) atSeqRepetition(left *Node) bool {
	t := p.tok()
	if t.Kind != TPunct {
		return false
	}
	switch t.Text {
	case "*", "+":
		// after a filter without a value (a move, a test) it cannot be
		// arithmetic: `Back-- +` repeats the move
		return producesNoValue(left) || !canStartFilter(p.peek(1)) || p.peek(1).Kind == TPunct && p.peek(1).Text == "{" && p.braceRepetitionAt(1)
	case "?":
		return true
	case "{":
		return !t.SpaceBefore && p.braceRepetitionAhead()
	}
	return false
}

// isRelation reports whether t is a comparison operator.
func isRelation(t Token) bool {
	if t.Kind != TPunct {
		return false
	}
	switch t.Text {
	case "<", "<=", ">", ">=", "==", "!=":
		return true
	}
	return false
}

func (p *Parser) braceRepetitionAhead() bool { return p.braceRepetitionAt(0) }

// braceRepetitionAt recognises {n} {n,} {,m} {n,m} {n m} {+} {*} at offset k.
func (p *Parser) braceRepetitionAt(k int) bool {
	if t := p.peek(k); t.Kind != TPunct || t.Text != "{" {
		return false
	}
	i := k + 1
	t := p.peek(i)
	if t.Kind == TPunct && (t.Text == "+" || t.Text == "*") {
		return p.peek(i+1).Kind == TPunct && p.peek(i+1).Text == "}"
	}
	sawNum := false
	for j := 0; j < 4; j++ {
		t := p.peek(i + j)
		switch {
		case t.Kind == TNumber:
			sawNum = true
		case t.Kind == TPunct && t.Text == ",":
		case t.Kind == TPunct && t.Text == "}":
			return sawNum
		default:
			return false
		}
	}
	return false
}

func (p *Parser) braceRepetition() (lo, hi int64, ok bool) {
	open := p.advance()
	if p.acceptPunct("+") {
		p.expectPunct("}", "after {+")
		return 1, -1, true
	}
	if p.acceptPunct("*") {
		p.expectPunct("}", "after {*")
		return 0, -1, true
	}
	var nums []int64
	comma := false
	for !p.isPunct("}") {
		t := p.advance()
		switch {
		case t.Kind == TNumber:
			nums = append(nums, t.Num)
		case t.Kind == TPunct && t.Text == ",":
			if len(nums) == 0 {
				nums = append(nums, 0)
			}
			comma = true
		default:
			p.errorf(t.Span, "malformed repetition {...} at %s", p.where(open))
			return 0, 0, false
		}
	}
	p.advance()
	switch {
	case len(nums) == 1 && !comma:
		return nums[0], nums[0], true
	case len(nums) == 1 && comma:
		return nums[0], -1, true
	case len(nums) == 2:
		if nums[1] < nums[0] {
			p.errorf(open.Span, "repetition {%d,%d} has its bounds reversed", nums[0], nums[1])
		}
		return nums[0], nums[1], true
	}
	p.errorf(open.Span, "malformed repetition {...}")
	return 0, 0, false
}

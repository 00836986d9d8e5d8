package syntax

// canStartRangedBody reports whether t can begin the body after a range
// (of a transform, find or a direction). As in the official program a
// prefix '~', '#', '-' or '∀' and the designators '.' and '▦' cannot: in
// `flipcolor 1 ~K` and `find 1 100 #K > 0` the last number is the body
// (which it then reports as a likely unexpected parse), and `up 1 .` is
// refused; `find 1 100 (#K > 0)` and `up 1 (.)` say what was meant.
func canStartRangedBody(t Token) bool {
	switch {
	case t.Kind == TPunct && (t.Text == "~" || t.Text == "#" || t.Text == "-" || t.Text == "[forall]"):
		return false
	case t.Kind == TDesig && (t.Text == "." || t.Text == "▦"):
		return false
	}
	return canStartFilter(t)
}

// boundRule says whether an identifier at the parser's position is a
// numeric variable bounding a range rather than what follows the range.
type boundRule func(p *Parser) bool

// numericVar: where a set could follow the range, as in `find n check` or
// `up n 7 d4`, a bound is a variable assigned a number earlier in the
// query (range.html: "A numeric variable can be used as one of the
// integers in a range").
func numericVar(p *Parser) bool {
	next := p.peek(1)
	return p.numVars[p.tok().Text] && canStartFilter(next) && !(next.Kind == TPunct && next.Text == "[" && !next.SpaceBefore)
}

// looksNumeric reports whether n is plainly a number: a literal, a filter
// whose value is always a number (rank, file, type, max, ...), a variable
// assigned a number earlier, or arithmetic on such (enough to know a
// variable's type while parsing, as `up Gap K` after `Gap = rank k - rank K`
// needs).
func (p *Parser) looksNumeric(n *Node) bool {
	switch n.Kind {
	case KNumber, KCount, KAbs, KSqrt, KTimes, KDiv, KMod, KPly, KMoveNumber, KDepth, KPower,
		KRank, KFile, KType, KColorType, KPieceId, KSideToMove, KPositionId, KGameNumber,
		KLastGameNumber, KYear, KElo, KCountMoves, KMax, KMin, KInt, KIndexOf,
		KEval, KEvalMate, KClock, KEmt, KEngineEval, KCheckCount:
		return true
	case KNeg:
		return p.looksNumeric(n.Args[0])
	case KPlus, KMinus:
		return p.looksNumeric(n.Args[0]) || p.looksNumeric(n.Args[1])
	case KVar:
		return p.numVars[n.Str]
	}
	return false
}

// boundFollowedByBody reports whether the integer at the current token
// is followed by another bound or by what can begin a body.
func (p *Parser) boundFollowedByBody() bool {
	next := p.peek(1)
	return next.Kind == TNumber || canStartRangedBody(next)
}

// anyVar: where nothing but a range can stand (before the arrows of a
// line or the parentheses of consecutivemoves) any variable name is one.
func anyVar(p *Parser) bool { return true }

// rangeBounds reads an optional range of one or two bounds, each an
// integer or (when rule allows) a numeric variable, into n. Where a body
// follows the range (beforeBody), an integer is a bound only when what
// follows it is another bound or can begin the body (canStartRangedBody).
func (p *Parser) rangeBounds(n *Node, rule boundRule, beforeBody bool) bool {
	if n.HasRange {
		if t := p.tok(); t.Kind == TNumber && (!beforeBody || p.boundFollowedByBody()) || t.Kind == TIdent && !IsReserved(t.Text) && rule(p) {
			p.errorf(t.Span, "a range has one or two bounds; this is a third")
			p.advance()
		}
		return false
	}
	var bounds []*Node
	constant := true
	for len(bounds) < 2 {
		t := p.tok()
		if beforeBody && t.Kind == TNumber && !p.boundFollowedByBody() {
			break
		}
		if v, ok := p.optInt(); ok {
			bounds = append(bounds, &Node{Kind: KNumber, Span: p.spanFrom(t.Span.From), Int: v})
			continue
		}
		if t.Kind != TIdent || IsReserved(t.Text) || p.funcs[t.Text] != nil || !rule(p) {
			break
		}
		p.advance()
		bounds = append(bounds, &Node{Kind: KVar, Span: t.Span, Str: t.Text})
		constant = false
	}
	switch {
	case len(bounds) == 0:
		return false
	case len(bounds) == 1:
		bounds = append(bounds, bounds[0])
	}
	n.HasRange = true
	if constant {
		n.Int, n.Int2 = bounds[0].Int, bounds[1].Int
	} else {
		n.Bounds = bounds
	}
	return true
}

package syntax

// The annotation filters, cqlvm extensions of CQL 6: eval, evalmate,
// clock and emt read the [%eval], [%clk] and [%emt] commands of the
// game's comments; engineeval asks a UCI engine. Each takes an optional
// view, a colour or sidetomove, as elo takes a colour.

// defaultEngineDepth is engineeval's search depth when none is given.
const defaultEngineDepth = 12

func (p *Parser) parseEval(t Token) *Node     { return p.annotation(t, KEval, ViewWhite) }
func (p *Parser) parseEvalMate(t Token) *Node { return p.annotation(t, KEvalMate, ViewWhite) }
func (p *Parser) parseClock(t Token) *Node    { return p.annotation(t, KClock, ViewNatural) }
func (p *Parser) parseEmt(t Token) *Node      { return p.annotation(t, KEmt, ViewNatural) }

// annotation reads an annotation filter's optional view.
func (p *Parser) annotation(t Token, k Kind, def int64) *Node {
	n := &Node{Kind: k, Int: p.view(def)}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// view reads white, black or sidetomove, or gives def.
func (p *Parser) view(def int64) int64 {
	switch {
	case p.acceptIdent("white"):
		return ViewWhite
	case p.acceptIdent("black"):
		return ViewBlack
	case p.acceptIdent("sidetomove"):
		return ViewSideToMove
	}
	return def
}

// parseEngineEval reads engineeval [depth D | movetime MS] [VIEW].
func (p *Parser) parseEngineEval(t Token) *Node {
	n := &Node{Kind: KEngineEval, Str: "depth", Int2: defaultEngineDepth}
	if w := p.tok(); w.Kind == TIdent && (w.Text == "depth" || w.Text == "movetime") {
		p.advance()
		at := p.tok()
		v, ok := p.optInt()
		if !ok || v <= 0 || v > 1<<20 {
			p.errorf(at.Span, "expected a positive number after engineeval %s, got %s", w.Text, at)
			return nil
		}
		n.Str, n.Int2 = w.Text, v
	}
	n.Int = p.view(ViewWhite)
	n.Span = p.spanFrom(t.Span.From)
	return n
}

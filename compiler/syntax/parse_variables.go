package syntax

import "github.com/cqlvm/cqlvm/source"

// parseIdentifier: variable reference, assignment, function call, square
// loop `x [element] S body`, or indexing.
func (p *Parser) parseIdentifier() *Node {
	return p.identifierFrom(p.advance())
}

// identifierFrom is parseIdentifier once the name t has been read.
func (p *Parser) identifierFrom(t Token) *Node {
	v := &Node{Kind: KVar, Span: t.Span, Str: t.Text}
	if fn, ok := p.funcs[t.Text]; ok && p.isPunct("(") {
		return p.parseCall(t, fn)
	}
	if p.acceptPunct("[element]") {
		return p.loopAfterIn(KSquareLoop, t, t.Text, false)
	}
	target := v
	if p.isPunct("[") && !p.tok().SpaceBefore {
		p.advance()
		target = p.parseIndex(v)
		if target == nil {
			return nil
		}
	}
	if op := p.tok(); op.Kind == TPunct {
		switch op.Text {
		case "=", "+=", "-=", "*=", "/=", "%=", "=?", "|=", "&=":
			p.advance()
			level := levelHash
			if op.Text == "=" || op.Text == "=?" {
				level = levelHash
			}
			rhs := p.parseExpr(level)
			if rhs == nil {
				p.errorf(op.Span, "missing right side of '%s'", op.Text)
				return nil
			}
			n := p.node(KAssign, source.Join(t.Span, rhs.Span), target, rhs)
			n.Str = op.Text
			if target == v && (isNumericUpdate(op.Text) || p.looksNumeric(rhs)) {
				if p.numVars == nil {
					p.numVars = map[string]bool{}
				}
				p.numVars[t.Text] = true
			}
			return n
		}
	}
	return target
}

// isNumericUpdate reports whether an assignment operator makes its
// variable numeric: -= *= /= %= do; = and =? take the type of their right
// side, += appends to strings too, and |= &= update sets.
func isNumericUpdate(op string) bool {
	switch op {
	case "-=", "*=", "/=", "%=":
		return true
	}
	return false
}

// parsePersistent: `persistent [quiet] x = F`, `persistent x += F`,
// `atomic x = F`, `persistent dictionary D`.
func (p *Parser) parsePersistent(t Token) *Node {
	n := &Node{Kind: KPersistent}
	if t.Text == "atomic" {
		n.Flags |= FlagLocal // atomic: restored on path backtracking
	}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	if p.isIdent("dictionary") {
		d := p.advance()
		dict := p.parseDictionary(d)
		if dict != nil {
			dict.Flags |= FlagPersistent
		}
		return dict
	}
	v := p.tok()
	if v.Kind != TIdent || IsReserved(v.Text) {
		p.errorf(v.Span, "expected a variable after '%s'", t.Text)
		return nil
	}
	inner := p.parseIdentifier()
	if inner == nil {
		return nil
	}
	n.Args = []*Node{inner}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

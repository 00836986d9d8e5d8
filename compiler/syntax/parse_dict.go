package syntax

func (p *Parser) parseDictionary(t Token) *Node {
	n := &Node{Kind: KDictDecl}
	if t.Text == "local" {
		n.Flags |= FlagLocal
		if !p.acceptIdent("dictionary") {
			p.errorf(p.tok().Span, "expected 'dictionary' after 'local'")
			return nil
		}
	}
	name := p.advance()
	if name.Kind != TIdent || IsReserved(name.Text) {
		p.errorf(name.Span, "expected a dictionary name")
		return nil
	}
	n.Str = name.Text
	p.bind(name.Text)
	if p.isPunct("[") && !p.tok().SpaceBefore {
		// `dictionary D["tmp"]="none"` (dictionary.html): the declaration
		// and a first assignment, which tells the checker the key and
		// value types before any other use of D
		assign := p.identifierFrom(name)
		if assign == nil {
			return nil
		}
		if assign.Kind != KAssign || assign.Args[0].Kind != KStrIndex {
			p.errorf(assign.Span, "a dictionary declaration can only be followed by an assignment to an entry: dictionary %s[key] = value", name.Text)
			return nil
		}
		n.Args = []*Node{assign}
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// parseStringLoop: `string k in D body` iterates the keys of dictionary D
// (the CQL 6.1 spelling of `k [element] D body`).
func (p *Parser) parseStringLoop(t Token) *Node {
	name := p.advance()
	if name.Kind != TIdent || IsReserved(name.Text) {
		p.errorf(name.Span, "expected a variable name after 'string'")
		return nil
	}
	if !p.acceptIdent("in") && !p.acceptPunct("[element]") {
		p.errorf(p.tok().Span, "expected 'in' after 'string %s'", name.Text)
		return nil
	}
	n := p.loopAfterIn(KElementLoop, t, name.Text, false)
	return n
}

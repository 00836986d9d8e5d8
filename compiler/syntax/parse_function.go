package syntax

func (p *Parser) parseCall(name Token, fn *Node) *Node {
	args := p.parseArgList(name.Text)
	if args == nil && !p.failed() {
		args = []*Node{}
	}
	if p.failed() {
		return nil
	}
	if len(args) != len(fn.Params) {
		p.errorf(p.spanFrom(name.Span.From), "function %s takes %d arguments but got %d", name.Text, len(fn.Params), len(args))
		return nil
	}
	n := p.node(KCall, p.spanFrom(name.Span.From), args...)
	n.Str = name.Text
	return n
}

func (p *Parser) parseFunction(t Token) *Node {
	name := p.advance()
	if name.Kind != TIdent || IsReserved(name.Text) {
		p.errorf(name.Span, "expected a function name after 'function'")
		return nil
	}
	n := &Node{Kind: KFuncDef, Str: name.Text}
	if !p.expectPunct("(", "after the function name") {
		return nil
	}
	for !p.isPunct(")") {
		v := p.advance()
		if v.Kind != TIdent || IsReserved(v.Text) {
			p.errorf(v.Span, "expected a parameter name, got %s", v)
			return nil
		}
		n.Params = append(n.Params, v.Text)
		p.bind(v.Text)
	}
	p.advance()
	if !p.isPunct("{") {
		p.errorf(p.tok().Span, "expected '{' to start the body of function %s", name.Text)
		return nil
	}
	p.funcs[name.Text] = n // visible inside its own body so recursion is reported, not looped
	b := p.parseCompound()
	if b == nil {
		return nil
	}
	n.Args = []*Node{b}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

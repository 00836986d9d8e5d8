package syntax

import "github.com/cqlvm/cqlvm/source"

func (p *Parser) parseIf(t Token) *Node {
	reported := len(*p.errs)
	test := p.parseFilter()
	if test == nil {
		if len(*p.errs) == reported { // else the test's own error says what is wrong
			p.errorf(t.Span, "missing test after 'if'")
		}
		return nil
	}
	p.acceptIdent("then")
	if !canStartFilter(p.tok()) {
		p.errorf(p.tok().Span, "missing consequent following 'if testfilter' or 'if testfilter then'")
		return nil
	}
	then := p.parseFilter()
	if then == nil {
		return nil
	}
	n := p.node(KIf, source.Span{}, test, then)
	if p.acceptIdent("else") {
		reported := len(*p.errs)
		els := p.parseFilter()
		if els == nil {
			if len(*p.errs) == reported {
				p.errorf(p.tok().Span, "missing filter after 'else'")
			}
			return nil
		}
		n.Args = append(n.Args, els)
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

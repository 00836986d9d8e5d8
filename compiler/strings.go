package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/source"
	"cqlvm/vm"
)

// translateRegexp compiles a CQL (ECMAScript) regular expression.
func translateRegexp(re string) (*vm.Regexp, error) {
	r, err := vm.CompileRegexp(re)
	if err != nil {
		return nil, errorString("bad regular expression: " + err.Error())
	}
	return r, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// checkInt types an int filter. Its argument is parsed below + and -, so
// that `int "32" + "1"` is int "321"; but int.html also has `int "32" + 1`
// meaning (int "32") + 1. So int takes the longest start of its argument
// that is a sum of strings (or just the first operand when that is not a
// string), and the rest of the arithmetic is moved above int, applying to
// its value. Each operand is typed once.
func (c *checker) checkInt(n *ast.Node) {
	spine := []*ast.Node{n.Args[0]} // top first
	for a := n.Args[0]; isArith(a); a = a.Args[0] {
		spine = append(spine, a.Args[0])
	}
	// type the operands once, left to right, and find where the strings end
	leaf := spine[len(spine)-1]
	str := c.check(leaf) == ast.TStr
	top := len(spine) - 1 // index of int's argument in spine
	for i := len(spine) - 2; i >= 0; i-- {
		op := spine[i]
		r := c.check(op.Args[1])
		if str && op.Kind == ast.KPlus && r == ast.TStr {
			op.Type, top = ast.TStr, i
			continue
		}
		str = false
	}
	arg := spine[top]
	if t := arg.Type; t != ast.TStr && t != ast.TNum && t != ast.TUnknown {
		c.errorf(arg, "the argument of int must be a string or number filter, but this is a %s filter", t)
	}
	if top == 0 {
		n.Type = ast.TNum
		return
	}
	// int applies to spine[top]; the operators above it become int's parents
	inner := &ast.Node{Kind: ast.KInt, Span: source.Span{From: n.Span.From, To: arg.Span.To}, Args: []*ast.Node{arg}, Type: ast.TNum}
	spine[top-1].Args[0] = inner
	*n = *spine[0]
	for i := top - 1; i >= 0; i-- {
		op := n
		if i > 0 {
			op = spine[i]
		}
		op.Span.From = inner.Span.From // the operators now start at int
		c.retypeArith(op)
	}
}

// checkCharAssign types S[i] = x, which makes the string x the character
// at index i of the string variable S (while.html: `if (S[i]==\n) S[i]=" "`).
func (c *checker) checkCharAssign(n *ast.Node, rt ast.Type) ast.Type {
	target := n.Args[0]
	s := target.Args[0]
	if n.Str != "=" || s.Kind != ast.KVar {
		c.errorf(target, "cannot assign to this")
		return ast.TLog
	}
	c.expect(s, "the indexed variable", ast.TStr)
	c.expect(target.Args[1], "the index", ast.TNum)
	if rt != ast.TStr && rt != ast.TUnknown {
		c.errorf(n.Args[1], "the right side of %s[...] = must be a string filter, but this is a %s filter", s.Str, rt)
	}
	target.Type = ast.TStr
	return ast.TLog
}

// setChar compiles S[i] = x: the character at index i of the string
// variable S is replaced by x. It fails when S is unbound or i is out of
// range, as S[i] does.
func (g *gen) setChar(n *ast.Node, fail int) {
	v, index := n.Args[0].Args[0], n.Args[0].Args[1]
	g.jump(vm.OpLoadStr, 0, v.Slot, fail)
	g.value(n.Args[1], fail)
	g.numValue(index, fail)
	g.jump(vm.OpStrSetChar, 0, 0, fail)
	g.emit(vm.OpStoreStr, 0, v.Slot, 0)
}

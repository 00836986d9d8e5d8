package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// Strings: string literals, s[i] and s[i:j], ~~ and the regular
// expression groups \n, lowercase, uppercase, int, ascii, indexof. (str,
// which makes a string of any values, is with comment in output.go.)

func (c *checker) checkString(n *syntax.Node) Type {
	return TStr
}

// checkStrIndex types s[i], and D[k] when D is a dictionary.
func (c *checker) checkStrIndex(n *syntax.Node) Type {
	if d := c.dictOf(n.Args[0]); d != nil {
		return c.checkDictGet(n, d)
	}
	c.expect(n.Args[0], "the indexed value", TStr)
	c.expect(n.Args[1], "the index", TNum)
	return TStr
}

func (c *checker) checkSlice(n *syntax.Node) Type {
	c.expect(n.Args[0], "the sliced value", TStr)
	for _, a := range n.Args[1:] {
		c.expect(a, "a slice bound", TNum)
	}
	return TStr
}

func (c *checker) checkRegex(n *syntax.Node) Type {
	c.expect(n.Args[0], "the left side of ~~", TStr)
	c.check(n.Args[1])
	if _, err := translateRegexp(n.Args[1].Str); err != nil {
		c.errorf(n.Args[1], "%v", err)
	}
	return TStr
}

// checkGroup types \n, the text of group n of the last match, and \-n,
// its offset.
func (c *checker) checkGroup(n *syntax.Node) Type {
	if n.Flags&syntax.FlagOffset != 0 {
		return TNum
	}
	return TStr
}

func (c *checker) checkLowerUpper(n *syntax.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TStr)
	return TStr
}

// checkAscii types ascii: a number gives its character, a string the
// code of its character.
func (c *checker) checkAscii(n *syntax.Node) Type {
	if c.expect(n.Args[0], "the argument of ascii", TStr, TNum) == TNum {
		return TStr
	}
	return TNum
}

func (c *checker) checkIndexOf(n *syntax.Node) Type {
	c.expect(n.Args[0], "the first argument of indexof", TStr)
	c.expect(n.Args[1], "the second argument of indexof", TStr)
	return TNum
}

func (g *gen) genString(n *syntax.Node, fail int) {
	g.emit(vm.OpPushStr, 0, 0, g.strConst(n.Str))
}

func (g *gen) genStrIndex(n *syntax.Node, fail int) {
	if d := g.dictInfoOf(n.Args[0]); d != nil {
		g.dictGet(n, d, fail)
		return
	}
	g.value(n.Args[0], fail)
	g.numValue(n.Args[1], fail)
	g.jump(vm.OpStrIndex, 0, 0, fail)
}

func (g *gen) genSlice(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	for _, a := range n.Args[1:] {
		g.numValue(a, fail)
	}
	x := uint8(0)
	if len(n.Args) == 3 {
		x = 1
	}
	g.emit(vm.OpStrSlice, x, 0, 0)
}

func (g *gen) genRegex(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	re, _ := translateRegexp(n.Args[1].Str)
	g.prog.Regexps = append(g.prog.Regexps, re)
	g.jump(vm.OpRegex, 0, len(g.prog.Regexps)-1, fail)
}

func (g *gen) genGroup(n *syntax.Node, fail int) {
	if n.Flags&syntax.FlagOffset != 0 {
		g.jump(vm.OpGroupOffset, 0, int(n.Int), fail)
	} else {
		g.jump(vm.OpGroup, 0, int(n.Int), fail)
	}
}

func (g *gen) genLowerUpper(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.emit(map[syntax.Kind]vm.Op{syntax.KLower: vm.OpLower, syntax.KUpper: vm.OpUpper}[n.Kind], 0, 0, 0)
}

func (g *gen) genInt(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	if g.typeOf(n.Args[0]) == TStr {
		g.jump(vm.OpStrToInt, 0, 0, fail)
	}
}

func (g *gen) genAscii(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	if g.typeOf(n.Args[0]) == TNum {
		g.jump(vm.OpChar, 0, 0, fail)
	} else {
		g.jump(vm.OpAscii, 0, 0, fail)
	}
}

func (g *gen) genIndexOf(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	g.jump(vm.OpIndexOf, 0, 0, fail)
}

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
// its value. Each operand is typed once. The type returned is that of the
// node n has become.
func (c *checker) checkInt(n *syntax.Node) Type {
	spine := []*syntax.Node{n.Args[0]} // top first
	for a := n.Args[0]; isArith(a); a = a.Args[0] {
		spine = append(spine, a.Args[0])
	}
	// type the operands once, left to right, and find where the strings end
	leaf := spine[len(spine)-1]
	str := c.check(leaf) == TStr
	top := len(spine) - 1 // index of int's argument in spine
	for i := len(spine) - 2; i >= 0; i-- {
		op := spine[i]
		r := c.check(op.Args[1])
		if str && op.Kind == syntax.KPlus && r == TStr {
			c.setType(op, TStr)
			top = i
			continue
		}
		str = false
	}
	arg := spine[top]
	if t := c.typeOf(arg); t != TStr && t != TNum && t != TUnknown {
		c.errorf(arg, "the argument of int must be a string or number filter, but this is a %s filter", t)
	}
	if top == 0 {
		return TNum
	}
	// int applies to spine[top]; the operators above it become int's parents
	inner := &syntax.Node{Kind: syntax.KInt, Span: source.Span{From: n.Span.From, To: arg.Span.To}, Args: []*syntax.Node{arg}}
	c.setType(inner, TNum)
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
	return c.typeOf(n)
}

// checkCharAssign types S[i] = x, which makes the string x the character
// at index i of the string variable S (while.html: `if (S[i]==\n) S[i]=" "`).
func (c *checker) checkCharAssign(n *syntax.Node, rt Type) Type {
	target := n.Args[0]
	s := target.Args[0]
	if n.Str != "=" || s.Kind != syntax.KVar {
		c.errorf(target, "cannot assign to this")
		return TLog
	}
	c.expect(s, "the indexed variable", TStr)
	c.expect(target.Args[1], "the index", TNum)
	if rt != TStr && rt != TUnknown {
		c.errorf(n.Args[1], "the right side of %s[...] = must be a string filter, but this is a %s filter", s.Str, rt)
	}
	c.setType(target, TStr)
	return TLog
}

// setChar compiles S[i] = x: the character at index i of the string
// variable S is replaced by x. It fails when S is unbound or i is out of
// range, as S[i] does.
func (g *gen) setChar(n *syntax.Node, fail int) {
	v, index := n.Args[0].Args[0], n.Args[0].Args[1]
	g.jump(vm.OpLoadStr, 0, g.slotOf(v), fail)
	g.value(n.Args[1], fail)
	g.numValue(index, fail)
	g.jump(vm.OpStrSetChar, 0, 0, fail)
	g.emit(vm.OpStoreStr, 0, g.slotOf(v), 0)
}

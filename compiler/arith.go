package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Numbers and arithmetic: number literals, + - * / %, unary -, abs, sqrt,
// max, min, the relations (< <= == != >= >) and # (counting).

func (c *checker) checkNumber(n *syntax.Node) Type {
	if n.Int > 1<<31-1 || n.Int < -(1<<31) {
		c.errorf(n, "number out of range (CQL numbers are 32-bit)")
	}
	return TNum
}

// checkPlus types +: numbers add (sets are counted), strings concatenate.
func (c *checker) checkPlus(n *syntax.Node) Type {
	l, r := c.check(n.Args[0]), c.check(n.Args[1])
	if l == TStr && r == TStr {
		return TStr
	}
	c.arith(n, l, r)
	return TNum
}

// checkMinus types -: numbers subtract, sets take their difference.
func (c *checker) checkMinus(n *syntax.Node) Type {
	l, r := c.check(n.Args[0]), c.check(n.Args[1])
	if l == TSet && r == TSet {
		return TSet
	}
	c.arith(n, l, r)
	return TNum
}

func (c *checker) checkTimesDivMod(n *syntax.Node) Type {
	c.arith(n, c.check(n.Args[0]), c.check(n.Args[1]))
	return TNum
}

// checkNegAbsSqrt types unary -, abs and sqrt.
func (c *checker) checkNegAbsSqrt(n *syntax.Node) Type {
	c.numeric(n.Args[0], "the argument of "+opName(n))
	return TNum
}

// checkMaxMin types max and min: all numbers (sets counted) or all strings.
func (c *checker) checkMaxMin(n *syntax.Node) Type {
	var t Type
	for _, a := range n.Args {
		at := c.check(a)
		if at == TSet {
			at = TNum
		}
		if t == TUnknown {
			t = at
		} else if at != t && at != TUnknown {
			c.errorf(a, "the arguments of %s must all be numbers or all strings", opName(n))
		}
	}
	if t != TNum && t != TStr && t != TUnknown {
		c.errorf(n, "%s needs numbers or strings", opName(n))
	}
	return t
}

// checkCount types #x: the size of a set, the length of a string or the
// number of entries of a dictionary.
func (c *checker) checkCount(n *syntax.Node) Type {
	if c.dictOf(n.Args[0]) == nil {
		c.expect(n.Args[0], "the argument of #", TSet, TStr)
	}
	return TNum
}

func (g *gen) genNumber(n *syntax.Node, fail int) {
	g.emit(vm.OpPushNum, 0, 0, int32(n.Int))
}

func (g *gen) genPlus(n *syntax.Node, fail int) {
	g.arith(n, vm.OpAdd, fail)
}

func (g *gen) genMinus(n *syntax.Node, fail int) {
	if g.typeOf(n) == TSet {
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.emit(vm.OpDiff, 0, 0, 0)
		return
	}
	g.arith(n, vm.OpSub, fail)
}

func (g *gen) genTimes(n *syntax.Node, fail int) {
	g.arith(n, vm.OpMul, fail)
}

// genDivMod compiles / and %, which fail on a zero divisor.
func (g *gen) genDivMod(n *syntax.Node, fail int) {
	op := vm.OpDiv
	if n.Kind == syntax.KMod {
		op = vm.OpMod
	}
	g.numValue(n.Args[0], fail)
	g.numValue(n.Args[1], fail)
	g.jump(op, 0, 0, fail)
}

func (g *gen) genNeg(n *syntax.Node, fail int) {
	g.numValue(n.Args[0], fail)
	g.emit(vm.OpNeg, 0, 0, 0)
}

func (g *gen) genAbs(n *syntax.Node, fail int) {
	g.numValue(n.Args[0], fail)
	g.emit(vm.OpAbs, 0, 0, 0)
}

func (g *gen) genSqrt(n *syntax.Node, fail int) {
	g.numValue(n.Args[0], fail)
	g.jump(vm.OpSqrt, 0, 0, fail)
}

func (g *gen) genCount(n *syntax.Node, fail int) {
	if d := g.dictInfoOf(n.Args[0]); d != nil {
		g.emit(vm.OpDictLen, 0, d.Index, 0)
		return
	}
	g.value(n.Args[0], fail)
	if g.typeOf(n.Args[0]) == TStr {
		g.emit(vm.OpStrLen, 0, 0, 0)
	} else {
		g.emit(vm.OpCount, 0, 0, 0)
	}
}

func (c *checker) arith(n *syntax.Node, l, r Type) {
	ok := func(t Type) bool { return t == TNum || t == TSet || t == TUnknown }
	if !ok(l) || !ok(r) {
		c.errorf(n, "%s needs numbers, got %s and %s", opName(n), l, r)
	}
}

// checkCmp types a relation. A set compared with a number is counted; two
// sets compare as sets (== and != only); strings and positions compare
// with their own kind. The value is the left operand's.
func (c *checker) checkCmp(n *syntax.Node) Type {
	l, r := c.check(n.Args[0]), c.check(n.Args[1])
	if l == TUnknown || r == TUnknown {
		return TUnknown
	}
	op := n.Str
	switch {
	case l == TSet && r == TSet:
		if op == "==" || op == "!=" {
			// set equality is a logical filter in the official program
			// (it has no value to assign, count or compare, and
			// P:(n == p) matches when the sets are equal, empty or not)
			return TLog
		}
		return c.cmpResult(op, TNum) // both counted
	case (l == TNum || l == TSet) && (r == TNum || r == TSet):
		return c.cmpResult(op, TNum)
	case l == TStr && r == TStr:
		return c.cmpResult(op, TStr)
	case l == TPos && r == TPos:
		return c.cmpResult(op, TPos)
	}
	c.errorf(n, "the left and right sides of '%s' are not both numeric, both string or both position (%s and %s)", op, l, r)
	return TUnknown
}

func (c *checker) cmpResult(op string, t Type) Type {
	if op == "!=" {
		return TLog
	}
	return t
}

// isArith reports whether a is a binary arithmetic operator.
func isArith(a *syntax.Node) bool {
	switch a.Kind {
	case syntax.KPlus, syntax.KMinus, syntax.KTimes, syntax.KDiv, syntax.KMod:
		return len(a.Args) == 2
	}
	return false
}

// retypeArith types an arithmetic node whose operands are typed already.
func (c *checker) retypeArith(op *syntax.Node) {
	l, r := c.typeOf(op.Args[0]), c.typeOf(op.Args[1])
	switch {
	case op.Kind == syntax.KPlus && l == TStr && r == TStr:
		c.setType(op, TStr)
	case op.Kind == syntax.KMinus && l == TSet && r == TSet:
		c.setType(op, TSet)
	default:
		c.arith(op, l, r)
		c.setType(op, TNum)
	}
}

func (g *gen) arith(n *syntax.Node, op vm.Op, fail int) {
	if g.typeOf(n) == TStr {
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.emit(vm.OpConcat, 0, 2, 0)
		return
	}
	g.numValue(n.Args[0], fail)
	g.numValue(n.Args[1], fail)
	g.emit(op, 0, 0, 0)
}

// genCmp compiles relations. `!=` is `not ==`: it matches when either
// side fails.
func (g *gen) genCmp(n *syntax.Node, fail int) {
	l, r := n.Args[0], n.Args[1]
	if n.Str == "!=" {
		g.negate(n, func(ok int) {
			g.compare(n, "==", ok)
			g.drop(g.eqType(l, r)) // the value of ==, tested
		}, fail)
		return
	}
	g.compare(n, n.Str, fail)
	if g.typeOf(n) == TLog {
		g.drop(g.eqType(l, r)) // set equality has no value
	}
}

// compare compiles the relation rel between the sides of n, leaving the
// left side's value.
func (g *gen) compare(n *syntax.Node, rel string, fail int) {
	l, r := n.Args[0], n.Args[1]
	op := cmpCode(rel)
	switch {
	case g.typeOf(l) == TSet && g.typeOf(r) == TSet && (op == vm.CmpEq):
		g.value(l, fail)
		g.value(r, fail)
		g.jump(vm.OpCmpSet, op, 0, fail)
	case g.typeOf(l) == TStr:
		g.value(l, fail)
		g.value(r, fail)
		g.jump(vm.OpCmpStr, op, 0, fail)
	case g.typeOf(l) == TPos:
		g.value(l, fail)
		g.value(r, fail)
		g.jump(vm.OpCmpPos, op, 0, fail)
	default:
		g.numValue(l, fail)
		g.numValue(r, fail)
		g.jump(vm.OpCmpNum, op, 0, fail)
	}
}

// eqType is the type of `l == r` used inside `!=`.
func (g *gen) eqType(l, r *syntax.Node) Type {
	switch {
	case g.typeOf(l) == TSet && g.typeOf(r) == TSet:
		return TSet
	case g.typeOf(l) == TStr:
		return TStr
	case g.typeOf(l) == TPos:
		return TPos
	}
	return TNum
}

func cmpCode(op string) uint8 {
	switch op {
	case "<":
		return vm.CmpLt
	case "<=":
		return vm.CmpLe
	case "==":
		return vm.CmpEq
	case ">=":
		return vm.CmpGe
	case ">":
		return vm.CmpGt
	}
	return vm.CmpNe
}

// genMaxMin pushes the largest (smallest) of its arguments' values; failing
// arguments are skipped, and it fails when all fail.
func (g *gen) genMaxMin(n *syntax.Node, fail int) {
	best := g.slots.new()
	g.emit(vm.OpUnbind, 0, best, 0)
	op := vm.OpMaxInto
	if n.Kind == syntax.KMin {
		op = vm.OpMinInto
	}
	if g.typeOf(n) == TStr {
		op = vm.OpMaxIntoStr
		if n.Kind == syntax.KMin {
			op = vm.OpMinIntoStr
		}
	}
	for _, a := range n.Args {
		skip := g.newLabel()
		g.numOrStr(a, skip)
		g.emit(op, 0, best, 0)
		g.bind(skip)
	}
	if g.typeOf(n) == TStr {
		g.jump(vm.OpLoadStr, 0, best, fail)
	} else {
		g.jump(vm.OpLoad, 0, best, fail)
	}
}

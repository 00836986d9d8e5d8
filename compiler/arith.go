package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

func (c *checker) arith(n *ast.Node, l, r ast.Type) {
	ok := func(t ast.Type) bool { return t == ast.TNum || t == ast.TSet || t == ast.TUnknown }
	if !ok(l) || !ok(r) {
		c.errorf(n, "%s needs numbers, got %s and %s", opName(n), l, r)
	}
}

// checkCmp types a relation. A set compared with a number is counted; two
// sets compare as sets (== and != only); strings and positions compare
// with their own kind. The value is the left operand's.
func (c *checker) checkCmp(n *ast.Node) ast.Type {
	l, r := c.check(n.Args[0]), c.check(n.Args[1])
	if l == ast.TUnknown || r == ast.TUnknown {
		return ast.TUnknown
	}
	op := n.Str
	switch {
	case l == ast.TSet && r == ast.TSet:
		if op == "==" || op == "!=" {
			return c.cmpResult(op, ast.TSet)
		}
		return c.cmpResult(op, ast.TNum) // both counted
	case (l == ast.TNum || l == ast.TSet) && (r == ast.TNum || r == ast.TSet):
		return c.cmpResult(op, ast.TNum)
	case l == ast.TStr && r == ast.TStr:
		return c.cmpResult(op, ast.TStr)
	case l == ast.TPos && r == ast.TPos:
		return c.cmpResult(op, ast.TPos)
	}
	c.errorf(n, "the left and right sides of '%s' are not both numeric, both string or both position (%s and %s)", op, l, r)
	return ast.TUnknown
}

func (c *checker) cmpResult(op string, t ast.Type) ast.Type {
	if op == "!=" {
		return ast.TLog
	}
	return t
}

// isArith reports whether a is a binary arithmetic operator.
func isArith(a *ast.Node) bool {
	switch a.Kind {
	case ast.KPlus, ast.KMinus, ast.KTimes, ast.KDiv, ast.KMod:
		return len(a.Args) == 2
	}
	return false
}

// retypeArith types an arithmetic node whose operands are typed already.
func (c *checker) retypeArith(op *ast.Node) {
	l, r := op.Args[0].Type, op.Args[1].Type
	switch {
	case op.Kind == ast.KPlus && l == ast.TStr && r == ast.TStr:
		op.Type = ast.TStr
	case op.Kind == ast.KMinus && l == ast.TSet && r == ast.TSet:
		op.Type = ast.TSet
	default:
		c.arith(op, l, r)
		op.Type = ast.TNum
	}
}

func (g *gen) arith(n *ast.Node, op vm.Op, fail int) {
	if n.Type == ast.TStr {
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.emit(vm.OpConcat, 0, 2, 0)
		return
	}
	g.numValue(n.Args[0], fail)
	g.numValue(n.Args[1], fail)
	g.emit(op, 0, 0, 0)
}

// compare compiles relations. `!=` is `not ==`: it matches when either
// side fails.
func (g *gen) compare(n *ast.Node, fail int) {
	l, r := n.Args[0], n.Args[1]
	op := cmpCode(n.Str)
	if n.Str == "!=" {
		eq := *n
		eq.Str = "=="
		eq.Type = g.eqType(l, r)
		g.not(&eq, fail)
		return
	}
	switch {
	case l.Type == ast.TSet && r.Type == ast.TSet && (op == vm.CmpEq):
		g.value(l, fail)
		g.value(r, fail)
		g.jump(vm.OpCmpSet, op, 0, fail)
	case l.Type == ast.TStr:
		g.value(l, fail)
		g.value(r, fail)
		g.jump(vm.OpCmpStr, op, 0, fail)
	case l.Type == ast.TPos:
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
func (g *gen) eqType(l, r *ast.Node) ast.Type {
	switch {
	case l.Type == ast.TSet && r.Type == ast.TSet:
		return ast.TSet
	case l.Type == ast.TStr:
		return ast.TStr
	case l.Type == ast.TPos:
		return ast.TPos
	}
	return ast.TNum
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

// maxMin pushes the largest (smallest) of its arguments' values; failing
// arguments are skipped, and it fails when all fail.
func (g *gen) maxMin(n *ast.Node, fail int) {
	best := g.slots.new()
	g.emit(vm.OpUnbind, 0, best, 0)
	op := vm.OpMaxInto
	if n.Kind == ast.KMin {
		op = vm.OpMinInto
	}
	if n.Type == ast.TStr {
		op = vm.OpMaxIntoStr
		if n.Kind == ast.KMin {
			op = vm.OpMinIntoStr
		}
	}
	for _, a := range n.Args {
		skip := g.newLabel()
		g.numOrStr(a, skip)
		g.emit(op, 0, best, 0)
		g.bind(skip)
	}
	if n.Type == ast.TStr {
		g.jump(vm.OpLoadStr, 0, best, fail)
	} else {
		g.jump(vm.OpLoad, 0, best, fail)
	}
}

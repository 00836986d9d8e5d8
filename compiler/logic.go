package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

// Logic and structure: true, false, compound {...}, and, or, not, if,
// assert.

// checkTrueFalse types true and false.
func (c *checker) checkTrueFalse(n *ast.Node) ast.Type {
	return ast.TLog
}

// checkCompound types {F G ...}: the value is the last filter's.
func (c *checker) checkCompound(n *ast.Node) ast.Type {
	var t ast.Type
	for _, a := range n.Args {
		t = c.check(a)
	}
	return t
}

func (c *checker) checkAndOr(n *ast.Node) ast.Type {
	c.checkAll(n.Args)
	return ast.TLog
}

func (c *checker) checkNot(n *ast.Node) ast.Type {
	c.check(n.Args[0])
	return ast.TLog
}

// checkIf types `if T F [else G]`: with same-typed branches (not logical)
// the filter has their type.
func (c *checker) checkIf(n *ast.Node) ast.Type {
	c.check(n.Args[0])
	t1 := c.check(n.Args[1])
	if len(n.Args) == 3 {
		if t2 := c.check(n.Args[2]); t1 == t2 && t1 != ast.TLog {
			return t1
		}
	}
	return ast.TLog
}

func (c *checker) checkAssert(n *ast.Node) ast.Type {
	c.check(n.Args[0])
	return ast.TLog
}

func (g *gen) genTrue(n *ast.Node, fail int) {}

func (g *gen) genFalse(n *ast.Node, fail int) {
	g.jump(vm.OpJump, 0, 0, fail)
}

// genCompound tests every filter but the last, whose value is the
// compound's.
func (g *gen) genCompound(n *ast.Node, fail int) {
	for i, a := range n.Args {
		if i < len(n.Args)-1 {
			g.test(a, fail)
		} else {
			g.value(a, fail)
		}
	}
}

// testCompound tests every filter of a compound.
func (g *gen) testCompound(n *ast.Node, fail int) {
	for _, a := range n.Args {
		g.test(a, fail)
	}
}

func (g *gen) genAnd(n *ast.Node, fail int) {
	g.test(n.Args[0], fail)
	g.test(n.Args[1], fail)
}

func (g *gen) genOr(n *ast.Node, fail int) {
	g.anyOf(n.Args, fail)
}

func (g *gen) genNot(n *ast.Node, fail int) {
	g.not(n.Args[0], fail)
}

func (g *gen) genIf(n *ast.Node, fail int) {
	g.ifThenElse(n, fail)
}

// testIf tests an if: one with a value is tested as a logical if, its
// branches tested rather than computed.
func (g *gen) testIf(n *ast.Node, fail int) {
	if n.Type != ast.TLog {
		t := *n
		t.Type = ast.TLog
		g.ifThenElse(&t, fail)
		return
	}
	g.testValue(n, fail)
}

// genAssert: when its argument fails, OpAssert reports the failed
// assertion and the filter fails.
func (g *gen) genAssert(n *ast.Node, fail int) {
	ok := g.newLabel()
	g.test(n.Args[0], ok)
	done := g.newLabel()
	g.jump(vm.OpJump, 0, 0, done)
	g.bind(ok)
	g.jump(vm.OpAssert, 0, 0, fail)
	g.bind(done)
}

// anyOf matches when one of the filters matches (short-circuit).
func (g *gen) anyOf(ns []*ast.Node, fail int) {
	done := g.newLabel()
	for i, m := range ns {
		if i == len(ns)-1 {
			g.test(m, fail)
			break
		}
		next := g.newLabel()
		mark := g.markComments(m)
		g.test(m, next)
		g.jump(vm.OpJump, 0, 0, done)
		g.bind(next)
		g.truncComments(mark)
	}
	g.bind(done)
}

// not matches when its argument fails; the argument's comments go.
func (g *gen) not(arg *ast.Node, fail int) {
	ok := g.newLabel()
	mark := g.markComments(arg)
	g.test(arg, ok)
	g.truncComments(mark)
	g.jump(vm.OpJump, 0, 0, fail)
	g.bind(ok)
	g.truncComments(mark)
}

// ifThenElse: `if T F [else G]`. Without else the filter is true when T
// fails; with same-typed branches it has their value.
func (g *gen) ifThenElse(n *ast.Node, fail int) {
	elseL := g.newLabel()
	end := g.newLabelAt(g.depth+valueWidth(n.Type), g.sdepth+strWidth(n.Type))
	mark := g.markComments(n.Args[0])
	g.test(n.Args[0], elseL)
	g.branch(n, n.Args[1], fail)
	g.jump(vm.OpJump, 0, 0, end)
	g.bind(elseL)
	g.truncComments(mark)
	if len(n.Args) == 3 {
		g.branch(n, n.Args[2], fail)
	}
	g.bind(end)
}

func (g *gen) branch(ifNode, b *ast.Node, fail int) {
	if ifNode.Type == ast.TLog {
		g.test(b, fail)
	} else {
		g.value(b, fail)
	}
}

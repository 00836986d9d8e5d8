package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Logic and structure: true, false, compound {...}, and, or, not, if,
// assert.

// checkTrueFalse types true and false.
func (c *checker) checkTrueFalse(n *syntax.Node) Type {
	return TLog
}

// checkCompound types {F G ...}: the value is the last filter's.
func (c *checker) checkCompound(n *syntax.Node) Type {
	var t Type
	for _, a := range n.Args {
		t = c.check(a)
	}
	return t
}

func (c *checker) checkAndOr(n *syntax.Node) Type {
	c.checkAll(n.Args)
	return TLog
}

func (c *checker) checkNot(n *syntax.Node) Type {
	c.check(n.Args[0])
	return TLog
}

// checkIf types `if T F [else G]`: with same-typed branches (not logical)
// the filter has their type.
func (c *checker) checkIf(n *syntax.Node) Type {
	c.check(n.Args[0])
	t1 := c.check(n.Args[1])
	if len(n.Args) == 3 {
		if t2 := c.check(n.Args[2]); t1 == t2 && t1 != TLog {
			return t1
		}
	}
	return TLog
}

func (c *checker) checkAssert(n *syntax.Node) Type {
	c.check(n.Args[0])
	return TLog
}

func (g *gen) genTrue(n *syntax.Node, fail int) {}

func (g *gen) genFalse(n *syntax.Node, fail int) {
	g.jump(vm.OpJump, 0, 0, fail)
}

// genCompound tests every filter but the last, whose value is the
// compound's.
// genCompound: the value of a compound is its last filter's; when that
// is a set, a failure anywhere in the compound is the compound's own (the
// empty set where its value is used, see value).
// genCompound tests the filters of a compound in the planner's order
// (conjunctOrder) and leaves the last one's value: when the order tests
// it early, its value is worked out again at the end.
func (g *gen) genCompound(n *syntax.Node, fail int) {
	order, lastMoved := g.conjunctOrder(n.Args, false, true)
	last := len(n.Args) - 1
	for _, i := range order {
		if i < last || lastMoved {
			g.test(n.Args[i], fail)
		}
	}
	g.valueOrFail(n.Args[last], fail)
}

// testCompound tests every filter of a compound, in the planner's order.
func (g *gen) testCompound(n *syntax.Node, fail int) {
	g.testAll(n.Args, fail)
}

// genAnd tests the operands of a chain of ands (a and b and c) as one
// conjunction: the planner orders them together, and sizes each operand
// once, where planning the chain level by level sized the rest of the
// chain at every level.
func (g *gen) genAnd(n *syntax.Node, fail int) {
	g.testAll(chainOperands(n), fail)
}

// testAll tests the filters of a conjunction in the planner's order.
func (g *gen) testAll(args []*syntax.Node, fail int) {
	order, _ := g.conjunctOrder(args, false, false)
	for _, i := range order {
		g.test(args[i], fail)
	}
}

func (g *gen) genOr(n *syntax.Node, fail int) {
	g.anyOf(n.Args, fail)
}

func (g *gen) genNot(n *syntax.Node, fail int) {
	g.not(n.Args[0], fail)
}

func (g *gen) genIf(n *syntax.Node, fail int) {
	g.ifThenElse(n, g.typeOf(n), fail)
}

// testIf tests an if: one with a value is tested as a logical if, its
// branches tested rather than computed.
func (g *gen) testIf(n *syntax.Node, fail int) {
	if g.typeOf(n) != TLog {
		g.ifThenElse(n, TLog, fail)
		return
	}
	g.testValue(n, fail)
}

// genAssert: when its argument fails, OpAssert reports the failed
// assertion and the filter fails.
func (g *gen) genAssert(n *syntax.Node, fail int) {
	ok := g.newLabel()
	g.test(n.Args[0], ok)
	done := g.newLabel()
	g.jump(vm.OpJump, 0, 0, done)
	g.bind(ok)
	g.jump(vm.OpAssert, 0, 0, fail)
	g.bind(done)
}

// anyOf matches when one of the filters matches (short-circuit).
func (g *gen) anyOf(ns []*syntax.Node, fail int) {
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
func (g *gen) not(arg *syntax.Node, fail int) {
	g.negate(arg, func(ok int) { g.test(arg, ok) }, fail)
}

// negate matches when test, a test of arg jumping to ok when it fails,
// fails; the comments of arg go.
func (g *gen) negate(arg *syntax.Node, test func(ok int), fail int) {
	ok := g.newLabel()
	mark := g.markComments(arg)
	test(ok)
	g.truncComments(mark)
	g.jump(vm.OpJump, 0, 0, fail)
	g.bind(ok)
	g.truncComments(mark)
}

// ifThenElse: `if T F [else G]`. Without else the filter is true when T
// fails; with same-typed branches it has their value. t is the type it is
// compiled for: logical when it is only tested.
func (g *gen) ifThenElse(n *syntax.Node, t Type, fail int) {
	elseL := g.newLabel()
	end := g.newLabelAt(g.depth+valueWidth(t), g.sdepth+strWidth(t))
	mark := g.markComments(n.Args[0])
	g.test(n.Args[0], elseL)
	g.branch(t, n.Args[1], fail)
	g.jump(vm.OpJump, 0, 0, end)
	g.bind(elseL)
	g.truncComments(mark)
	if len(n.Args) == 3 {
		g.branch(t, n.Args[2], fail)
	}
	g.bind(end)
}

// branch compiles a branch of an if: its value is the if's (a failed set
// branch is the if's failure, the empty set where its value is used).
func (g *gen) branch(t Type, b *syntax.Node, fail int) {
	if t == TLog {
		g.test(b, fail)
	} else {
		g.valueOrFail(b, fail)
	}
}

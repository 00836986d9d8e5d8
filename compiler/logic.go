package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

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

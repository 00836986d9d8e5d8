package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// The check and code of the transforms (flipcolor, flip, rotate90,
// shift, ...), which transform.go has expanded into orbits (KOrbit)
// before checking; notransform; currenttransform.

// checkOrbit types an expanded transform: counted orbits are numeric;
// otherwise the members' common type (sets union, numbers maximum), and
// logical for anything else.
func (c *checker) checkOrbit(n *syntax.Node) Type {
	var t Type
	for i, m := range n.Args {
		mt := c.check(m)
		if i == 0 {
			t = mt
		} else if mt != t {
			t = TLog
		}
	}
	if n.HasRange || n.Flags&syntax.FlagCount != 0 {
		return TNum
	}
	if t == TSet || t == TNum {
		return t
	}
	return TLog
}

func (c *checker) checkNoTransform(n *syntax.Node) Type {
	return c.check(n.Args[0])
}

// checkCurrentTransform replaces currenttransform by the string of the
// transforms in force (currenttransform.html: "the current transforms
// acting on the filter, in right-to-left order"; "<>" outside any
// transform), which applyXform recorded in its Params.
func (c *checker) checkCurrentTransform(n *syntax.Node) Type {
	n.Kind, n.Str = syntax.KString, transformName(n.Params)
	return TStr
}

// checkTransform: every transform has become an orbit before checking.
func (c *checker) checkTransform(n *syntax.Node) Type {
	c.errorf(n, "internal error: transform not expanded")
	return TUnknown
}

func (g *gen) genNoTransform(n *syntax.Node, fail int) {
	g.valueOrFail(n.Args[0], fail)
}

// testOrbit tests an orbit. A set-valued one matches when a member's set
// is not empty, which is decided without computing the union: by a shape
// test when the members are simple designators, else member by member.
func (g *gen) testOrbit(n *syntax.Node, fail int) {
	if len(n.Args) > 0 && n.Args[0].Kind == syntax.KNumber && !n.HasRange && n.Flags&syntax.FlagCount == 0 {
		// `flipcolor 1 ~K`: the body is the number (see numberAsFilter)
		g.numberAsFilter(n.Args[0])
	}
	if g.typeOf(n) != TSet || n.HasRange || n.Flags&syntax.FlagCount != 0 {
		g.testValue(n, fail)
		return
	}
	if shape, ok := orbitShape(n.Args); ok && g.use(opt.OrbitShapes) {
		g.jump(vm.OpShapeAny, 0, g.shapeConst(shape), fail)
		return
	}
	g.anyMember(n, fail)
}

// genOrbit compiles an expanded transform.
func (g *gen) genOrbit(n *syntax.Node, fail int) {
	counted := n.HasRange || n.Flags&syntax.FlagCount != 0
	switch {
	case counted:
		g.countMembers(n, fail)
	case g.typeOf(n) == TSet:
		g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
		for _, m := range n.Args {
			skip := g.newLabel()
			g.valueOrFail(m, skip) // a failed member adds nothing
			g.emit(vm.OpUnion, 0, 0, 0)
			g.bind(skip)
		}
	case g.typeOf(n) == TNum:
		g.maxMembers(n, fail)
	default:
		g.anyMember(n, fail)
	}
}

// anyMember matches when a member of orbit n matches. The official
// program evaluates every member, also after one has matched: the comments
// and assignments of each matching member are kept (`y = 0 flipcolor {y +=
// 1 K} y == 2` matches, `flipcolor {K comment("n" #Pe4)}` comments "n1 n0"
// after 1.e4), and each member's line marks its nestban positions. Members
// without such effects stop at the first match.
func (g *gen) anyMember(n *syntax.Node, fail int) {
	if !slices.ContainsFunc(n.Args, func(m *syntax.Node) bool { return g.addsComments(m) || hasSideEffects(m) }) {
		g.anyOf(n.Args, fail)
		return
	}
	hit := g.slots.new()
	g.emit(vm.OpPushNum, 0, 0, 0)
	g.emit(vm.OpStore, 0, hit, 0)
	for _, m := range n.Args {
		failed, next := g.newLabel(), g.newLabel()
		mark := g.markComments(m)
		g.test(m, failed)
		g.emit(vm.OpPushNum, 0, 0, 1)
		g.emit(vm.OpStore, 0, hit, 0)
		g.jump(vm.OpJump, 0, 0, next)
		g.bind(failed)
		g.truncComments(mark)
		g.bind(next)
	}
	g.emit(vm.OpLoad, 0, hit, 0)
	g.emit(vm.OpPushNum, 0, 0, 1)
	g.jump(vm.OpCmpNum, vm.CmpGe, 0, fail)
	g.emit(vm.OpPop, 0, 0, 0)
}

// countMembers pushes how many members match; with a range the count
// must lie in it.
func (g *gen) countMembers(n *syntax.Node, fail int) {
	cnt := g.slots.new()
	g.emit(vm.OpPushNum, 0, 0, 0)
	g.emit(vm.OpStore, 0, cnt, 0)
	for _, m := range n.Args {
		skip := g.newLabel()
		g.test(m, skip)
		g.emit(vm.OpLoad, 0, cnt, 0)
		g.emit(vm.OpPushNum, 0, 0, 1)
		g.emit(vm.OpAdd, 0, 0, 0)
		g.emit(vm.OpStore, 0, cnt, 0)
		g.bind(skip)
	}
	g.emit(vm.OpLoad, 0, cnt, 0)
	if n.HasRange {
		g.emit(vm.OpDup, 0, 0, 0)
		g.emit(vm.OpPushNum, 0, 0, int32(n.Int))
		g.jump(vm.OpCmpNum, vm.CmpGe, 0, fail)
		g.emit(vm.OpPop, 0, 0, 0)
		g.emit(vm.OpDup, 0, 0, 0)
		g.emit(vm.OpPushNum, 0, 0, int32(n.Int2))
		g.jump(vm.OpCmpNum, vm.CmpLe, 0, fail)
		g.emit(vm.OpPop, 0, 0, 0)
	}
}

// maxMembers pushes the largest value of the matching members.
// Only the best member's comments stay (features.md §10: "for numeric
// transforms only the max-valued member's comments are kept").
func (g *gen) maxMembers(n *syntax.Node, fail int) {
	best := g.slots.new()
	g.emit(vm.OpUnbind, 0, best, 0)
	commented := g.addsComments(n)
	mark := -1
	if commented {
		mark = g.slots.block(3)
	}
	for _, m := range n.Args {
		failed, next := g.newLabel(), g.newLabel()
		if !commented {
			g.value(m, next)
			g.emit(vm.OpMaxInto, 0, best, 0)
			g.bind(next)
			continue
		}
		g.emit(vm.OpMarkComments, 0, mark, 0)
		g.value(m, failed)
		g.emit(vm.OpMaxIntoKeep, 0, best, int32(mark))
		g.jump(vm.OpJump, 0, 0, next)
		g.bind(failed)
		g.truncComments(mark)
		g.bind(next)
	}
	g.jump(vm.OpLoad, 0, best, fail)
}

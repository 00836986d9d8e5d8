package compiler

import (
	"slices"

	"cqlvm/compiler/opt"
	"cqlvm/compiler/syntax"
	"cqlvm/vm"
)

// find: the search of the current position's subtree (or, with <--, its
// ancestors) for positions matching a body, and the memo that lets a
// forward find skip positions where the body is known to fail.

// checkFind types find: the position found, or with `all` or a range
// the number of positions found.
func (c *checker) checkFind(n *syntax.Node) Type {
	c.check(n.Args[0])
	if n.HasRange || n.Flags&syntax.FlagAll != 0 {
		return TNum
	}
	return TPos
}

// genFind searches the current position and its subtree (or, with <--, its
// ancestors) for positions matching the body: the first one is the value,
// or with `all` or a range the number of them.
func (g *gen) genFind(n *syntax.Node, fail int) {
	counting := n.HasRange || n.Flags&syntax.FlagAll != 0
	it, save, cnt := g.slots.block(2), g.slots.new(), g.slots.new()
	back := uint8(0)
	if n.Flags&syntax.FlagBackward != 0 {
		back = 1
	}
	// the official program writes "Found" at the position found, or
	// "Found k of n" at each position a counting find counts
	commenting := n.Flags&syntax.FlagQuiet == 0 && !g.quiet
	foundMark := -1
	if commenting && counting {
		foundMark = g.slots.new()
		g.emit(vm.OpMarkComments, 0, foundMark, 0)
	}
	g.emit(vm.OpFindInit, back, it, 0)
	g.emit(vm.OpSaveCur, 0, save, 0)
	if counting {
		g.emit(vm.OpPushNum, 0, 0, 0)
		g.emit(vm.OpStore, 0, cnt, 0)
	}
	top, done := g.newLabel(), g.newLabel()
	found := g.newLabelAt(g.depth+1, g.sdepth)
	memo := -1
	if back == 0 {
		memo = g.findMemo(n.Args[0], save)
	}
	g.bind(top)
	if memo >= 0 {
		g.emit(vm.OpFindSkip, 0, it, int32(memo))
	}
	g.jump(vm.OpFindNext, back, it, done)
	g.emit(vm.OpDup, 0, 0, 0)
	g.emit(vm.OpSetCur, 0, 0, 0)
	next := g.newLabel()
	mark := g.markComments(n.Args[0])
	g.test(n.Args[0], next)
	switch {
	case foundMark >= 0:
		g.emit(vm.OpFoundMark, 0, foundMark, 0)
	case commenting:
		g.emit(vm.OpPushStr, 0, 0, g.strConst("Found"))
		g.emit(vm.OpComment, 0, 0, 0)
	}
	g.emit(vm.OpRestCur, 0, save, 0)
	if counting {
		g.emit(vm.OpPop, 0, 0, 0)
		g.increment(cnt)
		g.jump(vm.OpJump, 0, 0, top)
	} else {
		g.jump(vm.OpJump, 0, 0, found)
	}
	g.bind(next)
	if memo >= 0 {
		g.emit(vm.OpFindFail, 0, 0, int32(memo))
	}
	g.truncComments(mark)
	g.emit(vm.OpRestCur, 0, save, 0)
	g.emit(vm.OpPop, 0, 0, 0)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(done)
	g.emit(vm.OpRestCur, 0, save, 0)
	if foundMark >= 0 {
		g.emit(vm.OpFoundNumber, 0, foundMark, 0)
	}
	if !counting {
		g.jump(vm.OpJump, 0, 0, fail)
		g.bind(found)
		return
	}
	g.emit(vm.OpLoad, 0, cnt, 0)
	if n.HasRange {
		g.checkBounds(n, fail)
	} else {
		g.checkRange(1, 1<<31-1, fail)
	}
	g.jump(vm.OpJump, 0, 0, found)
	g.bind(found)
}

// findMemo makes a vm.FindMemo for a forward find whose body only tests
// the position it is evaluated at (memoTest) and reads at most
// vm.MaxFindMemoSlots variables, none a string or dictionary; -1 when the
// body does not qualify.
func (g *gen) findMemo(body *syntax.Node, save int) int {
	if !memoTest(body) {
		return -1
	}
	_, slots, ok := g.memoVars(body, "")
	if !ok || len(slots) > vm.MaxFindMemoSlots || !g.use(opt.FindMemo) {
		return -1
	}
	g.prog.FindMemos = append(g.prog.FindMemos, vm.FindMemo{Slots: slots, Save: save})
	return len(g.prog.FindMemos) - 1
}

// memoVars lists the variables n reads other than except, by name and
// slot, for a memo keyed on their values; ok is false when one of them is
// not a set, number or position, which a memo does not key on.
func (g *gen) memoVars(n *syntax.Node, except string) (names []string, slots []int, ok bool) {
	ok = true
	syntax.Walk(n, func(c *syntax.Node) bool {
		if c.Kind != syntax.KVar || c.Str == except {
			return ok
		}
		switch g.typeOf(c) {
		case TSet, TNum, TPos:
		default:
			ok = false
		}
		if s := g.slotOf(c); !slices.Contains(slots, s) {
			names, slots = append(names, c.Str), append(slots, s)
		}
		return ok
	})
	return names, slots, ok
}

package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
	"github.com/cqlvm/cqlvm/vm/nfa"
)

// line: the pattern is compiled into an NFA over the positions of the
// game, each constituent filter a subroutine (path.go shares this).

// checkLine types `line`: its constituents are checked as filters; its
// value is the length of the longest match, or its last position.
func (c *checker) checkLine(n *syntax.Node) Type {
	c.checkSeq(n.Seq.Body)
	if n.Flags&syntax.FlagLastPosition != 0 {
		return TPos
	}
	return TNum
}

// checkSeq checks the constituents of a line or path pattern.
func (c *checker) checkSeq(n *syntax.Node) {
	switch n.Kind {
	case syntax.KSeqFilter, syntax.KSeqDash:
		c.check(n.Args[0])
	default:
		for _, a := range n.Args {
			c.checkSeq(a)
		}
	}
}

// genLine compiles a line filter: its pattern becomes an NFA whose
// constituents are bytecode subroutines, emitted after the body.
func (g *gen) genLine(n *syntax.Node, fail int) {
	spec := vm.LineSpec{
		Name:         "line",
		Backward:     n.Seq.Backward,
		FirstMatch:   n.Flags&syntax.FlagFirstMatch != 0,
		LastPosition: n.Flags&syntax.FlagLastPosition != 0,
		NestBan:      n.Flags&syntax.FlagNestBan != 0,
		Primary:      n.Flags&syntax.FlagPrimary != 0,
		Secondary:    n.Flags&syntax.FlagSecondary != 0,
		SingleColor:  n.Flags&syntax.FlagSingleColor != 0,
		Quiet:        n.Flags&syntax.FlagQuiet != 0 || g.quiet,
		HasRange:     n.HasRange,
		Lo:           int(n.Int),
		Hi:           int(n.Int2),
		RangeOnStack: n.Bounds != nil,
	}
	var filters []*syntax.Node
	pattern := seqToNFA(n.Seq.Body, func(c *syntax.Node) *nfa.Node {
		filters = append(filters, c.Args[0])
		return &nfa.Node{Kind: nfa.KindFilter, Filter: len(filters) - 1}
	})
	idx, ok := g.addLine(n, spec, pattern, len(filters))
	if !ok {
		return
	}
	for k, f := range filters {
		g.prog.Lines[idx].Lin[k] = !spec.Backward && linearized(f)
		g.prog.Lines[idx].Always[k] = (isAllSquares(f) || f.Kind == syntax.KTrue) && g.use(opt.LineAlways)
		g.later(func() { g.prog.Lines[idx].Subs[k] = g.subroutine(f) })
	}
	l := &g.prog.Lines[idx]
	if g.lineFirstMatch(l, filters) && g.use(opt.LineFirstMatch) {
		l.FirstMatchWalk = true
	}
	if slots, ok := g.lineViable(l, filters); ok && g.use(opt.LineViable) {
		l.Viable, l.ViableSlots = true, slots
	}
	if k, ok := l.NFA.SoleStartFilter(); ok && memoTest(filters[k]) {
		switch f := filters[k]; {
		case !l.Lin[k]:
			if !g.use(opt.LineStartTest) {
				break
			}
			l.StartTest, l.StartFilter = true, k
			if startTestInline(f) && g.use(opt.LineStartInline) {
				// the start test runs here, in the caller's frame, rather
				// than in a subroutine the machine calls for the line: most
				// starts fail it (`line --> M-- --> ...` in a piece loop)
				l.StartTested = true
				g.test(f, fail)
			}
		case startNeedInline(f) && g.use(opt.LineStartNeed):
			g.testUnlinearized(f, fail)
		}
	}
	g.jumpLine(idx, n.Bounds, fail)
}

// lineFirstMatch reports whether line l can be searched by a walk that
// stops at its first match (line-first-match): forward, not singlecolor
// (its positions are grandchildren, one per move pair), a pattern of one
// sequence of constituents (no Split, no Test), constituents that do
// nothing but comment.
func (g *gen) lineFirstMatch(l *vm.LineSpec, filters []*syntax.Node) bool {
	if l.Backward || l.IsPath || l.SingleColor || !l.NFA.Linear() {
		return false
	}
	for _, in := range l.NFA.Inst {
		if in.Op == nfa.Test {
			return false
		}
	}
	for _, f := range filters {
		if effectsOf(f)&(fxEffects&^fxComment) != 0 {
			return false
		}
	}
	return true
}

// lineViable reports whether a table of the states from which a match
// can be completed may refuse the starts of line l (line-viable): a
// forward line whose constituents read nothing but the position, its
// game and tree and at most vm.MaxFindMemoSlots variables (numbers, sets,
// positions: the machine keeps a table per game for each of their
// values), and do nothing but comment (which the search drops), so that
// a start refused is one where the search would find no match and change
// nothing. It returns the variables' slots.
func (g *gen) lineViable(l *vm.LineSpec, filters []*syntax.Node) ([]int, bool) {
	if l.Backward || l.IsPath {
		return nil, false
	}
	var slots []int
	for _, f := range filters {
		if effectsOf(f)&(fxEffects&^fxComment|fxState) != 0 {
			return nil, false
		}
		_, s, ok := g.memoVars(f, "")
		if !ok {
			return nil, false
		}
		for _, v := range s {
			if !slices.Contains(slots, v) {
				slots = append(slots, v)
			}
		}
	}
	return slots, len(slots) <= vm.MaxFindMemoSlots
}

// testUnlinearized tests f with its move filters seeing every move of the
// position, whatever line the code is in.
//
// A line's start filter that depends on the move the line goes on with
// (`line --> move from F --> ...`) cannot hold for one move when it holds
// for none (startNeedInline): tested with every move in the line's
// caller, it lets most starts fail without the line's search, which tests
// it again for each move.
func (g *gen) testUnlinearized(f *syntax.Node, fail int) {
	saved := g.unlinearizedMoves
	g.unlinearizedMoves = true
	g.test(f, fail)
	g.unlinearizedMoves = saved
}

// lineNeed is a test that line n needs at its start, which its caller
// can make (genLine makes it, and a loop around the line may make it
// once before the loop, loopPrechecks): the start filter itself, or with
// unlinearized set, the start filter with every move of the position.
func lineNeed(n *syntax.Node) (f *syntax.Node, unlinearized, ok bool) {
	var filters []*syntax.Node
	pattern := seqToNFA(n.Seq.Body, func(c *syntax.Node) *nfa.Node {
		filters = append(filters, c.Args[0])
		return &nfa.Node{Kind: nfa.KindFilter, Filter: len(filters) - 1}
	})
	prog, err := nfa.Compile(pattern, len(filters))
	if err != nil {
		return nil, false, false
	}
	k, ok := prog.SoleStartFilter()
	if !ok || !memoTest(filters[k]) {
		return nil, false, false
	}
	f = filters[k]
	if n.Seq.Backward || !linearized(f) {
		return f, false, startTestInline(f)
	}
	return f, true, startNeedInline(f)
}

// startNeedInline reports whether the start filter f of a line, which
// linearization restricts, holds with every move of the position whenever
// it holds with one: its move filters are existence tests that are only
// anded and ored (no `not`, no count, no comparison), so more moves can
// only make it hold. Tested in the line's caller with every move, it is
// then a necessary condition of the line. It must also meet
// startTestInline's other conditions (no comments, no from or to).
func startNeedInline(f *syntax.Node) bool {
	return !addsComments(f) && movesOnlyPositive(f) &&
		!syntax.Any(f, func(c *syntax.Node) bool { return c.Kind == syntax.KFrom || c.Kind == syntax.KTo })
}

func movesOnlyPositive(f *syntax.Node) bool {
	switch f.Kind {
	case syntax.KMove:
		mp := f.Move
		for _, p := range []*syntax.Node{mp.From, mp.To, mp.Capture, mp.EnPassantSquare, mp.Promote} {
			if p != nil && linearized(p) {
				return false
			}
		}
		return !mp.Count && mp.Comment == nil
	case syntax.KCompound, syntax.KAnd, syntax.KOr:
		for _, a := range f.Args {
			if !movesOnlyPositive(a) {
				return false
			}
		}
		return true
	}
	return !linearized(f)
}

// startTestInline reports whether a line's start test (a filter that only
// tests, see memoTest) gives the same answer in the line's
// caller as in the line's own frame: it makes no comment, which the line
// would drop; it reads no move filter that the caller's linearization
// could restrict (a backward line's constituents are not linearized, its
// caller may be); it reads no `from` or `to` of the last move, whose
// castling piece the caller's dash may have chosen (the line's frame
// resets that view).
func startTestInline(f *syntax.Node) bool {
	return !addsComments(f) && !linearized(f) &&
		!syntax.Any(f, func(c *syntax.Node) bool { return c.Kind == syntax.KFrom || c.Kind == syntax.KTo })
}

// addLine compiles the pattern of line or path n, whose constituents are
// numbered 0 to count-1, and adds spec to the program with room for their
// subroutines. A pattern the NFA compiler refuses is reported and leaves
// a placeholder.
func (g *gen) addLine(n *syntax.Node, spec vm.LineSpec, pattern *nfa.Node, count int) (int, bool) {
	prog, err := nfa.Compile(pattern, count)
	if err != nil {
		g.errorf(n, "%v", err)
		g.placeholder(n)
		return 0, false
	}
	spec.NFA = prog
	spec.Linear = spec.IsPath && prog.Linear() && g.use(opt.PathLinear)
	spec.Subs = make([]int, count)
	spec.Lin = make([]bool, count)
	spec.Always = make([]bool, count)
	g.prog.Lines = append(g.prog.Lines, spec)
	return len(g.prog.Lines) - 1, true
}

// jumpLine emits the instruction that runs line or path idx.
// Bounds, when the range has a variable bound, are pushed first.
func (g *gen) jumpLine(idx int, bounds []*syntax.Node, fail int) {
	x := uint8(0)
	if g.prog.Lines[idx].LastPosition {
		x = vm.LineLastPosition
	}
	if bounds != nil {
		g.numValue(bounds[0], fail)
		g.numValue(bounds[1], fail)
		x |= vm.LineBoundsOnStack
	}
	g.jump(vm.OpLineOrPath, x, idx, fail)
}

// seqToNFA turns a parsed line or path sequence into an NFA pattern;
// leaf makes the node of each constituent (a filter, or a path's move),
// in order.
func seqToNFA(n *syntax.Node, leaf func(*syntax.Node) *nfa.Node) *nfa.Node {
	var p *nfa.Node
	switch n.Kind {
	case syntax.KSeqFilter, syntax.KSeqDash:
		return leaf(n)
	case syntax.KSeqRepeat:
		p = &nfa.Node{Kind: nfa.KindRepeat, Min: int(n.Int), Max: int(n.Int2)}
	case syntax.KSeqAlt:
		p = &nfa.Node{Kind: nfa.KindAlt}
	default:
		p = &nfa.Node{Kind: nfa.KindConcat}
	}
	for _, a := range n.Args {
		p.Sub = append(p.Sub, seqToNFA(a, leaf))
	}
	return p
}

// linearized reports whether f looks at the game's moves from the
// position it is evaluated at with a move filter (over PGN moves) other
// than under ':', find, echo or a nested line, which linearization exempts.
// Dashes are not linearized (vm.MoveSpec.Linearized), nor backward lines.
func linearized(f *syntax.Node) bool {
	found := false
	syntax.Walk(f, func(f *syntax.Node) bool {
		switch f.Kind {
		case syntax.KColon, syntax.KFind, syntax.KEcho, syntax.KLine, syntax.KPath, syntax.KCurrentMove:
			return false
		case syntax.KMove:
			found = found || !f.Move.Previous && !f.Move.Legal && !f.Move.PseudoLegal
		}
		return !found
	})
	return found
}

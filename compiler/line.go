package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
	"cqlvm/vm/nfa"
)

// line: the pattern is compiled into an NFA over the positions of the
// game, each constituent filter a subroutine (path.go shares this).

// checkLine types `line`: its constituents are checked as filters; its
// value is the length of the longest match, or its last position.
func (c *checker) checkLine(n *ast.Node) Type {
	c.checkSeq(n.Seq.Body)
	if n.Flags&ast.FlagLastPosition != 0 {
		return TPos
	}
	return TNum
}

// checkSeq checks the constituents of a line or path pattern.
func (c *checker) checkSeq(n *ast.Node) {
	switch n.Kind {
	case ast.KSeqFilter, ast.KSeqDash:
		c.check(n.Args[0])
	default:
		for _, a := range n.Args {
			c.checkSeq(a)
		}
	}
}

// genLine compiles a line filter: its pattern becomes an NFA whose
// constituents are bytecode subroutines, emitted after the body.
func (g *gen) genLine(n *ast.Node, fail int) {
	spec := vm.LineSpec{
		Name:         "line",
		Backward:     n.Seq.Backward,
		FirstMatch:   n.Flags&ast.FlagFirstMatch != 0,
		LastPosition: n.Flags&ast.FlagLastPosition != 0,
		NestBan:      n.Flags&ast.FlagNestBan != 0,
		Primary:      n.Flags&ast.FlagPrimary != 0,
		Secondary:    n.Flags&ast.FlagSecondary != 0,
		SingleColor:  n.Flags&ast.FlagSingleColor != 0,
		Quiet:        n.Flags&ast.FlagQuiet != 0 || g.quiet,
		HasRange:     n.HasRange,
		Lo:           int(n.Int),
		Hi:           int(n.Int2),
		RangeOnStack: n.Bounds != nil,
	}
	var filters []*ast.Node
	pattern := seqToNFA(n.Seq.Body, func(c *ast.Node) *nfa.Node {
		filters = append(filters, c.Args[0])
		return &nfa.Node{Kind: nfa.KindFilter, Filter: len(filters) - 1}
	})
	idx, ok := g.addLine(n, spec, pattern, len(filters))
	if !ok {
		return
	}
	for k, f := range filters {
		g.prog.Lines[idx].Lin[k] = !spec.Backward && linearized(f)
		g.later(func() { g.prog.Lines[idx].Subs[k] = g.subroutine(f) })
	}
	l := &g.prog.Lines[idx]
	if k, ok := l.NFA.SoleStartFilter(); ok && !l.Lin[k] && onlyTestsOrDashes(filters[k]) {
		l.StartTest, l.StartFilter = true, k
		if startTestInline(filters[k]) {
			// the start test runs here, in the caller's frame, rather
			// than in a subroutine the machine calls for the line: most
			// starts fail it (`line --> M-- --> ...` in a piece loop)
			l.StartTested = true
			g.test(filters[k], fail)
		}
	}
	g.jumpLine(idx, n.Bounds, fail)
}

// startTestInline reports whether a line's start test (a filter that only
// tests, see onlyTestsOrDashes) gives the same answer in the line's
// caller as in the line's own frame: it makes no comment, which the line
// would drop; it reads no move filter that the caller's linearization
// could restrict (a backward line's constituents are not linearized, its
// caller may be); it reads no `from` or `to` of the last move, whose
// castling piece the caller's dash may have chosen (the line's frame
// resets that view).
func startTestInline(f *ast.Node) bool {
	return !addsComments(f) && !linearized(f) &&
		!ast.Any(f, func(c *ast.Node) bool { return c.Kind == ast.KFrom || c.Kind == ast.KTo })
}

// addLine compiles the pattern of line or path n, whose constituents are
// numbered 0 to count-1, and adds spec to the program with room for their
// subroutines. A pattern the NFA compiler refuses is reported and leaves
// a placeholder.
func (g *gen) addLine(n *ast.Node, spec vm.LineSpec, pattern *nfa.Node, count int) (int, bool) {
	prog, err := nfa.Compile(pattern, count)
	if err != nil {
		g.errorf(n, "%v", err)
		g.placeholder(n)
		return 0, false
	}
	spec.NFA = prog
	spec.Linear = prog.Linear()
	spec.Subs = make([]int, count)
	spec.Lin = make([]bool, count)
	g.prog.Lines = append(g.prog.Lines, spec)
	return len(g.prog.Lines) - 1, true
}

// jumpLine emits the instruction that runs line or path idx.
// Bounds, when the range has a variable bound, are pushed first.
func (g *gen) jumpLine(idx int, bounds []*ast.Node, fail int) {
	x := uint8(0)
	if g.prog.Lines[idx].LastPosition {
		x = vm.LineLastPosition
	}
	if bounds != nil {
		g.numValue(bounds[0], fail)
		g.numValue(bounds[1], fail)
		x |= vm.LineBoundsOnStack
	}
	g.jump(vm.OpLine, x, idx, fail)
}

// onlyTestsOrDashes reports whether f only tests (memoTest), dashes
// included: testing it once more before a line's search leaves no trace.
func onlyTestsOrDashes(f *ast.Node) bool {
	return !ast.Any(f, func(c *ast.Node) bool { return c.Kind != ast.KDash && !onlyTests(c) })
}

// seqToNFA turns a parsed line or path sequence into an NFA pattern;
// leaf makes the node of each constituent (a filter, or a path's move),
// in order.
func seqToNFA(n *ast.Node, leaf func(*ast.Node) *nfa.Node) *nfa.Node {
	var p *nfa.Node
	switch n.Kind {
	case ast.KSeqFilter, ast.KSeqDash:
		return leaf(n)
	case ast.KSeqRepeat:
		p = &nfa.Node{Kind: nfa.KindRepeat, Min: int(n.Int), Max: int(n.Int2)}
	case ast.KSeqAlt:
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
func linearized(f *ast.Node) bool {
	found := false
	ast.Walk(f, func(f *ast.Node) bool {
		switch f.Kind {
		case ast.KColon, ast.KFind, ast.KEcho, ast.KLine, ast.KPath, ast.KCurrentMove:
			return false
		case ast.KMove:
			found = found || !f.Move.Previous && !f.Move.Legal && !f.Move.PseudoLegal
		}
		return !found
	})
	return found
}

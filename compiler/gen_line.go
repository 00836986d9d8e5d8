package compiler

import (
	"cqlvm/bitboard"
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
	"cqlvm/vm/nfa"
)

// checkLine types `line`: its constituents are checked as filters; its
// value is the length of the longest match, or its last position.
func (c *checker) checkLine(n *ast.Node) ast.Type {
	c.checkSeq(n.Seq.Body)
	if n.Flags&ast.FlagLastPosition != 0 {
		return ast.TPos
	}
	return ast.TNum
}

func (c *checker) checkSeq(n *ast.Node) {
	switch n.Kind {
	case ast.KSeqFilter:
		c.check(n.Args[0])
	default:
		for _, a := range n.Args {
			c.checkSeq(a)
		}
	}
}

// line compiles a line filter: its pattern becomes an NFA whose
// constituents are bytecode subroutines, emitted after the body.
func (g *gen) line(n *ast.Node, fail int) {
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
		g.prog.Lines[idx].Lin[k] = linearized(f)
		g.later(func() { g.prog.Lines[idx].Subs[k] = g.subroutine(f) })
	}
	g.jumpLine(idx, n.Bounds, fail)
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
// position it is evaluated at (a move or dash filter over PGN moves) other
// than under ':', find, echo or a nested line, which linearization exempts.
func linearized(f *ast.Node) bool {
	found := false
	ast.Walk(f, func(f *ast.Node) bool {
		switch f.Kind {
		case ast.KColon, ast.KFind, ast.KEcho, ast.KLine, ast.KPath, ast.KCurrentMove:
			return false
		case ast.KMove:
			found = found || !f.Move.Previous && !f.Move.Legal && !f.Move.PseudoLegal
		case ast.KDash:
			found = found || !f.Dash.Legal && !f.Dash.PseudoLegal
		}
		return !found
	})
	return found
}

// later queues code to emit after the body (subroutines).
func (g *gen) later(f func()) { g.deferred = append(g.deferred, f) }

// subroutine emits a stand-alone test of f: it ends in match or fail.
func (g *gen) subroutine(f *ast.Node) int {
	savedDepth, savedSDepth, savedReach := g.depth, g.sdepth, g.reachable
	g.depth, g.sdepth, g.reachable = 0, 0, true
	entry := len(g.prog.Code)
	fail := g.newLabel()
	g.test(f, fail)
	g.emit(vm.OpMatch, 0, 0, 0)
	g.bind(fail)
	g.emit(vm.OpFail, 0, 0, 0)
	g.depth, g.sdepth, g.reachable = savedDepth, savedSDepth, savedReach
	return entry
}

// checkPath types `path`: dash constituents are moves, the others tests.
func (c *checker) checkPath(n *ast.Node) ast.Type {
	if n.Seq.Focus != nil {
		c.expect(n.Seq.Focus, "the focus of path", ast.TSet)
		c.needPieceIDs = true // the focused pieces are followed by identity
	}
	if n.Seq.Max != nil {
		c.check(n.Seq.Max)
	}
	c.checkPathElems(n.Seq.Body)
	if n.Flags&ast.FlagLastPosition != 0 {
		return ast.TPos
	}
	return ast.TNum
}

func (c *checker) checkPathElems(n *ast.Node) {
	switch n.Kind {
	case ast.KSeqFilter, ast.KSeqDash:
		c.check(n.Args[0])
	default:
		for _, a := range n.Args {
			c.checkPathElems(a)
		}
	}
}

// path compiles a path filter: each dash constituent becomes a subroutine
// testing one move (from the head position to the machine's path child),
// each other constituent a position test.
func (g *gen) path(n *ast.Node, fail int) {
	spec := vm.LineSpec{
		Name:         "path",
		IsPath:       true,
		FirstMatch:   n.Flags&ast.FlagFirstMatch != 0,
		LastPosition: n.Flags&ast.FlagLastPosition != 0,
		NestBan:      n.Flags&ast.FlagNestBan != 0,
		Primary:      n.Flags&ast.FlagPrimary != 0,
		SingleColor:  n.Flags&ast.FlagSingleColor != 0,
		Quiet:        n.Flags&ast.FlagQuiet != 0 || g.quiet,
		HasRange:     n.HasRange,
		Lo:           int(n.Int),
		Hi:           int(n.Int2),
		Path: vm.PathSpec{Focus: -1, FocusCapture: n.Seq.FocusCapture, Pure: !hasSideEffects(n.Seq.Body),
			UsesCount: hasKind([]*ast.Node{n.Seq.Body}, ast.KPathCount, ast.KPathCountUnfocused)},
	}
	for _, v := range g.vars {
		if v.Atomic {
			spec.Path.Atomic = append(spec.Path.Atomic, v.Slot)
		}
	}
	var elems []*ast.Node
	pattern := seqToNFA(n.Seq.Body, func(c *ast.Node) *nfa.Node {
		elems = append(elems, c)
		kind := nfa.KindTest // a position test; a move is a filter
		if c.Kind == ast.KSeqDash {
			kind = nfa.KindFilter
		}
		return &nfa.Node{Kind: kind, Filter: len(elems) - 1}
	})
	idx, ok := g.addLine(n, spec, pattern, len(elems))
	if !ok {
		return
	}
	for k, e := range elems {
		g.later(func() { g.prog.Lines[idx].Subs[k] = g.pathElem(e) })
	}
	if n.Seq.Focus != nil {
		focus := n.Seq.Focus
		g.later(func() { g.prog.Lines[idx].Path.Focus = g.valueSubroutine(focus) })
	}
	g.jumpLine(idx, nil, fail)
}

// pathElem emits the subroutine of one path constituent.
func (g *gen) pathElem(e *ast.Node) int {
	if e.Kind == ast.KSeqFilter {
		return g.subroutine(e.Args[0])
	}
	d := e.Args[0].Dash
	savedDepth, savedSDepth, savedReach := g.depth, g.sdepth, g.reachable
	g.depth, g.sdepth, g.reachable = 0, 0, true
	defer func() { g.depth, g.sdepth, g.reachable = savedDepth, savedSDepth, savedReach }()
	defer g.at(e)()
	entry := len(g.prog.Code)
	fail := g.newLabel()
	for _, side := range []*ast.Node{d.Left, d.Right} {
		if side == nil {
			g.emit(vm.OpPushSet, 0, 0, g.setConst(bitboard.Full))
		} else {
			g.value(side, fail)
		}
	}
	spec := vm.MoveSpec{Source: vm.SrcPGN, CastleEither: true, Promote: promoteMask(d.Promote)}
	if d.Capture {
		spec.Require |= vm.MustCapture
	}
	g.prog.MoveSpecs = append(g.prog.MoveSpecs, spec)
	g.jump(vm.OpPathMove, 0, len(g.prog.MoveSpecs)-1, fail)
	if len(d.Targets) > 0 {
		g.emit(vm.OpPathChild, 0, 0, 0)
		g.emit(vm.OpSetCur, 0, 0, 0)
		g.emit(vm.OpPathCastleView, 0, 0, 0)
		for _, t := range d.Targets {
			g.test(t, fail)
		}
	}
	g.emit(vm.OpMatch, 0, 0, 0)
	g.bind(fail)
	g.emit(vm.OpFail, 0, 0, 0)
	return entry
}

// valueSubroutine emits code leaving n's value for the machine (OpReturn).
func (g *gen) valueSubroutine(n *ast.Node) int {
	savedDepth, savedSDepth, savedReach := g.depth, g.sdepth, g.reachable
	g.depth, g.sdepth, g.reachable = 0, 0, true
	defer func() { g.depth, g.sdepth, g.reachable = savedDepth, savedSDepth, savedReach }()
	entry := len(g.prog.Code)
	fail := g.newLabel()
	g.value(n, fail)
	g.emit(vm.OpReturn, 0, 0, 0)
	g.bind(fail)
	g.emit(vm.OpFail, 0, 0, 0)
	return entry
}

// hasSideEffects reports whether evaluating n can change variables.
func hasSideEffects(n *ast.Node) bool {
	return ast.Any(n, func(n *ast.Node) bool {
		switch n.Kind {
		case ast.KAssign, ast.KPieceAssign, ast.KUnbind, ast.KPersistent, ast.KSquareLoop, ast.KPieceLoop,
			ast.KEcho, ast.KSort, ast.KMessage:
			return true
		}
		return false
	})
}

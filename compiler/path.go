package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
	"github.com/cqlvm/cqlvm/vm/nfa"
)

// path and its companions: pathcount, pathcount unfocused, pathstart and
// pathlastposition. The patterns are compiled as line's are (line.go).

// checkPathCount types pathcount and pathcount unfocused.
func (c *checker) checkPathCount(n *syntax.Node) Type {
	return TNum
}

// checkPathPosition types pathstart and pathlastposition.
func (c *checker) checkPathPosition(n *syntax.Node) Type {
	return TPos
}

func (g *gen) genPathCount(n *syntax.Node, fail int) {
	if n.Kind == syntax.KPathCount {
		g.jump(vm.OpPathCount, 0, 0, fail)
	} else {
		g.jump(vm.OpPathUnfocused, 0, 0, fail)
	}
}

func (g *gen) genPathPosition(n *syntax.Node, fail int) {
	if n.Kind == syntax.KPathStart {
		g.jump(vm.OpPathPosition, vm.PathStart, 0, fail)
	} else {
		g.jump(vm.OpPathPosition, vm.PathLast, 0, fail)
	}
}

// checkPath types `path`: dash constituents are moves, the others tests.
func (c *checker) checkPath(n *syntax.Node) Type {
	if n.Seq.Focus != nil {
		c.expect(n.Seq.Focus, "the focus of path", TSet)
		c.needPieceIDs = true // the focused pieces are followed by identity
	}
	if n.Seq.Max != nil {
		// the official program fails at run time on any other kind
		c.expect(n.Seq.Max, "the filter after 'max'", TNum)
	}
	c.checkSeq(n.Seq.Body)
	if n.Flags&syntax.FlagLastPosition != 0 {
		return TPos
	}
	return TNum
}

// genPath compiles a path filter: each dash constituent becomes a subroutine
// testing one move (from the head position to the machine's path child),
// each other constituent a position test.
func (g *gen) genPath(n *syntax.Node, fail int) {
	spec := vm.LineSpec{
		Name:         "path",
		IsPath:       true,
		FirstMatch:   n.Flags&syntax.FlagFirstMatch != 0,
		LastPosition: n.Flags&syntax.FlagLastPosition != 0,
		NestBan:      n.Flags&syntax.FlagNestBan != 0,
		Primary:      n.Flags&syntax.FlagPrimary != 0,
		SingleColor:  n.Flags&syntax.FlagSingleColor != 0,
		Quiet:        n.Flags&syntax.FlagQuiet != 0 || g.quiet,
		HasRange:     n.HasRange,
		Lo:           int(n.Int),
		Hi:           int(n.Int2),
		Path: vm.PathSpec{Focus: -1, Max: -1, FocusCapture: n.Seq.FocusCapture, Title: n.Seq.Title,
			Pure: !hasSideEffects(n.Seq.Body) && (n.Seq.Max == nil || !hasSideEffects(n.Seq.Max)) &&
				g.use(opt.PathMemo),
			UsesCount: hasKind([]*syntax.Node{n.Seq.Body}, syntax.KPathCount, syntax.KPathCountUnfocused)},
	}
	for _, v := range g.vars {
		if v.Atomic {
			spec.Path.Atomic = append(spec.Path.Atomic, v.Slot)
		}
		spec.Path.Vars = append(spec.Path.Vars, v.Slot)
	}
	slices.Sort(spec.Path.Atomic)
	slices.Sort(spec.Path.Vars)
	var elems []*syntax.Node
	pattern := seqToNFA(n.Seq.Body, func(c *syntax.Node) *nfa.Node {
		elems = append(elems, c)
		kind := nfa.KindTest // a position test; a move is a filter
		if c.Kind == syntax.KSeqDash {
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
	if n.Seq.Max != nil {
		limit := n.Seq.Max
		g.later(func() { g.prog.Lines[idx].Path.Max = g.valueSubroutine(limit) })
	}
	g.jumpLine(idx, nil, fail)
}

// pathElem emits the subroutine of one path constituent.
func (g *gen) pathElem(e *syntax.Node) int {
	if e.Kind == syntax.KSeqFilter {
		return g.subroutine(e.Args[0])
	}
	d := e.Args[0].Dash
	savedDepth, savedSDepth, savedReach := g.depth, g.sdepth, g.reachable
	g.depth, g.sdepth, g.reachable = 0, 0, true
	defer func() { g.depth, g.sdepth, g.reachable = savedDepth, savedSDepth, savedReach }()
	defer g.at(e)()
	entry := len(g.prog.Code)
	fail := g.newLabel()
	for _, side := range []*syntax.Node{d.Left, d.Right} {
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
	op := vm.OpPathMove
	if dynamicPromote(d.Promote) { // P--=T: the types of the string T
		g.promoteValue(d.Promote, fail)
		op = vm.OpPathMoveDyn
	}
	g.jump(op, 0, len(g.prog.MoveSpecs)-1, fail)
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

// hasSideEffects reports whether evaluating n can change variables or
// regular-expression groups, print or stop the run: a path whose
// constituents cannot reaches the same states from a (state, position)
// pair however it got there.
func hasSideEffects(n *syntax.Node) bool {
	return effectsOf(n)&(fxAssign|fxGroups|fxMessage|fxReport) != 0
}

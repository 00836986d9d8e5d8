package compiler

import (
	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Moves: the dash filters (F--G, F[x]G, with targets), countmoves,
// currentmove, move, and the facts of the move into the position: from,
// to, enpassantsquare, castle, o-o, o-o-o, enpassant, nullmove, primary
// and secondary.

// checkDash types F--G(targets): the value is the last target's.
func (c *checker) checkDash(n *syntax.Node) Type {
	d := n.Dash
	if l := d.Left; l != nil && l.Kind == syntax.KDash && len(l.Dash.Targets) == 0 && l.Dash.Right != nil &&
		(l.Dash.Right.Kind == syntax.KUnion || l.Dash.Right.Kind == syntax.KInter) {
		// R--a1 | R--h1: the right side of a dash takes the union, so
		// this is (R--(a1 | R))--h1, in the official program too
		op, word := "|", "or"
		if l.Dash.Right.Kind == syntax.KInter {
			op, word = "&", "and"
		}
		c.check(l)
		c.errorf(l, "the left side of the dash must be a set filter, but this is a dash: the right side of a dash takes a whole set expression, so F--G %s H--K reads as (F--(G %s H))--K; write F--G %s H--K", op, op, word)
	} else {
		c.expectOpt(d.Left, "the left side of the dash", TSet)
	}
	c.expectOpt(d.Right, "the right side of the dash", TSet)
	if dynamicPromote(d.Promote) {
		c.expect(d.Promote, "the promotion type of a dash", TStr)
	}
	var t Type = TLog
	for _, tg := range d.Targets {
		t = c.check(tg)
	}
	if len(d.Targets) == 0 || t == TUnknown {
		t = TLog
	}
	if d.Legal || d.PseudoLegal {
		// the squares the legal moves go to (the official program:
		// #(legal K--.) counts the king's destinations, castling's
		// included, and legal [KR]--. is their union); its targets are
		// properties of the move, not filters with a value
		return TSet
	}
	return t
}

// checkMove types move: with count the number of matching moves, with
// from, to or capture written first the set of those squares.
func (c *checker) checkMove(n *syntax.Node) Type {
	m := n.Move
	for _, p := range []*syntax.Node{m.From, m.To, m.Capture, m.EnPassantSquare} {
		c.expectOpt(p, "a move parameter", TSet)
	}
	if m.Comment != nil {
		c.check(m.Comment)
	}
	switch {
	case m.Count:
		return TNum
	case m.First != "":
		return TSet
	}
	return TLog
}

func (c *checker) checkCountMoves(n *syntax.Node) Type {
	c.check(n.Args[0])
	return TNum
}

func (c *checker) checkCurrentMove(n *syntax.Node) Type {
	return c.check(n.Args[0])
}

// checkMoveSquare types from, to and enpassantsquare.
func (c *checker) checkMoveSquare(n *syntax.Node) Type {
	return TSet
}

// checkMoveIs types castle, o-o, o-o-o, enpassant, nullmove, primary and
// secondary.
func (c *checker) checkMoveIs(n *syntax.Node) Type {
	return TLog
}

func (g *gen) genDash(n *syntax.Node, fail int) {
	g.dash(n.Dash, g.typeOf(n), false, fail)
}

func (g *gen) genCountMoves(n *syntax.Node, fail int) {
	g.dash(n.Args[0].Dash, TNum, true, fail)
}

func (g *gen) genCurrentMove(n *syntax.Node, fail int) {
	g.currentMove(n.Args[0].Dash, g.typeOf(n), fail)
}

func (g *gen) genMoveSquare(n *syntax.Node, fail int) {
	what := map[syntax.Kind]uint8{syntax.KFrom: vm.LastFrom, syntax.KTo: vm.LastTo, syntax.KEnPassantSquare: vm.LastEPSquare}[n.Kind]
	g.emit(vm.OpLastMove, what, 0, 0)
}

func (g *gen) genMoveIs(n *syntax.Node, fail int) {
	what := map[syntax.Kind]uint8{syntax.KCastle: vm.IsCastle, syntax.KOO: vm.IsCastleShort, syntax.KOOO: vm.IsCastleLong,
		syntax.KEnPassant: vm.IsEnPassant, syntax.KNullMove: vm.IsNull, syntax.KPrimary: vm.IsPrimary,
		syntax.KSecondary: vm.IsSecondary}[n.Kind]
	g.jump(vm.OpMoveIs, what, 0, fail)
}

// costlySet reports whether working out set s takes more than loading
// it: anything but a designator or a variable.
func costlySet(s *syntax.Node) bool {
	return s != nil && s.Kind != syntax.KDesig && s.Kind != syntax.KVar
}

// moveBlock allocates the slots of a move filter, evaluates its square
// sets (in the parent position for `move previous`) and starts the
// iteration. It returns the base slot.
//
// failWithoutMove: the filter fails (jumps to fail) when no candidate
// matches, so it may fail as soon as no game move leaves from its from
// squares (a filter that counts its moves does not fail).
func (g *gen) moveBlock(spec vm.MoveSpec, from, to, capt, promote *syntax.Node, inParent, failWithoutMove bool, fail int) int {
	size := vm.MoveSlots
	if spec.PromoteDyn {
		size++ // vm.MoveSlotPromote
	}
	base := g.slots.block(size)
	save := -1
	restore := fail
	if inParent && (from != nil || to != nil || capt != nil) {
		save = g.slots.new()
		g.emit(vm.OpSaveCur, 0, save, 0)
		g.jump(vm.OpParent, 0, 0, fail)
		g.emit(vm.OpSetCur, 0, 0, 0)
		restore = g.newLabel()
	}
	for i, s := range []*syntax.Node{from, to, capt} {
		if s == nil {
			// every square: the slot is this filter's and nothing else
			// writes it, so it is set once for the run
			g.prog.ConstSlots = append(g.prog.ConstSlots, vm.ConstSlot{Slot: base + vm.MoveSlotFrom + i, Value: uint64(bitboard.Full)})
			continue
		}
		g.value(s, restore)
		g.emit(vm.OpStore, 0, base+vm.MoveSlotFrom+i, 0)
		if i == 0 && failWithoutMove && spec.Source == vm.SrcPGN && (costlySet(to) || costlySet(capt)) && g.use(opt.MoveFromPrecheck) {
			// no game move leaves from these squares: the filter fails
			// before its other sets are worked out (`find {move from X
			// to up 1 X}` at every position of a game)
			x := uint8(0)
			if spec.CastleEither {
				x = vm.FromsCastleRook
			}
			g.emit(vm.OpLoad, 0, base+vm.MoveSlotFrom, 0)
			g.emit(vm.OpMoveFroms, x, 0, 0)
			g.emit(vm.OpInter, 0, 0, 0)
			g.jump(vm.OpJEmpty, 0, 0, restore)
		}
	}
	if save >= 0 {
		g.emit(vm.OpRestCur, 0, save, 0)
		ok := g.newLabel()
		g.jump(vm.OpJump, 0, 0, ok)
		g.bind(restore)
		g.emit(vm.OpRestCur, 0, save, 0)
		g.jump(vm.OpJump, 0, 0, fail)
		g.bind(ok)
	}
	if spec.PromoteDyn {
		g.promoteValue(promote, fail)
		g.emit(vm.OpStore, 0, base+vm.MoveSlotPromote, 0)
	}
	if (spec.Source == vm.SrcLegal || spec.Source == vm.SrcPseudo) && g.use(opt.MoveGenCache) {
		spec.Cached = true
	}
	g.prog.MoveSpecs = append(g.prog.MoveSpecs, spec)
	g.emit(vm.OpMoveInit, 0, base, int32(len(g.prog.MoveSpecs)-1))
	return base
}

// dynamicPromote reports whether a dash's promotion is a string filter
// (P--=T) rather than a typename designator.
func dynamicPromote(n *syntax.Node) bool {
	return n != nil && n.Kind != syntax.KTypeNameDesig
}

// promoteValue pushes the promotion mask of a dash whose promotion is a
// string filter (vm.PromoteMask of its value).
func (g *gen) promoteValue(n *syntax.Node, fail int) {
	g.value(n, fail)
	g.emit(vm.OpPromoteMask, 0, 0, 0)
}

// promoteMask turns a typename designator into piece-type bits (0 for a
// string filter, whose bits the machine computes: MoveSpec.PromoteDyn).
func promoteMask(n *syntax.Node) uint16 {
	if n == nil || dynamicPromote(n) {
		return 0
	}
	var m uint16
	for t := bitboard.Pawn; t <= bitboard.King; t++ {
		if n.Desig.Pieces.Has(bitboard.MakePiece(bitboard.White, t)) || n.Desig.Pieces.Has(bitboard.MakePiece(bitboard.Black, t)) {
			m |= 1 << t
		}
	}
	if m == 0 {
		m = 1 << 15 // a type no move promotes to: matches nothing
	}
	return m
}

// dash compiles F--G=T(targets). In value mode it matches with the value
// of the last target of the first matching move (PGN order); in count mode
// it pushes the number of matching moves.
func (g *gen) dash(d *syntax.Dash, t Type, count bool, fail int) {
	spec, targets := dashSpec(d)
	g.dashMoves(spec, d, targets, t, count, fail)
}

// currentMove compiles `currentmove D`: D with the move that led to the
// current position as its only candidate (currentmove.html: "The filter
// is true if the given ―― filter matches the current move"). As for
// `move previous`, F and G describe the squares before that move, in the
// parent position; the targets are evaluated after it, which is the
// current position.
func (g *gen) currentMove(d *syntax.Dash, t Type, fail int) {
	spec, targets := dashSpec(d)
	spec.Source = vm.SrcPrevious
	g.dashMoves(spec, d, targets, t, false, fail)
}

// dashSpec turns a dash into its move requirements and the targets left
// to evaluate after the move (legal dashes fold theirs into the spec).
func dashSpec(d *syntax.Dash) (vm.MoveSpec, []*syntax.Node) {
	spec := vm.MoveSpec{Source: vm.SrcPGN, CastleEither: true, Promote: promoteMask(d.Promote), PromoteDyn: dynamicPromote(d.Promote)}
	if d.Capture {
		spec.Require |= vm.MustCapture
	}
	targets := d.Targets
	if d.Legal || d.PseudoLegal {
		// a generated castling is a king move only, as in move legal (the
		// official program: legal R--(castle) never matches, legal
		// K--(castle) does)
		spec.CastleEither = false
		spec.Source = vm.SrcLegal
		if d.PseudoLegal {
			spec.Source = vm.SrcPseudo
		}
		// the parser allows only these targets with legal moves; they
		// are properties of the move itself
		for _, tg := range targets {
			switch tg.Kind {
			case syntax.KCastle:
				spec.AnyCastle = true
			case syntax.KOO:
				spec.Require |= vm.MustCastleShort
			case syntax.KOOO:
				spec.Require |= vm.MustCastleLong
			case syntax.KEnPassant:
				spec.Require |= vm.MustEnPassant
			}
		}
		targets = nil
	}
	return spec, targets
}

// dashMoves iterates the candidates of spec that go from d.Left to
// d.Right and meet the targets (see dash).
func (g *gen) dashMoves(spec vm.MoveSpec, d *syntax.Dash, targets []*syntax.Node, t Type, count bool, fail int) {
	if t == TSet && !count && (spec.Source == vm.SrcLegal || spec.Source == vm.SrcPseudo) {
		g.generatedDestinations(spec, d, fail)
		return
	}
	cnt := -1
	if count {
		cnt = g.slots.new()
		g.emit(vm.OpPushNum, 0, 0, 0)
		g.emit(vm.OpStore, 0, cnt, 0)
	}
	// a capturing dash tests G on the captured piece's square, which for
	// en passant is the pawn's square, not the empty destination (the
	// official program: after ...dxc3 e.p., [x]c4 matches and [x]c3 not)
	to, capt := d.Right, (*syntax.Node)(nil)
	if d.Capture {
		to, capt = nil, d.Right
	}
	base := g.moveBlock(spec, d.Left, to, capt, d.Promote, spec.Source == vm.SrcPrevious, !count, fail)
	loop, done := g.newLabel(), g.newLabel()
	found := g.newLabelAt(g.depth+valueWidth(t), g.sdepth+strWidth(t))
	g.bind(loop)
	g.jump(vm.OpMoveNext, 0, base, done)
	if len(targets) > 0 {
		save := g.slots.new()
		g.emit(vm.OpSaveCur, 0, save, 0)
		g.emit(vm.OpMoveChild, 0, base, 0)
		g.emit(vm.OpSetCur, 0, 0, 0)
		g.emit(vm.OpCastleView, 0, base, 0)
		next := g.newLabel()
		mark := g.markCommentsAll(targets)
		for i, tg := range targets {
			if i < len(targets)-1 || count || t == TLog {
				g.test(tg, next)
			} else {
				g.lastTargetValue(tg, next)
			}
		}
		g.emit(vm.OpRestCur, 0, save, 0)
		if count {
			g.increment(cnt)
			g.jump(vm.OpJump, 0, 0, loop)
		} else {
			g.jump(vm.OpJump, 0, 0, found)
		}
		g.bind(next)
		g.emit(vm.OpRestCur, 0, save, 0)
		g.truncComments(mark)
		g.jump(vm.OpJump, 0, 0, loop)
	} else if count {
		g.increment(cnt)
		g.jump(vm.OpJump, 0, 0, loop)
	} else {
		g.jump(vm.OpJump, 0, 0, found)
	}
	g.bind(done)
	if count {
		g.emit(vm.OpLoad, 0, cnt, 0)
		g.jump(vm.OpJump, 0, 0, found)
	} else {
		g.jump(vm.OpJump, 0, 0, fail)
	}
	g.bind(found)
}

// generatedDestinations leaves the value of a legal or pseudolegal dash:
// the set of the squares its moves go to (for castling, the king's), or
// fails when it has no move.
func (g *gen) generatedDestinations(spec vm.MoveSpec, d *syntax.Dash, fail int) {
	acc := g.slots.new()
	g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
	g.emit(vm.OpStore, 0, acc, 0)
	to, capt := d.Right, (*syntax.Node)(nil)
	if d.Capture {
		to, capt = nil, d.Right
	}
	base := g.moveBlock(spec, d.Left, to, capt, d.Promote, false, true, fail)
	loop, done := g.newLabel(), g.newLabel()
	g.bind(loop)
	g.jump(vm.OpMoveNext, 0, base, done)
	g.emit(vm.OpLoad, 0, acc, 0)
	g.emit(vm.OpMoveSquare, vm.MoveTo, base, 0)
	g.emit(vm.OpUnion, 0, 0, 0)
	g.emit(vm.OpStore, 0, acc, 0)
	g.jump(vm.OpJump, 0, 0, loop)
	g.bind(done)
	g.emit(vm.OpLoad, 0, acc, 0)
	g.emit(vm.OpDup, 0, 0, 0)
	g.jump(vm.OpJEmpty, 0, 0, fail)
}

// testDash tests a dash. A legal dash, whose value is a set of squares,
// is tested as a plain dash: its first move settles it.
func (g *gen) testDash(n *syntax.Node, fail int) {
	if d := n.Dash; d.Legal || d.PseudoLegal {
		g.dash(d, TLog, false, fail)
		return
	}
	g.testValue(n, fail)
}

// lastTargetValue leaves the value of a dash's last target, or jumps to
// next when the target does not match this move. A set-valued target
// matches only when its set is not empty (dash.html: the dash's value is
// that of the first *matched* move), so an empty set sends the dash on to
// the next move instead of ending it with an empty value.
func (g *gen) lastTargetValue(tg *syntax.Node, next int) {
	g.valueOrFail(tg, next)
	if g.typeOf(tg) == TSet {
		g.emit(vm.OpDup, 0, 0, 0)
		g.jump(vm.OpJEmpty, 0, 0, next)
	}
}

// genMove compiles the `move` filter: it matches when a candidate move meets
// every parameter; its value is the set of the first of from/to/capture
// written, over all matching moves, or with `count` their number.
func (g *gen) genMove(n *syntax.Node, fail int) {
	mp := n.Move
	spec := g.moveSpec(mp)
	capt := mp.Capture
	if capt == nil {
		capt = mp.EnPassantSquare
	}
	acc := g.slots.new()
	switch {
	case mp.Count:
		g.emit(vm.OpPushNum, 0, 0, 0)
	default:
		g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
	}
	g.emit(vm.OpStore, 0, acc, 0)
	any := g.slots.new()
	g.emit(vm.OpUnbind, 0, any, 0)
	base := g.moveBlock(spec, mp.From, mp.To, capt, nil, mp.Previous, !mp.Count, fail)
	loop, done := g.newLabel(), g.newLabel()
	g.bind(loop)
	g.jump(vm.OpMoveNext, 0, base, done)
	g.emit(vm.OpPushNum, 0, 0, 1)
	g.emit(vm.OpStore, 0, any, 0)
	switch {
	case mp.Count:
		g.increment(acc)
	case mp.First != "":
		g.emit(vm.OpLoad, 0, acc, 0)
		what := map[string]uint8{"from": vm.MoveFrom, "to": vm.MoveTo, "capture": vm.MoveCaptureSq}[mp.First]
		g.emit(vm.OpMoveSquare, what, base, 0)
		g.emit(vm.OpUnion, 0, 0, 0)
		g.emit(vm.OpStore, 0, acc, 0)
	}
	if mp.Comment != nil && spec.Source == vm.SrcPGN {
		save := g.slots.new()
		g.emit(vm.OpSaveCur, 0, save, 0)
		g.emit(vm.OpMoveChild, 0, base, 0)
		g.emit(vm.OpSetCur, 0, 0, 0)
		skip := g.newLabel()
		g.test(mp.Comment, skip)
		g.bind(skip)
		g.emit(vm.OpRestCur, 0, save, 0)
	}
	g.jump(vm.OpJump, 0, 0, loop)
	g.bind(done)
	if !mp.Count {
		g.jump(vm.OpLoad, 0, any, fail) // no matching move: fail
		g.emit(vm.OpPop, 0, 0, 0)
	}
	if mp.Count || mp.First != "" {
		g.emit(vm.OpLoad, 0, acc, 0)
	}
}

// testMove compiles a `move` filter whose value nobody reads: it matches
// when one candidate move meets every parameter, so the first one found
// settles it, as it does for a dash. (Its value, a set of squares of the
// matching moves, is never empty when one matches.) A move with a
// comment body still visits every move, and `move count` always matches.
func (g *gen) testMove(n *syntax.Node, fail int) {
	mp := n.Move
	if mp.Count || mp.Comment != nil {
		g.testValue(n, fail)
		return
	}
	capt := mp.Capture
	if capt == nil {
		capt = mp.EnPassantSquare
	}
	base := g.moveBlock(g.moveSpec(mp), mp.From, mp.To, capt, nil, mp.Previous, true, fail)
	g.jump(vm.OpMoveNext, 0, base, fail)
}

// moveSpec is moveSpec(mp) as the code being compiled needs it.
func (g *gen) moveSpec(mp *syntax.MoveParams) vm.MoveSpec {
	spec := moveSpec(mp)
	if g.unlinearizedMoves {
		spec.Linearized = false
	}
	return spec
}

// moveSpec is what the machine needs to know of a `move` filter's
// candidates besides its square sets.
func moveSpec(mp *syntax.MoveParams) vm.MoveSpec {
	spec := vm.MoveSpec{Source: vm.SrcPGN, Promote: promoteMask(mp.Promote), Linearized: true}
	switch {
	case mp.Previous:
		spec.Source = vm.SrcPrevious
	case mp.Legal:
		spec.Source = vm.SrcLegal
	case mp.PseudoLegal:
		spec.Source = vm.SrcPseudo
	}
	flag := func(on bool, f vm.MoveFlags) {
		if on {
			spec.Require |= f
		}
	}
	flag(mp.EnPassant || mp.EnPassantSquare != nil, vm.MustEnPassant)
	flag(mp.Null, vm.MustNull)
	flag(mp.Primary, vm.MustPrimary)
	flag(mp.Secondary, vm.MustSecondary)
	flag(mp.OO, vm.MustCastleShort)
	flag(mp.OOO, vm.MustCastleLong)
	flag(mp.Promote != nil, vm.MustPromote)
	flag(mp.Capture != nil, vm.MustCapture)
	spec.AnyCastle = mp.Castle
	return spec
}

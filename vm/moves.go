package vm

import "github.com/cqlvm/cqlvm/bitboard"

// A move filter (`--`, `[x]`, `move`, `countmoves`) iterates candidate
// moves. Its state lives in a block of consecutive slots starting at the
// base slot A of the move ops:
//
//	base+0  iteration state (child node index, or index into the generated list)
//	base+1  from set: squares a matching move must leave
//	base+2  to set: squares it must reach
//	base+3  capture set: squares the captured piece must stand on
//	base+4  the current candidate (node index, or index into the generated list)
//	base+5  the spec index (MoveSpec) of this filter
//	base+6  the promotion mask, only when the spec's is dynamic (PromoteDyn):
//	        such a filter has MoveSlots+1 slots
//
// The sets are evaluated once, in the position the moves are made from.
const (
	MoveSlotState = iota
	MoveSlotFrom
	MoveSlotTo
	MoveSlotCapture
	MoveSlotCurrent
	MoveSlotSpec
	MoveSlots // slots per move filter

	MoveSlotPromote = MoveSlots // the extra slot of a PromoteDyn filter
)

// Move sources.
const (
	SrcPGN      uint8 = iota // the moves of the game tree from the current position
	SrcLegal                 // generated legal moves
	SrcPseudo                // generated pseudo-legal moves
	SrcPrevious              // the move that led to the current position
)

// MoveSpec holds the fixed requirements of one move filter.
type MoveSpec struct {
	Source  uint8
	Require MoveFlags // every flag here must hold
	Promote uint16    // bit t set: promotion to piece type t allowed; 0: no requirement
	// CastleEither: for castling, the rook's from/to squares may match the
	// from/to sets instead of the king's (castling is a move of both).
	CastleEither bool
	// AnyCastle: require castling of either side (o-o or o-o-o).
	AnyCastle bool
	// PromoteDyn: the promotion types are a string's, computed when the
	// filter starts (PromoteMask), in slot base+MoveSlotPromote (or on the
	// stack of pathmovedyn); Promote is unused.
	PromoteDyn bool
	// Linearized: a `move` filter, which a line's linearization restricts
	// to the move along the line (line.html). Dashes are not restricted:
	// the official program lets `line --> d2--d4 --> d7--d5` match at the
	// start of `1.e4 (1.d4 d5) e5`, and not `move to d4` in its place.
	Linearized bool
	// Cached: generated moves (SrcLegal, SrcPseudo) are copied from the
	// machine's cache of the last positions' moves (genCache) instead of
	// generated anew (compiler/opt's move-gen-cache).
	Cached bool
}

// PromoteMask is the promotion requirement of a dash whose promotion is a
// string filter (P--=T with T = "R"), as the official program reads one:
// a promotion to a type whose letter the string contains, in either case
// ("r", "Rook" and "nr" all take a rook; "Queen" a queen or a knight); ""
// and "." take every promotion. A string naming no type matches nothing.
func PromoteMask(s string) uint16 {
	const all = 1<<bitboard.Queen | 1<<bitboard.Rook | 1<<bitboard.Bishop | 1<<bitboard.Knight
	if s == "" || s == "." {
		return all
	}
	var m uint16
	for _, c := range s {
		switch c {
		case 'Q', 'q':
			m |= 1 << bitboard.Queen
		case 'R', 'r':
			m |= 1 << bitboard.Rook
		case 'B', 'b':
			m |= 1 << bitboard.Bishop
		case 'N', 'n':
			m |= 1 << bitboard.Knight
		}
	}
	if m == 0 {
		return 1 << 15 // a type no move promotes to
	}
	return m
}

// promoteOf is the promotion requirement of the move filter at base.
func (m *Machine) promoteOf(sp *MoveSpec, base int) uint16 {
	if sp.PromoteDyn {
		return uint16(m.slots[base+MoveSlotPromote])
	}
	return sp.Promote
}

// MoveFlags are requirements on a candidate move.
type MoveFlags uint16

const (
	MustCapture MoveFlags = 1 << iota
	MustEnPassant
	MustCastleShort
	MustCastleLong
	MustNull
	MustPrimary
	MustSecondary
	MustPromote
	MustNotNull
)

// moveInit starts iterating the candidates of the filter at base.
func (m *Machine) moveInit(base int, spec int) {
	m.checkCancel() // a loop that starts: see pollCall
	m.slots[base+MoveSlotSpec] = uint64(spec)
	m.bound[base+MoveSlotCurrent] = false
	sp := &m.prog.MoveSpecs[spec]
	switch sp.Source {
	case SrcPGN:
		first := m.tree.Nodes[m.cur].FirstChild
		if sp.Linearized && m.lin.active && m.lin.node == m.cur {
			// linearized: only the move along the line's chosen path
			first = m.lin.child
		}
		m.slots[base+MoveSlotState] = uint64(int64(first))
	case SrcPrevious:
		m.slots[base+MoveSlotState] = uint64(int64(m.cur))
	case SrcLegal, SrcPseudo:
		buf := m.moveBuf(base)
		if sp.Cached {
			// only the moves that can pass moveMatches' test of squares
			// (a castling move may pass by its rook's)
			from, to := bitboard.Set(m.slots[base+MoveSlotFrom]), bitboard.Set(m.slots[base+MoveSlotTo])
			*buf = (*buf)[:0]
			e := m.generatedMoves(sp.Source == SrcPseudo)
			// when no move leaves from and goes to these squares there is
			// none to copy
			if from&e.froms != 0 && to&e.tos != 0 || e.castles {
				for _, mv := range e.moves {
					if from.Has(mv.From) && to.Has(mv.To) || mv.Is(bitboard.FlagCastle) {
						*buf = append(*buf, mv)
					}
				}
			}
		} else {
			*buf = generateMoves(m.pos(), sp.Source == SrcPseudo, (*buf)[:0])
		}
		m.slots[base+MoveSlotState] = 0
	}
}

// moveInitNext is moveInit then moveNext. A filter of game moves asked
// only about their squares (squaresOnly) goes straight to its first
// candidate: in a piece loop (`M--` at every position for every piece)
// the general path's bookkeeping cost more than the test.
func (m *Machine) moveInitNext(base, spec int) bool {
	m.checkCancel()
	sp := &m.prog.MoveSpecs[spec]
	if sp.Source != SrcPGN || !m.squaresOnly(sp, base) {
		m.moveInit(base, spec)
		return m.moveNext(base)
	}
	m.slots[base+MoveSlotSpec] = uint64(spec)
	m.bound[base+MoveSlotCurrent] = false
	first := m.tree.Nodes[m.cur].FirstChild
	if sp.Linearized && m.lin.active && m.lin.node == m.cur {
		first = m.lin.child
	}
	m.slots[base+MoveSlotState] = uint64(int64(first))
	return m.nextGameMove(base, sp, 0, bitboard.Set(m.slots[base+MoveSlotFrom]), bitboard.Set(m.slots[base+MoveSlotTo]), bitboard.Full, true)
}

// squaresOnly reports whether the move filter at base asks of a move no
// more than its squares (and that it is not a null move).
func (m *Machine) squaresOnly(sp *MoveSpec, base int) bool {
	return sp.Require&^MustNotNull == 0 && m.promoteOf(sp, base) == 0 && !sp.AnyCastle &&
		bitboard.Set(m.slots[base+MoveSlotCapture]) == bitboard.Full
}

// moveBuf is the generated-move list of the filter at base.
func (m *Machine) moveBuf(base int) *[]bitboard.Move {
	if m.moveBufs == nil {
		m.moveBufs = map[int]*[]bitboard.Move{}
	}
	b, ok := m.moveBufs[base]
	if !ok {
		s := make([]bitboard.Move, 0, 64)
		b = &s
		m.moveBufs[base] = b
	}
	return b
}

// moveNext advances to the next candidate that meets the filter's
// requirements; it reports false when there is none left.
func (m *Machine) moveNext(base int) bool {
	sp := &m.prog.MoveSpecs[m.slots[base+MoveSlotSpec]]
	from := bitboard.Set(m.slots[base+MoveSlotFrom])
	to := bitboard.Set(m.slots[base+MoveSlotTo])
	capt := bitboard.Set(m.slots[base+MoveSlotCapture])
	promote := m.promoteOf(sp, base)
	switch sp.Source {
	case SrcPGN:
		return m.nextGameMove(base, sp, promote, from, to, capt, m.squaresOnly(sp, base))
	case SrcPrevious:
		c := int32(int64(m.slots[base+MoveSlotState]))
		m.slots[base+MoveSlotState] = noNode
		if c <= 0 {
			return false
		}
		n := &m.tree.Nodes[c]
		if m.moveMatches(sp, promote, &n.Move, from, to, capt, c == m.tree.Nodes[n.Parent].FirstChild) {
			m.slots[base+MoveSlotCurrent] = uint64(c)
			m.bound[base+MoveSlotCurrent] = true
			return true
		}
	case SrcLegal, SrcPseudo:
		buf := *m.moveBuf(base)
		for i := int(m.slots[base+MoveSlotState]); i < len(buf); i++ {
			if m.moveMatches(sp, promote, &buf[i], from, to, capt, false) {
				m.slots[base+MoveSlotState] = uint64(i + 1)
				m.slots[base+MoveSlotCurrent] = uint64(i)
				m.bound[base+MoveSlotCurrent] = true
				return true
			}
		}
		m.slots[base+MoveSlotState] = uint64(len(buf))
	}
	return false
}

// moveMatches checks one candidate against the filter's requirements.
func (m *Machine) moveMatches(sp *MoveSpec, promote uint16, mv *bitboard.Move, from, to, capt bitboard.Set, primary bool) bool {
	req := sp.Require
	isNull := mv.Is(bitboard.FlagNull)
	switch {
	case req&MustNull != 0 && !isNull,
		req&MustNotNull != 0 && isNull,
		req&MustCapture != 0 && !mv.Is(bitboard.FlagCapture),
		req&MustEnPassant != 0 && !mv.Is(bitboard.FlagEnPassant),
		req&MustPrimary != 0 && !primary,
		req&MustSecondary != 0 && primary,
		req&MustPromote != 0 && !mv.Is(bitboard.FlagPromotion):
		return false
	}
	if sp.Source == SrcLegal || sp.Source == SrcPseudo {
		if req&(MustPrimary|MustSecondary) != 0 {
			return false
		}
	}
	castle := mv.Is(bitboard.FlagCastle)
	if req&(MustCastleShort|MustCastleLong) != 0 || sp.AnyCastle {
		if !castle {
			return false
		}
		short := mv.CastlesShort()
		if req&MustCastleShort != 0 && !short || req&MustCastleLong != 0 && short {
			return false
		}
	}
	if promote != 0 && (!mv.Is(bitboard.FlagPromotion) || promote&(1<<mv.Promo) == 0) {
		return false
	}
	if capt != bitboard.Full {
		cs := mv.CaptureSquare()
		if cs == bitboard.NoSquare || !capt.Has(cs) {
			return false
		}
	}
	if from.Has(mv.From) && to.Has(mv.To) {
		return true
	}
	return castle && sp.CastleEither && from.Has(mv.RookFrom) && to.Has(mv.RookTo)
}

// nextGameMove is moveNext over the game's moves. A filter that asks only
// about their squares (squaresOnly), the most frequent kind (`M--`,
// `move from X` in a piece loop), leaves out the requirements that
// moveMatches tests one by one.
func (m *Machine) nextGameMove(base int, sp *MoveSpec, promote uint16, from, to, capt bitboard.Set, squaresOnly bool) bool {
	notNull := sp.Require&MustNotNull != 0
	for c := int32(int64(m.slots[base+MoveSlotState])); c >= 0; {
		n := &m.tree.Nodes[c]
		next := n.NextSibling
		if sp.Linearized && m.lin.active && m.lin.node == n.Parent {
			next = -1 // linearized: the one move only
		}
		mv := &n.Move
		var ok bool
		if squaresOnly {
			ok = !(notNull && mv.Is(bitboard.FlagNull)) && (from.Has(mv.From) && to.Has(mv.To) ||
				sp.CastleEither && mv.Is(bitboard.FlagCastle) && from.Has(mv.RookFrom) && to.Has(mv.RookTo))
		} else {
			ok = m.moveMatches(sp, promote, mv, from, to, capt, c == m.tree.Nodes[n.Parent].FirstChild)
		}
		if ok {
			m.slots[base+MoveSlotState] = uint64(int64(next))
			m.slots[base+MoveSlotCurrent] = uint64(c)
			m.bound[base+MoveSlotCurrent] = true
			return true
		}
		c = next
	}
	m.slots[base+MoveSlotState] = noNode
	return false
}

// currentMove is the candidate the filter at base stands on.
func (m *Machine) currentMove(base int) *bitboard.Move {
	c := int(m.slots[base+MoveSlotCurrent])
	sp := &m.prog.MoveSpecs[m.slots[base+MoveSlotSpec]]
	if sp.Source == SrcLegal || sp.Source == SrcPseudo {
		return &(*m.moveBuf(base))[c]
	}
	return &m.tree.Nodes[c].Move
}

// What OpMoveSquare pushes (Inst.X).
const (
	MoveFrom uint8 = iota
	MoveTo
	MoveCaptureSq
)

// moveSquare is a square of the current candidate as a set. For castling
// the king's squares are reported, or the rook's when only the rook
// matched the filter's sets.
func (m *Machine) moveSquare(base int, what uint8) bitboard.Set {
	mv := m.currentMove(base)
	from, to := castleSquares(mv, m.candidateCastle(base))
	switch what {
	case MoveFrom:
		return from
	case MoveTo:
		return to
	case MoveCaptureSq:
		if s := mv.CaptureSquare(); s != bitboard.NoSquare {
			return bitboard.SquareSet(s)
		}
	}
	return 0
}

// castleView says which piece of a castling move `from` and `to`
// describe. Castling is a move of both the king and the rook: ordinarily
// from and to give both pieces' squares (contextualcastling.html: after
// white o-o, from==[e1,h1] and to==[f1,g1]); in the scope of a dash they
// give the squares of the piece the dash matched.
type castleView uint8

const (
	viewBoth castleView = iota
	viewKing
	viewRook
)

// castlePiece is the castling piece a move filter with the sets from and
// to matched: the king when its squares fit, the rook when its squares
// fit (which moveMatches accepts only with either, CastleEither), both
// when both fit (the official program: after o-o, `--(#to == 2)`).
func castlePiece(mv *bitboard.Move, from, to bitboard.Set, either bool) castleView {
	if !mv.Is(bitboard.FlagCastle) {
		return viewBoth
	}
	king := from.Has(mv.From) && to.Has(mv.To)
	rook := either && from.Has(mv.RookFrom) && to.Has(mv.RookTo)
	switch {
	case king && rook:
		return viewBoth
	case king:
		return viewKing
	}
	return viewRook
}

// candidateCastle is castlePiece for the current candidate of the move
// filter at base.
func (m *Machine) candidateCastle(base int) castleView {
	from := bitboard.Set(m.slots[base+MoveSlotFrom])
	to := bitboard.Set(m.slots[base+MoveSlotTo])
	sp := &m.prog.MoveSpecs[m.slots[base+MoveSlotSpec]]
	return castlePiece(m.currentMove(base), from, to, sp.CastleEither)
}

// castleSquares are the from and to squares of mv seen as view says; a
// move other than castling has one of each.
func castleSquares(mv *bitboard.Move, view castleView) (from, to bitboard.Set) {
	from, to = bitboard.SquareSet(mv.From), bitboard.SquareSet(mv.To) // the king's, for castling
	if !mv.Is(bitboard.FlagCastle) || view == viewKing {
		return from, to
	}
	rookFrom, rookTo := bitboard.SquareSet(mv.RookFrom), bitboard.SquareSet(mv.RookTo)
	if view == viewRook {
		return rookFrom, rookTo
	}
	return from | rookFrom, to | rookTo
}

// noNode is "no node" (-1) stored in a slot.
var noNode = func() uint64 { v := int64(-1); return uint64(v) }()

// onePromotion keeps one move per promotion (the queen's): CQL counts the
// generated moves of a position by their squares, so h7-h8 is one move
// whatever the pawn becomes (a legal dash cannot ask for a promotion type).
func onePromotion(ms []bitboard.Move) []bitboard.Move {
	out := ms[:0]
	for _, mv := range ms {
		if mv.Is(bitboard.FlagPromotion) && mv.Promo != bitboard.Queen {
			continue
		}
		out = append(out, mv)
	}
	return out
}

// FromsCastleRook (OpMoveFroms' X): a castling move is from its rook's
// square too, as for a filter with MoveSpec.CastleEither.
const FromsCastleRook uint8 = 1

// moveFroms is the set of squares s for which a game move from the current
// position is from s, whatever line the machine is in: a square loop whose
// body needs `move from x` or `x--` runs over these squares only.
// Like nextGameMove's squares-only test, it counts every move (null moves
// have no square) and, with FromsCastleRook, castling's rook square.
func (m *Machine) moveFroms(x uint8) bitboard.Set {
	var s bitboard.Set
	for c := m.tree.Nodes[m.cur].FirstChild; c >= 0; c = m.tree.Nodes[c].NextSibling {
		mv := &m.tree.Nodes[c].Move
		s |= bitboard.SquareSet(mv.From)
		if x&FromsCastleRook != 0 && mv.Is(bitboard.FlagCastle) {
			s |= bitboard.SquareSet(mv.RookFrom)
		}
	}
	return s
}

func (m *Machine) lastMoveSquare(what uint8) bitboard.Set {
	if m.cur == 0 {
		return 0
	}
	mv := &m.tree.Nodes[m.cur].Move
	switch what {
	case LastFrom:
		from, _ := castleSquares(mv, m.castleView)
		return from
	case LastTo:
		_, to := castleSquares(mv, m.castleView)
		return to
	case LastEPSquare:
		if mv.Is(bitboard.FlagEnPassant) {
			return bitboard.SquareSet(mv.CaptureSquare())
		}
	}
	return 0
}

func (m *Machine) lastMoveIs(what uint8) bool {
	if m.cur == 0 {
		return false
	}
	n := &m.tree.Nodes[m.cur]
	mv := &n.Move
	switch what {
	case IsCastle:
		return mv.Is(bitboard.FlagCastle)
	case IsCastleShort:
		return mv.Is(bitboard.FlagCastle) && mv.CastlesShort()
	case IsCastleLong:
		return mv.Is(bitboard.FlagCastle) && !mv.CastlesShort()
	case IsEnPassant:
		return mv.Is(bitboard.FlagEnPassant)
	case IsNull:
		return mv.Is(bitboard.FlagNull)
	case IsPrimary:
		return m.tree.Nodes[n.Parent].FirstChild == m.cur
	case IsSecondary:
		return m.tree.Nodes[n.Parent].FirstChild != m.cur
	}
	return false
}

// generateMoves appends the legal (or pseudo-legal) moves of p to buf,
// with one promotion per promoting move (onePromotion).
func generateMoves(p *bitboard.Position, pseudo bool, buf []bitboard.Move) []bitboard.Move {
	if pseudo {
		buf = p.PseudoLegalMoves(buf)
	} else {
		buf = p.LegalMoves(buf)
	}
	return onePromotion(buf)
}

// genCache keeps the generated moves of the last positions a move filter
// asked for: generated moves are a function of the position alone, and
// a loop around a move filter (`square x in a {move legal from N to x}`)
// asks for those of one position again and again. Entries are chosen by
// node and kind, and filters copy the moves out, so that a filter whose
// entry is taken by a nested one still reads its own.
type genCache struct {
	entries [4]genEntry
}

type genEntry struct {
	tree   *Tree
	serial int
	node   int32
	pseudo bool
	moves  []bitboard.Move
	// froms and tos are the squares the moves leave from and go to;
	// castles tells whether one of them castles (it may match by the
	// rook's squares)
	froms, tos bitboard.Set
	castles    bool
}

// generatedMoves is the cache's entry for the current position's legal
// (or pseudo-legal) moves.
func (m *Machine) generatedMoves(pseudo bool) *genEntry {
	k := int(m.cur) * 2
	if pseudo {
		k++
	}
	e := &m.gen.entries[k&3]
	if e.tree != m.tree || e.serial != m.gameSerial || e.node != m.cur || e.pseudo != pseudo || e.moves == nil {
		e.tree, e.serial, e.node, e.pseudo = m.tree, m.gameSerial, m.cur, pseudo
		e.moves = generateMoves(m.pos(), pseudo, e.moves[:0])
		e.froms, e.tos, e.castles = 0, 0, false
		for _, mv := range e.moves {
			e.froms |= bitboard.SquareSet(mv.From)
			e.tos |= bitboard.SquareSet(mv.To)
			e.castles = e.castles || mv.Is(bitboard.FlagCastle)
		}
	}
	return e
}

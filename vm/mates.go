package vm

import "github.com/cqlvm/cqlvm/bitboard"

// Problem-theory mates and stalemates: puremate, purestalemate,
// modelmate, modelstalemate, idealmate, idealstalemate. Each is a set
// filter whose value is the set of participating pieces (empty when the
// position is not of that kind), following the CQL 6.2 definitions.
const (
	PureMate uint8 = iota
	PureStalemate
	ModelMate
	ModelStalemate
	IdealMate
	IdealStalemate
)

// mateKind returns the participants of a mate (or stalemate) of the given
// kind, and whether the position is one.
func mateKind(p *bitboard.Position, kind uint8) (bitboard.Set, bool) {
	var part bitboard.Set
	var ok bool
	if kind%2 == 1 {
		part, ok = pureStalemate(p)
	} else {
		part, ok = pureMate(p)
	}
	if !ok {
		return 0, false
	}
	att := p.Side.Other()
	var must bitboard.Set
	switch kind {
	case ModelMate, ModelStalemate:
		must = p.ByColor[att] &^ p.Pieces(att, bitboard.King) &^ p.Pieces(att, bitboard.Pawn)
	case IdealMate, IdealStalemate:
		must = p.Occupied
	}
	if must&^part != 0 {
		return 0, false
	}
	return part, true
}

// mateSides names the two sides of a (stale)mate.
type mateSides struct {
	p         *bitboard.Position
	side, att bitboard.Color
	k         bitboard.Square // the mated king
	field     bitboard.Set    // squares adjacent to it
}

func newMateSides(p *bitboard.Position) mateSides {
	k := p.KingSquare(p.Side)
	return mateSides{p: p, side: p.Side, att: p.Side.Other(), k: k, field: bitboard.KingAttacks(k)}
}

// guards are the mating side's pieces guarding sq: attacking it, or
// attacking it through the mated king (it would be attacked if the king
// stood there).
func (ms mateSides) guards(sq bitboard.Square) bitboard.Set {
	return ms.p.AttackersOf(sq, ms.att, ms.p.Occupied&^bitboard.SquareSet(ms.k))
}

// pinnedToKing reports whether the piece on sq is pinned to its own king.
func pinnedToKing(p *bitboard.Position, sq bitboard.Square) bool {
	c := p.Board[sq].Color()
	king := p.Pieces(c, bitboard.King)
	return pins(p, p.Occupied, bitboard.SquareSet(sq), king, PinThrough) != 0
}

// pureMate: every empty square and every mating-side piece in the king's
// field is guarded exactly once; every self-block is unguarded, or (in a
// single check) guarded once by a necessary pin; a double check is
// allowed only if each check alone could be refuted.
func pureMate(p *bitboard.Position) (bitboard.Set, bool) {
	if !p.IsCheckmate() {
		return 0, false
	}
	ms := newMateSides(p)
	checkers := p.Checkers()
	double := checkers.Count() > 1
	refutation := refutationSquares(ms, checkers)
	for f := ms.field; f != 0; {
		sq := f.Pop()
		g := ms.guards(sq)
		if !p.ByColor[ms.side].Has(sq) {
			if g.Count() != 1 {
				return 0, false
			}
			continue
		}
		if g == 0 {
			continue
		}
		if double || g.Count() != 1 || !pinnedToKing(p, sq) || !reaches(p, sq, refutation) {
			return 0, false
		}
	}
	if double {
		for c := checkers; c != 0; {
			if !checkNecessary(ms, checkers, c.Pop()) {
				return 0, false
			}
		}
	}
	return mateParticipants(ms, checkers, double), true
}

// refutationSquares are the squares whose occupation by the mated side
// would parry the given checks: the checkers and the squares between them
// and the king.
func refutationSquares(ms mateSides, checkers bitboard.Set) bitboard.Set {
	r := checkers
	for c := checkers; c != 0; {
		r |= bitboard.Between(c.Pop(), ms.k)
	}
	return r
}

// reaches reports whether the piece on sq has a pseudo-legal move (pins
// and checks aside) to a square of targets.
func reaches(p *bitboard.Position, sq bitboard.Square, targets bitboard.Set) bool {
	return pseudoDestinations(p, sq)&targets != 0
}

// pseudoDestinations are the squares the piece on sq could move to,
// ignoring checks and pins: captures of the other colour, moves to empty
// squares, pawn pushes and en passant.
func pseudoDestinations(p *bitboard.Position, sq bitboard.Square) bitboard.Set {
	pc := p.Board[sq]
	c := pc.Color()
	own := p.ByColor[c]
	if pc.Type() != bitboard.Pawn {
		return p.AttacksFrom(sq) &^ own
	}
	d := bitboard.PawnAttacks(c, sq) & p.ByColor[c.Other()]
	if p.EP != bitboard.NoSquare && bitboard.PawnAttacks(c, sq).Has(p.EP) {
		d |= bitboard.SquareSet(p.EP)
	}
	dir := 1
	if c == bitboard.Black {
		dir = -1
	}
	if one, ok := step(sq, 0, dir); ok && p.Board[one] == bitboard.Empty {
		d |= bitboard.SquareSet(one)
		start := 1
		if c == bitboard.Black {
			start = 6
		}
		if two, ok := step(one, 0, dir); ok && sq.Rank() == start && p.Board[two] == bitboard.Empty {
			d |= bitboard.SquareSet(two)
		}
	}
	return d
}

// checkNecessary: without checker c's check, an unpinned piece of the
// mated side could capture or block the other check(s).
func checkNecessary(ms mateSides, checkers bitboard.Set, c bitboard.Square) bool {
	other := checkers &^ bitboard.SquareSet(c)
	refut := refutationSquares(ms, other)
	for s := ms.p.ByColor[ms.side] &^ bitboard.SquareSet(ms.k); s != 0; {
		sq := s.Pop()
		if !pinnedToKing(ms.p, sq) && ms.p.AttacksFrom(sq)&refut != 0 {
			return true
		}
	}
	return false
}

// mateParticipants lists the pieces taking part in a pure mate.
func mateParticipants(ms mateSides, checkers bitboard.Set, double bool) bitboard.Set {
	p := ms.p
	part := checkers | bitboard.SquareSet(ms.k) | (ms.field & p.ByColor[ms.side])
	refut := refutationSquares(ms, checkers) | p.Pieces(ms.att, bitboard.King)
	for s := p.ByColor[ms.att]; s != 0; {
		sq := s.Pop()
		guardsField := false
		for f := ms.field; f != 0; {
			if ms.guards(f.Pop()).Has(sq) {
				guardsField = true
				break
			}
		}
		if guardsField || pinnedToKing(p, sq) {
			part |= bitboard.SquareSet(sq)
		}
	}
	// black pieces screening a check on the mating king
	part |= screens(p, ms.side, p.Pieces(ms.att, bitboard.King))
	if double {
		return part
	}
	// potential refuters: mated-side pieces that could reach a refutation
	// square but for pins (their pinners) and their own pieces in the way
	for s := p.ByColor[ms.side] &^ bitboard.SquareSet(ms.k); s != 0; {
		sq := s.Pop()
		if reaches(p, sq, refut) {
			part |= pinnersOf(p, sq)
		}
		part |= blockersOfLines(p, sq, refut)
	}
	return part
}

// screens are the pieces standing between a slider of colour c and a
// target square of targets.
func screens(p *bitboard.Position, c bitboard.Color, targets bitboard.Set) bitboard.Set {
	var out bitboard.Set
	for t := targets; t != 0; {
		tsq := t.Pop()
		for s := sliders(p, c); s != 0; {
			ssq := s.Pop()
			line := bitboard.Between(ssq, tsq)
			if line == 0 || !slidesTo(p.Board[ssq].Type(), ssq, tsq) {
				continue
			}
			if blk := line & p.Occupied; blk.Count() == 1 && blk&p.ByColor[c] != 0 {
				out |= blk
			}
		}
	}
	return out
}

// sliders are the rooks, bishops and queens of colour c.
func sliders(p *bitboard.Position, c bitboard.Color) bitboard.Set {
	return p.Pieces(c, bitboard.Rook) | p.Pieces(c, bitboard.Bishop) | p.Pieces(c, bitboard.Queen)
}

// slidesTo reports whether a piece of type t on a moves along the line to b.
func slidesTo(t bitboard.PieceType, a, b bitboard.Square) bool {
	straight := a.File() == b.File() || a.Rank() == b.Rank()
	switch t {
	case bitboard.Queen:
		return true
	case bitboard.Rook:
		return straight
	case bitboard.Bishop:
		return !straight
	}
	return false
}

// pinnersOf are the pieces pinning the piece on sq to its king.
func pinnersOf(p *bitboard.Position, sq bitboard.Square) bitboard.Set {
	c := p.Board[sq].Color()
	return pins(p, p.ByColor[c.Other()], bitboard.SquareSet(sq), p.Pieces(c, bitboard.King), PinFrom)
}

// blockersOfLines are the pieces of the slider's own side standing alone
// between the slider on sq and a target square it would otherwise reach
// (self-interference: they take part in the mate). A piece of the other
// side standing there only blocks a defender and does not take part, as
// the official program counts participants (studies 1127: the black
// knight c5 in the way of Qb6xg1 takes part, the white pawn d6 in the way
// of Qb6-g6 does not).
func blockersOfLines(p *bitboard.Position, sq bitboard.Square, targets bitboard.Set) bitboard.Set {
	pc := p.Board[sq]
	if pc.Type() != bitboard.Rook && pc.Type() != bitboard.Bishop && pc.Type() != bitboard.Queen {
		return 0
	}
	var out bitboard.Set
	for t := targets; t != 0; {
		tsq := t.Pop()
		line := bitboard.Between(sq, tsq)
		if line == 0 || !slidesTo(pc.Type(), sq, tsq) {
			continue
		}
		if blk := line & p.Occupied; blk.Count() == 1 && blk&p.ByColor[pc.Color()] != 0 {
			out |= blk
		}
	}
	return out
}

// pureStalemate: every empty square and mating-side piece next to the
// king is attacked exactly once; no self-block is attacked, except by the
// piece pinning it (the official program accepts that).
func pureStalemate(p *bitboard.Position) (bitboard.Set, bool) {
	if !p.IsStalemate() {
		return 0, false
	}
	ms := newMateSides(p)
	for f := ms.field; f != 0; {
		sq := f.Pop()
		g := p.AttackersOf(sq, ms.att, p.Occupied)
		if p.ByColor[ms.side].Has(sq) {
			// a self-block may be attacked only by the piece pinning it
			if g&^pinnersOf(p, sq) != 0 {
				return 0, false
			}
		} else if g.Count() != 1 {
			return 0, false
		}
	}
	part := p.ByColor[ms.side]
	for s := p.ByColor[ms.att]; s != 0; {
		sq := s.Pop()
		if p.AttacksFrom(sq)&ms.field != 0 || pinnedToKing(p, sq) ||
			pins(p, bitboard.SquareSet(sq), p.ByColor[ms.side], p.Pieces(ms.side, bitboard.King), PinFrom) != 0 {
			part |= bitboard.SquareSet(sq)
		}
	}
	return part, true
}

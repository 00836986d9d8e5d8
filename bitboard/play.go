package bitboard

// Play applies m, which must be legal (or at least pseudo-legal) in p, in
// place. The pieces are taken from the board, not from m, so only From, To,
// Promo, Flags and (for castling) RookFrom/RookTo matter.
//
// Castling rights are lost when the king moves, and for one rook when it
// moves or is captured. EP is set after every double push, as FEN records
// it, whether or not an en-passant capture is possible.
func (p *Position) Play(m Move) { p.PlayMove(&m) }

// PlayMove is Play for a move in memory (a game tree's node). Its fields
// are read one by one: a Move passed by value is loaded whole, and a
// Move just written field by field (as the SAN reader writes it) cannot
// be loaded whole before its bytes have landed (a store-forwarding
// stall, a tenth of PGN replay).
func (p *Position) PlayMove(m *Move) {
	if p.Variant != Standard {
		p.playVariantMove(m)
		return
	}
	us := p.Side
	p.EP = NoSquare
	p.HalfMove++
	switch {
	case m.Flags&FlagNull != 0:
		// Nothing moves; the side to move changes below.
	case m.Flags&FlagCastle != 0:
		p.playCastling(m)
	default:
		p.playNormal(m)
	}
	if us == Black {
		p.FullMove++
	}
	p.Side = us.Other()
	if m.Flags&(FlagNull|FlagCastle|FlagEnPassant) != 0 {
		p.rememberCheckers()
	} else {
		p.rememberCheckersAfter(m.From, m.To)
	}
}

// rememberCheckersAfter fills the checkers cache after an ordinary move
// from→to (not castling, en passant or a null move) without a full attack
// test: the side now to move was not in check before, so a check can only
// come from the piece on to, or from a slider that from was blocking.
func (p *Position) rememberCheckersAfter(from, to Square) {
	us := p.Side.Other()
	ksq := p.KingSquare(p.Side)
	var checkers Set
	switch pc := p.Board[to]; pc.Type() {
	case Pawn:
		if PawnAttacks(us, to).Has(ksq) {
			checkers = SquareSet(to)
		}
	case Knight:
		if KnightAttacks(to).Has(ksq) {
			checkers = SquareSet(to)
		}
	case Bishop, Rook, Queen:
		if slidesBetween(pc.Type(), to, ksq) && betweenTable[to][ksq]&p.Occupied == 0 {
			checkers = SquareSet(to)
		}
	}
	if line := lineTable[ksq][from]; line != 0 {
		movers := p.bishopMovers(us)
		if orthogonal(ksq, from) {
			movers = p.rookMovers(us)
		}
		// seldom more than one slider on the line: test each on the small
		// between table rather than look up the magic tables
		for sliders := line & movers; sliders != 0; {
			s := sliders.Pop()
			if betweenTable[ksq][s]&p.Occupied == 0 {
				checkers |= SquareSet(s)
			}
		}
	}
	p.checkers = checkers
	p.checkersKnown = true
}

// orthogonal reports whether a and b share a file or a rank.
func orthogonal(a, b Square) bool { return a.File() == b.File() || a.Rank() == b.Rank() }

// slidesBetween reports whether a slider of type t can move along the line
// joining a and b (on an empty board).
func slidesBetween(t PieceType, a, b Square) bool {
	if lineTable[a][b] == 0 {
		return false
	}
	switch t {
	case Rook:
		return orthogonal(a, b)
	case Bishop:
		return !orthogonal(a, b)
	case Queen:
		return true
	}
	return false
}

func (p *Position) playNormal(m *Move) {
	us := p.Side
	mover := p.remove(m.From)
	if capSq := m.CaptureSquare(); capSq != NoSquare {
		if p.Board[capSq] != Empty {
			p.remove(capSq)
		}
		p.HalfMove = 0
	} else if p.Board[m.To] != Empty { // a capture whose flag the caller left out
		p.remove(m.To)
		p.HalfMove = 0
	}
	placed := mover
	if m.Promo != NoType {
		placed = MakePiece(us, m.Promo)
	}
	p.put(placed, m.To)

	switch mover.Type() {
	case Pawn:
		p.HalfMove = 0
		if m.To-m.From == 2*pawnPush(us) {
			p.EP = m.From + pawnPush(us)
		}
	case King:
		p.CastleRooks &^= backRank(us)
	}
	p.CastleRooks &^= SquareSet(m.From) | SquareSet(m.To)
}

// playCastling lifts king and rook before placing them, because in Chess960
// either may land on the other's square.
func (p *Position) playCastling(m *Move) {
	us := p.Side
	king := p.remove(m.From)
	rook := p.remove(m.RookFrom)
	p.put(king, m.To)
	p.put(rook, m.RookTo)
	p.CastleRooks &^= backRank(us)
}

// NullMove is the null move for the side to move: From == To == its king
// square, Piece = its king, FlagNull. Playing it passes the turn.
func (p *Position) NullMove() Move {
	ksq := p.KingSquare(p.Side)
	return Move{From: ksq, To: ksq, Piece: MakePiece(p.Side, King), Flags: FlagNull,
		RookFrom: NoSquare, RookTo: NoSquare}
}

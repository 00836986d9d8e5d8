package bitboard

// Move indexes: a move named by two small numbers, which piece of the
// side to move makes it and which of that piece's moves it is, so that a
// move can be stored in about one byte and played back without resolving
// notation or generating the position's moves.
//
// The piece is its rank among the side to move's pieces in square order
// (0 to 15). Its moves are those its movement rules allow (not yet
// tested for leaving the king in check): its destinations in square
// order, four for a pawn about to promote (one per piece of
// promotionOrder), en passant among a pawn's destinations; for the king,
// after its destinations, the legal castling moves. Reading a move back
// costs one attack lookup and a test that the king is safe, where
// numbering it among the legal moves costs a pass over every piece.

// pieceTargets is the set of destinations the movement rules give the
// piece pc of the side to move on from, en passant included, castling
// apart.
func (p *Position) pieceTargets(pc Piece, from Square) Set {
	us := p.Side
	own := p.ByColor[us]
	switch pc.Type() {
	case King:
		return KingAttacks(from) &^ own
	case Pawn:
		var targets Set
		push := pawnPush(us)
		if one := from + push; !p.Occupied.Has(one) {
			targets |= SquareSet(one)
			startRank := rank2
			if us == Black {
				startRank = rank7
			}
			if two := one + push; startRank.Has(from) && !p.Occupied.Has(two) {
				targets |= SquareSet(two)
			}
		}
		targets |= PawnAttacks(us, from) & p.ByColor[us.Other()]
		if p.enPassantCapturers().Has(from) {
			targets |= SquareSet(p.EP)
		}
		return targets
	}
	return pieceAttacks(pc.Type(), us, from, p.Occupied) &^ own
}

// movesPer is how many moves a piece of type t on from has per
// destination: four for a pawn about to promote, else one.
func (p *Position) movesPer(t PieceType, from Square) int {
	if t == Pawn && promotionRank(p.Side).Has(from+pawnPush(p.Side)) {
		return 4
	}
	return 1
}

// MoveIndex names the legal move m by its piece (the rank of m.From
// among the side to move's pieces) and its rank among that piece's
// moves; ok is false for a null move or one the position does not allow
// by the movement rules. It reads m's squares, piece, promotion and
// castling flag: MoveAt of the two gives the move m stands for.
func (p *Position) MoveIndex(m *Move) (piece, move int, ok bool) {
	own := p.ByColor[p.Side]
	if m.Flags&FlagNull != 0 || p.Board[m.From] != m.Piece || !own.Has(m.From) {
		return 0, 0, false
	}
	piece = (own & (SquareSet(m.From) - 1)).Count()
	targets := p.pieceTargets(m.Piece, m.From)
	if m.Flags&FlagCastle != 0 {
		var buf [4]Move
		for i, cm := range p.appendCastlingMoves(buf[:0]) {
			if cm.To == m.To && cm.RookFrom == m.RookFrom && p.Checkers() == 0 {
				return piece, targets.Count() + i, true
			}
		}
		return 0, 0, false
	}
	if !targets.Has(m.To) {
		return 0, 0, false
	}
	per := p.movesPer(m.Piece.Type(), m.From)
	move = (targets & (SquareSet(m.To) - 1)).Count() * per
	if per == 4 {
		i := 0
		for i < 3 && promotionOrder[i] != m.Promo {
			i++
		}
		move += i
	}
	return piece, move, true
}

// MoveAt is the move of index (piece, move) (see MoveIndex); ok is false
// when there is no such move, or it would leave the king in check.
func (p *Position) MoveAt(piece, move int) (m Move, ok bool) {
	own := p.ByColor[p.Side]
	if piece < 0 || move < 0 || piece >= own.Count() {
		return Move{}, false
	}
	for range piece {
		own &= own - 1
	}
	from := own.First()
	pc := p.Board[from]
	targets := p.pieceTargets(pc, from)
	per := p.movesPer(pc.Type(), from)
	if n := targets.Count() * per; move >= n {
		if pc.Type() != King || p.Checkers() != 0 {
			return Move{}, false
		}
		var buf [4]Move
		castles := p.appendCastlingMoves(buf[:0])
		if move-n >= len(castles) {
			return Move{}, false
		}
		return castles[move-n], true
	}
	to := targets
	for range move / per {
		to &= to - 1
	}
	m = Move{From: from, To: to.First(), Piece: pc, Captured: p.Board[to.First()], RookFrom: NoSquare, RookTo: NoSquare}
	switch {
	case pc.Type() == Pawn && m.To == p.EP && m.Captured == Empty && m.To.File() != from.File():
		m = p.enPassantMove(from)
	case m.Captured != Empty:
		m.Flags = FlagCapture
	}
	if pc.Type() == Pawn {
		if d := m.To - from; d == 16 || d == -16 {
			m.Flags |= FlagDoublePush
		}
		if per == 4 {
			m.Flags |= FlagPromotion
			m.Promo = promotionOrder[move%per]
		}
	}
	if m.Captured.Type() == King || !p.kingSafeAfter(&m) {
		return Move{}, false
	}
	return m, true
}

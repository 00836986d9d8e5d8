package bitboard

// Square moves: a move named by its squares and promotion alone, as a
// game store keeps the moves of games it verified when it stored them.
// Reading one back is a plain move play. It is not tested against the
// piece's movement rules nor for leaving the king in check, which would
// cost as much as the rest of reading a game (the store's checksums
// vouch for its moves); it is tested only for what keeps a board one
// the rest of the package can work on: the side to move moves one of
// its pieces, captures no king and none of its own, and a pawn promotes
// exactly when it reaches the last rank. A castling is tested in full.

// SquareMove is the move of the side to move's piece on from to to,
// promoting to promo (NoType for none); a castling is named by the
// king's square and its castling rook's, as UCI writes Chess960
// castling. ok is false when from holds none of the side to move's
// pieces, when the move would capture a king or an own piece, when
// promo is missing or given wrongly, and for a castling the rules of
// castling do not allow.
func (p *Position) SquareMove(from, to Square, promo PieceType) (m Move, ok bool) {
	ok = p.SquareMoveTo(&m, from, to, promo)
	return m, ok
}

// SquareMoveTo is SquareMove writing the move to *m (a game tree's
// node), field by field: a Move returned whole and stored is copied
// through the stack. *m is undefined when ok is false.
func (p *Position) SquareMoveTo(m *Move, from, to Square, promo PieceType) (ok bool) {
	if from >= 64 || to >= 64 || p.Variant != Standard {
		return false
	}
	pc := p.Board[from]
	if pc == Empty || pc.Color() != p.Side {
		return false
	}
	if pc.Type() == King && p.CastleRooks.Has(to) && p.Board[to] == MakePiece(p.Side, Rook) {
		if promo != NoType {
			return false
		}
		*m, ok = p.castlingMove(to)
		return ok
	}
	captured := p.Board[to]
	if captured.Type() == King || captured != Empty && captured.Color() == p.Side {
		return false
	}
	m.From, m.To, m.Piece, m.Captured, m.Promo, m.Flags, m.RookFrom, m.RookTo = from, to, pc, captured, NoType, 0, NoSquare, NoSquare
	switch {
	case pc.Type() == Pawn && to == p.EP && captured == Empty && to.File() != from.File():
		m.Captured, m.Flags = MakePiece(p.Side.Other(), Pawn), FlagCapture|FlagEnPassant
	case captured != Empty:
		m.Flags = FlagCapture
	}
	promotes := pc.Type() == Pawn && promotionRank(p.Side).Has(to)
	if promotes != (promo != NoType) {
		return false
	}
	if promotes {
		if promo < Knight || promo > Queen {
			return false
		}
		m.Flags |= FlagPromotion
		m.Promo = promo
	}
	if d := to - from; pc.Type() == Pawn && (d == 16 || d == -16) {
		m.Flags |= FlagDoublePush
	}
	return true
}

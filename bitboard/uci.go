package bitboard

// ParseUCI reads a move in UCI long algebraic notation: "e2e4", "e7e8q"
// (promotion letter in either case) and "0000" for the null move. Castling
// may be written as the king's two-square move ("e1g1", standard UCI) or as
// the king taking its own castling rook ("e1h1", UCI_Chess960); in Chess960
// a king step to an adjacent free square is an ordinary king move. The move
// must be legal; errors are *MoveError values.
func (p *Position) ParseUCI(s []byte) (Move, error) {
	if string(s) == "0000" {
		return p.NullMove(), nil
	}
	if p.Variant != Standard {
		return p.parseVariantUCI(s)
	}
	if len(s) != 4 && len(s) != 5 {
		return Move{}, moveError(ErrBadNotation, s, "want 4 or 5 characters")
	}
	from, ok1 := ParseSquare(string(s[0:2]))
	to, ok2 := ParseSquare(string(s[2:4]))
	promo := NoType
	if len(s) == 5 {
		if promo = promotionFromLetter(s[4]); promo == NoType {
			return Move{}, moveError(ErrBadNotation, s, "bad promotion letter")
		}
	}
	if !ok1 || !ok2 {
		return Move{}, moveError(ErrBadNotation, s, "bad square")
	}
	pc := p.Board[from]
	if pc == Empty || pc.Color() != p.Side {
		return Move{}, moveError(ErrNoPiece, s, "no piece of the side to move on %v", from)
	}
	switch pc.Type() {
	case Pawn:
		return p.uciPawnMove(s, from, to, promo)
	case King:
		if m, ok := p.uciCastling(from, to); ok {
			return m, nil
		}
	}
	if promo != NoType {
		return Move{}, moveError(ErrBadNotation, s, "only pawns promote")
	}
	if !pieceAttacks(pc.Type(), p.Side, from, p.Occupied).Has(to) || p.ByColor[p.Side].Has(to) {
		return Move{}, moveError(ErrIllegal, s, "the %s on %v cannot go to %v", pieceNames[pc.Type()], from, to)
	}
	m := Move{From: from, To: to, Piece: pc, Captured: p.Board[to], RookFrom: NoSquare, RookTo: NoSquare}
	if m.Captured != Empty {
		m.Flags = FlagCapture
	}
	if !p.kingSafeAfter(&m) {
		return Move{}, moveError(ErrIllegal, s, "it leaves the king in check")
	}
	return m, nil
}

// uciCastling recognises castling written king-takes-rook, or as a king
// move to the castling destination that is not an ordinary king step.
func (p *Position) uciCastling(from, to Square) (Move, bool) {
	if p.CastleRooks.Has(to) && p.Board[to] == MakePiece(p.Side, Rook) {
		return p.castlingMove(to)
	}
	if KingAttacks(from).Has(to) && !p.ByColor[p.Side].Has(to) {
		return Move{}, false // an ordinary king step
	}
	return p.castlingTo(to)
}

func (p *Position) uciPawnMove(s []byte, from, to Square, promo PieceType) (Move, error) {
	us := p.Side
	reachable := PawnAttacks(us, from)
	if from.File() == to.File() && p.pushSource(to) == from {
		reachable |= SquareSet(to)
	}
	if !reachable.Has(to) {
		return Move{}, moveError(ErrIllegal, s, "the pawn on %v cannot go to %v", from, to)
	}
	var m Move
	if fail := p.pawnMove(&m, from, to, promo); fail != resolved {
		return Move{}, fail.error(s, Pawn, to)
	}
	if !p.kingSafeAfter(&m) {
		return Move{}, moveError(ErrIllegal, s, "it leaves the king in check")
	}
	return m, nil
}

// UCI writes the move in UCI notation with castling as the king's move to
// its destination ("e1g1"), the standard-chess convention.
func (m Move) UCI() string { return string(m.AppendUCI(nil, false)) }

// String is the UCI form of the move (see UCI).
func (m Move) String() string { return m.UCI() }

// AppendUCI appends the move in UCI notation. With chess960, castling is
// written as the king taking its own rook ("e1h1"), as UCI_Chess960 wants.
// The null move is "0000".
func (m Move) AppendUCI(dst []byte, chess960 bool) []byte {
	switch {
	case m.Flags&FlagNull != 0:
		return append(dst, "0000"...)
	case m.Flags&FlagDrop != 0:
		dst = append(dst, "?PNBRQK"[m.Piece.Type()], '@')
		return append(dst, m.To.String()...)
	}
	to := m.To
	if chess960 && m.Flags&FlagCastle != 0 {
		to = m.RookFrom
	}
	dst = append(dst, m.From.String()...)
	dst = append(dst, to.String()...)
	if m.Promo != NoType {
		dst = append(dst, "?pnbrqk"[m.Promo])
	}
	return dst
}

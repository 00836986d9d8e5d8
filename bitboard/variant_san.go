package bitboard

// SAN for variants: drops ("N@f3", "P@e4", "@e4"), Antichess's promotion
// to king ("e8=K"), and every move of the variants whose legality the
// standard resolver cannot judge, found among the legal moves.

// needsVariantSAN reports whether s (decorations trimmed) cannot go to
// the standard resolver: a drop, a move of a variant with unusual kings,
// or any move after the game ended by the variant's rule.
func (p *Position) needsVariantSAN(s []byte) bool {
	for _, c := range s {
		if c == '@' {
			return true
		}
	}
	switch p.Variant {
	case Crazyhouse:
		return false
	case KingOfTheHill, ThreeCheck:
		return p.variantEnd() != NotOver
	}
	return true
}

// parseVariantSAN resolves san (s without its decorations) in a variant.
func (p *Position) parseVariantSAN(dst *Move, san, s []byte) error {
	if at := indexByte(s, '@'); at >= 0 {
		return p.parseDrop(dst, san, s, at)
	}
	var buf [256]Move
	legal := p.LegalMoves(buf[:0])
	if len(legal) == 0 && p.racingBlackReply() {
		legal = p.appendRacingMoves(buf[:0])
	}
	if s[0] == 'O' || s[0] == '0' || s[0] == 'o' {
		short := len(s) <= 3
		for _, m := range legal {
			if m.Flags&FlagCastle != 0 && m.CastlesShort() == short {
				*dst = m
				return nil
			}
		}
		return moveError(ErrIllegal, san, "castling is not legal here")
	}
	kingPromo := false
	if n := len(s); n >= 3 && s[n-1] == 'K' && (s[n-2] == '=' || isRank(s[n-2])) {
		kingPromo = true
		s = s[:n-1]
		if s[n-2] == '=' {
			s = s[:n-2]
		}
	}
	piece, to, fromFile, fromRank, promo, ok := splitSAN(s)
	if !ok {
		return moveError(ErrBadNotation, san, "cannot read it")
	}
	if kingPromo {
		promo = King
	}
	matches := func(m *Move) bool {
		from := m.From
		switch {
		case m.Flags&(FlagDrop|FlagNull|FlagCastle) != 0, m.To != to, m.Piece.Type() != piece, m.Promo != promo:
			return false
		case fromFile >= 0 && from.File() != fromFile, fromRank >= 0 && from.Rank() != fromRank:
			return false
		case piece == Pawn && fromFile < 0:
			return from.File() == to.File()
		}
		return true
	}
	found := 0
	for i := range legal {
		if matches(&legal[i]) {
			*dst = legal[i]
			found++
		}
	}
	switch {
	case found == 1:
		return nil
	case found > 1:
		return moveError(ErrAmbiguous, san, "%d %ss can move to %v", found, pieceNames[piece], to)
	}
	// say why: a move the pieces can make but the rules forbid
	for _, m := range p.appendVariantPseudo(nil) {
		if !matches(&m) {
			continue
		}
		if p.Variant == Antichess && m.Flags&FlagCapture == 0 {
			return moveError(ErrIllegal, san, "a capture is compulsory in antichess")
		}
		if p.variantEnd() != NotOver {
			return moveError(ErrIllegal, san, "the game is over (%v)", p.Variant)
		}
		return moveError(ErrIllegal, san, "it is not legal in %v", p.Variant)
	}
	if piece == Pawn && promotionRank(p.Side).Has(to) && promo == NoType {
		return moveError(ErrIllegal, san, "a promotion needs a knight, bishop, rook or queen")
	}
	return moveError(ErrNoPiece, san, "no %s can move to %v", pieceNames[piece], to)
}

// parseDrop reads "N@f3", "P@e4" or "@e4" (a pawn).
func (p *Position) parseDrop(dst *Move, san, s []byte, at int) error {
	t := Pawn
	switch at {
	case 0:
	case 1:
		t = pieceTypeFromLetter(s[0])
		if t == NoType {
			t = pieceTypeFromLetter(s[0] - ('a' - 'A'))
		}
	default:
		t = NoType
	}
	to, ok := ParseSquare(string(s[at+1:]))
	if t == NoType || t == King || !ok {
		return moveError(ErrBadNotation, san, "cannot read the drop")
	}
	switch {
	case p.Variant != Crazyhouse:
		return moveError(ErrIllegal, san, "no drops in %v", p.Variant)
	case p.variantEnd() != NotOver:
		return moveError(ErrIllegal, san, "the game is over")
	case p.hand.count(p.Side, t) == 0:
		return moveError(ErrNoPiece, san, "no %s in hand", pieceNames[t])
	case p.Occupied.Has(to):
		return moveError(ErrIllegal, san, "%v is not empty", to)
	case t == Pawn && (rank1 | rank8).Has(to):
		return moveError(ErrIllegal, san, "a pawn is not dropped on the first or eighth rank")
	case !p.dropTargets().Has(to):
		return moveError(ErrIllegal, san, "it leaves the king in check")
	}
	*dst = Move{From: to, To: to, Piece: MakePiece(p.Side, t), Flags: FlagDrop, RookFrom: NoSquare, RookTo: NoSquare}
	return nil
}

func indexByte(s []byte, c byte) int {
	for i := range s {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// appendVariantMark is the check mark as Lichess writes it in variants:
// "#" on a move that wins the game (a mate, an explosion, the hill, the
// eighth rank, a third check, the last piece given away), "+" on a check.
func appendVariantMark(dst []byte, after *Position) []byte {
	end, winner := after.Outcome()
	switch {
	case end == VariantWin && after.Variant == RacingKings && winner == after.Side:
		// Black's reply after White reached the eighth rank first (a
		// move fairy-stockfish plays): the game was already won
	case end == Checkmate || end == VariantWin:
		return append(dst, '#')
	case end == Stalemate && after.Variant == Antichess:
		return append(dst, '#')
	case after.InCheck():
		return append(dst, '+')
	}
	return dst
}

// variantRivals is the set of squares of the other pieces of m's kind that
// can legally move to m.To.
func (p *Position) variantRivals(m Move) Set {
	var buf [256]Move
	var rivals Set
	for _, l := range p.LegalMoves(buf[:0]) {
		if l.Piece == m.Piece && l.To == m.To && l.From != m.From && l.Flags&(FlagDrop|FlagCastle) == 0 {
			rivals |= SquareSet(l.From)
		}
	}
	return rivals
}

// variantHash mixes the hand, the promoted marks and the check counts into
// a position's hash, so that repetitions count them.
func (p *Position) variantHash() uint64 {
	packed := uint64(p.hand) ^ uint64(p.Checks[White])<<60 ^ uint64(p.Checks[Black])<<62 ^ uint64(p.Variant)<<56
	return mix64(packed) ^ mix64(uint64(p.Promoted)^0x9e3779b97f4a7c15)
}

// mix64 is SplitMix64's finalizer.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// parseVariantUCI finds the legal move whose UCI text is s ("N@f3" for a
// drop; castling as the king's move or, in Chess960, king takes rook).
func (p *Position) parseVariantUCI(s []byte) (Move, error) {
	var buf [256]Move
	var text []byte
	for _, m := range p.LegalMoves(buf[:0]) {
		text = m.AppendUCI(text[:0], false)
		if string(text) == string(s) {
			return m, nil
		}
		if m.Flags&FlagCastle != 0 {
			if text = m.AppendUCI(text[:0], true); string(text) == string(s) {
				return m, nil
			}
		}
	}
	return Move{}, moveError(ErrIllegal, s, "no legal move %s in %v", s, p.Variant)
}

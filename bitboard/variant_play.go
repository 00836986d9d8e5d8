package bitboard

// Playing moves of variants: drops and holdings (Crazyhouse), explosions
// (Atomic), check counting (Three-check), and Horde's first-rank double
// step, which gives no en-passant capture.

// playVariantMove is PlayMove for a variant.
func (p *Position) playVariantMove(m *Move) {
	us := p.Side
	p.playVariantBoard(m)
	p.rememberCheckers()
	if p.Variant == ThreeCheck && p.checkers != 0 {
		p.Checks[us]++
	}
}

// playVariantBoard makes the move on the board and passes the turn, but
// leaves the check cache and counters alone (legality tests call it on
// copies).
func (p *Position) playVariantBoard(m *Move) {
	us := p.Side
	p.EP = NoSquare
	p.HalfMove++
	switch {
	case m.Flags&FlagNull != 0:
	case m.Flags&FlagDrop != 0:
		p.hand.add(us, m.Piece.Type(), -1)
		p.put(m.Piece, m.To)
		if m.Piece.Type() == Pawn {
			p.HalfMove = 0 // a pawn drop is a pawn move, as Lichess counts it
		}
	case m.Flags&FlagCastle != 0:
		p.playCastling(m)
	case p.Variant == Crazyhouse:
		p.playCrazyhouse(m)
	case p.Variant == Atomic && m.Flags&FlagCapture != 0:
		p.playExplosion(m)
	default:
		p.playNormal(m)
		if p.Variant == Horde && m.From.Rank() == 0 && p.Board[m.To] == WhitePawn {
			p.EP = NoSquare // a first-rank double step gives no en passant
		}
	}
	if us == Black {
		p.FullMove++
	}
	p.Side = us.Other()
	p.checkersKnown = false
}

// playCrazyhouse moves as in standard chess and puts the captured piece in
// the mover's hand, a promoted piece as a pawn; the promoted marks follow
// their pieces.
func (p *Position) playCrazyhouse(m *Move) {
	us := p.Side
	if capSq := m.CaptureSquare(); capSq != NoSquare || p.Board[m.To] != Empty {
		if capSq == NoSquare {
			capSq = m.To
		}
		t := p.Board[capSq].Type()
		if p.Promoted.Has(capSq) {
			t = Pawn
		}
		if t != NoType && t != King {
			p.hand.add(us, t, 1)
		}
		p.Promoted &^= SquareSet(capSq)
	}
	wasPromoted := p.Promoted.Has(m.From)
	p.playNormal(m)
	p.Promoted &^= SquareSet(m.From)
	if wasPromoted || m.Promo != NoType {
		p.Promoted |= SquareSet(m.To)
	}
}

// playExplosion plays an Atomic capture: the captured piece, the capturer
// and every piece but a pawn on the squares around the capture square go.
func (p *Position) playExplosion(m *Move) {
	capSq := m.CaptureSquare()
	if capSq == NoSquare {
		capSq = m.To
	}
	if p.Board[capSq] != Empty {
		p.remove(capSq)
	}
	p.remove(m.From)
	blast := KingAttacks(m.To) & p.Occupied &^ (p.ByPiece[WhitePawn] | p.ByPiece[BlackPawn])
	for b := blast; b != 0; {
		p.remove(b.Pop())
	}
	p.CastleRooks &^= blast | SquareSet(m.From) | SquareSet(m.To)
	for c := White; c <= Black; c++ {
		if p.Pieces(c, King) == 0 {
			p.CastleRooks &^= backRank(c)
		}
	}
	p.HalfMove = 0
}

// Exploded is the set of squares emptied by the Atomic capture m in p
// besides its from-square: the captured piece's and the pieces around the
// capture square other than pawns. Empty for any other move.
func (p *Position) Exploded(m Move) Set {
	if p.Variant != Atomic || m.Flags&FlagCapture == 0 {
		return 0
	}
	return SquareSet(m.CaptureSquare()) | KingAttacks(m.To)&p.Occupied&^(p.ByPiece[WhitePawn]|p.ByPiece[BlackPawn])&^SquareSet(m.From)
}

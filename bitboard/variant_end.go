package bitboard

// How games end. Standard chess ends in checkmate or stalemate; each
// variant adds its goal, reached by the move that led to the position.

// End says whether and how the game is over in a position.
type End uint8

const (
	NotOver     End = iota
	Checkmate       // the side to move is mated and loses
	Stalemate       // the side to move has no move and is not in check: a draw (a win in Antichess)
	VariantWin      // the variant's goal is reached; Winner says by whom
	VariantDraw     // Racing Kings: both kings reached the eighth rank
)

// Outcome is how the game stands in p and, for a decisive end, who won.
func (p *Position) Outcome() (End, Color) {
	if p.Variant != Standard {
		if end, winner := p.variantEndWinner(); end != NotOver {
			return end, winner
		}
	}
	if p.HasLegalMove() {
		return NotOver, White
	}
	if p.InCheck() {
		return Checkmate, p.Side.Other()
	}
	if p.Variant == Antichess {
		return Stalemate, p.Side
	}
	return Stalemate, White
}

// variantEnd is variantEndWinner without the winner.
func (p *Position) variantEnd() End {
	end, _ := p.variantEndWinner()
	return end
}

// variantEndWinner is the end by the variant's own rule, found before any
// move is generated: a king on the hill, a third check, an exploded king,
// a side without pieces (Horde's White, Antichess), a king on the eighth
// rank (Racing Kings).
func (p *Position) variantEndWinner() (End, Color) {
	switch p.Variant {
	case KingOfTheHill:
		for c := White; c <= Black; c++ {
			if p.Pieces(c, King)&hill != 0 {
				return VariantWin, c
			}
		}
	case ThreeCheck:
		for c := White; c <= Black; c++ {
			if p.Checks[c] >= 3 {
				return VariantWin, c
			}
		}
	case Atomic:
		for c := White; c <= Black; c++ {
			if p.Pieces(c, King) == 0 {
				return VariantWin, c.Other()
			}
		}
	case Horde:
		if p.ByColor[White] == 0 {
			return VariantWin, Black
		}
	case Antichess:
		if p.ByColor[p.Side] == 0 {
			return VariantWin, p.Side
		}
	case RacingKings:
		return p.racingEnd()
	}
	return NotOver, White
}

// racingEnd: a king on the eighth rank wins, except that when White gets
// there first Black has one move to follow, which draws.
func (p *Position) racingEnd() (End, Color) {
	white := p.Pieces(White, King)&rank8 != 0
	black := p.Pieces(Black, King)&rank8 != 0
	switch {
	case white && black:
		return VariantDraw, White
	case black:
		return VariantWin, Black
	case white && (p.Side == White || !p.blackCanReachGoal()):
		return VariantWin, White
	}
	return NotOver, White
}

// racingBlackReply reports whether p is Black to move in a Racing Kings
// game White has won by reaching the eighth rank first, Black unable to
// follow. Lichess ends the game there; fairy-stockfish lets Black make one
// more move, which the reader of its games accepts (the game stays won).
func (p *Position) racingBlackReply() bool {
	return p.Variant == RacingKings && p.Side == Black &&
		p.Pieces(White, King)&rank8 != 0 && p.Pieces(Black, King)&rank8 == 0 && !p.blackCanReachGoal()
}

// blackCanReachGoal reports whether Black, to move, has a legal king move
// to the eighth rank.
func (p *Position) blackCanReachGoal() bool {
	var buf [256]Move
	for _, m := range p.appendRacingMoves(buf[:0]) {
		if m.Piece == BlackKing && rank8.Has(m.To) {
			return true
		}
	}
	return false
}

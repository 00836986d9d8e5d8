package bitboard

// IsLegal reports whether the pseudo-legal move m (as produced by
// PseudoLegalMoves, ParseUCI or built by hand from the board) keeps the
// mover's king safe. A null move is legal when the side to move is not in
// check.
func (p *Position) IsLegal(m Move) bool {
	switch {
	case m.Flags&FlagNull != 0:
		return !p.InCheck()
	case p.Variant != Standard:
		return p.isLegalInVariant(m)
	case m.Flags&FlagCastle != 0:
		legal, ok := p.castlingMove(m.RookFrom)
		return ok && legal.To == m.To && legal.From == m.From
	}
	return p.kingSafeAfter(&m)
}

// HasLegalMove reports whether the side to move has any legal move. It is
// called at every position of every game (stalemate and mate tests), so it
// stops at the first legal move and looks first where most positions have
// one: when the king is not in check, a piece on no line through the king
// cannot be pinned, so any move it has is legal and no pins need computing.
func (p *Position) HasLegalMove() bool {
	if p.Variant != Standard {
		return p.variantHasLegalMove()
	}
	return p.standardHasLegalMove()
}

// standardHasLegalMove is HasLegalMove by the rules of standard chess.
func (p *Position) standardHasLegalMove() bool {
	us := p.Side
	ksq := p.KingSquare(us)
	own := p.ByColor[us]
	if p.Checkers() == 0 && p.hasUnpinnedMove(us, own&^queenRays[ksq], ^own) {
		return true
	}
	return p.hasLegalMoveAfterAll()
}

// hasLegalMoveAfterAll is HasLegalMove's full search, for positions where
// the quick look found nothing: in check, or every piece with a move might
// be pinned.
func (p *Position) hasLegalMoveAfterAll() bool {
	c := p.newMoveContext()
	if !c.doubleCheck() && p.hasUnpinnedMove(c.us, c.own&^c.pinned, c.target) {
		return true
	}
	if p.hasKingMove(&c) {
		return true
	}
	if c.doubleCheck() {
		return false
	}
	if c.pinned != 0 && p.hasPinnedMove(&c) {
		return true
	}
	if p.hasLegalEnPassant() {
		return true
	}
	// Castling can be the only legal move in Chess960 (king f1 and rook g1
	// swapping while everything else is blocked).
	return c.checkers == 0 && p.hasCastlingMove()
}

func (p *Position) hasCastlingMove() bool {
	for rooks := p.CastleRooks & backRank(p.Side); rooks != 0; {
		if _, ok := p.castlingMove(rooks.Pop()); ok {
			return true
		}
	}
	return false
}

// hasUnpinnedMove looks for a move to a square in target by one of the
// pieces in free (which must not be pinned), using whole-set pawn shifts.
func (p *Position) hasUnpinnedMove(us Color, free, target Set) bool {
	occ := p.Occupied
	pawns := p.ByPiece[MakePiece(us, Pawn)] & free
	single, double := pawnPushes(us, pawns, ^occ)
	if (single|double|pawnCaptureSquares(us, pawns)&p.ByColor[us.Other()])&target != 0 {
		return true
	}
	for knights := p.ByPiece[MakePiece(us, Knight)] & free; knights != 0; {
		if KnightAttacks(knights.Pop())&target != 0 {
			return true
		}
	}
	for sliders := p.bishopMovers(us) & free; sliders != 0; {
		if BishopAttacks(sliders.Pop(), occ)&target != 0 {
			return true
		}
	}
	for sliders := p.rookMovers(us) & free; sliders != 0; {
		if RookAttacks(sliders.Pop(), occ)&target != 0 {
			return true
		}
	}
	return false
}

func (p *Position) hasKingMove(c *moveContext) bool {
	occ := c.occ &^ SquareSet(c.ksq)
	for targets := KingAttacks(c.ksq) &^ c.own; targets != 0; {
		if !p.attacked(targets.Pop(), c.them, occ) {
			return true
		}
	}
	return false
}

// hasPinnedMove looks for a move of a pinned piece along its pin line.
func (p *Position) hasPinnedMove(c *moveContext) bool {
	for pinned := c.pinned; pinned != 0; {
		from := pinned.Pop()
		pc := p.Board[from]
		var targets Set
		if pc.Type() == Pawn {
			single, double := pawnPushes(c.us, SquareSet(from), ^c.occ)
			targets = single | double | PawnAttacks(c.us, from)&c.enemy
		} else {
			targets = pieceAttacks(pc.Type(), c.us, from, c.occ)
		}
		if c.allowed(from, targets) != 0 {
			return true
		}
	}
	return false
}

// pawnPushes returns the squares reached by single and double pushes of
// c's pawns onto empty squares.
func pawnPushes(c Color, pawns, empty Set) (single, double Set) {
	if c == White {
		single = pawns << 8 & empty
		double = (single & rank3) << 8 & empty
	} else {
		single = pawns >> 8 & empty
		double = (single & rank6) >> 8 & empty
	}
	return single, double
}

// pawnCaptureSquares is the union of the squares c's pawns attack.
func pawnCaptureSquares(c Color, pawns Set) Set {
	const notFileA, notFileH = ^fileA, ^(fileA << 7)
	if c == White {
		return (pawns&notFileA)<<7 | (pawns&notFileH)<<9
	}
	return (pawns&notFileA)>>9 | (pawns&notFileH)>>7
}

// IsCheckmate reports whether the side to move is in check with no legal
// move (in a variant: and the game has not ended by the variant's rule).
func (p *Position) IsCheckmate() bool {
	return p.InCheck() && !p.HasLegalMove() && (p.Variant == Standard || p.variantEnd() == NotOver)
}

// IsStalemate reports whether the side to move is not in check and has no
// legal move (in a variant: and the game has not ended by the variant's
// rule; an Antichess stalemate is one, and wins).
func (p *Position) IsStalemate() bool {
	return !p.InCheck() && !p.HasLegalMove() && (p.Variant == Standard || p.variantEnd() == NotOver)
}

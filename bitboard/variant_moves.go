package bitboard

// Move generation for variants. Crazyhouse, King of the Hill and
// Three-check move as standard chess (Crazyhouse adds drops); the others
// generate the moves the pieces' movement allows and keep those that pass
// the variant's legality test, played out on a copy: slower than the
// standard generator's pin masks, and kept off its path.

// variantLegalMoves is LegalMoves for a variant; with stopAtEnd it
// returns no moves once the game is over by the variant's rules.
func (p *Position) variantLegalMoves(dst []Move, stopAtEnd bool) []Move {
	if stopAtEnd && p.variantEnd() != NotOver {
		return dst
	}
	switch p.Variant {
	case Crazyhouse:
		dst = p.standardLegalMoves(dst)
		return p.appendDrops(dst)
	case KingOfTheHill, ThreeCheck:
		return p.standardLegalMoves(dst)
	case RacingKings:
		return p.appendRacingMoves(dst)
	case Horde:
		if p.Pieces(p.Side, King) != 0 && p.Pieces(p.Side, Pawn)&backRank(p.Side) == 0 {
			return p.standardLegalMoves(dst)
		}
		return p.appendTested(dst, p.appendVariantPseudo(nil))
	case Antichess:
		return appendForcedCaptures(dst, p.appendVariantPseudo(nil))
	case Atomic:
		return p.appendTested(dst, p.appendVariantPseudo(nil))
	}
	return p.standardLegalMoves(dst)
}

// appendTested appends the moves of pseudo that pass isLegalVariant.
func (p *Position) appendTested(dst, pseudo []Move) []Move {
	for i := range pseudo {
		if p.isLegalVariant(&pseudo[i]) {
			dst = append(dst, pseudo[i])
		}
	}
	return dst
}

// isLegalVariant tests a pseudo-legal move of a variant by playing it.
func (p *Position) isLegalVariant(m *Move) bool {
	us := p.Side
	child := *p
	child.playVariantBoard(m)
	switch p.Variant {
	case Atomic:
		own, enemy := child.KingSquare(us), child.KingSquare(us.Other())
		switch {
		case own == NoSquare:
			return false
		case enemy == NoSquare, KingAttacks(own).Has(enemy):
			return true
		}
		return child.AttackersOf(own, us.Other(), child.Occupied) == 0
	case Antichess:
		return true
	}
	ksq := child.KingSquare(us)
	return ksq == NoSquare || child.AttackersOf(ksq, us.Other(), child.Occupied) == 0
}

// appendForcedCaptures keeps only the captures when there is one
// (Antichess).
func appendForcedCaptures(dst, moves []Move) []Move {
	captures := false
	for i := range moves {
		if moves[i].Flags&FlagCapture != 0 {
			captures = true
			break
		}
	}
	for i := range moves {
		if !captures || moves[i].Flags&FlagCapture != 0 {
			dst = append(dst, moves[i])
		}
	}
	return dst
}

// appendRacingMoves: Racing Kings is standard chess without castling or
// pawns in which no move may give check.
func (p *Position) appendRacingMoves(dst []Move) []Move {
	start := len(dst)
	dst = p.standardLegalMoves(dst)
	kept := dst[:start]
	for _, m := range dst[start:] {
		child := *p
		child.playVariantBoard(&m)
		child.Side = p.Side.Other()
		if child.computeCheckers() == 0 {
			kept = append(kept, m)
		}
	}
	return kept
}

// appendVariantPseudo appends the moves the pieces' movement allows,
// kings included as ordinary pieces, with the variant's pawn rules
// (Horde's first-rank double step, Antichess's promotion to king) and
// castling where the variant has it.
func (p *Position) appendVariantPseudo(dst []Move) []Move {
	us := p.Side
	own := p.ByColor[us]
	for t := Knight; t <= King; t++ {
		pc := MakePiece(us, t)
		for from := p.ByPiece[pc]; from != 0; {
			s := from.Pop()
			targets := pieceAttacks(t, us, s, p.Occupied) &^ own
			if p.Variant == Atomic && t == King {
				targets &^= p.Occupied // an atomic king never captures
			}
			dst = p.appendMovesTo(dst, pc, s, targets)
		}
	}
	dst = p.appendVariantPawnMoves(dst)
	dst = p.appendEnPassant(dst, false)
	if p.Variant != Antichess && p.CastleRooks&backRank(us) != 0 && p.Pieces(us, King) != 0 {
		dst = p.appendVariantCastling(dst)
	}
	return dst
}

func (p *Position) appendVariantPawnMoves(dst []Move) []Move {
	us := p.Side
	pawn := MakePiece(us, Pawn)
	push := pawnPush(us)
	doubleFrom := rank2
	if us == Black {
		doubleFrom = rank7
	} else if p.Variant == Horde {
		doubleFrom |= rank1
	}
	for pawns := p.ByPiece[pawn]; pawns != 0; {
		from := pawns.Pop()
		var targets Set
		if one := from + push; !p.Occupied.Has(one) {
			targets |= SquareSet(one)
			if two := one + push; doubleFrom.Has(from) && !p.Occupied.Has(two) {
				targets |= SquareSet(two)
			}
		}
		targets |= PawnAttacks(us, from) & p.ByColor[us.Other()]
		for targets != 0 {
			to := targets.Pop()
			n := len(dst)
			dst = p.appendPawnMove(dst, pawn, from, to)
			if p.Variant == Antichess && len(dst)-n > 1 {
				king := dst[n]
				king.Promo = King
				dst = append(dst, king)
			}
		}
	}
	return dst
}

// appendVariantCastling is castling where the king's safety follows the
// variant (Atomic: kings side by side are safe, a king attacks nothing).
func (p *Position) appendVariantCastling(dst []Move) []Move {
	for rooks := p.CastleRooks & backRank(p.Side); rooks != 0; {
		m, path, ok := p.castlingGeometry(rooks.Pop())
		if !ok {
			continue
		}
		// the king passes with the rook still in place; where it lands is
		// tested again by playing the move (appendTested)
		safe := true
		passing := p.Occupied &^ SquareSet(m.From)
		for path != 0 && safe {
			safe = p.variantSquareSafe(path.Pop(), passing)
		}
		if safe {
			dst = append(dst, m)
		}
	}
	return dst
}

// variantSquareSafe reports whether the side to move's king would be
// safe on s with occupancy occ.
func (p *Position) variantSquareSafe(s Square, occ Set) bool {
	them := p.Side.Other()
	if p.Variant == Atomic {
		enemyKing := p.Pieces(them, King)
		if KingAttacks(s)&enemyKing != 0 {
			return true
		}
		return p.AttackersOf(s, them, occ)&^enemyKing == 0
	}
	return !p.attacked(s, them, occ)
}

// appendDrops appends the legal drops of the pieces in hand: pawns not on
// the first or eighth rank, and when in check only between the king and
// a single checking slider.
func (p *Position) appendDrops(dst []Move) []Move {
	us := p.Side
	if !p.hand.colorHas(us) {
		return dst
	}
	targets := p.dropTargets()
	for t := Pawn; t <= Queen; t++ {
		if p.hand.count(us, t) == 0 {
			continue
		}
		to := targets
		if t == Pawn {
			to &^= rank1 | rank8
		}
		for pc := MakePiece(us, t); to != 0; {
			s := to.Pop()
			dst = append(dst, Move{From: s, To: s, Piece: pc, Flags: FlagDrop, RookFrom: NoSquare, RookTo: NoSquare})
		}
	}
	return dst
}

// dropTargets is the set of squares a drop may go to.
func (p *Position) dropTargets() Set {
	empty := ^p.Occupied
	checkers := p.Checkers()
	switch {
	case checkers == 0:
		return empty
	case checkers&(checkers-1) != 0:
		return 0
	}
	return empty & Between(p.KingSquare(p.Side), checkers.First())
}

// variantHasLegalMove is HasLegalMove for a variant.
func (p *Position) variantHasLegalMove() bool {
	switch p.Variant {
	case Crazyhouse:
		return p.standardHasLegalMove() || p.hasDrop()
	case KingOfTheHill, ThreeCheck:
		return p.variantEnd() == NotOver && p.standardHasLegalMove()
	}
	var buf [256]Move
	return len(p.variantLegalMoves(buf[:0], true)) > 0
}

func (p *Position) hasDrop() bool {
	us := p.Side
	if !p.hand.colorHas(us) {
		return false
	}
	if p.hand.count(us, Pawn) == 0 || p.hand.count(us, Knight)+p.hand.count(us, Bishop)+p.hand.count(us, Rook)+p.hand.count(us, Queen) != 0 {
		return p.dropTargets() != 0
	}
	return p.dropTargets()&^(rank1|rank8) != 0
}

// variantCheckers is computeCheckers for the variants whose kings differ:
// a Horde side without a king and an Antichess king are never in check;
// an Atomic king is in check only from pieces other than the enemy king,
// and not at all beside it (that king cannot capture without exploding).
func (p *Position) variantCheckers() Set {
	us := p.Side
	ksq := p.KingSquare(us)
	if ksq == NoSquare || p.Variant == Antichess {
		return 0
	}
	if p.Variant == Atomic {
		enemy := p.Pieces(us.Other(), King)
		if enemy == 0 || KingAttacks(ksq)&enemy != 0 {
			return 0
		}
		return p.AttackersOf(ksq, us.Other(), p.Occupied) &^ enemy
	}
	return p.AttackersOf(ksq, us.Other(), p.Occupied)
}

// isLegalInVariant is IsLegal for a variant: m is among the legal moves.
func (p *Position) isLegalInVariant(m Move) bool {
	var buf [256]Move
	for _, l := range p.variantLegalMoves(buf[:0], true) {
		if l.From == m.From && l.To == m.To && l.Promo == m.Promo && l.Flags&(FlagDrop|FlagCastle) == m.Flags&(FlagDrop|FlagCastle) &&
			(m.Flags&FlagDrop == 0 || l.Piece == m.Piece) {
			return true
		}
	}
	return false
}

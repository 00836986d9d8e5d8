package bitboard

// Legal move generation. Instead of playing each move and testing the king,
// the generator computes once per position which pieces are pinned and
// which squares resolve a check, then filters every piece's targets with two
// masks. Only king moves and en passant (which removes two pieces from one
// rank) are tested square by square.

// moveContext holds what every piece's legal-move filter needs.
type moveContext struct {
	us, them Color
	ksq      Square
	own      Set
	enemy    Set
	occ      Set
	checkers Set
	pinned   Set // own pieces that shield the king from an enemy slider
	target   Set // legal destinations for non-king pieces: not own, and blocking or capturing a single checker
}

func (p *Position) newMoveContext() moveContext {
	us := p.Side
	them := us.Other()
	c := moveContext{
		us: us, them: them,
		ksq:   p.KingSquare(us),
		own:   p.ByColor[us],
		enemy: p.ByColor[them],
		occ:   p.Occupied,
	}
	c.checkers = p.Checkers()
	c.pinned = p.pinnedTo(c.ksq, c.us)
	c.target = ^c.own
	switch {
	case c.doubleCheck():
		c.target = 0
	case c.checkers != 0:
		c.target &= Between(c.ksq, c.checkers.First()) | c.checkers
	}
	return c
}

// pinnedTo is the set of c's pieces that are the only piece between the
// king square ksq and an enemy slider aiming at it.
func (p *Position) pinnedTo(ksq Square, c Color) Set {
	them := c.Other()
	snipers := RookAttacks(ksq, 0)&p.rookMovers(them) | BishopAttacks(ksq, 0)&p.bishopMovers(them)
	var pinned Set
	for snipers != 0 {
		between := Between(ksq, snipers.Pop()) & p.Occupied
		if between != 0 && between&(between-1) == 0 {
			pinned |= between & p.ByColor[c]
		}
	}
	return pinned
}

// doubleCheck reports whether two pieces give check: then only the king
// can move.
func (c *moveContext) doubleCheck() bool { return c.checkers&(c.checkers-1) != 0 }

// allowed narrows a piece's destinations to those keeping the king safe.
func (c *moveContext) allowed(from Square, targets Set) Set {
	targets &= c.target
	if c.pinned.Has(from) {
		targets &= Line(c.ksq, from)
	}
	return targets
}

// LegalMoves appends all legal moves to dst and returns it. In a variant
// game that is over by the variant's rules there are none.
func (p *Position) LegalMoves(dst []Move) []Move {
	if p.Variant != Standard {
		return p.variantLegalMoves(dst, true)
	}
	return p.standardLegalMoves(dst)
}

// standardLegalMoves generates by the rules of standard chess.
func (p *Position) standardLegalMoves(dst []Move) []Move {
	c := p.newMoveContext()
	dst = p.appendKingMoves(dst, &c)
	if c.doubleCheck() {
		return dst
	}
	dst = p.appendPawnMoves(dst, &c)
	dst = p.appendEnPassant(dst, true)
	for t := Knight; t <= Queen; t++ {
		pc := MakePiece(c.us, t)
		for from := p.ByPiece[pc]; from != 0; {
			s := from.Pop()
			dst = p.appendMovesTo(dst, pc, s, c.allowed(s, pieceAttacks(t, c.us, s, c.occ)))
		}
	}
	if c.checkers == 0 {
		dst = p.appendCastlingMoves(dst)
	}
	return dst
}

// PseudoLegalMoves appends every move that obeys the pieces' movement rules
// but may leave the own king in check (test those with IsLegal). Castling is
// included only when it is fully legal.
func (p *Position) PseudoLegalMoves(dst []Move) []Move {
	switch p.Variant {
	case Standard, KingOfTheHill, ThreeCheck, RacingKings:
	case Crazyhouse:
		dst = p.appendDrops(dst)
	default:
		return p.appendVariantPseudo(dst)
	}
	c := p.newMoveContext()
	c.pinned, c.target = 0, ^c.own // movement rules only
	dst = p.appendMovesTo(dst, MakePiece(c.us, King), c.ksq, KingAttacks(c.ksq)&^c.own)
	dst = p.appendPawnMoves(dst, &c)
	dst = p.appendEnPassant(dst, false)
	for t := Knight; t <= Queen; t++ {
		pc := MakePiece(c.us, t)
		for from := p.ByPiece[pc]; from != 0; {
			s := from.Pop()
			dst = p.appendMovesTo(dst, pc, s, pieceAttacks(t, c.us, s, c.occ)&^c.own)
		}
	}
	if c.checkers == 0 {
		dst = p.appendCastlingMoves(dst)
	}
	return dst
}

// appendMovesTo appends plain moves (no pawn specials) of pc from from to
// each square of targets.
func (p *Position) appendMovesTo(dst []Move, pc Piece, from Square, targets Set) []Move {
	for targets != 0 {
		to := targets.Pop()
		m := Move{From: from, To: to, Piece: pc, Captured: p.Board[to], RookFrom: NoSquare, RookTo: NoSquare}
		if m.Captured != Empty {
			m.Flags = FlagCapture
		}
		dst = append(dst, m)
	}
	return dst
}

func (p *Position) appendKingMoves(dst []Move, c *moveContext) []Move {
	occ := c.occ &^ SquareSet(c.ksq) // the king must not hide behind itself
	king := MakePiece(c.us, King)
	for targets := KingAttacks(c.ksq) &^ c.own; targets != 0; {
		to := targets.Pop()
		if !p.attacked(to, c.them, occ) {
			dst = p.appendMovesTo(dst, king, c.ksq, SquareSet(to))
		}
	}
	return dst
}

// appendPawnMoves appends pushes, double pushes, captures and promotions;
// en passant is separate.
func (p *Position) appendPawnMoves(dst []Move, c *moveContext) []Move {
	pawn := MakePiece(c.us, Pawn)
	push := pawnPush(c.us)
	startRank := rank2
	if c.us == Black {
		startRank = rank7
	}
	for pawns := p.ByPiece[pawn]; pawns != 0; {
		from := pawns.Pop()
		var targets Set
		if one := from + push; !c.occ.Has(one) {
			targets |= SquareSet(one)
			if two := one + push; startRank.Has(from) && !c.occ.Has(two) {
				targets |= SquareSet(two)
			}
		}
		targets |= PawnAttacks(c.us, from) & c.enemy
		for targets = c.allowed(from, targets); targets != 0; {
			dst = p.appendPawnMove(dst, pawn, from, targets.Pop())
		}
	}
	return dst
}

// promotionOrder lists promotion choices, most useful first.
var promotionOrder = [4]PieceType{Queen, Rook, Bishop, Knight}

func (p *Position) appendPawnMove(dst []Move, pawn Piece, from, to Square) []Move {
	m := Move{From: from, To: to, Piece: pawn, Captured: p.Board[to], RookFrom: NoSquare, RookTo: NoSquare}
	if m.Captured != Empty {
		m.Flags |= FlagCapture
	}
	if d := to - from; d == 16 || d == -16 {
		m.Flags |= FlagDoublePush
	}
	if !promotionRank(pawn.Color()).Has(to) {
		return append(dst, m)
	}
	m.Flags |= FlagPromotion
	for _, t := range promotionOrder {
		m.Promo = t
		dst = append(dst, m)
	}
	return dst
}

// enPassantMove builds the en-passant capture by the pawn on from; the
// caller has checked that p.EP is a real target (see enPassantCapturers).
func (p *Position) enPassantMove(from Square) Move {
	us := p.Side
	return Move{From: from, To: p.EP, Piece: MakePiece(us, Pawn), Captured: MakePiece(us.Other(), Pawn),
		Flags: FlagCapture | FlagEnPassant, RookFrom: NoSquare, RookTo: NoSquare}
}

// enPassantCapturers is the set of own pawns that can capture en passant
// by the movement rules (legality aside).
func (p *Position) enPassantCapturers() Set {
	ep := p.EP
	if ep == NoSquare {
		return 0
	}
	us := p.Side
	if p.Board[ep] != Empty || p.Board[ep-pawnPush(us)] != MakePiece(us.Other(), Pawn) {
		return 0
	}
	return PawnAttacks(us.Other(), ep) & p.ByPiece[MakePiece(us, Pawn)]
}

// appendEnPassant appends en-passant captures; with legalOnly it tests each
// by removing both pawns, since pin masks miss the two-pawns-on-one-rank
// discovered check.
func (p *Position) appendEnPassant(dst []Move, legalOnly bool) []Move {
	for from := p.enPassantCapturers(); from != 0; {
		m := p.enPassantMove(from.Pop())
		if !legalOnly || p.kingSafeAfter(&m) {
			dst = append(dst, m)
		}
	}
	return dst
}

// kingSafeAfter reports whether m, a pseudo-legal move other than castling
// and the null move, leaves the mover's king unattacked. It works on
// occupancy alone, without playing m.
func (p *Position) kingSafeAfter(m *Move) bool {
	ep := NoSquare
	if m.Flags&FlagEnPassant != 0 {
		ep = m.CaptureSquare()
	}
	return p.kingSafeMoving(m.From, m.To, ep)
}

// kingSafeMoving is kingSafeAfter for the piece on fromSq going to toSq,
// capturing en passant on ep (NoSquare for any other move). Resolving a
// SAN move asks it of its candidates without building a Move for each:
// a Move built on the stack and passed whole was reloaded before its
// bytes had landed (a store-forwarding stall).
func (p *Position) kingSafeMoving(fromSq, toSq, ep Square) bool {
	us := p.Side
	them := us.Other()
	from, to := SquareSet(fromSq), SquareSet(toSq)
	if p.Board[fromSq].Type() == King {
		return !p.attacked(toSq, them, p.Occupied&^from)
	}
	ksq := p.KingSquare(us)
	if p.Checkers() == 0 && ep == NoSquare {
		// Not in check now, so only a slider on the line from the king
		// through From can attack the king after the move, and only if
		// the piece leaves that line.
		line := lineTable[ksq][fromSq]
		if line&(p.rookMovers(them)|p.bishopMovers(them)) == 0 || line.Has(toSq) {
			return true
		}
	}
	occ := p.Occupied&^from | to
	if ep != NoSquare {
		occ &^= SquareSet(ep)
	}
	// The piece captured on To is still in occ; it attacks nothing now.
	return p.AttackersOf(ksq, them, occ)&^to == 0
}

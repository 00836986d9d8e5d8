package bitboard

// Castling, for standard chess and Chess960 alike: the king goes to the g- or
// c-file and the rook to the f- or d-file. Every square either piece passes
// over or lands on must be empty apart from the king and rook themselves;
// the king must not be in check, nor pass over or land on an attacked square.

// castlingMove builds the castling with the own castling rook on rookSq and
// reports whether it is legal now.
func (p *Position) castlingMove(rookSq Square) (Move, bool) {
	m, kingPath, ok := p.castlingGeometry(rookSq)
	if !ok {
		return Move{}, false
	}
	// Lifting the rook too matters in Chess960: a rook that shielded the
	// king's destination along the back rank no longer does after castling.
	occ := p.Occupied &^ (SquareSet(m.From) | SquareSet(rookSq))
	for path := kingPath; path != 0; {
		if p.attacked(path.Pop(), p.Side.Other(), occ) {
			return Move{}, false
		}
	}
	return m, true
}

// castlingGeometry builds the castling with the own castling rook on
// rookSq when the right exists and the squares between are empty; the
// squares the king stands on, passes and lands on must then be safe.
func (p *Position) castlingGeometry(rookSq Square) (Move, Set, bool) {
	us := p.Side
	ksq := p.KingSquare(us)
	king, rook := MakePiece(us, King), MakePiece(us, Rook)
	if !p.CastleRooks.Has(rookSq) || p.Board[rookSq] != rook || rookSq.Rank() != ksq.Rank() || !backRank(us).Has(ksq) {
		return Move{}, 0, false
	}
	kingTo, rookTo := MakeSquare(6, ksq.Rank()), MakeSquare(5, ksq.Rank())
	if rookSq < ksq { // queen side
		kingTo, rookTo = MakeSquare(2, ksq.Rank()), MakeSquare(3, ksq.Rank())
	}
	lifted := SquareSet(ksq) | SquareSet(rookSq)
	kingPath := Between(ksq, kingTo) | SquareSet(kingTo) | SquareSet(ksq)
	mustBeEmpty := (kingPath | Between(rookSq, rookTo) | SquareSet(rookTo)) &^ lifted
	if p.Occupied&mustBeEmpty != 0 {
		return Move{}, 0, false
	}
	return Move{From: ksq, To: kingTo, Piece: king, Flags: FlagCastle, RookFrom: rookSq, RookTo: rookTo}, kingPath, true
}

// appendCastlingMoves appends every legal castling of the side to move.
func (p *Position) appendCastlingMoves(dst []Move) []Move {
	for rooks := p.CastleRooks & backRank(p.Side); rooks != 0; {
		if m, ok := p.castlingMove(rooks.Pop()); ok {
			dst = append(dst, m)
		}
	}
	return dst
}

// castlingRooksOn is the set of c's castling rooks on the king side (files
// above the king's) or the queen side; ParseFEN allows at most one each.
func (p *Position) castlingRooksOn(c Color, kingSide bool) Set {
	ksq := p.KingSquare(c)
	rooks := p.CastleRooks & backRank(c)
	below := SquareSet(ksq) - 1 // squares numbered below the king's
	if kingSide {
		return rooks &^ below &^ SquareSet(ksq)
	}
	return rooks & below
}

// castlingRook returns the side to move's castling rook on the king side
// (kingSide) or queen side, or NoSquare.
func (p *Position) castlingRook(kingSide bool) Square {
	return p.castlingRooksOn(p.Side, kingSide).First()
}

package bitboard

// Zobrist keys come from a fixed-seed generator so that hashes are the same
// in every process (they may be stored or compared across runs).
// The keys (zobristPiece, zobristSide, zobristCastle per castling-rook
// square, zobristEP per en-passant file) are in tables_data.go, written
// from initZobrist.

// splitMix64 is a small, well-mixed deterministic generator.
type splitMix64 uint64

func (s *splitMix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func initZobrist() {
	rng := splitMix64(0xC0FFEE_CA11_AB1E)
	for pc := WhitePawn; pc <= BlackKing; pc++ {
		if pc.Type() < Pawn || pc.Type() > King {
			continue
		}
		for s := range zobristPiece[pc] {
			zobristPiece[pc][s] = rng.next()
		}
	}
	zobristSide = rng.next()
	for s := range zobristCastle {
		zobristCastle[s] = rng.next()
	}
	for f := range zobristEP {
		zobristEP[f] = rng.next()
	}
}

// Hash is a Zobrist hash of the board, side to move, castling rights and
// en-passant square. The en-passant file counts only when an en-passant
// capture is actually legal, so that positions that differ only by a
// useless EP square (set after every double push) hash alike, as the
// repetition rules require. The half-move and full-move counters are not
// part of the hash.
func (p *Position) Hash() uint64 {
	var h uint64
	for occ := p.Occupied; occ != 0; {
		s := occ.Pop()
		h ^= zobristPiece[p.Board[s]][s]
	}
	if p.Side == Black {
		h ^= zobristSide
	}
	for rooks := p.CastleRooks; rooks != 0; {
		h ^= zobristCastle[rooks.Pop()]
	}
	if p.hasLegalEnPassant() {
		h ^= zobristEP[p.EP.File()]
	}
	if p.Variant != Standard {
		h ^= p.variantHash()
	}
	return h
}

// hasLegalEnPassant reports whether the side to move can capture en passant.
func (p *Position) hasLegalEnPassant() bool {
	for from := p.enPassantCapturers(); from != 0; {
		if m := p.enPassantMove(from.Pop()); p.kingSafeAfter(&m) {
			return true
		}
	}
	return false
}

// BoardHash is the part of Hash that the pieces make: a Zobrist hash of
// the board alone, whatever the side to move, castling rights and
// en-passant square. Positions with the same placement of pieces share it.
func (p *Position) BoardHash() uint64 {
	var h uint64
	for occ := p.Occupied; occ != 0; {
		s := occ.Pop()
		h ^= zobristPiece[p.Board[s]][s]
	}
	return h
}

// BoardHashOf is BoardHash of a board given square by square.
func BoardHashOf(board *[64]Piece) uint64 {
	var h uint64
	for s, pc := range board {
		if pc != Empty {
			h ^= zobristPiece[pc][s]
		}
	}
	return h
}

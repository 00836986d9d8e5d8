package vm

import "cqlvm/bitboard"

// SimilarSpec is one similarposition filter: its submissions file and
// whether positions count as similar up to transforms (not with
// notransform).
type SimilarSpec struct {
	File      string
	Transform bool
}

// SimilarSet holds the positions of a submissions file, by a key that
// is the same for similar positions (similarposition.html): the same
// side to move and, with Transform, boards that one of the allowed
// transforms makes identical (pawnless boards: the 8 rotations and
// reflections; boards with pawns: an optional left-right reflection
// followed by a horizontal shift). Castling and en passant rights do not
// count.
type SimilarSet struct {
	transform bool
	keys      map[[65]byte]struct{}
}

// NewSimilarSet makes an empty set for a filter.
func NewSimilarSet(spec SimilarSpec) *SimilarSet {
	return &SimilarSet{transform: spec.Transform, keys: map[[65]byte]struct{}{}}
}

// Add adds a submission position.
func (s *SimilarSet) Add(p *bitboard.Position) { s.keys[s.key(p)] = struct{}{} }

// Has reports whether a position is similar to one of the set.
func (s *SimilarSet) Has(p *bitboard.Position) bool {
	_, ok := s.keys[s.key(p)]
	return ok
}

// Len is the number of distinct positions (up to similarity).
func (s *SimilarSet) Len() int { return len(s.keys) }

// key is the least, byte by byte, of the boards similar to p's, with the
// side to move last.
func (s *SimilarSet) key(p *bitboard.Position) [65]byte {
	var best [65]byte
	best[64] = byte(p.Side)
	if !s.transform {
		for sq := 0; sq < 64; sq++ {
			best[sq] = byte(p.Board[sq])
		}
		return best
	}
	first := true
	try := func(f func(file, rank int) (int, int)) {
		var k [65]byte
		k[64] = byte(p.Side)
		for sq := 0; sq < 64; sq++ {
			if pc := p.Board[sq]; pc != bitboard.Empty {
				file, rank := f(sq&7, sq>>3)
				k[rank*8+file] = byte(pc)
			}
		}
		if first || string(k[:]) < string(best[:]) {
			best, first = k, false
		}
	}
	pawns := p.ByPiece[bitboard.WhitePawn]|p.ByPiece[bitboard.BlackPawn] != 0
	if !pawns {
		for _, f := range dihedral {
			try(f)
		}
		return best
	}
	// with pawns: shift the leftmost man to the a-file, with and without
	// the left-right reflection first
	lo, hi := 7, 0
	for sq := 0; sq < 64; sq++ {
		if p.Board[sq] != bitboard.Empty {
			lo, hi = min(lo, sq&7), max(hi, sq&7)
		}
	}
	try(func(f, r int) (int, int) { return f - lo, r })
	try(func(f, r int) (int, int) { return 7 - f - (7 - hi), r })
	return best
}

// dihedral are the 8 symmetries of the board, as maps of (file, rank).
var dihedral = []func(f, r int) (int, int){
	func(f, r int) (int, int) { return f, r },
	func(f, r int) (int, int) { return 7 - f, r },
	func(f, r int) (int, int) { return f, 7 - r },
	func(f, r int) (int, int) { return 7 - f, 7 - r },
	func(f, r int) (int, int) { return r, f },
	func(f, r int) (int, int) { return 7 - r, f },
	func(f, r int) (int, int) { return r, 7 - f },
	func(f, r int) (int, int) { return 7 - r, 7 - f },
}

package vm

import (
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

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
// after a horizontal shift). Castling and en passant rights do not
// count.
type SimilarSet struct {
	transform bool
	keys      map[[65]byte][]SimilarRef
}

// SimilarRef is a submission position: its game's number in the
// submissions file, its move number, side to move and board.
type SimilarRef struct {
	Game, Move  int
	BlackToMove bool
	board       [64]bitboard.Piece
}

// NewSimilarSet makes an empty set for a filter.
func NewSimilarSet(spec SimilarSpec) *SimilarSet {
	return &SimilarSet{transform: spec.Transform, keys: map[[65]byte][]SimilarRef{}}
}

// Add adds a submission position of game number game.
func (s *SimilarSet) Add(p *bitboard.Position, game int) {
	k := s.key(p)
	s.keys[k] = append(s.keys[k], SimilarRef{Game: game, Move: p.FullMove, BlackToMove: p.Side == bitboard.Black, board: p.Board})
}

// Find lists the submission positions similar to p, in the order they
// were added (nil if none).
func (s *SimilarSet) Find(p *bitboard.Position) []SimilarRef { return s.keys[s.key(p)] }

// Has reports whether a position is similar to one of the set.
func (s *SimilarSet) Has(p *bitboard.Position) bool { return len(s.Find(p)) > 0 }

// boardMap is a transform of the board, as a map of (file, rank); ok is
// false when a square leaves the board.
type boardMap func(f, r int) (int, int)

// apply is the board b under t, false if a man leaves the board.
func (t boardMap) apply(b *[64]bitboard.Piece) (out [64]bitboard.Piece, ok bool) {
	for sq, pc := range b {
		if pc == bitboard.Empty {
			continue
		}
		f, r := t(sq&7, sq>>3)
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return out, false
		}
		out[r*8+f] = pc
	}
	return out, true
}

// dihedral are the 8 symmetries of the board with the names the official
// program gives them in its comments (the identity has none).
var dihedral = []struct {
	name string
	t    boardMap
}{
	{"", func(f, r int) (int, int) { return f, r }},
	{"reflect_v", func(f, r int) (int, int) { return 7 - f, r }},
	{"reflect_h", func(f, r int) (int, int) { return f, 7 - r }},
	{"rotate180", func(f, r int) (int, int) { return 7 - f, 7 - r }},
	{"reflect_a1h8", func(f, r int) (int, int) { return r, f }},
	{"reflect_a8h1", func(f, r int) (int, int) { return 7 - r, 7 - f }},
	{"clockwise90", func(f, r int) (int, int) { return r, 7 - f }},
	{"counterclockwise90", func(f, r int) (int, int) { return 7 - r, f }},
}

// hasPawns reports whether a board has a pawn.
func hasPawns(b *[64]bitboard.Piece) bool {
	for _, pc := range b {
		if pc == bitboard.WhitePawn || pc == bitboard.BlackPawn {
			return true
		}
	}
	return false
}

// transforms calls try with each transform allowed between similar
// boards like b and its name, until try returns true: the symmetries
// for a pawnless board, else the horizontal shifts (right^N, left^N),
// each also followed by the left-right reflection.
func transforms(b *[64]bitboard.Piece, try func(name string, t boardMap) bool) {
	if !hasPawns(b) {
		for _, d := range dihedral {
			if try(d.name, d.t) {
				return
			}
		}
		return
	}
	for _, reflect := range []bool{false, true} {
		for _, d := range []int{0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7} {
			name, t := shiftMap(d, reflect)
			if try(name, t) {
				return
			}
		}
	}
}

// shiftMap shifts by d files (to the right when positive), then with
// reflect reflects left to right: the official names read outermost
// first, "reflect_v right^1".
func shiftMap(d int, reflect bool) (string, boardMap) {
	var parts []string
	if reflect {
		parts = append(parts, "reflect_v")
	}
	switch {
	case d > 0:
		parts = append(parts, "right^"+strconv.Itoa(d))
	case d < 0:
		parts = append(parts, "left^"+strconv.Itoa(-d))
	}
	return strings.Join(parts, " "), func(f, r int) (int, int) {
		f += d
		if reflect {
			f = 7 - f
		}
		return f, r
	}
}

// key is the least, byte by byte, of the boards similar to p's, with the
// side to move last.
func (s *SimilarSet) key(p *bitboard.Position) [65]byte {
	var best [65]byte
	best[64] = byte(p.Side)
	if !s.transform {
		for sq, pc := range p.Board {
			best[sq] = byte(pc)
		}
		return best
	}
	first := true
	try := func(b [64]bitboard.Piece) {
		var k [65]byte
		k[64] = byte(p.Side)
		for sq, pc := range b {
			k[sq] = byte(pc)
		}
		if first || string(k[:]) < string(best[:]) {
			best, first = k, false
		}
	}
	if !hasPawns(&p.Board) {
		for _, d := range dihedral {
			b, _ := d.t.apply(&p.Board)
			try(b)
		}
		return best
	}
	// with pawns: the leftmost man shifted to the a-file, with and
	// without the left-right reflection
	lo, hi := 7, 0
	for sq, pc := range p.Board {
		if pc != bitboard.Empty {
			lo, hi = min(lo, sq&7), max(hi, sq&7)
		}
	}
	_, left := shiftMap(-lo, false)
	b, _ := left.apply(&p.Board)
	try(b)
	_, mirrored := shiftMap(7-hi, true)
	b, _ = mirrored.apply(&p.Board)
	try(b)
	return best
}

// transformName names the transform that makes a submission's board the
// board b ("" for none, or with notransform).
func (s *SimilarSet) transformName(ref *SimilarRef, b *[64]bitboard.Piece) string {
	if !s.transform {
		return ""
	}
	found := ""
	transforms(&ref.board, func(name string, t boardMap) bool {
		out, ok := t.apply(&ref.board)
		if ok && out == *b {
			found = name
			return true
		}
		return false
	})
	return found
}

// similarComments comment a position similar to submissions as the
// official program does: an entry "see F game: 1 at move: 3 btm T" per
// submission position (T the transform from it to this one, if any),
// the first alone, then the first two, the first three, ... as more
// comments.
func (m *Machine) similarComments(i int, refs []SimilarRef) {
	set, b := m.Similar[i], &m.pos().Board
	var acc strings.Builder
	for k := range refs {
		ref := &refs[k]
		side := "wtm"
		if ref.BlackToMove {
			side = "btm"
		}
		acc.WriteString("see " + m.prog.Similar[i].File + " game: " + strconv.Itoa(ref.Game) + " at move: " + strconv.Itoa(ref.Move) + " " + side + " " + set.transformName(ref, b))
		m.checkString(-1, acc.Len(), "similarposition's comment")
		m.addComment(Comment{Node: m.cur, Text: acc.String()})
	}
}

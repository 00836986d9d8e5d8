package bitboard

import (
	"math/bits"
	"strings"
)

// Square numbers the board a1=0, b1=1, ..., h1=7, a2=8, ..., h8=63.
//
//	rank 8 | 56 57 58 59 60 61 62 63
//	...
//	rank 1 |  0  1  2  3  4  5  6  7
//	         a  b  c  d  e  f  g  h
type Square int8

// NoSquare marks an absent square (no en-passant target, no castling rook).
const NoSquare Square = -1

// MakeSquare builds a square from a 0-based file (a=0) and rank (1st rank = 0).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File is 0 for the a-file ... 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank is 0 for the first rank ... 7 for the eighth.
func (s Square) Rank() int { return int(s) >> 3 }

// String prints "e4"; NoSquare prints "-".
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads "e4".
func ParseSquare(t string) (Square, bool) {
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(t[0]-'a'), int(t[1]-'1')), true
}

// Set is a set of squares, bit i for Square i.
type Set uint64

// Full is the set of all 64 squares.
const Full Set = ^Set(0)

// SquareSet is the set holding only s.
func SquareSet(s Square) Set { return Set(1) << uint(s) }

// Has reports whether s is in the set.
func (b Set) Has(s Square) bool { return b&(Set(1)<<uint(s)) != 0 }

// Count is the number of squares in the set.
func (b Set) Count() int { return bits.OnesCount64(uint64(b)) }

// First is the lowest square of a non-empty set (NoSquare when empty).
func (b Set) First() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// Pop removes and returns the lowest square of a non-empty set.
func (b *Set) Pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// String lists the squares as CQL prints them: "[a1,c3]", squares in
// ascending order; the empty set is "[]".
func (b Set) String() string {
	var sb strings.Builder
	sb.WriteByte('[')
	first := true
	for b != 0 {
		if !first {
			sb.WriteByte(',')
		}
		first = false
		sb.WriteString(b.Pop().String())
	}
	sb.WriteByte(']')
	return sb.String()
}

// Color is White or Black.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other is the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// PieceType numbers follow CQL's `type` filter: P=1 N=2 B=3 R=4 Q=5 K=6.
type PieceType uint8

const (
	NoType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: PieceType for White, PieceType|8 for Black,
// 0 for an empty square.
type Piece uint8

const (
	Empty       Piece = 0
	WhitePawn   Piece = Piece(Pawn)
	WhiteKnight Piece = Piece(Knight)
	WhiteBishop Piece = Piece(Bishop)
	WhiteRook   Piece = Piece(Rook)
	WhiteQueen  Piece = Piece(Queen)
	WhiteKing   Piece = Piece(King)
	BlackPawn   Piece = Piece(Pawn) | 8
	BlackKnight Piece = Piece(Knight) | 8
	BlackBishop Piece = Piece(Bishop) | 8
	BlackRook   Piece = Piece(Rook) | 8
	BlackQueen  Piece = Piece(Queen) | 8
	BlackKing   Piece = Piece(King) | 8
)

// MakePiece combines a colour and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)<<3 }

// Type drops the colour.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color of a non-empty piece.
func (p Piece) Color() Color { return Color(p >> 3) }

// Letter is the FEN letter: "PNBRQK" for White, "pnbrqk" for Black, '.' for empty.
func (p Piece) Letter() byte {
	if p == Empty {
		return '.'
	}
	l := "?PNBRQK"[p.Type()]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// MoveFlags describe what kind of move a Move is.
type MoveFlags uint8

const (
	FlagCapture    MoveFlags = 1 << iota // captures a piece (also set for en passant)
	FlagEnPassant                        // en-passant capture
	FlagDoublePush                       // pawn two-square advance
	FlagCastle                           // castling (king side or queen side)
	FlagPromotion                        // promotion; Promo holds the new type
	FlagNull                             // null move ("--" or "Z0" in PGN)
	FlagDrop                             // a piece put from the hand (Crazyhouse); From == To
)

// Move is one move, complete enough to apply it and to answer CQL's
// questions about it without the position it came from.
//
// Castling: From/To are the king's origin and destination squares (g1/c1
// files in both standard chess and Chess960); RookFrom/RookTo are the rook's.
// Null move: From == To == the king square of the side to move, Piece is that
// king, FlagNull set.
type Move struct {
	From, To         Square
	Piece            Piece     // the piece that moves (before promotion)
	Captured         Piece     // the captured piece, Empty if none
	Promo            PieceType // promotion type, NoType if none
	Flags            MoveFlags
	RookFrom, RookTo Square // castling only; NoSquare otherwise
}

// Is reports whether all of f's flags are set.
func (m Move) Is(f MoveFlags) bool { return m.Flags&f == f }

// CastlesShort reports whether a castling move is O-O: the rook starts on
// the king's h-file side (in Chess960 the king may not move at all).
func (m Move) CastlesShort() bool { return m.RookFrom > m.From }

// CaptureSquare is the square of the captured piece: To, or the passed
// pawn's square for en passant; NoSquare if nothing is captured.
func (m Move) CaptureSquare() Square {
	switch {
	case m.Flags&FlagEnPassant != 0:
		return MakeSquare(m.To.File(), m.From.Rank())
	case m.Flags&FlagCapture != 0:
		return m.To
	}
	return NoSquare
}

// Position is a chess position: a mailbox plus bitboards kept in step.
// It is a plain value: copy it to keep an old position (about 200 bytes).
type Position struct {
	Board    [64]Piece
	ByPiece  [16]Set // indexed by Piece; ByPiece[Empty] is the set of empty squares
	ByColor  [2]Set
	Occupied Set
	// CastleRooks holds the squares of the rooks that keep castling rights
	// (a1/h1/a8/h8 in standard chess; any back-rank rook square in Chess960).
	CastleRooks Set
	HalfMove    int // half-move clock for the fifty-move rule
	FullMove    int // full-move number, starts at 1

	// checkers caches Checkers for positions made by Play or ParseFEN,
	// which compute it once: the reader needs it to test the legality of
	// the next move, the query and the writer (check marks) ask again.
	// put and remove forget it, so a board edited square by square
	// computes it on every call instead.
	checkers Set

	// The variant's state (see variant.go). The byte-sized fields come
	// last, together, and the hand is packed, so that a position is no
	// bigger than before variants: positions are copied at every ply.
	Promoted Set  // Crazyhouse: the pieces that were pawns
	hand     hand // Crazyhouse: the pieces in hand (InHand)

	Side          Color  // side to move
	EP            Square // en-passant target square from FEN or the last double push, else NoSquare
	Chess960      bool
	checkersKnown bool
	Variant       Variant  // Standard unless the game is of a variant
	Checks        [2]uint8 // Three-check: the checks each colour has given
}

// Package summary keeps what a game reaches in a few dozen bytes (the
// smallest and largest count of each piece, the promotions, checks,
// mates, null moves and castlings of its positions and moves), and the
// condition a query puts on it (Need), so that a search over a game
// store can rule a game out without replaying it.
//
// Every fact is existential, "some position (or move) of the game
// reaches X", so a summary of more positions than a search visits only
// lets more games through: the summary of the whole tree serves a search
// of the mainline as well, never the reverse.
package summary

import (
	"encoding/binary"
	"errors"

	"github.com/cqlvm/cqlvm/bitboard"
)

// Flags are the facts of a part that are true or false.
type Flags uint8

const (
	Check     Flags = 1 << iota // some position has the side to move in check
	Mate                        // some position is checkmate
	Stalemate                   // some position is stalemate
	NullMove                    // some move is a null move
	Castle                      // some move castles
)

// flagNames name the flags in Need's text.
var flagNames = []struct {
	f    Flags
	name string
}{{Check, "check"}, {Mate, "mate"}, {Stalemate, "stalemate"}, {NullMove, "null-move"}, {Castle, "castle"}}

// Part is the summary of a set of positions of one game (the mainline,
// or the whole tree) and of the moves into them.
type Part struct {
	// Min and Max are the smallest and largest number of each piece
	// (indexed by bitboard.Piece; the entries of no piece stay 0) on
	// the boards of the positions.
	Min, Max [16]uint8
	// Promotions has bit 1<<piece of every piece a move promotes to
	// (of its colour).
	Promotions uint16
	Flags      Flags
	// FilePawns are the most white pawns, black pawns and pawns of
	// either colour on one file of the positions' boards
	FilePawns [3]uint8
	Positions uint32 // how many positions
	MaxPly    uint32 // the largest ply of a position
}

// Summary is the summary of one game: its mainline, and its whole tree
// with the variations (the same as the mainline when it has none).
type Summary struct {
	Main, Whole Part
}

// Of is the part a search visits: the whole tree when it searches the
// variations, else the mainline.
func (s *Summary) Of(variations bool) *Part {
	if variations {
		return &s.Whole
	}
	return &s.Main
}

// pieces are the twelve pieces, in the order they are stored.
var pieces = [12]bitboard.Piece{
	bitboard.WhitePawn, bitboard.WhiteKnight, bitboard.WhiteBishop, bitboard.WhiteRook, bitboard.WhiteQueen, bitboard.WhiteKing,
	bitboard.BlackPawn, bitboard.BlackKnight, bitboard.BlackBishop, bitboard.BlackRook, bitboard.BlackQueen, bitboard.BlackKing,
}

// Builder makes the summary of a game from its positions, given in any
// order.
type Builder struct {
	s       Summary
	started [2]bool // Main, Whole have a position
}

// Reset starts a new game.
func (b *Builder) Reset() { *b = Builder{} }

// Add adds a position of the game, its ply, the move that led to it (the
// zero move for the root) and whether it is on the mainline.
func (b *Builder) Add(p *bitboard.Position, ply int32, move *bitboard.Move, mainline bool) {
	f := facts(p, move)
	if mainline {
		b.add(&b.s.Main, &b.started[0], p, ply, move, f)
	}
	b.add(&b.s.Whole, &b.started[1], p, ply, move, f)
}

// facts are the flags of one position and the move into it.
func facts(p *bitboard.Position, move *bitboard.Move) Flags {
	var f Flags
	if p.InCheck() {
		f |= Check
		if !p.HasLegalMove() {
			f |= Mate
		}
	} else if !p.HasLegalMove() {
		f |= Stalemate
	}
	if move.Is(bitboard.FlagNull) {
		f |= NullMove
	}
	if move.Is(bitboard.FlagCastle) {
		f |= Castle
	}
	return f
}

func (b *Builder) add(part *Part, started *bool, p *bitboard.Position, ply int32, move *bitboard.Move, f Flags) {
	for _, pc := range pieces {
		n := uint8(p.ByPiece[pc].Count())
		if !*started || n < part.Min[pc] {
			part.Min[pc] = n
		}
		if !*started || n > part.Max[pc] {
			part.Max[pc] = n
		}
	}
	*started = true
	for i, n := range filePawns(p) {
		part.FilePawns[i] = max(part.FilePawns[i], n)
	}
	if move.Promo != bitboard.NoType && !move.Is(bitboard.FlagNull) {
		part.Promotions |= 1 << bitboard.MakePiece(move.Piece.Color(), move.Promo)
	}
	part.Flags |= f
	part.Positions++
	if ply > 0 && uint32(ply) > part.MaxPly {
		part.MaxPly = uint32(ply)
	}
}

// filePawns are the most white pawns, black pawns and pawns on one
// file of p's board.
func filePawns(p *bitboard.Position) [3]uint8 {
	var most [3]uint8
	white, black := p.ByPiece[bitboard.WhitePawn], p.ByPiece[bitboard.BlackPawn]
	const fileA = bitboard.Set(0x0101010101010101)
	for f := range 8 {
		w, b := uint8((white & (fileA << f)).Count()), uint8((black & (fileA << f)).Count())
		most = [3]uint8{max(most[0], w), max(most[1], b), max(most[2], w+b)}
	}
	return most
}

// Summary is the game's summary so far.
func (b *Builder) Summary() Summary { return b.s }

// The binary form of a summary: a byte saying whether the whole tree
// differs from the mainline, then the mainline's part and, if it
// differs, the whole tree's. A part is the 12 smallest counts, the 12
// largest, the promotions (2 bytes, little-endian), the flags, the 3
// most pawns on a file, and the positions and largest ply as unsigned
// varints.

// Append appends the binary form of s to dst.
func Append(dst []byte, s *Summary) []byte {
	same := s.Main == s.Whole
	if same {
		dst = append(dst, 0)
	} else {
		dst = append(dst, 1)
	}
	dst = appendPart(dst, &s.Main)
	if !same {
		dst = appendPart(dst, &s.Whole)
	}
	return dst
}

func appendPart(dst []byte, p *Part) []byte {
	for _, pc := range pieces {
		dst = append(dst, p.Min[pc])
	}
	for _, pc := range pieces {
		dst = append(dst, p.Max[pc])
	}
	dst = binary.LittleEndian.AppendUint16(dst, p.Promotions)
	dst = append(dst, byte(p.Flags))
	dst = append(dst, p.FilePawns[:]...)
	dst = binary.AppendUvarint(dst, uint64(p.Positions))
	return binary.AppendUvarint(dst, uint64(p.MaxPly))
}

// ErrDamaged is the error of a binary form that does not read back.
var ErrDamaged = errors.New("damaged summary")

// Decode reads one summary's binary form from the start of data into
// s and returns its length.
func Decode(data []byte, s *Summary) (int, error) {
	if len(data) == 0 || data[0] > 1 {
		return 0, ErrDamaged
	}
	n, err := decodePart(data[1:], &s.Main)
	if err != nil {
		return 0, err
	}
	if data[0] == 0 {
		s.Whole = s.Main
		return 1 + n, nil
	}
	m, err := decodePart(data[1+n:], &s.Whole)
	return 1 + n + m, err
}

// partBytes is the length of a part's fixed fields.
const partBytes = 12 + 12 + 2 + 1 + 3

func decodePart(data []byte, p *Part) (int, error) {
	if len(data) < partBytes {
		return 0, ErrDamaged
	}
	setPart(p, data[:partBytes])
	positions, n1 := binary.Uvarint(data[partBytes:])
	if n1 <= 0 {
		return 0, ErrDamaged
	}
	ply, n2 := binary.Uvarint(data[partBytes+n1:])
	if n2 <= 0 || positions > 1<<32-1 || ply > 1<<32-1 {
		return 0, ErrDamaged
	}
	p.Positions, p.MaxPly = uint32(positions), uint32(ply)
	return partBytes + n1 + n2, nil
}

// setPart sets the fixed fields of p from buf.
func setPart(p *Part, buf []byte) {
	*p = Part{}
	for i, pc := range pieces {
		p.Min[pc], p.Max[pc] = buf[i], buf[12+i]
	}
	p.Promotions = binary.LittleEndian.Uint16(buf[24:])
	p.Flags = Flags(buf[26])
	copy(p.FilePawns[:], buf[27:])
}

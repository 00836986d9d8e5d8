package vm

import (
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

// pawnStructure returns the pawns of both colours with the property.
func pawnStructure(p *bitboard.Position, what uint8) bitboard.Set {
	white, black := p.Pieces(bitboard.White, bitboard.Pawn), p.Pieces(bitboard.Black, bitboard.Pawn)
	switch what {
	case PawnsPassed:
		// a pawn is passed when no enemy pawn stands ahead of it on its
		// own or an adjacent file, that is when it is not on a square
		// behind an enemy pawn as seen from that pawn
		return white&^besideToo(southFill(black>>8)) | black&^besideToo(northFill(white<<8))
	case PawnsIsolated:
		return white&^beside(fileFill(white)) | black&^beside(fileFill(black))
	case PawnsConnected:
		return white&beside(fileFill(white)) | black&beside(fileFill(black))
	case PawnsDoubled:
		return white&(northFill(white<<8)|southFill(white>>8)) | black&(northFill(black<<8)|southFill(black>>8))
	}
	return 0
}

// northFill and southFill extend every square of s to the edge of the
// board up or down its file.
func northFill(s bitboard.Set) bitboard.Set {
	s |= s << 8
	s |= s << 16
	return s | s<<32
}

func southFill(s bitboard.Set) bitboard.Set {
	s |= s >> 8
	s |= s >> 16
	return s | s>>32
}

// fileFill is every square of the files that s touches.
func fileFill(s bitboard.Set) bitboard.Set { return northFill(s) | southFill(s) }

// beside is the squares next to those of s on the left and right;
// besideToo adds s itself.
func beside(s bitboard.Set) bitboard.Set { return s<<1&^fileA | s>>1&^fileH }

func besideToo(s bitboard.Set) bitboard.Set { return s | beside(s) }

// pieceName: the piece letter on the single square of s ("_" if empty);
// with upper, the upper-case type letter.
func pieceName(p *bitboard.Position, s bitboard.Set, upper bool) (string, bool) {
	if s.Count() != 1 {
		return "", false
	}
	pc := p.Board[s.First()]
	if pc == bitboard.Empty {
		return "_", true
	}
	l := string(pc.Letter())
	if upper {
		l = strings.ToUpper(l)
	}
	return l, true
}

package vm

import (
	"fmt"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

// A ShapeTest decides at once whether any of many translated copies of a
// piece pattern stands on the board. `shift {Kc3 Pe3}` expands to dozens
// of copies (`Kd3 Pf3`, `Kc4 Pe4`, ...), each tried in turn; as a shape
// the copies are one pattern (a king, and a pawn two files to its right)
// and the set of squares its first piece may stand on, and the test is a
// few bitboard shifts.
type ShapeTest struct {
	Groups []ShapeGroup // the test holds when one group matches
}

// ShapeGroup is one pattern and where it may be anchored.
type ShapeGroup struct {
	// Anchors are the squares of the first element in the copies: every
	// element of a copy anchored there is on the board.
	Anchors bitboard.Set
	Elems   []ShapeElem
}

// ShapeElem is one square of the pattern: a piece kind mask (as the
// designators') at an offset from the anchor.
type ShapeElem struct {
	Mask   uint16
	DF, DR int8
}

// matches reports whether some copy of the pattern stands on p.
func (g *ShapeGroup) matches(p *bitboard.Position) bool {
	cand := g.Anchors
	for _, e := range g.Elems {
		// anchors a with the element's piece on a + (DF, DR)
		cand &= shiftSet(pieces(p, e.Mask), -int(e.DF), -int(e.DR))
		if cand == 0 {
			return false
		}
	}
	return true
}

func (s *ShapeTest) matches(p *bitboard.Position) bool {
	for i := range s.Groups {
		if s.Groups[i].matches(p) {
			return true
		}
	}
	return false
}

// shiftSet moves every square of s by df files and dr ranks, dropping the
// squares that leave the board.
func shiftSet(s bitboard.Set, df, dr int) bitboard.Set {
	const fileA = bitboard.Set(0x0101010101010101)
	switch {
	case df > 0:
		for i := 0; i < df; i++ {
			s = (s &^ (fileA << 7)) << 1
		}
	case df < 0:
		for i := 0; i < -df; i++ {
			s = (s &^ fileA) >> 1
		}
	}
	switch {
	case dr > 0:
		s <<= 8 * uint(dr)
	case dr < 0:
		s >>= 8 * uint(-dr)
	}
	return s
}

func (s ShapeTest) String() string {
	var parts []string
	for _, g := range s.Groups {
		var els []string
		for _, e := range g.Elems {
			els = append(els, fmt.Sprintf("%s%+d%+d", PieceMaskString(e.Mask), e.DF, e.DR))
		}
		parts = append(parts, fmt.Sprintf("{%s at %s}", strings.Join(els, " "), CompactSetString(g.Anchors)))
	}
	return strings.Join(parts, " or ")
}

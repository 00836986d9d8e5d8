package vm

import (
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// TestShiftSet compares shiftSet with moving the squares one by one.
func TestShiftSet(t *testing.T) {
	sets := []bitboard.Set{bitboard.Full, 0x8100000000000081, 0x00FF00000000FF00, 0x0102040810204080, 0x123456789ABCDEF0}
	for _, s := range sets {
		for df := -8; df <= 8; df++ {
			for dr := -8; dr <= 8; dr++ {
				var want bitboard.Set
				for sq := bitboard.Square(0); sq < 64; sq++ {
					f, r := sq.File()+df, sq.Rank()+dr
					if s.Has(sq) && f >= 0 && f < 8 && r >= 0 && r < 8 {
						want |= bitboard.SquareSet(bitboard.MakeSquare(f, r))
					}
				}
				if got := shiftSet(s, df, dr); got != want {
					t.Fatalf("shift %x by %d,%d = %x, want %x", uint64(s), df, dr, uint64(got), uint64(want))
				}
			}
		}
	}
}

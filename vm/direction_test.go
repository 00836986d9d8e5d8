package vm

import (
	"math/rand/v2"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// directionSet, which steps whole sets at once, agrees with stepping each
// square k times for every direction set and range.
func TestDirectionSetStepsEachSquare(t *testing.T) {
	slow := func(s bitboard.Set, d uint8, lo, hi int) bitboard.Set {
		var out bitboard.Set
		lo, hi = max(lo, -7), min(hi, 7)
		for s != 0 {
			sq := s.Pop()
			for i, v := range dirSteps {
				if d&(1<<i) == 0 {
					continue
				}
				for k := lo; k <= hi; k++ {
					if t, ok := step(sq, v[0]*k, v[1]*k); ok {
						out |= bitboard.SquareSet(t)
					}
				}
			}
		}
		return out
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		s := bitboard.Set(rng.Uint64() & rng.Uint64() & rng.Uint64())
		d := uint8(rng.IntN(256))
		lo, hi := rng.IntN(21)-10, rng.IntN(21)-10
		if got, want := directionSet(s, d, lo, hi), slow(s, d, lo, hi); got != want {
			t.Fatalf("directionSet(%#x, %08b, %d, %d) = %#x, want %#x", uint64(s), d, lo, hi, uint64(got), uint64(want))
		}
	}
}

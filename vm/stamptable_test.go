package vm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestStampTableAgreesWithMap runs random puts, gets and resets on a
// stampTable and a Go map side by side, over small and large key spaces
// (so that tables grow, are dropped when large, and keys collide).
func TestStampTableAgreesWithMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var tab stampTable
	want := map[uint64]int32{}
	for round := 0; round < 300; round++ {
		tab.reset()
		clear(want)
		keySpace := uint64(1) << rng.IntN(20)
		if round == 150 {
			tab.t.gen = math.MaxUint32 - 1 // the next resets wrap the generation
		}
		ops := rng.IntN(40000)
		for op := 0; op < ops; op++ {
			k := rng.Uint64N(keySpace) << rng.IntN(40)
			if rng.IntN(2) == 0 {
				v := rng.Int32()
				tab.put(k, v)
				want[k] = v
				continue
			}
			got, ok := tab.get(k)
			w, wok := want[k]
			if ok != wok || got != w {
				t.Fatalf("round %d: get(%#x) = %d, %v; want %d, %v", round, k, got, ok, w, wok)
			}
		}
		if tab.t.n != len(want) {
			t.Fatalf("round %d: %d entries, want %d", round, tab.t.n, len(want))
		}
	}
}

// TestStateTableAgreesWithMap is TestStampTableAgreesWithMap for the
// two-word keys of stateTable.
func TestStateTableAgreesWithMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var tab stateTable
	want := map[stateKey]int32{}
	for round := 0; round < 200; round++ {
		tab.reset()
		clear(want)
		keySpace := uint64(1) << rng.IntN(16)
		if round == 100 {
			tab.gen = math.MaxUint32 - 1
		}
		ops := rng.IntN(40000)
		for op := 0; op < ops; op++ {
			k := stateKey{rng.Uint64N(keySpace) << rng.IntN(40), rng.Uint64N(4) * 0x9E3779B97F4A7C15}
			if rng.IntN(2) == 0 {
				v := rng.Int32()
				tab.put(k, v)
				want[k] = v
				continue
			}
			got, ok := tab.get(k)
			w, wok := want[k]
			if ok != wok || got != w {
				t.Fatalf("round %d: get(%v) = %d, %v; want %d, %v", round, k, got, ok, w, wok)
			}
		}
		if tab.n != len(want) {
			t.Fatalf("round %d: %d entries, want %d", round, tab.n, len(want))
		}
	}
}

package engine

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

// The workers hand their batches to the collector in input order, however
// the batches arrive: four goroutines commit 200 batches in a shuffled
// order, and every game's output comes out in order, once.
func TestInOrderWritesBatchesInOrder(t *testing.T) {
	q, err := Compile("check")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cfg := newConfig(q, Options{PGN: &out})
	c := newCollector(cfg, nil)
	var pools batchPools
	order := &inOrder{c: c, pending: map[int]resultBatch{}, pools: &pools}
	const batches, perBatch = 200, 3
	var want bytes.Buffer
	seqs := make(chan int, batches)
	for _, s := range rand.New(rand.NewPCG(3, 4)).Perm(batches) {
		seqs <- s
	}
	close(seqs)
	for s := range batches {
		for g := range perBatch {
			fmt.Fprintf(&want, "game %d.%d\n", s, g)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for s := range seqs {
				b := resultBatch{seq: s, results: make([]gameResult, perBatch)}
				for g := range b.results {
					b.results[g] = gameResult{Game: Game{Number: s*perBatch + g + 1, Selected: true,
						PGN: fmt.Appendf(nil, "game %d.%d\n", s, g)}, read: true}
				}
				order.commit(b)
			}
		})
	}
	wg.Wait()
	order.drain()
	st, err := c.finish()
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != want.String() {
		t.Errorf("the games came out in another order or not once each:\n%.300s", out.String())
	}
	if st.Games != batches*perBatch || st.Matches != batches*perBatch {
		t.Errorf("stats %+v, want %d games and matches", st.Stats, batches*perBatch)
	}
}

package engine

import (
	"sync"
)

// resultBatch is a worker's results for the batch of games the feed
// numbered seq.
type resultBatch struct {
	seq     int
	results []gameResult
	out     *[]byte // the outputs of the batch's games, when recycled
}

// runWorkers evaluates the games on cfg.Threads goroutines and hands their
// results to c in input order.
func runWorkers(q *Query, cfg *runConfig, last int, feed *gameFeed, c *collector) {
	// sorted output keeps every selected game to the end: nothing can be
	// recycled then
	recycle := !c.sorting
	var pools batchPools
	results := startWorkers(q, cfg, last, feed, &pools, recycle)
	pending := map[int]resultBatch{}
	next := 0
	for b := range results {
		pending[b.seq] = b
		for {
			rb, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for i := range rb.results {
				c.add(&rb.results[i])
			}
			if recycle {
				pools.put(rb)
			}
			next++
		}
	}
}

// startWorkers starts cfg.Threads workers that take batches from the
// feed until it is empty; the channel of their results, in the order they
// finish, is closed when the last worker is done.
func startWorkers(q *Query, cfg *runConfig, last int, feed *gameFeed, pools *batchPools, recycle bool) <-chan resultBatch {
	results := make(chan resultBatch, 2*cfg.Threads)
	var wg sync.WaitGroup
	for range cfg.Threads {
		wg.Go(func() {
			w := newWorker(q, cfg, last)
			defer w.close()
			for {
				batch, seq, ok := feed.take()
				if !ok {
					return
				}
				b := resultBatch{seq: seq, results: pools.results(len(batch.games))}
				if recycle {
					b.out = pools.output()
					w.batchOut = b.out
				}
				for i, raw := range batch.games {
					b.results[i] = w.processSafely(raw)
				}
				batch.recycle()
				results <- b
			}
		})
	}
	go func() { wg.Wait(); close(results) }()
	return results
}

// batchPools recycle the result slices and output buffers of batches
// between the workers and the collector: with fresh ones for every batch,
// two threads made garbage at twice the rate of one, and the garbage
// collector cost them a tenth of their time.
type batchPools struct {
	resultSlices, outputs sync.Pool
}

func (p *batchPools) results(n int) []gameResult {
	if rs, ok := p.resultSlices.Get().(*[]gameResult); ok && cap(*rs) >= n {
		return (*rs)[:n]
	}
	return make([]gameResult, n)
}

func (p *batchPools) output() *[]byte {
	if b, ok := p.outputs.Get().(*[]byte); ok {
		*b = (*b)[:0]
		return b
	}
	b := make([]byte, 0, 64<<10)
	return &b
}

// put takes back a batch the collector is done with.
func (p *batchPools) put(b resultBatch) {
	clear(b.results) // drop the games' references until the slice is reused
	rs := b.results[:0]
	p.resultSlices.Put(&rs)
	if b.out != nil {
		p.outputs.Put(b.out)
	}
}

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
//
// There is no writer goroutine: the worker that finishes a batch hands
// the results that are next in input order to c itself (inOrder). With a
// goroutine of its own, the writer woke up for every batch and took a
// core from a worker: on human.pgn, two threads were 1.82-1.88 times as
// fast as one on `check`, which writes most games.
func runWorkers(q *Query, cfg *runConfig, last int, feed *gameFeed, c *collector) {
	// sorted output keeps every selected game to the end: nothing can be
	// recycled then
	recycle := !c.sorting
	var pools batchPools
	order := &inOrder{c: c, pending: map[int]resultBatch{}, pools: &pools, recycle: recycle}
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
				for i := range batch.games {
					if cfg.guard.stopped() {
						break // the rest stay unread results
					}
					b.results[i] = w.search(batch, i)
				}
				batch.recycle()
				order.commit(b)
			}
		})
	}
	wg.Wait()
	order.drain() // every batch is in: nothing is left waiting
}

// inOrder hands the workers' batches of results to the collector in the
// order of their numbers. A worker that commits a batch writes every
// batch that is next in order, unless another worker is writing already:
// that one writes it then.
type inOrder struct {
	c       *collector
	pools   *batchPools
	recycle bool

	mu      sync.Mutex // guards pending and next
	pending map[int]resultBatch
	next    int // the number of the next batch to write

	writing sync.Mutex // held by the worker that writes
}

// commit adds b and writes what is next in order.
func (o *inOrder) commit(b resultBatch) {
	o.mu.Lock()
	o.pending[b.seq] = b
	o.mu.Unlock()
	o.drain()
}

// drain writes the batches that are next in order, unless another
// goroutine is writing. Having written, it looks again: a batch that
// came in while it let go of the writing lock would wait otherwise.
func (o *inOrder) drain() {
	for o.ready() && o.writing.TryLock() {
		for {
			o.mu.Lock()
			rb, ok := o.pending[o.next]
			if ok {
				delete(o.pending, o.next)
				o.next++
			}
			o.mu.Unlock()
			if !ok {
				break
			}
			for i := range rb.results {
				o.c.add(&rb.results[i])
			}
			if o.recycle {
				o.pools.put(rb)
			}
		}
		o.writing.Unlock()
	}
}

// ready reports whether the next batch in order is in.
func (o *inOrder) ready() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, ok := o.pending[o.next]
	return ok
}

// batchPools recycle the result slices and output buffers of batches
// between the workers and the collector: with fresh ones for every batch,
// two threads made garbage at twice the rate of one, and the garbage
// collector slowed them.
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

package engine

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"github.com/cqlvm/cqlvm/limits"
)

// runGuard stops a run from outside the evaluation: when the caller's
// Context is done, or when the Go heap goes over the run-memory limit.
// Either cancels the run's context with the cause Run returns, and sets
// the flag the workers' machines look at every few thousand
// instructions, so that a run stuck inside one position stops too.
type runGuard struct {
	ctx    context.Context // the run's: done when the run must stop
	cancel context.CancelCauseFunc
	stop   atomic.Bool // set once ctx is done (vm.Machine.Cancel)
	done   chan struct{}
}

// memoryCheckEvery is how often the watchdog reads the heap's size.
const memoryCheckEvery = 50 * time.Millisecond

// newGuard is the guard of a run whose caller's context is parent (nil:
// none).
func newGuard(parent context.Context) *runGuard {
	if parent == nil {
		parent = context.Background()
	}
	g := &runGuard{done: make(chan struct{})}
	g.ctx, g.cancel = context.WithCancelCause(parent)
	context.AfterFunc(g.ctx, func() { g.stop.Store(true) })
	return g
}

// start starts the watchdog of the run's memory, bounded by lim's
// run-memory; end stops it.
func (g *runGuard) start(lim *limits.Values) {
	if max := lim.Get(limits.RunMemory); max != limits.Unlimited {
		go g.watchMemory(uint64(max), lim)
	}
}

// end stops the watchdog; the run is over.
func (g *runGuard) end() {
	close(g.done)
	g.cancel(nil)
}

// stopped reports whether the run must stop.
func (g *runGuard) stopped() bool { return g.stop.Load() }

// err is why the run stopped: the caller's context's error, or the
// *limits.Error of run-memory; nil while it goes on.
func (g *runGuard) err() error {
	if g.ctx.Err() == nil {
		return nil
	}
	return context.Cause(g.ctx)
}

// watchMemory cancels the run once the Go heap holds more than max bytes.
// The heap's size counts garbage not yet collected too: over max, a
// collection tells what is really held, so that only memory the run keeps
// stops it.
func (g *runGuard) watchMemory(max uint64, lim *limits.Values) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	tick := time.NewTicker(memoryCheckEvery)
	defer tick.Stop()
	for {
		select {
		case <-g.done:
			return
		case <-g.ctx.Done():
			return
		case <-tick.C:
		}
		if heap() <= max {
			continue
		}
		runtime.GC()
		if held := heap(); held > max {
			g.cancel(lim.Exceeded(limits.RunMemory, fmt.Sprintf("the run holds %.1f MiB of Go heap", float64(held)/(1<<20))))
			return
		}
	}
}

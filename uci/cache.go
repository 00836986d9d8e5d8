package uci

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// Cache holds the evaluations of one run, shared by its workers: each
// position (by its hash) is searched at most once for each limit, and a
// worker asking for a position another is searching waits for that
// search rather than starting its own.
type Cache struct {
	mu       sync.Mutex
	entries  map[cacheKey]*cacheEntry
	searches int
}

type cacheKey struct {
	hash  uint64
	limit Limit
}

type cacheEntry struct {
	done  chan struct{}
	score Score
	err   error
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{entries: map[cacheKey]*cacheEntry{}} }

// Get returns the score of the position with the hash under the limit,
// calling search the first time it is asked for. A failed search is
// remembered too: its position is not searched again.
func (c *Cache) Get(hash uint64, lim Limit, search func() (Score, error)) (Score, error) {
	key := cacheKey{hash, lim}
	c.mu.Lock()
	e, found := c.entries[key]
	if !found {
		e = &cacheEntry{done: make(chan struct{})}
		c.entries[key] = e
		c.searches++
	}
	c.mu.Unlock()
	if !found {
		e.score, e.err = search()
		close(e.done)
	}
	<-e.done
	return e.score, e.err
}

// Searches is the number of searches the cache has started.
func (c *Cache) Searches() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.searches
}

// Evaluator is one worker's access to the engine: its own engine
// process, started at the first position the cache does not know, and
// the cache of the run.
type Evaluator struct {
	Path    string        // the engine binary (Find)
	Cache   *Cache        // shared by the run's evaluators
	Timeout time.Duration // the engine's Timeout; 0: DefaultTimeout
	engine  *Engine
	// failedStarts counts the starts that failed in a row, startErr is
	// the last one's error: an engine that cannot start is not started
	// again for every position of a run (MaxFailedStarts).
	failedStarts int
	startErr     error
}

// MaxFailedStarts is how many starts of an engine fail in a row before an
// Evaluator stops trying: each is a process, and a run asks at every
// position.
const MaxFailedStarts = 3

// Evaluate returns the score, from the side to move's view, of the
// position with the hash and FEN.
func (v *Evaluator) Evaluate(hash uint64, fen string, lim Limit) (Score, error) {
	return v.Cache.Get(hash, lim, func() (Score, error) {
		if v.engine == nil {
			if v.failedStarts >= MaxFailedStarts {
				return Score{}, v.startErr
			}
			e, err := Start(v.Path)
			if err != nil {
				if v.failedStarts++; v.failedStarts == MaxFailedStarts {
					err = fmt.Errorf("%w (it failed to start %d times: it is not started again)", err, MaxFailedStarts)
				}
				v.startErr = err
				return Score{}, err
			}
			v.failedStarts = 0
			if v.Timeout > 0 {
				e.Timeout = v.Timeout
			}
			v.engine = e
		}
		s, err := v.engine.Evaluate(fen, lim)
		if err != nil && !errors.Is(err, ErrTimeout) {
			// the engine died or stopped answering: the next position
			// starts a new one
			_ = v.engine.Close()
			v.engine = nil
		}
		return s, err
	})
}

// Close ends the worker's engine, if it was started.
func (v *Evaluator) Close() error {
	if v.engine == nil {
		return nil
	}
	err := v.engine.Close()
	v.engine = nil
	return err
}

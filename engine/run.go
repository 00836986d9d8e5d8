package engine

import (
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/uci"
	"github.com/cqlvm/cqlvm/vm"
)

// GCPercent is the garbage collector's GOGC that suits a run. What a run
// keeps live is small (a batch of games and their trees, a few MB), and
// since games are read into recycled arenas it makes little garbage. At
// the default 100 the collector slows a run with two threads; at 400 the
// heap goes on growing past the end of a run on human.pgn, so the peak
// memory grows with the input; 200 keeps it flat with the times of 400
// (the measurements are in the commits that chose it). It is a setting
// of the whole process (debug.SetGCPercent), so the engine leaves it to
// its caller.
const GCPercent = 200

// runConfig is a run's Options with the defaults filled in.
type runConfig struct {
	Options
	gameLo, gameHi   int // gameLo 0: no game-number restriction
	matchLo, matchHi int
	opener           *input.Opener
	progress         *Progress // never nil
	// enginePath and evaluations serve a query that evaluates positions
	// with a UCI engine ("" and nil otherwise)
	enginePath  string
	evaluations *uci.Cache
	// similar are the submissions of the similarposition filters
	similar []*vm.SimilarSet
	// guard stops the run when Options.Context is done or the heap goes
	// over run-memory; its context replaces Options.Context
	guard *runGuard
}

func newConfig(q *Query, o Options) *runConfig {
	cfg := &runConfig{Options: o, matchLo: 1, matchHi: 1 << 30, progress: o.Progress}
	if r := o.GameNumbers; r != nil {
		cfg.gameLo, cfg.gameHi = r.Lo, r.Hi
	}
	if r := o.MatchCount; r != nil {
		cfg.matchLo, cfg.matchHi = r.Lo, r.Hi
	}
	if cfg.Threads <= 0 {
		cfg.Threads = runtime.NumCPU()
	}
	if q.Program().HasPersistent() {
		cfg.Threads = 1
	}
	if cfg.Diagnostics == nil {
		cfg.Diagnostics = io.Discard
	}
	if cfg.Messages == nil {
		cfg.Messages = io.Discard
	}
	if cfg.progress == nil {
		cfg.progress = &Progress{}
	}
	cfg.guard = newGuard(o.Context)
	cfg.Context = cfg.guard.ctx
	cfg.opener = &input.Opener{Stdin: o.Stdin, Limits: o.Limits}
	cfg.progress.opener.Store(cfg.opener)
	return cfg
}

// writesPGN reports whether the run writes matched games as PGN.
func (c *runConfig) writesPGN() bool { return c.PGN != nil }

// Run reads every input, searches every game with q and writes the
// selected games to o.PGN and o.JSON, in input order (or in sort order
// when the query sorts), with their diagnostics and messages in game
// order.
//
// The error is an *InputError when an input cannot be read (the games
// before the failure have been searched and written), the writers'
// error, the Context's error when it is done (the run stops inside the
// position being evaluated), a *limits.Error when the run's heap goes
// over run-memory, or an *InternalError for a bug in cqlvm. When the
// search of a game panics, the run goes on and the error names the first
// such game; the Stats are complete then. A game whose evaluation goes
// over a limit of one evaluation (string-bytes, game-comments,
// regex-time) is not selected, a runtime error on Diagnostics names it
// and the limit, and the run goes on.
func Run(q *Query, o Options) (Stats, error) {
	if err := checkFiles(append(inputUses(o), q.similarUses()...), o.Files); err != nil {
		return Stats{}, err
	}
	if o.AlwaysComment && q.Program().DropsFailedComments {
		return Stats{}, errors.New("keeping the comments of filters that failed (AlwaysComment) needs the query compiled with QueryOptions.KeepFailedComments")
	}
	cfg := newConfig(q, o)
	cfg.guard.start(o.Limits)
	defer cfg.guard.end()
	if q.Program().NeedsEngine {
		path, err := uci.Find(o.Engine)
		if err != nil {
			return Stats{}, fmt.Errorf("the query evaluates positions with a chess engine: %w", err)
		}
		cfg.enginePath, cfg.evaluations = path, uci.NewCache()
	}
	if specs := q.Program().Similar; len(specs) > 0 {
		sets, err := loadSimilar(cfg.guard, specs, o.Limits, o.OnSubmissions)
		if err != nil {
			return Stats{}, err
		}
		cfg.similar = sets
	}
	st, err := runPipeline(q, cfg)
	st.Threads = cfg.Threads
	if err == nil && st.crash != nil {
		err = st.crash
	}
	return st.Stats, err
}

// runStats are Stats with what only Run looks at.
type runStats struct {
	Stats
	crash *InternalError // the first game a worker panicked on
}

// runPipeline evaluates q on every game of the inputs with cfg.Threads
// workers and writes the selected games, in input order (or in sort
// order), to the outputs.
//
// There is no reader thread: a worker that needs games cuts the next batch
// out of the input itself (feed.take), so one thread does all of a
// one-thread run, and N threads share the reading evenly instead of
// waiting on a reader that a single core must keep up with.
func runPipeline(q *Query, cfg *runConfig) (runStats, error) {
	last := 0
	if q.Program().NeedsLastGameNumber {
		last = cfg.LastGameNumber
		if last <= 0 {
			last = countGames(cfg.Inputs, cfg.Limits)
		}
	}
	c := newCollector(cfg, q.Program().Sorts)
	feed := newFeed(cfg, newStoreUse(q, cfg, &c.st.Store))
	defer feed.stop()
	if cfg.Threads <= 1 {
		runOneWorker(q, cfg, last, feed, c)
	} else {
		runWorkers(q, cfg, last, feed, c)
	}
	st, err := c.finish()
	if feed.err != nil {
		return st, feed.err
	}
	if feed.cancelled != nil { // the guard stopped the run before its end
		return st, cfg.guard.err()
	}
	return st, err
}

// runOneWorker evaluates the games on the calling goroutine.
func runOneWorker(q *Query, cfg *runConfig, last int, feed *gameFeed, c *collector) {
	w := newWorker(q, cfg, last)
	defer w.close()
	var out []byte
	for {
		batch, _, ok := feed.take()
		if !ok {
			break
		}
		if !c.sorting { // each game is written before the next batch
			out = out[:0]
			w.batchOut = &out
		}
		for i := range batch.games {
			if cfg.guard.stopped() {
				break
			}
			r := w.search(batch, i)
			c.add(&r)
		}
		batch.recycle()
	}
	c.st.Persistent = w.m.PersistentValues()
}

package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"sync"

	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/engine/store"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/pgn"
)

// gameFeed hands out the input's games in numbered batches, in input
// order, to whichever worker asks; the games are read and cut on the
// asking worker's thread.
type gameFeed struct {
	mu   sync.Mutex
	next func() (*rawBatch, bool)
	stop func()
	seq  int
	err  error // the reading error, once the games before it are taken
	// ctx stops the feed when it is done (nil: never); cancelled is its
	// error then
	ctx       context.Context
	cancelled error
}

func newFeed(cfg *runConfig, stores *storeUse) *gameFeed {
	f := &gameFeed{ctx: cfg.Context}
	f.next, f.stop = iter.Pull(func(yield func(*rawBatch) bool) {
		f.err = readInputs(cfg, stores, &batcher{yield: yield, runs: cfg.OnGame == nil})
	})
	return f
}

// take returns the next batch and its number; ok is false after the last.
func (f *gameFeed) take() (batch *rawBatch, seq int, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ctx != nil && f.ctx.Err() != nil {
		f.cancelled = f.ctx.Err()
		return nil, f.seq, false
	}
	batch, ok = f.next()
	seq = f.seq
	f.seq++
	return batch, seq, ok
}

// readInputs yields the games of every input (or of the run's Spans) in
// batches, numbering them continuously across files, and stops after the
// last game of the game-number range or when the batches are no longer
// wanted. The games that the summaries of an input's store rule out are
// marked to be skipped.
func readInputs(cfg *runConfig, stores *storeUse, b *batcher) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = NewInternalError(p, "while reading the input")
		}
		b.flush()
	}()
	next := 1
	for _, sp := range spansOf(cfg.Options) {
		if sp.FirstGame > 0 {
			next = sp.FirstGame
		}
		done := false
		sums := stores.open(sp.Input)
		var err error
		if sums != nil && sums.Stored {
			next, done, err = stores.readStored(sums, sp, next, cfg.gameHi, b)
		} else {
			err = cfg.opener.EachFrom(sp.Input, sp.Start, func(s input.Stream) error {
				var err error
				next, done, err = readStream(s, cfg.Limits, next, sp, cfg.gameHi, b, storeSkipper{stores, sums, s})
				return err
			})
		}
		if sums != nil {
			sums.Close()
		}
		if err != nil || done {
			return err
		}
	}
	return nil
}

// readError says why a stream could not be read past byte end (-1: not
// known), where game number last ended.
func readError(name string, end int64, last int, err error) error {
	var be *pgn.BinaryError
	if errors.As(err, &be) {
		if last < 1 {
			return fmt.Errorf("%s: not a PGN file: %v", name, err)
		}
		return fmt.Errorf("%s: not PGN text after game %d: %v", name, last, err)
	}
	var lim *limits.Error
	if end < 0 || errors.As(err, &lim) {
		return fmt.Errorf("%s: %w", name, err)
	}
	return fmt.Errorf("%s: cannot read past byte %d (after game %d): %v", name, end, last, err)
}

// spansOf is what a run reads: its Spans, or else each input whole.
func spansOf(o Options) []Span {
	if len(o.Spans) > 0 {
		return o.Spans
	}
	spans := make([]Span, len(o.Inputs))
	for i, name := range o.Inputs {
		spans[i] = Span{Input: name, To: -1}
	}
	return spans
}

// readStream sends the games of one stream of span sp that start in
// [sp.From, sp.To), numbered from first; it returns the next game number
// and whether the game-number range is done; skip says which games need
// not be searched, and passes over those it can without their being cut.
func readStream(s input.Stream, lim *limits.Values, first int, sp Span, lastWanted int, raws *batcher, skip skipper) (next int, done bool, err error) {
	r := pgn.NewReader(s.R, s.Name)
	r.SetLimits(lim)
	r.SetFirstNumber(first)
	if sp.Start > 0 {
		r.SetStart(sp.Start, sp.StartLine)
	}
	next = first
	end := sp.Start // where the last complete game ended
	for {
		if err := skip.passOver(r, raws, &next, sp, lastWanted); err != nil {
			return next, false, &InputError{fmt.Errorf("%s: the game store does not match the file: %v", s.Name, err)}
		}
		if lastWanted > 0 && next > lastWanted || raws.abandoned {
			return next, true, nil
		}
		raw, arena := raws.slot()
		err := r.NextIn(raw, arena)
		if err == io.EOF {
			return next, false, nil
		}
		if err != nil {
			return next, false, &InputError{readError(s.Name, end, next-1, err)}
		}
		if sp.To >= 0 && raw.Offset >= sp.To {
			return next, false, nil
		}
		if lastWanted > 0 && raw.Number > lastWanted {
			return next, true, nil // a shard that begins after the range
		}
		next = raw.Number + 1
		end = raw.Offset + int64(len(raw.Data))
		if raw.Offset < sp.From {
			raws.discard()
			continue // before the span: only counted
		}
		raws.commit(skip.skips(raw))
		if raw.Err != nil {
			// a game over a limit: say so now, not once the rest of
			// it is skipped (an endless input has no rest)
			raws.flush()
		}
		if lastWanted > 0 && raw.Number >= lastWanted || raws.abandoned {
			return next, true, nil
		}
	}
}

// skipper says which games a stream's store rules out.
type skipper interface {
	// passOver commits the games from the reader's position on that it
	// rules out and that can be passed over without being cut, and
	// moves the reader past them (next is the next game's number).
	passOver(r *pgn.Reader, raws *batcher, next *int, sp Span, lastWanted int) error
	// skips reports whether a game that was cut is ruled out.
	skips(raw *pgn.RawGame) bool
}

// storeSkipper is the skipper of the store sums of stream s (none: nil).
type storeSkipper struct {
	u    *storeUse
	sums *store.Reader
	s    input.Stream
}

func (k storeSkipper) passOver(r *pgn.Reader, raws *batcher, next *int, sp Span, lastWanted int) error {
	return k.u.passOver(k.sums, r, k.s, raws, next, sp, lastWanted)
}

func (k storeSkipper) skips(raw *pgn.RawGame) bool { return k.u.skips(k.sums, raw) }

// batcher groups games for the workers: up to batchGames games or
// batchBytes bytes of PGN, whichever comes first.
type batcher struct {
	yield     func(*rawBatch) bool
	cur       *rawBatch // being filled
	mark      int       // the length of cur's arena before the game of slot
	abandoned bool      // yield said no more batches are wanted
	// runs: a skipped game may stand for the skipped games after it
	// (skipMore); not when Options.OnGame sees every game
	runs bool
}

// Each batch costs a turn at the feed's lock and a hand-over to the
// writer, with a wake-up of a goroutine now and then: with 64 games a
// batch, two threads on human.pgn were 1.81-1.88 times as fast as one,
// with 256 games 1.85-1.92 (bench -queries trivial / set, same run). A
// batch of 256 typical games is about 150 KB.
const (
	batchGames = 256
	batchBytes = 256 << 10
)

// slot is where the next game is read to: a RawGame of the current batch
// and its arena. Either commit or discard follows.
func (b *batcher) slot() (*pgn.RawGame, *[]byte) {
	if b.cur == nil {
		b.cur = newRawBatch()
	}
	b.mark = len(b.cur.arena)
	return &b.cur.raws[len(b.cur.games)], &b.cur.arena
}

// commit adds the game of the last slot to the batch, to be skipped or
// searched.
func (b *batcher) commit(skip bool) {
	c := b.cur
	c.skip[len(c.games)] = skip
	c.size[len(c.games)] = int64(len(c.raws[len(c.games)].Data))
	b.add()
}

// commitStored adds the game of the last slot, read from a store (in
// compact form when compact, else its text) and size bytes long in its
// file, to the batch, to be searched.
func (b *batcher) commitStored(size int, compact bool) {
	c := b.cur
	c.compact[len(c.games)] = compact
	c.size[len(c.games)] = int64(size)
	b.add()
}

// commitSkipped adds the game of the last slot, whose bytes (size of
// them) were not read, to the batch, to be skipped.
func (b *batcher) commitSkipped(size int) {
	c := b.cur
	c.skip[len(c.games)] = true
	c.size[len(c.games)] = int64(size)
	b.add()
}

// skipMore counts one more game, size bytes long, in the skipped game
// last added to the batch, if it is the last and may stand for the
// games after it: a run of skipped games then costs its worker and the
// collector no more than one game. It reports whether it did.
func (b *batcher) skipMore(size int) bool {
	c := b.cur
	if !b.runs || c == nil || len(c.games) == 0 || !c.skip[len(c.games)-1] {
		return false
	}
	c.more[len(c.games)-1]++
	c.size[len(c.games)-1] += int64(size)
	return true
}

func (b *batcher) add() {
	c := b.cur
	c.games = append(c.games, &c.raws[len(c.games)])
	if len(c.games) >= batchGames || len(c.arena) >= batchBytes {
		b.flush()
	}
}

// discard forgets the game of the last slot.
func (b *batcher) discard() {
	b.cur.raws[len(b.cur.games)] = pgn.RawGame{}
	b.cur.arena = b.cur.arena[:b.mark]
}

func (b *batcher) flush() {
	if b.cur != nil && len(b.cur.games) > 0 && !b.abandoned {
		b.abandoned = !b.yield(b.cur)
		b.cur = nil
	}
}

// rawBatch is a batch of games and the memory they were read into. The
// worker that searched its games gives it back (recycle) for another
// batch: nothing of a game's result points into its raw bytes (outputs,
// messages and errors are copies), so the bytes can be overwritten once
// the games are searched.
type rawBatch struct {
	games []*pgn.RawGame // the batch: pointers to raws[:len(games)]
	raws  [batchGames]pgn.RawGame
	skip  [batchGames]bool // skip[i]: games[i] is ruled out by its summary
	// more[i]: a skipped games[i] stands for as many games after it,
	// numbered on, skipped too (batcher.skipMore)
	more [batchGames]int
	// compact[i]: games[i].Data is the game in compact form (pgn/compact)
	compact [batchGames]bool
	size    [batchGames]int64 // and its length in bytes
	arena   []byte            // the games' bytes
}

var rawBatches = sync.Pool{New: func() any {
	return &rawBatch{arena: make([]byte, 0, batchBytes+batchBytes/4)}
}}

func newRawBatch() *rawBatch { return rawBatches.Get().(*rawBatch) }

// recycle gives b back once its games are searched.
func (b *rawBatch) recycle() {
	clear(b.raws[:len(b.games)])
	clear(b.skip[:len(b.games)])
	clear(b.more[:len(b.games)])
	clear(b.compact[:len(b.games)])
	clear(b.games)
	b.games = b.games[:0]
	b.arena = b.arena[:0]
	rawBatches.Put(b)
}

// countGames is the value of lastgamenumber: the number of games of the
// inputs that have a White tag. The official program counts that way (on
// studies.pgn it reports 2,236, its number of White tags, not its 2,636
// games); games without tags are rare elsewhere. It is 0 when an input
// cannot be read twice (standard input).
func countGames(inputs []string, lim *limits.Values) int {
	opener := input.Opener{Limits: lim} // a second pass: not counted in the progress
	n := 0
	for _, name := range inputs {
		if name == "-" {
			return 0
		}
		err := opener.Each(name, func(s input.Stream) error {
			r := pgn.NewReader(s.R, s.Name)
			r.SetLimits(lim)
			for {
				raw, err := r.Next()
				if err != nil {
					return nil
				}
				if pgn.HasWhiteTag(raw.Data) {
					n++
				}
			}
		})
		if err != nil {
			return 0
		}
	}
	return n
}

package engine

import (
	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/engine/store"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// storeUse is what a run does with the game stores beside its inputs
// (engine/store): a game whose summary fails the query's need has no
// position that can match, so the run skips it without parsing it.
type storeUse struct {
	cfg  *runConfig
	need *summary.Need
	st   *StoreStats
}

// newStoreUse is the run's use of stores, nil when it makes none: the
// query needs nothing of a summary (or the optimization is off), stores
// are switched off, or a game with no matched position may be selected
// (a matchcount range from 0).
func newStoreUse(q *Query, cfg *runConfig, st *StoreStats) *storeUse {
	need := &q.Program().Need
	if need.Op == summary.Anything || cfg.NoStore || cfg.matchLo <= 0 {
		return nil
	}
	return &storeUse{cfg: cfg, need: need, st: st}
}

// open returns the reader of the summaries of input name, nil when it
// has no store, or one that cannot be used (the reason goes in the
// stats, and the run reads the PGN).
func (u *storeUse) open(name string) *store.Reader {
	if u == nil || name == "-" {
		return nil
	}
	s, err := store.Open(name, u.cfg.Limits)
	if err == nil && s != nil {
		var r *store.Reader
		if r, err = s.Reader(); err == nil {
			u.st.Used = append(u.st.Used, s.Path)
			return r
		}
	}
	if err != nil {
		u.st.Refused = append(u.st.Refused, err.Error())
	}
	return nil
}

// skips reports whether the game raw, read from the input of r, is ruled
// out by its summary.
func (u *storeUse) skips(r *store.Reader, raw *pgn.RawGame) bool {
	if r == nil || !u.rulesOut(r.Find(raw.Offset)) {
		return false
	}
	u.st.Skipped++
	return true
}

// rulesOut reports whether a game with the summary sum (nil: none)
// cannot match.
func (u *storeUse) rulesOut(sum *summary.Summary) bool {
	return sum != nil && !u.need.Holds(sum.Of(u.cfg.Variations))
}

// passOver hands to the workers, as skipped, the games that the store
// sr of stream s rules out from where the reader r stands, as long as
// the game after each starts a line, and moves the reader past them
// without cutting them: the next game is then read from its first byte.
// next is the number of the reader's next game; games outside the span
// sp, or after lastWanted (when positive), are left to the reader.
func (u *storeUse) passOver(sr *store.Reader, r *pgn.Reader, s input.Stream, raws *batcher, next *int, sp Span, lastWanted int) error {
	if sr == nil || !r.CanSkip() {
		return nil
	}
	for rec := sr.Peek(); rec != nil && rec.Offset < r.Offset(); rec = sr.Peek() {
		sr.Take() // games the reader has passed
	}
	passed := 0
	for rec := sr.Peek(); rec != nil; rec = sr.Peek() {
		inSpan := rec.Offset >= sp.From && (sp.To < 0 || rec.Offset < sp.To) && (lastWanted <= 0 || *next <= lastWanted)
		if !inSpan || !rec.NextLineStart || !u.rulesOut(rec.Summary) {
			break
		}
		raw, _ := raws.slot()
		*raw = pgn.RawGame{Number: *next, File: s.Name, Offset: rec.Offset, Line: rec.Line, Col: 1}
		raws.commitSkipped(rec.Bytes)
		*next++
		passed++
		u.st.Skipped++
		u.st.Uncut++
		sr.Take()
	}
	if passed == 0 {
		return nil
	}
	to := sr.Peek()
	if to == nil {
		return r.SkipTo(sr.StreamBytes, 0, passed)
	}
	return r.SkipTo(to.Offset, to.Line, passed)
}

// skippedResult is the result of a game its summary rules out: read,
// with no position matched, which is what its search would find; size
// is its length in bytes.
func skippedResult(raw *pgn.RawGame, size int64) gameResult {
	return gameResult{Game: Game{Number: raw.Number, File: raw.File, Offset: raw.Offset, Bytes: size}, read: true}
}

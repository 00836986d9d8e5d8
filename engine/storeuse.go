package engine

import (
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
	if r == nil {
		return false
	}
	sum := r.Find(raw.Offset)
	if sum == nil || u.need.Holds(sum.Of(u.cfg.Variations)) {
		return false
	}
	u.st.Skipped++
	return true
}

// skippedResult is the result of a game its summary rules out: read,
// with no position matched, which is what its search would find.
func skippedResult(raw *pgn.RawGame) gameResult {
	return gameResult{Game: Game{Number: raw.Number, File: raw.File, Offset: raw.Offset, Bytes: int64(len(raw.Data))}, read: true}
}

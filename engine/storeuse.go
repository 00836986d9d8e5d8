package engine

import (
	"fmt"
	"slices"

	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/engine/store"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// storeUse is what a run does with the game stores beside its inputs
// (engine/store): a game whose summary fails the query's need has no
// position that can match, so the run skips it without parsing it; a
// store that holds every game is read instead of the PGN, the games in
// compact form without parsing their SAN.
type storeUse struct {
	cfg *runConfig
	// need is what a game's summary must meet; nil when no game is
	// ruled out: the query needs nothing of a summary (or the
	// optimization is off), or a game with no matched position may be
	// selected (a matchcount range from 0)
	need *summary.Need
	st   *StoreStats
	// boards are the games that may reach each board of the need's Board
	// needs, from the position index of the input being read (nil: no
	// index, a Board need holds); reaches tells them for game (the
	// store's place of the game being judged)
	boards  map[uint64][]store.Ref
	reaches summary.Reaches
	game    int
	// candidates are the only games (their places in the store, in
	// order) that can meet a need whose every way needs a board: those
	// the index lists for it; nil when the need is not such
	candidates []int
}

// newStoreUse is the run's use of stores, nil when stores are switched
// off.
func newStoreUse(q *Query, cfg *runConfig, st *StoreStats) *storeUse {
	if cfg.NoStore {
		return nil
	}
	u := &storeUse{cfg: cfg, st: st}
	if need := &q.Program().Need; need.Op != summary.Anything && cfg.matchLo > 0 {
		u.need = need
	}
	u.reaches = u.gameReaches
	return u
}

// gameReaches reports whether the game u.game may reach the board h, by
// the position index.
func (u *storeUse) gameReaches(h uint64) bool {
	refs := u.boards[h]
	i, found := slices.BinarySearchFunc(refs, u.game, func(r store.Ref, g int) int { return r.Game - g })
	return found && (refs[i].Main || u.cfg.Variations)
}

// openPositions looks up the boards of the need in the position index
// of input name, whose store s is open; without one (or with one that
// does not serve) Board needs hold.
func (u *storeUse) openPositions(name string, s *store.Store) {
	u.boards, u.candidates = nil, nil
	if u.need == nil {
		return
	}
	hashes := u.need.BoardsOf()
	if len(hashes) == 0 {
		return
	}
	pos, err := store.OpenPositions(name, s)
	if err != nil {
		u.st.Refused = append(u.st.Refused, err.Error())
	}
	if pos == nil {
		return
	}
	defer pos.Close()
	boards := map[uint64][]store.Ref{}
	for _, h := range hashes {
		refs, err := pos.Games(nil, h)
		if err != nil {
			u.st.Refused = append(u.st.Refused, fmt.Sprintf("%s: %v", store.PositionsPathOf(name), err))
			return
		}
		boards[h] = refs
	}
	u.boards = boards
	u.candidates = u.boardGames()
	u.st.Positions = append(u.st.Positions, store.PositionsPathOf(name))
}

// boardGames are the games that may reach a board of the need's board
// need, when the need is one (or all of several, one of them one): no
// other game meets it; else nil.
func (u *storeUse) boardGames() []int {
	need := u.need
	if need.Op == summary.All {
		for i := range need.Args {
			if need.Args[i].Op == summary.Board {
				need = &need.Args[i]
				break
			}
		}
	}
	if need.Op != summary.Board {
		return nil
	}
	games := []int{}
	for _, h := range need.Boards {
		for _, r := range u.boards[h] {
			if r.Main || u.cfg.Variations {
				games = append(games, r.Game)
			}
		}
	}
	slices.Sort(games)
	return slices.Compact(games)
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
			u.openPositions(name, s)
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
	if r == nil || u.need == nil || !u.rulesOut(r.Find(raw.Offset)) {
		return false
	}
	u.st.Skipped++
	return true
}

// rulesOut reports whether the game of record rec (nil: none) cannot
// match: its summary (or the boards it reaches) fails the need. A game
// without a summary is searched.
func (u *storeUse) rulesOut(rec *store.Record) bool {
	if rec == nil || rec.Summary == nil || u.need == nil {
		return false
	}
	reaches := summary.Reaches(nil)
	if u.boards != nil {
		u.game, reaches = rec.Index, u.reaches
	}
	return !u.need.HoldsIn(rec.Summary.Of(u.cfg.Variations), reaches)
}

// passOver hands to the workers, as skipped, the games that the store
// sr of stream s rules out from where the reader r stands, as long as
// the game after each starts a line, and moves the reader past them
// without cutting them: the next game is then read from its first byte.
// next is the number of the reader's next game; games outside the span
// sp, or after lastWanted (when positive), are left to the reader.
func (u *storeUse) passOver(sr *store.Reader, r *pgn.Reader, s input.Stream, raws *batcher, next *int, sp Span, lastWanted int) error {
	if sr == nil || u.need == nil || !r.CanSkip() {
		return nil
	}
	for rec := sr.Peek(); rec != nil && rec.Offset < r.Offset(); rec = sr.Peek() {
		sr.Take() // games the reader has passed
	}
	passed := 0
	for rec := sr.Peek(); rec != nil; rec = sr.Peek() {
		inSpan := rec.Offset >= sp.From && (sp.To < 0 || rec.Offset < sp.To) && (lastWanted <= 0 || *next <= lastWanted)
		if !inSpan || !rec.NextLineStart || !u.rulesOut(rec) {
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
func skippedResult(raw *pgn.RawGame, size int64, more int) gameResult {
	return gameResult{Game: Game{Number: raw.Number, File: raw.File, Offset: raw.Offset, Bytes: size}, read: true, more: more}
}

// readStored sends the games of span sp from the store sr, which holds
// every game, as readStream sends them from the PGN: numbered from
// first, those before sp.From counted only, up to sp.To or the last
// wanted game. A game its summary rules out is skipped; the others go
// in compact form (or as their text, for the few the compact form does
// not hold).
func (u *storeUse) readStored(sr *store.Reader, sp Span, first, lastWanted int, raws *batcher) (next int, done bool, err error) {
	name := sp.Input + sr.Member
	next = first
	for rec := sr.PeekHead(); rec != nil; rec = sr.PeekHead() {
		if rec.Offset < sp.Start { // before where the span's reading begins
			sr.Take()
			continue
		}
		if sp.To >= 0 && rec.Offset >= sp.To {
			return next, false, nil
		}
		if lastWanted > 0 && next > lastWanted || raws.abandoned {
			return next, true, nil
		}
		number := next
		next++
		if rec.Offset >= sp.From {
			u.send(sr, name, number, raws)
		}
		sr.Take()
		if lastWanted > 0 && number >= lastWanted || raws.abandoned {
			return next, true, nil
		}
	}
	if err := sr.Err(); err != nil {
		return next, false, &InputError{fmt.Errorf("%s: the game store is damaged: %v; run cqlvm index %s again", sp.Input, err, sp.Input)}
	}
	return next, false, nil
}

// send adds the game of the record sr is at, numbered number, to the
// batch: to be skipped, or searched from its compact form or its text.
// A game the position index rules out is skipped by its record's head
// alone, unchecked and undecoded.
func (u *storeUse) send(sr *store.Reader, name string, number int, raws *batcher) {
	rec := sr.PeekHead()
	passed := u.passesOver(rec)
	if !passed {
		if rec = sr.Peek(); rec == nil {
			return // a damaged record: the run stops on sr.Err
		}
	}
	if passed || u.rulesOut(rec) {
		u.st.Skipped++
		if !raws.skipMore(rec.Bytes) {
			raw, _ := raws.slot()
			*raw = pgn.RawGame{Number: number, File: name, Offset: rec.Offset, Line: rec.Line, Col: 1}
			raws.commitSkipped(rec.Bytes)
		}
		return
	}
	raw, arena := raws.slot()
	*raw = pgn.RawGame{Number: number, File: name, Offset: rec.Offset, Line: rec.Line, Col: 1}
	u.st.Read++
	data := rec.Game
	if data == nil {
		data, raw.Col = rec.Text, rec.Col
	}
	start := len(*arena)
	*arena = append(*arena, data...)
	raw.Data = (*arena)[start:len(*arena):len(*arena)]
	raws.commitStored(rec.Bytes, rec.Game != nil)
}

// passesOver reports whether the game of the record head rec is ruled
// out by the position index alone: the need asks for a board that the
// index lists no other games for. A game without a summary (one with
// errors) is never passed over.
func (u *storeUse) passesOver(rec *store.Record) bool {
	if u.candidates == nil || !rec.HasSummary {
		return false
	}
	_, found := slices.BinarySearch(u.candidates, rec.Index)
	return !found
}

package engine

import (
	"bufio"
	"fmt"
	"io"
	"sort"

	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
)

// gameResult is what a worker reports about one game.
type gameResult struct {
	Game                   // what OnGame is shown; PGN and JSON are the game's outputs
	read    bool           // false for games skipped by the game-number range
	more    int            // the games after it, skipped, that it stands for
	asserts []string       // failed `assert`s, for the error stream
	crash   *InternalError // the worker panicked on this game
}

// collector writes the selected games (sorted when asked) and reports
// messages and errors, given the results in input order.
type collector struct {
	cfg     *runConfig
	sorts   []vm.SortKey
	sorting bool
	st      runStats
	kept    [][]gameResult // selected games held for sorting, in chunks of keptResults
	pgnOut  *bufio.Writer
	jsonOut *bufio.Writer
}

func newCollector(cfg *runConfig, sorts []vm.SortKey) *collector {
	return &collector{
		cfg: cfg, sorts: sorts,
		sorting: !cfg.Unsorted && (cfg.SortByMatchCount || len(sorts) > 0),
		pgnOut:  bufferedOrNil(cfg.PGN),
		jsonOut: bufferedOrNil(cfg.JSON),
	}
}

// add takes the result of the next game in input order.
func (c *collector) add(r *gameResult) {
	st, cfg := &c.st, c.cfg
	if r.read {
		st.Games += 1 + r.more
		cfg.progress.games.Add(int64(1 + r.more))
		if cfg.OnGame != nil {
			g := r.Game // a copy, so that r itself does not escape
			cfg.OnGame(&g)
		}
	}
	if r.crash != nil && st.crash == nil {
		st.crash = r.crash
	}
	for _, e := range r.Errors {
		st.BadGames++
		fmt.Fprintln(cfg.Diagnostics, formatGameError(e, r.Offset))
	}
	for _, m := range r.Messages {
		fmt.Fprintln(cfg.Messages, m)
	}
	for _, a := range r.asserts {
		fmt.Fprintln(cfg.Diagnostics, a)
	}
	if !r.Selected {
		return
	}
	st.Matches++
	cfg.progress.matches.Add(1)
	if c.sorting {
		c.keep(r)
		return
	}
	c.write(r)
}

// keptResults is the size of the chunks that hold a sorted run's
// selected games: a chunk once made is never copied, where one slice of
// every result was copied whole each time it grew.
const keptResults = 1024

// keep holds a selected game's result for the sorted writing at the end.
func (c *collector) keep(r *gameResult) {
	if n := len(c.kept); n == 0 || len(c.kept[n-1]) == cap(c.kept[n-1]) {
		c.kept = append(c.kept, make([]gameResult, 0, keptResults))
	}
	last := &c.kept[len(c.kept)-1]
	*last = append(*last, *r)
}

func (c *collector) write(r *gameResult) {
	if c.pgnOut != nil {
		c.pgnOut.Write(r.PGN)
	}
	if c.jsonOut != nil {
		c.jsonOut.Write(r.JSON)
	}
}

// finish writes the games held for sorting and flushes the outputs.
func (c *collector) finish() (runStats, error) {
	if c.sorting {
		var kept []*gameResult
		for _, chunk := range c.kept {
			for i := range chunk {
				kept = append(kept, &chunk[i])
			}
		}
		sort.SliceStable(kept, func(i, j int) bool { return SortsBefore(&kept[i].Game, &kept[j].Game, c.sorts, c.cfg.SortByMatchCount) })
		for _, r := range kept {
			c.write(r)
		}
	}
	return c.st, flushAll(c.pgnOut, c.jsonOut)
}

func bufferedOrNil(w io.Writer) *bufio.Writer {
	if w == nil {
		return nil
	}
	return bufio.NewWriterSize(w, 1<<16)
}

func flushAll(ws ...*bufio.Writer) error {
	for _, w := range ws {
		if w == nil {
			continue
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// formatGameError is a PGN error with the byte offset where its game
// starts, so that the game can be cut out of a large file
// (`tail -c +OFFSET+1 file | head`).
func formatGameError(e *pgn.Error, gameOffset int64) string {
	return fmt.Sprintf("%s:%d:%d: game %d (starting at byte %d): %s", e.File, e.Line, e.Col, e.Game, gameOffset, e.Msg)
}

// SortsBefore orders a sorted run's selected games by the sort keys in
// the order they appear in the query (max keys descending, min keys
// ascending; games without a value last), then by matchcount when the
// header sorts by it. Ties keep input order: sort with a stable sort of
// the games in input order.
func SortsBefore(a, b *Game, keys []vm.SortKey, byMatchCount bool) bool {
	for i, k := range keys {
		va, vb := a.SortValues[i], b.SortValues[i]
		if va.Set != vb.Set {
			return va.Set
		}
		if !va.Set {
			continue
		}
		if k.Str {
			if va.Str != vb.Str {
				return (va.Str < vb.Str) == k.Min
			}
			continue
		}
		if va.Num != vb.Num {
			return (va.Num < vb.Num) == k.Min
		}
	}
	if byMatchCount && a.Matches != b.Matches {
		return a.Matches > b.Matches
	}
	return false
}

package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/gameview"
	"github.com/cqlvm/cqlvm/report"
)

// Run states, as /api/progress reports them.
const (
	stateRunning   = "running"
	stateDone      = "done"
	stateCancelled = "cancelled" // by the user or by a newer run of the client
	stateTimeout   = "timeout"
	stateFailed    = "failed" // an input error or a bug; Error says which
)

// run is one query running (or run) for one client.
type run struct {
	id       string
	query    string
	start    time.Time
	progress engine.Progress
	ctx      context.Context // ends at the timeout or on cancel
	cancel   context.CancelFunc
	done     chan struct{} // closed when the run has ended

	mu     sync.Mutex
	state  string
	err    string
	end    time.Time
	stats  engine.Stats
	games  []*matchedGame       // kept matched games, in input order
	byNum  map[int]*matchedGame // the same, by game number
	order  *outputOrder         // the games' order in the run's output
	bytes  int64                // the memory of the kept games, taken from kept
	capped bool                 // some matched games were not kept
	warn   string               // an error in one game (the run went on)
	// released: the client has dropped the run, or replaced it; its kept
	// games are given back to kept and it keeps no more
	released bool

	maxGames int     // matched games kept at most (Config.MaxGames)
	maxBytes int64   // their memory at most (Config.MaxBytes)
	kept     *budget // server-kept-bytes, shared with the other runs
}

// matchedGame is one selected game as the run wrote it: its bytes, and
// what the table and the board need of its JSON lines (the positions
// matched), not the parsed lines, which took ten times the bytes.
type matchedGame struct {
	Row
	pgn, jsonLines []byte
	positions      []int32  // the matched positions' ids, in output order
	squares        []uint64 // the squares marked at each of them (a bitboard)
	messages       []string // the query's `message` output for the game
}

// gameOverhead is what a kept game takes beside its bytes: the structs,
// the map entry, the slice headers.
const gameOverhead = 512

// memory is what mg takes on the heap, near enough to bound it.
func (mg *matchedGame) memory() int64 {
	n := gameOverhead + len(mg.pgn) + len(mg.jsonLines) + 12*len(mg.positions) +
		len(mg.White) + len(mg.Black) + len(mg.Event) + len(mg.Year) + len(mg.Result) + 48*len(mg.Sort) +
		len(mg.Date) + len(mg.WhiteElo) + len(mg.BlackElo) + len(mg.ECO) + len(mg.Opening)
	for _, m := range mg.messages {
		n += 16 + len(m)
	}
	for _, sv := range mg.Sort {
		if str, ok := sv.Value.(string); ok {
			n += len(str)
		}
	}
	return int64(n)
}

// Row is one line of the results table.
type Row struct {
	Rank    int    `json:"rank"` // place in the run's output (sorted runs: known at the end)
	Game    int    `json:"game"`
	White   string `json:"white"`
	Black   string `json:"black"`
	Event   string `json:"event"`
	Year    string `json:"year"`
	Result  string `json:"result"`
	Matches int    `json:"matches"`
	// from the game's header beyond the Seven Tag Roster; "" when absent
	Date     string             `json:"date"`
	WhiteElo string             `json:"whiteElo"`
	BlackElo string             `json:"blackElo"`
	ECO      string             `json:"eco"`
	Opening  string             `json:"opening"`
	Sort     []report.SortValue `json:"sort,omitempty"`
}

// newRun prepares a run, with its timeout from now; launch sets it going.
func newRun(query string, cfg Config, kept *budget) *run {
	r := &run{id: newID(), query: query, start: time.Now(), done: make(chan struct{}),
		state: stateRunning, byNum: map[int]*matchedGame{}, order: &outputOrder{}}
	r.ctx, r.cancel = context.WithTimeout(context.Background(), cfg.Timeout)
	r.maxGames, r.maxBytes, r.kept = cfg.MaxGames, cfg.MaxBytes, kept
	return r
}

// running reports whether the run has not ended (nil: no run).
func (r *run) running() bool {
	if r == nil {
		return false
	}
	select {
	case <-r.done:
		return false
	default:
		return true
	}
}

// wait waits for the run to end, at most d.
func (r *run) wait(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-r.done:
	case <-t.C:
	}
}

// release drops the run's kept games, giving their memory back to the
// server; the run keeps no more.
func (r *run) release() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.released = true
	r.kept.give(r.bytes)
	r.games, r.byNum, r.bytes = nil, map[int]*matchedGame{}, 0
}

// launch runs q over cfg's inputs on its own goroutine, calling ended
// once it has ended; a panic ends the run as failed, never the server.
func (r *run) launch(q *engine.Query, o engine.Options, cfg Config, ended func()) {
	o.Inputs, o.Threads, o.Context = cfg.Inputs, cfg.Threads, r.ctx
	o.Progress = &r.progress
	// the writers must be set for the engine to produce each game's PGN
	// and JSON, which OnGame keeps; the JSON stream also tells the
	// output order of a sorted run
	o.PGN, o.JSON = io.Discard, r.order
	o.MarkSquares = true // the board shows them
	o.OnGame = r.keep
	go func() {
		defer close(r.done)
		defer r.cancel()
		var st engine.Stats
		err := func() (err error) {
			defer func() {
				if p := recover(); p != nil {
					err = engine.NewInternalError(p, "")
				}
			}()
			st, err = engine.Run(q, o)
			return err
		}()
		// the place among server-runs is free before the run shows as
		// ended: a client that sees it end may start another at once
		ended()
		r.finish(st, err)
	}()
}

// keep is the run's OnGame: it copies each selected game while the
// limits allow: Config.MaxGames and MaxBytes for the run, and
// server-kept-bytes for all runs together.
func (r *run) keep(g *engine.Game) {
	if !g.Selected || r.full() {
		return
	}
	mg, err := newMatchedGame(g)
	if err != nil {
		r.mu.Lock()
		r.warn = err.Error()
		r.mu.Unlock()
		return
	}
	size := mg.memory()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.released || len(r.games) >= r.maxGames || size > r.maxBytes-r.bytes || !r.kept.take(size) {
		r.capped = true
		return
	}
	mg.Rank = len(r.games) + 1
	r.games = append(r.games, mg)
	r.byNum[g.Number] = mg
	r.bytes += size
}

// full reports whether the run keeps no more games (once one was not
// kept, none after it is: the kept games are the first ones), sparing it
// the copy of the ones it would not keep.
func (r *run) full() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.released || r.capped
}

// newMatchedGame copies what the page needs of a selected game: its
// first JSON line is read for the table, the others only for their
// positions' ids (decoding them all took most of a run's time on a query
// that matches every position, while the engine's output piled up).
func newMatchedGame(g *engine.Game) (*matchedGame, error) {
	mg := &matchedGame{pgn: bytes.Clone(g.PGN), jsonLines: bytes.Clone(g.JSON), messages: slices.Clone(g.Messages)}
	mg.Row = Row{Game: g.Number, Matches: g.Matches}
	first, _, _ := bytes.Cut(g.JSON, []byte("\n"))
	ms, err := report.ParseLines(first)
	if err != nil {
		return nil, fmt.Errorf("game %d: %v", g.Number, err)
	}
	if len(ms) > 0 {
		m := ms[0]
		mg.White, mg.Black, mg.Event, mg.Result = m.Tags["White"], m.Tags["Black"], m.Tags["Event"], m.Tags["Result"]
		mg.Year, mg.Sort = m.Year(), m.Sort
	}
	tags := gameview.Header(g.PGN)
	mg.Date, mg.WhiteElo, mg.BlackElo = tags["Date"], tags["WhiteElo"], tags["BlackElo"]
	mg.ECO, mg.Opening = tags["ECO"], tags["Opening"]
	if v := tags["Variation"]; v != "" && mg.Opening != "" {
		mg.Opening += ", " + v
	}
	lines := bytes.Count(g.JSON, []byte("\n"))
	mg.positions, mg.squares = make([]int32, 0, lines), make([]uint64, 0, lines)
	for line := range bytes.Lines(g.JSON) {
		id, ok := positionID(line)
		if !ok {
			return nil, fmt.Errorf("game %d: a JSON line without its positionid", g.Number)
		}
		mg.positions = append(mg.positions, id)
		mg.squares = append(mg.squares, markedSquares(line))
	}
	return mg, nil
}

// positionID reads the "positionid" of an engine's JSON line. The key
// cannot be met first inside a string: there its quotes are escaped.
func positionID(line []byte) (int32, bool) {
	_, rest, ok := bytes.Cut(line, []byte(`"positionid":`))
	if !ok {
		return 0, false
	}
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	n, err := strconv.ParseInt(string(rest[:end]), 10, 32)
	return int32(n), err == nil
}

// markedSquares reads the "squares" of an engine's JSON line as a
// bitboard (a1 bit 0): `"squares":["c3","f6"]`, absent when none. The
// key cannot be met first inside a string: there its quotes are escaped.
func markedSquares(line []byte) uint64 {
	_, rest, ok := bytes.Cut(line, []byte(`"squares":[`))
	if !ok {
		return 0
	}
	list, _, _ := bytes.Cut(rest, []byte("]"))
	var set uint64
	for name := range bytes.SplitSeq(list, []byte(",")) {
		name = bytes.Trim(name, `"`)
		if len(name) == 2 && name[0] >= 'a' && name[0] <= 'h' && name[1] >= '1' && name[1] <= '8' {
			set |= 1 << (uint(name[1]-'1')*8 + uint(name[0]-'a'))
		}
	}
	return set
}

// finish records how the run ended and ranks the games in output order.
func (r *run) finish(st engine.Stats, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.end, r.stats = time.Now(), st
	crash, isCrash := errors.AsType[*engine.InternalError](err)
	switch {
	case errors.Is(err, context.DeadlineExceeded) || r.ctx.Err() == context.DeadlineExceeded:
		r.state, r.err = stateTimeout, "the query took longer than the server allows and was stopped"
	case errors.Is(err, context.Canceled):
		r.state = stateCancelled
	case isCrash && crash.Game > 0:
		// one game made the engine fail; the run went on with the others
		r.state, r.warn = stateDone, crash.Error()
	case err != nil:
		r.state, r.err = stateFailed, err.Error()
	default:
		r.state = stateDone
	}
	r.rank()
}

// rank numbers the kept games in the order the run wrote them: the order
// of the JSON stream (sorted runs write at the end), then the games that
// wrote no JSON line, in input order. The caller holds r.mu.
func (r *run) rank() {
	n := 0
	seen := map[int]bool{}
	for _, num := range r.order.games() {
		if mg := r.byNum[num]; mg != nil && !seen[num] {
			seen[num] = true
			n++
			mg.Rank = n
		}
	}
	for _, mg := range r.games {
		if !seen[mg.Game] {
			n++
			mg.Rank = n
		}
	}
}

// outputOrder is the run's JSON writer: it notes the game number of
// each line, in the order the engine writes them.
type outputOrder struct {
	mu      sync.Mutex
	partial []byte // the start of a line whose end has not come yet
	numbers []int  // the game of each new game's first line
}

func (o *outputOrder) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	data := append(o.partial, p...)
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		o.note(data[:i])
		data = data[i+1:]
	}
	o.partial = append(o.partial[:0], data...)
	return len(p), nil
}

// note reads the game number at the start of a JSON line, `{"game":N,`.
func (o *outputOrder) note(line []byte) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"game":`))
	if !ok {
		return
	}
	end := bytes.IndexByte(rest, ',')
	if end < 0 {
		return
	}
	n, err := strconv.Atoi(string(rest[:end]))
	if err == nil && (len(o.numbers) == 0 || o.numbers[len(o.numbers)-1] != n) {
		o.numbers = append(o.numbers, n)
	}
}

func (o *outputOrder) games() []int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.numbers
}

// status is the body of /api/progress.
type status struct {
	Run        string `json:"run"`
	State      string `json:"state"`
	Games      int64  `json:"games"`   // games read
	Matches    int64  `json:"matches"` // games selected
	Kept       int    `json:"kept"`    // matched games the page can show
	Capped     bool   `json:"capped"`  // more games matched than were kept
	BytesRead  int64  `json:"bytesRead"`
	TotalBytes int64  `json:"totalBytes"` // -1 when unknown
	ElapsedMS  int64  `json:"elapsedMs"`
	ETAMS      int64  `json:"etaMs"` // -1 when unknown
	// Stopping: the run was cancelled or timed out and has not ended yet
	Stopping bool   `json:"stopping,omitempty"`
	Error    string `json:"error,omitempty"`
	Warning  string `json:"warning,omitempty"`
}

func (r *run) status(totalBytes int64) status {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := status{Run: r.id, State: r.state, Kept: len(r.games), Capped: r.capped,
		Error: r.err, Warning: r.warn, TotalBytes: totalBytes, ETAMS: -1}
	if r.state == stateRunning && r.ctx.Err() != nil {
		st.Stopping = true
		if r.ctx.Err() == context.DeadlineExceeded {
			st.Error = "the query took longer than the server allows and is being stopped"
		}
	}
	end := time.Now()
	if r.state == stateRunning {
		st.Games, st.Matches, st.BytesRead = r.progress.Games(), r.progress.Matches(), r.progress.BytesRead()
	} else {
		end = r.end
		st.Games, st.Matches, st.BytesRead = int64(r.stats.Games), int64(r.stats.Matches), r.progress.BytesRead()
	}
	elapsed := end.Sub(r.start)
	st.ElapsedMS = elapsed.Milliseconds()
	switch {
	case r.state != stateRunning:
		st.ETAMS = 0
	case totalBytes > 0 && st.BytesRead > 0:
		left := float64(totalBytes-st.BytesRead) / float64(st.BytesRead)
		st.ETAMS = int64(max(0, left) * float64(elapsed.Milliseconds()))
	}
	return st
}

// rows copies the table of the kept games (in input order), safe to
// read while the run goes on.
func (r *run) rows() []Row {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Row, len(r.games))
	for i, mg := range r.games {
		out[i] = mg.Row
	}
	return out
}

// inOutputOrder is the kept games in the order of the run's output
// (input order while the run goes on); their bytes never change.
func (r *run) inOutputOrder() []*matchedGame {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]*matchedGame(nil), r.games...)
	slices.SortStableFunc(out, func(a, b *matchedGame) int { return a.Rank - b.Rank })
	return out
}

// gameByNumber finds a kept game.
func (r *run) gameByNumber(n int) *matchedGame {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byNum[n]
}

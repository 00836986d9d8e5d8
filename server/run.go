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

	"cqlvm/engine"
	"cqlvm/report"
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
	bytes  int64                // PGN and JSON bytes kept
	capped bool                 // some matched games were not kept
	warn   string               // an error in one game (the run went on)

	maxGames int   // matched games kept at most (Config.MaxGames)
	maxBytes int64 // their bytes at most (Config.MaxBytes)
}

// matchedGame is one selected game as the run wrote it.
type matchedGame struct {
	Row
	pgn, jsonLines []byte
	matched        []report.Match
	messages       []string // the query's `message` output for the game
}

// Row is one line of the results table.
type Row struct {
	Rank    int                `json:"rank"` // place in the run's output (sorted runs: known at the end)
	Game    int                `json:"game"`
	White   string             `json:"white"`
	Black   string             `json:"black"`
	Event   string             `json:"event"`
	Year    string             `json:"year"`
	Result  string             `json:"result"`
	Matches int                `json:"matches"`
	Sort    []report.SortValue `json:"sort,omitempty"`
}

// newRun prepares a run, with its timeout from now; launch sets it going.
func newRun(query string, cfg Config) *run {
	r := &run{id: newID(), query: query, start: time.Now(), done: make(chan struct{}),
		state: stateRunning, byNum: map[int]*matchedGame{}, order: &outputOrder{}}
	r.ctx, r.cancel = context.WithTimeout(context.Background(), cfg.Timeout)
	r.maxGames, r.maxBytes = cfg.MaxGames, cfg.MaxBytes
	return r
}

// launch runs q over cfg's inputs on its own goroutine; a panic ends
// the run as failed, never the server.
func (r *run) launch(q *engine.Query, o engine.Options, cfg Config) {
	o.Inputs, o.Threads, o.Context = cfg.Inputs, cfg.Threads, r.ctx
	o.Progress = &r.progress
	// the writers must be set for the engine to produce each game's PGN
	// and JSON, which OnGame keeps; the JSON stream also tells the
	// output order of a sorted run
	o.PGN, o.JSON = io.Discard, r.order
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
		r.finish(st, err)
	}()
}

// keep is the run's OnGame: it copies each selected game while the
// limits allow.
func (r *run) keep(g *engine.Game) {
	if !g.Selected {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	size := int64(len(g.PGN) + len(g.JSON))
	if len(r.games) >= r.maxGames || r.bytes+size > r.maxBytes {
		r.capped = true
		return
	}
	ms, err := report.ParseLines(g.JSON)
	if err != nil {
		r.warn = fmt.Sprintf("game %d: %v", g.Number, err)
		return
	}
	mg := &matchedGame{pgn: bytes.Clone(g.PGN), jsonLines: bytes.Clone(g.JSON), matched: ms, messages: slices.Clone(g.Messages)}
	mg.Row = Row{Rank: len(r.games) + 1, Game: g.Number, Matches: g.Matches}
	if len(ms) > 0 {
		m := ms[0]
		mg.White, mg.Black, mg.Event, mg.Result = m.Tags["White"], m.Tags["Black"], m.Tags["Event"], m.Tags["Result"]
		mg.Year, mg.Sort = m.Year(), m.Sort
	}
	r.games = append(r.games, mg)
	r.byNum[g.Number] = mg
	r.bytes += size
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
	Error      string `json:"error,omitempty"`
	Warning    string `json:"warning,omitempty"`
}

func (r *run) status(totalBytes int64) status {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := status{Run: r.id, State: r.state, Kept: len(r.games), Capped: r.capped,
		Error: r.err, Warning: r.warn, TotalBytes: totalBytes, ETAMS: -1}
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

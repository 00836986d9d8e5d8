package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"sync"
	"time"

	"cqlvm/compiler"
	"cqlvm/pgn"
	"cqlvm/vm"
)

// runConfig is everything a run needs after flags and header are merged.
type runConfig struct {
	inputs      []string
	output      string // "-" for stdout
	matchString string
	gameLo      int // 0: no game-number restriction
	gameHi      int
	matchLo     int
	matchHi     int
	variations  bool
	silent      bool
	quiet       bool
	noHeader    bool
	threads     int
	sortMatch   bool
	result      string // header `result`: only games with this result are searched
}

// gameResult is what a worker reports about one game.
type gameResult struct {
	number   int
	read     bool // false for games skipped by the game-number range
	output   []byte
	matched  int // matched positions
	selected bool
	errs     []*pgn.Error
	messages []string
	sortKey  int
}

// stats is the run's tally.
type stats struct {
	games, matches, badGames int
}

// runPipeline reads every input, evaluates q on every game with
// cfg.threads workers and writes the matched games, in input order (or
// in sort order), to out. Messages and PGN errors go to diag.
func runPipeline(q *compiler.Query, cfg *runConfig, out io.Writer, diag io.Writer) (stats, error) {
	raws := make(chan *pgn.RawGame, 64)
	results := make(chan gameResult, 64)
	var readErr error
	go func() {
		defer close(raws)
		readErr = readInputs(cfg, raws)
	}()
	var wg sync.WaitGroup
	for i := 0; i < cfg.threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(q, cfg)
			for raw := range raws {
				results <- w.process(raw)
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	st, err := collect(results, cfg, out, diag)
	if readErr != nil {
		return st, readErr
	}
	return st, err
}

// readInputs streams the games of every input file, numbering them
// continuously, and stops after the last game of the game-number range.
func readInputs(cfg *runConfig, raws chan<- *pgn.RawGame) error {
	next := 1
	for _, name := range cfg.inputs {
		f, err := openInput(name)
		if err != nil {
			return err
		}
		r := pgn.NewReader(f, name)
		r.SetFirstNumber(next)
		for {
			raw, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				f.Close()
				return fmt.Errorf("%s: %v", name, err)
			}
			raws <- raw
			next = raw.Number + 1
			if cfg.gameHi > 0 && raw.Number >= cfg.gameHi {
				f.Close()
				return nil
			}
		}
		f.Close()
	}
	return nil
}

func openInput(name string) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(os.Stdin), nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// collect puts results back in input order, writes the selected games
// (sorted when asked) and reports messages and errors in game order.
func collect(results <-chan gameResult, cfg *runConfig, out io.Writer, diag io.Writer) (stats, error) {
	var st stats
	pending := map[int]gameResult{}
	next := 1 // the reader numbers games from 1
	var kept []gameResult
	bw := bufio.NewWriterSize(out, 1<<16)
	emit := func(r gameResult) {
		if r.read {
			st.games++
		}
		for _, e := range r.errs {
			st.badGames++
			fmt.Fprintln(diag, e.Error())
		}
		for _, m := range r.messages {
			fmt.Fprintln(diag, m)
		}
		if !r.selected {
			return
		}
		st.matches++
		if cfg.sortMatch {
			kept = append(kept, r)
			return
		}
		bw.Write(r.output)
	}
	for r := range results {
		pending[r.number] = r
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			emit(p)
			next++
		}
	}
	// numbering gaps cannot happen, but never lose a result
	var rest []int
	for n := range pending {
		rest = append(rest, n)
	}
	sort.Ints(rest)
	for _, n := range rest {
		emit(pending[n])
	}
	if cfg.sortMatch {
		sort.SliceStable(kept, func(i, j int) bool { return kept[i].sortKey > kept[j].sortKey })
		for _, r := range kept {
			bw.Write(r.output)
		}
	}
	return st, bw.Flush()
}

// worker evaluates games; each goroutine owns one.
type worker struct {
	cfg     *runConfig
	q       *compiler.Query
	parser  pgn.Parser
	game    pgn.Game
	tree    vm.Tree
	m       *vm.Machine
	matched []int32
	buf     bytes.Buffer
	bw      *bufio.Writer
}

func newWorker(q *compiler.Query, cfg *runConfig) *worker {
	w := &worker{cfg: cfg, q: q, m: vm.NewMachine(q.Program)}
	w.bw = bufio.NewWriter(&w.buf)
	return w
}

func (w *worker) process(raw *pgn.RawGame) gameResult {
	res := gameResult{number: raw.Number, read: true}
	if w.cfg.gameLo > 0 && (raw.Number < w.cfg.gameLo || raw.Number > w.cfg.gameHi) {
		return res
	}
	w.parser.Parse(raw, &w.game)
	res.errs = append(res.errs, w.game.Errors...)
	if len(w.game.Nodes) == 0 {
		return res
	}
	buildTree(&w.tree, &w.game, w.cfg.variations)
	w.m.StartGame(&w.tree)
	w.matched = w.matched[:0]
	if w.cfg.result == "" || w.tree.Result == w.cfg.result {
		for i := range w.tree.Nodes {
			if w.m.Match(int32(i)) {
				w.matched = append(w.matched, int32(i))
			}
		}
	}
	res.matched = len(w.matched)
	res.sortKey = len(w.matched)
	if len(w.matched) < w.cfg.matchLo || len(w.matched) > w.cfg.matchHi {
		return res
	}
	res.selected = true
	annotate(&w.game, w.m.Comments(), w.matched, raw.Number, w.cfg)
	w.buf.Reset()
	w.bw.Reset(&w.buf)
	pgn.WriteGame(w.bw, &w.game, pgn.WriteOptions{})
	w.bw.WriteString("\n")
	w.bw.Flush()
	res.output = append([]byte(nil), w.buf.Bytes()...)
	return res
}

// defaultThreads is the number of workers when -threads is not given.
func defaultThreads() int { return runtime.NumCPU() }

// elapsed formats the run time as the official summary line does.
func elapsed(start time.Time) string {
	return fmt.Sprintf("%.2f", time.Since(start).Seconds())
}

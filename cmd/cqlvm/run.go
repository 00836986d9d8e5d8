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
	messages    io.Writer
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
	sortVals []vm.SortValue
}

// stats is the run's tally.
type stats struct {
	games, matches, badGames int
	persistent               []string // "name: value" of persistent variables
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
	last := 0
	if q.Program.NeedsLastGameNumber {
		last = countGames(cfg.inputs)
	}
	var wg sync.WaitGroup
	var persistent []string
	for i := 0; i < cfg.threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(q, cfg)
			w.m.LastGameNumber = last
			for raw := range raws {
				results <- w.process(raw)
			}
			if cfg.threads == 1 {
				persistent = w.m.PersistentValues()
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	st, err := collect(results, cfg, q.Program.Sorts, out, diag)
	st.persistent = persistent
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

// countGames is the value of lastgamenumber: the number of games of the
// inputs that have a White tag. The official program counts that way (on
// studies.pgn it reports 2,236, its number of White tags, not its 2,636
// games); games without tags are rare elsewhere. It is 0 when an input
// cannot be read twice (standard input).
func countGames(inputs []string) int {
	n := 0
	for _, name := range inputs {
		if name == "-" {
			return 0
		}
		f, err := os.Open(name)
		if err != nil {
			return 0
		}
		r := pgn.NewReader(f, name)
		for {
			raw, err := r.Next()
			if err != nil {
				break
			}
			if hasWhiteTag(raw.Data) {
				n++
			}
		}
		f.Close()
	}
	return n
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
func collect(results <-chan gameResult, cfg *runConfig, sorts []vm.SortKey, out io.Writer, diag io.Writer) (stats, error) {
	sorting := cfg.sortMatch || len(sorts) > 0
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
			fmt.Fprintln(cfg.messages, m)
		}
		if !r.selected {
			return
		}
		st.matches++
		if sorting {
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
	if sorting {
		sort.SliceStable(kept, func(i, j int) bool { return sortsBefore(&kept[i], &kept[j], sorts, cfg.sortMatch) })
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
	w.parser.CastlingFromPlacement = true // as the official program reads FENs
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
	res.messages = append(res.messages, w.m.GameMessages()...)
	if len(w.matched) < w.cfg.matchLo || len(w.matched) > w.cfg.matchHi {
		return res
	}
	res.selected = true
	res.sortVals = append(res.sortVals, w.m.SortValues()...)
	annotate(&w.game, w.m.Comments(), w.matched, raw.Number, w.cfg, sortTexts(w.q.Program.Sorts, res.sortVals, w.cfg.sortMatch, len(w.matched)))
	w.buf.Reset()
	w.bw.Reset(&w.buf)
	pgn.WriteGame(w.bw, &w.game, pgn.WriteOptions{})
	w.bw.WriteString("\n")
	w.bw.Flush()
	res.output = append([]byte(nil), w.buf.Bytes()...)
	return res
}

// sortsBefore orders output games by the sort keys in the order they
// appear in the query (max keys descending, min keys ascending; games
// without a value last), then by matchcount when the header sorts by it;
// ties keep input order.
func sortsBefore(a, b *gameResult, keys []vm.SortKey, byMatchCount bool) bool {
	for i, k := range keys {
		va, vb := a.sortVals[i], b.sortVals[i]
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
	if byMatchCount && a.matched != b.matched {
		return a.matched > b.matched
	}
	return false
}

// sortTexts are the "doc: value" annotations of a sorted game's first
// comment.
func sortTexts(keys []vm.SortKey, vals []vm.SortValue, byMatchCount bool, matched int) []string {
	var out []string
	for i, k := range keys {
		if k.Quiet || !vals[i].Set {
			continue
		}
		v := fmt.Sprint(vals[i].Num)
		if k.Str {
			v = vals[i].Str
		}
		out = append(out, k.Doc+": "+v)
	}
	if byMatchCount {
		out = append(out, fmt.Sprintf("matchcount: %d", matched))
	}
	return out
}

// defaultThreads is the number of workers when -threads is not given.
func defaultThreads() int { return runtime.NumCPU() }

// elapsed formats the run time as the official summary line does.
func elapsed(start time.Time) string {
	return fmt.Sprintf("%.2f", time.Since(start).Seconds())
}

// hasWhiteTag reports whether a game's text has a line starting with a
// White tag.
func hasWhiteTag(data []byte) bool {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("[White ")) {
			return true
		}
	}
	return false
}

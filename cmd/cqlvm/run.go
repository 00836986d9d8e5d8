package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"iter"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"cqlvm/gametree"
	"cqlvm/engine/input"
	"cqlvm/compiler"
	"cqlvm/pgn"
	"cqlvm/vm"
)

// runConfig is everything a run needs after flags and header are merged.
type runConfig struct {
	inputs      []string
	output      string // PGN output: a file name, "-" for stdout, "" for none (JSON only)
	json        bool   // write one JSON object per matched position
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

	alwaysComment bool   // keep comments of failed filters (-alwayscomment)
	lineIncrement int    // print a line every N games (0: never)
	progress      string // "auto", "always" or "never"

	opener   *input.Opener
	messages io.Writer // `message` output and -lineincrement lines
}

// writesPGN reports whether the run writes matched games as PGN.
func (c *runConfig) writesPGN() bool { return c.output != "" }

// gameResult is what a worker reports about one game.
type gameResult struct {
	number   int
	read     bool // false for games skipped by the game-number range
	offset   int64
	output   []byte // the annotated game as PGN
	json     []byte // its JSON lines
	matched  int    // matched positions
	selected bool
	errs     []*pgn.Error
	messages []string
	asserts  []string // failed `assert`s, for the error stream
	sortVals []vm.SortValue
	crash    *internalError // the worker panicked on this game
}

// stats is the run's tally.
type stats struct {
	games, matches, badGames int
	persistent               []string       // "name: value" of persistent variables
	crash                    *internalError // the first game a worker panicked on
}

// liveCounts are the collector's running totals, read by the progress
// line from another goroutine.
type liveCounts struct {
	games, matches atomic.Int64
}

// sinks are where the collector writes.
type sinks struct {
	pgn, json io.Writer // nil when not wanted
	diag      io.Writer // PGN errors
	live      *liveCounts
	start     time.Time
}

// runPipeline reads every input, evaluates q on every game with
// cfg.threads workers and writes the matched games, in input order (or
// in sort order), to the sinks.
//
// There is no reader thread: a worker that needs games cuts the next batch
// out of the input itself (feed.take), so one thread does all of a
// one-thread run, and N threads share the reading evenly instead of
// waiting on a reader that a single core must keep up with.
func runPipeline(q *compiler.Query, cfg *runConfig, out sinks) (stats, error) {
	last := 0
	if q.Program.NeedsLastGameNumber {
		last = countGames(cfg.inputs)
	}
	feed := newFeed(cfg)
	defer feed.stop()
	c := newCollector(cfg, q.Program.Sorts, out)
	if cfg.threads <= 1 {
		w := newWorker(q, cfg, last)
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
			for _, raw := range batch {
				c.add(w.processSafely(raw))
			}
		}
		c.st.persistent = w.m.PersistentValues()
	} else {
		runWorkers(q, cfg, last, feed, c)
	}
	st, err := c.finish()
	if feed.err != nil {
		return st, feed.err
	}
	return st, err
}

// resultBatch is a worker's results for the batch of games the feed
// numbered seq.
type resultBatch struct {
	seq     int
	results []gameResult
	out     *[]byte // the outputs of the batch's games, when recycled
}

// runWorkers evaluates the games on cfg.threads goroutines and hands their
// results to c in input order.
func runWorkers(q *compiler.Query, cfg *runConfig, last int, feed *gameFeed, c *collector) {
	results := make(chan resultBatch, 2*cfg.threads)
	// sorted output keeps every selected game to the end: nothing can be
	// recycled then
	recycle := !c.sorting
	var pools batchPools
	var wg sync.WaitGroup
	for i := 0; i < cfg.threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(q, cfg, last)
			for {
				batch, seq, ok := feed.take()
				if !ok {
					return
				}
				b := resultBatch{seq: seq, results: pools.results(len(batch))}
				if recycle {
					b.out = pools.output()
					w.batchOut = b.out
				}
				for i, raw := range batch {
					b.results[i] = w.processSafely(raw)
				}
				results <- b
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	pending := map[int]resultBatch{}
	next := 0
	for b := range results {
		pending[b.seq] = b
		for {
			rb, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for _, r := range rb.results {
				c.add(r)
			}
			if recycle {
				pools.put(rb)
			}
			next++
		}
	}
}

// batchPools recycle the result slices and output buffers of batches
// between the workers and the collector: with fresh ones for every batch,
// two threads made garbage at twice the rate of one, and the garbage
// collector cost them a tenth of their time.
type batchPools struct {
	resultSlices, outputs sync.Pool
}

func (p *batchPools) results(n int) []gameResult {
	if rs, ok := p.resultSlices.Get().(*[]gameResult); ok && cap(*rs) >= n {
		return (*rs)[:n]
	}
	return make([]gameResult, n)
}

func (p *batchPools) output() *[]byte {
	if b, ok := p.outputs.Get().(*[]byte); ok {
		*b = (*b)[:0]
		return b
	}
	b := make([]byte, 0, 64<<10)
	return &b
}

// put takes back a batch the collector is done with.
func (p *batchPools) put(b resultBatch) {
	clear(b.results) // drop the games' references until the slice is reused
	rs := b.results[:0]
	p.resultSlices.Put(&rs)
	if b.out != nil {
		p.outputs.Put(b.out)
	}
}

// gameFeed hands out the input's games in numbered batches, in input
// order, to whichever worker asks; the games are read and cut on the
// asking worker's thread.
type gameFeed struct {
	mu   sync.Mutex
	next func() ([]*pgn.RawGame, bool)
	stop func()
	seq  int
	err  error // the reading error, once the games before it are taken
}

func newFeed(cfg *runConfig) *gameFeed {
	f := &gameFeed{}
	f.next, f.stop = iter.Pull(func(yield func([]*pgn.RawGame) bool) {
		f.err = readInputs(cfg, &batcher{yield: yield})
	})
	return f
}

// take returns the next batch and its number; ok is false after the last.
func (f *gameFeed) take() (batch []*pgn.RawGame, seq int, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	batch, ok = f.next()
	seq = f.seq
	f.seq++
	return batch, seq, ok
}

// readInputs yields the games of every input in batches, numbering them
// continuously across files, and stops after the last game of the
// game-number range or when the batches are no longer wanted.
func readInputs(cfg *runConfig, b *batcher) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = newInternalError(p, "while reading the input")
		}
		b.flush()
	}()
	next := 1
	for _, name := range cfg.inputs {
		done := false
		err := cfg.opener.Each(name, func(s input.Stream) error {
			var stop bool
			var err error
			next, stop, err = readStream(s, next, cfg.gameHi, b)
			done = stop
			return err
		})
		if err != nil || done {
			return err
		}
	}
	return nil
}

// readStream sends the games of one stream, numbered from first; it
// returns the next game number and whether the game-number range is done.
func readStream(s input.Stream, first, lastWanted int, raws *batcher) (next int, done bool, err error) {
	r := pgn.NewReader(s.R, s.Name)
	r.SetFirstNumber(first)
	next = first
	var end int64 // where the last complete game ended
	for {
		raw, err := r.Next()
		if err == io.EOF {
			return next, false, nil
		}
		if err != nil {
			return next, false, &inputError{fmt.Errorf("%s: cannot read past byte %d (after game %d): %v", s.Name, end, next-1, err)}
		}
		raws.add(raw)
		next = raw.Number + 1
		end = raw.Offset + int64(len(raw.Data))
		if lastWanted > 0 && raw.Number >= lastWanted || raws.abandoned {
			return next, true, nil
		}
	}
}

// batcher groups games for the workers: up to batchGames games or
// batchBytes bytes of PGN, whichever comes first.
type batcher struct {
	yield     func([]*pgn.RawGame) bool
	games     []*pgn.RawGame
	bytes     int
	abandoned bool // yield said no more batches are wanted
}

const (
	batchGames = 64
	batchBytes = 256 << 10
)

func (b *batcher) add(g *pgn.RawGame) {
	b.games = append(b.games, g)
	b.bytes += len(g.Data)
	if len(b.games) >= batchGames || b.bytes >= batchBytes {
		b.flush()
	}
}

func (b *batcher) flush() {
	if len(b.games) > 0 && !b.abandoned {
		b.abandoned = !b.yield(b.games)
		b.games, b.bytes = nil, 0
	}
}

// countGames is the value of lastgamenumber: the number of games of the
// inputs that have a White tag. The official program counts that way (on
// studies.pgn it reports 2,236, its number of White tags, not its 2,636
// games); games without tags are rare elsewhere. It is 0 when an input
// cannot be read twice (standard input).
func countGames(inputs []string) int {
	var opener input.Opener // a second pass: not counted in the progress
	n := 0
	for _, name := range inputs {
		if name == "-" {
			return 0
		}
		err := opener.Each(name, func(s input.Stream) error {
			r := pgn.NewReader(s.R, s.Name)
			for {
				raw, err := r.Next()
				if err != nil {
					return nil
				}
				if hasWhiteTag(raw.Data) {
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

// collector writes the selected games (sorted when asked) and reports
// messages and errors, given the results in input order.
type collector struct {
	cfg     *runConfig
	sorts   []vm.SortKey
	out     sinks
	sorting bool
	st      stats
	kept    []gameResult // selected games held for sorting
	pgnOut  *bufio.Writer
	jsonOut *bufio.Writer
}

func newCollector(cfg *runConfig, sorts []vm.SortKey, out sinks) *collector {
	return &collector{
		cfg: cfg, sorts: sorts, out: out,
		sorting: cfg.sortMatch || len(sorts) > 0,
		pgnOut:  bufferedOrNil(out.pgn),
		jsonOut: bufferedOrNil(out.json),
	}
}

// add takes the result of the next game in input order.
func (c *collector) add(r gameResult) {
	st, cfg, out := &c.st, c.cfg, c.out
	if r.read {
		st.games++
		out.live.games.Add(1)
		if cfg.lineIncrement > 0 && st.games%cfg.lineIncrement == 0 {
			fmt.Fprintf(cfg.messages, "%d games, %d matches, %s seconds\n", st.games, st.matches, elapsed(out.start))
		}
	}
	if r.crash != nil && st.crash == nil {
		st.crash = r.crash
	}
	for _, e := range r.errs {
		st.badGames++
		fmt.Fprintln(out.diag, formatGameError(e, r.offset))
	}
	for _, m := range r.messages {
		fmt.Fprintln(cfg.messages, m)
	}
	for _, a := range r.asserts {
		fmt.Fprintln(out.diag, a)
	}
	if !r.selected {
		return
	}
	st.matches++
	out.live.matches.Add(1)
	if c.sorting {
		c.kept = append(c.kept, r)
		return
	}
	c.write(&r)
}

func (c *collector) write(r *gameResult) {
	if c.pgnOut != nil {
		c.pgnOut.Write(r.output)
	}
	if c.jsonOut != nil {
		c.jsonOut.Write(r.json)
	}
}

// finish writes the games held for sorting and flushes the outputs.
func (c *collector) finish() (stats, error) {
	if c.sorting {
		kept := c.kept
		sort.SliceStable(kept, func(i, j int) bool { return sortsBefore(&kept[i], &kept[j], c.sorts, c.cfg.sortMatch) })
		for i := range kept {
			c.write(&kept[i])
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

// worker evaluates games; each goroutine owns one.
type worker struct {
	cfg     *runConfig
	q       *compiler.Query
	last    int // lastgamenumber
	parser  pgn.Parser
	game    pgn.Game
	tree    vm.Tree
	m       *vm.Machine
	matched []int32
	// commentSpans[i] is the range of m.Comments() produced while
	// matching matched[i] (for the JSON output).
	commentSpans [][2]int
	sans         sanCache
	asserts      []string // failed assertions of the current game
	// batchOut collects the outputs of the games of the worker's current
	// batch, which are written before the buffer is reused; nil when
	// sorted output must keep every game
	batchOut *[]byte
	ann      annotator
}

func newWorker(q *compiler.Query, cfg *runConfig, last int) *worker {
	w := &worker{cfg: cfg, q: q, last: last}
	w.parser.CastlingFromPlacement = true // as the official program reads FENs
	w.resetMachine()
	return w
}

func (w *worker) resetMachine() {
	w.m = vm.NewMachine(w.q.Program)
	w.m.LastGameNumber = w.last
	w.m.AlwaysComment = w.cfg.alwaysComment
	w.m.Errors = func(msg string) { w.asserts = append(w.asserts, msg) }
}

// processSafely is process that turns a panic into a report naming the
// game, so that a bug shows where to look instead of a stack trace.
func (w *worker) processSafely(raw *pgn.RawGame) (res gameResult) {
	defer func() {
		if p := recover(); p != nil {
			where := fmt.Sprintf("on game %d of %s (starting at byte %d)", raw.Number, raw.File, raw.Offset)
			res = gameResult{number: raw.Number, read: true, offset: raw.Offset, crash: newInternalError(p, where)}
			w.resetMachine() // its state is unknown after a panic
		}
	}()
	return w.process(raw)
}

func (w *worker) process(raw *pgn.RawGame) gameResult {
	res := gameResult{number: raw.Number, read: true, offset: raw.Offset}
	if w.cfg.gameLo > 0 && (raw.Number < w.cfg.gameLo || raw.Number > w.cfg.gameHi) {
		return res
	}
	if w.skippedByPrefilter(raw) {
		return res
	}
	w.parser.Parse(raw, &w.game)
	res.errs = append(res.errs, w.game.Errors...)
	if len(w.game.Nodes) == 0 {
		return res
	}
	gametree.Build(&w.tree, &w.game, w.cfg.variations)
	w.m.StartGame(&w.tree)
	w.asserts = w.asserts[:0]
	w.matchPositions()
	res.matched = len(w.matched)
	res.messages = append(res.messages, w.m.GameMessages()...)
	res.asserts = append(res.asserts, w.asserts...)
	if len(w.matched) < w.cfg.matchLo || len(w.matched) > w.cfg.matchHi {
		return res
	}
	res.selected = true
	res.sortVals = append(res.sortVals, w.m.SortValues()...)
	if w.cfg.json {
		res.json = w.jsonLines(res.sortVals)
	}
	if w.cfg.writesPGN() {
		res.output = w.annotatedPGN(raw.Number, res.sortVals)
	}
	return res
}

// usePrefilter is switched off by the test that checks the prefilter
// changes nothing but speed.
var usePrefilter = true

// skippedByPrefilter reports whether the query's game conditions (tags,
// result, game number) already rule the game out, judged on its header
// alone so that its moves need not be played. A game is never skipped
// when zero matched positions would select it, and a game whose header
// does not read cleanly is left to the full parse, which reports why.
func (w *worker) skippedByPrefilter(raw *pgn.RawGame) bool {
	hasGameConditions := w.q.Program.GameFilter >= 0 || w.cfg.result != ""
	if !usePrefilter || !hasGameConditions || w.cfg.matchLo <= 0 {
		return false
	}
	w.parser.ParseHeader(raw, &w.game)
	if len(w.game.Errors) > 0 || len(w.game.Nodes) == 0 {
		return false
	}
	gametree.Build(&w.tree, &w.game, false)
	if w.cfg.result != "" && w.tree.Result != w.cfg.result {
		return true
	}
	w.m.StartGame(&w.tree)
	return !w.m.GameMatches(&w.tree)
}

// matchPositions evaluates the query at every position of the tree.
func (w *worker) matchPositions() {
	w.matched = w.matched[:0]
	w.commentSpans = w.commentSpans[:0]
	if w.cfg.result != "" && w.tree.Result != w.cfg.result {
		return
	}
	for i := range w.tree.Nodes {
		mark := len(w.m.Comments())
		if w.m.Match(int32(i)) {
			w.matched = append(w.matched, int32(i))
			w.commentSpans = append(w.commentSpans, [2]int{mark, len(w.m.Comments())})
		}
	}
}

// annotatedPGN writes the game with the query's comments.
func (w *worker) annotatedPGN(number int, sortVals []vm.SortValue) []byte {
	texts := sortTexts(w.q.Program.Sorts, sortVals, w.cfg.sortMatch, len(w.matched))
	// the sorts' comments come last, as the official program writes them
	comments := append(w.m.Comments()[:len(w.m.Comments()):len(w.m.Comments())], w.m.SortComments()...)
	w.ann.annotate(&w.game, comments, w.matched, w.commentSpans, number, w.cfg, texts)
	if w.batchOut == nil { // sorted output keeps every game: each its own
		return pgn.AppendGame(nil, &w.game, pgn.WriteOptions{CQLTags: true})
	}
	start := len(*w.batchOut)
	*w.batchOut = pgn.AppendGame(*w.batchOut, &w.game, pgn.WriteOptions{CQLTags: true})
	return (*w.batchOut)[start:len(*w.batchOut):len(*w.batchOut)]
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
		doc := k.Doc
		if doc == "" {
			// the official program's name for a sort without one
			doc = fmt.Sprintf("<sort-id-%d>", i+1)
		}
		out = append(out, doc+": "+v)
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

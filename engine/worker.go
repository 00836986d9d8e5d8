package engine

import (
	"errors"
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/engine/knowledge"
	"github.com/cqlvm/cqlvm/gametree"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/pgn/compact"
	"github.com/cqlvm/cqlvm/uci"
	"github.com/cqlvm/cqlvm/vm"
)

// worker evaluates games; each goroutine owns one.
type worker struct {
	cfg    *runConfig
	q      *Query
	last   int // lastgamenumber
	parser pgn.Parser
	dec    compact.Decoder
	// stored is the length in its file of the game being searched when
	// it is read from a store in compact form, else 0
	stored  int64
	game    pgn.Game
	tree    vm.Tree
	m       *vm.Machine
	matched []int32
	// squares[i] are the squares marked at matched[i] (Options.MarkSquares)
	squares []bitboard.Set
	// commentSpans[i] is the range of m.Comments() produced while
	// matching matched[i] (for the JSON output).
	commentSpans [][2]int
	sans         sanCache
	asserts      []string // failed assertions of the current game
	// batchOut collects the outputs of the games of the worker's current
	// batch, which are written before the buffer is reused; nil when
	// sorted output must keep every game
	batchOut *[]byte
	// kept: the outputs a sorted run keeps, written one after another
	// (keep); scratch: the game being written for it
	kept, scratch []byte
	ann           annotator
	// evaluator is the worker's engine, for a query that evaluates
	// positions (nil otherwise)
	evaluator *uci.Evaluator
}

func newWorker(q *Query, cfg *runConfig, last int) *worker {
	w := &worker{cfg: cfg, q: q, last: last}
	if cfg.evaluations != nil {
		w.evaluator = &uci.Evaluator{Path: cfg.enginePath, Cache: cfg.evaluations}
	}
	w.parser.CastlingFromPlacement = true // as the official program reads FENs
	w.parser.Limits = cfg.Limits          // game-positions, variation-depth
	w.resetMachine()
	return w
}

func (w *worker) resetMachine() {
	if w.cfg.MarkSquares {
		w.useMachine(w.q.Program().Traced())
		w.m.MarkSquares(true)
		return
	}
	w.useMachine(w.q.Program())
}

// useMachine gives the worker a fresh machine running prog.
func (w *worker) useMachine(prog *vm.Program) {
	w.m = vm.NewMachine(prog)
	w.m.LastGameNumber = w.last
	w.m.AlwaysComment = w.cfg.AlwaysComment
	w.m.Similar = w.cfg.similar
	w.m.Errors = func(msg string) { w.asserts = append(w.asserts, msg) }
	w.m.SetLimits(w.cfg.Limits)
	w.m.Cancel = &w.cfg.guard.stop
	// the JSON output gives each match its own comments, repeats and all
	w.m.DedupComments = w.cfg.JSON == nil
	if w.evaluator != nil {
		w.m.Engine = knowledge.Evaluator{Evaluator: w.evaluator}
	}
}

// close ends the worker's engine process, if it started one.
func (w *worker) close() {
	if w.evaluator != nil {
		_ = w.evaluator.Close()
	}
}

// search is the result of the i-th game of batch: skipped when its
// summary rules it out, else searched.
func (w *worker) search(batch *rawBatch, i int) gameResult {
	if batch.skip[i] {
		return skippedResult(batch.games[i], batch.size[i], batch.more[i])
	}
	w.stored = 0
	if batch.compact[i] {
		w.stored = batch.size[i]
	}
	return w.processSafely(batch.games[i])
}

// processSafely is process that turns a panic into a report naming the
// game, so that a bug shows where to look instead of a stack trace. A
// machine that stopped the game's evaluation (*vm.Stop) is no bug.
func (w *worker) processSafely(raw *pgn.RawGame) (res gameResult) {
	defer func() {
		if p := recover(); p != nil {
			if stop, ok := p.(*vm.Stop); ok {
				res = w.stopped(raw, stop)
				return
			}
			res = w.crashed(raw, p)
		}
	}()
	return w.process(raw)
}

// stopped is the result of a game whose evaluation the machine stopped:
// cancelled, the game is left unread, since the run ends; over a limit,
// the game is not selected and the runtime error says which limit, after
// the game's failed assertions so far. The machine goes on with the next
// game (StartGame sets it up anew), keeping the persistent variables.
func (w *worker) stopped(raw *pgn.RawGame, stop *vm.Stop) gameResult {
	if errors.Is(stop.Err, vm.ErrCancelled) {
		return gameResult{}
	}
	res := gameResult{Game: Game{Number: raw.Number, File: raw.File, Offset: raw.Offset}, read: true}
	res.Errors = append(res.Errors, w.game.Errors...)
	res.asserts = append(append(res.asserts, w.asserts...), stop.Msg)
	return res
}

// crashed is the result of a game whose search panicked with p; the
// worker goes on with a fresh machine, since the state of this one is
// unknown.
func (w *worker) crashed(raw *pgn.RawGame, p any) gameResult {
	where := fmt.Sprintf("on game %d of %s (starting at byte %d)", raw.Number, raw.File, raw.Offset)
	crash := NewInternalError(p, where)
	crash.Game = raw.Number
	w.resetMachine()
	crash.Query = queryPlace(w.q.Program(), p)
	if crash.Query == "" {
		if f := w.replayTraced(raw); f != nil {
			crash.Query = queryPlace(w.q.Program(), f)
		}
	}
	return gameResult{Game: Game{Number: raw.Number, File: raw.File, Offset: raw.Offset, Bytes: w.gameBytes(raw)}, read: true, crash: crash}
}

// replayTraced searches raw again with a machine running the traced copy
// of the program (vm.Program.Traced), which keeps the pc of every
// instruction, and returns the panic of that search as a *vm.Fault naming
// the instruction that failed, or nil if it did not panic again. Its
// output, if any, is dropped.
func (w *worker) replayTraced(raw *pgn.RawGame) (fault *vm.Fault) {
	keep := -1
	if w.batchOut != nil {
		keep = len(*w.batchOut)
	}
	defer func() {
		fault = w.m.Fault(recover())
		if keep >= 0 {
			*w.batchOut = (*w.batchOut)[:keep]
		}
		w.resetMachine()
	}()
	w.useMachine(w.q.Program().Traced())
	w.process(raw)
	return nil
}

func (w *worker) process(raw *pgn.RawGame) gameResult {
	res := gameResult{Game: Game{Number: raw.Number, File: raw.File, Offset: raw.Offset, Bytes: w.gameBytes(raw)}, read: true}
	if w.cfg.gameLo > 0 && (raw.Number < w.cfg.gameLo || raw.Number > w.cfg.gameHi) {
		return res
	}
	if w.skippedByPrefilter(raw) {
		return res
	}
	w.read(raw, false)
	res.Errors = append(res.Errors, w.game.Errors...)
	if len(w.game.Nodes) == 0 {
		return res
	}
	gametree.Build(&w.tree, &w.game, w.cfg.Variations)
	w.m.StartGame(&w.tree)
	w.asserts = w.asserts[:0]
	w.matchPositions()
	res.Matches = len(w.matched)
	res.Messages = append(res.Messages, w.m.GameMessages()...)
	res.asserts = append(res.asserts, w.asserts...)
	if len(w.matched) < w.cfg.matchLo || len(w.matched) > w.cfg.matchHi {
		return res
	}
	res.Selected = true
	res.SortValues = append(res.SortValues, w.m.SortValues()...)
	if w.cfg.JSON != nil {
		res.JSON = w.jsonLines(res.SortValues)
	}
	if w.cfg.writesPGN() {
		res.PGN = w.annotatedPGN(raw.Number, res.SortValues)
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
	hasGameConditions := w.q.Program().GameFilter >= 0 || w.cfg.Result != ""
	if !usePrefilter || !hasGameConditions || w.cfg.matchLo <= 0 {
		return false
	}
	w.read(raw, true)
	if len(w.game.Errors) > 0 || len(w.game.Nodes) == 0 {
		return false
	}
	gametree.Build(&w.tree, &w.game, false)
	if w.cfg.Result != "" && w.tree.Result != w.cfg.Result {
		return true
	}
	w.m.StartGame(&w.tree)
	return !w.m.GameMatches(&w.tree)
}

// gameBytes is the length of the game raw in its file.
func (w *worker) gameBytes(raw *pgn.RawGame) int64 {
	if w.stored > 0 {
		return w.stored
	}
	return int64(len(raw.Data))
}

// read parses the game raw into w.game (its header only, when header),
// or reads it from its compact form when it comes from a store so.
func (w *worker) read(raw *pgn.RawGame, header bool) {
	switch {
	case w.stored == 0 && header:
		w.parser.ParseHeader(raw, &w.game)
		return
	case w.stored == 0:
		w.parser.Parse(raw, &w.game)
		return
	}
	g := &w.game
	g.Number, g.File, g.Offset, g.Line = raw.Number, raw.File, raw.Offset, raw.Line
	var err error
	if header {
		err = w.dec.DecodeHeader(raw.Data, g)
	} else {
		err = w.dec.Decode(raw.Data, g)
	}
	if err != nil {
		g.Errors = append(g.Errors, &pgn.Error{File: raw.File, Game: raw.Number, Line: raw.Line, Col: 1, Offset: raw.Offset,
			Msg: fmt.Sprintf("%v in the game store; run cqlvm index on %s again", err, raw.File)})
	}
}

// matchPositions evaluates the query at every position of the tree.
func (w *worker) matchPositions() {
	w.matched = w.matched[:0]
	w.commentSpans = w.commentSpans[:0]
	w.squares = w.squares[:0]
	if w.cfg.Result != "" && w.tree.Result != w.cfg.Result {
		return
	}
	for i := range w.tree.Nodes {
		mark := len(w.m.Comments())
		if ok, squares := w.m.MatchMarked(int32(i)); ok {
			w.matched = append(w.matched, int32(i))
			w.squares = append(w.squares, squares)
			w.commentSpans = append(w.commentSpans, [2]int{mark, len(w.m.Comments())})
		}
	}
}

// annotatedPGN writes the game with the query's comments.
func (w *worker) annotatedPGN(number int, sortVals []vm.SortValue) []byte {
	texts := sortTexts(w.q.Program().Sorts, sortVals, w.cfg.SortByMatchCount, len(w.matched))
	// the sorts' comments come last, as the official program writes them
	comments := append(w.m.Comments()[:len(w.m.Comments()):len(w.m.Comments())], w.m.SortComments()...)
	unique := 0
	if w.m.DedupComments {
		unique = len(w.m.Comments())
	}
	w.ann.annotate(&w.game, comments, unique, w.matched, w.commentSpans, number, w.cfg, texts)
	if w.batchOut == nil { // sorted output keeps every game: each its own
		w.scratch = pgn.AppendGame(w.scratch[:0], &w.game, pgn.WriteOptions{Official: true, MaxBytes: w.cfg.OutputBuffer})
		return w.keep(w.scratch)
	}
	start := len(*w.batchOut)
	*w.batchOut = pgn.AppendGame(*w.batchOut, &w.game, pgn.WriteOptions{Official: true, MaxBytes: w.cfg.OutputBuffer})
	return (*w.batchOut)[start:len(*w.batchOut):len(*w.batchOut)]
}

// keptChunk is the size of the buffers that keep a sorted run's outputs.
const keptChunk = 1 << 20

// keep copies a game's output that a sorted run keeps to the end into the
// worker's current buffer of kept outputs, and a new one when it is full:
// written into a slice of its own, each game grew it again and again,
// a quarter of the time of sort "count" #(a attacks _) >= 8 on games.pgn,
// which keeps all 5,000.
func (w *worker) keep(out []byte) []byte {
	if cap(w.kept)-len(w.kept) < len(out) {
		w.kept = make([]byte, 0, max(keptChunk, len(out)))
	}
	start := len(w.kept)
	w.kept = append(w.kept, out...)
	return w.kept[start:len(w.kept):len(w.kept)]
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

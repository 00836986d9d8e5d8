package engine

import (
	"context"
	"io"
	"sync/atomic"

	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
)

// Options say what a run reads, which games it selects and where it
// writes them. The zero value is usable: it searches the mainlines of
// every game with one worker per CPU and selects the games with at least
// one matched position, but writes nothing; set PGN, JSON or OnGame to
// see the results. Query.Options gives the settings of the query's
// header to start from. Each field's shard tag says whether the parts of
// a run split into shards must agree on it to be merged (engine/shard).
type Options struct {
	// Inputs are read in order, the game numbers continuing from one
	// input to the next. Each is a file name (plain PGN, or gzip, bzip2,
	// zstd or zip, recognised by content) or "-" for Stdin.
	Inputs []string  `shard:"free: the summary stamps the inputs and the merge compares them itself"`
	Stdin  io.Reader `shard:"free: what standard input reads; the inputs are stamped"` // what "-" reads; nil means os.Stdin
	// Spans, when set, are the parts of the Inputs the run reads instead
	// of the whole of them: a shard of a larger run (engine/shard plans
	// them). Inputs stay the whole input set, which lastgamenumber counts.
	Spans []Span `shard:"free: the part of the inputs that is the shard's own"`
	// LastGameNumber, when positive, is the value of lastgamenumber,
	// known beforehand (a shard's, from the inputs' indexes); otherwise a
	// query that uses it has the run count the games of the Inputs first.
	LastGameNumber int `shard:"free: counted from the inputs, which the merge compares"`

	// Threads is the number of workers; 0 means one per CPU. A query
	// with persistent variables always runs on one, since its games
	// must be searched in order.
	Threads int `shard:"free: the output is the same byte for byte with any number of workers"`

	Variations  bool   `shard:"same"` // search the variations too, not only the mainline
	GameNumbers *Range `shard:"same"` // only these games; nil: every game
	MatchCount  *Range `shard:"same"` // select games with this many matched positions; nil: 1 or more
	Result      string `shard:"same"` // only games with this result are searched (the header's result)
	// SortByMatchCount writes the selected games with the most matched
	// positions first (the header's sort matchcount). A query's own
	// `sort` filters sort the output too; either way the selected games
	// are held until the end of the run.
	SortByMatchCount bool `shard:"same"`
	// Unsorted writes the selected games in input order even when the
	// query sorts, each with its Game.SortValues: a shard's part, which
	// the merge sorts with the other shards' (SortsBefore).
	Unsorted bool `shard:"free: every shard writes its part unsorted, for the merge to sort"`

	// How the selected games are annotated in the PGN output.
	MatchString   string `shard:"same"` // comment at every matched position; "" for none
	Silent        bool   `shard:"same"` // no comments at all
	Quiet         bool   `shard:"same"` // no match-string comments
	NoHeader      bool   `shard:"same"` // no "Game number N" comment
	AlwaysComment bool   `shard:"same"` // keep the comments of filters that failed (-alwayscomment)
	// OutputBuffer, when positive, cuts every written game after that
	// many bytes and closes it with "game truncated by CQL", as the
	// official program's -outputbuffer does (its default cuts at 105,000
	// bytes). Zero, the default, never loses a match.
	OutputBuffer int `shard:"same"`

	PGN  io.Writer `shard:"free: where the part goes; its kind is in the summary"` // the selected games, annotated; nil: none
	JSON io.Writer `shard:"free: where the part goes; its kind is in the summary"` // one JSON object per matched position of the selected games; nil: none
	// MarkSquares adds to each JSON line the squares the query was about
	// at the matched position (vm/marksquares.go says which): a board
	// shows them. It runs the traced copy of the program, a little slower.
	MarkSquares bool `shard:"same"`
	// Diagnostics receives the games' PGN errors and failed assertions,
	// one per line, in game order; nil discards them.
	Diagnostics io.Writer `shard:"free: where the games' errors go, beside the part"`
	// Messages receives the query's `message` output in game order; nil
	// discards it.
	Messages io.Writer `shard:"free: a destination; the summary keeps the messages themselves"`

	// OnGame, when set, is called with every game read, in input order,
	// before the game's diagnostics and messages are written. It runs
	// where the outputs are written (one call at a time, from whichever
	// worker writes them), so a slow OnGame slows the run. The Game and its byte slices are only valid during the call.
	OnGame func(*Game) `shard:"free: a callback (a shard's records its summary)"`
	// Progress, when set, is kept up to date while the run goes on.
	Progress *Progress `shard:"free: reports on the run, not its output"`
	// Context, when set, stops the run once it is done: no new batch of
	// games is started, and Run returns the context's error.
	Context context.Context `shard:"free: stops a run, which then writes no summary"`

	// Engine is the UCI engine that evaluates positions for the CQL-S
	// :evaluation and :moveevaluation (a path or a name on the PATH); ""
	// looks for stockfish (uci.Find). Only a query that evaluates
	// positions starts it: one process per worker, each position
	// searched once a run.
	Engine string `shard:"free: a path on the shard's own machine"`
	// Limits bound what one game, one evaluation and the run may take
	// (package limits); nil: the defaults.
	Limits *limits.Values `shard:"free: bounds on work, some sized to the shard's machine (run-memory); a game a limit stops is reported as its error"`
	// Files, when set, says which files the run may open: its Inputs
	// (and Spans) and the submissions of the query's similarposition
	// filters. A run naming another fails with a *FileRefusedError before
	// it opens anything. nil allows every file.
	Files func(name string) bool `shard:"free: a policy on which files may be opened, not on what is written"`
	// OnSubmissions, when set, is told the number of games read from
	// each submissions file of the query's similarposition filters,
	// before the search starts.
	OnSubmissions func(file string, games int) `shard:"free: a callback"`
	// NoStore reads the PGN even when a fresh game store is beside an
	// input (engine/store); by default a run whose query needs something
	// of the games' summaries skips the games whose summary rules them
	// out, with the same output.
	NoStore bool `shard:"free: the output is the same with or without the store"`
}

// Span is a part of one input: the games that start at a byte offset in
// [From, To) of a plain PGN file, or a whole input (From 0, To -1).
type Span struct {
	Input string
	// Start is where reading begins: 0, or the first byte of a game that
	// starts a line (an index knows them), on line StartLine; FirstGame is
	// the number of the first game read from there (0: the number after
	// the last game of the span before).
	Start     int64
	StartLine int
	FirstGame int
	// Games starting before From are cut but not searched; reading ends
	// at the first game starting at To or later (To < 0: the end).
	From, To int64
}

// Range is an inclusive range of numbers.
type Range struct{ Lo, Hi int }

// Game is what a run found in one game.
type Game struct {
	Number   int    // counted from 1 across all the inputs
	File     string // the input it was read from ("<stdin>", "a.zip:b.pgn")
	Offset   int64  // byte offset of its first byte in the (decompressed) input
	Bytes    int64  // its length there (a shard's summary hashes the bytes its games were read from)
	Matches  int    // matched positions
	Selected bool   // Matches is in the MatchCount range: the game is written out
	// PGN and JSON are the game's outputs, when it is selected and the
	// writer is set. A sorted run writes them only at the end.
	PGN, JSON []byte
	Errors    []*pgn.Error // why the game could not be read to its end
	// SortValues are the values of the query's sort keys, in the order of
	// Program().Sorts, when the game is selected.
	SortValues []vm.SortValue
	Messages   []string // the query's `message` output for the game
}

// Stats are a run's totals.
type Stats struct {
	Games    int // games read
	Matches  int // games selected
	BadGames int // PGN errors reported (a game is read up to its first)
	Threads  int // workers the run used
	// Persistent are the query's persistent variables at the end, as
	// "name: value" lines.
	Persistent []string
	Store      StoreStats
}

// StoreStats say what a run did with the game stores of its inputs.
type StoreStats struct {
	Used    []string // the stores read
	Refused []string // why a store beside an input was not used (stale, damaged, other limits)
	Skipped int      // games ruled out by their summary, not parsed
	Uncut   int      // of which the games passed over without being cut out of the PGN
	Read    int      // games read from a store that holds them (not skipped), not from the PGN
	// Positions are the position indexes whose boards ruled games out
	// (a query that pins down a board)
	Positions []string
}

// Progress are a run's running totals, for a progress display: the run
// updates them as it goes and any goroutine may read them. The zero value
// is ready to use; give a Progress to one run only.
type Progress struct {
	games, matches atomic.Int64
	opener         atomic.Pointer[input.Opener]
}

// Games is the number of games handed to the output so far.
func (p *Progress) Games() int64 { return p.games.Load() }

// Matches is the number of games selected so far.
func (p *Progress) Matches() int64 { return p.matches.Load() }

// BytesRead is the number of input bytes read so far, before
// decompression: compared with the inputs' size on disk it tells how far
// the run is.
func (p *Progress) BytesRead() int64 {
	if o := p.opener.Load(); o != nil {
		return o.BytesRead()
	}
	return 0
}

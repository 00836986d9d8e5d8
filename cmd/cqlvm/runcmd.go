package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/limits"
)

// runFlags are the options of `cqlvm run`.
type runFlags struct {
	input, output, matchString, cql      string
	dialect                              string
	gameNumber, matchCount               string
	variations, mainline, silent, quiet  bool
	noHeader, singleThreaded, help, vers bool
	threads                              int
	cpuProfile, memProfile               string
	matchStringSet                       bool
	gameNumberSet, matchCountSet         bool // given, perhaps empty
	json                                 bool
	format                               string
	progress                             string
	noProgress                           bool
	noStore                              bool
	lineIncrement                        int
	outputBuffer                         int
	alwaysComment                        bool
	enginePath                           string
	html                                 string
	squares                              bool
	restrict                             restrictFlags
	official                             officialFlags // the official options with no flag above
	shard                                shardFlags
	limits                               limits.Values
	disable                              engine.Optimizations
	timeout                              time.Duration
	// officialPaths: the files as the official program finds them
	// (under the name cql, or with -gui), header names and the default
	// output in the working directory, not beside the query
	officialPaths bool
}

func newRunFlagSet(f *runFlags) *pflag.FlagSet {
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported by cmdRun, in one line
	fs.SortFlags = false
	fs.StringVarP(&f.input, "input", "i", "", "PGN input file")
	fs.StringVarP(&f.output, "output", "o", "", "PGN output file")
	fs.BoolVar(&f.json, "json", false, "one JSON object per matched position")
	fs.StringVar(&f.format, "format", "", "pgn or jsonl")
	fs.StringVar(&f.matchString, "matchstring", "CQL", "comment at matched positions")
	fs.StringVar(&f.cql, "cql", "", "extra filters")
	fs.StringVar(&f.dialect, "dialect", "", "query language: cql3, cql6 or auto")
	fs.StringVarP(&f.gameNumber, "gamenumber", "g", "", "game number range N[,M]")
	fs.StringVar(&f.matchCount, "matchcount", "", "matched-position range N[,M]")
	fs.BoolVar(&f.variations, "variations", false, "search variations")
	fs.BoolVar(&f.mainline, "mainline", false, "search the mainline only")
	fs.BoolVar(&f.silent, "silent", false, "no comments")
	fs.BoolVar(&f.quiet, "quiet", false, "no automatic comments (as the header's quiet)")
	fs.BoolVar(&f.noHeader, "noheader", false, "no Game number comment")
	fs.IntVar(&f.threads, "threads", 0, "worker threads")
	fs.BoolVarP(&f.singleThreaded, "singlethreaded", "s", false, "one thread")
	fs.StringVar(&f.progress, "progress", "auto", "progress line: auto, always or never")
	fs.BoolVarP(&f.noProgress, "noprogress", "q", false, "no progress line")
	fs.BoolVar(&f.noStore, "nostore", false, "read the PGN even when a fresh game store (cqlvm index) is beside it")
	fs.IntVar(&f.lineIncrement, "lineincrement", 0, "print a line every N games")
	fs.IntVar(&f.outputBuffer, "outputbuffer", 0, "cut each written game after N bytes, as the official program does")
	fs.BoolVar(&f.alwaysComment, "alwayscomment", false, "keep the comments of filters that failed")
	fs.StringVar(&f.enginePath, "engine", "", "UCI engine for the CQL-S evaluation keywords")
	fs.StringVar(&f.html, "html", "", "also write an HTML page with a diagram of each matched position")
	fs.BoolVar(&f.squares, "squares", false, "with --json: the squares the query was about at each matched position")
	f.restrict.register(fs)
	f.shard.register(fs)
	fs.BoolVarP(&f.help, "help", "h", false, "help")
	fs.BoolVarP(&f.vers, "version", "v", false, "version")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile")
	fs.StringVar(&f.memProfile, "memprofile", "", "write a heap profile")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop the run after this long (0: never)")
	addLimitFlag(fs, &f.limits)
	addOptFlags(fs, &f.disable)
	f.official.register(fs)
	return fs
}

// tuneGC sets the engine's GC percentage unless the user chose a GOGC.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(engine.GCPercent)
	}
}

func (c *cli) run(args []string) int {
	var f runFlags
	fs := newRunFlagSet(&f)
	if err := fs.Parse(normalizeArgs(joinMultiArgs(args))); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm run: %s (cqlvm help run lists the flags)\n", flagErrorText(err))
		return exitUsage
	}
	f.matchStringSet = fs.Changed("matchstring")
	f.gameNumberSet, f.matchCountSet = fs.Changed("gamenumber"), fs.Changed("matchcount")
	if f.help {
		fmt.Fprint(c.stdout, usage)
		return exitOK
	}
	if f.vers {
		fmt.Fprintln(c.stdout, version)
		return exitOK
	}
	tuneGC()
	if status, done := c.officialPrelude(&f, fs.Args()); done {
		return status
	}
	f.officialPaths = c.official != nil
	queryPath, pos := splitPositionals(fs.Args(), f.cql != "")
	restrictions, err := f.restrict.restrictions(fs)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm run: %v\n", err)
		return exitUsage
	}
	// the restriction options are a query by themselves, as in the
	// official program (cql -player Carlsen -i db.pgn)
	if queryPath == "" && f.cql == "" && restrictions == (engine.Restrictions{}) {
		fmt.Fprint(c.stderr, "cqlvm run: no query: give a query file (query.cql), -cql \"filters\" or a restriction (-fen, -player, ...)\n")
		return exitUsage
	}
	dialect, err := engine.ParseDialect(f.dialect)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm run: %v\n", err)
		return exitUsage
	}
	// -quiet is the header's quiet (features.md: "only explicit user
	// comments (and header info)"): the compiler leaves out the automatic
	// comments of find, echo, line, path and consecutivemoves
	q, err := engine.Load(queryPath, f.official.queryOptions(engine.QueryOptions{Extra: f.cql, Restrictions: restrictions,
		Quiet: f.quiet || f.silent, Transforms: f.restrict.bodyTransforms(), Dialect: dialect, Limits: &f.limits, Disable: f.disable,
		RefuseExtensions:   c.refuseExtensions(),
		KeepFailedComments: f.alwaysComment}))
	if err != nil {
		return c.reportQueryError(err)
	}
	if status, done := c.officialAfterLoad(&f, queryPath, q); done {
		return status
	}
	cfg, err := makeConfig(&f, q, queryPath, pos)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm run: %v\n", err)
		return exitUsage
	}
	cfg.showMatches = f.official.on("showmatches")
	if f.shard.spec != "" {
		if err := f.shard.prepare(q, cfg, f.output != ""); err != nil {
			fmt.Fprintf(c.stderr, "cqlvm run: %v\n", err)
			if errors.As(err, new(shardUsageError)) {
				return exitUsage
			}
			return exitInput
		}
	}
	reads, writes := runFiles(&f, cfg, queryPath, q.Header().Output, similarFiles(q))
	if status, refused := c.refuseConflicts("cqlvm run", reads, writes); refused {
		return status
	}
	if f.cpuProfile != "" {
		pf, err := os.Create(f.cpuProfile)
		if err != nil {
			fmt.Fprintf(c.stderr, "cqlvm: cannot write the CPU profile: %v\n", err)
			return exitUsage
		}
		pprof.StartCPUProfile(pf)
		defer func() { pprof.StopCPUProfile(); pf.Close() }()
	}
	status := c.execute(q, cfg)
	if f.memProfile != "" {
		if mf, err := os.Create(f.memProfile); err == nil {
			pprof.WriteHeapProfile(mf)
			mf.Close()
		}
	}
	return status
}

// flagErrorText rewrites pflag's messages in the spelling the user typed
// (normalizeArgs turned -foo into --foo).
func flagErrorText(err error) string {
	msg := err.Error()
	msg = strings.Replace(msg, "unknown flag: --", "unknown flag -", 1)
	msg = strings.Replace(msg, "unknown shorthand flag: ", "unknown flag ", 1)
	return msg
}

// splitPositionals finds the query file among the positional arguments:
// the one that ends in .cql, else (without -cql) the first that does not
// look like games. The official program wants the query last, cqlvm
// has always taken it first: both work.
func splitPositionals(args []string, haveCQLText bool) (query string, inputs []string) {
	at := -1
	for i, a := range args {
		if isQueryFileName(a) {
			at = i
			break
		}
	}
	if at < 0 && !haveCQLText {
		for i, a := range args {
			if !looksLikeGames(a) {
				at = i
				break
			}
		}
	}
	if at < 0 {
		return "", args
	}
	inputs = append(append(inputs, args[:at]...), args[at+1:]...)
	return args[at], inputs
}

// isQueryFileName reports whether a name is that of a query file: .cql,
// or .cqls for the old language.
func isQueryFileName(name string) bool {
	lower := strings.ToLower(name)
	return strings.HasSuffix(lower, ".cql") || strings.HasSuffix(lower, ".cqls")
}

// looksLikeGames reports whether a file name names PGN input: "-" or a
// .pgn file, compressed or not, or an archive.
func looksLikeGames(name string) bool {
	if name == "-" {
		return true
	}
	lower := strings.ToLower(name)
	for _, ext := range []string{".pgn", ".gz", ".bz2", ".zst", ".zip"} {
		if strings.HasSuffix(lower, ext) {
			return true
		}
	}
	return strings.Contains(lower, ".pgn.")
}

// The official program accepts an output buffer in this range and cuts
// at 105,000 bytes by default; cqlvm cuts only when asked.
const minOutputBuffer, maxOutputBuffer = 100_001, 100_000_000

// outputBuffer checks -outputbuffer N (0: not given).
func outputBuffer(n int) (int, error) {
	if n != 0 && (n < minOutputBuffer || n > maxOutputBuffer) {
		return 0, fmt.Errorf("-outputbuffer: expected a number of bytes from %d to %d, got %d", minOutputBuffer, maxOutputBuffer, n)
	}
	return n, nil
}

// runConfig is a run as the command line asks for it: the engine's
// options (without the writers, which execute sets) and what the command
// does around the run.
type runConfig struct {
	engine.Options
	output        string        `shard:"free: each shard names its own part"`                     // PGN output: a file name, "-" for stdout, "" for none (JSON only)
	json          bool          `shard:"same"`                                                    // write one JSON object per matched position
	lineIncrement int           `shard:"free: lines on the terminal, not in the part"`            // print a line every N games (0: never)
	progress      string        `shard:"free: the progress line, not in the part"`                // "auto", "always" or "never"
	html          string        `shard:"free: a page beside the part, which merge does not read"` // --html: the report page to write ("": none)
	shardSummary  string        `shard:"free: each shard names its own summary"`                  // a shard's summary file ("": not a shard)
	queryText     string        `shard:"free: the query is in the identity as compiled"`          // the query, as the HTML report shows it
	showMatches   bool          `shard:"free: printed on the terminal, not in the part"`          // -showmatches: print <N> for each selected game
	timeout       time.Duration `shard:"free: a shard stopped by it fails and writes no summary"` // --timeout: the run stops after this long (0: never)
	// afterRun, when set, is called once the run has finished well,
	// before the summary line (a shard writes its summary file)
	afterRun func(engine.Stats) error `shard:"free: a callback"`
}

// makeConfig merges the header and the flags (flags win).
func makeConfig(f *runFlags, q *engine.Query, queryPath string, pos []string) (*runConfig, error) {
	cfg := &runConfig{Options: q.Options(), lineIncrement: f.lineIncrement, html: f.html}
	if f.html != "" {
		cfg.queryText = queryText(queryPath, f.cql)
	}
	o := &cfg.Options
	if f.matchStringSet {
		o.MatchString = f.matchString
	}
	o.Silent = o.Silent || f.silent
	o.Quiet = o.Quiet || f.quiet
	o.NoHeader, o.AlwaysComment, o.Threads = f.noHeader, f.alwaysComment, f.threads
	o.NoStore = f.noStore
	o.MarkSquares = f.squares
	o.Engine = f.enginePath
	o.Limits = &f.limits
	if f.variations || f.restrict.VirtualMainline {
		o.Variations = true
	}
	if f.mainline {
		o.Variations = false
	}
	var err error
	if cfg.json, err = wantJSON(f); err != nil {
		return nil, err
	}
	if cfg.progress, err = progressMode(f); err != nil {
		return nil, err
	}
	if o.OutputBuffer, err = outputBuffer(f.outputBuffer); err != nil {
		return nil, err
	}
	if f.lineIncrement < 0 {
		return nil, fmt.Errorf("-lineincrement: expected a positive number of games, got %d", f.lineIncrement)
	}
	if o.Inputs, err = chooseInputs(f, q.Header().Input, queryPath, pos); err != nil {
		return nil, err
	}
	cfg.output = chooseOutput(f, q.Header().Output, queryPath, cfg.json)
	if cfg.json && cfg.output == "-" {
		return nil, errors.New("--json writes the matches to standard output: give -o a file name for the PGN, or leave -o out")
	}
	if err := applyRangeFlags(f, o); err != nil {
		return nil, err
	}
	if f.timeout < 0 {
		return nil, fmt.Errorf("--timeout: expected a time such as 30s or 10m, got %v", f.timeout)
	}
	cfg.timeout = f.timeout
	if f.threads < 0 {
		return nil, fmt.Errorf("-threads: expected a positive number of threads, got %d", f.threads)
	}
	if f.singleThreaded {
		o.Threads = 1 // 0 is the engine's default, a thread per CPU
	}
	return cfg, nil
}

// applyRangeFlags reads -matchcount and -gamenumber over the header's ranges.
func applyRangeFlags(f *runFlags, o *engine.Options) error {
	if f.matchCountSet {
		lo, hi, err := parseRangeFlag("matchcount", "a number of matched positions", f.matchCount)
		if err != nil {
			return err
		}
		o.MatchCount = &engine.Range{Lo: lo, Hi: hi}
	}
	if f.gameNumberSet {
		lo, hi, err := parseRangeFlag("gamenumber", "a game number", f.gameNumber)
		if err != nil {
			return err
		}
		o.GameNumbers = &engine.Range{Lo: lo, Hi: hi}
	}
	return nil
}

// wantJSON reads --json and --format.
func wantJSON(f *runFlags) (bool, error) {
	switch strings.ToLower(f.format) {
	case "":
		return f.json, nil
	case "jsonl", "json":
		return true, nil
	case "pgn":
		if f.json {
			return false, errors.New("--json and --format pgn contradict each other")
		}
		return false, nil
	}
	return false, fmt.Errorf("--format: expected pgn or jsonl, got %q", f.format)
}

// progressMode reads --progress and -q.
func progressMode(f *runFlags) (string, error) {
	mode := strings.ToLower(f.progress)
	switch mode {
	case "auto", "always", "never":
	default:
		return "", fmt.Errorf("--progress: expected auto, always or never, got %q", f.progress)
	}
	if f.noProgress {
		mode = "never"
	}
	return mode, nil
}

func chooseInputs(f *runFlags, headerInput, queryPath string, pos []string) ([]string, error) {
	switch {
	case f.input != "":
		return append([]string{f.input}, pos...), nil
	case len(pos) > 0:
		return pos, nil
	case headerInput != "":
		return []string{f.headerFile(queryPath, headerInput)}, nil
	}
	return nil, errors.New("no PGN input: give the games after the query (or -i FILE, or \"-\" for standard input), or an 'input' in the query's header")
}

// chooseOutput picks the PGN output: -o, the header's output, or (unless
// the matches go out as JSON) <query>-out.pgn, or without a query file
// the official program's cqldefault-out.pgn. "" means no PGN.
func chooseOutput(f *runFlags, headerOutput, queryPath string, json bool) string {
	switch {
	case f.output != "":
		return f.output
	case headerOutput != "":
		return f.headerFile(queryPath, headerOutput)
	case json:
		return ""
	case queryPath == "":
		return officialDefaultOutput
	case f.officialPaths:
		// the official program writes it in the working directory
		name := filepath.Base(queryPath)
		return strings.TrimSuffix(name, filepath.Ext(name)) + "-out.pgn"
	}
	return strings.TrimSuffix(queryPath, filepath.Ext(queryPath)) + "-out.pgn"
}

// headerFile is the path of a file the query's header names: as it is
// for the official program (which opens it from the working directory),
// else relative to the query's directory.
func (f *runFlags) headerFile(queryPath, name string) string {
	if f.officialPaths || filepath.IsAbs(name) || queryPath == "" {
		return name
	}
	return filepath.Join(filepath.Dir(queryPath), name)
}

// execute runs the engine and prints the summary line.
func (c *cli) execute(q *engine.Query, cfg *runConfig) int {
	start := time.Now()
	if err := checkInputs(cfg); err != nil {
		if c.official != nil {
			return c.official.errorText(c.stdout, "cannot read input "+err.Error())
		}
		fmt.Fprintf(c.stderr, "cqlvm: cannot read input %v\n", err)
		return exitInput
	}
	// stdout carries data when the PGN or the JSON goes there; the
	// summary and messages then go to stderr.
	dataOnStdout := cfg.output == "-" || cfg.json
	report := c.stdout
	if dataOnStdout && c.official == nil {
		report = c.stderr
	}
	o := cfg.Options
	file, err := c.openOutputs(cfg, &o)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm: cannot write the output %s: %v\n", cfg.output, unwrapPathError(err))
		return exitUsage
	}
	o.Stdin, o.Progress = c.stdin, &engine.Progress{}
	o.Diagnostics, o.Messages = c.stderr, report
	var progress *progressLine
	if c.wantsProgress(cfg) {
		progress = startProgress(c.stderr, c.termWidth, bytesToRead(o, c.stdin), o.Progress)
		o.Diagnostics, o.Messages = progress.around(o.Diagnostics), progress.around(o.Messages)
		if dataOnStdout && c.stdoutIsTerminal {
			o.PGN, o.JSON = aroundIfSet(progress, o.PGN), aroundIfSet(progress, o.JSON)
		}
	}
	onGame := o.OnGame // a shard's, when it is one
	o.OnGame = lineCounter(cfg.lineIncrement, o.Messages, start)
	html := newHTMLReport(cfg, &o)
	c.officialRun(cfg, &o) // under the name cql: the official line counter
	o.OnGame = bothOnGame(onGame, o.OnGame)
	st, err, stuck := runWithTimeout(q, o, cfg.timeout)
	if stuck {
		if progress != nil {
			progress.Stop()
		}
		return c.reportTimeout(cfg, engine.Stats{}, true)
	}
	if html != nil && err == nil {
		err = html.write()
	}
	if progress != nil {
		progress.Stop()
	}
	return c.finishRun(cfg, st, err, file, report, start)
}

// openOutputs points o's writers at standard output or the -o file,
// which it returns for closing (nil when there is none).
func (c *cli) openOutputs(cfg *runConfig, o *engine.Options) (*os.File, error) {
	var file *os.File
	switch cfg.output {
	case "":
	case "-":
		o.PGN = c.stdout
	default:
		var err error
		if file, err = os.Create(cfg.output); err != nil {
			return nil, err
		}
		o.PGN = file
	}
	if cfg.json {
		o.JSON = c.stdout
	}
	return file, nil
}

// finishRun closes the output and reports the run's end: an error, or
// the persistent variables and the summary line, then a game that made
// the engine panic.
func (c *cli) finishRun(cfg *runConfig, st engine.Stats, err error, file *os.File, report io.Writer, start time.Time) int {
	// a game whose search panicked did not stop the run: its report
	// comes after the summary
	crash, ok := errors.AsType[*engine.InternalError](err)
	if ok && crash.Game > 0 {
		err = nil
	} else {
		crash = nil
	}
	if file != nil {
		if cerr := file.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("cannot write the output %s: %v", cfg.output, cerr)
		}
	}
	if ie, ok := errors.AsType[*engine.InternalError](err); ok {
		return c.reportInternal(ie)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return c.reportTimeout(cfg, st, false)
	}
	if err == nil && cfg.afterRun != nil {
		err = cfg.afterRun(st)
	}
	if err != nil {
		if c.official != nil {
			return c.official.errorText(c.stdout, err.Error())
		}
		fmt.Fprintf(c.stderr, "cqlvm: %v\n", err)
		return exitInput
	}
	if c.official != nil {
		c.official.summary(report, st, cfg.output, start)
	} else {
		for _, p := range st.Persistent {
			fmt.Fprintln(report, p)
		}
		c.reportStores(st.Store)
		fmt.Fprintln(report, summaryLine(st, cfg, start))
	}
	if crash != nil {
		return c.reportInternal(crash)
	}
	return exitOK
}

// timeoutGrace is how long a run has to stop once its --timeout is
// over: it stops between batches of games, and a read that blocks (an
// idle pipe) would hold it forever.
const timeoutGrace = 2 * time.Second

// runWithTimeout is engine.Run stopped after timeout (0: never). stuck
// is true when the run did not stop within timeoutGrace after it: the
// command then ends without it.
func runWithTimeout(q *engine.Query, o engine.Options, timeout time.Duration) (st engine.Stats, err error, stuck bool) {
	if timeout <= 0 {
		st, err = engine.Run(q, o)
		return st, err, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	o.Context = ctx
	type result struct {
		st  engine.Stats
		err error
	}
	done := make(chan result, 1)
	go func() {
		st, err := engine.Run(q, o)
		done <- result{st, err}
	}()
	select {
	case r := <-done:
		return r.st, r.err, false
	case <-ctx.Done():
	}
	select {
	case r := <-done:
		return r.st, r.err, false
	case <-time.After(timeoutGrace):
		return engine.Stats{}, ctx.Err(), true
	}
}

// reportTimeout ends a run stopped by --timeout: one line, what was
// done until then, and its own exit status. The output holds the games
// selected until then, each whole, unless the run was stuck (in a read
// that does not return) and could not be stopped in order.
func (c *cli) reportTimeout(cfg *runConfig, st engine.Stats, stuck bool) int {
	msg := fmt.Sprintf("stopped after the --timeout of %v: %d matches of the %d games searched until then", cfg.timeout, st.Matches, st.Games)
	if stuck {
		msg = fmt.Sprintf("stopped after the --timeout of %v: the run did not stop within %v more (waiting for its input?); the output may end inside a game", cfg.timeout, timeoutGrace)
	}
	if c.official != nil {
		c.official.errorText(c.stdout, msg)
	} else {
		fmt.Fprintf(c.stderr, "cqlvm: %s\n", msg)
	}
	return exitTimeout
}

// lineCounter prints "N games, M matches, T seconds" every n games
// (-lineincrement) as the engine hands the games over, before each
// game's own messages; nil when n is 0.
func lineCounter(n int, w io.Writer, start time.Time) func(*engine.Game) {
	if n <= 0 {
		return nil
	}
	games, matches := 0, 0
	return func(g *engine.Game) {
		games++
		if games%n == 0 {
			fmt.Fprintf(w, "%d games, %d matches, %s seconds\n", games, matches, elapsed(start))
		}
		if g.Selected {
			matches++
		}
	}
}

// bothOnGame calls a and then b (either may be nil).
func bothOnGame(a, b func(*engine.Game)) func(*engine.Game) {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	return func(g *engine.Game) { a(g); b(g) }
}

// reportStores says on stderr which game stores the run read, how many
// games their summaries ruled out, and why a store beside an input was
// not used.
func (c *cli) reportStores(st engine.StoreStats) {
	for _, why := range st.Refused {
		fmt.Fprintf(c.stderr, "cqlvm: not using a game store: %s; reading the PGN\n", why)
	}
	for _, p := range st.Positions {
		fmt.Fprintf(c.stderr, "cqlvm: the position index %s says which games reach the query's board\n", p)
	}
	switch {
	case len(st.Used) > 0 && st.Read > 0:
		fmt.Fprintf(c.stderr, "cqlvm: used the game store %s: %d games ruled out by their summaries, %d read from the store\n", strings.Join(st.Used, ", "), st.Skipped, st.Read)
	case len(st.Used) > 0:
		fmt.Fprintf(c.stderr, "cqlvm: used the game store %s: %d games ruled out by their summaries (%d of them not cut out of the PGN)\n", strings.Join(st.Used, ", "), st.Skipped, st.Uncut)
	}
}

// summaryLine is the official program's last line,
// "N matches of M games in T seconds using K threads to OUT".
func summaryLine(st engine.Stats, cfg *runConfig, start time.Time) string {
	threads := "threads"
	if st.Threads == 1 {
		threads = "thread"
	}
	skipped := ""
	if st.BadGames > 0 {
		skipped = fmt.Sprintf(" (%d with errors)", st.BadGames)
	}
	out := cfg.output
	if out == "" {
		out = "-" // JSON on standard output
	}
	return fmt.Sprintf("%d matches of %d games%s in %s seconds using %d %s to %s",
		st.Matches, st.Games, skipped, elapsed(start), st.Threads, threads, out)
}

// elapsed formats the run time as the official summary line does.
func elapsed(start time.Time) string {
	return fmt.Sprintf("%.2f", time.Since(start).Seconds())
}

// wantsProgress decides whether to draw the progress line: on a terminal
// unless told otherwise, never when -lineincrement prints its own lines.
func (c *cli) wantsProgress(cfg *runConfig) bool {
	if cfg.lineIncrement > 0 {
		return false
	}
	switch cfg.progress {
	case "always":
		return true
	case "never":
		return false
	}
	return c.termWidth > 0
}

// checkInputs finds unreadable inputs before anything is written (an
// output that is an input was refused before: checkWrites).
func checkInputs(cfg *runConfig) error {
	for _, in := range cfg.Inputs {
		if err := input.Check(in); err != nil {
			return err
		}
	}
	return nil
}

// totalSize is the inputs' size on disk, or -1 if one is unknown.
func totalSize(inputs []string, stdin io.Reader) int64 {
	var total int64
	for _, in := range inputs {
		n := input.Size(in, stdin)
		if n < 0 {
			return -1
		}
		total += n
	}
	return total
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// aroundIfSet is progress.around for an output that may be absent.
func aroundIfSet(p *progressLine, w io.Writer) io.Writer {
	if w == nil {
		return nil
	}
	return p.around(w)
}

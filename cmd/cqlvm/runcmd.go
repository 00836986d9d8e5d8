package main

import (
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

	"cqlvm/engine/input"
	"cqlvm/compiler"
)

// runFlags are the options of `cqlvm run`.
type runFlags struct {
	input, output, matchString, cql      string
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
	lineIncrement                        int
	alwaysComment                        bool
	restrict                             restrictFlags
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
	fs.IntVar(&f.lineIncrement, "lineincrement", 0, "print a line every N games")
	fs.BoolVar(&f.alwaysComment, "alwayscomment", false, "keep the comments of filters that failed")
	f.restrict.register(fs)
	fs.BoolVarP(&f.help, "help", "h", false, "help")
	fs.BoolVarP(&f.vers, "version", "v", false, "version")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile")
	fs.StringVar(&f.memProfile, "memprofile", "", "write a heap profile")
	return fs
}

// gcPercent is the collector's GOGC for a run. What a run keeps live is
// small (a batch of games and their trees, about 10 MB), but it makes
// garbage fast: every game's bytes, tags and output. At the default 100
// the collector ran every few megabytes, costing 5-10% of the CPU of a
// search on human.pgn and more with two threads; at 400 the peak RSS grows
// by about 10 MB and still does not depend on the size of the input.
const gcPercent = 400

// tuneGC sets gcPercent unless the user chose a GOGC.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
}

func (c *cli) run(args []string) int {
	var f runFlags
	fs := newRunFlagSet(&f)
	if err := fs.Parse(normalizeArgs(args)); err != nil {
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
	queryPath, pos := splitPositionals(fs.Args(), f.cql != "")
	if queryPath == "" && f.cql == "" {
		fmt.Fprint(c.stderr, "cqlvm run: no query: give a query file (query.cql) or -cql \"filters\"\n")
		return exitUsage
	}
	restrictions, err := f.restrict.filters(fs)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm run: %v\n", err)
		return exitUsage
	}
	// -quiet is the header's quiet (features.md: "only explicit user
	// comments (and header info)"): the compiler leaves out the automatic
	// comments of find, echo, line, path and consecutivemoves
	q, _, err := loadQuery(queryPath, queryOptions{extra: f.cql, restrictions: restrictions,
		quiet: f.quiet || f.silent, transforms: f.restrict.bodyTransforms()})
	if err != nil {
		return c.reportQueryError(err)
	}
	cfg, err := makeConfig(&f, q, queryPath, pos)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm run: %v\n", err)
		return exitUsage
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
		if strings.HasSuffix(strings.ToLower(a), ".cql") {
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

// makeConfig merges the header and the flags (flags win).
func makeConfig(f *runFlags, q *compiler.Query, queryPath string, pos []string) (*runConfig, error) {
	h := q.Header
	cfg := &runConfig{
		matchString:   f.matchString,
		matchLo:       1,
		matchHi:       1 << 30,
		variations:    h.Variations,
		silent:        h.Silent || f.silent,
		quiet:         h.Quiet || f.quiet,
		noHeader:      f.noHeader,
		threads:       f.threads,
		sortMatch:     h.SortMatch,
		result:        h.Result,
		lineIncrement: f.lineIncrement,
		alwaysComment: f.alwaysComment,
		progress:      f.progress,
	}
	if h.MatchString != nil && !f.matchStringSet {
		cfg.matchString = *h.MatchString
	}
	if f.variations || f.restrict.virtualMainline {
		cfg.variations = true
	}
	if f.mainline {
		cfg.variations = false
	}
	var err error
	if cfg.json, err = wantJSON(f); err != nil {
		return nil, err
	}
	if cfg.progress, err = progressMode(f); err != nil {
		return nil, err
	}
	if f.lineIncrement < 0 {
		return nil, fmt.Errorf("-lineincrement: expected a positive number of games, got %d", f.lineIncrement)
	}
	if cfg.inputs, err = chooseInputs(f, h.Input, queryPath, pos); err != nil {
		return nil, err
	}
	cfg.output = chooseOutput(f, h.Output, queryPath, cfg.json)
	if cfg.json && cfg.output == "-" {
		return nil, errors.New("--json writes the matches to standard output: give -o a file name for the PGN, or leave -o out")
	}
	if h.HasMatchCount {
		cfg.matchLo, cfg.matchHi = int(h.MatchCount[0]), int(h.MatchCount[1])
	}
	if f.matchCountSet {
		if cfg.matchLo, cfg.matchHi, err = parseRangeFlag("matchcount", "a number of matched positions", f.matchCount); err != nil {
			return nil, err
		}
	}
	if h.HasGameNumber {
		cfg.gameLo, cfg.gameHi = int(h.GameNumber[0]), int(h.GameNumber[1])
	}
	if f.gameNumberSet {
		if cfg.gameLo, cfg.gameHi, err = parseRangeFlag("gamenumber", "a game number", f.gameNumber); err != nil {
			return nil, err
		}
	}
	if f.threads < 0 {
		return nil, fmt.Errorf("-threads: expected a positive number of threads, got %d", f.threads)
	}
	if cfg.threads == 0 {
		cfg.threads = defaultThreads()
	}
	if f.singleThreaded || q.Program.HasPersistent() {
		cfg.threads = 1
	}
	return cfg, nil
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
		return []string{relativeTo(queryPath, headerInput)}, nil
	}
	return nil, errors.New("no PGN input: give the games after the query (or -i FILE, or \"-\" for standard input), or an 'input' in the query's header")
}

// chooseOutput picks the PGN output: -o, the header's output, or (unless
// the matches go out as JSON) <query>-out.pgn. "" means no PGN.
func chooseOutput(f *runFlags, headerOutput, queryPath string, json bool) string {
	switch {
	case f.output != "":
		return f.output
	case headerOutput != "":
		return relativeTo(queryPath, headerOutput)
	case json:
		return ""
	case queryPath != "":
		return strings.TrimSuffix(queryPath, filepath.Ext(queryPath)) + "-out.pgn"
	}
	return "cql-out.pgn"
}

// relativeTo resolves a header file name against the query's directory.
func relativeTo(queryPath, name string) string {
	if filepath.IsAbs(name) || queryPath == "" {
		return name
	}
	return filepath.Join(filepath.Dir(queryPath), name)
}

// execute runs the pipeline and prints the summary line.
func (c *cli) execute(q *compiler.Query, cfg *runConfig) int {
	start := time.Now()
	if err := checkInputs(cfg); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm: cannot read input %v\n", err)
		return exitInput
	}
	// stdout carries data when the PGN or the JSON goes there; the
	// summary and messages then go to stderr.
	dataOnStdout := cfg.output == "-" || cfg.json
	report := c.stdout
	if dataOnStdout {
		report = c.stderr
	}
	var pgnOut io.Writer
	var file *os.File
	switch cfg.output {
	case "":
	case "-":
		pgnOut = c.stdout
	default:
		var err error
		if file, err = os.Create(cfg.output); err != nil {
			fmt.Fprintf(c.stderr, "cqlvm: cannot write the output %s: %v\n", cfg.output, unwrapPathError(err))
			return exitUsage
		}
		pgnOut = file
	}
	var jsonOut io.Writer
	if cfg.json {
		jsonOut = c.stdout
	}
	cfg.opener = &input.Opener{Stdin: c.stdin}
	live := &liveCounts{}
	diag, messages := c.stderr, report
	var progress *progressLine
	if c.wantsProgress(cfg) {
		progress = startProgress(c.stderr, c.termWidth, totalSize(cfg.inputs, c.stdin), cfg.opener.BytesRead, live)
		diag, messages = progress.around(diag), progress.around(messages)
		if dataOnStdout && c.stdoutIsTerminal {
			pgnOut, jsonOut = aroundIfSet(progress, pgnOut), aroundIfSet(progress, jsonOut)
		}
	}
	cfg.messages = messages
	st, err := runPipeline(q, cfg, sinks{pgn: pgnOut, json: jsonOut, diag: diag, live: live, start: start})
	if progress != nil {
		progress.Stop()
	}
	if file != nil {
		if cerr := file.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("cannot write the output %s: %v", cfg.output, cerr)
		}
	}
	var ie *internalError
	if errors.As(err, &ie) {
		return c.reportInternal(ie)
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm: %v\n", err)
		return exitInput
	}
	for _, p := range st.persistent {
		fmt.Fprintln(report, p)
	}
	fmt.Fprintln(report, summaryLine(st, cfg, start))
	if st.crash != nil {
		return c.reportInternal(st.crash)
	}
	return exitOK
}

// summaryLine is the official program's last line,
// "N matches of M games in T seconds using K threads to OUT".
func summaryLine(st stats, cfg *runConfig, start time.Time) string {
	threads := "threads"
	if cfg.threads == 1 {
		threads = "thread"
	}
	skipped := ""
	if st.badGames > 0 {
		skipped = fmt.Sprintf(" (%d with errors)", st.badGames)
	}
	out := cfg.output
	if out == "" {
		out = "-" // JSON on standard output
	}
	return fmt.Sprintf("%d matches of %d games%s in %s seconds using %d %s to %s",
		st.matches, st.games, skipped, elapsed(start), cfg.threads, threads, out)
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

// checkInputs finds unreadable inputs before anything is written, and
// refuses to overwrite an input with the output.
func checkInputs(cfg *runConfig) error {
	outInfo, outErr := os.Stat(cfg.output)
	for _, in := range cfg.inputs {
		if err := input.Check(in); err != nil {
			return err
		}
		if in == "-" || outErr != nil || cfg.output == "" || cfg.output == "-" {
			continue
		}
		if inInfo, err := os.Stat(in); err == nil && os.SameFile(inInfo, outInfo) {
			return fmt.Errorf("%s: it is also the output; choose another -o", in)
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

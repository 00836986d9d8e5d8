package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/spf13/pflag"

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
}

func cmdRun(args []string, stdout, stderr io.Writer) int {
	var f runFlags
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.StringVarP(&f.input, "input", "i", "", "PGN input file")
	fs.StringVarP(&f.output, "output", "o", "", "PGN output file")
	fs.StringVar(&f.matchString, "matchstring", "CQL", "comment at matched positions")
	fs.StringVar(&f.cql, "cql", "", "extra filters")
	fs.StringVarP(&f.gameNumber, "gamenumber", "g", "", "game number range N[,M]")
	fs.StringVar(&f.matchCount, "matchcount", "", "matched-position range N[,M]")
	fs.BoolVar(&f.variations, "variations", false, "search variations")
	fs.BoolVar(&f.mainline, "mainline", false, "search the mainline only")
	fs.BoolVar(&f.silent, "silent", false, "no comments")
	fs.BoolVar(&f.quiet, "quiet", false, "no match-string comments")
	fs.BoolVar(&f.noHeader, "noheader", false, "no Game number comment")
	fs.IntVar(&f.threads, "threads", 0, "worker threads")
	fs.BoolVarP(&f.singleThreaded, "singlethreaded", "s", false, "one thread")
	fs.BoolVarP(&f.help, "help", "h", false, "help")
	fs.BoolVarP(&f.vers, "version", "v", false, "version")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile")
	fs.StringVar(&f.memProfile, "memprofile", "", "write a heap profile")
	if err := fs.Parse(normalizeArgs(args)); err != nil {
		return exitUsage
	}
	f.matchStringSet = fs.Changed("matchstring")
	if f.help {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	if f.vers {
		fmt.Fprintln(stdout, version)
		return exitOK
	}
	pos := fs.Args()
	var queryPath string
	if len(pos) > 0 && !strings.HasSuffix(strings.ToLower(pos[0]), ".pgn") {
		queryPath, pos = pos[0], pos[1:]
	}
	if queryPath == "" && f.cql == "" {
		fmt.Fprint(stderr, "cqlvm run: no query: give a query file or -cql \"filters\"\n")
		return exitUsage
	}
	q, _, err := loadQuery(queryPath, f.cql)
	if err != nil {
		return reportQueryError(stderr, err)
	}
	cfg, err := makeConfig(&f, q, queryPath, pos)
	if err != nil {
		fmt.Fprintf(stderr, "cqlvm run: %v\n", err)
		return exitUsage
	}
	if f.cpuProfile != "" {
		pf, err := os.Create(f.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "cqlvm: %v\n", err)
			return exitUsage
		}
		pprof.StartCPUProfile(pf)
		defer func() { pprof.StopCPUProfile(); pf.Close() }()
	}
	status := execute(q, cfg, stdout, stderr)
	if f.memProfile != "" {
		if mf, err := os.Create(f.memProfile); err == nil {
			pprof.WriteHeapProfile(mf)
			mf.Close()
		}
	}
	return status
}

// makeConfig merges the header and the flags (flags win).
func makeConfig(f *runFlags, q *compiler.Query, queryPath string, pos []string) (*runConfig, error) {
	h := q.Header
	cfg := &runConfig{
		matchString: f.matchString,
		matchLo:     1,
		matchHi:     1 << 30,
		variations:  h.Variations && !h.Mainline,
		silent:      h.Silent || f.silent,
		quiet:       h.Quiet || f.quiet,
		noHeader:    f.noHeader,
		threads:     f.threads,
		sortMatch:   h.SortMatch,
		result:      h.Result,
	}
	if h.MatchString != nil && !f.matchStringSet {
		cfg.matchString = *h.MatchString
	}
	if f.variations {
		cfg.variations = true
	}
	if f.mainline {
		cfg.variations = false
	}
	switch {
	case f.input != "":
		cfg.inputs = []string{f.input}
	case len(pos) > 0:
		cfg.inputs = pos
	case h.Input != "":
		cfg.inputs = []string{relativeTo(queryPath, h.Input)}
	default:
		return nil, fmt.Errorf("no PGN input: give -i FILE or a header 'input'")
	}
	switch {
	case f.output != "":
		cfg.output = f.output
	case h.Output != "":
		cfg.output = relativeTo(queryPath, h.Output)
	case queryPath != "":
		cfg.output = strings.TrimSuffix(queryPath, filepath.Ext(queryPath)) + "-out.pgn"
	default:
		cfg.output = "cql-out.pgn"
	}
	if h.HasMatchCount {
		cfg.matchLo, cfg.matchHi = int(h.MatchCount[0]), int(h.MatchCount[1])
	}
	if f.matchCount != "" {
		lo, hi, err := parseRange(f.matchCount)
		if err != nil {
			return nil, fmt.Errorf("bad -matchcount %q", f.matchCount)
		}
		cfg.matchLo, cfg.matchHi = lo, hi
	}
	if h.HasGameNumber {
		cfg.gameLo, cfg.gameHi = int(h.GameNumber[0]), int(h.GameNumber[1])
	}
	if f.gameNumber != "" {
		lo, hi, err := parseRange(f.gameNumber)
		if err != nil {
			return nil, fmt.Errorf("bad -gamenumber %q", f.gameNumber)
		}
		cfg.gameLo, cfg.gameHi = lo, hi
	}
	if cfg.threads <= 0 {
		cfg.threads = defaultThreads()
	}
	if f.singleThreaded || q.Program.HasPersistent() {
		cfg.threads = 1
	}
	return cfg, nil
}

// relativeTo resolves a header file name against the query's directory.
func relativeTo(queryPath, name string) string {
	if filepath.IsAbs(name) || queryPath == "" {
		return name
	}
	return filepath.Join(filepath.Dir(queryPath), name)
}

// execute runs the pipeline and prints the summary line.
func execute(q *compiler.Query, cfg *runConfig, stdout, stderr io.Writer) int {
	start := time.Now()
	for _, in := range cfg.inputs {
		if in == "-" {
			continue
		}
		if _, err := os.Stat(in); err != nil {
			fmt.Fprintf(stderr, "cqlvm: cannot read input: %v\n", err)
			return exitInput
		}
	}
	var out io.Writer = stdout
	var file *os.File
	if cfg.output != "-" {
		var err error
		if file, err = os.Create(cfg.output); err != nil {
			fmt.Fprintf(stderr, "cqlvm: cannot write output: %v\n", err)
			return exitUsage
		}
		out = file
	}
	cfg.messages = stdout
	if cfg.output == "-" {
		cfg.messages = stderr
	}
	st, err := runPipeline(q, cfg, out, stderr)
	if file != nil {
		if cerr := file.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "cqlvm: %v\n", err)
		return exitInput
	}
	summary := stdout
	if cfg.output == "-" {
		summary = stderr
	}
	threads := "threads"
	if cfg.threads == 1 {
		threads = "thread"
	}
	skipped := ""
	if st.badGames > 0 {
		skipped = fmt.Sprintf(" (%d with errors)", st.badGames)
	}
	for _, p := range st.persistent {
		fmt.Fprintln(summary, p)
	}
	fmt.Fprintf(summary, "%d matches of %d games%s in %s seconds using %d %s to %s\n",
		st.matches, st.games, skipped, elapsed(start), cfg.threads, threads, cfg.output)
	return exitOK
}

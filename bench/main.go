// Command bench measures the throughput of cqlvm on a large PGN database
// with a fixed suite of queries, one or two per cost class, and checks
// their answers.
//
// Usage:
//
//	go run ./bench [-runs N] [-queries SUBSTR] [-threads N] [-quick] [-rss]
//	               [-heavy | -growth] [file.pgn | file.pgn.gz]
//
// Without a file it measures human.pgn (149,352 games), unpacked once from
// ../shared/data/human.pgn.gz or /work/shared/data/human.pgn.gz into a
// cache directory under the system temp dir, else testdata/pgn/games.pgn.
//
// Every query runs in this process with package engine, with one thread
// and with N threads, -runs times; the harness reports medians of the wall
// time, the CPU time and the peak RSS of each run, checks the match counts against the expected ones
// of suite.go and the output files for identity between thread counts,
// times pgn-extract on the same file as a yardstick, and prints a markdown
// table. It exits with status 1 when any check failed. See bench/README.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
)

// options are the command-line settings.
type options struct {
	runs     int
	queries  string // substring of the query text or class; "" = all
	threads  int    // the "all cores" thread count
	quick    bool   // one run, no memory test
	rssOnly  bool   // only the ×1/×4 memory test
	input    string // PGN or PGN.gz; "" = the default database
	noExtern bool   // skip pgn-extract and CQL_REFERENCE (the go test)
	heavy    bool   // the heavy queries of bench/heavy instead of the suite
	growth   bool   // the heavy constructs on synthetic games of growing length
}

func main() {
	o := parseFlags()
	rep, err := run(o, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	if len(rep.failures) > 0 {
		os.Exit(1)
	}
}

func parseFlags() options {
	var o options
	flag.IntVar(&o.runs, "runs", 5, "repeat each measurement `N` times and report medians")
	flag.StringVar(&o.queries, "queries", "", "run only the queries whose text or class contains `SUBSTR`")
	flag.IntVar(&o.threads, "threads", runtime.NumCPU(), "thread count of the multi-threaded runs")
	flag.BoolVar(&o.quick, "quick", false, "one run per measurement and no ×4 memory test")
	flag.BoolVar(&o.rssOnly, "rss", false, "run only the peak-RSS test (×1 against ×4 copies of the input)")
	flag.BoolVar(&o.heavy, "heavy", false, "run the heavy queries of bench/heavy (default input games.pgn), beside the official CQL when CQL_REFERENCE is set")
	flag.BoolVar(&o.growth, "growth", false, "time each heavy construct on synthetic games of 100 to 800 plies (mainline and with variations) and print the factor per doubling, beside the official CQL when CQL_REFERENCE is set")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench [flags] [file.pgn | file.pgn.gz]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 1 {
		flag.Usage()
		os.Exit(2)
	}
	o.input = flag.Arg(0)
	if o.quick {
		o.runs = 1
	}
	if o.runs < 1 || o.threads < 1 {
		fmt.Fprintln(os.Stderr, "bench: -runs and -threads must be at least 1")
		os.Exit(2)
	}
	return o
}

// environment is what every measurement needs.
type environment struct {
	ctx     context.Context // cancelled on interrupt; stops the engine or kills the running child
	opts    options
	root    string // repository root
	scratch string // per-run temporary files, removed at the end
	extract string // pgn-extract, when found: also timed beside each trivial query
	db      database
	log     io.Writer
}

func (env *environment) printf(format string, args ...any) {
	fmt.Fprintf(env.log, format, args...)
}

// run is the whole harness; w receives the progress lines and the report.
// An interrupt stops the running engine (or kills the running child) and
// still removes the scratch directory, which may hold a ×4 copy of the
// database.
func run(o options, w io.Writer) (*report, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	env, cleanup, err := setUp(ctx, o, w)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	rep := &report{env: env}
	c := &checks{log: func(s string) { fmt.Fprintln(w, s) }}
	if o.heavy {
		return runHeavy(env, rep, c, w)
	}
	if o.growth {
		return runGrowth(env, rep, c, w)
	}
	if err := measureAll(env, rep, c); err != nil {
		if ctx.Err() != nil {
			return nil, errors.New("interrupted")
		}
		return nil, err
	}
	rep.failures = c.failures
	rep.print(w)
	return rep, nil
}

// setUp makes the scratch directory and reads the database once.
func setUp(ctx context.Context, o options, w io.Writer) (*environment, func(), error) {
	// The repository is needed to find the default databases; with a
	// file the harness runs from anywhere.
	root, err := repoRoot()
	if err != nil && o.input == "" {
		return nil, nil, fmt.Errorf("%v: run it inside the cqlvm repository, or give a PGN file", err)
	}
	useEngineGC()
	scratch, err := os.MkdirTemp("", "cqlvm-bench-run-*")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { os.RemoveAll(scratch) }
	env := &environment{ctx: ctx, opts: o, root: root, scratch: scratch, log: w}
	if o.growth {
		return env, cleanup, nil // it writes its own games
	}
	cacheDir := filepath.Join(os.TempDir(), "cqlvm-bench")
	input := o.input
	if o.heavy && input == "" {
		input = filepath.Join(root, "testdata", "pgn", "games.pgn")
	}
	path, err := chooseInput(input, root, cacheDir, w)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	if env.db, err = countDatabase(path); err != nil {
		cleanup()
		return nil, nil, err
	}
	return env, cleanup, nil
}

// runHeavy measures the heavy queries instead of the suite.
func runHeavy(env *environment, rep *report, c *checks, w io.Writer) (*report, error) {
	env.printf("file     %s (%.1f MB, %d games%s)\n", env.db.path, float64(env.db.size)/1e6, env.db.games, knownNote(env.db))
	env.printf("machine  %d CPUs, load average %s; 1 thread, %d run(s) each, minimum user time\n", runtime.NumCPU(), loadAverage(), env.opts.runs)
	ref, haveRef := referenceFromEnv()
	if env.opts.noExtern || !haveRef {
		ref = ""
	}
	results, err := measureHeavy(env, ref, c)
	if err != nil {
		if env.ctx.Err() != nil {
			return nil, errors.New("interrupted")
		}
		return nil, err
	}
	rep.failures = c.failures
	printHeavy(w, env, ref, results, c.failures)
	return rep, nil
}

// measureAll runs the yardstick, the suite and the memory test.
func measureAll(env *environment, rep *report, c *checks) error {
	env.printf("file     %s (%.1f MB, %d games, %d mainline positions%s)\n",
		env.db.path, float64(env.db.size)/1e6, env.db.games, env.db.positions, knownNote(env.db))
	env.printf("machine  %d CPUs, load average %s; threads 1 and %d, %d run(s) each, medians\n",
		runtime.NumCPU(), loadAverage(), env.opts.threads, env.opts.runs)
	rep.loadBefore = loadAverage()
	if err := measureYardsticks(env, rep); err != nil {
		return err
	}
	if !env.opts.rssOnly {
		if err := measureSuite(env, rep, c); err != nil {
			return err
		}
	}
	if !env.opts.quick || env.opts.rssOnly {
		m, err := measureMemory(env, c)
		if err != nil {
			return err
		}
		rep.mem = m
	}
	rep.loadAfter = loadAverage()
	return nil
}

func knownNote(db database) string {
	if db.known == "" {
		return "; not a known corpus, match counts are not checked"
	}
	return "; expected counts of " + db.known
}

// measureYardsticks times pgn-extract and notes what cannot be compared.
func measureYardsticks(env *environment, rep *report) error {
	extract, haveExtract := findPGNExtract()
	ref, haveRef := referenceFromEnv()
	if env.opts.noExtern {
		haveExtract, haveRef = false, false
	}
	rep.skips = describeSkips(haveExtract, haveRef)
	if haveRef {
		rep.reference = ref
	}
	if !haveExtract || env.opts.rssOnly {
		return nil
	}
	env.extract = extract
	st, err := measurePGNExtract(env, extract)
	if err != nil {
		return err
	}
	rep.extract = &st
	env.printf("pgn-extract -s -o /dev/null: %.2f s wall, %.2f s CPU (%.2f M positions/s)\n",
		st.wall.Seconds(), st.cpu.Seconds(), mpos(env.db, st))
	return nil
}

// measureSuite measures the selected queries in suite order.
func measureSuite(env *environment, rep *report, c *checks) error {
	selected := selectQueries(env.opts.queries)
	if len(selected) == 0 {
		return fmt.Errorf("no query matches -queries %q", env.opts.queries)
	}
	for i, q := range selected {
		res, err := measureQuery(env, q, c)
		if err != nil {
			return err
		}
		if rep.reference != "" {
			// A query the official program rejects or crashes on is a
			// finding about this suite, not a reason to stop measuring.
			if st, err := measureReference(rep.reference, q, env); err != nil {
				c.fail("official CQL on %q: %v", q.text, err)
			} else {
				res.ref = &st
				checkReference(res, c)
			}
		}
		env.printf("[%2d/%d] %s\n", i+1, len(selected), progressLine(env, res, rep.yardstick(res)))
		rep.results = append(rep.results, res)
	}
	return nil
}

// selectQueries keeps the suite entries whose text or class contains sub.
func selectQueries(sub string) []query {
	var out []query
	for _, q := range suite {
		if strings.Contains(q.text, sub) || strings.Contains(q.class, sub) {
			out = append(out, q)
		}
	}
	return out
}

// loadAverage is the 1-minute load average: on a shared machine a high
// value explains slow wall times.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return "unknown"
	}
	return f[0]
}

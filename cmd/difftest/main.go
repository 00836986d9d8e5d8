// Command difftest is a differential tester: it generates random
// well-typed CQL 6.2 queries, runs the official CQL program (the
// reference) and cqlvm on the same few hundred games, and minimises every
// disagreement to a small query and, where possible, one game.
//
// Usage:
//
//	go run ./cmd/difftest [flags]
//
// The reference is -ref, else $CQL_REFERENCE, else ../shared/reference/cql
// beside the repository (or beside its main checkout when this is a git
// worktree). Without it the tool prints "difftest: no reference program
// (set CQL_REFERENCE); skipped" and exits 0. cqlvm is -engine, else
// ./cmd/cqlvm built into a temporary folder.
//
// The test PGN is built once from the shared data files (a slice of the
// studies with variations, set-up positions, OTB games and a few odd files
// from data/edge, without Chess960 games, null moves or games either
// program reads differently) and cached in the system's temporary folder.
//
// For each query both programs run with -s (one thread) and a timeout;
// the outcomes are compared by exit status class, the "N matches" summary
// and the (game number, match count) rows of the output PGN, in order, as
// the shared conformance checker does. A timeout on either side is
// counted apart. Each disagreement is shrunk (game set first, then the
// query's syntax tree) keeping the kind of disagreement constant, and
// written once per distinct minimised query to -out/NNN-kind/ (query.cql,
// original.cql, game.pgn, reference.txt, cqlvm.txt).
//
// The timing mode (-time) draws real-style queries instead (TimeGen) and
// times both programs on one file, one thread each, alternating which
// runs first, measuring the child's CPU time; it prints the distribution
// of the ratios official/cqlvm over the queries the reference spends at
// least -threshold on and that both programs answer alike, and the
// slowest queries:
//
//	go run ./cmd/difftest -time -seed 1000 -n 500 -pgn ../shared/data/games.pgn -out time.tsv
//
// A short budget for CI:
//
//	go run ./cmd/difftest -n 50 -games 100
//
// `make difftest` runs a 10-minute budget.
package main

import (
	"context"

	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

type options struct {
	ref, engine, out, data string
	n, games, jobs         int
	duration, timeout      time.Duration
	seed                   uint64
	verbose                bool
	noPlain                bool
	shrinkTries            int
	shrinkTime             time.Duration

	// the timing mode
	timing    bool
	pgn       string        // the file timed (default data/games.pgn)
	threshold time.Duration // the official program's least CPU time for a query to count
	tsv       string        // per-query results (-out in the timing mode)
}

func main() {
	var o options
	flag.StringVar(&o.ref, "ref", "", "the official CQL program (default $CQL_REFERENCE, else ../shared/reference/cql beside the repository)")
	flag.StringVar(&o.engine, "engine", "", "a cqlvm binary (default: build ./cmd/cqlvm into a temporary folder)")
	flag.StringVar(&o.data, "data", "", "folder with sample.pgn, studies.pgn, games.pgn and edge/ (default: data/ beside the reference's folder)")
	flag.IntVar(&o.n, "n", 0, "number of queries (0: until -duration is spent)")
	flag.DurationVar(&o.duration, "duration", 0, "time budget for generating and testing queries (0: no limit; with -n 0, 2m)")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the query generator (query i uses seed+i)")
	flag.IntVar(&o.games, "games", 300, "about how many games the test PGN has")
	flag.StringVar(&o.out, "out", "difftest-out", "folder for the minimised disagreements")
	flag.IntVar(&o.jobs, "j", 1, "queries tested in parallel")
	flag.DurationVar(&o.timeout, "timeout", 20*time.Second, "time limit of one program run")
	flag.IntVar(&o.shrinkTries, "shrink-tries", 300, "at most this many runs (pairs) to minimise one disagreement")
	flag.DurationVar(&o.shrinkTime, "shrink-time", 2*time.Minute, "at most this long to minimise one disagreement")
	flag.BoolVar(&o.verbose, "v", false, "print every query's verdict")
	flag.BoolVar(&o.noPlain, "no-plain", false, "do not also run each query with cqlvm -O0 (every optimization off) and compare")
	flag.BoolVar(&o.timing, "time", false, "timing mode: time real-style queries, cqlvm against the reference, one thread each, on -pgn (-out names a TSV of per-query results; -n defaults to 500; -timeout, default 2m, is a limit on the CPU time of one run)")
	flag.StringVar(&o.pgn, "pgn", "", "timing mode: the PGN file (default games.pgn of -data)")
	flag.DurationVar(&o.threshold, "threshold", 500*time.Millisecond, "timing mode: a query counts when the reference spends at least this much CPU on it")
	flag.Parse()
	timingDefaults(&o)
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "difftest:", err)
		os.Exit(1)
	}
}

// timingDefaults adapts the defaults of -out and -timeout to the timing
// mode: -out names a TSV file only when given, and a heavy query may take
// the reference a minute.
func timingDefaults(o *options) {
	if !o.timing {
		return
	}
	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
	o.tsv = ""
	if set["out"] {
		o.tsv = o.out
	}
	if !set["timeout"] {
		o.timeout = 2 * time.Minute
	}
}

// repoRoot is the folder holding go.mod, from the working directory up.
func repoRoot() string {
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// findReference resolves the reference program, or "" when there is none.
func findReference(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	if env := os.Getenv("CQL_REFERENCE"); env != "" {
		return env
	}
	root := repoRoot()
	cands := []string{filepath.Join(root, "..", "shared", "reference", "cql")}
	// In a git worktree, also beside the main checkout.
	if out, err := exec.Command("git", "-C", root, "rev-parse", "--path-format=absolute", "--git-common-dir").Output(); err == nil {
		main := filepath.Dir(strings.TrimSpace(string(out)))
		cands = append(cands, filepath.Join(main, "..", "shared", "reference", "cql"))
	}
	for _, c := range cands {
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			return filepath.Clean(c)
		}
	}
	return ""
}

func run(o options) error {
	ref := findReference(o.ref)
	if ref == "" {
		fmt.Println("difftest: no reference program (set CQL_REFERENCE); skipped")
		return nil
	}
	if _, err := os.Stat(ref); err != nil {
		fmt.Printf("difftest: no reference program at %s (set CQL_REFERENCE); skipped\n", ref)
		return nil
	}
	ref, _ = filepath.Abs(ref)
	if o.data == "" {
		o.data = filepath.Join(filepath.Dir(ref), "..", "data")
	}
	if o.n == 0 && o.duration == 0 {
		o.duration = 2 * time.Minute
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	tmp, err := os.MkdirTemp("", "difftest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	engine := o.engine
	if engine == "" {
		engine = filepath.Join(tmp, "cqlvm")
		build := exec.Command("go", "build", "-o", engine, "./cmd/cqlvm")
		build.Env = append(os.Environ(), "CGO_ENABLED=0") // as make build
		build.Dir = repoRoot()
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building cqlvm: %w", err)
		}
	}
	engine, _ = filepath.Abs(engine)
	if o.timing {
		return runTiming(ctx, o, ref, engine, tmp)
	}
	refR := &ExecRunner{Label: "reference", Cmd: []string{ref}, Timeout: o.timeout, TempDir: tmp}
	engR := &ExecRunner{Label: "cqlvm", Cmd: []string{engine, "run"}, Timeout: o.timeout, TempDir: tmp}
	logf := func(f string, a ...any) { fmt.Fprintf(os.Stderr, "difftest: "+f+"\n", a...) }

	cacheDir := filepath.Join(os.TempDir(), "cqlvm-difftest")
	corpus, err := BuildCorpus(ctx, o.data, cacheDir, o.games, refR, engR, logf)
	if err != nil {
		return err
	}
	t := &Tester{Ref: refR, Eng: engR, Corpus: corpus, TmpDir: tmp}
	if !o.noPlain {
		t.Plain = &ExecRunner{Label: "cqlvm-O0", Cmd: []string{engine, "run", "-O0"}, Timeout: o.timeout, TempDir: tmp}
	}
	d := newDriver(o, t, logf)
	d.loop(ctx)
	d.summary(os.Stdout)
	return nil
}

// driver generates and tests queries and collects the statistics.
type driver struct {
	o    options
	t    *Tester
	logf func(string, ...any)

	mu         sync.Mutex
	queries    int
	verdicts   map[string]int
	known      map[string]int // documented differences, by name
	zeroMatch  int
	allMatch   int
	distinct   map[string]string // minimised query text -> directory
	dirs       []string
	lines      []string
	duplicates int
}

func newDriver(o options, t *Tester, logf func(string, ...any)) *driver {
	return &driver{o: o, t: t, logf: logf, verdicts: map[string]int{}, known: map[string]int{}, distinct: map[string]string{}}
}

func (d *driver) loop(ctx context.Context) {
	var deadline time.Time
	if d.o.duration > 0 {
		deadline = time.Now().Add(d.o.duration)
	}
	seeds := make(chan uint64)
	go func() {
		defer close(seeds)
		for i := 0; d.o.n == 0 || i < d.o.n; i++ {
			if (!deadline.IsZero() && time.Now().After(deadline)) || ctx.Err() != nil {
				return
			}
			seeds <- d.o.seed + uint64(i)
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < max(1, d.o.jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range seeds {
				d.one(ctx, s)
			}
		}()
	}
	wg.Wait()
}

func (d *driver) one(ctx context.Context, seed uint64) {
	q := NewGen(seed, d.t.Corpus.Names).Query()
	text := q.Text()
	r := d.t.Try(ctx, text, nil)
	if ctx.Err() != nil {
		return
	}
	d.mu.Lock()
	d.queries++
	d.verdicts[r.Verdict]++
	if r.Verdict == VAgree {
		switch r.Ref.Matches {
		case 0:
			d.zeroMatch++
		case len(d.t.Corpus.Games):
			d.allMatch++
		}
	}
	d.mu.Unlock()
	if d.o.verbose {
		d.logf("seed %d: %s (reference %d, cqlvm %d matches)", seed, r.Verdict, r.Ref.Matches, r.Eng.Matches)
	}
	if !IsDisagreement(r.Verdict) {
		return
	}
	if name := known(text, r.Verdict, r.Ref); name != "" {
		d.mu.Lock()
		d.known[name]++
		d.mu.Unlock()
		return
	}
	s := d.t.Shrink(ctx, q, r, ShrinkLimits{MaxTries: d.o.shrinkTries, MaxTime: d.o.shrinkTime})
	min := s.Query.Text()
	d.mu.Lock()
	if _, ok := d.distinct[min]; ok {
		d.duplicates++
		d.mu.Unlock()
		return
	}
	dir := filepath.Join(d.o.out, fmt.Sprintf("%03d-%s", len(d.dirs)+1, s.Result.Verdict))
	d.distinct[min] = dir
	d.dirs = append(d.dirs, dir)
	line := fmt.Sprintf("%s: %s on %d game(s) [seed %d, %d tries]: %s\n    %s",
		dir, s.Result.Verdict, len(s.Games), seed, s.Tries,
		strings.ReplaceAll(strings.TrimSpace(strings.TrimPrefix(min, s.Query.Header)), "\n", " ⏎ "),
		diffLine(s.Result.Verdict, s.Result.Ref, s.Result.Eng))
	d.lines = append(d.lines, line)
	d.mu.Unlock()
	if err := d.t.writeReport(dir, s, text); err != nil {
		d.logf("writing %s: %v", dir, err)
	}
	d.logf("disagreement %s", line)
}

func (d *driver) summary(w *os.File) {
	d.mu.Lock()
	defer d.mu.Unlock()
	dis := 0
	var kinds []string
	for v, n := range d.verdicts {
		if IsDisagreement(v) {
			dis += n
			kinds = append(kinds, fmt.Sprintf("%s %d", v, n))
		}
	}
	sort.Strings(kinds)
	knownTotal := 0
	for _, n := range d.known {
		knownTotal += n
	}
	fmt.Fprintf(w, "\ndifftest summary\n")
	fmt.Fprintf(w, "  queries generated:   %d (seeds %d..)\n", d.queries, d.o.seed)
	fmt.Fprintf(w, "  games used:          %d (%s)\n", len(d.t.Corpus.Games), d.t.Corpus.Path)
	fmt.Fprintf(w, "  program runs:        %d\n", d.t.Runs.Load())
	fmt.Fprintf(w, "  agreements:          %d (no match %d, every game %d)\n", d.verdicts[VAgree], d.zeroMatch, d.allMatch)
	fmt.Fprintf(w, "  disagreements:       %d (%s), %d of them documented differences (below), %d distinct after shrinking\n",
		dis, strings.Join(kinds, ", "), knownTotal, len(d.dirs))
	fmt.Fprintf(w, "  timeouts:            %d\n", d.verdicts[VTimeout])
	fmt.Fprintf(w, "  reference truncated: %d (fewer matches only in games it cut short)\n", d.verdicts[VTruncated])
	fmt.Fprintf(w, "  both rejected:       %d\n", d.verdicts[VBothRejected])
	fmt.Fprintf(w, "  only one rejected:   %d (reference %d, cqlvm %d)\n",
		d.verdicts[VRefRejects]+d.verdicts[VEngRejects], d.verdicts[VRefRejects], d.verdicts[VEngRejects])
	for _, k := range knownDifferences {
		if n := d.known[k.name]; n > 0 {
			fmt.Fprintf(w, "  known (README):      %d %s\n", n, k.name)
		}
	}
	for _, l := range d.lines {
		fmt.Fprintln(w, "  "+l)
	}
}

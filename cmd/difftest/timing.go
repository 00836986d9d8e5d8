package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The timing mode (-time): a population of real-style queries (TimeGen)
// timed on one PGN file, cqlvm against the official program, one thread
// each, alternating which runs first. A query counts when both accept it,
// agree on the matched games, and the official program spends at least
// -threshold of CPU on it; the report is the distribution of the ratios
// official/cqlvm of the CPU times (user + system of the child).

// timedRun is one program's run of one query.
type timedRun struct {
	out Outcome
	cpu time.Duration // user + system of the child
}

// timedQuery is one query of the population and what became of it.
type timedQuery struct {
	seed    uint64
	theme   string
	text    string
	ref     timedRun
	eng     timedRun
	verdict string // Compare's verdict
}

// ratio is the official program's CPU time over cqlvm's.
func (q *timedQuery) ratio() float64 {
	return q.ref.cpu.Seconds() / math.Max(q.eng.cpu.Seconds(), 1e-3)
}

// timer runs the two programs with CPU accounting.
type timer struct {
	ref, engine string // executables
	pgn         string
	timeout     time.Duration
	tmp         string
}

// run runs one program on the query file: the official one with -s, cqlvm
// as "run -threads 1"; both write the matched games for the comparison.
func (t *timer) run(ctx context.Context, official bool, query string) timedRun {
	dir, err := os.MkdirTemp(t.tmp, "time-")
	if err != nil {
		return timedRun{out: Outcome{Status: Rejected, Message: err.Error()}}
	}
	defer os.RemoveAll(dir)
	qf, out := filepath.Join(dir, "q.cql"), filepath.Join(dir, "out.pgn")
	if err := os.WriteFile(qf, []byte(query), 0o644); err != nil {
		return timedRun{out: Outcome{Status: Rejected, Message: err.Error()}}
	}
	bin, args := t.engine, []string{"run", "-threads", "1"}
	if official {
		bin, args = t.ref, []string{"-s"}
	}
	args = append(args, "-i", t.pgn, "-o", out, "-matchstring", MatchString, qf)
	// The limit is on CPU time: on a loaded machine a wall-clock limit
	// would drop the heavy queries, the ones the figures are about. A
	// wall-clock limit of ten times as much remains against a hang.
	ctx, cancel := context.WithTimeout(ctx, 10*t.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.WaitDelay = 2 * time.Second
	var all bytes.Buffer
	cmd.Stdout, cmd.Stderr = &all, &all
	if err := cmd.Start(); err != nil {
		return timedRun{out: Outcome{Status: Rejected, Message: err.Error()}}
	}
	stop := make(chan struct{})
	overran := watchCPU(cmd.Process, t.timeout, stop)
	err = cmd.Wait()
	close(stop)
	r := timedRun{cpu: childCPU(cmd.ProcessState)}
	switch {
	case ctx.Err() == context.DeadlineExceeded || overran.Load():
		r.out = Outcome{Status: TimedOut}
	case err != nil:
		var ee *exec.ExitError
		msg := err.Error()
		if errors.As(err, &ee) {
			msg = firstLine(all.Bytes())
		}
		r.out = Outcome{Status: Rejected, Message: msg}
	default:
		r.out = readOutcome(all.Bytes(), out)
	}
	return r
}

// readOutcome is the outcome of an accepted run: its summary line and
// the rows of its output file.
func readOutcome(printed []byte, outFile string) Outcome {
	o := Outcome{Status: Accepted}
	if m := summaryRE.FindSubmatch(printed); m != nil {
		o.Summary = true
		o.Matches, _ = strconv.Atoi(string(m[1]))
		o.Games, _ = strconv.Atoi(string(m[2]))
	}
	if b, err := os.ReadFile(outFile); err == nil {
		o.Rows, o.Cut = summarize(string(b), MatchString)
	}
	return o
}

// watchCPU kills p once its CPU time (user + system, from /proc) passes
// limit, and reports whether it did; it stops watching when stop closes.
func watchCPU(p *os.Process, limit time.Duration, stop <-chan struct{}) *atomic.Bool {
	var overran atomic.Bool
	go func() {
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if cpu, ok := procCPU(p.Pid); ok && cpu > limit {
					overran.Store(true)
					p.Kill()
					return
				}
			}
		}
	}()
	return &overran
}

// procCPU is the user + system time of a running process, from fields
// 14 and 15 of /proc/PID/stat (in clock ticks of 1/100 s on Linux).
func procCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// the command name (field 2) may hold spaces; count from its ')'
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, true
}

// childCPU is the user + system time of a finished child.
func childCPU(ps *os.ProcessState) time.Duration {
	if ps == nil {
		return 0
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return ps.UserTime() + ps.SystemTime()
}

// timeOne generates the query of seed and times both programs on it; the
// program that runs first alternates with the seed's parity, so that a
// warm cache or a drifting machine favours neither.
func (t *timer) timeOne(ctx context.Context, seed uint64) *timedQuery {
	theme, text := NewTimeGen(seed).Query()
	q := &timedQuery{seed: seed, theme: theme, text: text}
	if seed%2 == 0 {
		q.ref = t.run(ctx, true, text)
		q.eng = t.run(ctx, false, text)
	} else {
		q.eng = t.run(ctx, false, text)
		q.ref = t.run(ctx, true, text)
	}
	q.verdict = Compare(q.ref.out, q.eng.out)
	return q
}

// counted reports whether a query enters the speed figures: both
// programs agree and the official one took at least threshold.
func (q *timedQuery) counted(threshold time.Duration) bool {
	return (q.verdict == VAgree || q.verdict == VTruncated) && q.ref.cpu >= threshold
}

// runTiming is the whole timing mode.
func runTiming(ctx context.Context, o options, ref, engine, tmp string) error {
	pgnPath := o.pgn
	if pgnPath == "" {
		pgnPath = filepath.Join(o.data, "games.pgn")
	}
	pgnPath, _ = filepath.Abs(pgnPath)
	if _, err := os.Stat(pgnPath); err != nil {
		return err
	}
	t := &timer{ref: ref, engine: engine, pgn: pgnPath, timeout: o.timeout, tmp: tmp}
	var tsv io.Writer
	if o.tsv != "" {
		f, err := os.Create(o.tsv)
		if err != nil {
			return err
		}
		defer f.Close()
		tsv = f
		fmt.Fprintln(f, "seed\ttheme\tverdict\tofficial_cpu_s\tcqlvm_cpu_s\tratio\tofficial_matches\tcqlvm_matches\tcounted\tquery")
	}
	n := o.n
	if n == 0 {
		n = 500
	}
	all := timeAll(ctx, t, o, n, func(done int, q *timedQuery) {
		logTimed(os.Stderr, done, n, q, o.threshold)
		if tsv != nil {
			writeTSVRow(tsv, q, o.threshold)
		}
	})
	printTimingReport(os.Stdout, all, o, pgnPath)
	return nil
}

// timeAll times the queries of seeds seed..seed+n-1 with -j queries in
// flight (the two programs of one query always run one after the other),
// calling report as each finishes; it returns them in seed order. An
// interrupt stops it with the queries finished so far.
func timeAll(ctx context.Context, t *timer, o options, n int, report func(int, *timedQuery)) []*timedQuery {
	results := make([]*timedQuery, n)
	seeds := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	done := 0
	for range max(1, o.jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range seeds {
				q := t.timeOne(ctx, o.seed+uint64(i))
				if ctx.Err() != nil {
					return
				}
				mu.Lock()
				results[i] = q
				done++
				report(done, q)
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n && ctx.Err() == nil; i++ {
		select {
		case seeds <- i:
		case <-ctx.Done():
		}
	}
	close(seeds)
	wg.Wait()
	var all []*timedQuery
	for _, q := range results {
		if q != nil {
			all = append(all, q)
		}
	}
	return all
}

func logTimed(w io.Writer, i, n int, q *timedQuery, threshold time.Duration) {
	fmt.Fprintf(w, "[%d/%d] seed %d %-14s %-18s official %6.2fs cqlvm %6.2fs ratio %6.2f%s\n",
		i, n, q.seed, q.theme, q.verdict, q.ref.cpu.Seconds(), q.eng.cpu.Seconds(), q.ratio(),
		map[bool]string{true: "", false: " (not counted)"}[q.counted(threshold)])
}

func writeTSVRow(w io.Writer, q *timedQuery, threshold time.Duration) {
	fmt.Fprintf(w, "%d\t%s\t%s\t%.3f\t%.3f\t%.3f\t%d\t%d\t%v\t%s\n", q.seed, q.theme, q.verdict,
		q.ref.cpu.Seconds(), q.eng.cpu.Seconds(), q.ratio(), q.ref.out.Matches, q.eng.out.Matches,
		q.counted(threshold), oneLine(q.text))
}

// oneLine puts a query on one line for a table.
func oneLine(text string) string {
	return strings.Join(strings.Fields(text), " ")
}

// timingStats is the distribution of the counted ratios.
type timingStats struct {
	ratios                    []float64 // ascending
	min, p10, median, geomean float64
	below4, below5            int
}

func statsOf(ratios []float64) timingStats {
	s := timingStats{ratios: append([]float64(nil), ratios...)}
	sort.Float64s(s.ratios)
	if len(s.ratios) == 0 {
		return s
	}
	s.min = s.ratios[0]
	s.p10 = percentile(s.ratios, 0.10)
	s.median = percentile(s.ratios, 0.50)
	logSum := 0.0
	for _, r := range s.ratios {
		logSum += math.Log(r)
		if r < 4 {
			s.below4++
		}
		if r < 5 {
			s.below5++
		}
	}
	s.geomean = math.Exp(logSum / float64(len(s.ratios)))
	return s
}

// percentile of ascending xs, interpolated between the nearest ranks.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 1 {
		return xs[0]
	}
	pos := p * float64(len(xs)-1)
	lo := int(math.Floor(pos))
	hi := min(lo+1, len(xs)-1)
	return xs[lo] + (xs[hi]-xs[lo])*(pos-float64(lo))
}

// printTimingReport writes the counts, the distribution, the
// disagreements and the slowest queries.
func printTimingReport(w io.Writer, all []*timedQuery, o options, pgnPath string) {
	var counted []*timedQuery
	var ratios []float64
	verdicts := map[string]int{}
	fast := 0
	for _, q := range all {
		verdicts[q.verdict]++
		switch {
		case q.counted(o.threshold):
			counted = append(counted, q)
			ratios = append(ratios, q.ratio())
		case q.verdict == VAgree || q.verdict == VTruncated:
			fast++
		}
	}
	s := statsOf(ratios)
	fmt.Fprintf(w, "\ndifftest timing: seeds from %d, %s, one thread each (%d queries in flight), CPU time (user+sys)\n", o.seed, filepath.Base(pgnPath), max(1, o.jobs))
	fmt.Fprintf(w, "  queries generated:       %d\n", len(all))
	fmt.Fprintf(w, "  dropped, official rejects: %d (cqlvm too: %d)\n", verdicts[VRefRejects]+verdicts[VBothRejected], verdicts[VBothRejected])
	fmt.Fprintf(w, "  cqlvm rejects alone:     %d\n", verdicts[VEngRejects])
	fmt.Fprintf(w, "  timeouts (-timeout %s): %d\n", o.timeout, verdicts[VTimeout])
	fmt.Fprintf(w, "  disagreements:           %d\n", countDisagreements(verdicts))
	fmt.Fprintf(w, "  agree, official < %s:  %d (not counted)\n", o.threshold, fast)
	fmt.Fprintf(w, "  counted:                 %d\n", len(counted))
	if len(counted) > 0 {
		fmt.Fprintf(w, "  official/cqlvm: min %.2f  p10 %.2f  median %.2f  geomean %.2f  below 4×: %d  below 5×: %d\n",
			s.min, s.p10, s.median, s.geomean, s.below4, s.below5)
	}
	printThemes(w, counted)
	printDisagreements(w, all)
	printSlowest(w, counted, 15)
}

func countDisagreements(verdicts map[string]int) int {
	n := 0
	for v, c := range verdicts {
		if IsDisagreement(v) && v != VRefRejects && v != VEngRejects {
			n += c
		}
	}
	return n
}

// printThemes gives the median ratio per theme, to see which construct
// lags.
func printThemes(w io.Writer, counted []*timedQuery) {
	by := map[string][]float64{}
	for _, q := range counted {
		by[q.theme] = append(by[q.theme], q.ratio())
	}
	var names []string
	for k := range by {
		names = append(names, k)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "  per theme (count, min, median, geomean):")
	for _, k := range names {
		s := statsOf(by[k])
		fmt.Fprintf(w, "    %-15s %3d  %6.2f %6.2f %6.2f\n", k, len(s.ratios), s.min, s.median, s.geomean)
	}
}

func printDisagreements(w io.Writer, all []*timedQuery) {
	for _, q := range all {
		if !IsDisagreement(q.verdict) || q.verdict == VRefRejects {
			continue
		}
		fmt.Fprintf(w, "  DISAGREE seed %d %s: %s\n    %s\n", q.seed, q.verdict, diffLine(q.verdict, q.ref.out, q.eng.out), oneLine(q.text))
	}
}

// printSlowest lists the n counted queries with the lowest ratios.
func printSlowest(w io.Writer, counted []*timedQuery, n int) {
	sorted := append([]*timedQuery(nil), counted...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ratio() < sorted[j].ratio() })
	fmt.Fprintf(w, "  the %d slowest (lowest official/cqlvm):\n", min(n, len(sorted)))
	for _, q := range sorted[:min(n, len(sorted))] {
		fmt.Fprintf(w, "    %6.2f×  official %6.2fs cqlvm %6.2fs  seed %d  %s\n", q.ratio(), q.ref.cpu.Seconds(), q.eng.cpu.Seconds(), q.seed, oneLine(q.text))
	}
}

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
	ctx, cancel := context.WithTimeout(ctx, t.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.WaitDelay = 2 * time.Second
	var all bytes.Buffer
	cmd.Stdout, cmd.Stderr = &all, &all
	err = cmd.Run()
	r := timedRun{cpu: childCPU(cmd.ProcessState)}
	switch {
	case ctx.Err() == context.DeadlineExceeded:
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
	var all []*timedQuery
	for i := 0; i < n && ctx.Err() == nil; i++ {
		q := t.timeOne(ctx, o.seed+uint64(i))
		if ctx.Err() != nil {
			break
		}
		all = append(all, q)
		logTimed(os.Stderr, i+1, n, q, o.threshold)
		if tsv != nil {
			writeTSVRow(tsv, q, o.threshold)
		}
	}
	printTimingReport(os.Stdout, all, o, pgnPath)
	return nil
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
	fmt.Fprintf(w, "\ndifftest timing: seeds %d..%d, %s, one thread each, CPU time (user+sys)\n", o.seed, o.seed+uint64(len(all))-1, filepath.Base(pgnPath))
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

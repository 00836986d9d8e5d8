package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"time"
)

// The performance targets are reported, not enforced: wall times on a
// shared machine vary too much for a missed target to fail a build. Only
// wrong answers and differing outputs fail.

// target is one performance goal of the issue and whether this run met it.
type target struct {
	met    bool
	detail string
}

func numCPU() int { return runtime.NumCPU() }

func (r *report) printTargets(w io.Writer) {
	ts := r.targets()
	if len(ts) == 0 {
		return
	}
	fmt.Fprintln(w, "Targets (reported, not enforced):")
	for _, t := range ts {
		mark := "ok  "
		if !t.met {
			mark = "MISS"
		}
		fmt.Fprintf(w, "- %s %s\n", mark, t.detail)
	}
	fmt.Fprintln(w)
}

func (r *report) targets() []target {
	var ts []target
	ts = append(ts, r.officialTargets()...)
	ts = append(ts, r.trivialTargets()...)
	ts = append(ts, r.slowdownTargets()...)
	ts = append(ts, r.threadTargets()...)
	ts = append(ts, r.memoryTargets()...)
	return ts
}

// officialTargets: with the official program timed in the same run, every
// query at least 5× faster on one thread, the trivial ones 10×, and the
// geometric mean of the multiples at least 8×.
func (r *report) officialTargets() []target {
	var ts []target
	var ratios []float64
	for _, res := range r.results {
		if res.ref == nil {
			continue
		}
		x := speedRatio(*res.ref, res.one)
		ratios = append(ratios, x)
		want := targetPerOfficial
		if res.q.class == classTrivial {
			want = targetTrivialPerOfficial
		}
		ts = append(ts, target{x >= want,
			fmt.Sprintf("`%s` 1T %.2f× the official program (target ≥ %.0f×)", res.q.text, x, want)})
	}
	if len(ratios) > 1 {
		g := geomean(ratios)
		ts = append(ts, target{g >= targetGeomeanPerOfficial,
			fmt.Sprintf("geometric mean %.2f× the official program over %d queries (target ≥ %.0f×)", g, len(ratios), targetGeomeanPerOfficial)})
	}
	return ts
}

// geomean is the geometric mean of positive numbers.
func geomean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}

// trivialTargets: one thread reaches 3 M positions/s and 3.3× pgn-extract.
func (r *report) trivialTargets() []target {
	var ts []target
	for _, res := range r.results {
		if res.q.class != classTrivial {
			continue
		}
		m := mpos(r.env.db, res.one)
		ts = append(ts, target{m >= targetTrivialMpos,
			fmt.Sprintf("`%s` 1T %.2f M positions/s (target ≥ %.1f)", res.q.text, m, targetTrivialMpos)})
		if r.extract != nil {
			y := r.yardstick(res)
			x := speedRatio(*y, res.one)
			ts = append(ts, target{x >= targetPerPGNExtract,
				fmt.Sprintf("`%s` 1T %.2f× pgn-extract by wall time, timed in the same rounds (target ≥ %.1f×, i.e. 5× the official CQL)", res.q.text, x, targetPerPGNExtract)})
			x = cpuRatio(*y, res.one)
			ts = append(ts, target{x >= targetPerPGNExtract,
				fmt.Sprintf("`%s` 1T %.2f× pgn-extract by CPU time, per core (target ≥ %.1f×)", res.q.text, x, targetPerPGNExtract)})
		}
	}
	return ts
}

// slowdownTargets: no query more than 2× the mean one-thread wall time of
// the trivial queries, except the inherently heavier ones.
func (r *report) slowdownTargets() []target {
	base, ok := r.trivialWall()
	if !ok {
		return nil
	}
	var ts []target
	for _, res := range r.results {
		if res.q.class == classTrivial {
			continue
		}
		x := res.one.wall.Seconds() / base.Seconds()
		note := ""
		if res.q.heavy {
			note = " — exempt, inherently heavier"
		}
		ts = append(ts, target{x <= targetSlowdown || res.q.heavy,
			fmt.Sprintf("`%s` 1T %.2f× the trivial queries' wall time (target ≤ %.1f×%s)", res.q.text, x, targetSlowdown, note)})
	}
	return ts
}

// trivialWall is the mean one-thread wall time of the trivial queries run.
func (r *report) trivialWall() (time.Duration, bool) {
	var sum time.Duration
	n := 0
	for _, res := range r.results {
		if res.q.class == classTrivial {
			sum += res.one.wall
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / time.Duration(n), true
}

// threadTargets: N threads at least 0.95·N times faster on trivial and set
// queries (1.9× on two cores).
func (r *report) threadTargets() []target {
	n := r.env.opts.threads
	if n < 2 {
		return nil
	}
	want := targetThreadEff * float64(n)
	var ts []target
	for _, res := range r.results {
		if res.q.class != classTrivial && res.q.class != classSet {
			continue
		}
		s := res.speedup()
		ts = append(ts, target{s >= want,
			fmt.Sprintf("`%s` %d threads %.2f× one thread (target ≥ %.1f×)", res.q.text, n, s, want)})
	}
	return ts
}

// memoryTargets: peak RSS under 100 MiB everywhere, flat from ×1 to ×4.
func (r *report) memoryTargets() []target {
	var ts []target
	if peak, where := r.peakRSS(); peak > 0 {
		ts = append(ts, target{mibOfKB(peak) < targetRSSMiB,
			fmt.Sprintf("highest peak RSS %.1f MiB (%s; target < %d)", mibOfKB(peak), where, targetRSSMiB)})
	}
	if r.mem != nil {
		ts = append(ts, target{r.mem.ratio() <= targetRSSGrowth,
			fmt.Sprintf("peak RSS ×%d / ×1 = %.2f (target ≤ %.2f)", copiesForMemoryTest, r.mem.ratio(), targetRSSGrowth)})
	}
	return ts
}

// peakRSS is the highest median peak RSS of any engine configuration.
func (r *report) peakRSS() (int64, string) {
	var peak int64
	where := ""
	consider := func(kb int64, name string) {
		if kb > peak {
			peak, where = kb, name
		}
	}
	for _, res := range r.results {
		consider(res.one.rssKB, fmt.Sprintf("`%s` 1T", res.q.text))
		consider(res.all.rssKB, fmt.Sprintf("`%s` %dT", res.q.text, r.env.opts.threads))
	}
	if r.mem != nil {
		consider(r.mem.x4.rssKB, fmt.Sprintf("`%s` on ×%d", memoryQuery, copiesForMemoryTest))
	}
	return peak, where
}

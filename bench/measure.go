package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"time"
)

// stats summarises the runs of one configuration by their medians, which
// shrug off the odd run slowed down by another process on the machine.
type stats struct {
	runs    int
	wall    time.Duration
	cpu     time.Duration
	user    time.Duration
	rssKB   int64
	matches int // of the first run; the checks compare all runs
	samples []sample
}

func summarize(samples []sample) stats {
	st := stats{runs: len(samples), samples: samples, matches: -1}
	if len(samples) == 0 {
		return st
	}
	pick := func(f func(sample) int64) int64 {
		vals := make([]int64, len(samples))
		for i, s := range samples {
			vals[i] = f(s)
		}
		return median(vals)
	}
	st.wall = time.Duration(pick(func(s sample) int64 { return int64(s.wall) }))
	st.cpu = time.Duration(pick(func(s sample) int64 { return int64(s.cpu) }))
	st.user = time.Duration(pick(func(s sample) int64 { return int64(s.user) }))
	st.rssKB = pick(func(s sample) int64 { return s.rssKB })
	st.matches = samples[0].matches
	return st
}

// median of vals; the mean of the middle two for an even count.
func median(vals []int64) int64 {
	if len(vals) == 0 {
		return 0
	}
	s := slices.Clone(vals)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// queryResult is everything measured for one suite query.
type queryResult struct {
	q        query
	want     int // expected matches; -1 when the file is not a known corpus
	one, all stats
	ref      *stats // the official CQL, when CQL_REFERENCE is set
	// extract is pgn-extract timed in the same rounds as a trivial query:
	// a shared machine's speed drifts over the minutes a suite takes, and
	// the targets compare these queries with pgn-extract
	extract *stats
}

// measureQuery runs q runs times with one thread and with o.threads
// threads, alternating the two so that a slow spell of the machine hits
// both alike, and checks the counts and the outputs.
func measureQuery(env *environment, q query, c *checks) (queryResult, error) {
	res := queryResult{q: q, want: expected(q, env.db)}
	out1 := filepath.Join(env.scratch, "out-1.pgn")
	outN := filepath.Join(env.scratch, "out-n.pgn")
	var ones, alls, extracts []sample
	paired := env.extract != "" && q.class == classTrivial
	for r := 0; r < env.opts.runs; r++ {
		if paired {
			s, err := runTimed(env.ctx, env.extract, []string{"-s", "-o", "/dev/null", env.db.path}, "")
			if err != nil {
				return res, err
			}
			extracts = append(extracts, s)
		}
		s1, err := runEngine(env.ctx, q.text, 1, env.db.path, out1, true)
		if err != nil {
			return res, err
		}
		sn, err := runEngine(env.ctx, q.text, env.opts.threads, env.db.path, outN, true)
		if err != nil {
			return res, err
		}
		ones, alls = append(ones, s1), append(alls, sn)
	}
	res.one, res.all = summarize(ones), summarize(alls)
	if paired {
		st := summarize(extracts)
		res.extract = &st
	}
	checkQuery(res, env, c)
	return res, nil
}

// expected is q's count for db, or -1 when db is not a known corpus.
func expected(q query, db database) int {
	if n, ok := q.want[db.known]; ok && db.known != "" {
		return n
	}
	return -1
}

// checkQuery records a failure for a wrong count, a wrong game count, or
// an output that differs between runs or thread counts.
func checkQuery(res queryResult, env *environment, c *checks) {
	name := fmt.Sprintf("%q", res.q.text)
	all := append(slices.Clone(res.one.samples), res.all.samples...)
	first := all[0]
	for _, s := range all {
		if s.games != env.db.games {
			c.fail("%s: engine read %d games, the pgn package %d", name, s.games, env.db.games)
			return
		}
		if s.matches != first.matches {
			c.fail("%s: match counts differ between runs (%d vs %d)", name, first.matches, s.matches)
			return
		}
	}
	if res.want >= 0 && first.matches != res.want {
		c.fail("%s: %d matches, expected %d on %s", name, first.matches, res.want, env.db.known)
	}
	for _, s := range all {
		if s.hash != first.hash {
			c.fail("%s: output differs between 1 and %d threads (or between runs)", name, env.opts.threads)
			return
		}
	}
}

// checks collects failures; each one is printed as a FAIL line at once
// and again in the final summary.
type checks struct {
	failures []string
	log      func(string)
}

func (c *checks) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	c.failures = append(c.failures, msg)
	if c.log != nil {
		c.log("FAIL " + msg)
	}
}

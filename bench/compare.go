package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// officialPerPGNExtract is how much slower the official CQL 6.2 was than
// pgn-extract on human.pgn in the measurement on this kind of
// machine (mate: 15.5 s against pgn-extract's 10.3 s). Without the official
// binary, pgn-extract measured in the same run is the yardstick and
// "× official" is extrapolated with this factor.
const officialPerPGNExtract = 1.5

// findPGNExtract looks on PATH and in /usr/games, where Debian puts it.
func findPGNExtract() (string, bool) {
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p, true
	}
	const debian = "/usr/games/pgn-extract"
	if _, err := os.Stat(debian); err == nil {
		return debian, true
	}
	return "", false
}

// measurePGNExtract times "pgn-extract -s -o /dev/null FILE": it parses
// and replays every game and writes nothing, the least work any reader of
// the file can do.
func measurePGNExtract(env *environment, bin string) (stats, error) {
	var samples []sample
	for r := 0; r < env.opts.runs; r++ {
		s, err := runTimed(env.ctx, bin, []string{"-s", "-o", "/dev/null", env.db.path}, "")
		if err != nil {
			return stats{}, err
		}
		samples = append(samples, s)
	}
	return summarize(samples), nil
}

// referenceFromEnv is the official CQL binary named by CQL_REFERENCE.
func referenceFromEnv() (string, bool) {
	p := os.Getenv("CQL_REFERENCE")
	return p, p != ""
}

// measureReference runs the official CQL single-threaded on q. The query
// goes into a file with a cql() header, the form the conformance corpus
// was run with: the official program rejects a query file without one
// (testdata/conformance/cases/errors/missing_cql_header).
func measureReference(bin string, q query, env *environment) (stats, error) {
	qfile := filepath.Join(env.scratch, "reference.cql")
	if err := os.WriteFile(qfile, []byte("cql()\n"+q.text+"\n"), 0o644); err != nil {
		return stats{}, err
	}
	out := filepath.Join(env.scratch, "reference-out.pgn")
	var samples []sample
	for r := 0; r < env.opts.runs; r++ {
		s, err := runTimed(env.ctx, bin, []string{"-s", "-i", env.db.path, "-o", out, qfile}, "")
		if err != nil {
			return stats{}, err
		}
		samples = append(samples, s)
	}
	return summarize(samples), nil
}

// checkReference fails when the official program and cqlvm disagree.
func checkReference(res queryResult, c *checks) {
	if res.ref == nil {
		return
	}
	if res.ref.matches != res.one.matches {
		c.fail("%q: official CQL reports %d matches, cqlvm %d", res.q.text, res.ref.matches, res.one.matches)
	}
}

// speedRatio is how many times faster "fast" ran than "slow" by wall time;
// 0 when either is missing.
func speedRatio(slow, fast stats) float64 {
	if slow.runs == 0 || fast.runs == 0 || fast.wall <= 0 {
		return 0
	}
	return slow.wall.Seconds() / fast.wall.Seconds()
}

// cpuRatio is speedRatio by CPU time (user+system): the "per core"
// comparison, steadier than wall time when other processes share the
// machine, and fair to a one-worker cqlvm whose reader, writer and
// garbage collector still take some of a second core.
func cpuRatio(slow, fast stats) float64 {
	if slow.runs == 0 || fast.runs == 0 || fast.cpu <= 0 {
		return 0
	}
	return slow.cpu.Seconds() / fast.cpu.Seconds()
}

// describeSkips says which comparisons this run cannot make and why.
func describeSkips(haveExtract, haveRef bool) []string {
	var s []string
	if !haveExtract {
		s = append(s, "pgn-extract: not found on PATH or in /usr/games, so no in-run yardstick and no estimate against the official CQL")
	}
	if !haveRef {
		s = append(s, fmt.Sprintf("official CQL: CQL_REFERENCE is not set, so no direct comparison (× official is estimated as %.1f × the pgn-extract multiple)", officialPerPGNExtract))
	}
	return s
}

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cqlvm/cqlvm/engine"
)

// The heavy queries (bench/heavy/*.cql): queries in the style people
// write (piece loops with find, echo over piece identities, path with
// focus, user functions in square loops, long lines), run on games.pgn
// one thread each and, with CQL_REFERENCE set, side by side with the
// official program. heavyWant holds the number of games each matches on
// games.pgn as the official CQL 6.2 reports it (`cql -s -i games.pgn -o
// out.pgn Q.cql`); cqlvm must give the same numbers.
var heavyWant = map[string]int{
	"attacked_count_sort":    2823,
	"checks_echo_ply":        9,
	"consecutive_captures":   592,
	"function_pins":          182,
	"knight_tour_find":       37,
	"long_maneuver_line":     484,
	"mate_patterns_flip":     28,
	"piece_swap_echo":        37,
	"promotion_then_mate":    2,
	"rook_four_corners_path": 8,
	"xray_battery":           153,
	// added in session 15, after queries in the style of the official
	// distribution's examples (the counts are the official program's
	// on games.pgn, as above)
	"albino_find":           1225,
	"bristol_line":          1177,
	"echo_piece_moved_ply":  4974,
	"few_legal_moves":       40,
	"function_guards":       2856,
	"indian_line":           326,
	"knight_fork_line":      374,
	"knight_wheel_find":     1640,
	"loyd_turton_line":      3538,
	"path_focus_capture":    4763,
	"phoenix_line":          145,
	"rundlauf_line":         2955,
	"switchback_line":       2602,
	"type_attacks_king":     1345,
	"undefended_attackers":  4988,
	"virtual_mainline_mate": 61,
}

// heavyQuery is one file of bench/heavy.
type heavyQuery struct {
	name string // file name without .cql
	path string
}

// heavyResult is what one heavy query measured: the minimum user time
// over the runs of each program (on a shared machine the least disturbed
// run is the best estimate of the work), the largest peak RSS, and the
// match counts.
type heavyResult struct {
	q                   heavyQuery
	want                int // -1 when the file is not games.pgn
	user, refUser       time.Duration
	rssKB, refRSSKB     int64
	matches, refMatches int
	haveRef             bool
}

// heavyQueries lists bench/heavy/*.cql whose name contains sub.
func heavyQueries(root, sub string) ([]heavyQuery, error) {
	files, err := filepath.Glob(filepath.Join(root, "bench", "heavy", "*.cql"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var out []heavyQuery
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".cql")
		if strings.Contains(name, sub) {
			out = append(out, heavyQuery{name: name, path: f})
		}
	}
	return out, nil
}

// runEngineFile runs the query file with one thread in this process, as
// `cqlvm run -threads 1 -o OUTPUT Q.cql INPUT` would.
func runEngineFile(env *environment, path, output string) (sample, error) {
	f, err := os.Create(output)
	if err != nil {
		return sample{}, err
	}
	defer f.Close()
	q, err := engine.Load(path, engine.QueryOptions{})
	if err != nil {
		return sample{}, fmt.Errorf("%s: %v", path, err)
	}
	o := q.Options()
	o.Inputs, o.Threads, o.PGN, o.Context = []string{env.db.path}, 1, f, env.ctx
	m := startMeasurement()
	st, err := engine.Run(q, o)
	s := m.stop()
	if err != nil {
		return sample{}, fmt.Errorf("cqlvm run -threads 1 %s %s: %v", path, env.db.path, err)
	}
	s.matches, s.games = st.Matches, st.Games
	return s, f.Close()
}

// measureHeavy runs every selected heavy query -runs times, alternating
// cqlvm and the official program when there is one.
func measureHeavy(env *environment, ref string, c *checks) ([]heavyResult, error) {
	qs, err := heavyQueries(env.root, env.opts.queries)
	if err != nil {
		return nil, err
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("no heavy query matches -queries %q", env.opts.queries)
	}
	var results []heavyResult
	out := filepath.Join(env.scratch, "heavy-out.pgn")
	refOut := filepath.Join(env.scratch, "heavy-ref-out.pgn")
	for i, q := range qs {
		res := heavyResult{q: q, want: -1, haveRef: ref != "", refMatches: -1}
		useRef := ref != ""
		if n, ok := heavyWant[q.name]; ok && env.db.known == corpusGames {
			res.want = n
		}
		for r := 0; r < env.opts.runs; r++ {
			s, err := runEngineFile(env, q.path, out)
			if err != nil {
				return nil, err
			}
			if r == 0 || s.user < res.user {
				res.user = s.user
			}
			res.rssKB = max(res.rssKB, s.rssKB)
			if r > 0 && s.matches != res.matches {
				c.fail("%s: cqlvm matched %d games, then %d", q.name, res.matches, s.matches)
			}
			res.matches = s.matches
			if !useRef {
				continue
			}
			rs, err := runTimed(env.ctx, ref, []string{"-s", "-i", env.db.path, "-o", refOut, q.path}, "")
			if err != nil {
				// a query the official program rejects is a finding,
				// not a reason to stop measuring
				c.fail("official CQL on %s: %v", q.name, err)
				res.haveRef, useRef = false, false
				continue
			}
			if r == 0 || rs.user < res.refUser {
				res.refUser = rs.user
			}
			res.refRSSKB = max(res.refRSSKB, rs.rssKB)
			res.refMatches = rs.matches
		}
		if res.want >= 0 && res.matches != res.want {
			c.fail("%s: cqlvm matched %d games, want %d", q.name, res.matches, res.want)
		}
		if res.haveRef && res.refMatches != res.matches {
			c.fail("%s: official CQL matched %d games, cqlvm %d", q.name, res.refMatches, res.matches)
		}
		env.printf("[%2d/%d] %s\n", i+1, len(qs), res.line())
		results = append(results, res)
	}
	return results, nil
}

func (res heavyResult) ratio() float64 {
	if !res.haveRef || res.user <= 0 {
		return 0
	}
	return res.refUser.Seconds() / res.user.Seconds()
}

func (res heavyResult) line() string {
	s := fmt.Sprintf("%-24s cqlvm %7.2f s user, %5.1f MiB, %d matches", res.q.name,
		res.user.Seconds(), mibOfKB(res.rssKB), res.matches)
	if res.haveRef {
		s += fmt.Sprintf("   official %7.2f s user, %5.1f MiB, %d matches   official/cqlvm %.2f",
			res.refUser.Seconds(), mibOfKB(res.refRSSKB), res.refMatches, res.ratio())
	}
	return s
}

// heavyGeomean is the geometric mean of the official/cqlvm ratios of the
// queries both programs ran, and their number.
func heavyGeomean(results []heavyResult) (float64, int) {
	var xs []float64
	for _, res := range results {
		if res.haveRef && res.ratio() > 0 {
			xs = append(xs, res.ratio())
		}
	}
	if len(xs) == 0 {
		return 0, 0
	}
	return geomean(xs), len(xs)
}

// heavyTarget is the goal: every heavy query at least 5× faster
// than the official program.
const heavyTarget = targetPerOfficial

// printHeavy writes the heavy queries' table.
func printHeavy(w io.Writer, env *environment, ref string, results []heavyResult, failures []string) {
	fmt.Fprintf(w, "\n## heavy queries: %s, 1 thread, minimum user time of %d run(s) each\n\n", filepath.Base(env.db.path), env.opts.runs)
	header := []string{"query", "matches", "cqlvm user s", "cqlvm RSS MiB"}
	haveRef := ref != ""
	if haveRef {
		header = append(header, "official matches", "official user s", "official RSS MiB", "official/cqlvm", "≥ 5×")
	}
	var rows [][]string
	for _, res := range results {
		m := fmt.Sprint(res.matches)
		switch {
		case res.want < 0:
			m += " unchecked"
		case res.want != res.matches:
			m += fmt.Sprintf(" FAIL (want %d)", res.want)
		}
		row := []string{res.q.name, m, secs(res.user.Seconds()), f1(mibOfKB(res.rssKB))}
		if haveRef {
			if !res.haveRef {
				row = append(row, "failed", "", "", "", "")
				rows = append(rows, row)
				continue
			}
			met := "yes"
			if res.ratio() < heavyTarget {
				met = "MISS"
			}
			row = append(row, fmt.Sprint(res.refMatches), secs(res.refUser.Seconds()),
				f1(mibOfKB(res.refRSSKB)), f2(res.ratio()), met)
		}
		rows = append(rows, row)
	}
	writeMarkdown(w, header, rows)
	if !haveRef {
		fmt.Fprintln(w, "\nofficial CQL: CQL_REFERENCE is not set, so no comparison")
	} else if g, n := heavyGeomean(results); n > 1 {
		met := "ok"
		if g < targetGeomeanPerOfficial {
			met = "MISS"
		}
		fmt.Fprintf(w, "\ngeometric mean official/cqlvm over %d queries: %.2f (target ≥ %.0f: %s)\n", n, g, targetGeomeanPerOfficial, met)
	}
	fmt.Fprintln(w)
	for _, f := range failures {
		fmt.Fprintln(w, "FAIL", f)
	}
	if len(failures) == 0 {
		fmt.Fprintln(w, "verdict: all match counts as expected")
	}
}

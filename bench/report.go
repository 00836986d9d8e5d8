package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// report is everything one harness run measured and found.
type report struct {
	env        *environment
	results    []queryResult
	extract    *stats // pgn-extract, when it ran
	mem        *memResult
	reference  string // official CQL binary, when given
	skips      []string
	failures   []string
	loadBefore string
	loadAfter  string
}

// The targets.
const (
	targetTrivialMpos   = 3.0  // M positions/s with one thread, trivial queries
	targetPerPGNExtract = 3.3  // 5× the official ≈ 3.3× pgn-extract
	targetSlowdown      = 2.0  // a query at most this many times the trivial wall time
	targetThreadEff     = 0.95 // N threads at least 0.95 N times faster (1.9× on 2)
	// Against the official program, one thread each, same run (issue 14).
	targetPerOfficial        = 5.0  // every query
	targetTrivialPerOfficial = 10.0 // mate, check
	targetGeomeanPerOfficial = 8.0  // the geometric mean over the queries
	targetRSSMiB             = 100
	targetRSSGrowth          = 1.10 // ×4 peak RSS at most 10% above ×1
)

func mpos(db database, st stats) float64 {
	if st.wall <= 0 {
		return 0
	}
	return float64(db.positions) / st.wall.Seconds() / 1e6
}

func kgames(db database, st stats) float64 {
	if st.wall <= 0 {
		return 0
	}
	return float64(db.games) / st.wall.Seconds() / 1e3
}

// speedup of the N-thread runs over the one-thread runs, by wall time.
func (res queryResult) speedup() float64 { return speedRatio(res.one, res.all) }

// progressLine is printed as soon as a query has been measured.
func progressLine(env *environment, res queryResult, extract *stats) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-62s 1T %6.2f s (%6.2f s CPU, %5.2f M pos/s)  %dT %6.2f s  speedup %.2f",
		res.q.text, res.one.wall.Seconds(), res.one.cpu.Seconds(), mpos(env.db, res.one),
		env.opts.threads, res.all.wall.Seconds(), res.speedup())
	if extract != nil {
		fmt.Fprintf(&b, "  %.2f× pgn-extract (CPU %.2f×)", speedRatio(*extract, res.one), cpuRatio(*extract, res.one))
	}
	if res.ref != nil {
		fmt.Fprintf(&b, "  %.2f× official", speedRatio(*res.ref, res.one))
	}
	fmt.Fprintf(&b, "  %d matches", res.one.matches)
	return b.String()
}

// print writes the markdown table, the memory line, the targets, the
// skipped comparisons and the verdict.
func (r *report) print(w io.Writer) {
	fmt.Fprintln(w)
	fmt.Fprintf(w, "## cqlvm throughput: %s\n\n", r.describeRun())
	if len(r.results) > 0 {
		writeMarkdown(w, r.tableHeader(), r.tableRows())
		fmt.Fprintln(w)
		r.printLegend(w)
	}
	if r.mem != nil {
		fmt.Fprintf(w, "Peak RSS of `%s` (1 thread): %.1f MiB on ×1, %.1f MiB on ×%d copies (ratio %.2f).\n\n",
			memoryQuery, mibOfKB(r.mem.x1.rssKB), mibOfKB(r.mem.x4.rssKB), copiesForMemoryTest, r.mem.ratio())
	}
	r.printTargets(w)
	if !r.env.opts.rssOnly && len(r.skips) > 0 {
		for _, s := range r.skips {
			fmt.Fprintln(w, "skipped:", s)
		}
		fmt.Fprintln(w)
	}
	r.printVerdict(w)
}

// printLegend explains the derived columns under the table.
func (r *report) printLegend(w io.Writer) {
	fmt.Fprintln(w, "Times are medians of each run's wall and user+system CPU time; M pos/s and k games/s divide")
	fmt.Fprintln(w, "the file's mainline positions and games by the wall time; speedup is 1T wall / NT wall.")
	if r.extract != nil {
		fmt.Fprintln(w, "× pgn-extract is pgn-extract's wall time / cqlvm's (CPU: the same with user+system CPU times, per core);")
		fmt.Fprintln(w, "for the trivial queries pgn-extract is timed again in the same rounds, so that the machine's drift")
		fmt.Fprintln(w, "during the suite hits both alike; the other rows use the timing at the start.")
		fmt.Fprintf(w, "≈ × CQL 6.2 multiplies the 1T wall multiple by %.1f, the official program's slowdown against\n", officialPerPGNExtract)
		fmt.Fprintln(w, "pgn-extract measured on human.pgn (an estimate on any other file).")
	}
	fmt.Fprintln(w)
}

func (r *report) describeRun() string {
	env := r.env
	name := env.db.known
	if name == "" {
		name = env.db.path
	}
	return fmt.Sprintf("%s, %d games, %d positions; %d CPUs, 1 and %d threads, median of %d; load %s → %s; `%s`",
		name, env.db.games, env.db.positions, numCPU(), env.opts.threads, env.opts.runs,
		r.loadBefore, r.loadAfter, commandLine())
}

// commandLine is how this harness was started, for the note.
func commandLine() string {
	args := append([]string{"bench"}, os.Args[1:]...)
	return strings.Join(args, " ")
}

func (r *report) tableHeader() []string {
	n := r.env.opts.threads
	h := []string{"query", "class", "matches",
		"1T wall s", "1T CPU s", "1T M pos/s", "1T k games/s",
		fmt.Sprintf("%dT wall s", n), fmt.Sprintf("%dT M pos/s", n), "speedup"}
	if r.extract != nil {
		h = append(h, "× pgn-extract 1T", "× pgn-extract 1T CPU", fmt.Sprintf("× pgn-extract %dT", n), "≈ × CQL 6.2 1T")
	}
	if r.reference != "" {
		h = append(h, "official 1T s", "× official 1T")
	}
	return append(h, "peak RSS MiB", fmt.Sprintf("1T = %dT output", n))
}

func (r *report) tableRows() [][]string {
	var rows [][]string
	if r.extract != nil {
		rows = append(rows, r.extractRow())
	}
	for _, res := range r.results {
		rows = append(rows, r.resultRow(res))
	}
	return rows
}

// extractRow puts the yardstick in the table so the note is self-contained.
func (r *report) extractRow() []string {
	db, st := r.env.db, *r.extract
	row := []string{"pgn-extract -s -o /dev/null", "yardstick", "–",
		secs(st.wall.Seconds()), secs(st.cpu.Seconds()), f2(mpos(db, st)), f1(kgames(db, st)),
		"–", "–", "–", "1.00", "1.00", "–", f2(officialPerPGNExtract)}
	if r.reference != "" {
		row = append(row, "–", "–")
	}
	return append(row, f1(mibOfKB(st.rssKB)), "–")
}

func (r *report) resultRow(res queryResult) []string {
	db := r.env.db
	row := []string{"`" + res.q.text + "`", res.q.class, matchesCell(res),
		secs(res.one.wall.Seconds()), secs(res.one.cpu.Seconds()), f2(mpos(db, res.one)), f1(kgames(db, res.one)),
		secs(res.all.wall.Seconds()), f2(mpos(db, res.all)), f2(res.speedup())}
	if r.extract != nil {
		x := r.yardstick(res)
		one, all := speedRatio(*x, res.one), speedRatio(*x, res.all)
		row = append(row, f2(one), f2(cpuRatio(*x, res.one)), f2(all), f2(one*officialPerPGNExtract))
	}
	if r.reference != "" {
		if res.ref != nil {
			row = append(row, secs(res.ref.wall.Seconds()), f2(speedRatio(*res.ref, res.one)))
		} else {
			row = append(row, "failed", "–")
		}
	}
	rss := max(res.one.rssKB, res.all.rssKB)
	return append(row, f1(mibOfKB(rss)), sameOutputCell(res))
}

func matchesCell(res queryResult) string {
	switch {
	case res.want < 0:
		return fmt.Sprintf("%d (unchecked)", res.one.matches)
	case res.want == res.one.matches:
		return fmt.Sprintf("%d ok", res.one.matches)
	}
	return fmt.Sprintf("%d FAIL (want %d)", res.one.matches, res.want)
}

func sameOutputCell(res queryResult) string {
	want := res.one.samples[0].hash
	for _, s := range append(res.one.samples, res.all.samples...) {
		if s.hash != want {
			return "FAIL"
		}
	}
	return "yes"
}

func secs(v float64) string { return fmt.Sprintf("%.2f", v) }
func f2(v float64) string   { return fmt.Sprintf("%.2f", v) }
func f1(v float64) string   { return fmt.Sprintf("%.1f", v) }

// writeMarkdown writes a table padded so that it also reads well as text.
func writeMarkdown(w io.Writer, header []string, rows [][]string) {
	width := make([]int, len(header))
	for i, h := range header {
		width[i] = len([]rune(h))
	}
	for _, row := range rows {
		for i, c := range row {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	line := func(cells []string) {
		var b strings.Builder
		b.WriteString("|")
		for i, c := range cells {
			fmt.Fprintf(&b, " %s%s |", c, strings.Repeat(" ", width[i]-len([]rune(c))))
		}
		fmt.Fprintln(w, b.String())
	}
	line(header)
	sep := make([]string, len(header))
	for i := range sep {
		sep[i] = strings.Repeat("-", width[i])
	}
	line(sep)
	for _, row := range rows {
		line(row)
	}
}

// printVerdict ends the report with the failures, which set the exit code.
func (r *report) printVerdict(w io.Writer) {
	if len(r.failures) == 0 && len(r.results) > 0 {
		fmt.Fprintf(w, "PASS: every match count as expected, every output identical with 1 and %d threads\n", r.env.opts.threads)
		return
	}
	if len(r.failures) == 0 {
		fmt.Fprintln(w, "PASS: all checks passed")
		return
	}
	fmt.Fprintf(w, "%d check(s) failed:\n", len(r.failures))
	for _, f := range r.failures {
		fmt.Fprintln(w, "FAIL", f)
	}
}

// yardstick is the pgn-extract timing to compare res with: the one taken
// in the same rounds for a trivial query, else the one at the start.
func (r *report) yardstick(res queryResult) *stats {
	if res.extract != nil {
		return res.extract
	}
	return r.extract
}

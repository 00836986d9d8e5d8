package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestRestrictionFlags runs the tag restriction options with the query
// `true` (every game with a position matches) and counts the games they
// select against a count made directly from the PGN tags.
func TestRestrictionFlags(t *testing.T) {
	games := readText(t, gamesPGN)
	tagValues := func(name string) []string {
		re := regexp.MustCompile(`(?m)^\[` + name + ` "([^"]*)"\]`)
		var vs []string
		for _, m := range re.FindAllStringSubmatch(games, -1) {
			vs = append(vs, m[1])
		}
		return vs
	}
	whites, blacks, results, dates := tagValues("White"), tagValues("Black"), tagValues("Result"), tagValues("Date")
	if len(whites) != 5000 || len(blacks) != 5000 || len(results) != 5000 || len(dates) != 5000 {
		t.Fatalf("games.pgn: expected every game to have White, Black, Result and Date tags")
	}
	count := func(pred func(i int) bool) int {
		n := 0
		for i := 0; i < 5000; i++ {
			if pred(i) {
				n++
			}
		}
		return n
	}
	year := func(i int) int { y, _ := strconv.Atoi(dates[i][:4]); return y }
	cases := []struct {
		args []string
		want int
	}{
		{[]string{"-white", "Adams"}, count(func(i int) bool { return strings.Contains(whites[i], "Adams") })},
		{[]string{"-black", "Anand"}, count(func(i int) bool { return strings.Contains(blacks[i], "Anand") })},
		{[]string{"-player", "Andersson"}, count(func(i int) bool {
			return strings.Contains(whites[i], "Andersson") || strings.Contains(blacks[i], "Andersson")
		})},
		{[]string{"-result", "0-1"}, count(func(i int) bool { return results[i] == "0-1" })},
		{[]string{"-year", "1990", "1995"}, count(func(i int) bool { return year(i) >= 1990 && year(i) <= 1995 })},
		{[]string{"-year", "1985", "-result", "1-0"}, count(func(i int) bool { return year(i) == 1985 && results[i] == "1-0" })},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			if c.want == 0 {
				t.Fatal("no game qualifies; the case tests nothing")
			}
			args := append([]string{"run", "-q", "-o", filepath.Join(dir, "out.pgn")}, c.args...)
			r := mustRun(t, nil, append(args, "-cql", "true", gamesPGN)...)
			if got := summaryMatches(t, r); got != c.want {
				t.Errorf("%d games selected, the tags say %d", got, c.want)
			}
		})
	}
}

// TestPositionFlags compares -fen, -wtm, -btm and -virtualmainline with
// the filters they stand for written in the query (-virtualmainline also
// searches the variations: virtualmainline.html).
func TestPositionFlags(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	// the same board in CQL's extended FEN (fen.html): A any white piece,
	// a any black piece, . anything, _ an empty square
	const extendedFen = "a1bqkbna/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/AN.QKB_R"
	cases := []struct {
		args      []string
		query     string
		queryArgs []string
		pgn       string
	}{
		{[]string{"-fen", fen}, `fen "` + fen + `"`, nil, gamesPGN},
		{[]string{"-fen", extendedFen}, `fen "` + fen + `"`, nil, gamesPGN},
		{[]string{"-wtm", "-cql", "mate"}, "wtm mate", nil, gamesPGN},
		{[]string{"-btm", "-cql", "stalemate"}, "btm stalemate", nil, gamesPGN},
		{[]string{"-virtualmainline", "-cql", "check"}, "virtualmainline check", []string{"-variations"}, samplePGN},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.args[0], func(t *testing.T) {
			byFlag, byQuery := filepath.Join(dir, "flag.pgn"), filepath.Join(dir, "query.pgn")
			args := c.args
			if len(args) == 2 {
				args = append(args, "-cql", "true")
			}
			mustRun(t, nil, append(append([]string{"run", "-q", "-o", byFlag}, args...), c.pgn)...)
			mustRun(t, nil, append(append([]string{"run", "-q", "-o", byQuery}, c.queryArgs...), "-cql", c.query, c.pgn)...)
			got, want := readText(t, byFlag), readText(t, byQuery)
			if want == "" {
				t.Fatal("no game matched; the case tests nothing")
			}
			if got != want {
				t.Errorf("%v selects differently from the query %q", c.args, c.query)
			}
		})
	}
}

// TestAlwaysComment checks that -alwayscomment keeps the comments of
// filters that failed, and that without it they are dropped.
func TestAlwaysComment(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	query := writeQuery(t, dir, `cql() {comment("tried") check} or mate`)
	var games, marks [2]int
	tried := func(i int, args ...string) int {
		r := mustRun(t, nil, append(append([]string{"run", "-o", out, "-matchstring", "MARK"}, args...), query, samplePGN)...)
		text := readText(t, out)
		games[i], marks[i] = summaryMatches(t, r), strings.Count(text, "MARK")
		return strings.Count(text, "tried")
	}
	smart, always := tried(0), tried(1, "-alwayscomment")
	// "tried" survives where check holds; with -alwayscomment also at
	// the other positions of the matched games
	if smart == 0 || always <= smart {
		t.Errorf(`"tried" appears %d times with smart comments and %d with -alwayscomment; want 0 < smart < always`, smart, always)
	}
	// it changes comments only: the same games and positions match
	if games[0] != games[1] || marks[0] != marks[1] {
		t.Errorf("-alwayscomment changed what matches: %d games and %d positions, without it %d and %d", games[1], marks[1], games[0], marks[0])
	}
}

// summaryMatches reads N from the run's "N matches of M games" line.
func summaryMatches(t *testing.T, r invocation) int {
	t.Helper()
	line := lastSummary(r.stdout + r.stderr)
	n, err := strconv.Atoi(strings.Fields(line + " x")[0])
	if err != nil {
		t.Fatalf("no summary line in:\n%s%s", r.stdout, r.stderr)
	}
	return n
}

// TestCqlOptionFunctions: a function defined in the -cql text can be
// called there (it used to crash the compiler), with the same answer as
// the query written in a file.
func TestCqlOptionFunctions(t *testing.T) {
	dir := t.TempDir()
	const body = `function plies(Lim){ply > Lim} plies(80) check`
	r := mustRun(t, nil, "run", "-q", "-o", filepath.Join(dir, "a.pgn"), "-cql", body, samplePGN)
	file := writeQuery(t, dir, "cql() "+body)
	s := mustRun(t, nil, "run", "-q", "-o", filepath.Join(dir, "b.pgn"), file, samplePGN)
	got, want := summaryMatches(t, r), summaryMatches(t, s)
	if want == 0 {
		t.Fatal("no game matched; the case tests nothing")
	}
	if got != want {
		t.Errorf("-cql: %d games, the same query in a file: %d", got, want)
	}
}

// TestQuietOptionIsHeaderQuiet: -quiet is the header's quiet (features.md:
// "only explicit user comments (and header info)"), and -silent the
// header's silent: the output is the same byte for byte.
func TestQuietOptionIsHeaderQuiet(t *testing.T) {
	dir := t.TempDir()
	const body = `mate find <-- {check comment("user")}`
	for _, mode := range []string{"quiet", "silent"} {
		byHeader, byOption := filepath.Join(dir, mode+"-h.pgn"), filepath.Join(dir, mode+"-o.pgn")
		mustRun(t, nil, "run", "-q", "-o", byHeader, writeQuery(t, dir, "cql("+mode+") "+body), samplePGN)
		mustRun(t, nil, "run", "-q", "-"+mode, "-o", byOption, writeQuery(t, dir, "cql() "+body), samplePGN)
		h, o := readText(t, byHeader), readText(t, byOption)
		if !strings.Contains(h, "[Event") {
			t.Fatalf("%s: no game written; the case tests nothing", mode)
		}
		if h != o {
			t.Errorf("-%s writes differently from cql(%s)", mode, mode)
		}
		if strings.Contains(o, "Found") {
			t.Errorf("-%s: find's automatic comment is still written", mode)
		}
	}
}

// TestTransformOptions: options.html, "-flipcolor ... allow color
// interchange in body of CQL file", and the other transform options: the
// output is that of the body written inside the transform.
func TestTransformOptions(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		option, body string
	}{
		{"-flipcolor", "Ra1 ra8"},
		{"-flip", "Ra1 ra8"},
		{"-shift", "Ka1 kc1"},
		{"-reversecolor", "check"},
	} {
		byOption, byQuery := filepath.Join(dir, "o.pgn"), filepath.Join(dir, "q.pgn")
		file := writeQuery(t, dir, "cql() "+c.body)
		mustRun(t, nil, "run", "-q", c.option, "-o", byOption, file, samplePGN)
		inside := "{" + c.body + "}"
		mustRun(t, nil, "run", "-q", "-o", byQuery, "-cql", c.option[1:]+" "+inside, samplePGN)
		got, want := readText(t, byOption), readText(t, byQuery)
		if !strings.Contains(want, "[Event") {
			t.Fatalf("%s: no game matched; the case tests nothing", c.option)
		}
		if got != want {
			t.Errorf("%s %s writes differently from %s %s", c.option, c.body, c.option[1:], inside)
		}
	}
}

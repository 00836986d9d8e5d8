package main

import (
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/engine"
)

// TestRestrictionFlags: the restriction options fill engine.Restrictions
// (whose tests check what each selects), -year reading one or two
// numbers, and the options that cannot be a restriction are refused with
// a message naming the option.
func TestRestrictionFlags(t *testing.T) {
	parse := func(args ...string) (engine.Restrictions, error) {
		var f runFlags
		fs := newRunFlagSet(&f)
		if err := fs.Parse(normalizeArgs(joinMultiArgs(args))); err != nil {
			t.Fatal(err)
		}
		return f.restrict.restrictions(fs)
	}
	for _, c := range []struct {
		args []string
		want engine.Restrictions
	}{
		{nil, engine.Restrictions{}},
		{[]string{"-white", "Adams", "-black", "Anand", "-player", "Andersson", "-event", "Ol", "-site", "Elista"},
			engine.Restrictions{White: "Adams", Black: "Anand", Player: "Andersson", Event: "Ol", Site: "Elista"}},
		{[]string{"-year", "1990", "1995", "-result", "0-1"}, engine.Restrictions{Years: &engine.YearRange{From: 1990, To: 1995}, Result: "0-1"}},
		{[]string{"-year", "1985"}, engine.Restrictions{Years: &engine.YearRange{From: 1985, To: 1985}}},
		{[]string{"-fen", "8/8/8/8/8/8/8/K6k", "-btm", "-virtualmainline"},
			engine.Restrictions{FEN: "8/8/8/8/8/8/8/K6k", BlackToMove: true, VirtualMainline: true}},
		{[]string{"-player", ""}, engine.Restrictions{}},
	} {
		got, err := parse(c.args...)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %+v, %v; want %+v", c.args, got, err, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-fen", ""}, "-fen: expected a FEN, got nothing"},
		{[]string{"-result", ""}, `-result: expected 1-0, 0-1 or 1/2-1/2, got ""`},
		{[]string{"-result", "draw"}, `-result: expected 1-0, 0-1 or 1/2-1/2, got "draw"`},
		{[]string{"-year", ""}, "-year: expected a year or a range N M, got nothing"},
		{[]string{"-year", "1995", "1990"}, `-year: expected a year or a range N M (N <= M), got "1995 1990"`},
		{[]string{"-wtm", "-btm"}, "-wtm and -btm together match nothing; give one of them"},
	} {
		if _, err := parse(c.args...); err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %q", c.args, err, c.want)
		}
	}
}

// TestRestrictionFlagsRun: the restrictions reach the run (-virtualmainline
// also searching the variations), and a refused one is a usage error.
func TestRestrictionFlagsRun(t *testing.T) {
	dir := t.TempDir()
	byFlag, byQuery := filepath.Join(dir, "flag.pgn"), filepath.Join(dir, "query.pgn")
	mustRun(t, nil, "run", "-q", "-o", byFlag, "-player", "Troitzky", "-virtualmainline", "-cql", "check", samplePGN)
	mustRun(t, nil, "run", "-q", "-o", byQuery, "-variations", "-cql", `{"Troitzky" in player white or "Troitzky" in player black} virtualmainline check`, samplePGN)
	got, want := readText(t, byFlag), readText(t, byQuery)
	if want == "" {
		t.Fatal("no game matched; the case tests nothing")
	}
	if got != want {
		t.Error("-player -virtualmainline selects differently from the query they stand for")
	}
	r := runCLI(t, nil, "run", "-q", "-o", byFlag, "-wtm", "-btm", "-cql", "check", samplePGN)
	if r.status != exitUsage || r.stderr != "cqlvm run: -wtm and -btm together match nothing; give one of them\n" {
		t.Errorf("-wtm -btm: status %d, %q", r.status, r.stderr)
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

// TestTransformOptionsAreTransforms: every transform option names a
// transform the engine knows (bodyTransforms would drop one that did not).
func TestTransformOptionsAreTransforms(t *testing.T) {
	for _, name := range transformOptions {
		if _, ok := engine.TransformNamed(name); !ok {
			t.Errorf("-%s names no transform", name)
		}
	}
}

// TestRestrictionsAlone: the restriction options are a query by
// themselves, under both names, with the official program's counts on
// sample.pgn (observed with the official binary); with neither a query
// nor a restriction there is nothing to run.
func TestRestrictionsAlone(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.pgn")
	for _, c := range []struct {
		args    []string
		matches int
	}{
		{[]string{"-player", "Costeff"}, 7},
		{[]string{"-white", "Korolkov"}, 9},
		{[]string{"-event", "Olympiad"}, 2},
		{[]string{"-year", "1980", "1990"}, 29},
		{[]string{"-player", "Costeff", "-result", "1-0"}, 4},
		{[]string{"-fen", "8/5k2/8/4K3/3p3P/R2b4/4p3/8"}, 1},
		{[]string{"-fen", "8/5k2/8/4K3/3p3P/R2b4/4p3/8", "-btm"}, 0},
	} {
		want := strconv.Itoa(c.matches) + " matches of 253 games"
		var stdout strings.Builder
		cl := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stdout}
		if status := cl.cqlMain(append(c.args, "-i", samplePGN, "-o", out)); status != 0 || !strings.Contains(stdout.String(), want) {
			t.Errorf("cql %q: exit %d, want %q:\n%s", c.args, status, want, stdout.String())
		}
		r := runCLI(t, nil, append(append([]string{"run", "-q"}, c.args...), samplePGN, "-o", out)...)
		if r.status != exitOK || !strings.Contains(r.stderr+r.stdout, want) {
			t.Errorf("cqlvm run %q: exit %d, want %q:\n%s%s", c.args, r.status, want, r.stdout, r.stderr)
		}
	}
	if r := runCLI(t, nil, "run", samplePGN); r.status != exitUsage || !strings.Contains(r.stderr, "no query") {
		t.Errorf("cqlvm run without a query: exit %d, %s", r.status, r.stderr)
	}
}

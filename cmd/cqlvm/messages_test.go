package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorMessages runs the mistakes people make and checks that each
// ends with the documented exit status and a message that names the
// culprit and says what was expected, never a Go stack trace.
func TestErrorMessages(t *testing.T) {
	dir := t.TempDir()
	query := writeQuery(t, dir, "cql() mate")
	badQuery := filepath.Join(dir, "bad.cql")
	os.WriteFile(badQuery, []byte("cql()\ncheck }\nmate and\n"), 0o644)
	broken := filepath.Join(dir, "broken.pgn")
	os.WriteFile(broken, []byte("[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. d4 *\n"), 0o644)
	cases := []struct {
		name   string
		args   []string
		status int
		want   []string // substrings of stderr
	}{
		{"missing query", []string{"run", filepath.Join(dir, "nope.cql"), samplePGN}, exitInput,
			[]string{"nope.cql: no such query file"}},
		{"missing PGN", []string{"run", query, filepath.Join(dir, "nope.pgn")}, exitInput,
			[]string{"cannot read input", "nope.pgn: no such file"}},
		{"directory as input", []string{"run", query, dir}, exitInput,
			[]string{dir + ": is a directory", "*.pgn"}},
		{"unknown flag", []string{"run", "-frobnicate", query, samplePGN}, exitUsage,
			[]string{"unknown flag -frobnicate", "cqlvm help run"}},
		{"game number not a number", []string{"run", "-gamenumber", "x", query, samplePGN}, exitUsage,
			[]string{"-gamenumber: expected a game number or a range N M", `"x"`}},
		{"game number missing", []string{"run", query, samplePGN, "-gamenumber"}, exitUsage,
			[]string{"-gamenumber: expected a game number", "got nothing"}},
		{"game range backwards", []string{"run", "-gamenumber", "9", "3", query, samplePGN}, exitUsage,
			[]string{"N <= M", `"9 3"`}},
		{"no query", []string{"run", samplePGN}, exitUsage, []string{"no query"}},
		{"no input", []string{"run", query}, exitUsage, []string{"no PGN input"}},
		{"json and pgn on stdout", []string{"run", "--json", "-o", "-", query, samplePGN}, exitUsage,
			[]string{"--json writes the matches to standard output"}},
		{"bad progress", []string{"run", "--progress", "sometimes", query, samplePGN}, exitUsage,
			[]string{"expected auto, always or never"}},
		{"query errors", []string{"run", badQuery, samplePGN}, exitQueryError,
			[]string{"bad.cql:2:7:", "check }", "^"}},
		{"unknown command", []string{"frob"}, exitUsage, []string{`unknown command "frob"`}},
		{"an error of a transformed block once", []string{"check", "-cql", "shift flipcolor { Ka1 chekc }"}, exitQueryError,
			[]string{"-cql:1:23: unknown word chekc: did you mean check?\n  shift flipcolor { Ka1 chekc }\n                        ^^^^^\n"}},
		{"a misspelt infix word", []string{"check", "-cql", "A atackedby k"}, exitQueryError,
			[]string{"unknown word atackedby: did you mean attackedby?\n"}},
		{"a move in algebraic notation", []string{"check", "-cql", "Qxf7"}, exitQueryError,
			[]string{"unknown word Qxf7: a move in algebraic notation, which CQL does not read: CQL writes that capture Q[x]f7 (or move from Q to f7 capture .)"}},
		{"output over input", []string{"run", "-o", samplePGN, query, samplePGN}, exitUsage,
			[]string{"-o " + samplePGN + " is also the input: cqlvm would overwrite it"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runCLI(t, nil, c.args...)
			if r.status != c.status {
				t.Errorf("exit status %d, want %d; stderr:\n%s", r.status, c.status, r.stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
				}
			}
			assertNoStackTrace(t, r.stderr)
		})
	}
	if r := runCLI(t, nil, "check", "-cql", "shift flipcolor { Ka1 chekc }"); strings.Count(r.stderr, "unknown word") != 1 {
		t.Errorf("the error of a block checked in 20 transformed copies is not printed once:\n%s", r.stderr)
	}
	if data, err := os.ReadFile(samplePGN); err != nil || pgnMD5(data) != "eb2831a9c68512f535cd5eca2b381f99" {
		t.Fatalf("the output-over-input case damaged %s", samplePGN)
	}
	t.Run("truncated gzip", func(t *testing.T) {
		data := gzipBytes(t, []byte(readText(t, samplePGN)))
		cut := filepath.Join(dir, "cut.pgn.gz")
		os.WriteFile(cut, data[:len(data)/2], 0o644)
		r := runCLI(t, nil, "run", "-o", filepath.Join(dir, "out.pgn"), query, cut)
		want := cut + ": cannot read past byte "
		if r.status != exitInput || !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "truncated gzip data") {
			t.Errorf("exit %d, stderr %q; want exit %d and %q", r.status, r.stderr, exitInput, want)
		}
		assertNoStackTrace(t, r.stderr)
	})
	t.Run("broken game", func(t *testing.T) {
		r := mustRun(t, nil, "run", "-o", filepath.Join(dir, "out.pgn"), query, broken)
		want := broken + ":3:13: game 1 (starting at byte 0): "
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
		if !strings.Contains(r.stdout, "of 2 games (1 with errors)") {
			t.Errorf("the summary should count the broken game: %s", r.stdout)
		}
	})
}

func assertNoStackTrace(t *testing.T, stderr string) {
	t.Helper()
	for _, sign := range []string{"goroutine ", "panic:", ".go:"} {
		if strings.Contains(stderr, sign) {
			t.Errorf("stderr looks like a Go stack trace (%q):\n%s", sign, stderr)
		}
	}
}

// TestPanicsBecomeShortMessages: a panic in the main goroutine (here a
// nil standard output) ends in exit status 4 and a one-line report. (The
// engine's tests check that a panic in a worker names the game.)
func TestPanicsBecomeShortMessages(t *testing.T) {
	t.Setenv("CQLVM_DEBUG", "")
	var stderr strings.Builder
	c := &cli{stdout: nil, stderr: &stderr}
	if status := c.main([]string{"version"}); status != exitInternal {
		t.Fatalf("exit status %d, want %d", status, exitInternal)
	}
	if !strings.HasPrefix(stderr.String(), "cqlvm: internal error: ") {
		t.Errorf("message %q", stderr.String())
	}
	assertNoStackTrace(t, stderr.String())
}

// TestCheckCommand compiles queries without games.
func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	good := writeQuery(t, dir, "cql() mate")
	bad := filepath.Join(dir, "bad.cql")
	os.WriteFile(bad, []byte("cql()\nx = 3\nx = \"s\"\ny = 1\ny = \"t\"\n"), 0o644)
	r := runCLI(t, nil, "check", good)
	if r.status != exitOK || !strings.Contains(r.stdout, good+": ok") {
		t.Errorf("good query: exit %d, stdout %q", r.status, r.stdout)
	}
	r = runCLI(t, nil, "check", good, bad)
	if r.status != exitQueryError {
		t.Errorf("bad query: exit %d, want %d", r.status, exitQueryError)
	}
	if n := strings.Count(r.stderr, "bad.cql:"); n < 2 {
		t.Errorf("want every diagnostic (at least 2), got %d:\n%s", n, r.stderr)
	}
	if r = runCLI(t, nil, "check", "-cql", "btm mate"); r.status != exitOK {
		t.Errorf("-cql alone: exit %d: %s", r.status, r.stderr)
	}
}

// TestLineIncrement prints the official periodic line, on stdout before
// the summary.
func TestLineIncrement(t *testing.T) {
	dir := t.TempDir()
	r := mustRun(t, nil, "run", "-lineincrement", "100", "-o", filepath.Join(dir, "o.pgn"), writeQuery(t, dir, "cql() mate"), samplePGN)
	lines := nonEmptyLines(r.stdout)
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "100 games, ") || !strings.HasPrefix(lines[1], "200 games, ") {
		t.Fatalf("stdout:\n%s", r.stdout)
	}
	if !summaryRE.MatchString(lines[2]) {
		t.Errorf("the summary should stay last: %q", lines[2])
	}
}

func TestNormalizeArgs(t *testing.T) {
	cases := []struct{ in, want string }{
		{"-input a.pgn -gamenumber 5 10 q.cql", "--input a.pgn --gamenumber=5,10 q.cql"},
		{"-g 7 -o - q.cql", "--gamenumber=7 -o - q.cql"},
		{"--No-Progress -q -MatchString X", "--noprogress -q --matchstring X"},
		{"-gamenumber x q.cql", "--gamenumber=x q.cql"},
		{"-gamenumber -cql mate", "--gamenumber= --cql mate"},
		{"-gamenumber q.cql", "--gamenumber= q.cql"},
		{"-- -odd.pgn", "-- -odd.pgn"},
		// an option's value is not an option, even when it starts with a dash
		{"-cql --(o-o) q.pgn", "--cql --(o-o) q.pgn"},
		{"-cql --Q -matchstring --X-- q.pgn", "--cql --Q --matchstring --X-- q.pgn"},
		{"-fen -x -o -", "--fen -x -o -"},
	}
	for _, c := range cases {
		if got := strings.Join(normalizeArgs(strings.Fields(c.in)), " "); got != c.want {
			t.Errorf("normalizeArgs(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestQueryFoundAmongPositionals(t *testing.T) {
	cases := []struct {
		args  string
		cql   bool
		query string
		in    string
	}{
		{"q.cql a.pgn b.pgn.gz", false, "q.cql", "a.pgn b.pgn.gz"},
		{"a.pgn q.cql", false, "q.cql", "a.pgn"}, // the official order
		{"query a.pgn", false, "query", "a.pgn"}, // .cql is added later
		{"- q.cql", false, "q.cql", "-"},
		{"a.pgn twic.zip", true, "", "a.pgn twic.zip"},
		{"lichess_db.pgn.zst", true, "", "lichess_db.pgn.zst"},
	}
	for _, c := range cases {
		q, in := splitPositionals(strings.Fields(c.args), c.cql)
		if q != c.query || strings.Join(in, " ") != c.in {
			t.Errorf("%s: query %q inputs %q, want %q %q", c.args, q, in, c.query, c.in)
		}
	}
}

// TestFailedAssertionsReported checks that a failed `assert` is reported
// on the error stream with the query position and the game, in game
// order, and that the run goes on (the matches are unaffected).
func TestFailedAssertionsReported(t *testing.T) {
	dir := t.TempDir()
	query := filepath.Join(dir, "as.cql")
	os.WriteFile(query, []byte("cql()\n  assert not mate\n"), 0o644)
	out := filepath.Join(dir, "out.pgn")
	r := mustRun(t, nil, "run", "-q", "-o", out, query, samplePGN)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	var asserts []string
	for _, l := range lines {
		if strings.Contains(l, "assertion failed") {
			asserts = append(asserts, l)
		}
	}
	// sample.pgn has 58 games with a mate on the mainline (the persistent
	// example's NumberMates); every mate position fails the assertion
	if len(asserts) < 58 {
		t.Fatalf("%d assertion failures reported, want at least one per mated game (58):\n%s", len(asserts), r.stderr)
	}
	if !strings.HasPrefix(asserts[0], query+":2:3: game 9: assertion failed") {
		t.Errorf("first report %q does not name the query position and game 9", asserts[0])
	}
	plain := filepath.Join(dir, "plain.pgn")
	mustRun(t, nil, "run", "-q", "-o", plain, writeQuery(t, dir, "cql() not mate"), samplePGN)
	if readText(t, out) != readText(t, plain) {
		t.Errorf("`assert not mate` and `not mate` match differently")
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// officialRuns are command lines whose whole standard output the
// official cql 6.2 printed into testdata/official/NAME (run with
// ../shared/data/sample.pgn, the same file as testdata/pgn/sample.pgn):
// cqlvm invoked as cql must print the same lines, up to what
// officialShape leaves out.
var officialRuns = []struct {
	golden string
	args   []string
	// rangeEnd: the run has -gamenumber; the official program counts
	// the game after the range, which it reads to find the range's end,
	// in its number of games (observed: "11 games" for -gamenumber 1 10)
	rangeEnd bool
}{
	{"gui-mate.txt", []string{"-gui", "-i", samplePGN, "-cql", "mate"}, false},
	{"gui-error.txt", []string{"-gui", "-i", samplePGN, "testdata/official/gui-error.cql"}, false},
	{"gui-lineincrement.txt", []string{"-gui", "-lineincrement", "100", "-i", samplePGN, "-cql", "check"}, false},
	{"gui-message.txt", []string{"-gui", "-gamenumber", "1", "10", "-i", samplePGN, "-cql", `mate message "hi"`}, true},
	{"gui-pgnstdout.txt", []string{"-gui", "-guipgnstdout", "-i", samplePGN, "-gamenumber", "9", "9", "-cql", "mate"}, true},
	{"gui-noinput.txt", []string{"-gui", "-i", "nonexist.pgn", "-cql", "check"}, false},
	{"gui-persistent.txt", []string{"-gui", "-gamenumber", "1", "20", "-i", samplePGN, "-cql", "persistent x = 0 mate x += 1"}, true},
	{"gui-games.txt", []string{"-gui", "-i", gamesPGN, "-cql", "mate"}, false},
	{"cql-lineincrement.txt", []string{"-lineincrement", "50", "-gamenumber", "1", "120", "-i", samplePGN, "-cql", "check"}, true},
	{"cql-showmatches.txt", []string{"-showmatches", "-gamenumber", "1", "12", "-i", samplePGN, "-cql", "mate"}, true},
}

// TestOfficialOutput reads cqlvm's output under the name cql as a GUI
// reads the official program's: the same protocol lines in the same
// order with the same values (matches, games, output file, the line and
// column of an error, the progress game numbers, the PGN's size).
func TestOfficialOutput(t *testing.T) {
	for _, run := range officialRuns {
		t.Run(run.golden, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata/official", run.golden))
			if err != nil {
				t.Fatal(err)
			}
			args := absPaths(t, run.args)
			t.Chdir(t.TempDir()) // the default output cqldefault-out.pgn goes there
			var stdout, stderr bytes.Buffer
			c := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
			status := c.cqlMain(args)
			wantStatus := 0
			if strings.Contains(string(want), "<CqlGuiError>") {
				wantStatus = 1
			}
			if status != wantStatus {
				t.Errorf("exit status %d, the official program's %d\n%s", status, wantStatus, stderr.String())
			}
			w, g := officialShape(string(want), run.rangeEnd), officialShape(stdout.String(), false)
			if w != g {
				t.Errorf("cql %s: output differs from the official program's\n--- official\n%s\n--- cqlvm\n%s", strings.Join(run.args, " "), w, g)
			}
		})
	}
}

// absPaths makes the file arguments absolute, since the test runs in
// a temporary directory.
func absPaths(t *testing.T, args []string) []string {
	out := append([]string(nil), args...)
	for i, a := range out {
		if strings.HasSuffix(a, ".pgn") && a != "nonexist.pgn" || strings.HasSuffix(a, ".cql") {
			p, err := filepath.Abs(a)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = p
		}
	}
	return out
}

var (
	summaryTimes = regexp.MustCompile(`in [0-9.]+ seconds using \d+ threads?`)
	guiTimes     = regexp.MustCompile(`(?m)^<CqlGuiVariable> (seconds|numberthreads|build) .*$`)
	gamesCount   = regexp.MustCompile(`(of |numbergamesexamined )(\d+)`)
	oneLineError = regexp.MustCompile(`(?m)^.*\n<CqlGuiError> .+ </CqlGuiError>$`)
	errorBlock   = regexp.MustCompile(`(?s)<CqlGuiError>\n.*?</CqlGuiError>`)
)

// officialShape leaves out of an output what differs by design: the
// banner's and the build's words, times and thread counts, and the
// texts of error messages (cqlvm's are its own; their line and column
// stay). rangeEnd takes one from the official count of games (see
// officialRuns).
func officialShape(s string, rangeEnd bool) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 && strings.HasPrefix(s, "CQL version 6.2") {
		s = "BANNER" + s[i:]
	}
	s = summaryTimes.ReplaceAllString(s, "in T seconds using K threads")
	s = guiTimes.ReplaceAllString(s, "<CqlGuiVariable> $1 X")
	s = oneLineError.ReplaceAllString(s, "ERROR\n<CqlGuiError> ERROR </CqlGuiError>")
	s = errorBlock.ReplaceAllString(s, "<CqlGuiError>\nERROR\n</CqlGuiError>")
	if rangeEnd {
		s = gamesCount.ReplaceAllStringFunc(s, func(m string) string {
			sub := gamesCount.FindStringSubmatch(m)
			n, _ := strconv.Atoi(sub[2])
			return sub[1] + strconv.Itoa(n-1)
		})
	}
	return s
}

// guiSession is what a GUI reads from a -gui run's standard output.
type guiSession struct {
	vars       map[string]string
	messages   []string
	errors     []string // the text of each <CqlGuiError>
	normalExit bool
}

// readGUI reads the protocol lines as a GUI does and ignores the rest.
func readGUI(out string) guiSession {
	s := guiSession{vars: map[string]string{}}
	lines := strings.Split(out, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, "<CqlGuiVariable> "):
			name, value, _ := strings.Cut(strings.TrimPrefix(line, "<CqlGuiVariable> "), " ")
			s.vars[name] = value
		case strings.HasPrefix(line, "<CqlGuiMessage>"):
			msg := strings.TrimSuffix(strings.TrimPrefix(line, "<CqlGuiMessage>"), "</CqlGuiMessage>")
			s.messages = append(s.messages, strings.TrimSpace(msg))
		case line == "<CqlGuiError>":
			var text []string
			for i++; i < len(lines) && lines[i] != "</CqlGuiError>"; i++ {
				text = append(text, lines[i])
			}
			s.errors = append(s.errors, strings.Join(text, "\n"))
		case strings.HasPrefix(line, "<CqlGuiError> "):
			s.errors = append(s.errors, strings.TrimSuffix(strings.TrimPrefix(line, "<CqlGuiError> "), " </CqlGuiError>"))
		case line == "<CqlGuiNormalExit>":
			s.normalExit = true
		}
	}
	return s
}

// TestGUISession reads `cqlvm run -gui` as a GUI would: the values of a
// finished run and the query's messages, then a query with an error,
// which the GUI places by its line and column.
func TestGUISession(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	r := mustRun(t, nil, "run", "-gui", "-gamenumber", "1", "10", "-i", samplePGN, "-o", out, "-cql", `mate message "hi"`)
	s := readGUI(r.stdout)
	for name, want := range map[string]string{"version": "6.2", "numbermatches": "2", "numbergamesexamined": "10", "outputfile": out} {
		if s.vars[name] != want {
			t.Errorf("%s: %q, want %q", name, s.vars[name], want)
		}
	}
	wantMessages := []string{"Game: 9 move 12(btm): hi", "Game: 10 move 8(btm): hi"}
	if strings.Join(s.messages, "|") != strings.Join(wantMessages, "|") || !s.normalExit || len(s.errors) != 0 {
		t.Errorf("session %+v", s)
	}
	query := writeQuery(t, dir, "cql()\nmate\n  check  foo\n")
	r = runCLI(t, nil, "run", "-gui", "-i", samplePGN, query)
	s = readGUI(r.stdout)
	if r.status != exitQueryError || s.normalExit || len(s.errors) != 1 || !strings.Contains(s.errors[0], "foo") {
		t.Errorf("status %d, session %+v", r.status, s)
	}
	if s.vars["linenumbererror"] != "3" || s.vars["columnnumbererror"] != "10" {
		t.Errorf("error at line %s column %s, want 3 and 10 (as the official program)", s.vars["linenumbererror"], s.vars["columnnumbererror"])
	}
	r = runCLI(t, nil, "run", "-gui", "-i", filepath.Join(dir, "none.pgn"), "-cql", "check")
	if s = readGUI(r.stdout); len(s.errors) != 1 || !strings.Contains(s.errors[0], "none.pgn") || s.normalExit {
		t.Errorf("missing input: session %+v", s)
	}
}

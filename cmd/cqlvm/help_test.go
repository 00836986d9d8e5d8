package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/engine"
)

func TestHelpCommand(t *testing.T) {
	r := mustRun(t, nil, "help", "pin")
	if !strings.HasPrefix(r.stdout, "pin [from X] [through Y] [to Z]\n    ") {
		t.Errorf("help pin:\n%s", r.stdout)
	}
	r = mustRun(t, nil, "help", "⬓")
	if !strings.HasPrefix(r.stdout, "flipcolor ") {
		t.Errorf("help with a Unicode symbol:\n%s", r.stdout)
	}
	r = mustRun(t, nil, "help", "≤")
	if !strings.HasPrefix(r.stdout, "A == B ") {
		t.Errorf("help with a Unicode operator (an alias of a word without a line of its own):\n%s", r.stdout)
	}
	r = mustRun(t, nil, "help")
	for _, want := range []string{"usage:", "Exit status", "consecutivemoves", "xray", "The language, by feature", "\nSequences of positions: line and path\n"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help without a topic lacks %q", want)
		}
	}
	r = runCLI(t, nil, "help", "flipcolour")
	if r.status != exitUsage || !strings.Contains(r.stderr, `did you mean "flipcolor"?`) {
		t.Errorf("misspelt topic: exit %d, %s", r.status, r.stderr)
	}
}

// TestHelpTeachesAFilter: `cqlvm help line` says what line returns,
// explains it and gives an example as a command, which run gives the
// number of games the help says.
func TestHelpTeachesAFilter(t *testing.T) {
	r := mustRun(t, nil, "help", "line")
	for _, want := range []string{"\nReturns: a number", "\nline --> F1 --> F2 ... matches when", "\nSee also: --> <--"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help line lacks %q:\n%s", want, r.stdout)
		}
	}
	m := regexp.MustCompile(`Example, which matches (\d+) of the 253 games of testdata/pgn/sample.pgn:\n    cqlvm run -cql '([^']+)' testdata/pgn/sample.pgn\n`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("help line has no example command:\n%s", r.stdout)
	}
	run := mustRun(t, nil, "run", "-q", "-o", os.DevNull, "-cql", m[2], samplePGN)
	if want := m[1] + " matches of 253 games"; !strings.Contains(run.stdout, want) {
		t.Errorf("the example of help line: %q, want %q", lastSummary(run.stdout), want)
	}
}

// TestHelpOldKeywords: `cqlvm help` lists the CQL-S keywords of the
// built-ins after the CQL 6 filters, and explains each, asked for with
// its colon.
func TestHelpOldKeywords(t *testing.T) {
	r := mustRun(t, nil, "help")
	at := strings.Index(r.stdout, "The language, by feature")
	builtIns := engine.HelpTables().BuiltIns
	for _, w := range builtIns {
		if at < 0 || !strings.Contains(r.stdout[at:], w.Name) {
			t.Errorf("cqlvm help does not list %s after the filters", w.Name)
		}
		if r := mustRun(t, nil, "help", w.Name); !strings.Contains(r.stdout, w.Name) {
			t.Errorf("cqlvm help %s:\n%s", w.Name, r.stdout)
		}
	}
	if len(builtIns) == 0 {
		t.Error("no CQL-S keyword in the kinds table")
	}
}

// TestEngineFlag: --engine names the UCI engine of the CQL-S evaluation
// keywords; a query that evaluates nothing runs without one.
func TestEngineFlag(t *testing.T) {
	r := mustRun(t, nil, "run", "-q", "--engine", "/nonexistent/engine", "-o", "-", "-cql", "mate", samplePGN)
	if !strings.Contains(r.stdout, "[Event ") {
		t.Errorf("no games out of a run with --engine:\n%s", r.stderr)
	}
	if r := mustRun(t, nil, "help", "run"); !strings.Contains(r.stdout, "--engine PATH") {
		t.Errorf("the usage does not mention --engine")
	}
}

package engine

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/vm"
)

// runLimited runs q over the sample games with the limit id at value and
// returns the run's stats, its diagnostics and its error.
func runLimited(t *testing.T, q *Query, id limits.ID, value int64, o Options) (Stats, string, error) {
	t.Helper()
	var lim limits.Values
	lim.SetValue(id, value)
	var diag bytes.Buffer
	o.Inputs, o.Limits, o.Diagnostics = []string{samplePGN}, &lim, &diag
	if o.GameNumbers == nil {
		o.GameNumbers = &Range{1, 3}
	}
	st, err := Run(q, o)
	return st, diag.String(), err
}

// expectLimitMessage checks that every game of a run stopped by limit
// id reports it, naming the game and the limit.
func expectLimitMessage(t *testing.T, diag string, id limits.ID, games int) {
	t.Helper()
	name := limits.Table[id].Name
	lines := strings.Split(strings.TrimSpace(diag), "\n")
	if len(lines) != games {
		t.Fatalf("want %d runtime errors, one per game, got:\n%s", games, diag)
	}
	for i, l := range lines {
		if !strings.Contains(l, "game "+string(rune('1'+i))+": ") || !strings.Contains(l, "--limit "+name+"=VALUE") {
			t.Errorf("the runtime error does not name game %d and the limit %s: %s", i+1, name, l)
		}
	}
}

func TestStringBytesAtItsBoundary(t *testing.T) {
	q := loadText(t, "cql() initial s = \"abcd\" t = s + s comment(t)")
	st, diag, err := runLimited(t, q, limits.StringBytes, 8, Options{})
	if err != nil || diag != "" || st.Matches != 3 {
		t.Fatalf("an 8-byte string under string-bytes=8: %d matches, err %v, diagnostics %q", st.Matches, err, diag)
	}
	st, diag, err = runLimited(t, q, limits.StringBytes, 7, Options{})
	if err != nil || st.Matches != 0 || st.Games != 3 {
		t.Fatalf("string-bytes=7: want the run to go on with no game selected, got %d of %d games, err %v", st.Matches, st.Games, err)
	}
	expectLimitMessage(t, diag, limits.StringBytes, 3)
	if !strings.Contains(diag, "q.cql:1:") || !strings.Contains(diag, "string of 8 bytes") {
		t.Errorf("the message should say where in the query and how long: %s", diag)
	}
}

func TestStringBytesStopsADoublingString(t *testing.T) {
	q := loadText(t, "cql() s = \"ab\" loop { s = s + s }")
	start := time.Now()
	st, diag, err := runLimited(t, q, limits.StringBytes, 1<<20, Options{})
	if err != nil || st.Games != 3 {
		t.Fatalf("the run should go on: %d games, err %v", st.Games, err)
	}
	expectLimitMessage(t, diag, limits.StringBytes, 3)
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestGameCommentsAtItsBoundary(t *testing.T) {
	q := loadText(t, "cql() initial comment(\"xyz\")")
	one := int64(vm.CommentCost + 3)
	st, diag, err := runLimited(t, q, limits.GameComments, one, Options{})
	if err != nil || diag != "" || st.Matches != 3 {
		t.Fatalf("one comment of 3 bytes under game-comments=%d: %d matches, err %v, diagnostics %q", one, st.Matches, err, diag)
	}
	st, diag, err = runLimited(t, q, limits.GameComments, one-1, Options{})
	if err != nil || st.Matches != 0 || st.Games != 3 {
		t.Fatalf("game-comments=%d: want the run to go on with no game selected, got %d of %d games, err %v", one-1, st.Matches, st.Games, err)
	}
	expectLimitMessage(t, diag, limits.GameComments, 3)
}

// TestNestedFindsKeepOneCopyOfEachText: three nested counting finds make
// the same "Found k of n" texts for every position they start from. The
// PGN output writes each once per node, and the machine keeps each once:
// under game-comments=2MiB the first three games are written; the JSON
// output, which gives every match all its comments, holds more.
func TestNestedFindsKeepOneCopyOfEachText(t *testing.T) {
	q := loadText(t, "cql() find all { find all { find all check } }")
	var pgnOut, jsonOut bytes.Buffer
	st, diag, err := runLimited(t, q, limits.GameComments, 2<<20, Options{PGN: &pgnOut})
	if err != nil || diag != "" || st.Matches != 3 {
		t.Fatalf("PGN output: %d matches, err %v, diagnostics %q", st.Matches, err, diag)
	}
	if !strings.Contains(pgnOut.String(), "Found 1 of") {
		t.Fatalf("no Found comments in the output:\n%s", pgnOut.String())
	}
	_, diag, err = runLimited(t, q, limits.GameComments, 2<<20, Options{JSON: &jsonOut})
	if err != nil || !strings.Contains(diag, "game-comments=2MiB") {
		t.Fatalf("JSON output: want a game over game-comments=2MiB, got err %v, diagnostics %q", err, diag)
	}
}

func TestRegexTimeStopsABacktrackingMatch(t *testing.T) {
	q := loadText(t, "cql() initial s = \""+strings.Repeat("a", 40)+"\" s ~~ \"(a+)+(?=b)\"")
	start := time.Now()
	st, diag, err := runLimited(t, q, limits.RegexTime, int64(50*time.Millisecond), Options{})
	if err != nil || st.Games != 3 || st.Matches != 0 {
		t.Fatalf("the run should go on: %d games, %d matches, err %v", st.Games, st.Matches, err)
	}
	expectLimitMessage(t, diag, limits.RegexTime, 3)
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("three matches of 50ms took %v", d)
	}
}

// stuckQueries spend longer than any test in one position.
var stuckQueries = map[string]string{
	"nested square loops": "cql() square all x1 in . square all x2 in . square all x3 in . square all x4 in . square all x5 in . square all x6 in . true",
	"nested finds":        "cql() find all { find all { find all { find all { find all { find all check } } } } }",
	"lines":               "cql() line --> .{0 100} --> .{0 100} --> .{0 100} --> .{0 100} --> mate",
}

// TestCancelReachesInsideAPosition: a run stuck in one position returns
// the context's error soon after it is cancelled. The bound is generous
// so that a loaded machine passes: it checks that the run stops at all.
func TestCancelReachesInsideAPosition(t *testing.T) {
	for name, text := range stuckQueries {
		for _, threads := range []int{1, 2} {
			q := loadText(t, text)
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			start := time.Now()
			_, err := Run(q, Options{Inputs: []string{samplePGN}, Threads: threads, Context: ctx})
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("%s, %d threads: returned %v after the cancel", name, threads, d-100*time.Millisecond)
			}
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s, %d threads: want context.Canceled, got %v", name, threads, err)
			}
		}
	}
}

func TestDeadlineReachesInsideAPosition(t *testing.T) {
	q := loadText(t, stuckQueries["nested square loops"])
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Run(q, Options{Inputs: []string{samplePGN}, Context: ctx})
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("returned %v after the start, with a deadline of 200ms", d)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("want context.DeadlineExceeded, got %v", err)
	}
}

// TestRunMemoryStopsTheRun: any run holds more than one byte of heap, so
// the watchdog stops this one (which would never end) at its first look.
func TestRunMemoryStopsTheRun(t *testing.T) {
	q := loadText(t, stuckQueries["nested square loops"])
	start := time.Now()
	_, _, err := runLimited(t, q, limits.RunMemory, 1, Options{})
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("returned after %v", d)
	}
	var le *limits.Error
	if !errors.As(err, &le) || le.ID != limits.RunMemory {
		t.Fatalf("want the run-memory *limits.Error, got %v", err)
	}
	if !strings.Contains(err.Error(), "run-memory=1") {
		t.Errorf("the message should name the limit: %v", err)
	}
}

// TestRunMemoryLeavesANormalRunAlone: the default is far above what a run
// holds.
func TestRunMemoryLeavesANormalRunAlone(t *testing.T) {
	q := loadText(t, "cql() check")
	if _, _, err := runLimited(t, q, limits.RunMemory, 0, Options{GameNumbers: &Range{1, 1 << 20}}); err != nil {
		t.Fatal(err)
	}
}

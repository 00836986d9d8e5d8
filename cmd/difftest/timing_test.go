package main

import (
	"math"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/engine"
)

// TestTimeGenDeterministic: a seed names one query, and seeds differ.
func TestTimeGenDeterministic(t *testing.T) {
	distinct := map[string]bool{}
	for s := uint64(0); s < 200; s++ {
		_, a := NewTimeGen(s).Query()
		_, b := NewTimeGen(s).Query()
		if a != b {
			t.Fatalf("seed %d: two different queries:\n%s\n---\n%s", s, a, b)
		}
		distinct[a] = true
	}
	if len(distinct) < 190 {
		t.Errorf("200 seeds gave only %d distinct queries", len(distinct))
	}
}

// TestTimeGenCoversThemes: every theme is drawn, in about its share.
func TestTimeGenCoversThemes(t *testing.T) {
	const n = 4000
	got := map[string]int{}
	for s := uint64(0); s < n; s++ {
		theme, _ := NewTimeGen(s).Query()
		got[theme]++
	}
	total := 0
	for _, th := range timeThemes {
		total += th.weight
	}
	for _, th := range timeThemes {
		want := float64(n*th.weight) / float64(total)
		if c := float64(got[th.name]); c < want/2 || c > want*2 {
			t.Errorf("theme %s drawn %v times in %d, want about %.0f", th.name, c, n, want)
		}
	}
}

// TestTimeGenQueriesCompile: cqlvm accepts every generated query. The
// reference is the judge in the timing mode (it drops what it rejects);
// this catches a generator that writes broken text before a long run.
func TestTimeGenQueriesCompile(t *testing.T) {
	for s := uint64(0); s < 600; s++ {
		theme, text := NewTimeGen(s).Query()
		if _, err := engine.CompileText("gen.cql", text, engine.QueryOptions{}); err != nil {
			t.Errorf("seed %d (%s): %v\n%s", s, theme, err, text)
		}
	}
}

// pieceLikeName matches a name that CQL reads as a piece designator
// (Pc1 is a white pawn on c1, Pf one on the f-file, pc a black pawn on
// the c-file).
var pieceLikeName = regexp.MustCompile(`^[KQRBNPkqrbnpAa_]?[a-h]?[1-8]?$`)

// TestTimeGenNamesAreNotPieces: variables, functions and dictionaries
// are never named like a piece designator, which would change the query.
func TestTimeGenNamesAreNotPieces(t *testing.T) {
	decl := regexp.MustCompile(`(?:piece|square(?: all)?|function|dictionary) ([A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*) = `)
	for s := uint64(0); s < 2000; s++ {
		_, text := NewTimeGen(s).Query()
		for _, m := range decl.FindAllStringSubmatch(text, -1) {
			name := m[1] + m[2]
			if pieceLikeName.MatchString(name) {
				t.Errorf("seed %d: name %q reads as a piece designator:\n%s", s, name, text)
			}
		}
	}
}

func TestStatsOf(t *testing.T) {
	s := statsOf([]float64{8, 2, 4, 16, 3, 6, 10, 12, 5, 20})
	near := func(what string, got, want float64) {
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	near("min", s.min, 2)
	near("p10", s.p10, 2.9) // between the 1st (2) and 2nd (3) of 10, at 0.9
	near("median", s.median, 7)
	near("geomean", s.geomean, math.Exp((math.Log(8)+math.Log(2)+math.Log(4)+math.Log(16)+math.Log(3)+math.Log(6)+math.Log(10)+math.Log(12)+math.Log(5)+math.Log(20))/10))
	if s.below4 != 2 || s.below5 != 3 {
		t.Errorf("below 4: %d, below 5: %d; want 2 and 3", s.below4, s.below5)
	}
}

// TestCountedNeedsAgreementAndThreshold: only agreeing queries the
// reference spent the threshold on enter the figures.
func TestCountedNeedsAgreementAndThreshold(t *testing.T) {
	slow := timedRun{cpu: time.Second}
	fast := timedRun{cpu: 100 * time.Millisecond}
	cases := []struct {
		q    timedQuery
		want bool
	}{
		{timedQuery{verdict: VAgree, ref: slow, eng: fast}, true},
		{timedQuery{verdict: VTruncated, ref: slow, eng: fast}, true},
		{timedQuery{verdict: VAgree, ref: fast, eng: fast}, false},
		{timedQuery{verdict: VGames, ref: slow, eng: fast}, false},
		{timedQuery{verdict: VRefRejects, ref: slow, eng: fast}, false},
	}
	for i, c := range cases {
		if got := c.q.counted(500 * time.Millisecond); got != c.want {
			t.Errorf("case %d (%s): counted %v, want %v", i, c.q.verdict, got, c.want)
		}
	}
	if r := (&timedQuery{ref: slow, eng: timedRun{cpu: 250 * time.Millisecond}}).ratio(); math.Abs(r-4) > 1e-9 {
		t.Errorf("ratio %v, want 4", r)
	}
}

// TestOneLine: a query's text on one line for the report.
func TestOneLine(t *testing.T) {
	if got := oneLine("cql()\npiece X in N {\n  find check\n}\n"); got != "cql() piece X in N { find check }" {
		t.Errorf("oneLine = %q", got)
	}
	if strings.Contains(oneLine("a\tb\n"), "\t") {
		t.Error("a tab survives")
	}
}

// TestProcCPU: the CPU time read from /proc grows while a process
// computes, and the watchdog kills it past the limit.
func TestProcCPU(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc on this system")
	}
	cmd := exec.Command("sh", "-c", "while :; do :; done")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	overran := watchCPU(cmd.Process, 300*time.Millisecond, stop)
	start := time.Now()
	cmd.Wait()
	close(stop)
	if !overran.Load() {
		t.Fatal("the busy loop ended without the watchdog")
	}
	if cpu := childCPU(cmd.ProcessState); cpu < 300*time.Millisecond {
		t.Errorf("killed after %v of CPU (%v of wall time), before the limit", cpu, time.Since(start))
	}
}

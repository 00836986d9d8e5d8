//go:build hostile

package hostile

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The evaluation's hostile queries: each would take the machine's memory
// or never end without its limit. The bounds on memory and time are
// loose ceilings, an order of magnitude above what the runs take.

// firstGames writes the first n games of a testdata file to a file of
// the test's own.
func firstGames(t *testing.T, name string, n int) string {
	t.Helper()
	b, err := os.ReadFile(testdata(name))
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(b), "\n[Event ")
	if len(games) > n {
		games = games[:n]
		last := games[n-1]
		games[n-1] = last[:len(last)-len("[Event ")]
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(strings.Join(games, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A 33-byte query that doubles a string forever: 8.4 GB before.
func TestEvalDoublingString(t *testing.T) {
	pgn := firstGames(t, "sample.pgn", 5)
	r := run(t, 60*time.Second, nil, "run", "-cql", `s = "ab" loop { s = s + s }`, "-o", "-", pgn)
	r.expect(t, 0, "string-bytes=16MiB; change it with --limit string-bytes=VALUE", 512<<20, 30*time.Second)
	if n := strings.Count(r.stderr, "game "); n < 5 {
		t.Errorf("want a runtime error for each of the 5 games, got %d", n)
	}
}

// Nested counting finds: 1.3 GB on 20 games before (the official program
// 210 MB), the same "Found k of n" kept for every position it was found
// from.
func TestEvalNestedFinds(t *testing.T) {
	pgn := firstGames(t, "games.pgn", 20)
	r := run(t, 120*time.Second, nil, "run", "-cql", "find all { find all { find all check } }", "-o", "-", pgn)
	r.expect(t, 0, "", 300<<20, 60*time.Second)
	if !strings.Contains(r.stdout, "Found 1 of") {
		t.Errorf("no Found comments in the output")
	}
	// a lower game-comments stops a game's evaluation and names the game
	r = run(t, 120*time.Second, nil, "run", "--limit", "game-comments=256KiB", "-cql", "find all { find all { find all check } }", "-o", "-", pgn)
	r.expect(t, 0, "game-comments=256KiB; change it with --limit game-comments=VALUE", 300<<20, 60*time.Second)
	if !regexp.MustCompile(`(?m)^game [0-9]+: the comments held for the game`).MatchString(r.stderr) {
		t.Errorf("the message does not name the game: %.500s", r.stderr)
	}
}

// A backtracking regular expression on forty a's would take hours.
func TestEvalRegexBacktracking(t *testing.T) {
	pgn := firstGames(t, "sample.pgn", 2)
	query := `initial s = "` + strings.Repeat("a", 40) + `" s ~~ "(a+)+(?=b)"`
	r := run(t, 60*time.Second, nil, "run", "--limit", "regex-time=200ms", "-cql", query, "-o", "-", pgn)
	r.expect(t, 0, "regex-time=200ms; change it with --limit regex-time=VALUE", 256<<20, 20*time.Second)
}

// run-memory stops a run whose heap grows past it (a dictionary that
// keeps 65,536 new strings of a kilobyte at every position), with exit
// status 3.
func TestEvalRunMemory(t *testing.T) {
	pgn := firstGames(t, "games.pgn", 50)
	query := `dictionary D s = "` + strings.Repeat("x", 1000) + `" loop { D[str(#D)] = s + str(#D) }`
	r := run(t, 120*time.Second, nil, "run", "-s", "--limit", "run-memory=128MiB", "-cql", query, "-o", "-", pgn)
	r.expect(t, 3, "run-memory=128MiB; change it with --limit run-memory=VALUE", 1<<30, 60*time.Second)
}

// A query stuck in one position (six nested square loops, 64^6
// iterations; a backtracking regular expression at every position) stops
// at the server's timeout, and at once when cancelled: before, past 70 s
// under a 20 s timeout. (apiClient: server_test.go.)
func TestEvalStuckRunStopsInTheServer(t *testing.T) {
	s := serve(t, "--timeout", "3s", testdata("sample.pgn"))
	c := newClient(t, s)
	queries := map[string]string{
		"square loops": "cql() square all x1 in . square all x2 in . square all x3 in . square all x4 in . square all x5 in . square all x6 in . true",
		"regex":        `cql() s = "` + strings.Repeat("a", 40) + `" s ~~ "(a+)+(?=b)"`,
	}
	for name, q := range queries {
		start := time.Now()
		if code, raw := c.startRun(t, q, 10*time.Second); code != http.StatusAccepted {
			t.Fatalf("%s: /api/run: %d %s", name, code, raw)
		}
		st := c.wait(t, 30*time.Second)
		if st.State != "timeout" {
			t.Errorf("%s: state %q, want timeout (error %q)", name, st.State, st.Error)
		}
		// a regular expression's match is bounded by regex-time (2s)
		if d := time.Since(start); d > 8*time.Second {
			t.Errorf("%s: the 3s timeout ended the run after %v", name, d)
		}
		t.Logf("%s: timed out after %v", name, time.Since(start).Round(time.Millisecond))
	}
	start := time.Now()
	if code, raw := c.startRun(t, queries["square loops"], 10*time.Second); code != http.StatusAccepted {
		t.Fatalf("/api/run: %d %s", code, raw)
	}
	time.Sleep(300 * time.Millisecond)
	var st runStatus
	if code, raw := c.do(t, "POST", "/api/cancel", "", &st); code != 200 || st.State != "cancelled" {
		t.Errorf("cancel: %d %s, want the state cancelled", code, raw)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("cancelled after 300ms, the run ended after %v", d)
	}
	s.alive()
	if rss := s.peakRSS(); rss > 512<<20 {
		t.Errorf("server peak RSS %d MiB", rss>>20)
	}
}

// The same stuck query under run --timeout: the run stops inside the
// position at the timeout (exit status 6), where it went on for the
// length of the position before.
func TestEvalStuckRunTimeout(t *testing.T) {
	query := "square all x1 in . square all x2 in . square all x3 in . square all x4 in . square all x5 in . square all x6 in . true"
	r := run(t, 60*time.Second, nil, "run", "--timeout", "2s", "-cql", query, "-o", "-", testdata("sample.pgn"))
	r.expect(t, 6, "--timeout of 2s", 256<<20, 10*time.Second)
}

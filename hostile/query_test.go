//go:build hostile

package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The query side: a query's text is bounded in size (query-bytes), in
// nesting (nesting) and in the work of compiling it (compile-work); its
// error messages are bounded in length and number. Each case runs
// `cqlvm check` on the text in a file and `cqlvm run` on it, and wants
// exit status 1 (a query error) with the message naming the limit, in
// bounded memory and time.

const (
	queryRSS  = 300 << 20
	queryTime = 20 * time.Second // on an idle machine, a second or less
)

// queryFile writes text to a query file of the test.
func queryFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkAndRun runs `cqlvm check FILE` and `cqlvm run FILE sample.pgn`
// on the query text and wants each to fail with want in its message.
func checkAndRun(t *testing.T, text, want string, extra ...string) {
	t.Helper()
	path := queryFile(t, "q.cql", text)
	run(t, time.Minute, nil, append(append([]string{"check"}, extra...), path)...).expect(t, 1, want, queryRSS, queryTime)
	args := append(append([]string{"run"}, extra...), "-o", os.DevNull, path, testdata("sample.pgn"))
	run(t, time.Minute, nil, args...).expect(t, 1, want, queryRSS, queryTime)
}

// runCQL runs `cqlvm run -cql TEXT sample.pgn` (an argument is at most
// 128 KiB: the texts given this way are shorter than those in files).
func runCQL(t *testing.T, text, want string, extra ...string) {
	t.Helper()
	args := append(append([]string{"run"}, extra...), "-o", os.DevNull, "-cql", text, testdata("sample.pgn"))
	run(t, time.Minute, nil, args...).expect(t, 1, want, queryRSS, queryTime)
}

// TestQueryNesting: a million nested parentheses, braces or nots used to
// overflow the Go stack (fatal error: stack overflow, no recovery).
func TestQueryNesting(t *testing.T) {
	for name, text := range map[string]string{
		"parentheses": "cql() " + strings.Repeat("(", 1_040_000),
		"braces":      "cql() " + strings.Repeat("{", 1_000_000),
		"not":         "cql() " + strings.Repeat("not ", 250_000) + "check",
		"or chain":    "cql() " + strings.Repeat("check or ", 110_000) + "check",
		"union chain": "cql() " + strings.Repeat("a1|", 330_000) + "a1",
	} {
		t.Run(name, func(t *testing.T) { checkAndRun(t, text, "--limit nesting=") })
	}
	runCQL(t, strings.Repeat("(", 100_000), "--limit nesting=")
	runCQL(t, strings.Repeat("not ", 30_000)+"check", "--limit nesting=")
	t.Run("cqls", func(t *testing.T) {
		text := "(match " + strings.Repeat("(position :not ", 60_000) + "(position K" + strings.Repeat(")", 60_001) + ")"
		path := queryFile(t, "q.cqls", text)
		run(t, time.Minute, nil, "check", path).expect(t, 1, "--limit nesting=", queryRSS, queryTime)
	})
}

// TestQuerySize: a query text past query-bytes is refused before it is
// parsed, with its position.
func TestQuerySize(t *testing.T) {
	checkAndRun(t, "cql() "+strings.Repeat("not ", 2_000_000)+"check", "q.cql:1:1048577: the query text has 8000011 bytes")
	runCQL(t, strings.Repeat("check ", 1000), "--limit query-bytes=", "--limit", "query-bytes=1000")
}

// TestQueryCompileWork: nested transforms and long chains that took
// seconds to compile (4.7 to 10 s for the first) end at once with the
// compile-work limit.
func TestQueryCompileWork(t *testing.T) {
	for _, text := range []string{
		"rotate90 flip flipcolor shift rotate45 shift {Ka1 Qb2}",
		"shift shift shift Ka1",
		"shift shift shift shift shift shift shift shift Ka1",
	} {
		checkAndRun(t, "cql() "+text, "--limit compile-work=")
		runCQL(t, text, "--limit compile-work=")
	}
	// nested nots and chained ors compiled in quadratic time (25,000
	// nots: 9.9 s, 20,000 ors: 8.4 s); beyond the nesting limit they are
	// refused (TestQueryNesting), and with the limit raised they compile
	// in linear time within the budget
	// a conjunction of loops each followed by a cheap test, whose
	// planning (cheap-first) walked the query for every loop of every
	// pair: 300 pairs took 1.7 s, 3,000 did not end in minutes
	loops := make([]string, 3000)
	for i := range loops {
		loops[i] = fmt.Sprintf("square x%d in a {x%d attacks k} check", i, i)
	}
	// chains of ors and ands whose summary need and planning copied or
	// sized the rest of the chain at each level (9.7 s and 19.5 s of CPU)
	for _, text := range []string{strings.Repeat("not ", 25_000) + "check", strings.Repeat("check or ", 20_000) + "check", strings.Repeat("check and ", 20_000) + "check", strings.Join(loops, " ")} {
		r := run(t, time.Minute, nil, "check", "--limit", "nesting=30000", queryFile(t, "q.cql", "cql() "+text))
		r.expect(t, 0, "", queryRSS, queryTime)
	}
}

// TestQueryErrorOutput: a 50 MB token used to be echoed into a 50 MB
// message (with a line of 50 MB of blanks under it), and a line of
// errors printed megabytes; messages and the list are bounded.
func TestQueryErrorOutput(t *testing.T) {
	maxOut := 20_000
	cases := map[string]struct{ text, want string }{
		"long name":    {"cql() " + strings.Repeat("x", 900_000), "unknown variable xxxx"},
		"huge token":   {"cql() " + strings.Repeat("x", 50<<20) + " )", "--limit query-bytes="},
		"many errors":  {"cql() " + strings.Repeat("} ", 400_000), "unmatched"},
		"long string":  {"cql() \"" + strings.Repeat("s", 900_000) + "\" )", "q.cql:1:"},
		"many unknown": {"cql()\n" + strings.Repeat("x = 1\nx = \"a\"\n", 20_000), "too many errors: stopped after 20"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			r := run(t, time.Minute, nil, "check", queryFile(t, "q.cql", c.text))
			r.expect(t, 1, c.want, queryRSS, queryTime)
			if len(r.stderr) > maxOut {
				t.Errorf("%d bytes of messages, over %d", len(r.stderr), maxOut)
			}
			for _, line := range strings.Split(r.stderr, "\n") {
				if len(line) > 1000 {
					t.Errorf("a line of %d bytes: %.200s", len(line), line)
				}
			}
		})
	}
}

// TestQueryServer: the server compiles /api/check and /api/run bodies
// with the same limits: a nested body is an error answer, and the
// server lives on.
func TestQueryServer(t *testing.T) {
	s := serve(t, testdata("sample.pgn"))
	for _, text := range []string{
		"cql() " + strings.Repeat("(", 1_000_000),
		"cql() shift shift shift Ka1",
	} {
		body, _ := json.Marshal(map[string]string{"query": text})
		resp, err := http.Post(s.URL+"/api/check", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatalf("POST /api/check: %v", err)
		}
		var answer bytes.Buffer
		answer.ReadFrom(resp.Body)
		resp.Body.Close()
		if !strings.Contains(answer.String(), "--limit ") {
			t.Errorf("/api/check of %.30q...: %s %.500s", text, resp.Status, answer.String())
		}
		s.alive()
	}
	if rss := s.peakRSS(); rss > queryRSS {
		t.Errorf("the server's peak RSS is %d MiB", rss>>20)
	}
}

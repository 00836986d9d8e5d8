//go:build hostile

package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// serverRSS bounds the server's peak memory in every test of this file.
const serverRSS = 1 << 30

// apiClient is one client of a server: its id (from /api/info) and an
// HTTP client with a timeout, so that no request of a test waits forever.
type apiClient struct {
	s    *server
	id   string
	http *http.Client
}

func newClient(t *testing.T, s *server) *apiClient {
	t.Helper()
	c := &apiClient{s: s, http: &http.Client{Timeout: 30 * time.Second}}
	var info struct{ Client string }
	if code, raw := c.do(t, "GET", "/api/info", "", &info); code != 200 || info.Client == "" {
		t.Fatalf("/api/info: %d %s", code, raw)
	}
	c.id = info.Client
	return c
}

// do sends a request (a JSON body when body is not "") and decodes the
// answer into out when not nil.
func (c *apiClient) do(t *testing.T, method, path, body string, out any) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, c.s.URL+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.id != "" {
		req.Header.Set("X-Cqlvm-Client", c.id)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil {
		json.Unmarshal(raw, out)
	}
	return resp.StatusCode, raw
}

func queryBody(q string) string {
	b, _ := json.Marshal(map[string]string{"query": q})
	return string(b)
}

// runStatus is what /api/progress answers.
type runStatus struct {
	Run, State, Error string
	Games, Matches    int64
	Kept              int
	Capped, Stopping  bool
}

// startRun starts q, retrying for at most limit while the server is
// running server-runs queries (a 503 that names the limit); it returns
// the final status code.
func (c *apiClient) startRun(t *testing.T, q string, limit time.Duration) (int, []byte) {
	t.Helper()
	for deadline := time.Now().Add(limit); ; time.Sleep(200 * time.Millisecond) {
		code, raw := c.do(t, "POST", "/api/run", queryBody(q), nil)
		if code != http.StatusServiceUnavailable || time.Now().After(deadline) {
			return code, raw
		}
		if !strings.Contains(errorText(raw), "server-runs=") {
			t.Errorf("a refused run: %s, want the limit server-runs named", raw)
		}
	}
}

// wait polls the client's run until it ends, for at most limit.
func (c *apiClient) wait(t *testing.T, limit time.Duration) runStatus {
	t.Helper()
	var st runStatus
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		st = runStatus{}
		if code, raw := c.do(t, "GET", "/api/progress", "", &st); code != 200 {
			t.Fatalf("progress: %d %s", code, raw)
		}
		if st.State != "running" {
			return st
		}
	}
	t.Fatalf("the run did not end within %v: %+v", limit, st)
	return st
}

func errorText(raw []byte) string {
	var e struct{ Error string }
	json.Unmarshal(raw, &e)
	return e.Error
}

func (s *server) checkRSS(t *testing.T) {
	t.Helper()
	peak := s.peakRSS()
	t.Logf("server peak RSS %d MiB", peak>>20)
	if peak > serverRSS {
		t.Errorf("server peak RSS %d MiB, over %d MiB", peak>>20, serverRSS>>20)
	}
}

// A query names files of the machine: every one is refused with one
// message, whether it exists, is a directory, is private or is large;
// nothing is opened.
func TestServeRefusesFileNamesInQueries(t *testing.T) {
	dir := t.TempDir()
	private := filepath.Join(dir, "private.pgn")
	os.WriteFile(private, []byte("[Event \"secret\"]\n\n1. e4 *\n"), 0o600)
	s := serve(t, testdata("sample.pgn"))
	c := newClient(t, s)
	messages := map[string]bool{}
	for _, name := range []string{"/etc/shadow", "/etc/passwd", "/no/such/file", dir, private, testdata("games.pgn"), "/dev/zero", "/proc/self/environ"} {
		for _, q := range []string{`similarposition "` + name + `"`, "cql(input " + name + ") mate", "cql(output " + name + ") mate", `(match :pgn "` + name + `" (position :check))`} {
			for _, path := range []string{"/api/check", "/api/run"} {
				code, raw := c.do(t, "POST", path, queryBody(q), nil)
				msg := errorText(raw)
				if code != 422 || !strings.Contains(msg, "refused") {
					t.Errorf("%s %s: %d %s, want 422 refused", path, q, code, raw)
				}
				messages[strings.ReplaceAll(msg, name, "NAME")] = true
			}
		}
	}
	if len(messages) != 3 { // similarposition, input, output
		t.Errorf("the refusals depend on the file: %v", messages)
	}
	s.alive()
	s.checkRSS(t)
}

// A web query that asks a chess engine (engineeval, CQL-S :evaluation)
// starts no process: the engine on the server's PATH is a script that
// leaves a mark when it is started, and no refused query, checked or
// run, leaves one. With --allow-engine the same run starts it.
func TestServeStartsNoEngineForAQuery(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "started")
	script := "#!/bin/sh\necho started >> " + mark + "\n"
	if err := os.WriteFile(filepath.Join(dir, "stockfish"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	queries := []string{"engineeval > 0", "cql() engineeval depth 2 sidetomove > 0",
		"(match (position :evaluation depth 4 >=2.5 sidetomove))", "(match (position :moveevaluation depth 4 <=-3.0 absolute))"}
	s := serve(t, testdata("sample.pgn"))
	c := newClient(t, s)
	for _, q := range queries {
		for _, path := range []string{"/api/check", "/api/run"} {
			var e struct {
				Errors []struct{ Message, Pretty string }
			}
			code, raw := c.do(t, "POST", path, queryBody(q), &e)
			if code != 422 || len(e.Errors) != 1 || !strings.Contains(e.Errors[0].Message, "asks a chess engine: refused") ||
				!strings.Contains(e.Errors[0].Message, "--allow-engine") || !strings.Contains(e.Errors[0].Pretty, "^") {
				t.Errorf("%s %s: %d %s, want 422 and the refusal with its caret", path, q, code, raw)
			}
		}
	}
	if _, err := os.Stat(mark); err == nil {
		t.Fatal("a refused query started the engine")
	}
	s.alive()

	allowed := serve(t, "--allow-engine", testdata("sample.pgn"))
	c = newClient(t, allowed)
	if code, raw := c.startRun(t, queries[0], 10*time.Second); code != http.StatusAccepted {
		t.Fatalf("--allow-engine: %d %s", code, raw)
	}
	// the script is no engine: the run only fails with it, so it is
	// stopped once the mark shows
	var err error
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if _, err = os.Stat(mark); err == nil {
			break
		}
	}
	if err != nil {
		t.Errorf("with --allow-engine the run did not start the engine: %v", err)
	}
	c.do(t, "POST", "/api/cancel", "", nil)
	allowed.alive()
}

// Requests from another site through DNS rebinding (a Host not the
// server's) and cross-origin POSTs are refused.
func TestServeRefusesForeignHostAndOrigin(t *testing.T) {
	s := serve(t, "--allow-host", "chess.example", testdata("sample.pgn"))
	_, port, _ := net.SplitHostPort(s.Addr)
	client := &http.Client{Timeout: 10 * time.Second}
	for _, tc := range []struct {
		method, host, origin string
		code                 int
	}{
		{"GET", "rebound.example:" + port, "", 421},
		{"POST", "rebound.example:" + port, "", 421},
		{"GET", "localhost:" + port, "", 200},
		{"GET", "chess.example:" + port, "", 200},
		{"POST", "localhost:" + port, "http://rebound.example", 403},
		{"POST", "localhost:" + port, "http://localhost:" + port, 200},
	} {
		req, _ := http.NewRequest(tc.method, s.URL+"/api/check", strings.NewReader(queryBody("mate")))
		if tc.method == "GET" {
			req, _ = http.NewRequest("GET", s.URL+"/api/info", nil)
		}
		req.Host = tc.host
		req.Header.Set("Content-Type", "application/json")
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || tc.code != 200 && errorText(raw) == "" {
			t.Errorf("%s Host %s Origin %q: %d %s, want %d with a JSON error", tc.method, tc.host, tc.origin, resp.StatusCode, raw, tc.code)
		}
	}
	s.alive()
}

// Fresh clients by the hundred and 50 clients at work: no client's run
// is evicted or cancelled by another; every progress and results call
// of a client that ran a query is answered.
func TestServeManyClientsKeepTheirRuns(t *testing.T) {
	s := serve(t, testdata("games.pgn"))
	for range 200 {
		(&apiClient{s: s, http: &http.Client{Timeout: 10 * time.Second}}).do(t, "GET", "/api/info", "", nil)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	calls, failed := 0, 0
	for i := range 50 {
		wg.Go(func() {
			c := newClient(t, s)
			q := fmt.Sprintf("cql(gamenumber %d %d) mate", i*100+1, i*100+100)
			if code, raw := c.startRun(t, q, time.Minute); code != 202 {
				t.Errorf("client %d: run %d %s", i, code, raw)
				return
			}
			c.wait(t, time.Minute)
			for j := range 8 {
				path := "/api/progress"
				if j%2 == 1 {
					path = "/api/results"
				}
				code, _ := c.do(t, "GET", path, "", nil)
				mu.Lock()
				calls++
				if code != 200 {
					failed++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if failed > 0 {
		t.Errorf("%d of %d progress and results calls failed", failed, calls)
	}
	t.Logf("%d calls of 50 clients, %d failed", calls, failed)
	s.alive()
	s.checkRSS(t)
}

// A body sent at one byte a second, headers that never end, 1,000 idle
// kept-alive connections and 300 that never read their answers: cut at
// read-timeout and write-timeout, the idle ones closed to make room, and
// the server answers a new client.
func TestServeSlowAndIdleConnections(t *testing.T) {
	s := serve(t, "--limit", "read-timeout=2s", "--limit", "write-timeout=3s", testdata("sample.pgn"))
	var wg sync.WaitGroup
	for _, head := range []string{
		"POST /api/check HTTP/1.1\r\nHost: " + s.Addr + "\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
		"GET /api/info HTTP/1.1\r\nHost: " + s.Addr + "\r\nX-Slow: ",
	} {
		wg.Go(func() {
			conn, err := net.Dial("tcp", s.Addr)
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			start := time.Now()
			conn.Write([]byte(head))
			for range 20 { // one byte a second, at most 20 s
				time.Sleep(time.Second)
				conn.SetWriteDeadline(time.Now().Add(time.Second))
				if _, err := conn.Write([]byte("x")); err != nil {
					break
				}
				conn.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
				if n, err := conn.Read(make([]byte, 512)); n > 0 || err == io.EOF {
					break // answered (408/400) or closed
				}
			}
			if took := time.Since(start); took > 6*time.Second {
				t.Errorf("a request sent at one byte a second was held %v, want cut after the 2 s read-timeout", took)
			}
		})
	}
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	start := time.Now()
	for i := range 1300 {
		conn, err := net.DialTimeout("tcp", s.Addr, 5*time.Second)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		conns = append(conns, conn)
		// /api/info's answer fits in the socket's buffer: the connection
		// is idle once it is sent; /api/help's 100 KB do not, and wait
		// for a reader that never comes
		path := "/api/info"
		if i%13 == 0 {
			path = "/api/help"
		}
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, s.Addr)
	}
	t.Logf("1,300 connections opened in %v", time.Since(start))
	begin := time.Now()
	s.alive()
	if took := time.Since(begin); took > 10*time.Second {
		t.Errorf("a new client waited %v among 1,300 idle or unread connections", took)
	}
	wg.Wait()
	s.alive()
	s.checkRSS(t)
}

// stuckGame is a game of 1,000 positions; at its start position
// stuckQuery compares every triple of them (a billion comparisons, over
// a minute in one position).
func stuckGame(t *testing.T) string {
	var b strings.Builder
	b.WriteString("[Event \"long\"]\n\n")
	for i := range 250 {
		fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 Ng8 ", 2*i+1, 2*i+2)
	}
	b.WriteString("*\n")
	path := filepath.Join(t.TempDir(), "long.pgn")
	os.WriteFile(path, []byte(b.String()), 0o644)
	return path
}

const stuckQuery = "initial echo (s t) {echo (u v) {echo (x y) {#(s & t) == 64}}}"

// A run stuck in one position: cancel and progress answer at once, the
// timeout is reported, other clients are served.
func TestServeStuckRunDoesNotStopTheServer(t *testing.T) {
	s := serve(t, "--timeout", "2s", stuckGame(t))
	a, b := newClient(t, s), newClient(t, s)
	if code, raw := a.do(t, "POST", "/api/run", queryBody(stuckQuery), nil); code != 202 {
		t.Fatalf("run: %d %s", code, raw)
	}
	time.Sleep(3 * time.Second) // past the timeout
	var st runStatus
	start := time.Now()
	a.do(t, "GET", "/api/progress", "", &st)
	if time.Since(start) > time.Second || st.State == "running" && (!st.Stopping || !strings.Contains(st.Error, "longer than the server allows")) || st.State != "running" && st.State != "timeout" {
		t.Errorf("progress past the timeout: %+v after %v, want at once: timeout, or stopping with the reason", st, time.Since(start))
	}
	var wg sync.WaitGroup
	for i := range 20 { // a storm of cancels and progress calls
		wg.Go(func() {
			method, path := "GET", "/api/progress"
			if i%2 == 0 {
				method, path = "POST", "/api/cancel"
			}
			start := time.Now()
			if code, raw := a.do(t, method, path, "", nil); code != 200 || time.Since(start) > 4*time.Second {
				t.Errorf("%s %s: %d %s after %v", method, path, code, raw, time.Since(start))
			}
		})
	}
	wg.Wait()
	start = time.Now()
	if code, raw := b.do(t, "POST", "/api/check", queryBody("mate"), nil); code != 200 || time.Since(start) > 2*time.Second {
		t.Errorf("another client's check beside the stuck run: %d %s after %v", code, raw, time.Since(start))
	}
	s.alive()
	s.checkRSS(t)
}

// 15 clients each keep a run that comments every position (253 MB of
// PGN a run, once 1.6 GB of memory kept a run): the kept games stay
// within server-kept-bytes, each run counts its games and says it is
// capped, and the server stays under 1 GB.
func TestServeHugeResultsStayBounded(t *testing.T) {
	s := serve(t, testdata("games.pgn"))
	var wg sync.WaitGroup
	for i := range 15 {
		wg.Go(func() {
			c := newClient(t, s)
			if code, raw := c.startRun(t, `true comment("position " ply)`, 5*time.Minute); code != 202 {
				t.Errorf("client %d: %d %s", i, code, raw)
				return
			}
			st := c.wait(t, 3*time.Minute)
			if st.State != "done" || st.Matches != 5000 || st.Kept < 5000 && !st.Capped {
				t.Errorf("client %d: %+v, want done, 5,000 games counted, capped when not all kept", i, st)
			}
			var page struct{ Total int }
			c.do(t, "GET", "/api/results?limit=1000", "", &page)
			if page.Total != st.Kept {
				t.Errorf("client %d: %d results, %d kept", i, page.Total, st.Kept)
			}
		})
	}
	wg.Wait()
	s.alive()
	s.checkRSS(t)
}

// The small ones: an offset that overflows, trailing data, a UTF-16
// body, a method on the page, a square marked 10,000 times, a body over
// query-bytes.
func TestServeSmallAbusesGetClearAnswers(t *testing.T) {
	s := serve(t, testdata("sample.pgn"))
	c := newClient(t, s)
	if code, raw := c.startRun(t, "mate", time.Minute); code != 202 {
		t.Fatalf("run: %d %s", code, raw)
	}
	c.wait(t, time.Minute)
	if code, raw := c.do(t, "GET", "/api/results?offset=9223372036854775807&limit=1000", "", nil); code != 200 || !bytes.Contains(raw, []byte(`"rows":[]`)) {
		t.Errorf("the largest offset: %d %s", code, raw)
	}
	for _, tc := range []struct {
		method, path, ctype, body string
		code                      int
	}{
		{"POST", "/api/check", "application/json", `{"query":"mate"} trailing`, 400},
		{"POST", "/api/check", "application/json; charset=utf-16", `{"query":"mate"}`, 415},
		{"DELETE", "/", "", "", 405},
		{"POST", "/api/check", "application/json", `{"query":"` + strings.Repeat("x", 7<<20) + `"}`, 413},
	} {
		req, _ := http.NewRequest(tc.method, s.URL+tc.path, strings.NewReader(tc.body))
		req.Header.Set("X-Cqlvm-Client", c.id)
		if tc.ctype != "" {
			req.Header.Set("Content-Type", tc.ctype)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || errorText(raw) == "" {
			t.Errorf("%s %s %s: %d %.200s, want %d with a JSON error", tc.method, tc.path, tc.ctype, resp.StatusCode, raw, tc.code)
		}
	}
	marks := strings.TrimSuffix(strings.Repeat("e4,", 10000), ",")
	code, svg := c.do(t, "GET", "/api/diagram.svg?fen=8/8/8/8/8/8/8/8%20w%20-%20-&mark="+marks, "", nil)
	if code != 200 || bytes.Count(svg, []byte("<rect")) > 80 {
		t.Errorf("a square marked 10,000 times: %d, %d rectangles", code, bytes.Count(svg, []byte("<rect")))
	}
	s.alive()
	s.checkRSS(t)
}

// similarposition may name the server's own database, however large:
// four clients at once loading the positions of human.pgn.gz (3.9 GB for
// one before) stop at run-memory, named, and the server stays under 1 GB.
func TestServeSimilarPositionOfALargeDatabase(t *testing.T) {
	human := shared(t, "human.pgn.gz")
	s := serve(t, human)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			c := newClient(t, s)
			if code, raw := c.startRun(t, `similarposition "`+human+`"`, time.Minute); code != 202 {
				t.Errorf("client %d: %d %s", i, code, raw)
				return
			}
			st := c.wait(t, 4*time.Minute)
			if st.State != "done" && !strings.Contains(st.Error, "run-memory=") {
				t.Errorf("client %d: %+v, want done or stopped at run-memory, named", i, st)
			}
		})
	}
	wg.Wait()
	s.alive()
	s.checkRSS(t)
}

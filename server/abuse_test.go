package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/limits"
)

// newTestServerOf is newTestServer that also gives the *Server.
func newTestServerOf(t *testing.T, cfg Config) (*Server, string) {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts.URL
}

func limitsOf(t *testing.T, settings ...string) *limits.Values {
	v := &limits.Values{}
	for _, s := range settings {
		if err := v.Set(s); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// errorOf decodes a JSON error body.
func errorOf(t *testing.T, raw []byte) string {
	t.Helper()
	var e apiError
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatalf("not a JSON error: %s", raw)
	}
	return e.Error
}

// start starts a run and fails the test unless it was accepted.
func (c *browser) start(query string) string {
	c.t.Helper()
	var started map[string]string
	if code, raw := c.call("POST", "/api/run", queryRequest{Query: query}, &started); code != http.StatusAccepted {
		c.t.Fatalf("run %q: %d %s", query, code, raw)
	}
	return started["run"]
}

func TestFreshClientsEvictNoRunningRun(t *testing.T) {
	s, url := newTestServerOf(t, Config{Inputs: slowInputs(), Limits: limitsOf(t, "server-clients=3", "server-runs=10")})
	first := newBrowser(t, url)
	run := first.start(slowQuery)
	defer first.call("POST", "/api/cancel", nil, nil)
	// ids cost the server nothing until they run a query: any number of
	// them leaves the table alone
	for range 100 {
		newBrowser(t, url)
	}
	others := []*browser{newBrowser(t, url), newBrowser(t, url)}
	for _, c := range others {
		c.run("cql(gamenumber 1 10) mate")
	}
	// the table is full of a running client and two seen just now
	late := newBrowser(t, url)
	code, raw := late.call("POST", "/api/run", queryRequest{Query: "mate"}, nil)
	if code != http.StatusServiceUnavailable || !strings.Contains(errorOf(t, raw), "server-clients=3") {
		t.Errorf("a client beyond server-clients: %d %s, want 503 naming the limit", code, raw)
	}
	// once the two are idle, the one seen least recently makes room
	s.mu.Lock()
	for i, c := range others {
		s.clients[c.id].lastSeen = time.Now().Add(-clientIdle - time.Duration(2-i)*time.Second)
	}
	s.mu.Unlock()
	late.run("cql(gamenumber 1 10) mate")
	if code, _ := others[0].call("GET", "/api/results", nil, nil); code != http.StatusNotFound {
		t.Errorf("the idle client seen least recently: %d, want its run dropped (404)", code)
	}
	if code, _ := others[1].call("GET", "/api/results", nil, nil); code != http.StatusOK {
		t.Errorf("the other idle client: %d, want its results kept", code)
	}
	var st status
	if code, raw := first.call("GET", "/api/progress?run="+run, nil, &st); code != http.StatusOK || st.State != stateRunning {
		t.Errorf("the running client after all that: %d %s, want its run still running", code, raw)
	}
}

func TestClientIDsAreTheServers(t *testing.T) {
	_, url := newTestServerOf(t, Config{Inputs: []string{samplePGN}})
	a := newBrowser(t, url)
	a.run("mate")
	// a made-up id in the header is refused; one of another server too
	for _, id := range []string{"a", strings.Repeat("0", 64), newBrowser(t, newTestServer(t, Config{Inputs: []string{samplePGN}})).id} {
		forged := &browser{t: t, url: url, id: id}
		if code, raw := forged.call("GET", "/api/results", nil, nil); code != http.StatusForbidden || !strings.Contains(errorOf(t, raw), "not a client id this server gave") {
			t.Errorf("id %q: %d %s, want 403", id, code, raw)
		}
	}
	// a forged cookie gets a new id, not another's results
	req, _ := http.NewRequest("GET", url+"/api/results", nil)
	req.AddCookie(&http.Cookie{Name: clientCookie, Value: "a"})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || len(resp.Cookies()) != 1 || resp.Cookies()[0].Value == "a" {
		t.Errorf("a forged cookie: %d %v, want 404 and a new cookie", resp.StatusCode, resp.Cookies())
	}
	// the cookie the server gave works as the header does
	req, _ = http.NewRequest("GET", url+"/api/results", nil)
	req.AddCookie(&http.Cookie{Name: clientCookie, Value: a.id})
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the client's own cookie: %d", resp.StatusCode)
	}
}

func TestARunBeyondServerRunsIsRefused(t *testing.T) {
	_, url := newTestServerOf(t, Config{Inputs: slowInputs(), Limits: limitsOf(t, "server-runs=1")})
	a, b := newBrowser(t, url), newBrowser(t, url)
	run := a.start(slowQuery)
	code, raw := b.call("POST", "/api/run", queryRequest{Query: "mate"}, nil)
	if code != http.StatusServiceUnavailable || !strings.Contains(errorOf(t, raw), "server-runs=1") {
		t.Errorf("a second run with server-runs=1: %d %s, want 503 naming the limit", code, raw)
	}
	// a run holds its place until it has ended, cancelled or not
	a.call("POST", "/api/cancel", nil, nil)
	a.wait(run)
	if st := b.run("cql(gamenumber 1 10) mate"); st.State != stateDone {
		t.Errorf("the other client's run once the place is free: %+v", st)
	}
}

// stuckPGN is one game of 400 positions, and stuckQuery compares every
// triple of its positions at the start position: one position the
// engine stays in for seconds.
func stuckPGN(t *testing.T) string {
	var b strings.Builder
	b.WriteString("[Event \"long\"]\n\n")
	for i := range 100 {
		fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 Ng8 ", 2*i+1, 2*i+2)
	}
	b.WriteString("*\n")
	path := filepath.Join(t.TempDir(), "long.pgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const stuckQuery = "initial echo (s t) {echo (u v) {echo (x y) {#(s & t) == 64}}}"

func TestEveryHandlerAnswersWhileARunIsStuck(t *testing.T) {
	s, url := newTestServerOf(t, Config{Inputs: []string{stuckPGN(t)}, Timeout: 300 * time.Millisecond})
	a := newBrowser(t, url)
	run := a.start(stuckQuery)
	s.mu.Lock()
	stuck := s.clients[a.id].run
	s.mu.Unlock()
	time.Sleep(400 * time.Millisecond) // past the timeout
	// the engine may stop inside the position; if not, the run says it
	// is stopping, and why
	var st status
	start := time.Now()
	a.call("GET", "/api/progress", nil, &st)
	stopping := st.State == stateRunning && st.Stopping && strings.Contains(st.Error, "longer than the server allows")
	if time.Since(start) > time.Second || !stopping && st.State != stateTimeout {
		t.Errorf("progress of a run past its timeout: %+v after %v, want at once, stopping (saying why) or timed out", st, time.Since(start))
	}
	// a storm of cancels and progress calls, and the other handlers: each
	// answers within the cancel's wait
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			path, method := "/api/progress?run="+run, "GET"
			if i%2 == 0 {
				path, method = "/api/cancel", "POST"
			}
			start := time.Now()
			if code, raw := a.call(method, path, nil, nil); code != http.StatusOK || time.Since(start) > cancelWait+time.Second {
				t.Errorf("%s %s: %d %s after %v", method, path, code, raw, time.Since(start))
			}
		})
	}
	wg.Wait()
	for _, path := range []string{"/api/results", "/api/download?format=pgn", "/api/info", "/api/help"} {
		start := time.Now()
		if code, raw := a.call("GET", path, nil, nil); code != http.StatusOK || time.Since(start) > time.Second {
			t.Errorf("GET %s: %d %.200s after %v", path, code, raw, time.Since(start))
		}
	}
	b := newBrowser(t, url)
	if code, raw := b.call("POST", "/api/check", queryRequest{Query: "mate"}, nil); code != http.StatusOK {
		t.Errorf("another client's check: %d %s", code, raw)
	}
	<-stuck.done // the engine ends the position in a few seconds
	if st := a.wait(run); st.State != stateTimeout {
		t.Errorf("the stuck run at its end: %+v, want timeout", st)
	}
}

func TestKeptGamesStayWithinServerKeptBytes(t *testing.T) {
	const budget = 2 << 20
	s, url := newTestServerOf(t, Config{Inputs: []string{samplePGN}, Limits: limitsOf(t, fmt.Sprintf("server-kept-bytes=%d", budget))})
	const huge = `true comment("position " ply)`
	var clients []*browser
	for range 3 {
		c := newBrowser(t, url)
		clients = append(clients, c)
		if st := c.run(huge); !st.Capped || st.State != stateDone || st.Matches != 253 {
			t.Errorf("a run over the budget: %+v, want done with all 253 games counted and capped", st)
		}
	}
	s.kept.mu.Lock()
	used := s.kept.used
	s.kept.mu.Unlock()
	if used > budget || used < budget/2 {
		t.Errorf("the runs keep %d bytes, want up to the budget of %d", used, budget)
	}
	// the first run took it all; a client's new run gives back its old one's
	if st := clients[1].run("mate"); !st.Capped {
		t.Errorf("a run after the budget was spent: %+v, want capped while the first run holds it", st)
	}
	if st := clients[0].run("mate"); st.Capped || st.Kept == 0 {
		t.Errorf("a run once the first gave its games back: %+v, want all its games kept", st)
	}
}

func TestTheKeptBytesAreTheHeapTheyTake(t *testing.T) {
	s, err := New(Config{Inputs: []string{samplePGN}, Limits: limitsOf(t, "server-kept-bytes=64MiB")})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	c := newBrowser(t, ts.URL)
	before := heapInUse()
	st := c.run(`true comment("position " ply)`)
	after := heapInUse()
	s.kept.mu.Lock()
	counted := s.kept.used
	s.kept.mu.Unlock()
	t.Logf("%d games kept: %d bytes counted, the heap grew by %d", st.Kept, counted, after-before)
	if after-before > counted*3/2 {
		t.Errorf("the kept games take %d bytes of heap, %d counted: the count misses what they take", after-before, counted)
	}
}

func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

func TestHostileHostAndOriginAreRefused(t *testing.T) {
	_, url := newTestServerOf(t, Config{Inputs: []string{samplePGN}, AllowHosts: []string{"chess.example"}})
	port := url[strings.LastIndex(url, ":")+1:]
	for _, tc := range []struct {
		host, origin string
		code         int
	}{
		{"evil.example", "", http.StatusMisdirectedRequest},
		{"evil.example:" + port, "", http.StatusMisdirectedRequest},
		{"127.0.0.1:1", "", http.StatusMisdirectedRequest},
		{"localhost.evil.example:" + port, "", http.StatusMisdirectedRequest},
		{"127.0.0.1:" + port, "", http.StatusOK},
		{"localhost:" + port, "", http.StatusOK},
		{"LOCALHOST:" + port, "", http.StatusOK},
		{"[::1]:" + port, "", http.StatusOK},
		{"chess.example", "", http.StatusOK},
		{"chess.example:" + port, "", http.StatusOK},
		{"localhost:" + port, "http://localhost:" + port, http.StatusOK},
		{"localhost:" + port, "http://evil.example", http.StatusForbidden},
		{"localhost:" + port, "http://localhost:1", http.StatusForbidden},
		{"localhost:" + port, "null", http.StatusForbidden},
	} {
		req, _ := http.NewRequest("POST", url+"/api/check", strings.NewReader(`{"query":"mate"}`))
		req.Host = tc.host
		req.Header.Set("Content-Type", "application/json")
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code {
			t.Errorf("Host %q Origin %q: %d %s, want %d", tc.host, tc.origin, resp.StatusCode, raw, tc.code)
		}
		if tc.code == http.StatusMisdirectedRequest && !strings.Contains(errorOf(t, raw), "--allow-host") {
			t.Errorf("Host %q: %s, want a JSON error saying how to allow a name", tc.host, raw)
		}
	}
}

func TestFileNamesInQueriesAreRefused(t *testing.T) {
	dir := t.TempDir()
	private := filepath.Join(dir, "private.pgn")
	os.WriteFile(private, must(os.ReadFile(samplePGN)), 0o644)
	abs, _ := filepath.Abs(samplePGN)
	_, url := newTestServerOf(t, Config{Inputs: []string{samplePGN}})
	c := newBrowser(t, url)
	messages := map[string]bool{}
	for _, name := range []string{"/etc/shadow", "/etc/passwd", "/no/such/file", dir, private, gamesPGN, "-"} {
		for _, query := range []string{`similarposition "` + name + `"`, "cql(input " + name + ") mate", "cql(output " + name + ") mate"} {
			for _, path := range []string{"/api/check", "/api/run"} {
				code, raw := c.call("POST", path, queryRequest{Query: query}, nil)
				msg := errorOf(t, raw)
				if code != http.StatusUnprocessableEntity || !strings.Contains(msg, "refused") {
					t.Errorf("%s %s: %d %s, want 422, refused", path, query, code, raw)
				}
				use, _, _ := strings.Cut(query, " ")
				messages[use+strings.ReplaceAll(msg, name, "NAME")] = true
			}
		}
	}
	if len(messages) != 3 {
		t.Errorf("the refusals differ with the file: %v", messages)
	}
	// the database the server searches may be named, by any path to it
	for _, name := range []string{samplePGN, abs} {
		if st := c.run(`similarposition "` + name + `"`); st.State != stateDone || st.Matches != 253 {
			t.Errorf("similarposition of the server's database %s: %+v", name, st)
		}
	}
}

func TestSmallAbusesGetClearErrors(t *testing.T) {
	_, url := newTestServerOf(t, Config{Inputs: []string{samplePGN}, Limits: limitsOf(t, "query-bytes=1KiB")})
	c := newBrowser(t, url)
	c.run("mate")
	var page resultsPage
	if code, raw := c.call("GET", "/api/results?offset=9223372036854775807&limit=1000", nil, &page); code != http.StatusOK || len(page.Rows) != 0 {
		t.Errorf("the largest offset: %d %s, want an empty page", code, raw)
	}
	for _, tc := range []struct {
		method, path, contentType, body string
		code                            int
		says                            string
	}{
		{"POST", "/api/check", "application/json", `{"query":"mate"} {"query":"check"}`, 400, "nothing after it"},
		{"POST", "/api/check", "application/json", `{"query":"mate"}xyz`, 400, "nothing after it"},
		{"POST", "/api/check", "application/json; charset=utf-16", `{"query":"mate"}`, 415, "UTF-8"},
		{"POST", "/api/check", "application/json; charset=UTF-8", `{"query":"mate"}`, 200, ""},
		{"POST", "/api/check", "application/json", `{"query":"` + strings.Repeat("mate ", 4000) + `"}`, 413, "query-bytes=1KiB"},
		{"DELETE", "/", "", "", 405, "GET"},
		{"POST", "/index.html", "application/json", "{}", 405, "GET"},
		{"PUT", "/app.js", "", "", 405, "GET"},
	} {
		req, _ := http.NewRequest(tc.method, url+tc.path, strings.NewReader(tc.body))
		req.Header.Set(clientHeader, c.id)
		if tc.contentType != "" {
			req.Header.Set("Content-Type", tc.contentType)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || tc.says != "" && !strings.Contains(errorOf(t, raw), tc.says) {
			t.Errorf("%s %s %q: %d %.300s, want %d saying %q", tc.method, tc.path, tc.contentType, resp.StatusCode, raw, tc.code, tc.says)
		}
	}
	// one tint per square, however often the square is named
	marks := strings.TrimSuffix(strings.Repeat("e4,", 5000), ",")
	code, svg := c.call("GET", "/api/diagram.svg?fen=8/8/8/8/8/8/8/8%20w%20-%20-&mark="+marks, nil, nil)
	_, once := c.call("GET", "/api/diagram.svg?fen=8/8/8/8/8/8/8/8%20w%20-%20-&mark=e4", nil, nil)
	if code != http.StatusOK || len(svg) != len(once) {
		t.Errorf("e4 marked 5,000 times: %d, %d bytes, want the %d of one mark", code, len(svg), len(once))
	}
}

// serveReal serves s on a loopback listener with its timeouts and
// connection limit, as `cqlvm serve` does.
func serveReal(t *testing.T, s *Server) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(ln)
	t.Cleanup(func() { ln.Close() })
	return ln.Addr().String()
}

func TestSlowRequestsAreCutAtTheReadTimeout(t *testing.T) {
	s, err := New(Config{Inputs: []string{samplePGN}, Limits: limitsOf(t, "read-timeout=300ms")})
	if err != nil {
		t.Fatal(err)
	}
	addr := serveReal(t, s)
	for _, head := range []string{
		"",    // a connection that says nothing
		"GET", // headers that never end
		"POST /api/check HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", // a body sent slowly
	} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		conn.Write([]byte(head))
		// one byte a 100 ms, until the server hangs up
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		for range 100 {
			if _, err := conn.Write([]byte(" ")); err != nil {
				break
			}
			one := make([]byte, 1)
			conn.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
			if _, err := conn.Read(one); err != nil && !isTimeout(err) {
				break
			}
		}
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("%q sent slowly: held for %v, want cut after the 300 ms read-timeout", head, took)
		}
		conn.Close()
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

func TestIdleConnectionsMakeRoomForNewOnes(t *testing.T) {
	s, err := New(Config{Inputs: []string{samplePGN}, Limits: limitsOf(t, "server-connections=8")})
	if err != nil {
		t.Fatal(err)
	}
	addr := serveReal(t, s)
	// 40 kept-alive connections, each idle after one request
	var conns []net.Conn
	for range 40 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
		fmt.Fprintf(conn, "GET /api/info HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("connection %d: %v (the idle ones were not closed to make room)", len(conns), err)
		}
		resp.Body.Close()
	}
	open := 0
	for _, conn := range conns {
		conn.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		if _, err := conn.Read(make([]byte, 1)); isTimeout(err) {
			open++
		}
		conn.Close()
	}
	if open > 8 {
		t.Errorf("%d connections open, over server-connections=8", open)
	}
}

func TestTheServersLimitsReachItsRuns(t *testing.T) {
	_, url := newTestServerOf(t, Config{Inputs: []string{samplePGN}, Limits: limitsOf(t, "run-memory=64KiB")})
	c := newBrowser(t, url)
	if st := c.run(`similarposition "` + samplePGN + `"`); st.State != stateFailed || !strings.Contains(st.Error, "run-memory=64KiB") {
		t.Errorf("a run past the server's run-memory: %+v, want failed naming the limit", st)
	}
}

// A query that asks a chess engine (engineeval, CQL-S :evaluation and
// :moveevaluation) would start a process for each worker of its run: it
// is refused when compiled, with the caret on the filter, unless the
// server was started with --allow-engine.
func TestEngineQueriesAreRefusedUnlessAllowed(t *testing.T) {
	queries := map[string]string{
		"engineeval > 0": "engineeval",
		"cql() btm  engineeval depth 3 white < 0":                    "engineeval",
		"(match (position :evaluation depth 4 >=2.5 sidetomove))":    ":evaluation",
		"(match (position :moveevaluation depth 4 <=-3.0 absolute))": ":moveevaluation",
	}
	_, url := newTestServerOf(t, Config{Inputs: []string{samplePGN}})
	c := newBrowser(t, url)
	for query, word := range queries {
		for _, path := range []string{"/api/check", "/api/run"} {
			var e apiError
			code, raw := c.call("POST", path, queryRequest{Query: query}, &e)
			if code != http.StatusUnprocessableEntity || len(e.Errors) != 1 {
				t.Errorf("%s %s: %d %s, want 422 with one error", path, query, code, raw)
				continue
			}
			err := e.Errors[0]
			if want := word + " asks a chess engine: " + RefusedEngine; err.Message != want {
				t.Errorf("%s %s: %q, want %q", path, query, err.Message, want)
			}
			if !strings.Contains(err.Pretty, "^") || query[err.Col-1:err.EndCol-1] == "" {
				t.Errorf("%s %s: no caret under the filter: %+v", path, query, err)
			}
		}
	}
	// the check compiles them without asking the engine anything
	_, url = newTestServerOf(t, Config{Inputs: []string{samplePGN}, AllowEngine: true})
	c = newBrowser(t, url)
	for query := range queries {
		if code, raw := c.call("POST", "/api/check", queryRequest{Query: query}, nil); code != http.StatusOK {
			t.Errorf("--allow-engine: %s: %d %s", query, code, raw)
		}
	}
}

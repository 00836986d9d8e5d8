package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/diagram"
	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/gameview"
	"github.com/cqlvm/cqlvm/report"
)

// The bundled databases (testdata/pgn/README.md).
const (
	samplePGN = "../testdata/pgn/sample.pgn" // 253 studies
	gamesPGN  = "../testdata/pgn/games.pgn"  // 5,000 games
)

// browser calls the API as one client.
type browser struct {
	t   *testing.T
	url string
	id  string
}

// newBrowser is a new client of the server at url, with the id the
// server gives it.
func newBrowser(t *testing.T, url string) *browser {
	t.Helper()
	c := &browser{t: t, url: url}
	var info struct{ Client string }
	if code, raw := c.call("GET", "/api/info", nil, &info); code != http.StatusOK || info.Client == "" {
		t.Fatalf("/api/info: %d %s, want a client id", code, raw)
	}
	c.id = info.Client
	return c
}

func newTestServer(t *testing.T, cfg Config) string {
	t.Helper()
	_, url := newTestServerOf(t, cfg)
	return url
}

// call sends a request and decodes the JSON answer into out (when not
// nil); it returns the status and the raw body.
func (c *browser) call(method, path string, body any, out any) (int, []byte) {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, c.url+path, rd)
	if c.id != "" {
		req.Header.Set(clientHeader, c.id)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s %s: %d, not JSON: %s", method, path, resp.StatusCode, raw)
		}
	}
	return resp.StatusCode, raw
}

// run starts a query and waits for its end.
func (c *browser) run(query string) status {
	c.t.Helper()
	var started map[string]string
	if code, raw := c.call("POST", "/api/run", queryRequest{Query: query}, &started); code != http.StatusAccepted {
		c.t.Fatalf("run %q: %d %s", query, code, raw)
	}
	return c.wait(started["run"])
}

func (c *browser) wait(run string) status {
	c.t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var st status
		c.call("GET", "/api/progress?run="+run, nil, &st)
		if st.State != stateRunning {
			return st
		}
	}
	c.t.Fatal("the run did not end within a minute")
	return status{}
}

// direct runs a query through the engine as `cqlvm run` does, for the
// answers the server must give.
func direct(t *testing.T, query string, inputs ...string) (pgnOut, jsonOut []byte, st engine.Stats) {
	t.Helper()
	q, err := engine.CompileText("query", query, engine.QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := q.Options()
	var p, j bytes.Buffer
	o.Inputs, o.PGN, o.JSON = inputs, &p, &j
	o.MarkSquares = true // as the server runs queries, for the board
	st, err = engine.Run(q, o)
	if err != nil {
		t.Fatal(err)
	}
	return p.Bytes(), j.Bytes(), st
}

type resultsPage struct {
	Total int   `json:"total"`
	Rows  []Row `json:"rows"`
}

func TestRunGivesTheEnginesMatchesAndGames(t *testing.T) {
	url := newTestServer(t, Config{Inputs: []string{samplePGN}})
	// the mainline, and the variations too (positions deep in the tree)
	for _, query := range []string{`mate comment("mate here")`, `cql(variations) mate comment("mate here")`} {
		t.Run(query, func(t *testing.T) { testRunMatches(t, newBrowser(t, url), query) })
	}
}

func testRunMatches(t *testing.T, c *browser, query string) {
	_, jsonOut, want := direct(t, query, samplePGN)
	st := c.run(query)
	if st.State != stateDone || st.Games != int64(want.Games) || st.Matches != int64(want.Matches) || st.Kept != want.Matches || st.Capped {
		t.Fatalf("progress at the end %+v, want %d games, %d matches", st, want.Games, want.Matches)
	}
	if st.BytesRead != st.TotalBytes || st.ETAMS != 0 {
		t.Errorf("a finished run has read %d of %d bytes, ETA %d ms", st.BytesRead, st.TotalBytes, st.ETAMS)
	}
	var page resultsPage
	c.call("GET", "/api/results?limit=1000", nil, &page)
	if page.Total != want.Matches || len(page.Rows) != want.Matches {
		t.Fatalf("results: %d rows of %d, want %d", len(page.Rows), page.Total, want.Matches)
	}
	matches, err := report.ParseLines(jsonOut)
	if err != nil {
		t.Fatal(err)
	}
	inVariations := 0
	for _, m := range matches {
		if m.Depth > 0 {
			inVariations++
		}
	}
	if strings.HasPrefix(query, "cql(variations)") != (inVariations > 0) {
		t.Errorf("%d matched positions in variations: the header's variations was not applied as it should", inVariations)
	}
	// every matched position of the engine's JSON is marked in its game,
	// with the same FEN and the query's comment beside it
	views := map[int]gameview.Game{}
	for _, m := range matches {
		v, ok := views[m.Game]
		if !ok {
			if code, raw := c.call("GET", "/api/game?n="+itoa(m.Game), nil, &v); code != http.StatusOK {
				t.Fatalf("game %d: %d %s", m.Game, code, raw)
			}
			views[m.Game] = v
		}
		n := v.Nodes[m.PositionID]
		if !n.Matched || n.FEN != m.FEN || !strings.Contains(strings.Join(n.Comments, " "), "mate here") {
			t.Errorf("game %d position %d: %+v, want matched at %s with the comment", m.Game, m.PositionID, n, m.FEN)
		}
		// the piece that moved stands on the move's square
		board, err := diagram.Placement(n.FEN)
		if len(n.To) != 2 || err != nil || board['8'-n.To[1]][n.To[0]-'a'] == 0 {
			t.Errorf("game %d position %d: the move %s-%s does not end on a piece of %s", m.Game, m.PositionID, n.From, n.To, n.FEN)
		}
	}
}

func itoa(n int) string { return strings.TrimSpace(string(must(json.Marshal(n)))) }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestGameShowsTheQuerysMessages(t *testing.T) {
	c := newBrowser(t, newTestServer(t, Config{Inputs: []string{samplePGN}}))
	c.run(`mate message("mate on ply " ply)`)
	var page resultsPage
	c.call("GET", "/api/results?limit=1", nil, &page)
	var v gameview.Game
	c.call("GET", "/api/game?n="+itoa(page.Rows[0].Game), nil, &v)
	// on the mainline a position's id is its ply
	want := "mate on ply " + itoa(v.Matched[0])
	if len(v.Messages) != 1 || !strings.HasSuffix(v.Messages[0], want) {
		t.Errorf("game %d: messages %q, want one ending %q", v.Number, v.Messages, want)
	}
}

func TestDownloadsAreWhatCqlvmRunWrites(t *testing.T) {
	c := newBrowser(t, newTestServer(t, Config{Inputs: []string{samplePGN}}))
	// a sorted query: the engine writes its games in another order than
	// the input's
	for _, query := range []string{"mate", `mate sort "pieces" #[Aa]`} {
		pgnOut, jsonOut, _ := direct(t, query, samplePGN)
		c.run(query)
		if _, got := c.call("GET", "/api/download?format=pgn", nil, nil); !bytes.Equal(got, pgnOut) {
			t.Errorf("%s: the PGN download differs from the engine's output (%d bytes, want %d)", query, len(got), len(pgnOut))
		}
		if _, got := c.call("GET", "/api/download?format=jsonl", nil, nil); !bytes.Equal(got, jsonOut) {
			t.Errorf("%s: the JSON download differs from the engine's output (%d bytes, want %d)", query, len(got), len(jsonOut))
		}
		if _, got := c.call("GET", "/api/download?format=html", nil, nil); !bytes.Contains(got, []byte(`class="match"`)) {
			t.Errorf("%s: the HTML report has no diagram", query)
		}
	}
}

func TestResultsAreSortedAndPaged(t *testing.T) {
	c := newBrowser(t, newTestServer(t, Config{Inputs: []string{samplePGN}}))
	c.run(`mate sort "pieces" #[Aa]`)
	var all resultsPage
	c.call("GET", "/api/results?sort=sort0&order=desc&limit=1000", nil, &all)
	if all.Total < 10 {
		t.Fatalf("only %d results", all.Total)
	}
	for i := 1; i < len(all.Rows); i++ {
		if all.Rows[i-1].Sort[0].Value.(float64) < all.Rows[i].Sort[0].Value.(float64) {
			t.Fatalf("rows %d and %d out of order: %v, %v", i-1, i, all.Rows[i-1].Sort, all.Rows[i].Sort)
		}
	}
	var second resultsPage
	c.call("GET", "/api/results?sort=sort0&order=desc&offset=5&limit=5", nil, &second)
	if len(second.Rows) != 5 || second.Rows[0].Game != all.Rows[5].Game || second.Total != all.Total {
		t.Errorf("the second page of 5 starts with game %d, want %d", second.Rows[0].Game, all.Rows[5].Game)
	}
	var byGame resultsPage
	c.call("GET", "/api/results?sort=game&limit=1000", nil, &byGame)
	for i := 1; i < len(byGame.Rows); i++ {
		if byGame.Rows[i-1].Game >= byGame.Rows[i].Game {
			t.Fatalf("sorted by game, %d comes before %d", byGame.Rows[i-1].Game, byGame.Rows[i].Game)
		}
	}
	// the rank is the place in the engine's (sorted) output
	_, jsonOut, _ := direct(t, `mate sort "pieces" #[Aa]`, samplePGN)
	ms, _ := report.ParseLines(jsonOut)
	var byRank resultsPage
	c.call("GET", "/api/results?limit=1", nil, &byRank)
	if byRank.Rows[0].Game != ms[0].Game || byRank.Rows[0].Rank != 1 {
		t.Errorf("rank 1 is game %d, the engine writes game %d first", byRank.Rows[0].Game, ms[0].Game)
	}
}

func TestCompileErrorsAreThoseOfCqlvmCheck(t *testing.T) {
	c := newBrowser(t, newTestServer(t, Config{Inputs: []string{samplePGN}}))
	const query = "cql()\ncheck\n  pinn"
	_, err := engine.CompileText("query", query, engine.QueryOptions{})
	want := compileFailure(err).Errors
	for _, path := range []string{"/api/check", "/api/run"} {
		var got apiError
		code, raw := c.call("POST", path, queryRequest{Query: query}, &got)
		if code != http.StatusUnprocessableEntity || len(got.Errors) != 1 {
			t.Fatalf("%s: %d %s, want 422 and one error", path, code, raw)
		}
		e := got.Errors[0]
		if e.Line != 3 || e.Col != 3 || e.EndCol != 7 || e != want[0] {
			t.Errorf("%s: error %+v, want %+v", path, e, want[0])
		}
		if !strings.HasPrefix(e.Pretty, "query:3:3: unknown word pinn") || !strings.HasSuffix(e.Pretty, "\n    ^^^^\n") {
			t.Errorf("%s: no caret form: %q", path, e.Pretty)
		}
	}
	// an error in a block checked once per transformed copy (20 of
	// them) is one error
	var once apiError
	if code, raw := c.call("POST", "/api/check", queryRequest{Query: "cql()\nshift flipcolor { Ka1 chekc }"}, &once); code != http.StatusUnprocessableEntity || len(once.Errors) != 1 {
		t.Errorf("a transformed block's error: %d %s, want 422 and one error", code, raw)
	}
	var ok map[string]any
	if code, _ := c.call("POST", "/api/check", queryRequest{Query: "(match (position :check))"}, &ok); code != http.StatusOK || ok["ok"] != true {
		t.Errorf("a CQL 3 query does not check: %d %v", code, ok)
	}
}

func TestBadRequestsGetAClearJSONError(t *testing.T) {
	url := newTestServer(t, Config{Inputs: []string{samplePGN}})
	fresh := newBrowser(t, url)
	for _, tc := range []struct {
		method, path string
		body         any
		code         int
		says         string
	}{
		{"GET", "/api/progress", nil, 404, "no query has been run"},
		{"GET", "/api/results", nil, 404, "no query has been run"},
		{"POST", "/api/run", "not json", 400, "must be JSON"},
		{"POST", "/api/run", `{"query": "mate", "path": "/etc/passwd"}`, 400, "unknown field"},
		{"POST", "/api/run", queryRequest{Query: "  "}, 400, "empty"},
		{"POST", "/api/run", queryRequest{Query: "mate", Dialect: "cql9"}, 400, "unknown dialect"},
		{"GET", "/api/run", nil, 404, "no such API call: GET /api/run"},
		{"GET", "/api/nothing", nil, 404, "no such API call"},
		{"GET", "/api/diagram.svg?fen=xyz", nil, 400, "bad FEN"},
		{"GET", "/api/diagram.svg?fen=8/8/8/8/8/8/8/8%20w%20-%20-&mark=e4,z9", nil, 400, "bad square"},
	} {
		var e apiError
		code, raw := fresh.call(tc.method, tc.path, tc.body, nil)
		if code != tc.code {
			t.Errorf("%s %s: %d %s, want %d", tc.method, tc.path, code, raw, tc.code)
			continue
		}
		if tc.says == "" {
			continue
		}
		if err := json.Unmarshal(raw, &e); err != nil || !strings.Contains(e.Error, tc.says) {
			t.Errorf("%s %s: %s, want a JSON error saying %q", tc.method, tc.path, raw, tc.says)
		}
	}
	// what a form of another site could post: JSON-looking text/plain
	resp, err := http.Post(url+"/api/run", "text/plain", strings.NewReader(`{"query":"mate//="}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("a text/plain run request: %d, want 415", resp.StatusCode)
	}
	c := newBrowser(t, url)
	c.run("mate")
	for _, tc := range []struct {
		path string
		code int
		says string
	}{
		{"/api/results?offset=-1", 400, "offset"},
		{"/api/results?limit=x", 400, "limit"},
		{"/api/results?sort=elo", 400, "cannot sort by"},
		{"/api/results?order=up", 400, "asc or desc"},
		{"/api/game?n=abc", 400, "game number"},
		{"/api/game?n=1", 404, "not among the matched games"},
		{"/api/download?format=exe", 400, "pgn, jsonl or html"},
		{"/api/progress?run=old", 409, "replaced"},
	} {
		var e apiError
		if code, raw := c.call("GET", tc.path, nil, &e); code != tc.code || !strings.Contains(e.Error, tc.says) {
			t.Errorf("GET %s: %d %s, want %d saying %q", tc.path, code, raw, tc.code, tc.says)
		}
	}
}

// slowQuery compares every pair of positions of a game (an echo body the
// compiler has no shortcut for): over slowInputs it runs for seconds,
// where `mate` ran for a tenth of one, which a test's few requests could
// outlast.
const slowQuery = "echo (s t) {#(s & t) == 64}"

// slowInputs is games.pgn many times over: a run long enough to be
// cancelled in the middle.
func slowInputs() []string {
	var in []string
	for range 5 {
		in = append(in, gamesPGN)
	}
	return in
}

func TestCancelStopsTheRun(t *testing.T) {
	c := newBrowser(t, newTestServer(t, Config{Inputs: slowInputs()}))
	var started map[string]string
	c.call("POST", "/api/run", queryRequest{Query: slowQuery}, &started)
	var st status
	if code, raw := c.call("POST", "/api/cancel", nil, &st); code != http.StatusOK {
		t.Fatalf("cancel: %d %s", code, raw)
	}
	if st.State == stateRunning && st.Stopping { // the engine stops between batches of games
		st = c.wait(started["run"])
	}
	if st.State != stateCancelled || st.Games >= 25_000 {
		t.Errorf("after cancel: %+v, want cancelled before the 25,000 games are read", st)
	}
	// the server goes on: the next run finishes
	if st := c.run("cql(gamenumber 1 10) mate"); st.State != stateDone {
		t.Errorf("the run after a cancelled one: %+v", st)
	}
}

func TestNewRunCancelsTheClientsOldOneOnly(t *testing.T) {
	url := newTestServer(t, Config{Inputs: slowInputs()})
	a, b := newBrowser(t, url), newBrowser(t, url)
	var first, other map[string]string
	a.call("POST", "/api/run", queryRequest{Query: slowQuery}, &first)
	b.call("POST", "/api/run", queryRequest{Query: "cql(gamenumber 1 2000) check"}, &other)
	second := a.run("cql(gamenumber 1 100) mate")
	if second.State != stateDone || second.Run == first["run"] {
		t.Fatalf("the second run: %+v", second)
	}
	if code, _ := a.call("GET", "/api/results?run="+first["run"], nil, nil); code != http.StatusConflict {
		t.Errorf("the replaced run's results: %d, want 409", code)
	}
	// b's run was not touched by a's new run (and its header's
	// gamenumber applies)
	if st := b.wait(other["run"]); st.State != stateDone || st.Games != 2000 {
		t.Errorf("the other client's run: %+v, want done with its 2,000 games", st)
	}
}

func TestConcurrentClientsGetTheirOwnResults(t *testing.T) {
	url := newTestServer(t, Config{Inputs: []string{samplePGN}})
	queries := []string{"mate", "stalemate", "check", `mate sort "pieces" #[Aa]`}
	var wg sync.WaitGroup
	for _, q := range queries {
		wg.Go(func() {
			c := newBrowser(t, url)
			_, _, want := direct(t, q, samplePGN)
			for range 3 {
				st := c.run(q)
				var page resultsPage
				c.call("GET", "/api/results", nil, &page)
				if st.State != stateDone || page.Total != want.Matches {
					t.Errorf("%s: %+v, %d results, want %d", q, st, page.Total, want.Matches)
				}
			}
		})
	}
	wg.Wait()
}

func TestLimitsCapTheKeptGames(t *testing.T) {
	for _, cfg := range []Config{{MaxGames: 5}, {MaxBytes: 20_000}} {
		cfg.Inputs = []string{samplePGN}
		c := newBrowser(t, newTestServer(t, cfg))
		st := c.run("mate")
		if !st.Capped || st.Kept == 0 || int64(st.Kept) >= st.Matches || cfg.MaxGames > 0 && st.Kept != cfg.MaxGames {
			t.Errorf("%+v: %+v, want some of the matched games kept, and a note", cfg, st)
		}
		var page resultsPage
		c.call("GET", "/api/results", nil, &page)
		_, pgnOut := c.call("GET", "/api/download?format=pgn", nil, nil)
		if page.Total != st.Kept || cfg.MaxBytes > 0 && int64(len(pgnOut)) > cfg.MaxBytes {
			t.Errorf("%+v: %d results, %d bytes of PGN, want the %d kept", cfg, page.Total, len(pgnOut), st.Kept)
		}
	}
}

func TestTimeoutStopsALongRun(t *testing.T) {
	c := newBrowser(t, newTestServer(t, Config{Inputs: slowInputs(), Timeout: 50 * time.Millisecond}))
	if st := c.run(slowQuery); st.State != stateTimeout || !strings.Contains(st.Error, "longer than the server allows") {
		t.Errorf("a run past the timeout: %+v", st)
	}
}

func TestAnInputErrorFailsTheRunNotTheServer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "gone.pgn")
	if err := os.WriteFile(path, must(os.ReadFile(samplePGN)), 0o644); err != nil {
		t.Fatal(err)
	}
	url := newTestServer(t, Config{Inputs: []string{path}})
	os.Remove(path)
	c := newBrowser(t, url)
	if st := c.run("mate"); st.State != stateFailed || st.Error == "" {
		t.Errorf("a run whose input has gone: %+v, want failed with the reason", st)
	}
	var info map[string]any
	if code, _ := c.call("GET", "/api/info", nil, &info); code != http.StatusOK {
		t.Errorf("the server stopped answering after a failed run")
	}
}

func TestNewRefusesStandardInputAndMissingFiles(t *testing.T) {
	for _, inputs := range [][]string{nil, {"-"}, {"no-such-file.pgn"}} {
		if _, err := New(Config{Inputs: inputs}); err == nil {
			t.Errorf("New accepted inputs %q", inputs)
		}
	}
}

func TestThePageAndHelpAreServed(t *testing.T) {
	url := newTestServer(t, Config{Inputs: []string{samplePGN}})
	c := newBrowser(t, url)
	if _, page := c.call("GET", "/", nil, nil); !bytes.Contains(page, []byte(`<textarea id="query"`)) || bytes.Contains(page, []byte("http")) {
		t.Errorf("the page has no editor, or loads something from the network")
	}
	var help struct{ Filters, Old []helpEntry }
	c.call("GET", "/api/help", nil, &help)
	found := false
	for _, h := range help.Filters {
		found = found || h.Name == "pin" && strings.HasPrefix(h.Syntax, "pin") && h.Example != "" && h.Returns != ""
	}
	if !found || len(help.Old) == 0 {
		t.Errorf("the help has no entry for pin with its example, or no old keywords")
	}
	resp, err := http.Get(url + "/api/info")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(resp.Cookies()) != 1 || resp.Cookies()[0].Name != clientCookie {
		t.Errorf("a request without a client id gets no cookie: %v", resp.Cookies())
	}
}

func TestAPanickingHandlerAnswersWithAJSONError(t *testing.T) {
	s, err := New(Config{Inputs: []string{samplePGN}})
	if err != nil {
		t.Fatal(err)
	}
	s.mux.HandleFunc("GET /api/test-panic", func(http.ResponseWriter, *http.Request) { panic("a bug") })
	ts := httptest.NewServer(s)
	defer ts.Close()
	c := newBrowser(t, ts.URL)
	var e apiError
	if code, raw := c.call("GET", "/api/test-panic", nil, &e); code != http.StatusInternalServerError || !strings.Contains(e.Error, "internal error") {
		t.Errorf("a panicking handler: %d %s", code, raw)
	}
	if st := c.run("mate"); st.State != stateDone {
		t.Errorf("the server after a panic: %+v", st)
	}
}

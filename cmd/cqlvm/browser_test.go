package main

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"image/png"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/diagram"
	"github.com/cqlvm/cqlvm/report"
	"github.com/cqlvm/cqlvm/server"
)

// The browser test (make browser-test) drives headless Chromium through
// the page of `cqlvm serve` and opens the report of `cqlvm run --html`.
// It needs Chromium, which `make test` does not install.

const (
	browserBadQuery = "cql()\ncheck\n  pinn"
	browserQuery    = "cql()\nmate\ncomment(\"mate here\")"
	// screenshotDir is where the README's pictures are made.
	screenshotDir = "../../docs/screenshots"
)

// chromium finds the browser, or skips the test with the reason.
func chromium(t *testing.T) string {
	t.Helper()
	if os.Getenv("CQLVM_BROWSER_TEST") == "" {
		t.Skip("the browser test needs Chromium: run it with make browser-test (CQLVM_BROWSER_TEST=1)")
	}
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Fatal("CQLVM_BROWSER_TEST is set but no chromium is installed (apt-get install chromium)")
	return ""
}

// headless runs Chromium on a page with extra flags (--dump-dom,
// --screenshot=FILE) and returns what it printed.
func headless(t *testing.T, browser, page string, flags ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--window-size=1400,860", "--virtual-time-budget=30000"}, flags...)
	cmd := exec.CommandContext(ctx, browser, append(args, page)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %s: %v\n%s", page, err, stderr.String())
	}
	return stdout.String()
}

// screenshot saves a picture of a page and checks it is one.
func screenshot(t *testing.T, browser, page, name string) {
	t.Helper()
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(screenshotDir, name)
	headless(t, browser, page, "--screenshot="+path)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 1400 {
		t.Fatalf("%s is not a 1400-pixel-wide PNG: %v", path, err)
	}
	t.Logf("screenshot %s", path)
}

// selftestResult is what the page's test script saw (server/static/app.js).
type selftestResult struct {
	ErrorText  string `json:"errorText"`
	Progress   string `json:"progress"`
	Total      int    `json:"total"`
	Game       int    `json:"game"`
	Node       int    `json:"node"`
	FEN        string `json:"fen"`
	Matched    bool   `json:"matched"`
	BoardWidth int    `json:"boardWidth"`
	Error      string `json:"error"`
}

var selftestPre = regexp.MustCompile(`<pre id="selftest-result"[^>]*>(.*?)</pre>`)

func TestBrowserServePage(t *testing.T) {
	browser := chromium(t)
	srv, err := server.New(server.Config{Inputs: []string{samplePGN}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()

	// what the page must show, from the engine directly
	jsonl := mustRun(t, nil, "run", "-q", "--json", "-cql", browserQuery, samplePGN).stdout
	matches, err := report.ParseLines([]byte(jsonl))
	if err != nil || len(matches) == 0 {
		t.Fatalf("no matches to look at: %v", err)
	}
	first := matches[0] // the first result row is the engine's first game
	games := map[int]bool{}
	for _, m := range matches {
		games[m.Game] = true
	}
	wantCaret := runCLI(t, nil, "check", "-cql", browserBadQuery).stderr

	page := ts.URL + "/?selftest=1&bad=" + url.QueryEscape(browserBadQuery) + "&q=" + url.QueryEscape(browserQuery)
	dom := headless(t, browser, page, "--dump-dom")
	found := selftestPre.FindStringSubmatch(dom)
	if found == nil {
		t.Fatalf("the page's test script did not finish:\n%s", dom)
	}
	var got selftestResult
	if err := json.Unmarshal([]byte(html.UnescapeString(found[1])), &got); err != nil {
		t.Fatal(err)
	}
	t.Logf("the page saw: %+v", got)
	if got.Error != "" {
		t.Fatalf("the page's test script failed: %s", got.Error)
	}
	// the message and caret of cqlvm check, with the query named "query"
	// rather than -cql
	lines := strings.Split(strings.Replace(wantCaret, "-cql:", "query:", 1), "\n")
	if len(lines) < 3 || !strings.Contains(got.ErrorText, lines[0]) || !strings.Contains(got.ErrorText, lines[1]+"\n"+lines[2]) {
		t.Errorf("the editor shows %q, want the message of cqlvm check:\n%s", got.ErrorText, wantCaret)
	}
	if !strings.Contains(got.Progress, "done") || got.Total != len(games) {
		t.Errorf("progress %q and %d results, want done and %d", got.Progress, got.Total, len(games))
	}
	if got.Game != first.Game || got.Node != first.PositionID || got.FEN != first.FEN || !got.Matched {
		t.Errorf("the board shows game %d position %d %q (matched %v), want game %d position %d %q",
			got.Game, got.Node, got.FEN, got.Matched, first.Game, first.PositionID, first.FEN)
	}
	if got.BoardWidth != 360 {
		t.Errorf("the board's image is %d pixels wide, want the diagram's 360", got.BoardWidth)
	}

	shots := ts.URL + "/?selftest=1&bad=" + url.QueryEscape(browserBadQuery) + "&q=" + url.QueryEscape(browserQuery)
	screenshot(t, browser, shots+"&stop=editor", "editor.png")
	screenshot(t, browser, shots+"&stop=results", "results.png")
	screenshot(t, browser, shots, "board.png")
}

var reportBoard = regexp.MustCompile(`(?s)<div class="match" data-game="(\d+)" data-fen="([^"]*)">\s*<div class="board">(<svg.*?</svg>)`)

func TestBrowserHTMLReport(t *testing.T) {
	browser := chromium(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	query := writeQuery(t, dir, browserQuery)
	mustRun(t, nil, "run", "-q", "--html", page, "-o", filepath.Join(dir, "out.pgn"), query, samplePGN)
	jsonl := mustRun(t, nil, "run", "-q", "--json", query, samplePGN).stdout
	matches, _ := report.ParseLines([]byte(jsonl))
	abs, _ := filepath.Abs(page)
	dom := headless(t, browser, "file://"+abs, "--dump-dom")
	boards := reportBoard.FindAllStringSubmatch(dom, -1)
	if len(boards) != len(matches) {
		t.Fatalf("%d diagrams in the report as the browser reads it, want %d", len(boards), len(matches))
	}
	// the first diagrams: each at its match's FEN, with its pieces drawn
	for i, b := range boards[:5] {
		fen := html.UnescapeString(b[2])
		if fen != matches[i].FEN || b[1] != itoa(matches[i].Game) {
			t.Errorf("diagram %d is game %s at %q, want game %d at %q", i, b[1], fen, matches[i].Game, matches[i].FEN)
		}
		board, err := diagram.Placement(fen)
		if err != nil {
			t.Fatal(err)
		}
		pieces := 0
		for _, rank := range board {
			for _, sq := range rank {
				if sq != 0 {
					pieces++
				}
			}
		}
		if n := strings.Count(b[3], `class="p `); n != pieces {
			t.Errorf("diagram %d draws %d pieces, the FEN has %d", i, n, pieces)
		}
	}
	screenshot(t, browser, "file://"+abs, "report.png")
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

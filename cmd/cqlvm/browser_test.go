package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"html"
	"image/png"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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
	// screenshotDir is where the README's pictures are made, with
	// -update-screenshots.
	screenshotDir = "../../docs/screenshots"
)

// updateScreenshots rewrites the README's pictures; without it they go to
// a temporary folder, so that a run leaves the work tree as it was.
var updateScreenshots = flag.Bool("update-screenshots", false, "rewrite docs/screenshots with the browser test's pictures")

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
		"--window-size=1280,800", "--virtual-time-budget=30000"}, flags...)
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
	dir := t.TempDir()
	if *updateScreenshots {
		dir = screenshotDir
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	headless(t, browser, page, "--screenshot="+path)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 1280 {
		t.Fatalf("%s is not a 1280-pixel-wide PNG: %v", path, err)
	}
	t.Logf("screenshot %s", path)
}

// selftest opens the page at a scenario of its test script
// (server/static/selftest.js) and decodes what the script saw.
func selftest(t *testing.T, browser, base string, params url.Values, out any, flags ...string) {
	t.Helper()
	dom := headless(t, browser, base+"/?"+params.Encode(), append([]string{"--dump-dom"}, flags...)...)
	found := selftestPre.FindStringSubmatch(dom)
	if found == nil {
		t.Fatalf("the page's test script did not finish:\n%s", dom)
	}
	text := html.UnescapeString(found[1])
	var failed struct{ Error string }
	json.Unmarshal([]byte(text), &failed)
	if failed.Error != "" {
		t.Fatalf("the page's test script failed: %s", failed.Error)
	}
	if err := json.Unmarshal([]byte(text), out); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: the page saw %s", params.Get("selftest"), text)
}

var selftestPre = regexp.MustCompile(`<pre id="selftest-result"[^>]*>(.*?)</pre>`)

// gamesOf are the games of `cqlvm run --json` lines, in order, once each.
func gamesOf(t *testing.T, jsonl string) []int {
	t.Helper()
	matches, err := report.ParseLines([]byte(jsonl))
	if err != nil {
		t.Fatal(err)
	}
	var games []int
	for _, m := range matches {
		if len(games) == 0 || games[len(games)-1] != m.Game {
			games = append(games, m.Game)
		}
	}
	return games
}

// exactFEN is a position of game 1 of sample.pgn.
const exactFEN = "2n5/6kp/5nPp/2K4P/6P1/2B5/8/8 w - - 2 2"

const (
	browserPinQuery  = "cql()\npin from [QRB] to k"
	browserLongQuery = "cql()\npin from A\nply >= 150"
	browserSortQuery = "cql()\nmate\nsort \"pieces left\" #[Aa]"
)

func newBrowserServer(t *testing.T) string {
	t.Helper()
	srv, err := server.New(server.Config{Inputs: []string{samplePGN}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return ts.URL
}

// TestBrowserServePage: an error, the help, a run, the first match on the
// board with its marked squares, against what `cqlvm run` says.
func TestBrowserServePage(t *testing.T) {
	browser := chromium(t)
	base := newBrowserServer(t)

	var errs struct {
		EditorStart, DownloadNotice, ErrorText, PageText string
		HelpFirst                                        []string
	}
	selftest(t, browser, base, url.Values{"selftest": {"errors"}, "bad": {browserBadQuery}}, &errs)
	wantCaret := runCLI(t, nil, "check", "-cql", browserBadQuery).stderr
	// the message and caret of cqlvm check, with the query named "query"
	// rather than -cql
	lines := strings.Split(strings.Replace(wantCaret, "-cql:", "query:", 1), "\n")
	if len(lines) < 3 || !strings.Contains(errs.ErrorText, lines[0]) || !strings.Contains(errs.ErrorText, lines[1]+"\n"+lines[2]) {
		t.Errorf("the editor shows %q, want the message of cqlvm check:\n%s", errs.ErrorText, wantCaret)
	}
	if !strings.Contains(errs.EditorStart, "cql(") || !strings.Contains(errs.EditorStart, "Examples") {
		t.Errorf("a new user's editor holds %q, want a starting query and a pointer to the examples", errs.EditorStart)
	}
	if !strings.Contains(errs.DownloadNotice, "Run a query first") || strings.Contains(errs.PageText, `{"error"`) {
		t.Errorf("a download before any run shows %q (page %q), want a message", errs.DownloadNotice, errs.PageText)
	}
	if len(errs.HelpFirst) < 2 || errs.HelpFirst[0] != "pin" {
		t.Errorf("the help's search for pin lists first %v, want pin", errs.HelpFirst)
	}

	var run struct {
		Progress, FEN, ToMove, Analyse, Title string
		CopyNotice, Copied                    string
		Total, Game, Node                     int
		Matched, Flipped, LastColumnVisible   bool
		Squares, LastMove, Headers            []string
	}
	selftest(t, browser, base, url.Values{"selftest": {"run"}, "q": {browserPinQuery}}, &run)
	dir := t.TempDir()
	jsonl := mustRun(t, nil, "run", "-q", "--json", "--squares", writeQuery(t, dir, browserPinQuery), samplePGN).stdout
	matches, _ := report.ParseLines([]byte(jsonl))
	games := gamesOf(t, jsonl)
	if !strings.Contains(run.Progress, "done") || run.Total != len(games) {
		t.Errorf("progress %q and %d results, want done and %d", run.Progress, run.Total, len(games))
	}
	first := matches[0] // the first result row is the engine's first game
	var squares []string
	json.Unmarshal([]byte(jsonl[:strings.IndexByte(jsonl, '\n')]), &struct{ Squares *[]string }{&squares})
	if run.Game != first.Game || run.Node != first.PositionID || run.FEN != first.FEN || !run.Matched {
		t.Errorf("the board shows game %d position %d %q (matched %v), want game %d position %d %q",
			run.Game, run.Node, run.FEN, run.Matched, first.Game, first.PositionID, first.FEN)
	}
	if len(squares) < 3 || strings.Join(run.Squares, " ") != strings.Join(squares, " ") {
		t.Errorf("the board marks %v at the pin, cqlvm run --squares says %v", run.Squares, squares)
	}
	if first.PositionID > 0 && len(run.LastMove) != 2 {
		t.Errorf("the last move tints %v, want its two squares", run.LastMove)
	}
	if want := map[string]string{"white": "White to move", "black": "Black to move"}[first.SideToMove]; run.ToMove != want {
		t.Errorf("the board says %q, want %q", run.ToMove, want)
	}
	if want := "https://lichess.org/analysis/" + strings.ReplaceAll(first.FEN, " ", "_"); run.Analyse != want {
		t.Errorf("the analysis link is %q, want %q", run.Analyse, want)
	}
	if run.CopyNotice != "PGN of game "+itoa(first.Game)+" copied" || !strings.Contains(run.Copied, `[White "`+first.Tags["White"]+`"]`) {
		t.Errorf("copy PGN says %q and copies %q", run.CopyNotice, run.Copied)
	}
	if !run.Flipped {
		t.Error("the f key did not flip the board")
	}
	if !run.LastColumnVisible || len(run.Headers) < 12 || !strings.Contains(strings.Join(run.Headers, " "), "Elo ") {
		t.Errorf("columns %v, the last one reachable: %v", run.Headers, run.LastColumnVisible)
	}

	var sorted struct {
		Headers           []string
		LastColumnVisible bool
	}
	selftest(t, browser, base, url.Values{"selftest": {"run"}, "q": {browserSortQuery}, "stop": {"results"}}, &sorted)
	if len(sorted.Headers) < 3 || sorted.Headers[2] != "pieces left" || !sorted.LastColumnVisible {
		t.Errorf("a sorted query's columns are %v (the last reachable: %v), want the sort key's third", sorted.Headers, sorted.LastColumnVisible)
	}
}

// TestBrowserLongGame steps through 150 plies of a game with the arrow
// keys and checks, by the page's own geometry, that the board, the game's
// title and the current move stay in view.
func TestBrowserLongGame(t *testing.T) {
	browser := chromium(t)
	base := newBrowserServer(t)
	var long struct {
		Steps, Ply  int
		ScrollY     float64
		OutOfView   []string
		MovesScroll float64 `json:"movesScrolled"`
	}
	// a laptop, and a tablet held upright
	for _, size := range []string{"1280,800", "820,1180"} {
		selftest(t, browser, base, url.Values{"selftest": {"long"}, "q": {browserLongQuery}, "plies": {"150"}}, &long, "--window-size="+size)
		if long.Steps != 150 || long.Ply != 150 {
			t.Errorf("%s: %d steps reached ply %d, want 150 and 150", size, long.Steps, long.Ply)
		}
		if len(long.OutOfView) > 0 || long.ScrollY != 0 {
			t.Errorf("%s: the page scrolled by %v; out of view: %v", size, long.ScrollY, long.OutOfView)
		}
		if long.MovesScroll <= 0 {
			t.Errorf("%s: the move list did not scroll to follow the moves (%v)", size, long.MovesScroll)
		}
	}
}

// TestBrowserPositionSearch sets up a position on the editor's board,
// searches for it in each of the three ways, and checks the games found
// against `cqlvm run` with the query the page wrote.
func TestBrowserPositionSearch(t *testing.T) {
	browser := chromium(t)
	base := newBrowserServer(t)
	dir := t.TempDir()
	for _, kind := range []string{"pattern", "pieces", "exact"} {
		var pos struct {
			FEN, Query string
			Total      int
			Games      []int
		}
		params := url.Values{"selftest": {"position"}, "kind": {kind}}
		if kind == "exact" {
			// a FEN pasted: a position of game 1 (a study)
			params.Set("fen", exactFEN)
			selftest(t, browser, base, params, &pos)
			if !strings.HasPrefix(pos.FEN, exactFEN[:strings.IndexByte(exactFEN, ' ')+2]) || !slices.Contains(pos.Games, 1) {
				t.Errorf("exact: the editor set up %q and found games %v, want %q and game 1", pos.FEN, pos.Games, exactFEN)
			}
		} else {
			selftest(t, browser, base, params, &pos)
			if !strings.HasPrefix(pos.FEN, "8/8/8/8/8/8/5PPP/6K1 w") {
				t.Errorf("%s: the editor set up %q, want K g1 and pawns f2 g2 h2 (h2 dragged from e2)", kind, pos.FEN)
			}
		}
		want := gamesOf(t, mustRun(t, nil, "run", "-q", "--json", writeQuery(t, dir, pos.Query), samplePGN).stdout)
		slices.Sort(want)
		if !slices.Equal(pos.Games, want) && !(len(pos.Games) == 0 && len(want) == 0) {
			t.Errorf("%s: the page found games %v with\n%s\ncqlvm run finds %v", kind, pos.Games, pos.Query, want)
		}
		if kind == "pattern" && len(want) == 0 {
			t.Errorf("the pattern search found no game: the test shows nothing\n%s", pos.Query)
		}
	}
}

// TestBrowserLibrary loads an example of the library with one click and
// runs it: its games are those of `cqlvm run` on the example's file.
func TestBrowserLibrary(t *testing.T) {
	browser := chromium(t)
	base := newBrowserServer(t)
	var lib struct {
		Query string
		Total int
	}
	selftest(t, browser, base, url.Values{"selftest": {"library"}, "example": {"greek-gift"}}, &lib)
	file := "../../examples/greek-gift.cql"
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := gamesOf(t, mustRun(t, nil, "run", "-q", "--json", file, samplePGN).stdout)
	if lib.Query != string(text) || lib.Total != len(want) || lib.Total == 0 {
		t.Errorf("the library ran %q and found %d games; the file holds %q, which finds %d", lib.Query, lib.Total, text, len(want))
	}
}

// TestBrowserScreenshots takes the README's pictures at 1280x800.
func TestBrowserScreenshots(t *testing.T) {
	browser := chromium(t)
	base := newBrowserServer(t)
	shot := func(name string, params url.Values) {
		screenshot(t, browser, base+"/?"+params.Encode(), name)
	}
	shot("board.png", url.Values{"selftest": {"run"}, "q": {browserPinQuery}, "stop": {"board"}})
	shot("results.png", url.Values{"selftest": {"run"}, "q": {browserSortQuery}, "stop": {"results"}})
	shot("editor.png", url.Values{"selftest": {"position"}, "kind": {"pattern"}})
}

var reportBoard = regexp.MustCompile(`(?s)<div class="match" data-game="(\d+)" data-fen="([^"]*)">\s*<div class="board">(<svg.*?</svg>)(.*?)</div></div>`)

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
		// the last move tinted, the side to move, the moves there with
		// the position marked
		m := matches[i]
		if n := strings.Count(b[3], `class="m"`); m.Ply > 0 && n != 2 {
			t.Errorf("diagram %d tints %d squares, want the last move's 2", i, n)
		}
		side := map[string]string{"white": "White to move", "black": "Black to move"}[m.SideToMove]
		if !strings.Contains(b[4], side) || (m.Ply > 0 && !strings.Contains(b[4], `here">`+m.Path[len(m.Path)-1]+"</span>")) {
			t.Errorf("diagram %d: the text beside it lacks %q or the marked move %v:\n%s", i, side, m.Path, b[4])
		}
	}
	screenshot(t, browser, "file://"+abs, "report.png")
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

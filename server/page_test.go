package server

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/engine/gameview"
)

// TestGameMarksTheQuerysSquares: the board's matched squares are those
// of the engine's JSON lines (engine.Options.MarkSquares), at the same
// positions.
func TestGameMarksTheQuerysSquares(t *testing.T) {
	c := newBrowser(t, newTestServer(t, Config{Inputs: []string{samplePGN}}))
	c.run("pin from [QRB] to k")
	var page resultsPage
	c.call("GET", "/api/results?limit=1", nil, &page)
	var v gameview.Game
	c.call("GET", "/api/game?n="+itoa(page.Rows[0].Game), nil, &v)
	marked := 0
	for _, id := range v.Matched {
		n := v.Nodes[id]
		if len(n.Squares) < 3 {
			t.Errorf("game %d position %d: a pin marks %v", v.Number, id, n.Squares)
		}
		marked++
	}
	if marked == 0 || !strings.Contains(v.PGN, "[White ") {
		t.Errorf("game %d: %d matched positions, PGN %q", v.Number, marked, v.PGN)
	}
	for id, n := range v.Nodes {
		if !n.Matched && len(n.Squares) > 0 {
			t.Errorf("position %d is not matched but marks %v", id, n.Squares)
		}
	}
}

// TestExamplesAreTheDirectorysAndCompile: the library is examples/,
// every query of which the server compiles.
func TestExamplesAreTheDirectorysAndCompile(t *testing.T) {
	c := newBrowser(t, newTestServer(t, Config{Inputs: []string{samplePGN}}))
	var lib struct {
		Examples []struct{ Name, About, Query string }
	}
	c.call("GET", "/api/examples", nil, &lib)
	files, _ := filepath.Glob("../examples/*.cql")
	if len(lib.Examples) != len(files) || len(files) == 0 {
		t.Fatalf("%d examples served, %d files", len(lib.Examples), len(files))
	}
	for i, ex := range lib.Examples {
		text, _ := os.ReadFile(files[i])
		if ex.Query != string(text) || ex.About == "" {
			t.Errorf("example %s is not the file %s", ex.Name, files[i])
		}
		if code, raw := c.call("POST", "/api/check", queryRequest{Query: ex.Query}, nil); code != 200 {
			t.Errorf("example %s does not compile: %s", ex.Name, raw)
		}
	}
}

// TestRowsHaveTheHeadersColumns: Elo, ECO, opening and the full date come
// from the game's header, and sort (Elo as numbers).
func TestRowsHaveTheHeadersColumns(t *testing.T) {
	dir := t.TempDir()
	games := ""
	for i, elo := range []string{"2100", "950", "2700"} {
		games += "[Event \"E\"]\n[Date \"2001.02.0" + strconv.Itoa(i+1) + "\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n[WhiteElo \"" + elo +
			"\"]\n[ECO \"C57\"]\n[Opening \"Two knights\"]\n[Variation \"Fried liver\"]\n\n1. e4 *\n\n"
	}
	path := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(path, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newBrowser(t, newTestServer(t, Config{Inputs: []string{path}}))
	c.run("btm")
	var page resultsPage
	c.call("GET", "/api/results?sort=whiteElo&order=desc", nil, &page)
	var elos []string
	for _, r := range page.Rows {
		elos = append(elos, r.WhiteElo)
		if r.ECO != "C57" || r.Opening != "Two knights, Fried liver" || !strings.HasPrefix(r.Date, "2001.02.0") {
			t.Errorf("row %+v", r)
		}
	}
	if !slices.Equal(elos, []string{"2700", "2100", "950"}) {
		t.Errorf("by Elo, descending: %v", elos)
	}
}

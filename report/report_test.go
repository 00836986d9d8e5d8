package report

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

const line = `{"game":3,"file":"x.pgn","offset":0,"tags":{"Event":"Ev","Site":"?","Date":"1999.01.02","Round":"?","White":"A","Black":"B","Result":"1-0"},"positionid":4,"ply":3,"movenumber":2,"sidetomove":"black","depth":1,"path":["e4","e5","(","Nf3"],"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2","matchcount":2,"comments":["found <it>"]}
`

func TestMovesNumbersTheMovesAndMarksVariations(t *testing.T) {
	ms, err := ParseLines([]byte(line))
	if err != nil || len(ms) != 1 {
		t.Fatalf("ParseLines: %v, %d matches", err, len(ms))
	}
	if got, want := ms[0].Moves(), "1.e4 e5 (2.Nf3"; got != want {
		t.Errorf("Moves() = %q, want %q", got, want)
	}
	if got, want := ms[0].Title(), "A – B, Ev 1999, 1-0"; got != want {
		t.Errorf("Title() = %q, want %q", got, want)
	}
}

func TestMovesFromABlackToMoveSetup(t *testing.T) {
	m := Match{SideToMove: "white", Ply: 1, Path: []string{"Kh1"}}
	if got, want := m.Moves(), "1...Kh1"; got != want {
		t.Errorf("Moves() = %q, want %q", got, want)
	}
}

func TestWriteCapsTheDiagramsAndSaysSo(t *testing.T) {
	c := Collector{Max: 2}
	// three lines of one game, written in pieces cut in the middle of lines
	three := line + line + line
	for _, piece := range []string{three[:10], three[10:500], three[500:]} {
		if _, err := c.Write([]byte(piece)); err != nil {
			t.Fatal(err)
		}
	}
	if c.Positions != 3 || c.Games != 1 {
		t.Errorf("%d positions in %d games, want 3 in 1", c.Positions, c.Games)
	}
	var b bytes.Buffer
	if err := c.WritePage(&b, "cql() check", []string{"x.pgn"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, `<div class="match"`); n != 2 {
		t.Errorf("%d diagrams, want 2", n)
	}
	if !strings.Contains(out, `id="capped"`) || !strings.Contains(out, "first 2 of 3") {
		t.Errorf("no note that the report is capped")
	}
	if strings.Contains(out, "<it>") || !strings.Contains(out, "found &lt;it&gt;") {
		t.Errorf("comment not escaped")
	}
}

func TestParseLinesReportsBadJSON(t *testing.T) {
	if _, err := ParseLines([]byte("{\"game\":\n")); err == nil {
		t.Error("bad JSON accepted")
	}
}

// TestGamesGiveLastMoveEloAndMarkedMoves: with the game's PGN, a diagram
// tints the last move's squares, names the side to move and the
// players' Elo, and the moves mark the matched positions.
func TestGamesGiveLastMoveEloAndMarkedMoves(t *testing.T) {
	const pgnText = "[Event \"Ev\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[WhiteElo \"2701\"]\n[BlackElo \"2650\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"
	at := func(id, ply int, side, fen string) string {
		return strings.NewReplacer("POS", itoa(id), "PLY", itoa(ply), "SIDE", side, "FEN", fen).Replace(
			`{"game":3,"file":"x.pgn","offset":0,"tags":{"Event":"Ev","Site":"?","Date":"?","Round":"?","White":"A","Black":"B","Result":"1-0"},"positionid":POS,"ply":PLY,"movenumber":2,"sidetomove":"SIDE","depth":0,"path":[],"fen":"FEN","matchcount":2,"comments":[]}` + "\n")
	}
	var c Collector
	c.Write([]byte(at(1, 1, "black", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") +
		at(3, 3, "black", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")))
	c.AddGame(3, []byte(pgnText))
	var b bytes.Buffer
	if err := c.WritePage(&b, "q", nil); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"A (2701) – B (2650)", "Black to move", `<span class="mv hit here">e4</span>`,
		`<span class="mv hit">e4</span> <span class="mv">e5</span> 2.<span class="mv hit here">Nf3</span>`, "Ev"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	// the tints: e2 e4 in the first diagram, g1 f3 in the second
	if n := strings.Count(out, `class="m"/>`); n != 4 {
		t.Errorf("%d tinted squares, want the 2 of each last move", n)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

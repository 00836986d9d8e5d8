package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// markedLine is what TestMarkSquares reads of a JSON line.
type markedLine struct {
	PositionID int      `json:"positionid"`
	Game       int      `json:"game"`
	FEN        string   `json:"fen"`
	Squares    []string `json:"squares"`
}

// runMarked runs text over sample.pgn with and without MarkSquares and
// returns the lines of the marked run, after checking that marking
// changed nothing but the squares.
func runMarked(t *testing.T, text string) []markedLine {
	t.Helper()
	q := loadText(t, "cql()\n"+text)
	var runs [2][]markedLine
	for i, mark := range []bool{false, true} {
		var out strings.Builder
		o := q.Options()
		o.Inputs, o.JSON, o.MarkSquares = []string{samplePGN}, &out, mark
		if _, err := Run(q, o); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var l markedLine
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			if !mark && l.Squares != nil {
				t.Fatalf("%s: squares without MarkSquares: %s", text, line)
			}
			runs[i] = append(runs[i], l)
		}
	}
	if len(runs[0]) != len(runs[1]) || len(runs[0]) == 0 {
		t.Fatalf("%s: %d matched positions, %d when marking squares", text, len(runs[0]), len(runs[1]))
	}
	for i := range runs[0] {
		a, b := runs[0][i], runs[1][i]
		if a.Game != b.Game || a.PositionID != b.PositionID {
			t.Fatalf("%s: line %d is game %d position %d, marking squares game %d position %d", text, i, a.Game, a.PositionID, b.Game, b.PositionID)
		}
	}
	return runs[1]
}

// pieceAt names the piece on a square of a FEN: "K", "q", or "" when empty.
func pieceAt(t *testing.T, fen, square string) string {
	t.Helper()
	p, err := bitboard.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	sq, _ := bitboard.ParseSquare(square)
	for pc := bitboard.WhitePawn; pc <= bitboard.BlackKing; pc++ {
		if p.ByPiece[pc].Has(sq) && pc.Type() != bitboard.NoType {
			letter := " PNBRQK"[pc.Type()]
			if pc >= 8 {
				letter += 'a' - 'A'
			}
			return string(letter)
		}
	}
	return ""
}

// TestMarkSquares checks the squares marked at the matched positions of
// the filters vm/marksquares.go covers, against the pieces of each
// matched position: the squares a chess player would point at.
func TestMarkSquares(t *testing.T) {
	has := func(t *testing.T, l markedLine, pieces string) {
		t.Helper()
		on := ""
		for _, sq := range l.Squares {
			on += pieceAt(t, l.FEN, sq)
		}
		for _, want := range pieces {
			if !strings.ContainsRune(on, want) {
				t.Errorf("game %d %s: squares %v hold %q, no %c", l.Game, l.FEN, l.Squares, on, want)
			}
		}
	}
	t.Run("pin", func(t *testing.T) {
		// a white pin marks a white piece, the pinned black piece and
		// the black king behind it
		for _, l := range runMarked(t, "pin from A") {
			if len(l.Squares) < 3 {
				t.Errorf("game %d %s: a pin marks %v", l.Game, l.FEN, l.Squares)
			}
			has(t, l, "k")
		}
	})
	t.Run("attacks", func(t *testing.T) {
		for _, l := range runMarked(t, "B attacks q") {
			has(t, l, "Bq")
		}
	})
	t.Run("piece loop", func(t *testing.T) {
		for _, l := range runMarked(t, "piece x in [Qq] { x attacks k }") {
			has(t, l, "k")
			if len(l.Squares) < 2 {
				t.Errorf("game %d %s: marks %v", l.Game, l.FEN, l.Squares)
			}
		}
	})
	t.Run("move", func(t *testing.T) {
		for _, l := range runMarked(t, "move from R to a-h8") {
			if len(l.Squares) != 2 || !strings.HasSuffix(l.Squares[1], "8") {
				t.Errorf("game %d %s: a rook's move to the 8th rank marks %v", l.Game, l.FEN, l.Squares)
			}
			has(t, l, "R")
		}
	})
	t.Run("ray", func(t *testing.T) {
		for _, l := range runMarked(t, "ray (R k)") {
			has(t, l, "Rk")
		}
	})
}

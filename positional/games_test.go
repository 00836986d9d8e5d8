package positional_test

import (
	"io"
	"os"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/gametree"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/positional"
	"github.com/cqlvm/cqlvm/vm"
)

// positionsOf reads the positions of the first games of a PGN file.
func positionsOf(tb testing.TB, path string, games int) []*bitboard.Position {
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rd := pgn.NewReader(f, path)
	var p pgn.Parser
	var out []*bitboard.Position
	for range games {
		raw, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		g := &pgn.Game{}
		p.Parse(raw, g)
		var t vm.Tree
		gametree.Build(&t, g, true)
		for _, n := range t.Nodes {
			out = append(out, n.Pos)
		}
	}
	return out
}

// On real positions every exchange lies between keeping what it took
// and losing the capturing piece (and a retaking pawn's promotion), and
// the best swap of a side is at least its best capture.
func TestExchangeBoundsOnGames(t *testing.T) {
	positions := positionsOf(t, "../testdata/pgn/sample.pgn", 40)
	captures := 0
	for _, p := range positions {
		bestCapture, any := 0, false
		for _, m := range p.LegalMoves(nil) {
			if !m.Is(bitboard.FlagCapture) {
				continue
			}
			captures++
			gain := positional.Value(m.Captured.Type())
			piece := m.Piece.Type()
			if m.Is(bitboard.FlagPromotion) {
				gain += positional.Value(m.Promo) - 1
				piece = m.Promo
			}
			// the opponent wins back at most the capturing piece, and
			// the promotion of a pawn that retakes on the last rank
			worst := gain - positional.Value(piece)
			if r := m.To.Rank(); r == 0 || r == 7 {
				worst -= positional.Value(bitboard.Queen) - 1
			}
			v := positional.Exchange(p, m)
			if v > gain || v < worst && piece != bitboard.King {
				t.Fatalf("%s %s: exchange %d outside %d..%d", p.FEN(), m.UCI(), v, worst, gain)
			}
			if !any || v > bestCapture {
				bestCapture, any = v, true
			}
		}
		if !any {
			continue
		}
		if swap, ok := positional.MaxSwap(p, p.ByColor[p.Side], bitboard.Full); !ok || swap < bestCapture {
			t.Fatalf("%s: max swap %d %v below the best capture %d", p.FEN(), swap, ok, bestCapture)
		}
	}
	if captures < 1000 {
		t.Fatalf("only %d captures tried", captures)
	}
}

package pgn

import (
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// TestCastlingFromPlacement: with the option set, a FEN's castling field
// is replaced by what the placement allows (the official CQL reads FENs
// so); without it the field is kept.
func TestCastlingFromPlacement(t *testing.T) {
	cases := []struct {
		name, fen string
		want      []string // rook squares with castling rights when the option is on
		keep      []string // when it is off
	}{
		{"dash but pieces at home", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", []string{"a1", "h1", "a8", "h8"}, nil},
		{"rights without a king at home", "1rr3k1/p3ppbp/3pbnp1/7P/qP1BP1P1/5P2/1PPQ4/1NKR1B1R b Kq - 0 1", nil, nil},
		{"one rook moved", "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1", []string{"a1", "h1", "a8"}, []string{"a1", "h1", "a8"}},
	}
	for _, c := range cases {
		for _, on := range []bool{true, false} {
			raw := &RawGame{Number: 1, File: "t", Line: 1, Col: 1,
				Data: []byte(`[FEN "` + c.fen + `"]` + "\n[SetUp \"1\"]\n\n*\n")}
			var p Parser
			p.CastlingFromPlacement = on
			var g Game
			p.Parse(raw, &g)
			if len(g.Nodes) == 0 {
				t.Fatalf("%s: no root: %v", c.name, g.Err())
			}
			want := c.want
			if !on {
				want = c.keep
				if c.name == "rights without a king at home" {
					continue // the FEN reader's own reading of X-FEN applies
				}
			}
			var set bitboard.Set
			for _, s := range want {
				sq, _ := bitboard.ParseSquare(s)
				set |= bitboard.SquareSet(sq)
			}
			if got := g.Nodes[0].Pos.CastleRooks; got != set {
				t.Errorf("%s (option %v): castling rooks %v, want %v", c.name, on, got, set)
			}
			if on && g.Nodes[0].Pos.Chess960 {
				t.Errorf("%s: a game without a Chess960 Variant tag became Chess960", c.name)
			}
		}
	}
}

// TestAntichessHasNoCastling: an Antichess game has no castling rights,
// from its start or from a FEN that gives some, with or without the
// option of reading them from the placement (which the command cql sets).
func TestAntichessHasNoCastling(t *testing.T) {
	for _, tags := range []string{"[Variant \"Antichess\"]\n", "[Variant \"Antichess\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[SetUp \"1\"]\n"} {
		for _, on := range []bool{true, false} {
			raw := &RawGame{Number: 1, File: "t", Line: 1, Col: 1, Data: []byte(tags + "\n1. e3 *\n")}
			var p Parser
			p.CastlingFromPlacement = on
			var g Game
			p.Parse(raw, &g)
			if len(g.Nodes) < 2 {
				t.Fatalf("%q (option %v): %v", tags, on, g.Err())
			}
			if fen := g.Nodes[1].Pos.FEN(); g.Nodes[0].Pos.CastleRooks != 0 || !strings.Contains(fen, " b - ") {
				t.Errorf("%q (option %v): castling rooks %v, FEN %s", tags, on, g.Nodes[0].Pos.CastleRooks, fen)
			}
		}
	}
}

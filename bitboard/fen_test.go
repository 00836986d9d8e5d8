package bitboard

import (
	"strings"
	"testing"
)

// samePosition compares everything FEN records. The Chess960 flag only
// survives FEN through the castling letters, so it is compared only when
// some castling right is left.
func samePosition(a, b Position) bool {
	if a.CastleRooks == 0 {
		a.Chess960, b.Chess960 = false, false
	}
	return a == b
}

func TestFENRoundTrip(t *testing.T) {
	forEachPlayoutPosition(t, 4, 120, func(p *Position) {
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		if !samePosition(*p, q) {
			t.Fatalf("%s read back as %s (%+v vs %+v)", fen, q.FEN(), *p, q)
		}
		if q.FEN() != fen {
			t.Fatalf("%s written back as %s", fen, q.FEN())
		}
	})
}

func TestParseFENForms(t *testing.T) {
	tests := []struct {
		in, out  string
		chess960 bool
	}{
		{startFEN, startFEN, false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1", false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", startFEN, false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", startFEN, false},
		{"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  0 1 ", startFEN, false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 7 30", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30", false},
		// Shredder-FEN for a standard setup marks the game as Chess960.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", true},
		// X-FEN and Shredder-FEN for a Chess960 setup.
		{"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1", true},
		{"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1", true},
		{"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w Gb - 0 1", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w Gb - 0 1", true},
		// X-FEN: K is the outermost rook; an inner rook needs its file.
		{"4k3/8/8/8/8/8/8/1R2K1RR w K - 0 1", "4k3/8/8/8/8/8/8/1R2K1RR w K - 0 1", false},
		{"4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1", "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1", true},
		{"4k3/8/8/8/8/8/8/1R2K1RR w Q - 0 1", "4k3/8/8/8/8/8/8/1R2K1RR w B - 0 1", true},
		// Rights without their rook or with the king off the back rank are dropped.
		{"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false},
		{"r6r/4k3/8/8/8/8/8/R3K2R w KQkq - 0 1", "r6r/4k3/8/8/8/8/8/R3K2R w KQ - 0 1", false},
		// En passant: kept when a double push can have happened, else dropped.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", false},
		{"4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2", false}, // no capturer: still recorded
		{"4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 2", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", false},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 2", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", false},
		{"4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", startFEN, false},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tc.in, err)
			continue
		}
		if got := p.FEN(); got != tc.out || p.Chess960 != tc.chess960 {
			t.Errorf("ParseFEN(%q) -> %q, Chess960=%v; want %q, %v", tc.in, got, p.Chess960, tc.out, tc.chess960)
		}
		if err := p.checkConsistency(); err != nil {
			t.Errorf("ParseFEN(%q): %v", tc.in, err)
		}
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct{ fen, want string }{
		{"", "empty"},
		{"   ", "empty"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP", "7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8", "9 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN", "rank 1 does not have 8 squares"},
		{"rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "more than 8"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR", "bad character"},
		{"rnbqkbnr/pppppppp/45/8/8/8/PPPPPPPP/RNBQKBNR", "rank 6 does not have 8 squares"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "bad character"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "no black king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR", "no white king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR", "2 white kings"},
		{"4k3/8/8/8/8/8/8/4K2p w - - 0 1", "pawn on the first or eighth rank"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on the first or eighth rank"},
		{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", ""}, // legal: Black to move is in check
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", ""},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "side not to move is in check"},
		{"4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", "side not to move is in check"},
		{startFEN + " extra", "7 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x", "side to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX", "bad castling letter"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9", "bad en-passant square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x", "half-move clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1", "half-move clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", "full-move number"},
		{"4k3/8/8/8/8/8/8/R2RK3 w AD - 0 1", "two castling rooks"},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("ParseFEN(%q): %v", tc.fen, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("ParseFEN(%q) = %v, want an error containing %q", tc.fen, err, tc.want)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, tc := range perftCases {
		f.Add(tc.fen)
	}
	for _, fen := range []string{"", "8/8/8/8/8/8/8/8", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
		"4k3/8/8/8/8/8/8/1R2K1RR w KGB - 0 1", "rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1", "k/8/8/8/8/8/8/K w"} {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		if err := p.checkConsistency(); err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("ParseFEN(%q) wrote %q, which does not parse: %v", fen, out, err)
		}
		if !samePosition(p, q) {
			t.Fatalf("ParseFEN(%q) wrote %q, which reads back as %q", fen, out, q.FEN())
		}
		// Whatever parses must be safe to generate moves for.
		moves := p.LegalMoves(nil)
		if p.HasLegalMove() != (len(moves) > 0) {
			t.Fatalf("%s: HasLegalMove disagrees with LegalMoves", out)
		}
		for _, m := range moves {
			after := p
			after.Play(m)
		}
	})
}

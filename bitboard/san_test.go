package bitboard

import (
	"errors"
	"strings"
	"testing"
)

// TestSANRoundTrip writes every legal move of many random positions as SAN
// and reads it back; it also checks the check marks and that every
// disambiguation written was needed.
func TestSANRoundTrip(t *testing.T) {
	moves := 0
	forEachPlayoutPosition(t, 6, 120, func(p *Position) {
		for _, m := range p.LegalMoves(nil) {
			moves++
			san := p.AppendSAN(nil, m)
			got, err := p.ParseSAN(san)
			if err != nil || got != m {
				t.Fatalf("%s: %s: ParseSAN gave %v, %v; want %v", p.FEN(), san, got, err, m)
			}
			checkCheckMark(t, p, m, string(san))
			checkDisambiguationNeeded(t, p, string(san))
		}
	})
	if moves < 100000 {
		t.Fatalf("only %d moves tried", moves)
	}
}

func checkCheckMark(t *testing.T, p *Position, m Move, san string) {
	after := *p
	after.Play(m)
	want := ""
	if after.InCheck() {
		want = "+"
		if len(after.LegalMoves(nil)) == 0 {
			want = "#"
		}
	}
	if got := strings.TrimLeft(san, "abcdefghNBRQKO12345678x=-"); got != want {
		t.Fatalf("%s: %s ends in %q, want %q", p.FEN(), san, got, want)
	}
}

// checkDisambiguationNeeded drops the source file or rank of a piece move
// and expects the shorter move to be ambiguous.
func checkDisambiguationNeeded(t *testing.T, p *Position, san string) {
	body := strings.TrimRight(san, "+#")
	if body[0] < 'A' || body[0] > 'Z' || body[0] == 'O' {
		return // pawn moves and castling carry no disambiguation
	}
	to := strings.TrimPrefix(body[len(body)-2:], "x")
	middle := strings.TrimSuffix(body[1:len(body)-2], "x")
	for i := range middle {
		shorter := body[:1] + middle[:i] + middle[i+1:] + to
		if _, err := p.ParseSAN([]byte(shorter)); !errors.Is(err, ErrAmbiguous) {
			t.Fatalf("%s: %s: without %q (%s) got %v, want ambiguous", p.FEN(), san, middle[i], shorter, err)
		}
	}
}

func TestParseSANLenientForms(t *testing.T) {
	tests := []struct {
		fen  string
		uci  string
		sans []string
	}{
		{startFEN, "g1f3", []string{"Nf3", "Nf3+", "Nf3#", "Nf3++", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3!?", "Nf3?!",
			"Ngf3", "N1f3", "Ng1f3", "Ng1-f3", "Nxf3", "N:f3", "Nf3+!"}},
		{startFEN, "e2e4", []string{"e4", "e4!", "e2e4", "e2-e4", "Pe4", "ee4"}},
		{startFEN, "b2b3", []string{"b3", "bb3"}},
		{startFEN, "b1c3", []string{"Nc3", "Nbc3"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", []string{"O-O", "0-0", "O-O+", "0-0#", "OO", "O-O!", "Kg1"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", []string{"O-O-O", "0-0-0", "O-O-O+", "0-0-0!?", "Kc1"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", []string{"O-O", "0-0"}},
		{"3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", []string{"exd8=Q", "exd8Q", "exd8=q", "ed8=Q", "exd8=Q+", "e7d8q", "e7xd8Q"}},
		{"3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", []string{"exd8=N", "exd8N", "exd8=n", "exd8n"}},
		{"3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8b", []string{"exd8=B", "exd8b", "exd8=b"}},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", []string{"b8=Q", "b8Q", "b8q", "b8=Q+", "b7b8=Q"}},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", []string{"exd6", "exd6e.p.", "exd6 e.p.", "ed6", "exd6ep"[:4], "e5xd6"}},
		{"k7/3Q4/8/8/8/8/7K/3Q2Q1 w - - 0 1", "d1d4", []string{"Qd1d4", "Qd1xd4", "Qd1-d4"}},
		{"k7/3Q4/8/8/8/8/7K/3Q2Q1 w - - 0 1", "g1d4", []string{"Qgd4", "Qg1d4", "Qg4"[:2] + "d4"}},
		// Two knights reach d4 but the e2 one is pinned: no disambiguation.
		{"4k3/4r3/8/8/8/5N2/4N3/4K3 w - - 0 1", "f3d4", []string{"Nd4", "Nfd4"}},
		// Capture written without x, and x written on a non-capture.
		{"4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3d5", []string{"Nd5", "Nxd5"}},
		{"4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", "c3d5", []string{"Nxd5"}},
		// Chess960: O-O with king f1 and rook g1 swapping.
		{"k7/8/8/8/8/8/8/4RKR1 w EG - 0 1", "f1g1", []string{"O-O"}},
		{"k7/8/8/8/8/8/8/4RKR1 w EG - 0 1", "f1c1", []string{"O-O-O"}},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		want, err := p.ParseUCI([]byte(tc.uci))
		if err != nil {
			t.Fatalf("%s: ParseUCI(%s): %v", tc.fen, tc.uci, err)
		}
		for _, san := range tc.sans {
			got, err := p.ParseSAN([]byte(san))
			if err != nil || got != want {
				t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v", tc.fen, san, got, err, want)
			}
		}
	}
}

func TestParseSANNullMove(t *testing.T) {
	p := NewPosition()
	for _, san := range []string{"--", "Z0"} {
		m, err := p.ParseSAN([]byte(san))
		if err != nil || m != p.NullMove() || m.From != 4 || m.Piece != WhiteKing || !m.Is(FlagNull) {
			t.Errorf("ParseSAN(%q) = %+v, %v", san, m, err)
		}
	}
	after := p
	after.Play(p.NullMove())
	if after.Side != Black || after.Board != p.Board || after.EP != NoSquare {
		t.Errorf("null move gave %s", after.FEN())
	}
	if s := string(p.AppendSAN(nil, p.NullMove())); s != "--" {
		t.Errorf("AppendSAN(null) = %q", s)
	}
}

func TestParseSANErrors(t *testing.T) {
	tests := []struct {
		fen, san string
		kind     error
		detail   string
	}{
		{startFEN, "Nf6", ErrNoPiece, "no knight can move to f6"},
		{startFEN, "Nd2", ErrNoPiece, "no knight can move to d2"}, // own pawn there
		{startFEN, "e5", ErrNoPiece, "no pawn can move to e5"},
		{startFEN, "exd3", ErrIllegal, "nothing to capture on d3"},
		{startFEN, "exf4", ErrNoPiece, "no pawn can move to f4"}, // no pawn on e3
		{startFEN, "axc3", ErrNoPiece, "no pawn can move to c3"},
		{startFEN, "Ke2", ErrNoPiece, "no king can move to e2"},
		{startFEN, "O-O", ErrIllegal, "castling is blocked"},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", ErrIllegal, "no castling right"},
		{"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", ErrIllegal, "castling is blocked or the king is attacked"},
		{"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O-O", ErrIllegal, "castling is blocked or the king is attacked"},
		{"k7/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", ErrAmbiguous, "2 knights can move to d2"},
		{"k7/3Q4/8/8/8/8/7K/3Q2Q1 w - - 0 1", "Qdd4", ErrAmbiguous, "2 queens can move to d4"},
		{"k7/3Q4/8/8/8/8/7K/3Q2Q1 w - - 0 1", "Q1d4", ErrAmbiguous, "2 queens can move to d4"},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", ErrIllegal, "leaves the king in check"},
		{"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Kg1", ErrNoPiece, "no king can move to g1"},
		{"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Kd1", ErrIllegal, "leaves the king in check"},
		{"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Ke2", ErrIllegal, "leaves the king in check"},
		{"8/8/3p4/KPp4r/8/8/8/7k w - c6 0 2", "bxc6", ErrIllegal, "leaves the king in check"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", ErrIllegal, "promotion needs"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=K", ErrBadNotation, "cannot read"},
		{startFEN, "e4=Q", ErrIllegal, "promotes only on the last rank"},
		{startFEN, "Nf3=Q", ErrBadNotation, "only pawns promote"},
		{startFEN, "", ErrBadNotation, "empty"},
		{startFEN, "+", ErrBadNotation, "empty"},
		{startFEN, "Nz3", ErrBadNotation, "cannot read"},
		{startFEN, "Nf9", ErrBadNotation, "cannot read"},
		{startFEN, "nf3", ErrBadNotation, "cannot read"},
		{startFEN, "Nggf3", ErrBadNotation, "cannot read"},
		{startFEN, "O-O-O-O", ErrBadNotation, "cannot read"},
		{startFEN, "O-X", ErrBadNotation, "cannot read"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseSAN([]byte(tc.san))
		var me *MoveError
		if !errors.Is(err, tc.kind) || !errors.As(err, &me) || !strings.Contains(err.Error(), tc.detail) {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v containing %q", tc.fen, tc.san, m, err, tc.kind, tc.detail)
		}
	}
}

func TestAppendSAN(t *testing.T) {
	tests := []struct{ fen, uci, san string }{
		{startFEN, "g1f3", "Nf3"},
		{startFEN, "e2e4", "e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"},
		{"3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q+"},
		{"3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "exd8=N"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"},
		{"k7/3Q4/8/8/8/8/7K/3Q2Q1 w - - 0 1", "d1d4", "Qd1d4"},
		{"k7/3Q4/8/8/8/8/7K/3Q2Q1 w - - 0 1", "d7d4", "Q7d4"},
		{"k7/3Q4/8/8/8/8/7K/3Q2Q1 w - - 0 1", "g1d4", "Qgd4"},
		{"k7/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"4k3/4r3/8/8/8/5N2/4N3/4K3 w - - 0 1", "f3d4", "Nd4"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"k7/8/8/8/8/8/8/4RKR1 w EG - 0 1", "f1g1", "O-O"},
		{"k7/8/8/8/8/8/8/4RKR1 w EG - 0 1", "f1e1", "O-O-O"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseUCI([]byte(tc.uci))
		if err != nil {
			t.Fatalf("%s: ParseUCI(%s): %v", tc.fen, tc.uci, err)
		}
		if got := string(p.AppendSAN(nil, m)); got != tc.san {
			t.Errorf("%s: %s written as %q, want %q", tc.fen, tc.uci, got, tc.san)
		}
	}
}

func TestParseUCI(t *testing.T) {
	// Every legal move survives AppendUCI/ParseUCI, in Chess960 notation
	// always and in standard notation where that is unambiguous.
	forEachPlayoutPosition(t, 3, 100, func(p *Position) {
		for _, m := range p.LegalMoves(nil) {
			forms := []bool{true}
			if !p.Chess960 {
				forms = append(forms, false)
			}
			for _, chess960 := range forms {
				s := m.AppendUCI(nil, chess960)
				if got, err := p.ParseUCI(s); err != nil || got != m {
					t.Fatalf("%s: ParseUCI(%s) = %v, %v; want %+v", p.FEN(), s, got, err, m)
				}
			}
		}
	})
	p := NewPosition()
	for _, bad := range []string{"", "e2", "e2e5", "e7e5", "e2e4k", "z2e4", "e1g1", "g1g3", "a1a2", "e2e4qq"} {
		if m, err := p.ParseUCI([]byte(bad)); err == nil {
			t.Errorf("ParseUCI(%q) = %v, want an error", bad, m)
		}
	}
	if m, err := p.ParseUCI([]byte("0000")); err != nil || m != p.NullMove() {
		t.Errorf("ParseUCI(0000) = %v, %v", m, err)
	}
	if s := p.NullMove().UCI(); s != "0000" {
		t.Errorf("null move UCI = %q", s)
	}
}

// FuzzParseSAN feeds arbitrary text to ParseSAN and ParseUCI in a few
// positions: they must not panic, and whatever they accept must be a legal
// move (or the null move).
func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"Nf3", "e4", "exd6e.p.", "O-O-O+", "e8=Q#", "Qd1d4", "--", "Z0", "e7e8q", "e1h1", "0000", "bxc8=N!?"} {
		f.Add(s, uint8(0))
	}
	fens := []string{startFEN, playoutFENs[1], "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1",
		"k7/8/8/8/8/8/8/4RKR1 w EG - 0 1", "8/8/3p4/KPp4r/8/8/8/7k w - c6 0 2"}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		p := mustFEN(t, fens[int(which)%len(fens)])
		legal := p.LegalMoves(nil)
		for _, parse := range []func([]byte) (Move, error){p.ParseSAN, p.ParseUCI} {
			m, err := parse([]byte(text))
			if err != nil || m.Is(FlagNull) {
				continue
			}
			found := false
			for _, l := range legal {
				found = found || l == m
			}
			if !found {
				t.Fatalf("%s: %q read as %+v, which is not a legal move", p.FEN(), text, m)
			}
		}
	})
}

package bitboard

import "testing"

func TestVariantFENForms(t *testing.T) {
	for _, c := range []struct {
		v        Variant
		in, want string
	}{
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/pNQ w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNp] w KQkq - 0 1"},
		{Crazyhouse, "r3k3/1Q~6/8/8/8/8/8/4K3[Pp] b q - 0 1", "r3k3/1Q~6/8/8/8/8/8/4K3[Pp] b q - 0 1"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1"},
		{Horde, variants[Horde].startFEN, variants[Horde].startFEN},
		{Antichess, "8/8/8/8/8/8/KK6/kk6 w - - 0 1", "8/8/8/8/8/8/KK6/kk6 w - - 0 1"},
	} {
		p, err := ParseVariantFEN(c.in, c.v)
		if err != nil {
			t.Errorf("%v %q: %v", c.v, c.in, err)
			continue
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("%v %q: FEN %q, want %q", c.v, c.in, got, c.want)
		}
	}
	for _, c := range []struct {
		v  Variant
		in string
	}{
		{Standard, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1"},
		{Atomic, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1"},
		{Atomic, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w - - 0 1"},
		{Horde, "4k3/8/8/8/8/8/8/4K2p w - - 0 1"},
	} {
		if _, err := ParseVariantFEN(c.in, c.v); err == nil {
			t.Errorf("%v %q: read, want an error", c.v, c.in)
		}
	}
}

func TestCrazyhouseCapturesGoToHand(t *testing.T) {
	p, err := ParseVariantFEN("4k3/1Q~6/2n5/8/8/8/8/4K3[] b - - 0 1", Crazyhouse)
	if err != nil {
		t.Fatal(err)
	}
	play := func(san string) {
		t.Helper()
		m, err := p.ParseSAN([]byte(san))
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		p.Play(m)
	}
	play("Nd4")
	play("Qb5+")
	play("Nxb5")
	if p.InHand(Black, Pawn) != 1 || p.InHand(Black, Queen) != 0 {
		t.Errorf("a promoted queen captured gives %d pawns, %d queens, want 1, 0 (FEN %s)", p.InHand(Black, Pawn), p.InHand(Black, Queen), p.FEN())
	}
	play("Kd1")
	play("P@d2")
	if p.InHand(Black, Pawn) != 0 || p.Board[MakeSquare(3, 1)] != BlackPawn {
		t.Errorf("after P@d2: %s", p.FEN())
	}
	if _, err := p.ParseSAN([]byte("N@e4")); err == nil {
		t.Errorf("a drop from an empty hand was read")
	}
}

func TestDropSAN(t *testing.T) {
	p, err := ParseVariantFEN("4k3/8/8/8/8/8/8/4K3[NPPq] w - - 0 1", Crazyhouse)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, out string }{{"N@f6", "N@f6+"}, {"P@e4", "P@e4"}, {"@e4", "P@e4"}} {
		m, err := p.ParseSAN([]byte(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := string(p.AppendSAN(nil, m)); got != c.out {
			t.Errorf("%s written %q, want %q", c.in, got, c.out)
		}
		if got := m.UCI(); got[1] != '@' {
			t.Errorf("%s in UCI %q", c.in, got)
		}
	}
	for _, bad := range []string{"P@e8", "Q@e4", "K@e4", "N@e1"} {
		if _, err := p.ParseSAN([]byte(bad)); err == nil {
			t.Errorf("%s was read", bad)
		}
	}
}

func TestVariantEnds(t *testing.T) {
	for _, c := range []struct {
		v      Variant
		fen    string
		end    End
		winner Color
		mark   string // the mark the last move gets, played from fen
		move   string
	}{
		{KingOfTheHill, "4k3/8/8/8/8/4K3/8/8 w - - 0 1", VariantWin, White, "#", "Ke4"},
		{ThreeCheck, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", VariantWin, White, "#", "Ra8+"},
		{Atomic, "4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1", VariantWin, White, "#", "Rxd7"},
		{Antichess, "8/8/8/8/8/8/p7/K7 w - - 0 1", VariantWin, Black, "#", "Kxa2"},
		{RacingKings, "8/K7/8/8/8/6k1/8/8 w - - 0 1", VariantWin, White, "#", "Ka8"},
		{RacingKings, "8/K5k1/8/8/8/8/8/8 w - - 0 1", NotOver, White, "", "Ka8"},
		{Horde, "4k3/8/8/8/8/8/8/3P4 w - - 0 1", NotOver, White, "", "d3"},
		{Horde, "4k3/8/8/8/8/8/4p3/3P4 b - - 0 1", VariantWin, Black, "#", "exd1=Q"},
	} {
		p, err := ParseVariantFEN(c.fen, c.v)
		if err != nil {
			t.Errorf("%v %s: %v", c.v, c.fen, err)
			continue
		}
		m, err := p.ParseSAN([]byte(c.move))
		if err != nil {
			t.Errorf("%v %s %s: %v", c.v, c.fen, c.move, err)
			continue
		}
		san := string(p.AppendSAN(nil, m))
		p.Play(m)
		if end, winner := p.Outcome(); end != c.end || end != NotOver && winner != c.winner {
			t.Errorf("%v %s after %s: %v for %v, want %v for %v", c.v, c.fen, c.move, end, winner, c.end, c.winner)
		}
		if got := san[len(trimSANDecorations([]byte(san))):]; got != c.mark {
			t.Errorf("%v %s: %s marked %q, want %q", c.v, c.fen, san, got, c.mark)
		}
	}
}

// FuzzVariantFEN: any text read as a FEN of any variant either fails or
// gives a position whose moves, SAN, ends and FEN work without a panic,
// and whose FEN reads back to the same FEN.
func FuzzVariantFEN(f *testing.F) {
	for _, v := range Variants() {
		f.Add(variants[v].startFEN, uint8(v))
	}
	f.Add("8/8/8/8/8/8/KK6/kk6 w - - 0 1", uint8(Antichess))
	f.Add("4k3/8/8/8/8/8/8/4K3[NPPq] w - - 0 1", uint8(Crazyhouse))
	f.Add("4k3/8/8/8/8/8/8/P7 w - - 0 1", uint8(Horde))
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1", uint8(Atomic))
	f.Fuzz(func(t *testing.T, fen string, vb uint8) {
		v := Variant(vb % uint8(numVariants))
		p, err := ParseVariantFEN(fen, v)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseVariantFEN(out, v)
		if err != nil || q.FEN() != out {
			t.Fatalf("%v %q: FEN %q reads back as %q (%v)", v, fen, out, q.FEN(), err)
		}
		p.Outcome()
		for _, m := range p.LegalMoves(nil) {
			san := p.AppendSAN(nil, m)
			if back, err := p.ParseSAN(san); err != nil || back.From != m.From || back.To != m.To || back.Promo != m.Promo {
				t.Fatalf("%v %s: %s reads back as %v (%v)", v, out, san, back, err)
			}
			c := p
			c.Play(m)
			c.Outcome()
			c.PseudoLegalMoves(nil)
		}
	})
}

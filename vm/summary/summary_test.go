package summary

import (
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// line plays the SAN moves from fen and adds every position to b, the
// first mainline ones of them on the mainline.
func line(t *testing.T, b *Builder, fen string, sans []string, mainline int) {
	t.Helper()
	p, err := bitboard.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var none bitboard.Move
	b.Add(&p, 0, &none, true)
	for i, san := range sans {
		m, err := p.ParseSAN([]byte(san))
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		p.Play(m)
		b.Add(&p, int32(i+1), &m, i+1 <= mainline)
	}
}

// TestBuilder: the counts, promotions and flags of a short game whose
// last two moves are a variation: a promotion to a knight with check,
// then mate.
func TestBuilder(t *testing.T) {
	var b Builder
	line(t, &b, "7k/P4K2/8/8/8/8/8/6R1 w - - 0 1", []string{"a8=N", "Kh7", "Rh1#"}, 1)
	s := b.Summary()
	if s.Main.Positions != 2 || s.Whole.Positions != 4 || s.Whole.MaxPly != 3 {
		t.Errorf("positions %d, %d, ply %d", s.Main.Positions, s.Whole.Positions, s.Whole.MaxPly)
	}
	P, N := bitboard.WhitePawn, bitboard.WhiteKnight
	if s.Main.Min[P] != 0 || s.Main.Max[P] != 1 || s.Main.Max[N] != 1 || s.Whole.Min[bitboard.WhiteRook] != 1 || s.Whole.Max[bitboard.BlackKing] != 1 {
		t.Errorf("counts: main %v..%v", s.Main.Min, s.Main.Max)
	}
	if s.Main.Promotions != 1<<N || s.Main.Flags != 0 {
		t.Errorf("main: promotions %b flags %b", s.Main.Promotions, s.Main.Flags)
	}
	if s.Whole.Flags != Check|Mate {
		t.Errorf("whole: flags %b", s.Whole.Flags)
	}
	mate := Need{Op: Fact, Flags: Mate}
	twoKnights := Need{Op: Count, Pieces: 1 << N, Lo: 2, Hi: NoBound}
	noPawn := Need{Op: Count, Pieces: 1 << P, Lo: 0, Hi: 0}
	knight := Need{Op: Promote, Pieces: 1<<N | 1<<bitboard.BlackKnight}
	for _, c := range []struct {
		need        Need
		main, whole bool
	}{
		{mate, false, true},
		{twoKnights, false, false},
		{noPawn, true, true},
		{knight, true, true},
		{And(knight, mate), false, true},
		{Or(twoKnights, mate), false, true},
		{Or(twoKnights, Need{}), true, true},
		{Need{Op: Ply, Lo: 3}, false, true},
		{Need{Op: Ply, Lo: 1}, true, true},
	} {
		if c.need.Holds(&s.Main) != c.main || c.need.Holds(&s.Whole) != c.whole {
			t.Errorf("%s: holds on the mainline %v, the tree %v; want %v, %v", c.need, c.need.Holds(&s.Main), c.need.Holds(&s.Whole), c.main, c.whole)
		}
	}
}

// TestBinaryForm: summaries read back as written, one after the other;
// a cut-off form is an error.
func TestBinaryForm(t *testing.T) {
	var b Builder
	line(t, &b, "7k/P4K2/8/8/8/8/8/6R1 w - - 0 1", []string{"a8=N", "Kh7", "Rh1#"}, 1)
	varied := b.Summary()
	b.Reset()
	line(t, &b, "7k/P4K2/8/8/8/8/8/6R1 w - - 0 1", []string{"a8=Q+"}, 1)
	plain := b.Summary()
	data := Append(Append(nil, &varied), &plain)
	var got Summary
	at := 0
	for _, want := range []Summary{varied, plain} {
		n, err := Decode(data[at:], &got)
		if err != nil || got != want {
			t.Fatalf("read %+v, %v; want %+v", got, err, want)
		}
		at += n
	}
	if at != len(data) {
		t.Errorf("read %d bytes of %d", at, len(data))
	}
	first := len(Append(nil, &varied))
	for cut := range first {
		if _, err := Decode(data[:cut], &got); err == nil {
			t.Errorf("%d bytes of %d read without error", cut, first)
		}
	}
}

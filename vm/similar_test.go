package vm

import (
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// TestSimilarKey checks the similarity of similarposition.html on small
// boards: pawnless boards up to the 8 symmetries, boards with pawns up to
// a left-right reflection and a horizontal shift, always the same side
// to move; notransform only the same board.
func TestSimilarKey(t *testing.T) {
	const base = "8/8/8/8/8/3k4/8/K1R5 w - - 0 1"
	const pawns = "8/8/8/3k4/8/2P5/8/K7 w - - 0 1"
	cases := []struct {
		a, b      string
		transform bool
		want      bool
	}{
		{base, base, false, true},
		{base, "8/8/8/8/8/4k3/8/5R1K w - - 0 1", true, true},     // mirrored left-right
		{base, "5R1K/8/4k3/8/8/8/8/8 w - - 0 1", true, true},     // rotated 180 degrees, colours kept
		{base, "8/8/8/8/8/4k3/8/5R1K w - - 0 1", false, false},   // mirrored, notransform
		{base, "8/8/8/8/8/4k3/8/5R1K b - - 0 1", true, false},    // the other side to move
		{pawns, "8/8/8/6k1/8/5P2/8/3K4 w - - 0 1", true, true},   // shifted three files
		{pawns, "8/8/8/4k3/8/5P2/8/7K w - - 0 1", true, true},    // mirrored left-right
		{pawns, "8/8/8/3k4/8/2P5/8/1K6 w - - 0 1", true, false},  // the king alone moved
		{pawns, "7K/8/5P2/8/4k3/8/8/8 w - - 0 1", true, false},   // upside down: pawns are not turned
		{pawns, "8/8/8/6k1/8/5P2/8/3K4 w - - 0 1", false, false}, // shifted, notransform
	}
	for _, c := range cases {
		a, b := mustFEN(t, c.a), mustFEN(t, c.b)
		set := NewSimilarSet(SimilarSpec{Transform: c.transform})
		set.Add(&a, 1)
		if got := set.Has(&b); got != c.want {
			t.Errorf("%s similar to %s (transforms %v): %v, want %v", c.b, c.a, c.transform, got, c.want)
		}
	}
}

// TestSimilarTransformNames checks the names of the transforms in the
// comments against those the official program wrote for the same
// submission and repository boards.
func TestSimilarTransformNames(t *testing.T) {
	const withPawns = "8/8/8/5k2/8/4P3/8/2K5 w - - 0 1"
	const pawnless = "8/8/8/8/8/3k4/8/K1R5 w - - 0 1"
	cases := []struct{ submission, repository, want string }{
		{withPawns, withPawns, ""},
		{withPawns, "8/8/8/6k1/8/5P2/8/3K4 w - - 0 1", "right^1"},
		{withPawns, "8/8/8/1k6/8/2P5/8/4K3 w - - 0 1", "reflect_v right^1"},
		{withPawns, "8/8/8/3k4/8/2P5/8/K7 w - - 0 1", "left^2"},
		{withPawns, "8/8/8/k7/8/1P6/8/3K4 w - - 0 1", "reflect_v right^2"},
		{pawnless, "5R1K/8/4k3/8/8/8/8/8 w - - 0 1", "rotate180"},
		{pawnless, "8/8/8/8/8/4k3/8/5R1K w - - 0 1", "reflect_v"},
		{pawnless, "K1R5/8/3k4/8/8/8/8/8 w - - 0 1", "reflect_h"},
		{pawnless, "K7/8/R7/2k5/8/8/8/8 w - - 0 1", "clockwise90"},
		{pawnless, "8/8/8/8/5k2/7R/8/7K w - - 0 1", "counterclockwise90"},
		{pawnless, "8/8/8/8/2k5/R7/8/K7 w - - 0 1", "reflect_a1h8"},
		{pawnless, "7K/8/7R/5k2/8/8/8/8 w - - 0 1", "reflect_a8h1"},
	}
	for _, c := range cases {
		sub, rep := mustFEN(t, c.submission), mustFEN(t, c.repository)
		set := NewSimilarSet(SimilarSpec{Transform: true})
		set.Add(&sub, 1)
		refs := set.Find(&rep)
		if len(refs) != 1 {
			t.Errorf("%s: not similar to %s", c.repository, c.submission)
			continue
		}
		if got := set.transformName(&refs[0], &rep.Board); got != c.want {
			t.Errorf("%s from %s: %q, the official program %q", c.repository, c.submission, got, c.want)
		}
	}
}

func mustFEN(t *testing.T, fen string) bitboard.Position {
	t.Helper()
	p, err := bitboard.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

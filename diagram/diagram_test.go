package diagram

import (
	"strings"
	"testing"
)

func TestPlacementReadsTheStartPosition(t *testing.T) {
	b, err := Placement("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if b[0][4] != 'k' || b[7][4] != 'K' || b[4][4] != 'P' || b[6][4] != 0 || b[3][3] != 0 {
		t.Errorf("wrong board: %q", b)
	}
}

func TestPlacementRejectsBadFENs(t *testing.T) {
	for _, fen := range []string{"", "8/8/8", "8/8/8/8/8/8/8/7", "8/8/8/8/8/8/8/9", "8/8/8/8/8/8/8/7x"} {
		if _, err := Placement(fen); err == nil {
			t.Errorf("Placement(%q) accepted a bad FEN", fen)
		}
	}
}

func TestSVGDrawsEveryPieceOnce(t *testing.T) {
	svg, err := SVG("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(svg, `class="p `); n != 3 {
		t.Errorf("%d pieces drawn, want 3", n)
	}
	if n := strings.Count(svg, "<rect"); n != 64 {
		t.Errorf("%d squares drawn, want 64", n)
	}
	if !strings.Contains(svg, `class="p w">`+glyphs['k']) || !strings.Contains(svg, `class="p b">`+glyphs['k']) {
		t.Errorf("kings of both colours missing: %s", svg)
	}
}

func TestSVGTintsTheMarkedSquares(t *testing.T) {
	svg, err := SVG("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", "e2", "e4")
	if err != nil {
		t.Fatal(err)
	}
	// e2 is file 4, the seventh row from the top; e4 the fifth
	for _, want := range []string{`<rect x="180" y="270" width="45" height="45" class="m"/>`, `<rect x="180" y="180" width="45" height="45" class="m"/>`} {
		if !strings.Contains(svg, want) {
			t.Errorf("no %s in the drawing", want)
		}
	}
	if _, err := SVG("8/8/8/8/8/8/8/8 w - - 0 1", "e9"); err == nil {
		t.Error("a bad square accepted")
	}
}

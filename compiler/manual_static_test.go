package compiler

import "testing"

// Static features of one position that the official manual states in so
// many words: the value of type and colortype on an empty square, extended
// FEN letters and chains of attack arrows. Each case names its manual page.

// onePosition is a game of a single position set up from fen (node 0).
func onePosition(fen string) string {
	return "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n*\n"
}

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestTypeOfEmptySquare: type.html, the table of values has "empty | 0";
// colortype.html: "If s is not occupied by a piece, colortype s is 0."
// Both still fail when the set "does not have exactly one element".
func TestTypeOfEmptySquare(t *testing.T) {
	runManualCases(t, onePosition(startFEN), []manualCase{
		{`type e4 == 0`, false, []int32{0}},
		{`colortype e4 == 0`, false, []int32{0}},
		{`type e2 == 1`, false, []int32{0}},
		{`colortype e7 == -1`, false, []int32{0}},
		{`type e4`, false, []int32{0}},
		{`type [e4,e5]`, false, nil},
		{`colortype []`, false, nil},
		{`type e4 < 1`, false, []int32{0}},
	})
}

// TestExtendedFen: fen.html, "CQL actually supports its own 'extended'
// version of FEN in which the piece names ... can be augmented by using
// any of the single-character piece designators: A, a, . or _": A is any
// white piece, a any black piece, . anything and _ an empty square; the
// digits still count empty squares.
func TestExtendedFen(t *testing.T) {
	runManualCases(t, onePosition(startFEN), []manualCase{
		{`fen "a..qkbnr/pppppppp/_7/8/8/8/PPPPPPPP/RNBQKBNA"`, false, []int32{0}},
		{`fen "aaaaaaaa/aaaaaaaa/8/8/8/8/AAAAAAAA/AAAAAAAA"`, false, []int32{0}},
		{`fen "rnbqkbnr/pppppppp/________/8/8/8/PPPPPPPP/RNBQKBNR"`, false, []int32{0}},
		{`fen "A......./8/8/8/8/8/8/8"`, false, nil},                            // a8 holds a black rook
		{`fen "rnbqkbnr/pppppppp/8/8/8/8/aPPPPPPP/RNBQKBNR"`, false, nil},       // a2 holds a white pawn
		{`fen "_nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"`, false, nil},       // a8 is not empty
		{`fen "rnbqkbnr/pppppppp/8/_______/8/8/PPPPPPPP/RNBQKBNR"`, false, nil}, // seven squares on a rank
	})
	runManualCases(t, onePosition("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), []manualCase{
		{`fen "4a3/8/8/8/8/8/8/4A3"`, false, []int32{0}},
		{`fen "4A3/8/8/8/8/8/8/4a3"`, false, nil},
		{`fen "4k3/8/8/8/8/8/8/4K3 w - - 0 1"`, false, []int32{0}},
	})
}

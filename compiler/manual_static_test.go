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

package compiler

import "testing"

// line as the official CQL 6.2 program evaluates it (observed on small
// games; line.html).

// TestLineRangeTestsLongest: a line's range tests the length of its
// longest match (with firstmatch, of the first match found); it does not
// pick a shorter match that fits. A match outside the range bans nothing
// with nestban.
func TestLineRangeTestsLongest(t *testing.T) {
	// 10 plies, nodes 0 to 10; the castlings lead to nodes 7 and 10
	all := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	runManualCases(t, castlingGame, []manualCase{
		{`line 2 3 --> true{1,5}`, false, []int32{8, 9}},
		{`line 2 3 <-- true{1,5}`, false, []int32{1, 2}},
		{"x = line 2 3 --> true{1,5}\nx == 3", false, []int32{8}},
		{`line 2 10 --> true{+} --> true{+} --> true?`, false, []int32{1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{`line 3 4 --> true* --> o-o`, false, []int32{7, 8}},
		{`line 1 1 --> true`, false, append(all, 10)},
		// the first match found is the shortest here
		{`line firstmatch 2 3 --> true{2,5}`, false, all},
		{`line firstmatch 3 3 --> true{2,5}`, false, nil},
		// from node 0 the longest match (3 positions) is out of range and
		// bans nothing: every start up to node 8 tries and fails
		{`line nestban 2 2 --> true{1,3}`, false, []int32{9}},
	})
}

// TestLineLinearizesMoveOnly: with variations, a forward line restricts
// the `move` filters of its constituents to the move along the line
// (line.html, "linearization"), not dashes, and a backward line restricts
// nothing: a constituent sees every move from its position, as the
// official program does.
func TestLineLinearizesMoveOnly(t *testing.T) {
	// nodes: 0 start, 1 e4, 2 e5, 3 Nf3, 4 Nc6; 5 f4, 6 exf4; 7 d4, 8 d5, 9 c4
	game := "[Event \"v\"]\n\n1. e4 (1. d4 d5 2. c4) 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 *\n"
	runManualCases(t, game, []manualCase{
		{`line --> move to d4 --> move to e5`, true, nil},
		{`line --> move to d4 --> move to d5`, true, []int32{0}},
		{`line --> d2--d4 --> e7--e5`, true, []int32{0}},
		{`line --> e2--e4 --> d7--d5`, true, []int32{0}},
		{`line <-- true <-- move to e4`, true, []int32{1, 7}},
		{`line <-- true <-- d2--d4`, true, []int32{1, 7}},
		{`line <-- move to e5 <-- move to d4`, true, []int32{1}},
	})
	// nodes: 0 start, 1 e4, 2 e5, 3 Nf3, 4 Nc6; 5 d4
	game = "[Event \"v\"]\n\n1. e4 (1. d4) 1... e5 2. Nf3 Nc6 *\n"
	runManualCases(t, game, []manualCase{
		// line.html's example: the move filter holds only along 1.d4,
		// too short a line
		{`line 3 10 --> move to d4 --> true{2,}`, true, nil},
		{`line 3 10 --> d2--d4 --> true{2,}`, true, []int32{0}},
		{`line 3 10 --> move to d4 or d2--d4 --> true{2,}`, true, []int32{0}},
		{`line 3 10 --> not e2--e4 --> true{2,}`, true, []int32{1, 2}},
	})
}

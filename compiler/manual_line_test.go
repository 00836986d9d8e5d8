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

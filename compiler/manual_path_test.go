package compiler

import "testing"

// The path parameters and status filters as the official CQL 6.2 program
// evaluates them (observed on small games; path.html, focus.html,
// pathstatusfilters.html).

// TestPathCastlingPieces: a dash of a path matching a castling move
// matches the pieces whose squares fit its sides, and in a focused path
// only the focused ones: from and to then describe those pieces, in the
// dash's targets and in the constituents after it up to the next move.
func TestPathCastlingPieces(t *testing.T) {
	// 4.O-O is the move from node 6, 5...O-O the move from node 9
	runManualCases(t, castlingGame, []manualCase{
		{`path focus R -- #to == 1`, false, []int32{6}},
		{`path focus R -- to == f1 from == h1`, false, []int32{6}},
		{`path focus K -- #from == 1 to == g1`, false, []int32{6}},
		{`path focus R --(to == f1)`, false, []int32{6}},
		{`path focus [KR] --(#to == 2)`, false, []int32{6}},
		{`path focus [KR] K-- #to == 1`, false, []int32{6}},
		// a ':' comes back to the path's view, echo leaves it
		{`path focus R -- {parent:true} #to == 1`, false, []int32{6}},
		// the dash's sides name a piece that is not focused
		{`path focus K R-- true`, false, nil},
		{`path focus R K-- true`, false, nil},
		// no focus: both pieces fit --
		{`path castle -- #to == 2`, false, nil},
		{`path -- castle #to == 2`, false, []int32{6, 9}},
		{`path --(#to == 2)`, false, []int32{6, 9}},
		{`path K-- #to == 1 to == g1`, false, []int32{6}},
		// outside a path as well: a dash matching both pieces gives both
		{`--(castle #to == 2)`, false, []int32{6, 9}},
		{`R--(castle #to == 1)`, false, []int32{6}},
	})
}

// TestPathMax: with max F, the path whose last position gives F the
// greatest value wins, the shortest of equal ones; a path where F fails
// is no match; the path's value is F's.
func TestPathMax(t *testing.T) {
	all := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	runManualCases(t, pathGame, []manualCase{
		{"x = path max 10 - pathcount --{1,4}\nx == 9", false, all},
		{`{path max 10 - pathcount --{1,4}} pathcount == 1`, false, all},
		{`{path max 5 --{1,4}} pathlastposition:ply == ply + 1`, false, all},
		{`{path max pathcount --{1,4}} pathcount == 4`, false, []int32{0, 1, 2, 3, 4, 5, 6}},
		// the comparison is max's filter: paths passing over fewer than
		// three moves are dropped (from 1.Ra8+ Kh7 ... Kg8 three, from
		// 3.Ra7 one)
		{`path focus k max pathcountunfocused >= 3 -- --`, false, []int32{1}},
		{`path focus k max pathcountunfocused -- --`, false, []int32{1, 5}},
	})
	runRejectCases(t, []rejectCase{
		{`path max A --`, "the filter after 'max' must be a number filter", "A"},
		{`path max pathcount > 1 and check --`, "the filter after 'max' must be a number filter", "pathcount > 1 and check"},
	})
}

// TestPathCountOutsidePath: after a path, pathcount is the length of the
// last path that matched (in this game), pathcountunfocused the moves
// since its start less that length; both fail before any path matched.
// In a dash's targets the dash's move is counted.
func TestPathCountOutsidePath(t *testing.T) {
	runManualCases(t, pathGame, []manualCase{
		{`pathcount`, false, nil},
		{`pathcountunfocused`, false, nil},
		{`{path -- --} pathcount == 2`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8}},
		{`{path -- --} pathcountunfocused == -2`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8}},
		// 3...Kg8 4.Ra8+ is the only two-move path ending in check: its
		// length stays for the positions after it
		{`{{path -- -- check} or true} pathcount == 2`, false, []int32{5, 6, 7, 8, 9, 10}},
		{`{{path -- -- check} or true} pathcountunfocused == 0`, false, []int32{7}},
		{`path --(pathcount == 1 and pathcountunfocused == 0)`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{`path -- --(pathcount == 2)`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8}},
	})
}

// TestPathNestBan: with nestban no later path of the filter starts at a
// position of an earlier one, the positions a focus passed over
// included, except its last position.
func TestPathNestBan(t *testing.T) {
	runManualCases(t, pathGame, []manualCase{
		{`path nestban -- --`, false, []int32{0, 2, 4, 6, 8}},
		{`path nestban -- -- --`, false, []int32{0, 3, 6}},
		// 1...Kh7 (over 2.h3 g6 3.Ra7) 3...Kg8: nothing from 2 to 5
		{`path focus k nestban -- --`, false, []int32{1}},
		// 1.Ra8+ (over Kh7 2.h3 g6) 3.Ra7, then from after 3...Kg8
		{`path focus R nestban -- --`, false, []int32{0, 6}},
		{`path singlecolor nestban -- --`, false, []int32{0, 3, 6}},
	})
}

// TestPathRangeTestsValue: a path's range tests its value, the length of
// the path chosen (the longest, with max the one max prefers, with
// firstmatch the shortest): it does not choose among the paths. A path
// out of range bans nothing with nestban. (The official program's
// answers.)
func TestPathRangeTestsValue(t *testing.T) {
	// 10 plies, nodes 0 to 10
	runManualCases(t, castlingGame, []manualCase{
		{`path 2 3 --{1,5}`, false, []int32{7, 8}},
		{`{x = path 2 3 --{1,5}} x == 3`, false, []int32{7}},
		{`path 2 3 nestban --{1,5}`, false, []int32{7}},
		// with max, the range tests max's value
		{`path 5 5 max 5 --{1,4}`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{`path 1 1 max 5 --{1,4}`, false, nil},
		{`path 1 1 max pathcount --{1,4}`, false, []int32{9}},
		// firstmatch takes the shortest path
		{`path firstmatch 2 3 --{2,5}`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8}},
		{`path firstmatch 3 3 --{2,5}`, false, nil},
		{`path firstmatch nestban --{2,5}`, false, []int32{0, 2, 4, 6, 8}},
	})
}

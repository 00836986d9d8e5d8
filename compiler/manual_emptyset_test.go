package compiler

import (
	"slices"
	"testing"
)

// A set filter always has a value (features.md §5): where its value is
// used, one that fails to match is the empty set, not a failure of the
// filter using it. Every answer below is the official CQL 6.2 program's on
// the same game (issue 13, found by cmd/difftest).

// emptySetGame: nodes 0 start, 1 e4, 2 e5, 3 Nf3, 4 Nc6, 5 Bc4, 6 Nf6,
// 7 O-O, 8 Be7, 9 Kh1, 10 Kf8, 11 Bxf7, 12 Kxf7. The white king moves
// next only at 6 (O-O) and 8 (Kh1); no move ever goes to the white king's
// square, so `move to K` always fails.
const emptySetGame = "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Be7 5. Kh1 Kf8 6. Bxf7 Kxf7 *\n"

var (
	allNodes     = []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	noKingMove   = []int32{0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12}
	kingMoveNext = []int32{6, 8}
)

// TestFailedSetFilterIsEmpty: the set filters whose failure is the empty
// set — move with from/to, dashes with a target, P:S with no position P
// or a failing S, compounds, if/else, functions, makesquare, a missing
// dictionary entry.
func TestFailedSetFilterIsEmpty(t *testing.T) {
	runManualCases(t, emptySetGame, []manualCase{
		{`[] == (move from K)`, false, noKingMove},
		{`[] == (move to K)`, false, allNodes},
		{`[] == (move to f7)`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12}},
		{`(move to K) == (move from K)`, false, noKingMove},
		{`move to K == []`, false, allNodes},
		{`[] == K--(K)`, false, noKingMove},
		{`[] == K--a1(a1)`, false, allNodes},
		{`[] == parent:K`, false, []int32{0}},
		{`[] == child:K`, false, []int32{12}},
		{`[] == child(1):K`, false, allNodes}, // no variation: child(1) never exists
		{`[] == parent:{false K}`, false, allNodes},
		{`[] == {false K}`, false, allNodes},
		{`[] == {check K}`, false, allNodes},
		{`[] == (if check K else {false k})`, false, allNodes},
		{`[] == (if true {false K} else k)`, false, allNodes},
		{`function f() {check K} [] == f()`, false, allNodes},
		{`[] == makesquare(9 1)`, false, allNodes},
		{`dictionary D D["a"] = K [] == D["b"]`, false, allNodes},
		{`[] == flipcolor {false K}`, false, allNodes},
	})
}

// TestEmptySetContexts: the uses of a set value that see the empty set —
// comparisons and counts, set operators, assignment, loops over the set,
// sort, str.
func TestEmptySetContexts(t *testing.T) {
	runManualCases(t, emptySetGame, []manualCase{
		{`~(move to K)`, false, allNodes},
		{`#(move from K) == 0`, false, noKingMove},
		{`(move from K) < 1`, false, noKingMove},
		{`1 > (move from K)`, false, noKingMove},
		{`(move from K) in K`, false, allNodes},
		{`[] in (move from K)`, false, allNodes},
		{`(move from K) != k`, false, allNodes},
		{`[] == ((move from K) & K)`, false, noKingMove},
		{`[] == ((move from K) -> k)`, false, allNodes},
		{`[] == up (move from K)`, false, noKingMove},
		{`[] == (K ∪ (move to K))`, false, nil},
		{`x = (move from K) x == []`, false, noKingMove},
		{`x = K--a1(a1) x == []`, false, allNodes},
		{`square all Sq in (move to K) true`, false, allNodes},
		{`square Sq in (move from K) true`, false, kingMoveNext},
		{`sort min "m" (move from K)`, false, allNodes},
		{`sort "m" {false K}`, false, allNodes},
		{`#str(move from K) == 2`, false, allNodes},
		{`str({false K}) == "[]"`, false, allNodes},
	})
}

// TestTestedSetFilterStillFails: where a set filter is only tested, its
// failure and the empty set both fail; =? and piece assignment need a
// non-empty set.
func TestTestedSetFilterStillFails(t *testing.T) {
	runManualCases(t, emptySetGame, []manualCase{
		{`move from K`, false, kingMoveNext},
		{`not (move from K)`, false, noKingMove},
		{`{move from K}`, false, kingMoveNext},
		{`parent:K`, false, []int32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
		{`x =? (move from K) true`, false, kingMoveNext},
		{`piece x = (move from K) true`, false, kingMoveNext},
		{`flipcolor (move from K)`, false, []int32{6, 8, 9, 11}},
	})
}

// TestSetEqualityIsLogical: in the official program `S == T` between sets
// is a logical filter: it matches when the sets are equal (empty or not)
// and has no value to assign, count or compare.
func TestSetEqualityIsLogical(t *testing.T) {
	runManualCases(t, emptySetGame, []manualCase{
		{`currentposition:((move to K) == [])`, false, allNodes},
		{`parent:(K == K)`, false, allNodes[1:]},
		{`K != k`, false, allNodes},
	})
	runRejectCases(t, []rejectCase{
		{`x = (K == K)`, "must have a value", "K == K"},
		{`K == k == []`, "not both numeric", "K == k == []"},
		{`#(n == p) == 0`, "must be a set or string filter", "n == p"},
	})
}

// TestEmptySetComments: a failed set filter whose value is used keeps the
// comments it made (the filter using it matched), and prints as [].
func TestEmptySetComments(t *testing.T) {
	for _, c := range []struct {
		query string
		want  map[int32][]string
	}{
		{`ply == 3 [] == {comment("hi") false K}`, map[int32][]string{3: {"hi"}}},
		{`ply == 3 comment(move from K)`, map[int32][]string{3: {"[]"}}},
		{`ply == 3 comment(parent:{comment("in") false K})`, map[int32][]string{2: {"in"}, 3: {"[]"}}},
	} {
		got := commentsOf(t, emptySetGame, c.query)
		if len(got) != len(c.want) {
			t.Errorf("%s: comments %q, want %q", c.query, got, c.want)
		}
		for node, texts := range c.want {
			if !slices.Equal(got[node], texts) {
				t.Errorf("%s: comments at node %d: %q, want %q", c.query, node, got[node], texts)
			}
		}
	}
}

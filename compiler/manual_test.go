package compiler

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/vm"
)

// Behaviour the official CQL manual states in so many words, checked on
// small games. Each case names the manual page it comes from.

// manualCase: the positions (pre-order node numbers of the game, variations
// included when variations is set) that query matches.
type manualCase struct {
	query      string
	variations bool
	want       []int32
}

func runManualCases(t *testing.T, game string, cases []manualCase) {
	t.Helper()
	g := readGames(t, strings.NewReader(game), "manual.pgn", 1)[0]
	for _, c := range cases {
		tree := treeOf(g, c.variations)
		got := matchesAt(t, c.query, tree, 2*time.Second)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s (variations %v): matches nodes %v, want %v", c.query, c.variations, got, c.want)
		}
	}
}

// TestOriginalCommentNAGs: originalcomment.html, "optional string literal
// argument": a literal that names a NAG ("$6", or a glyph from the table
// such as "?!") matches when the move carries that NAG, and is not a
// substring search ("$1" does not find $14); any other literal searches
// the comment. hascomment is a synonym of originalcomment.
func TestOriginalCommentNAGs(t *testing.T) {
	// nodes: 0 start, 1 e4, 2 e5, 3 Nf3, 4 Nc6, 5 Bb5, 6 a6, 7 Bc4
	game := "[Event \"t\"]\n\n{pregame note} 1. e4 {weakening f2} $6 e5 2. Nf3 $1 Nc6 {} " +
		"3. Bb5 (3. Bc4 {italian} $2) a6 $14 *\n"
	runManualCases(t, game, []manualCase{
		{`originalcomment "kenin"`, false, []int32{1}},
		{`originalcomment "$6"`, false, []int32{1}},
		{`originalcomment "?!"`, false, []int32{1}},
		{`originalcomment "!"`, false, []int32{3}},
		{`originalcomment "$1"`, false, []int32{3}},
		{`originalcomment "+/="`, false, []int32{6}},
		{`originalcomment "?"`, true, []int32{7}},
		{`originalcomment "?"`, false, nil},
		{`originalcomment "$256"`, false, nil}, // not a NAG: searched as text
		{`"kening" in originalcomment`, false, []int32{1}},
		{`originalcomment ~~ "f\d"`, false, []int32{1}},
		{`hascomment "italian"`, true, []int32{7}},
		{`hascomment "zzz"`, true, nil},
		{`hascomment "$2"`, true, []int32{7}},
		{`x = hascomment`, true, []int32{0, 1, 3, 6, 7}},
	})
}

// TestFenWithoutArgumentClocks: fen.html, "fen without arguments": the
// value is the FEN of the current position with the halfmove clock and
// fullmove number as 0 and 1, whatever the game's FEN says.
func TestFenWithoutArgumentClocks(t *testing.T) {
	// nodes: 0 start (FEN move 30), 1 Kd7, 2 e4
	game := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 5 30\"]\n\n30... Kd7 31. e4 *\n"
	runManualCases(t, game, []manualCase{
		{`fen == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"`, false, []int32{0}},
		{`fen == "8/3k4/8/8/8/8/4P3/4K3 w - - 0 1"`, false, []int32{1}},
		{`fen ~~ " 0 1$"`, false, []int32{0, 1, 2}},
	})
}

// TestBackwardLineMoves: S4 (the line filter): a constituent is evaluated
// at its own position, so a move filter in a backward line looks at the
// moves from that position. Backward lines are not linearized: at an
// earlier position the move filter sees every move from it, not only the
// one the line came back through (the official program's answers).
func TestBackwardLineMoves(t *testing.T) {
	// mainline nodes 0..10; the variation 4...Kg7 5.Ra7 Kf6 is 11..13
	game := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"6k1/5pp1/8/8/8/8/5PPP/R5K1 w - - 0 1\"]\n\n" +
		"1. Ra8+ Kh7 2. h3 g6 3. Ra7 Kg8 4. Ra8+ Kh7 (4... Kg7 5. Ra7 Kf6) 5. Rf8 f5 *\n"
	runManualCases(t, game, []manualCase{
		{`move from R`, false, []int32{0, 4, 6, 8}},
		{`line <-- move from R`, false, []int32{0, 4, 6, 8}},
		{`line <-- check <-- move from R`, false, []int32{1, 7}},
		// from 4...Kg7 in the variation the line goes back through that
		// move, but the position before it has the mainline's 4...Kh7 too
		{`line <-- move from R <-- move to g7`, true, []int32{8, 11}},
		{`line <-- move from R <-- move to h7`, true, []int32{8, 11}},
	})
}

// TestTransformNumberStartsBody: flipcolor.html writes "⬓2==△→♚ matches a
// position in which either the white or the black king is in double
// check": a number after a transform that is not followed by a filter
// begins the body, while `rotate90 2 4 F` still reads a range.
func TestTransformNumberStartsBody(t *testing.T) {
	// nodes: 0 start, 1 Nf6+ (knight and rook check the black king)
	game := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1\"]\n\n1. Nf6+ *\n"
	runManualCases(t, game, []manualCase{
		{`flipcolor 2 == A attacks k`, false, []int32{1}},
		{`⬓2==△→♚`, false, []int32{1}},
		{`flipcolor 1 == A attacks k`, false, nil},
		{`reversecolor 2 == A attacks k`, false, nil},
		{`reversecolor 2 == a attacks K`, false, []int32{1}},
		{`flipcolor 1 2 {k attackedby A}`, false, []int32{1}},
		{`flipcolor 2 {k attackedby A}`, false, nil},
	})
}

// TestRangeBoundVariables: range.html: "A numeric variable can be used as
// one of the integers in a range. In this case, the value of the variable
// is used for that side of the range ... The following filters accept an
// optional range: consecutivemoves, line, find, and the direction filters."
func TestRangeBoundVariables(t *testing.T) {
	// mainline nodes 0 start, 1 Qh5+ 2 Kf8 3 Qf3+ 4 Ke8 5 Qh5+ 6 Kf8; the
	// variation 2.Qh6+ Ke8 3.Qh5+ Kf8 is 7-10
	game := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n\n" +
		"1. Qh5+ Kf8 2. Qf3+ (2. Qh6+ Ke8 3. Qh5+ Kf8) 2... Ke8 3. Qh5+ Kf8 *\n"
	runManualCases(t, game, []manualCase{
		// find: how many positions from here on are checks
		{`Num = 3 find Num check`, false, []int32{0, 1}},
		{`Num = 2 find Num 2 check`, false, []int32{2, 3}},
		{`Num = 2 find 1 Num check`, false, []int32{2, 3, 4, 5}},
		// line: the length of the longest sequence of positions (the
		// official program: `line 3 --> .{*}` matches only 2...Ke8)
		{`Len = 3 line Len --> .{*}`, false, []int32{4}},
		{`Len = 6 line 5 Len --> .{*}`, false, []int32{1, 2}},
		// a direction filter with one constant and one variable bound
		{`Hi = 7 up 1 Hi Ke1 & k`, false, []int32{0, 1, 4, 5}},
		{`Hi = 6 up 1 Hi Ke1 & k`, false, nil},
		{`Lo = 7 up Lo 7 Ke1 & k`, false, []int32{0, 1, 4, 5}},
		// consecutivemoves: the lines from 1...Kf8 share single moves
		// (Ke8, Kf8) but no two in a row
		{`Lo = 1 initial consecutivemoves Lo 5 (position 6 position 10)`, true, []int32{0}},
		{`Lo = 2 initial consecutivemoves Lo 5 (position 6 position 10)`, true, nil},
	})
}

// TestDirectionSignedCount: a direction's range counts signed steps, as
// the official program reads it: a negative count goes the other way, 0 is
// the square itself, one bound n is n..n, and the count may be a variable
// holding any number, such as a difference of ranks or files.
func TestDirectionSignedCount(t *testing.T) {
	// node 0: white king e4, black king e8, black rook a4
	runManualCases(t, onePosition("4k3/8/8/8/r3K3/8/8/8 w - - 0 1"), []manualCase{
		{`Gap = rank k - rank K up Gap K & k`, false, []int32{0}},
		{`Gap = rank K - rank k down Gap K & k`, false, []int32{0}},
		{`Gap = rank K - rank k up Gap K & k`, false, nil},
		{`Across = file r - file K right Across K & r`, false, []int32{0}},
		{`Across = file r - file K left Across K & r`, false, nil},
		{`Across = file K - file r left Across K & r`, false, []int32{0}},
		{`Zero = 0 up Zero K & K`, false, []int32{0}},
		{`up -4 k & K`, false, []int32{0}},
		{`X = -4 up X 0 k == 5`, false, []int32{0}},
		{`up 2 K == 1`, false, []int32{0}},
		{`Two = 2 up Two K == 1`, false, []int32{0}},
		{`X = max(2 3) up X K & e7`, false, []int32{0}},
		// a variable bound out of -7..7 or above the other: the empty set
		{`X = 8 up X K`, false, nil},
		{`X = -2 up 1 X K`, false, nil},
	})
}

// TestDirectionRangeLimits: a constant range outside -7..7 or with its
// first bound above the second is refused (the official program stops the
// run on it: "Invalid range (limit magnitude cannot exceed 7 and min must
// be less than max)").
func TestDirectionRangeLimits(t *testing.T) {
	runRejectCases(t, []rejectCase{
		{`up 8 K`, "invalid range 8..8 of a direction filter", `up 8 K`},
		{`diagonal -8 K`, "invalid range -8..-8", `diagonal -8 K`},
		{`up 3 1 K`, "invalid range 3..1", `up 3 1 K`},
	})
	runAcceptCases(t, []string{`up -7 7 K`, `up 0 K`, `up -1 K`})
}

// commentTexts runs query over the game and returns, per node, the texts
// of the comments it leaves that contain want.
func commentTexts(t *testing.T, game, query string, variations bool, want string) map[int32][]string {
	t.Helper()
	g := readGames(t, strings.NewReader(game), "manual.pgn", 1)[0]
	q, err := compileText(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	m := vm.NewMachine(q.Program)
	matches(m, treeOf(g, variations))
	out := map[int32][]string{}
	for _, c := range m.Comments() {
		if strings.Contains(c.Text, want) {
			out[c.Node] = append(out[c.Node], c.Text)
		}
	}
	return out
}

// pathGame: mainline nodes 0..10; the variation 4...Kg7 5.Ra7 Kf6 is 11..13.
const pathGame = "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"6k1/5pp1/8/8/8/8/5PPP/R5K1 w - - 0 1\"]\n\n" +
	"1. Ra8+ Kh7 2. h3 g6 3. Ra7 Kg8 4. Ra8+ Kh7 (4... Kg7 5. Ra7 Kf6) 5. Rf8 f5 *\n"

// TestPathKeepsConstituentComments: the comments of the constituents of
// the matching path are kept, as for line (smart comments: a filter's
// comments stay when the filters around it match).
func TestPathKeepsConstituentComments(t *testing.T) {
	got := commentTexts(t, pathGame, `path R-- {check comment("C")}`, false, "C")
	want := map[int32][]string{1: {"C"}, 7: {"C"}}
	if !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("comments %v, want %v", got, want)
	}
	got = commentTexts(t, pathGame, `path R--(comment("X")) k--`, false, "X")
	want = map[int32][]string{1: {"X"}, 5: {"X"}, 7: {"X"}}
	if !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("comments %v, want %v", got, want)
	}
}

// TestPathStatusFilters: pathstatusfilters.html: "pathstart — start
// position; pathlastposition — tail of last matching move of last
// matching path"; outside a path pathstart and pathlastposition are
// those of the most recent matching path. pathcountunfocused is, as the
// official program computes it, the moves since the start less
// pathcount: the moves the focus passed over.
func TestPathStatusFilters(t *testing.T) {
	runManualCases(t, pathGame, []manualCase{
		{`path -- -- pathstart:ply == 4`, false, []int32{4}},
		{`{path -- --} pathlastposition:ply == 6`, false, []int32{4}},
		{`{path -- --} pathstart:ply == ply`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8}},
		{`pathstart`, false, nil}, // no path has matched
		// k moves only: from 1.Ra8+, Kh7 and (over 2.h3 g6 3.Ra7) Kg8;
		// from 3.Ra7, Kg8 and (over 4.Ra8+) Kh7
		{`path focus k -- -- pathcountunfocused == 3`, false, []int32{1}},
		{`path focus k -- -- pathcountunfocused == 1`, false, []int32{5}},
		// no focus, nothing passed over
		{`path -- -- pathcountunfocused == 0`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8}},
		// a focused path starts with a focused move: not from 2...g6
		{`path focus k -- -- pathcount == 2`, false, []int32{1, 5}},
	})
}

// TestPathSingleColor: features.md §9.2: the path parameter singlecolor is
// a focus on the side to move: the other side's moves are passed over.
func TestPathSingleColor(t *testing.T) {
	runManualCases(t, pathGame, []manualCase{
		// White's moves: Ra8+, h3, Ra7, Ra8+, Rf8; Black's: Kh7, g6, Kg8, Kh7, f5
		{`path singlecolor 5 --{*}`, false, []int32{0, 1}},
		{`path singlecolor R-- R-- R--`, false, []int32{4}},
		{`path singlecolor R-- R--`, false, []int32{4, 6}},
		{`path singlecolor lastposition -- -- == position 3`, false, []int32{0}},
	})
}

// TestUndocumentedSortsAreSeparateKeys: the official program names an
// undocumented sort <sort-id-N>, one per sort filter; copies of one sort
// made by a transform or by calling a function twice are still one key.
func TestUndocumentedSortsAreSeparateKeys(t *testing.T) {
	for _, c := range []struct {
		query string
		keys  int
	}{
		{`mate sort #A sort #a`, 2},
		{`mate sort "n" #A sort "n" #a`, 1},
		{`mate flipcolor sort #A`, 1},
		{`function f(){sort #A} mate f() f()`, 1},
	} {
		q, err := compileText(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		if got := len(q.Program.Sorts); got != c.keys {
			t.Errorf("%s: %d sort keys, want %d", c.query, got, c.keys)
		}
	}
}

// TestPathFocusFollowsPieces: focus.html: "The pieces that are on those
// squares at the start of the ⊢ evaluation are called the focused pieces.
// A move is said to be in focus if it is a move by a focused piece", and
// "If the move is castling, the move is in focus if either the moving rook
// or the moving king is in focus."
func TestPathFocusFollowsPieces(t *testing.T) {
	// nodes 0 start, 1 Rb2, 2 Ka7, 3 g8=R, 4 Ka6, 5 Rg6+, 6 Ka5, 7 Rb3, 8 Ka4
	promo := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"k7/6P1/8/8/8/8/8/1R2K3 w - - 0 1\"]\n\n" +
		"1. Rb2 Ka7 2. g8=R Ka6 3. Rg6+ Ka5 4. Rb3 Ka4 *\n"
	runManualCases(t, promo, []manualCase{
		// only the b1 rook is focused: the rook promoted on g8 is not
		{`initial path focus R -- -- --`, false, nil},
		{`initial path lastposition focus R -- -- == position 7`, false, []int32{0}},
		// the g7 pawn keeps its focus after promoting
		{`ply == 2 path focus P -- --`, false, []int32{2}},
	})
	// nodes 0 start, 1 e4, 2 a6, 3 e5, 4 d5, 5 exd6, 6 cxd6
	ep := "[Event \"t\"]\n\n1. e4 a6 2. e5 d5 3. exd6 cxd6 *\n"
	runManualCases(t, ep, []manualCase{
		// the e2 pawn stays focused once it has left e2
		{`initial path focus Pe2 -- --`, false, []int32{0}},
		// with focus capture, its en passant capture of the d7 pawn counts
		{`ply == 3 path focus capture pd7 -- --`, false, []int32{3}},
	})
	// nodes: 7 O-O (from node 6)
	castle := "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n"
	runManualCases(t, castle, []manualCase{
		{`ply == 6 path focus Rh1 --`, false, []int32{6}},
		{`ply == 6 path focus K --`, false, []int32{6}},
		{`ply == 6 path focus Ra1 --`, false, nil},
	})
}

// TestMisspeltKeywords: a word close to a keyword that is neither a
// variable nor a function is reported as that, with the keyword.
func TestMisspeltKeywords(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{`consecutivemovers (currentposition parent) > 2`, "did you mean 'consecutivemoves'?"},
		{`chek`, "did you mean check?"},
		{`movee from K`, "did you mean move?"},
		{`Foo = K Foo (check)`, ""},
		{`Mate = K Mate (check)`, ""},
	} {
		_, err := compileText(c.query)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.query, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one saying %q", c.query, err, c.want)
		}
	}
}

// TestNumericTransformKeepsBestMemberComments: features.md §10, "for
// numeric transforms only the max-valued member's comments are kept".
func TestNumericTransformKeepsBestMemberComments(t *testing.T) {
	game := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"4k3/pppp4/8/8/8/8/PP6/4K3 w - - 0 1\"]\n\n*\n"
	got := commentTexts(t, game, `x = flipcolor {comment("pawns=" #P) #P} x == 4`, false, "pawns=")
	want := map[int32][]string{0: {"pawns=4"}}
	if !maps.EqualFunc(got, want, slices.Equal) {
		t.Errorf("comments %v, want %v", got, want)
	}
}

// TestCurrentTransformNames: currenttransform.html, "a string representing
// the current transforms acting on the filter, in right-to-left order":
// nested transforms name every member they compose, the inner first.
func TestCurrentTransformNames(t *testing.T) {
	// a black rook on b7 and a white one on b1
	game := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"4k3/1r6/8/8/8/8/8/1R2K3 w - - 0 1\"]\n\n*\n"
	for _, c := range []struct{ query, want string }{
		// g8 -> b1 needs the colour flip and the mirror of the files
		{`flipcolor flipvertical {rg8 comment(currenttransform)}`, "<reflect_v invertcolor reflect_h>"},
		{`flipvertical flipcolor {rg8 comment(currenttransform)}`, "<invertcolor reflect_h reflect_v>"},
		{`flipcolor {Rb2 comment(currenttransform)}`, "<invertcolor reflect_h>"},
		{`comment(currenttransform)`, "<>"},
		// rotate90.html: the counterclockwise turn takes a1 to h1 (the
		// white king on e1 to h5)
		{`rotate90 {Kh5 comment(currenttransform)}`, "<rotate270>"},
		{`rotate90 {Ka4 comment(currenttransform)}`, "<rotate90>"},
	} {
		got := commentTexts(t, game, c.query, false, "<")
		if !maps.EqualFunc(got, map[int32][]string{0: {c.want}}, slices.Equal) {
			t.Errorf("%s: comments %v, want %q", c.query, got, c.want)
		}
	}
}

// TestColonMatchesByItsRightSide: X:Y as a filter matches when Y matches
// at X by Y's own rule: a comparison of two empty sets holds though its
// value (the left set) is empty (the official program, issue 13, difftest
// 212: currentposition:(n == p) matches where n and p are both absent).
func TestColonMatchesByItsRightSide(t *testing.T) {
	// nodes: 0 start, 1 Ke2, 2 Kd7; no black knight or pawn anywhere
	game := "[Event \"k\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Ke2 Kd7 *\n"
	runManualCases(t, game, []manualCase{
		{`currentposition:(n == p)`, false, []int32{0, 1, 2}},
		{`currentposition:{n == p}`, false, []int32{0, 1, 2}},
		{`parent:(n == p)`, false, []int32{1, 2}},
		{`not parent:(n == p)`, false, []int32{0}},
		{`parent:n`, false, nil},
	})
}

package compiler

import (
	"slices"
	"testing"

	"cqlvm/vm"
)

// TestLoopAndLineNeedsKeepAnswers checks the tests made ahead of a line
// or a loop body: the need of a line whose start depends on the move it
// goes on with (tested with every move, testUnlinearized), the same test
// made once before a loop whose variable it does not read
// (loopPrechecks), and a loop narrowed to the squares a game move leaves
// from (loopDomain). Each query must give the matches and comments of
// its twin, the same query with the needed test wrapped in `not not`,
// which means the same but is not recognised, on studies (with
// variations) and OTB games.
func TestLoopAndLineNeedsKeepAnswers(t *testing.T) {
	cases := []struct {
		query, twin string
		domain      bool // the loop is narrowed, or a move filter checks its from squares first (movefroms)
	}{
		{"line --> move from Q --> check", "line --> not not move from Q --> check", false},
		{"line singlecolor --> move from [RQ] --> move from [RQ]", "line singlecolor --> not not move from [RQ] --> move from [RQ]", false},
		{"line --> {move from R or move from B} --> . --> check", "line --> not not {move from R or move from B} --> . --> check", false},
		{"piece F in [RQ] piece S in [RQB] { line --> move from F --> . --> move from S }",
			"piece F in [RQ] piece S in [RQB] { line --> not not move from F --> . --> move from S }", false},
		{"piece X in [QRBN] { Start = X  line --> move from X --> (not move from X){0,6} --> move from X to Start }",
			"piece X in [QRBN] { Start = X  line --> not not move from X --> (not move from X){0,6} --> move from X to Start }", true},
		{"piece M in [QRBNqrbn] { line --> M-- --> move from ~M --> M-- }",
			"piece M in [QRBNqrbn] { line --> not not M-- --> move from ~M --> M-- }", true},
		{"square x in [Aa] { move from x  check }", "square x in [Aa] { not not move from x  check }", true},
		{"piece X in [KRkr] { X--  move castle }", "piece X in [KRkr] { not not X--  move castle }", true},
		{"piece Nf in [Nn] { line --> move to . from Nf --> . --> move from Nf capture [rqRQ] }",
			"piece Nf in [Nn] { line --> not not move to . from Nf --> . --> move from Nf capture [rqRQ] }", true},
		{"piece X in [Aa] { move from X capture [Aa] to [Aa]  check }", "piece X in [Aa] { not not move from X capture [Aa] to [Aa]  check }", true},
		{"piece X in [Aa] { X--[Aa]  check }", "piece X in [Aa] { not not X--[Aa]  check }", true},
		{"piece X in [RKrk] { X--(castle) }", "piece X in [RKrk] { not not X--(castle) }", false}, // castle: not among the tests
		{"#(piece X in A { Y = 1  move from X }) >= 1", "#(piece X in A { Y = 1  not not move from X }) >= 1", true},
		// narrowed by a set filter of the square alone (pointwiseIn)
		{"square x in a { square y in A { y attacks x  #(a attacks y) == 0 } }",
			"square x in a { square y in A { not not y attacks x  #(a attacks y) == 0 } }", false},
		{"piece Z in [QRBN] { Z attackedby a  not Z attackedby A }", "piece Z in [QRBN] { not not Z attackedby a  not Z attackedby A }", false},
		{"#(square s in . { [ak] & s  s attackedby N }) >= 3", "#(square s in . { not not [ak] & s  s attackedby N }) >= 3", false},
		{"#(square s in . { N attacks s  not a attacks s }) >= 2", "#(square s in . { not not N attacks s  not a attacks s }) >= 2", false},
		{"square y in A { a attackedby y  #(A attacks y) == 0 }", "square y in A { not not a attackedby y  #(A attacks y) == 0 }", false},
		{"flipcolor { #(square x in a { pin through x }) >= 1 }", "flipcolor { #(square x in a { not not pin through x }) >= 1 }", false},
		{"piece Pn in [RBQrbq] { pin from Pn to [Kk] }", "piece Pn in [RBQrbq] { not not pin from Pn to [Kk] }", false},
		// a function's temporary is assigned again before the loop
		{"function Guards(x y) { x attacks y } square z in a { Guards(Q z) Guards(R z) }",
			"function Guards(x y) { x attacks y } square z in a { not not Guards(Q z) Guards(R z) }", false},
		{"function Both(x y) { x attacks y  y attacks x } piece Pc in [Aa] { Both(Pc [Kk]) }",
			"function Both(x y) { x attacks y  y attacks x } piece Pc in [Aa] { not not Both(Pc [Kk]) }", false},
		// a move filter fails when no game move leaves from its from
		// squares, before it works out a costly to set (the twins name
		// the set first, which the check is not made for)
		{"initial piece Pw in P & a-h2 { find {move from Pw to up 1 Pw} find {move from Pw to up 2 Pw} }",
			"initial piece Pw in P & a-h2 { find {T1 = up 1 Pw  move from Pw to T1} find {T2 = up 2 Pw  move from Pw to T2} }", true},
		{"move from [Nn] to (. attackedby [Kk])", "T = . attackedby [Kk]  move from [Nn] to T", true},
		{"x = move to (up 1 [Pp]) from [Pp]  x & a-h5", "T = up 1 [Pp]  x = move to T from [Pp]  x & a-h5", true},
		{"[Nn]--~a", "T = ~a  [Nn]--T", true},
		// a constituent that always holds is not run (LineSpec.Always)
		{"line --> check --> .{1,8} --> check", "line --> check --> {true .}{1,8} --> check", false},
		{"line --> true{2,3} --> mate", "line --> {true true}{2,3} --> mate", false},
		// Qp is unbound after its loop: the body fails on every square
		{"piece Qp in Q {true}  #(square s in A { s & Qp }) == 0", "piece Qp in Q {true}  #(square s in A { not not s & Qp }) == 0", false},
	}
	games := firstGames(t, 150)
	for _, c := range cases {
		fast, err := compileText(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		slow, err := compileText(c.twin)
		if err != nil {
			t.Fatalf("%s: %v", c.twin, err)
		}
		narrowed := slices.ContainsFunc(fast.Program.Code, func(in vm.Inst) bool { return in.Op == vm.OpMoveFroms })
		if narrowed != c.domain {
			t.Errorf("%s: loop narrowed %v, want %v", c.query, narrowed, c.domain)
		}
		if slices.ContainsFunc(slow.Program.Code, func(in vm.Inst) bool { return in.Op == vm.OpMoveFroms }) {
			t.Errorf("%s: loop narrowed", c.twin)
		}
		found := sameAnswers(t, c.query, "the needed tests", fast.Program, slow.Program, games)
		if found == 0 {
			t.Errorf("%s: no match in %d games; the comparison shows nothing", c.query, len(games))
		}
	}
}

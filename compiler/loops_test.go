package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/source"
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/vm"
)

// TestLoopAndLineNeedsKeepAnswers checks the tests made ahead of a line
// or a loop body: the need of a line whose start depends on the move it
// goes on with (tested with every move, testUnlinearized), the same test
// made once before a loop whose variable it does not read
// (loopPrechecks), and a loop narrowed to the squares a game move leaves
// from (loopDomain). Each query must give the matches and comments of
// its plain program (-O0) on studies (with variations) and OTB games.
func TestLoopAndLineNeedsKeepAnswers(t *testing.T) {
	cases := []struct {
		query  string
		domain bool // the loop is narrowed, or a move filter checks its from squares first (movefroms)
	}{
		{"line --> move from Q --> check", false},
		{"line singlecolor --> move from [RQ] --> move from [RQ]", false},
		{"line --> {move from R or move from B} --> . --> check", false},
		{"piece F in [RQ] piece S in [RQB] { line --> move from F --> . --> move from S }", false},
		{"piece X in [QRBN] { Start = X  line --> move from X --> (not move from X){0,6} --> move from X to Start }", true},
		{"piece M in [QRBNqrbn] { line --> M-- --> move from ~M --> M-- }", true},
		{"square x in [Aa] { move from x  check }", true},
		{"piece X in [KRkr] { X--  move castle }", true},
		{"piece Nf in [Nn] { line --> move to . from Nf --> . --> move from Nf capture [rqRQ] }", true},
		{"piece X in [Aa] { move from X capture [Aa] to [Aa]  check }", true},
		{"piece X in [Aa] { X--[Aa]  check }", true},
		{"piece X in [RKrk] { X--(castle) }", true},
		{"#(piece X in A { Y = 1  move from X }) >= 1", true},
		// narrowed by a set filter of the square alone (pointwiseIn)
		{"square x in a { square y in A { y attacks x  #(a attacks y) == 0 } }", false},
		{"piece Z in [QRBN] { Z attackedby a  not Z attackedby A }", false},
		{"#(square s in . { [ak] & s  s attackedby N }) >= 3", false},
		{"#(square s in . { N attacks s  not a attacks s }) >= 2", false},
		{"square y in A { a attackedby y  #(A attacks y) == 0 }", false},
		{"flipcolor { #(square x in a { pin through x }) >= 1 }", false},
		{"piece Pn in [RBQrbq] { pin from Pn to [Kk] }", false},
		// a function's temporary is assigned again before the loop
		{"function Guards(x y) { x attacks y } square z in a { Guards(Q z) Guards(R z) }", false},
		{"function Both(x y) { x attacks y  y attacks x } piece Pc in [Aa] { Both(Pc [Kk]) }", false},
		// a move filter fails when no game move leaves from its from
		// squares, before it works out a costly to set
		{"initial piece Pw in P & a-h2 { find {move from Pw to up 1 Pw} find {move from Pw to up 2 Pw} }", true},
		{"move from [Nn] to (. attackedby [Kk])", true},
		{"x = move to (up 1 [Pp]) from [Pp]  x & a-h5", true},
		{"[Nn]--~a", true},
		// a constituent that always holds is not run (LineSpec.Always)
		{"line --> check --> .{1,8} --> check", false},
		{"line --> true{2,3} --> mate", false},
		// Qp is unbound after its loop: the body fails on every square
		{"piece Qp in Q {true}  #(square s in A { s & Qp }) == 0", false},
	}
	games := firstGames(t, 150)
	for _, c := range cases {
		fast, err := compileText(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		slow, err := Compile(source.New("f.cql", c.query), Options{Disable: opt.All})
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		narrowed := slices.ContainsFunc(fast.Program.Code, func(in vm.Inst) bool { return in.Op == vm.OpMoveFroms })
		if narrowed != c.domain {
			t.Errorf("%s: loop narrowed %v, want %v", c.query, narrowed, c.domain)
		}
		if slices.ContainsFunc(slow.Program.Code, func(in vm.Inst) bool { return in.Op == vm.OpMoveFroms }) {
			t.Errorf("%s: loop narrowed with -O0", c.query)
		}
		found := sameAnswers(t, c.query, "the needed tests", fast.Program, slow.Program, games)
		if found == 0 {
			t.Errorf("%s: no match in %d games; the comparison shows nothing", c.query, len(games))
		}
	}
}

// TestLoopIfDomainKeepsAnswers checks loops whose body is an if without
// else run only on the squares where its condition can hold
// (loop-if-domain): the matches and comments of the program without it,
// the squares left out still in the loop's value, and the narrowing
// taken exactly where the condition needs something of the square alone.
func TestLoopIfDomainKeepsAnswers(t *testing.T) {
	cases := []struct {
		query    string
		narrowed bool
	}{
		{"Cnt = 0 square all x in a { if [QR] attacks x Cnt += 1 } Cnt >= 5", true},
		{"#(square x in A { if x attackedby a then comment(\"hit\") }) == 16", true},
		{"Cn = 0 piece Pv in [Aa] { if move from Pv then Cn += 1 } Cn >= 1 comment(Cn)", true},
		{"#(square x in . { if pin through x then {x & [Qq]} }) <= 62", true},                   // the then part may fail
		{"c = 0 square all x in _ { if a attacks x and A attacks x then c += 1 } c >= 3", true}, // one need of an and
		{"square all x in . { if x & K then check }", true},                                     // square all fails where the then part fails
		{"c = 0 square all x in a { if a attacks x c += 1 else c -= 1 } c >= 0", false},         // an else
		{"c = 0 square all x in a { if {c += 1  A attacks x} c += 1 } c >= 17", false},          // an effect in the condition
		{"c = 0 square all x in a { if A attacks k c += 1 } c >= 10", false},                    // nothing of the square
	}
	games := firstGames(t, 100)
	for _, c := range cases {
		fast := compileDisabling(t, c.query, 0)
		slow := compileDisabling(t, c.query, opt.All)
		if got := fired(fast, "loop-if-domain"); got != c.narrowed {
			t.Errorf("%s: loop-if-domain fired %v, want %v", c.query, got, c.narrowed)
		}
		if found := sameAnswers(t, c.query, "loop-if-domain", fast, slow, games); found == 0 {
			t.Errorf("%s: no match in %d games; the comparison shows nothing", c.query, len(games))
		}
	}
}

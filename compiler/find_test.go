package compiler

import (
	"os"
	"slices"
	"testing"

	"cqlvm/vm"
)

// TestFindMemoSkipsOnlyFailingPositions checks memoised finds
// (vm.Program.FindMemos): every query must give the same matches and the
// same comments as its program with the memo taken out, on studies (with
// variations) and OTB games; and the memo must be used exactly where the
// body has no effect and reads no string.
func TestFindMemoSkipsOnlyFailingPositions(t *testing.T) {
	cases := []struct {
		query string
		memo  bool
	}{
		{"piece X in [Aa] {find {move from X promote A or move from X promote a}  find 1 10 {mate  move previous from X}}", true},
		{"piece X in [Nn] find 3 100 {move from X}", true},
		{"piece X in [RrQq] find {X attacks [Kk]}", true},
		{"piece X in [Pp] find all {move from X capture .}", true},
		{"find all 3 100 check", true},
		{"find check", true},
		{"y = ply  find {ply > y + 10  check}", true},
		{"line --> check --> find {mate or stalemate}", true}, // inside a line constituent
		{"line --> check --> find all 2 100 {move previous capture .}", true},
		{"line --> . --> find {move previous from [Qq]  check}", true},
		{"piece X in [Nn] find quiet {X & [a-h1] != []}", true},
		{"find <-- check", false},                     // backward
		{"find {comment(\"x\") check}", false},        // a comment
		{"find {v = ply  check}", false},              // an assignment
		{"s = \"a\"  find {s == \"a\" check}", false}, // a string variable
	}
	games := firstGames(t, 150)
	for _, c := range cases {
		q, err := compileText(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		plain := *q.Program
		plain.Code = slices.Clone(plain.Code)
		memo := false
		for i, in := range plain.Code {
			if in.Op == vm.OpFindSkip || in.Op == vm.OpFindFail {
				memo = true
				plain.Code[i] = vm.Inst{Op: vm.OpNop}
			}
		}
		if memo != c.memo {
			t.Errorf("%s: memo used %v, want %v", c.query, memo, c.memo)
		}
		found := sameAnswers(t, c.query, "the memo", q.Program, &plain, games)
		if found == 0 && c.memo {
			t.Logf("%s: no match in %d games", c.query, len(games))
		}
	}
}

// TestPieceSquareAt checks P:X for a piece variable X (OpPieceSquareAt,
// which looks the square up without moving to P) against P:(X & .),
// which moves there.
func TestPieceSquareAt(t *testing.T) {
	pairs := [][2]string{
		{"piece X in [RrNn] {parent:X == X}", "piece X in [RrNn] {parent:(X & .) == X}"},
		{"piece X in [Pp] {parent:X != X}", "piece X in [Pp] {parent:(X & .) != X}"},
		{"piece X in [Qq] {Y = position 0  Y:X != X}", "piece X in [Qq] {Y = position 0  Y:(X & .) != X}"},
	}
	f, err := os.Open("../testdata/pgn/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games := readGames(t, f, "games.pgn", 150)
	f.Close()
	for _, p := range pairs {
		a, err := compileText(p[0])
		if err != nil {
			t.Fatalf("%s: %v", p[0], err)
		}
		b, err := compileText(p[1])
		if err != nil {
			t.Fatalf("%s: %v", p[1], err)
		}
		if !slices.ContainsFunc(a.Program.Code, func(in vm.Inst) bool { return in.Op == vm.OpPieceSquareAt }) {
			t.Errorf("%s: no piecesquareat", p[0])
		}
		ma, mb := vm.NewMachine(a.Program), vm.NewMachine(b.Program)
		found := 0
		for gi, g := range games {
			tree := treeOf(g, true)
			got, want := matches(ma, tree), matches(mb, tree)
			if !slices.Equal(got, want) {
				t.Fatalf("%s, game %d: matches %v, %s %v", p[0], gi+1, got, p[1], want)
			}
			found += len(got)
		}
		if found == 0 {
			t.Errorf("%s: no match", p[0])
		}
	}
}

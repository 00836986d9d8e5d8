package compiler

import (
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/vm"
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
		{"find <-- check", true}, // backward: the ancestors
		{"piece X in [RBQ] find <-- {X & a-h8}", true},
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

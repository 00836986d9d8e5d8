package compiler

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/source"
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

// TestFindCountStopMatchesTheWalk draws finds with a numeric range, at the
// top level and under not, or, a piece loop and a comparison, quiet or
// commenting, with bodies that only test or that comment, and runs each
// with find-count-stop and without it: the same positions must match
// with the same comments.
func TestFindCountStopMatchesTheWalk(t *testing.T) {
	games := firstGames(t, 25)
	rng := rand.New(rand.NewPCG(30, 24))
	pick := func(l []string) string { return l[rng.IntN(len(l))] }
	bodies := []string{"check", "move capture .", "wtm", "#[Aa] < Here", "not check", "ply > 20 btm", "Q attacks k",
		`check comment("checked")`, "Here == #[Aa]", "check Last = ply", "Last = ply"}
	took := 0
	for i := 0; i < 150; i++ {
		lo := rng.IntN(4)
		find := fmt.Sprintf("find %s%d %d {%s}", pick([]string{"", "", "quiet ", "<-- "}), lo, lo+rng.IntN(6), pick(bodies))
		var query string
		switch rng.IntN(6) {
		case 0:
			query = "not " + find
		case 1:
			query = find + " or mate"
		case 2:
			query = "piece X in [QR] {" + find + "}"
		case 3:
			query = "{" + find + "} >= " + fmt.Sprint(lo+1)
		default:
			query = find + " " + pick([]string{"", "wtm", "check"})
		}
		query = "Here = #[Aa] Last = 0 " + query + " or Last > 30"
		full := compileDisabling(t, query, 0)
		if fired(full, "find-count-stop") {
			took++
		}
		sameAnswers(t, query, "find-count-stop", full, compileDisabling(t, query, opt.Set(0).With(opt.FindCountStop)), games)
	}
	if took < 40 {
		t.Errorf("find-count-stop fired on only %d of the random finds", took)
	}
}

// TestFindCountStopKeepsKeptComments: a run that keeps the comments of
// failed filters keeps a stopped find's "Found k of n", whose n it did
// not count: there the find counts on, unless it is quiet.
func TestFindCountStopKeepsKeptComments(t *testing.T) {
	for query, want := range map[string]bool{"find 1 2 check": false, "find quiet 1 2 check": true} {
		q, err := Compile(source.New("f.cql", query), Options{KeepFailedComments: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := fired(q.Program, "find-count-stop"); got != want {
			t.Errorf("%s keeping failed comments: find-count-stop %v, want %v", query, got, want)
		}
		if !fired(compileDisabling(t, query, 0), "find-count-stop") {
			t.Errorf("%s: find-count-stop did not fire", query)
		}
	}
}

package compiler

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// TestCheapFirstMatchesTheWrittenOrder draws random conjunctions of
// costly filters (loops, finds, lines, echoes, with and without comments
// and assignments) and cheap tests, at the top level, in compounds and
// under a transform, not, or and find, and runs each with cheap-first and without it: the
// same positions must match with the same comments.
func TestCheapFirstMatchesTheWrittenOrder(t *testing.T) {
	games := firstGames(t, 25)
	rng := rand.New(rand.NewPCG(11, 27))
	costly := []string{
		"square x in a {move legal from N to x}", "square x in (. attackedby K) {not move legal from K to x}",
		"piece P1 in [QR] {P1 attacks k}", "find check", "find quiet {mate}", "line --> check --> . --> check",
		`square y in A {y attacks k comment("attacker")}`, "piece Z in [RB] {Z attacks [qk]} Z attacks q",
		"Seen = #A find {#A < Seen}", "echo (s t) {#(s & t) > 50 check}", `{line --> move capture . --> check} >= 1`,
		"square v in _ attackedby N {v attacks [qr]}", "sort #(A attacks .)", `comment("here")`, "Cnt = 1",
		"line nestban --> check --> .{0,3} --> check", "line nestban --> move capture . --> move capture .",
	}
	cheap := []string{"check", "not check", "wtm", "move from k to .", "mate", "#[Pp] <= 11", "move capture .",
		"Q attacks k", "btm", "move legal from K to .", "[Rr] & a-h7"}
	pick := func(l []string) string { return l[rng.IntN(len(l))] }
	took := 0
	// written out: a cheap test must not move before an assignment it
	// reads, whatever the assignment's cost
	// nor before a line with nestban, whose matches bar later ones
	for _, query := range []string{"Cnt = 0 {Cnt = 1 find check} btm Cnt == 1", "Cnt = 0 {Cnt = 1 find check} Cnt == 1",
		"{line nestban --> check --> .{0,3} --> check} btm", "{line nestban --> move capture . --> move capture .} wtm"} {
		sameAnswers(t, query, "cheap-first", compileDisabling(t, query, 0), compileDisabling(t, query, opt.Set(0).With(opt.CheapFirst)), games)
	}
	for i := 0; i < 150; i++ {
		var parts []string
		for j := 0; j < 2+rng.IntN(3); j++ {
			if rng.IntN(2) == 0 {
				parts = append(parts, pick(costly))
			} else {
				parts = append(parts, pick(cheap))
			}
		}
		query := strings.Join(parts, " ")
		if strings.Contains(query, "Cnt = 1") {
			query = "Cnt = 0 " + query + " Cnt == 1"
		}
		switch rng.IntN(6) {
		case 3:
			query = "not {" + query + "}"
		case 4:
			query = "{" + query + "} or btm"
		case 0:
			query = "flipcolor {" + query + "}"
		case 1:
			query = "{" + query + "} and " + pick(cheap)
		case 2:
			query = "find {" + query + "}"
		}
		full := compileDisabling(t, query, 0)
		if fired(full, "cheap-first") {
			took++
		}
		sameAnswers(t, query, "cheap-first", full, compileDisabling(t, query, opt.Set(0).With(opt.CheapFirst)), games)
	}
	if took < 30 {
		t.Errorf("cheap-first fired on only %d of the random conjunctions", took)
	}
}

// TestCostTable walks the table of cost classes: every entry a kind and a
// named class, and the classes of a few filters as the planner sees them.
func TestCostTable(t *testing.T) {
	for k, c := range kindCost {
		if k <= syntax.KBad || k >= syntax.NumKinds || int(c) >= len(costNames) || c == costCheap {
			t.Errorf("kindCost[%v] = %d: list a kind with a class above cheap", k, c)
		}
	}
	for query, want := range map[string]cost{
		"check": costCheap, "move from k to .": costCheap, "mate": costMoves, "move legal from N to e4": costMoves,
		"square x in a {x attacks k}": costLoop, "find check": costSearch, "piece X in A {find X attacks k}": costSearch,
	} {
		if got := costOf(parseOne(t, query)); got != want {
			t.Errorf("%s: cost %v, want %v", query, got, want)
		}
	}
}

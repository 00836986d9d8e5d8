package compiler

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
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
		"shift {Ka1 Rb1}", `flip {Kg1 comment("castled")}`,
	}
	cheap := []string{"check", "not check", "wtm", "move from k to .", "mate", "#[Pp] <= 11", "move capture .",
		"Q attacks k", "btm", "move legal from K to .", "[Rr] & a-h7", "fliphorizontal {Ka1 qb3}",
		"#(A attacks _) >= 4", "flipcolor {R attacks k}", "pin through Q", "flip {Kg1 Rf1}"}
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

// TestWorkOrdersOneClass: a filter of a higher class, or of the same
// class with clearly more work, costs more; a little more work is no
// reason to move a filter.
func TestWorkOrdersOneClass(t *testing.T) {
	for _, pair := range [][2]string{
		{"fliphorizontal {Ka1 qb3}", "#(A attacks _) >= 4"}, {"Ka1", "Q attacks k"}, {"check", "#(a attacks A) > 2"},
		{"not initial", "(A & ~to) attacks k"},
		{"flipcolor {Ka1}", "square x in a {x attacks k}"}, {"flip {Ra1 attacks k}", "mate"}, {"wtm", "pin through Q"},
	} {
		a, b := expanded(t, pair[0]), expanded(t, pair[1])
		if !costlier(costOf(b), workOf(b), costOf(a), workOf(a)) {
			t.Errorf("%s (%v, %d) should cost more than %s (%v, %d)", pair[1], costOf(b), workOf(b), pair[0], costOf(a), workOf(a))
		}
	}
	for _, pair := range [][2]string{{"Q attacks k", "#(A attacks _) >= 4"}, {"Ka1", "qb3"}, {"mate", "stalemate"},
		{"Ng2", "s:Nc1"}, {"check", "#[Aa] < 5"}} {
		for _, p := range [][2]string{pair, {pair[1], pair[0]}} {
			a, b := expanded(t, p[0]), expanded(t, p[1])
			if costlier(costOf(b), workOf(b), costOf(a), workOf(a)) {
				t.Errorf("%s (%v, %d) should not cost more than %s (%v, %d)", p[1], costOf(b), workOf(b), p[0], costOf(a), workOf(a))
			}
		}
	}
}

// TestCheapFirstWeighsWork: a small orbit of piece tests written after
// a count of attacks is tested before it, and kept in place with
// cheap-first off.
func TestCheapFirstWeighsWork(t *testing.T) {
	const query = "fliphorizontal {Ka1 qb3} #(A attacks _) >= 4"
	const reordered = "#(A attacks _) >= 4 fliphorizontal {Ka1 qb3}"
	first := func(p *vm.Program) vm.Op {
		for _, in := range p.Code {
			if in.Op == vm.OpShapeAny || in.Op == vm.OpAttacks {
				return in.Op
			}
		}
		return 0
	}
	for q, want := range map[string]vm.Op{query: vm.OpShapeAny, reordered: vm.OpShapeAny} {
		if got := first(compileDisabling(t, q, 0)); got != want {
			t.Errorf("%s: tests %v first, want %v", q, got, want)
		}
	}
	if got := first(compileDisabling(t, reordered, opt.Set(0).With(opt.CheapFirst))); got != vm.OpAttacks {
		t.Errorf("%s without cheap-first: tests %v first, want the order written", reordered, got)
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
		"flipcolor {Ka1 check}": costCheap, "flip {mate}": costMoves, "shift {Ka1}": costLoop,
	} {
		if got := costOf(expanded(t, query)); got != want {
			t.Errorf("%s: cost %v, want %v", query, got, want)
		}
	}
}

// expanded is the filter of query as the planner sees it: its transforms
// expanded into orbits.
func expanded(t *testing.T, query string) *syntax.Node {
	return expandTransforms(parseOne(t, query), func(int, *syntax.Node) bool { return true })
}

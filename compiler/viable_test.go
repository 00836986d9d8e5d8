package compiler

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
)

// TestLineViableMatchesTheSearch draws random lines (constituents over
// checks, captures, promotions, material and the moves of pieces, with
// repetitions, options, ranges and the line's flags) and runs each
// with line-viable and without it on the test games: the same positions
// must match with the same comments.
func TestLineViableMatchesTheSearch(t *testing.T) {
	games := firstGames(t, 25)
	rng := rand.New(rand.NewPCG(2026, 11))
	atoms := []string{".", ".", "check", "not check", "move capture .", "move from N", "move from [Qq]",
		"move promote A", "mate", "{#p > 4}", "move to . from P", "not move capture .", "{[Qq] attacks [Kk]}", "btm"}
	atom := func() string { return atoms[rng.IntN(len(atoms))] }
	part := func() string {
		switch r := rng.IntN(8); {
		case r < 4:
			return atom()
		case r == 4:
			lo := rng.IntN(3)
			return fmt.Sprintf("%s{%d,%d}", atom(), lo, lo+rng.IntN(6))
		case r == 5:
			return "(" + atom() + " --> " + atom() + ")+"
		case r == 6:
			return atom() + "?"
		default:
			return atom() + "*"
		}
	}
	flags := []string{"", "", "", "singlecolor ", "primary ", "secondary ", "firstmatch ", "nestban ", "quiet "}
	took := 0
	for i := 0; i < 120; i++ {
		n := 2 + rng.IntN(4)
		parts := make([]string, n)
		for j := range parts {
			parts[j] = part()
		}
		query := "line " + flags[rng.IntN(len(flags))] + "--> " + strings.Join(parts, " --> ")
		switch rng.IntN(5) {
		case 0:
			query = "{" + query + "} >= " + fmt.Sprint(2+rng.IntN(4))
		case 1:
			query = "flipcolor {" + query + "}"
		case 2:
			// constituents reading a loop's piece: a table per piece
			query = "piece X in [RQNrqn] {" + strings.ReplaceAll(query, "move from N", "move from X") + " --> move from X}"
		}
		full := compileDisabling(t, query, 0)
		if fired(full, "line-viable") {
			took++
		}
		sameAnswers(t, query, "line-viable", full, compileDisabling(t, query, opt.Set(0).With(opt.LineViable)), games)
	}
	if took < 60 {
		t.Errorf("line-viable fired on only %d of the random lines", took)
	}
}

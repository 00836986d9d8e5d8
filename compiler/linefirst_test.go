package compiler

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
)

// TestLineFirstMatchMatchesTheSearch draws random lines of one sequence of
// constituents (checks, captures, promotions, material, the moves of a
// loop's piece, comments, fixed repetitions) with the line's flags and
// ranges, and runs each with line-first-match and without it on the
// test games: the same positions must match with the same comments.
func TestLineFirstMatchMatchesTheSearch(t *testing.T) {
	games := firstGames(t, 25)
	rng := rand.New(rand.NewPCG(24, 28))
	atoms := []string{".", "check", "not check", "move capture .", "move from N", "move from [Qq]", "move promote A",
		"mate", "{#p > 4}", "move to . from P", "not move capture .", "{[Qq] attacks [Kk]}", "btm",
		`{check comment("chk")}`, "move from X", "X--", "move from ~X"}
	atom := func() string {
		a := atoms[rng.IntN(len(atoms))]
		if rng.IntN(6) == 0 {
			a = fmt.Sprintf("%s{%d}", a, 1+rng.IntN(3))
		}
		return a
	}
	flags := []string{"", "", "", "primary ", "secondary ", "firstmatch ", "nestban ", "quiet ", "2 4 "}
	took := 0
	for i := 0; i < 120; i++ {
		parts := make([]string, 1+rng.IntN(5))
		for j := range parts {
			parts[j] = atom()
		}
		query := "line " + flags[rng.IntN(len(flags))] + "--> " + strings.Join(parts, " --> ")
		switch rng.IntN(4) {
		case 0:
			query = "{" + query + "} >= " + fmt.Sprint(2+rng.IntN(4))
		case 1:
			query = "flipcolor {" + query + "}"
		}
		query = "piece X in [RQNrqn] {" + query + "}"
		full := compileDisabling(t, query, 0)
		if fired(full, "line-first-match") {
			took++
		}
		sameAnswers(t, query, "line-first-match", full, compileDisabling(t, query, opt.Set(0).With(opt.LineFirstMatch)), games)
	}
	if took < 80 {
		t.Errorf("line-first-match fired on only %d of the random lines", took)
	}
}

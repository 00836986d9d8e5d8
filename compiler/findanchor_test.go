package compiler

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
)

// TestFindAnchorMatchesTheWalk draws random finds (forward and backward,
// first, all and ranges, quiet or not, in loops) whose bodies mix tests of
// the position, tests of variables, assignments and comments, and runs
// each with find-anchor and without it: the same positions must match
// with the same comments.
func TestFindAnchorMatchesTheWalk(t *testing.T) {
	games := firstGames(t, 25)
	rng := rand.New(rand.NewPCG(5, 31))
	pick := func(l []string) string { return l[rng.IntN(len(l))] }
	anchors := []string{"check", "mate", "stalemate", "btm", "Q attacks k", "#[Pp] <= 10", "not check", "[Rr] & a-h7", "move legal from K to ."}
	others := []string{"ply > Start", "#A < Mat", "X attacks k", `comment("seen")`, "Cnt = Cnt + 1", "K == Home", "move from X"}
	took := 0
	for i := 0; i < 150; i++ {
		var body []string
		for j := 0; j < 1+rng.IntN(3); j++ {
			if rng.IntN(2) == 0 {
				body = append(body, pick(anchors))
			} else {
				body = append(body, pick(others))
			}
		}
		find := "find " + pick([]string{"", "", "<-- ", "quiet ", "all ", "2 5 "}) + "{" + strings.Join(body, " ") + "}"
		if strings.Contains(find, "all ") || strings.Contains(find, "2 5 ") {
			find = "{" + find + "} >= " + fmt.Sprint(rng.IntN(3))
		}
		query := "Start = ply Mat = #A Home = K Cnt = 0 piece X in [QRqr] {" + find + "}"
		full := compileDisabling(t, query, 0)
		if fired(full, "find-anchor") {
			took++
		}
		sameAnswers(t, query, "find-anchor", full, compileDisabling(t, query, opt.Set(0).With(opt.FindAnchor)), games)
	}
	if took < 40 {
		t.Errorf("find-anchor fired on only %d of the random finds", took)
	}
}

// TestFindAnchorRelaxedMatchesTheWalk draws random finds inside piece
// loops (of one color or both, pawns that promote, flipcolor copies,
// inside a line's constituent) whose bodies begin with tests reading the
// loop's piece, where more squares can only make them hold or not, and
// runs each with find-anchor-relaxed and without it: the same positions
// must match with the same comments.
func TestFindAnchorRelaxedMatchesTheWalk(t *testing.T) {
	games := firstGames(t, 25)
	rng := rand.New(rand.NewPCG(24, 6))
	pick := func(l []string) string { return l[rng.IntN(len(l))] }
	relaxable := []string{"X attacks k", "X attacks K", "pin from X", "pin through X", "move from X capture A", "move from X capture a",
		"X & d-e4-5", "move to X", "X--", "move legal from X to a-h8", "k attackedby X", "X | Y attacks k"}
	others := []string{"check", "#X == 1", "not X attacks k", `comment("seen")`, "X == Y", "ply > 30"}
	loops := []string{"[QRBNK]", "[Pp]", "P", "[RQrq]", "[Aa]", "a-h2"}
	took := 0
	for i := 0; i < 120; i++ {
		var body []string
		for j := 0; j < 1+rng.IntN(2); j++ {
			if rng.IntN(3) > 0 {
				body = append(body, pick(relaxable))
			} else {
				body = append(body, pick(others))
			}
		}
		find := "find " + pick([]string{"", "", "<-- ", "quiet ", "all ", "2 5 "}) + "{" + strings.Join(body, " ") + "}"
		if strings.Contains(find, "all ") || strings.Contains(find, "2 5 ") {
			find = "{" + find + "} >= " + fmt.Sprint(rng.IntN(3))
		}
		query := "Y = k piece X in " + pick(loops) + " {" + find + "}"
		switch rng.IntN(4) {
		case 0:
			query = "flipcolor {" + query + "}"
		case 1:
			query = "line --> check --> {" + query + "}"
		}
		full := compileDisabling(t, query, 0)
		if fired(full, "find-anchor-relaxed") {
			took++
		}
		sameAnswers(t, query, "find-anchor-relaxed", full, compileDisabling(t, query, opt.Set(0).With(opt.FindAnchorRelaxed)), games)
	}
	if took < 40 {
		t.Errorf("find-anchor-relaxed fired on only %d of the random finds", took)
	}
}

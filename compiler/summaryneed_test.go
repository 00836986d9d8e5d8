package compiler

import (
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/gametree"
)

// TestSummaryNeed: the need derived from each query, printed; the
// filters it does not understand, and the queries whose skipped games
// would print or remember something, need nothing ("anything").
func TestSummaryNeed(t *testing.T) {
	for _, c := range []struct{ query, need string }{
		{"Q>=2 q>=2", "(Q>=2 and q>=2)"},
		{"2 <= Q", "Q>=2"},
		{"#Q == 2", "Q in 2..2"},
		{"[Qq] > 3", "[Qq]>=4"},
		{"R==1 r==1 Q<1", "(R in 1..1 and r in 1..1 and Q in 0..0)"},
		{"Rd1-8 >= 2", "R>=2"},
		{"Rd1-8 <= 1", "anything"}, // fewer on some squares says nothing of the board
		{"not Q", "Q in 0..0"},
		{"not Qa1", "anything"},
		{"Q != 1", "anything"},
		{"[Q_] >= 2", "anything"},
		{"Q", "Q>=1"},
		{"#Q", "anything"}, // a number as a filter always matches
		{"mate", "mate"},
		{"check or stalemate", "(check or stalemate)"},
		{"check or wtm", "anything"},
		{"not mate", "anything"},
		{"find mate", "mate"},
		{"find <-- check", "check"},
		{"find all mate", "anything"},
		{"find 0 1 mate", "anything"},
		{"move promote N", "promote [Nn]"},
		{"move previous promote [BN]", "promote [NBnb]"},
		{"move legal from P to a8", "anything"},
		{"move legal count from P == 0", "anything"},
		{"move null", "null-move"},
		{"move o-o", "castle"},
		{"x = 1 Q>=2", "Q>=2"},
		{`Q>=2 message "x"`, "anything"},
		{"Q>=2 assert check", "anything"},
		{"persistent Seen += 1 Q>=2", "anything"},
		{"flipcolor Q>=2", "anything"},
		{"{Q>=2 check} or {q>=2 mate}", "((Q>=2 and check) or (q>=2 and mate))"},
	} {
		q, err := compileText(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		if got := q.Program.Need.String(); got != c.need {
			t.Errorf("%s: need %s, want %s", c.query, got, c.need)
		}
		if c.need != "anything" && !fired(q.Program, opt.SummaryPrune.String()) {
			t.Errorf("%s: summary-prune not listed as fired", c.query)
		}
		off := compileDisabling(t, c.query, opt.Set(0).With(opt.SummaryPrune))
		if got := off.Need.String(); got != "anything" {
			t.Errorf("%s with summary-prune off: need %s", c.query, got)
		}
	}
}

// TestSummaryNeedSkips: on the test games the needs of selective
// queries do rule games out (so that the registry's comparison, which
// skips them, shows something), and the games ruled out are exactly
// those whose summary fails.
func TestSummaryNeedSkips(t *testing.T) {
	games := firstGames(t, 60)
	for _, query := range []string{"Q>=2 q>=2", "move promote N", "mate", "R==1 r==1 Q==0 q==0 B==0 b==0 N==0 n==0"} {
		p := compileDisabling(t, query, 0)
		skipped := 0
		for _, g := range games {
			sum := gametree.Summarize(g)
			if !p.Need.Holds(sum.Of(true)) {
				skipped++
			}
		}
		if skipped == 0 || skipped == len(games) {
			t.Errorf("%s: the need %s skips %d of %d games", query, p.Need, skipped, len(games))
		}
	}
}

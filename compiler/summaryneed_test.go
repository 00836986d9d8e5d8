package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/gametree"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
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
		{"[Pp]a1-8 >= 5", "([Pp]>=5 and [Pp] on a file>=5)"},
		{"Pc1-8 > 2", "(P>=3 and P on a file>=3)"},
		{"Pc2-8 > 2", "P>=3"},
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
		{"line --> check{4,} --> mate", "(check and mate)"},
		{"ply > 80 check", "(ply>=81 and check)"},
		{"40 <= ply", "ply>=40"},
		{"ply == 7", "ply>=7"},
		{"ply < 20", "anything"},
		{"ply >= 0", "anything"},
		{"line --> check* --> mate?", "anything"},
		{"line <-- (check <-- q>=1)+", "(check and q>=1)"},
		{"line singlecolor --> move promote N --> stalemate", "(promote [Nn] and stalemate)"},
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

// needAtoms and needForms make the queries of FuzzSummaryNeed: filters
// the need understands, some it does not, and forms that combine them.
var (
	needAtoms = []string{"Q>=2", "q>=1", "R==1", "r<2", "not B", "[Nn]>2", "Pa-h2 >= 3", "#P < 5", "2 > N", "[Qq] == 0",
		"mate", "check", "stalemate", "move promote N", "move promote [QR]", "move previous promote B", "move null",
		"move o-o", "move castle", "wtm", "Ka1", "not mate", "P", "_a1", "ply > 30", "ply == 61", "12 <= ply", "move legal promote N", "A == 12", "[Pp]a1-8 >= 3", "Pc1-8 >= 2",
		`fen "` + afterE4E5 + `"`, "{" + designatorsOf(afterE4E5) + "}", `fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"`}
	needForms = []string{"{%s %s}", "%s or %s", "not %s", "find %s", "find <-- %s", "flipcolor %s", "find all %s", "%s and %s",
		"line --> %s --> %s", "line --> %s* --> %s", "line <-- %s{2,} <-- %s?"}
)

// fuzzQuery reads a query from the bytes: each byte picks an atom or a
// form around what it has read so far.
func fuzzQuery(data []byte) string {
	var stack []string
	for _, b := range data {
		k := int(b)
		if k%3 != 0 || len(stack) == 0 {
			stack = append(stack, needAtoms[k%len(needAtoms)])
			continue
		}
		form := needForms[(k/3)%len(needForms)]
		if strings.Count(form, "%s") == 2 && len(stack) >= 2 {
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = append(stack[:len(stack)-2], fmt.Sprintf(form, a, b))
		} else if strings.Count(form, "%s") == 1 {
			stack[len(stack)-1] = fmt.Sprintf(form, stack[len(stack)-1])
		}
	}
	return strings.Join(stack, " ")
}

// FuzzSummaryNeed: on test games with and without their variations, a
// game whose summary fails the need of a query has no position where
// the plain program (-O0) of the query matches.
//
//	go test ./compiler -run=^$ -fuzz=FuzzSummaryNeed -fuzztime=1m
func FuzzSummaryNeed(f *testing.F) {
	for _, seed := range []string{"\x01\x02\x00", "\x0d\x0e", "\x04\x05\x03\x07", "\x10\x0c\x01\x09", "\x13\x11\x06", "\x0e\x0f\x12", "\x01"} {
		f.Add([]byte(seed))
	}
	games := firstGames(f, 15)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 12 {
			t.Skip("longer queries only slow the search down")
		}
		query := fuzzQuery(data)
		for _, variations := range []bool{false, true} {
			text := query
			if variations {
				text = "cql(variations) " + query
			}
			q, err := Compile(source.New("f.cql", text), Options{})
			if err != nil {
				return // an atom the grammar allows where the language does not
			}
			plain := compileDisabling(t, text, opt.All)
			m := vm.NewMachine(plain)
			for gi, g := range games {
				sum := gametree.Summarize(g)
				if q.Program.Need.HoldsIn(sum.Of(variations), boardsReached(g, variations)) {
					continue
				}
				if got := matches(m, treeOf(g, variations)); len(got) > 0 {
					t.Fatalf("%s: game %d fails the need %s, but the plain program matches %v", text, gi+1, q.Program.Need, got)
				}
			}
		}
	})
}

package compiler

import (
	"fmt"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// hhdbGame is a study with the given Event, White and Black tags and the
// movetext after them. The answers of TestHHDBFields are those of the
// official CQL 6.2 on the same headers.
func hhdbGame(event, white, black, moves string) string {
	return fmt.Sprintf("[Event %q]\n[Site \"?\"]\n[Date \"2000.??.??\"]\n[Round \"?\"]\n[White %q]\n[Black %q]\n[Result \"*\"]\n\n%s\n",
		event, white, black, moves)
}

// TestHHDBFields: every hhdb keyword on hand-written headers, at the
// start position (true: the query matches there).
func TestHHDBFields(t *testing.T) {
	plain := "1. e4 e5 *"
	cases := []struct {
		event, white, black, moves string
		query                      string
		want                       bool
	}{
		// awards: N.p, N/M.p, .p (place 1, last 10000), special sp. and N.sp.
		{"3.p Foo ty#22", "X", "(+)", plain, "hhdb prize == 3 and hhdb award == 3 and hhdb max == 3", true},
		{"1/2.p Foo", "X", "(+)", plain, "hhdb prize == 1 and hhdb max == 2", true},
		{"2/5.hm Foo", "X", "(+)", plain, "hhdb hm == 2 and hhdb max == 5 and not hhdb prize", true},
		{".c Foo", "X", "(+)", plain, "hhdb commendation == 1 and hhdb max == 10000", true},
		{"01.p", "X", "(+)", plain, "hhdb prize == 1", true},
		{"1.pFoo", "X", "(+)", plain, "hhdb prize == 1", true},
		{"7/3.c Foo", "X", "(+)", plain, "hhdb award", false}, // N/M needs N < M
		{"2/2.hm Foo", "X", "(+)", plain, "hhdb award", false},
		{"0.p Foo", "X", "(+)", plain, "hhdb award", false},
		{" 2.p Foo", "X", "(+)", plain, "hhdb award", false}, // at the very start only
		{"1.P Foo", "X", "(+)", plain, "hhdb award", false},
		{"sp.p Foo", "X", "(+)", plain, "hhdb special == 1", true},
		{"3.sp.hm Foo", "X", "(+)", plain, "hhdb special == 3", true},
		// a special prize matches prize as a filter, but has no place
		{"sp.p Foo", "X", "(+)", plain, "hhdb prize and hhdb award and hhdb max and not hhdb hm", true},
		{"sp.p Foo", "X", "(+)", plain, "hhdb prize >= 0", false},
		{"sp.c Foo", "X", "(+)", plain, "hhdb commendation", true},
		{".sp.p Foo", "X", "(+)", plain, "hhdb special", false},
		// the diagram: the word after the first '#' that starts one
		{"Schach#0874a x", "X", "(+)", plain, `hhdb diagram == "0874a"`, true},
		{"Foo ##5", "X", "(+)", plain, `hhdb diagram == "#5"`, true},
		{"Foo # 3", "X", "(+)", plain, "hhdb diagram", false},
		// the composers: White without a final NN; with MC, the first comment
		{"?", "Kralin=N", "(+)", plain, `hhdb composer == "Kralin=N"`, true},
		{"?", "Kralin=N", "(+)", plain, `hhdb composer "Kral"`, true},
		{"?", "A=B NN", "(+)", plain, `hhdb composer == "A=B"`, true},
		{"?", "A=B,NN", "(+)", plain, `hhdb composer == "A=B,"`, true},
		{"?", "ANN", "(+)", plain, `hhdb composer == "ANN"`, true},
		{"?", "Anastasian, A.", "(+)", plain, `hhdb composer == "Anastasian, A"`, true},
		{"?", "A=B NN", "(+) MC", "{X=Y Z=W. EBUR=4} 1. e4 *", `hhdb composer == "X=Y Z=W"`, true},
		{"?", "A=B NN", "(+) MC", plain, "hhdb composer", false},
		// the GBR field of Black
		{"?", "X", "(+0016.32d4g7) TT", plain, `hhdb gbr == "+0016.32d4g7"`, true},
		{"?", "X", "(=0016.32d4g7)", plain, `hhdb gbr "0016"`, true},
		{"?", "X", "(#0016.32d4g7)", plain, "hhdb gbr", false},
		{"?", "X", "(+)", plain, "hhdb gbr", false},
		// codes of Black, a substring test
		{"?", "X", "(+) TT", plain, "hhdb TT and hhdb theme_tourney and hhdb theme_tournament", true},
		{"?", "X", "(+) tt", plain, "hhdb TT", false},
		{"?", "X", "(+) (c)", plain, `hhdb "(c)" and hhdb correction and not hhdb "(m)"`, true},
		{"?", "X", "(+) (m) (s) (v)", plain, "hhdb modification and hhdb corrected_solution and hhdb version", true},
		{"?", "X", "(+) AN CR MC PH TE TW", plain, "hhdb anticipation and hhdb colors_reversed and hhdb too_many_composers and hhdb posthumous and hhdb theoretical_ending and hhdb twin", true},
		{"?", "X", "(+) U1", plain, "hhdb dual_at_move_1 and hhdb dual and hhdb unsound and hhdb sound", true},
		{"?", "X", "(+) U2", plain, "hhdb dual_after_move_1 and hhdb dual and hhdb unsound and hhdb sound", true},
		{"?", "X", "(+) U3", plain, "hhdb white_fails and not hhdb dual and hhdb unsound and not hhdb sound", true},
		{"?", "X", "(+) U4", plain, "hhdb white_wins_in_draw and hhdb unsound and not hhdb sound", true},
		{"?", "X", "(+) U5", plain, "hhdb unreachable and hhdb unsound and not hhdb sound", true},
		{"?", "X", "(+) XU1", plain, "hhdb U1", true},
		// cooked: a <cook> marker anywhere in the game, searched or not
		{"?", "X", "(+) U2", "1. e4 (1. d4 {<cook TW>}) e5 *", "hhdb cooked and not hhdb sound", true},
		{"?", "X", "(+)", "1. e4 {<cooked>} e5 *", "hhdb cooked", true},
		{"?", "X", "(+)", "1. e4 {<coo>} e5 *", "hhdb cooked", false},
		// the first comment: stipulation, EG diagram
		{"?", "X", "(+)", "{stipulation: mate in 24. (EG#09146 EG#5)} 1. e4 *", `hhdb stipulation == "mate in 24" and hhdb egdiagram == 9146`, true},
		{"?", "X", "(+)", "{stipulation: a.b} 1. e4 *", `hhdb stipulation == "a"`, true},
		{"?", "X", "(+)", "{stipulation: mate in 3} 1. e4 *", "hhdb stipulation", false},
		{"?", "X", "(+)", "{Stipulation: mate.} 1. e4 *", "hhdb stipulation", false},
		{"?", "X", "(+)", "1. e4 {EG#77 stipulation: mate.} *", "hhdb egdiagram or hhdb stipulation or hhdb firstcomment", false},
		{"?", "X", "(+)", "{ (EG#abc) note} 1. e4 *", `hhdb firstcomment == "(EG#abc) note" and not hhdb egdiagram`, true},
		// search: Event, White, Black and the first comment
		{"Foo ty", "Kralin=N", "(+0016.32d4g7) TT", "{EG#5} 1. e4 *", `hhdb search "Foo" and hhdb search "Kralin" and hhdb search "TT" and hhdb search "EG#"`, true},
		{"Foo ty", "Kralin=N", "(+)", plain, `hhdb search "2000"`, false},
	}
	for _, c := range cases {
		want := []int32(nil)
		if c.want {
			want = []int32{0}
		}
		runManualCases(t, hhdbGame(c.event, c.white, c.black, c.moves), []manualCase{{"initial " + c.query, true, want}})
	}
}

// TestHHDBPositions: the markers and hhdb mainline are position filters.
// Nodes (pre-order, the mainline first): 0 start, 1 e4, 2 e5, 3 Nf3;
// 4 c5 <main>, 5 Nf3 <cook TW>, 6 Nc3 (a sub-variation of the <main>
// one); 7 d4 <or>, 8 d5. The official program answers the same.
func TestHHDBPositions(t *testing.T) {
	game := hhdbGame("?", "X", "(+)", "1. e4 (1. d4 {<or>} d5) e5 (1... c5 {<main>} 2. Nf3 {<cook TW>} (2. Nc3)) 2. Nf3 *")
	runManualCases(t, game, []manualCase{
		{`hhdb "<or>"`, true, []int32{7}},
		{`hhdb "<main>"`, true, []int32{4}},
		{`hhdb "<cook>"`, true, []int32{5}},
		{`hhdb "<eg>" or hhdb "<minor_dual>"`, true, nil},
		{`hhdb mainline`, true, []int32{0, 1, 2, 3, 4, 5}},
		{`hhdb variation`, true, []int32{6, 7, 8}},
		{`hhdb mainline`, false, []int32{0, 1, 2, 3}},
		{`initial hhdb cooked`, false, []int32{0}},
	})
	// "<cook" and "<minor_dual" may go on, "<or>", "<main>" and "<eg>" not
	game = hhdbGame("?", "X", "(+)", "1. e4 {<minor_dual x>} e5 {<or x> <main x>} 2. Nf3 {x<eg>} Nc6 {<eg x>} *")
	runManualCases(t, game, []manualCase{
		{`hhdb "<minor_dual>"`, false, []int32{1}},
		{`hhdb "<or>" or hhdb "<main>"`, false, nil},
		{`hhdb "<eg>"`, false, []int32{3}},
	})
}

// TestHHDBKeywordTable: every keyword cqlvm supports reads a field the
// machine knows; the others are parse errors that say why.
func TestHHDBKeywordTable(t *testing.T) {
	for _, kw := range syntax.HHDBKeywords {
		q := "hhdb " + kw.Name
		if kw.Name[0] == '(' || kw.Name[0] == '<' {
			q = fmt.Sprintf("hhdb %q", kw.Name)
		}
		if kw.Field == "" {
			if _, err := compileText(q); err == nil {
				t.Errorf("%s compiles; it should be an error", q)
			}
			continue
		}
		found := false
		for _, f := range vm.HHDBFieldNames {
			found = found || f == kw.Field
		}
		if !found {
			t.Errorf("%s reads the field %q, which vm.HHDBFieldNames lacks", q, kw.Field)
		}
		if _, err := compileText(q); err != nil {
			t.Errorf("%s: %v", q, err)
		}
	}
	for _, q := range []string{"hhdb", "hhdb foo", `hhdb "TT"`, "hhdb (c)", `hhdb "cooked"`} {
		if _, err := compileText(q); err == nil {
			t.Errorf("%s compiles; it should be an error", q)
		}
	}
}

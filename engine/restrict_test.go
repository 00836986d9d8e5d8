package engine

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// restrictedRun runs the query text (as -cql gives it) under r, searching
// the variations too when variations is set, and returns its statistics
// and PGN output.
func restrictedRun(t *testing.T, text string, r Restrictions, variations bool, input string) (Stats, string) {
	t.Helper()
	q, err := Load("", QueryOptions{Extra: text, Restrictions: r})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	o := q.Options()
	o.Inputs, o.PGN = []string{input}, &out
	o.Variations = o.Variations || variations
	st, err := Run(q, o)
	if err != nil {
		t.Fatal(err)
	}
	return st, out.String()
}

// TestTagRestrictions runs the tag restrictions with the query `true`
// (every game with a position matches) and counts the games they select
// against a count made directly from the PGN tags.
func TestTagRestrictions(t *testing.T) {
	games := readText(t, gamesPGN)
	tagValues := func(name string) []string {
		re := regexp.MustCompile(`(?m)^\[` + name + ` "([^"]*)"\]`)
		var vs []string
		for _, m := range re.FindAllStringSubmatch(games, -1) {
			vs = append(vs, m[1])
		}
		return vs
	}
	whites, blacks, results, dates := tagValues("White"), tagValues("Black"), tagValues("Result"), tagValues("Date")
	if len(whites) != 5000 || len(blacks) != 5000 || len(results) != 5000 || len(dates) != 5000 {
		t.Fatalf("games.pgn: expected every game to have White, Black, Result and Date tags")
	}
	count := func(pred func(i int) bool) int {
		n := 0
		for i := 0; i < 5000; i++ {
			if pred(i) {
				n++
			}
		}
		return n
	}
	year := func(i int) int { y, _ := strconv.Atoi(dates[i][:4]); return y }
	cases := []struct {
		name string
		r    Restrictions
		want int
	}{
		{"White", Restrictions{White: "Adams"}, count(func(i int) bool { return strings.Contains(whites[i], "Adams") })},
		{"Black", Restrictions{Black: "Anand"}, count(func(i int) bool { return strings.Contains(blacks[i], "Anand") })},
		{"Player", Restrictions{Player: "Andersson"}, count(func(i int) bool {
			return strings.Contains(whites[i], "Andersson") || strings.Contains(blacks[i], "Andersson")
		})},
		{"Result", Restrictions{Result: "0-1"}, count(func(i int) bool { return results[i] == "0-1" })},
		{"Years", Restrictions{Years: &YearRange{1990, 1995}}, count(func(i int) bool { return year(i) >= 1990 && year(i) <= 1995 })},
		{"Years and Result", Restrictions{Years: &YearRange{1985, 1985}, Result: "1-0"}, count(func(i int) bool { return year(i) == 1985 && results[i] == "1-0" })},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.want == 0 {
				t.Fatal("no game qualifies; the case tests nothing")
			}
			if st, _ := restrictedRun(t, "true", c.r, false, gamesPGN); st.Matches != c.want {
				t.Errorf("%d games selected, the tags say %d", st.Matches, c.want)
			}
		})
	}
}

// TestPositionRestrictions compares FEN, WhiteToMove, BlackToMove and
// VirtualMainline with the filters they stand for written in the query
// (virtual-mainline positions are found searching the variations:
// virtualmainline.html).
func TestPositionRestrictions(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	// the same board in CQL's extended FEN (fen.html): A any white piece,
	// a any black piece, . anything, _ an empty square
	const extendedFen = "a1bqkbna/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/AN.QKB_R"
	cases := []struct {
		name, text string
		r          Restrictions
		query      string
		variations bool
		pgn        string
	}{
		{"FEN", "true", Restrictions{FEN: fen}, `fen "` + fen + `"`, false, gamesPGN},
		{"extended FEN", "true", Restrictions{FEN: extendedFen}, `fen "` + fen + `"`, false, gamesPGN},
		{"WhiteToMove", "mate", Restrictions{WhiteToMove: true}, "wtm mate", false, gamesPGN},
		{"BlackToMove", "stalemate", Restrictions{BlackToMove: true}, "btm stalemate", false, gamesPGN},
		{"VirtualMainline", "check", Restrictions{VirtualMainline: true}, "virtualmainline check", true, samplePGN},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, got := restrictedRun(t, c.text, c.r, c.variations, c.pgn)
			_, want := restrictedRun(t, c.query, Restrictions{}, c.variations, c.pgn)
			if want == "" {
				t.Fatal("no game matched; the case tests nothing")
			}
			if got != want {
				t.Errorf("%+v selects differently from the query %q", c.r, c.query)
			}
		})
	}
}

// TestRestrictionFilters: the CQL text each restriction stands for, its
// strings quoted as CQL literals, and the errors of restrictions that
// cannot be filters.
func TestRestrictionFilters(t *testing.T) {
	for _, c := range []struct {
		r         Restrictions
		want, err string
	}{
		{Restrictions{}, "", ""},
		{Restrictions{Player: `Nimzo "Aron" \ witsch`}, `{"Nimzo \"Aron\" \\ witsch" in player white or "Nimzo \"Aron\" \\ witsch" in player black}`, ""},
		{Restrictions{FEN: "8/8/8/8/8/8/8/K6k w - - 0 1", Event: "Olympiad", Site: "Elista"},
			`fen "8/8/8/8/8/8/8/K6k w - - 0 1" {"Olympiad" in event} {"Elista" in site}`, ""},
		{Restrictions{White: "A", Black: "B", Result: "1/2-1/2", Years: &YearRange{1900, 1999}, BlackToMove: true, VirtualMainline: true},
			`{"A" in player white} {"B" in player black} result 1/2-1/2 {year >= 1900 year <= 1999} btm virtualmainline`, ""},
		{Restrictions{Result: "draw"}, "", `-result: expected 1-0, 0-1 or 1/2-1/2, got "draw"`},
		{Restrictions{Years: &YearRange{1995, 1990}}, "", `-year: expected a year or a range N M (N <= M), got "1995 1990"`},
		{Restrictions{Years: &YearRange{-1, 1990}}, "", `-year: expected a year or a range N M (N <= M), got "-1 1990"`},
		{Restrictions{WhiteToMove: true, BlackToMove: true}, "", "-wtm and -btm together match nothing; give one of them"},
	} {
		got, err := c.r.Filters()
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%+v: error %v, want %q", c.r, err, c.err)
			}
			if _, lerr := Load("", QueryOptions{Extra: "true", Restrictions: c.r}); lerr == nil || lerr.Error() != c.err {
				t.Errorf("%+v: Load's error is %v, want %q", c.r, lerr, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%+v: got %q, %v; want %q", c.r, got, err, c.want)
		}
	}
}

package engine

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestVariantCorpusCounts runs mate, terminal, check and drop over the
// self-played corpora of testdata/variants and compares the number of
// games matched with what each corpus's TSV (fairy-stockfish's facts)
// implies: mate the games ending in mate, terminal every game, check the
// games with a check, drop the games with a drop.
func TestVariantCorpusCounts(t *testing.T) {
	for _, name := range []string{"crazyhouse", "antichess", "kingofthehill", "3check", "horde", "racingkings"} {
		data, err := os.ReadFile("../testdata/variants/" + name + ".tsv")
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{}
		for _, row := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
			f := strings.Split(row, "\t")
			num := func(k int) int { n, _ := strconv.Atoi(f[k]); return n }
			want["terminal"]++
			if f[3] == "mate" {
				want["mate"]++
			}
			if num(5)+num(6) > 0 {
				want["check"]++
			}
			if num(7) > 0 {
				want["drop"]++
			}
		}
		for _, query := range []string{"mate", "terminal", "check", "drop"} {
			q, err := CompileText(query, query, QueryOptions{})
			if err != nil {
				t.Fatal(err)
			}
			o := q.Options()
			o.Inputs = []string{"../testdata/variants/" + name + ".pgn"}
			st, err := Run(q, o)
			if err != nil {
				t.Fatalf("%s on %s: %v", query, name, err)
			}
			if st.Matches != want[query] {
				t.Errorf("%s on %s.pgn matches %d games, its TSV says %d", query, name, st.Matches, want[query])
			}
		}
	}
}

// TestCQLSVariantKeywords runs CQL-S variant keywords over the corpora:
// :takeslastpiece counts the Antichess king as a piece, so it finds every
// game won by giving the last piece away.
func TestCQLSVariantKeywords(t *testing.T) {
	for _, c := range []struct {
		query, file string
		want        int
	}{
		{"(match (position :takeslastpiece :variant Antichess))", "antichess", 36},
		{"(match (position :losing))", "antichess", 36},
		{"(match (position :checkcount 3))", "3check", 45},
		{"(match (position :variant Antichess))", "horde", 0},
		{"; CQL-S 1.0 (Horde)\n(match (position :mate))", "horde", 29},
		{"; CQL-S 1.0 (Crazyhouse)\n(match (position :mate))", "horde", 0},
	} {
		q, err := CompileText("q.cqls", c.query, QueryOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		o := q.Options()
		o.Inputs = []string{"../testdata/variants/" + c.file + ".pgn"}
		st, err := Run(q, o)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		if st.Matches != c.want {
			t.Errorf("%q on %s.pgn matches %d games, want %d", c.query, c.file, st.Matches, c.want)
		}
	}
}

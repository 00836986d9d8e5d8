package engine

import "testing"

// Queries of the old language (CQL 3 / CQL-S) that CQL 6 has no word for
// run, and find what the CQL 6 queries spelling them out find.

// cqlOptionMatches runs the query text as the -cql option gives it (in
// either language; with a cql() header, the whole query) over input and
// returns the number of games it selects, with the settings of its
// header (the old language's :gamenumber is one).
func cqlOptionMatches(t *testing.T, text, input string) int {
	t.Helper()
	q, err := Load("", QueryOptions{Extra: text})
	if err != nil {
		t.Fatal(err)
	}
	o := q.Options()
	o.Inputs = []string{input}
	st, err := Run(q, o)
	if err != nil {
		t.Fatal(err)
	}
	return st.Matches
}

// TestDiagonalTransformsRun: the CQL-S transforms CQL 6 cannot spell run,
// and match the games of the CQL 6 query that lists their orbit's squares.
func TestDiagonalTransformsRun(t *testing.T) {
	for _, c := range []struct{ old, cql6 string }{
		{"(position :terminal Kd4 :shiftmaindiagonal)", "cql() terminal K[a1,b2,c3,d4,e5,f6,g7,h8]"},
		{"(position :terminal Kc3 :shiftoffdiagonal)", "cql() terminal K[a5,b4,c3,d2,e1]"},
		{"(position :terminal Kc3 :shiftdiagonal)", "cql() terminal K[a1,b2,c3,d4,e5,f6,g7,h8,a5,b4,d2,e1]"},
		{"(position :terminal kg8 :flipdiagonal)", "cql() terminal k[g8,h7,a2]"},
	} {
		got, want := cqlOptionMatches(t, c.old, samplePGN), cqlOptionMatches(t, c.cql6, samplePGN)
		if got != want || want == 0 {
			t.Errorf("%s: %d games, %s: %d", c.old, got, c.cql6, want)
		}
	}
}

// TestChess960StartPositions: studies.pgn's games 2530-2625 are the
// Chess960 games that do not start from the usual position (number 518).
func TestChess960StartPositions(t *testing.T) {
	for _, c := range []struct {
		q    string
		want int
	}{
		{"(match :gamenumber 2530 2625 (position :initial :ischess960 :not (position :startposition 518)))", 96},
		{"(match (position :initial :ischess960 :not (position :startposition 518)))", 96},
		{"(match (position :initial :isshufflechess :not (position :ischess960)))", 0},
		{"(match :gamenumber 2530 2625 (position :initial :startposition 518))", 0},
	} {
		if got := cqlOptionMatches(t, c.q, studiesPGN); got != c.want {
			t.Errorf("%s: %d games, want %d", c.q, got, c.want)
		}
	}
}

// TestAccumulatorsRun: an accumulator counts the matching transformed
// copies of its list: pawns on the e-file, and each colour's pawns.
func TestAccumulatorsRun(t *testing.T) {
	for _, c := range []struct{ old, cql6 string }{
		{"(match (position Pe2 :accumulate acc :shiftvertical) (position :terminal :sumrange acc 2 8))", "cql() terminal #P[e1-8] >= 2"},
		{"(match (position :terminal Pe2 :flipcolor :accumulate* acc :sumrange acc 3 :shiftvertical :shifthorizontal))", "cql() terminal flipcolor {#P == 3}"},
	} {
		got, want := cqlOptionMatches(t, c.old, samplePGN), cqlOptionMatches(t, c.cql6, samplePGN)
		if got != want || want == 0 {
			t.Errorf("%s: %d games, %s: %d", c.old, got, c.cql6, want)
		}
	}
}

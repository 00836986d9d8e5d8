package engine

import "testing"

// TestPrefilterChangesOnlySpeed runs queries whose tag, result and
// game-number conditions the compiler hoists into the game prefilter,
// with and without it, and requires byte-identical output.
func TestPrefilterChangesOnlySpeed(t *testing.T) {
	queries := []struct{ cql, pgn string }{
		{"result 1-0 mate", gamesPGN},
		{`player white "Adams" check`, gamesPGN},
		{`not result 1/2-1/2 and year > 1990 stalemate or mate`, gamesPGN},
		{"gamenumber > 100 gamenumber <= 300 mate", studiesPGN},
		{`cql(matchcount 0 1) result 0-1 mate`, gamesPGN},
		{`year < 1950 or player white "Anand" mate comment("m")`, gamesPGN},
		{`cql(variations) result 1-0 stalemate`, samplePGN},
		{`cql(result 1-0) check`, gamesPGN}, // the header's result
		// max and min need slots of their own in the prefilter (they ran
		// out of the slot table)
		{`max(year 1900) > 1990 mate`, gamesPGN},
		{`min(gamenumber 50) < 40 mate`, studiesPGN},
	}
	for _, tc := range queries {
		t.Run(tc.cql, func(t *testing.T) {
			text := tc.cql
			if text[:3] != "cql" {
				text = "cql() " + text
			}
			q := loadText(t, text)
			if q.Program().GameFilter < 0 && q.Header().Result == "" {
				t.Fatalf("expected a game prefilter for %q", tc.cql)
			}
			outputs := make([]string, 2)
			for i, on := range []bool{true, false} {
				usePrefilter = on
				outputs[i] = runPGN(t, q, q.Options(), tc.pgn)
			}
			usePrefilter = true
			if outputs[0] == "" {
				t.Fatalf("no game matched; the case tests nothing")
			}
			if outputs[0] != outputs[1] {
				t.Fatalf("output with the prefilter differs from the output without it")
			}
		})
	}
}

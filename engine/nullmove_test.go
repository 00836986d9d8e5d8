package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCaptureFiltersOverNullMoves: the official CQL 6.2 aborts ("CQL
// internal error: qmvm cap") when a capture filter meets a null move in
// the searched tree, so its answers for those runs are skipped in the
// conformance data. cqlvm answers them: a null move moves no piece and
// captures nothing, so capture filters never match it, and the captures
// around it are found as in any game.
func TestCaptureFiltersOverNullMoves(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "null.pgn")
	// game 1: a null move in the mainline between two captures;
	// game 2: a null move in a variation, a capture in the mainline
	if err := os.WriteFile(games, []byte(`[Event "mainline null"]

1.e4 d5 2.exd5 -- 3.d6 cxd6 *

[Event "variation null"]

1.e4 d5 (1...-- 2.d4) 2.exd5 *
`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		query string
		// matched positions per game, in game order, as ply lists
		want string
	}{
		// captures are the moves into plies 3 and 6 of game 1 (2.exd5,
		// 3...cxd6) and into ply 3 of game 2 (2.exd5); the null moves
		// (into ply 4 of game 1, ply 2 of game 2's variation) capture
		// nothing
		{"cql() move previous capture .", "g1:3,6 g2:3"},
		{"cql(variations) move previous capture .", "g1:3,6 g2:3"},
		{"cql(variations) [x]", "g1:2,5 g2:2"},
		{"cql(variations) move previous null", "g1:4 g2:2"},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			q := loadText(t, c.query)
			var out strings.Builder
			o := q.Options()
			o.Inputs, o.JSON = []string{games}, &out
			if _, err := Run(q, o); err != nil {
				t.Fatal(err)
			}
			var got []string
			byGame := map[string][]string{}
			var order []string
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				if line == "" {
					continue
				}
				var rec struct{ Game, Ply int }
				if err := json.Unmarshal([]byte(line), &rec); err != nil {
					t.Fatal(err)
				}
				g := "g" + strconv.Itoa(rec.Game)
				if _, ok := byGame[g]; !ok {
					order = append(order, g)
				}
				byGame[g] = append(byGame[g], strconv.Itoa(rec.Ply))
			}
			for _, g := range order {
				got = append(got, g+":"+strings.Join(byGame[g], ","))
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("matched %q, want %q", strings.Join(got, " "), c.want)
			}
		})
	}
}

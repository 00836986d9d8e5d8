package pgn

import (
	"io"
	"os"
	"testing"
)

// TestParseHeaderAgrees: ParseHeader gives the same tags and result as a
// full Parse, for every game of the bundled corpora.
func TestParseHeaderAgrees(t *testing.T) {
	for _, name := range []string{"sample.pgn", "studies.pgn", "games.pgn"} {
		f, err := os.Open("../testdata/pgn/" + name)
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(f, name)
		var full, head Parser
		var g, h Game
		n := 0
		for {
			raw, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			full.Parse(raw, &g)
			head.ParseHeader(raw, &h)
			n++
			if len(g.Errors) > 0 {
				continue // the full parse stopped early: its result may be missing
			}
			if g.Result != h.Result {
				t.Errorf("%s game %d: result %q by Parse, %q by ParseHeader", name, raw.Number, g.Result, h.Result)
			}
			if len(g.Tags) != len(h.Tags) {
				t.Errorf("%s game %d: %d tags by Parse, %d by ParseHeader", name, raw.Number, len(g.Tags), len(h.Tags))
			}
			if len(g.Nodes) > 0 && (len(h.Nodes) != 1 || h.Nodes[0].Pos != g.Nodes[0].Pos) {
				t.Errorf("%s game %d: ParseHeader's root differs", name, raw.Number)
			}
		}
		f.Close()
		if n == 0 {
			t.Fatalf("%s: no games", name)
		}
	}
}

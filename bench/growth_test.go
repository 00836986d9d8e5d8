package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/pgn"
)

// TestSyntheticGames: the walk gives the same legal games for the same
// seed, of exactly the length asked, with a side line of
// variationPlies plies about every variationEvery plies when asked, and
// different games for another seed.
func TestSyntheticGames(t *testing.T) {
	const games, plies = 5, 100
	for _, variations := range []bool{false, true} {
		text := syntheticPGN(7, games, plies, variations)
		if !bytes.Equal(text, syntheticPGN(7, games, plies, variations)) {
			t.Fatalf("variations %v: the same seed gave two databases", variations)
		}
		if bytes.Equal(text, syntheticPGN(8, games, plies, variations)) {
			t.Errorf("variations %v: seeds 7 and 8 gave the same database", variations)
		}
		path := filepath.Join(t.TempDir(), "g.pgn")
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		n := 0
		eachGame(t, path, func(g *pgn.Game) {
			n++
			if err := g.Err(); err != nil {
				t.Errorf("game %d: %v", g.Number, err)
			}
			if got := g.MainlineLen() - 1; got != plies {
				t.Errorf("game %d: %d mainline plies, want %d", g.Number, got, plies)
			}
			// a side line is missing only where the mainline move was the
			// only legal one
			side := len(g.Nodes) - g.MainlineLen()
			most := 0
			if variations {
				most = plies / variationEvery * variationPlies
			}
			if side > most || side < most*3/4 || side%max(1, variationPlies) != 0 {
				t.Errorf("game %d (variations %v): %d positions off the mainline, want %d side lines of %d plies or a few less",
					g.Number, variations, side, most/variationPlies, variationPlies)
			}
		})
		if n != games {
			t.Errorf("variations %v: %d games, want %d", variations, n, games)
		}
	}
}

// TestWriteWrapped: no line of the movetext is longer than 79 bytes and
// no token is split.
func TestWriteWrapped(t *testing.T) {
	var tokens []string
	for i := 0; i < 200; i++ {
		tokens = append(tokens, strings.Repeat("x", 1+i%9))
	}
	var b bytes.Buffer
	writeWrapped(&b, tokens)
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if len(line) > 79 {
			t.Errorf("line of %d bytes: %q", len(line), line)
		}
	}
	if got := strings.Fields(b.String()); strings.Join(got, " ") != strings.Join(tokens, " ") {
		t.Error("the tokens changed")
	}
}

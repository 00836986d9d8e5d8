package pgn

import (
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/internal/golden"
)

var update = flag.Bool("update", false, "rewrite testdata/pgn/edge.golden")

const edgeGolden = testdataDir + "edge.golden"

// TestEdgeCorpus reads every file of testdata/pgn/edge (PGN test files of
// other parsers, see its README) and compares what happens with
// edge.golden: per file a line "file<TAB>games<TAB>errors", then one line
// per error "<TAB>game N line L col C: message". Every game must also have
// a sound tree, and every game without an error must survive a round trip
// through WriteGame. Run with -update to rewrite the golden file, then
// review the difference.
func TestEdgeCorpus(t *testing.T) {
	var got strings.Builder
	got.WriteString("# file\tgames\terrors; then one line per error: game N line L col C: message\n")
	root := testdataDir + "edge"
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pgn") {
			return err
		}
		var errs []string
		games := eachFileGame(t, path, func(raw *RawGame, g *Game) {
			checkEdgeGame(t, path, raw, g)
			for _, e := range g.Errors {
				errs = append(errs, fmt.Sprintf("\tgame %d line %d col %d: %s\n", e.Game, e.Line, e.Col, e.Msg))
			}
		})
		name, _ := filepath.Rel(root, path)
		fmt.Fprintf(&got, "%s\t%d\t%d\n", filepath.ToSlash(name), games, len(errs))
		got.WriteString(strings.Join(errs, ""))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	golden.CompareFile(t, edgeGolden, got.String(), *update, "pgn")
}

// checkEdgeGame checks one game's tree and, when it has no error, that
// writing and reading it gives the same game.
func checkEdgeGame(t *testing.T, path string, raw *RawGame, g *Game) {
	t.Helper()
	if err := checkTree(g); err != nil {
		t.Errorf("%s game %d: %v", path, raw.Number, err)
	}
	if len(g.Errors) > 1 {
		t.Errorf("%s game %d: %d errors", path, raw.Number, len(g.Errors))
	}
	if g.Err() != nil {
		return
	}
	text := writeString(t, g)
	back := parseAll(t, text)
	if len(back) != 1 || back[0].Err() != nil {
		t.Errorf("%s game %d written as\n%s\nreads back as %d games", path, raw.Number, text, len(back))
		return
	}
	if d := diffGames(g, back[0]); d != "" {
		t.Errorf("%s game %d: round trip: %s", path, raw.Number, d)
	}
}

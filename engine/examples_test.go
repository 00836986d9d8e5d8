package engine

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// exampleCount is a line of an example query that states how many games
// it matches in a bundled database: "// sample.pgn: 2 games".
var exampleCount = regexp.MustCompile(`(?m)^// (\w+\.pgn): (\d+) games?$`)

// TestExamples runs every query of examples/ on the bundled databases its
// comment names and checks the number of games it says it matches there.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob("../examples/*.cql")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 15 {
		t.Fatalf("%d example queries in examples/, want at least 15", len(files))
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".cql"), func(t *testing.T) {
			text := readText(t, file)
			if !strings.HasPrefix(text, "// ") {
				t.Fatal("the query must start with a comment saying what it finds")
			}
			counts := exampleCount.FindAllStringSubmatch(text, -1)
			if len(counts) == 0 {
				t.Fatal(`no "// sample.pgn: N games" line stating what it matches`)
			}
			q, err := Load(file, QueryOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range counts {
				want, _ := strconv.Atoi(c[2])
				o := q.Options()
				o.Inputs = []string{filepath.Join("../testdata/pgn", c[1])}
				st, err := Run(q, o)
				if err != nil {
					t.Fatal(err)
				}
				if st.Matches != want {
					t.Errorf("%s: %d games matched, the comment says %d", c[1], st.Matches, want)
				}
			}
		})
	}
}

package examples

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAllIsTheDirectory: every .cql file is an example with its
// explanation and counts, and none other.
func TestAllIsTheDirectory(t *testing.T) {
	files, _ := filepath.Glob("*.cql")
	all := All()
	if len(all) != len(files) || len(all) < 15 {
		t.Fatalf("%d examples, %d files", len(all), len(files))
	}
	for i, ex := range all {
		data, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if ex.Name+".cql" != files[i] || ex.Query != string(data) {
			t.Errorf("example %d is %s, want the file %s", i, ex.Name, files[i])
		}
		if len(ex.About) < 20 || strings.Contains(ex.About, "//") || len(ex.Counts) == 0 {
			t.Errorf("%s: explanation %q, counts %q", ex.Name, ex.About, ex.Counts)
		}
	}
	g := parse("x", "// Finds a thing.\n// On two lines.\n// sample.pgn: 2 games\ncql() mate\n// not this\n")
	if g.About != "Finds a thing. On two lines." || len(g.Counts) != 1 || g.Counts[0] != "sample.pgn: 2 games" {
		t.Errorf("parse: %+v", g)
	}
}

package engine

import (
	"os"
	"path/filepath"
	"testing"
)

// TestParsedReadsEachTextInItsLanguage: -parse reads the query file and
// the -cql text as Load does, each in its language under the dialect,
// so an old query prints as its CQL 6 translation instead of failing in
// the CQL 6 parser.
func TestParsedReadsEachTextInItsLanguage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	old := write("old.cqls", "; checks\n(match (position :check))\n")
	cql6 := write("new.cql", "cql()\nmate  check\n")
	for _, c := range []struct {
		name, path, extra string
		d                 Dialect
		want              string
	}{
		{"CQL 6 file", cql6, "", Auto, "cql()\nmate\ncheck\n"},
		{"CQL 6 file and -cql", cql6, "stalemate", Auto, "cql()\nmate\ncheck\nstalemate\n"},
		{"old file", old, "", Auto, "cql()\ncheck\n"},
		{"old file and CQL 6 -cql", old, "mate", Auto, "cql()\ncheck\nmate\n"},
		{"old -cql", "", "(match (position :mate))", Auto, "cql()\nmate\n"},
		{"old -cql by the dialect", "", "(position :mate)", CQL3, "cql()\nmate\n"},
		{"CQL 6 -cql", "", "mate check", Auto, "cql()\nmate\ncheck\n"},
	} {
		got, err := Parsed(c.path, c.extra, c.d)
		if err != nil || got != c.want {
			t.Errorf("%s: Parsed = %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	if _, err := Parsed(old, "", CQL6); err == nil {
		t.Errorf("an old query read as CQL 6 has no error")
	}
}

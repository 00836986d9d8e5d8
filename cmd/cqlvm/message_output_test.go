package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMessageOutput: the query's messages (engine's TestMessageOutput
// checks their text) go to standard output, before the summary line.
func TestMessageOutput(t *testing.T) {
	dir := t.TempDir()
	games := writeFile(t, dir, "m.pgn", "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n")
	query := writeQuery(t, dir, "cql() terminal message quiet (\"last move \" movenumber)")
	r := mustRun(t, nil, "run", "-o", filepath.Join(dir, "out.pgn"), query, games)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 3 || lines[0] != "last move 2" || lines[1] != "last move 1" || !summaryRE.MatchString(lines[2]) {
		t.Errorf("stdout: %q, want the two messages, then the summary", r.stdout)
	}
}

package main

import (
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/pgn"
)

// TestOutputBuffer: by default a long game is written whole; with
// -outputbuffer N it is cut after N bytes and marked as the official
// program marks it, and the other games are untouched. Out-of-range
// sizes are refused as the official program refuses them.
func TestOutputBuffer(t *testing.T) {
	// a 2,000-byte comment at every position of game 1 makes a long game
	query := "cql(gamenumber 1 2) comment \"" + strings.Repeat("x", 2000) + "\""
	dir := t.TempDir()
	q := writeQuery(t, dir, query)
	whole := mustRun(t, nil, "run", "-q", "-o", "-", q, samplePGN).stdout
	first, second := splitFirstGame(whole)
	if len(first) < 150_000 || second == "" {
		t.Fatalf("the first game is %d bytes of %d: too short to test the cut", len(first), len(whole))
	}
	if strings.Contains(whole, pgn.TruncatedMark) {
		t.Fatalf("the default output cut a game")
	}
	cut := mustRun(t, nil, "run", "-q", "-outputbuffer", "100001", "-o", "-", q, samplePGN).stdout
	cutFirst, cutSecond := splitFirstGame(cut)
	if want := first[:100_001] + pgn.TruncatedMark + " } * \n\n\n\n"; cutFirst != want {
		t.Errorf("the first game was not cut at 100,001 bytes: it ends %q", tail(cutFirst, 80))
	}
	if cutSecond != second {
		t.Errorf("the second game changed under -outputbuffer")
	}
	for _, n := range []string{"100000", "100000001", "-5"} {
		r := runCLI(t, nil, "run", "-q", "-outputbuffer", n, "-o", "-", q, samplePGN)
		if r.status != exitUsage || !strings.Contains(r.stderr, "-outputbuffer") {
			t.Errorf("-outputbuffer %s: exit %d, stderr %q; want a usage error", n, r.status, r.stderr)
		}
	}
}

// splitFirstGame splits PGN output after its first game.
func splitFirstGame(out string) (first, rest string) {
	i := strings.Index(out[1:], "\n[Event ")
	if i < 0 {
		return out, ""
	}
	return out[:i+2], out[i+2:]
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

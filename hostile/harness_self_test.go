//go:build hostile

package hostile

import (
	"testing"
	"time"
)

// TestHarness checks the harness on an ordinary run and server.
func TestHarness(t *testing.T) {
	r := run(t, time.Minute, nil, "run", "-cql", "mate", "-o", "/dev/null", testdata("sample.pgn"))
	r.expect(t, 0, "", 200<<20, 30*time.Second)
	if r.maxRSS <= 0 {
		t.Errorf("no peak RSS measured")
	}
	s := serve(t, testdata("sample.pgn"))
	s.alive()
	if s.peakRSS() <= 0 {
		t.Errorf("no server RSS measured")
	}
}

package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/internal/testinput"
)

// TestTimeoutStopsTheRun: an endless input is searched until --timeout,
// then the run ends with exit status 6 and one line that says so and
// how far it got.
func TestTimeoutStopsTheRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.pgn")
	start := time.Now()
	r := runCLI(t, &testinput.Endless{}, "run", "-q", "--timeout", "300ms", "-cql", "check", "-o", out, "-")
	took := time.Since(start)
	if r.status != exitTimeout {
		t.Fatalf("exit %d, want %d; stderr %s", r.status, exitTimeout, r.stderr)
	}
	if !strings.HasPrefix(r.stderr, "cqlvm: stopped after the --timeout of 300ms: ") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr %q, want one line about the --timeout", r.stderr)
	}
	if took > 300*time.Millisecond+timeoutGrace {
		t.Errorf("took %v", took)
	}
	if text := readText(t, out); !strings.HasSuffix(text, "*\n\n") && text != "" {
		t.Errorf("the output ends inside a game: %q", text[max(0, len(text)-100):])
	}
}

// TestTimeoutEndsAStuckRun: a run waiting for an input that never comes
// ends too, timeoutGrace after its --timeout.
func TestTimeoutEndsAStuckRun(t *testing.T) {
	idle, w := io.Pipe()
	defer w.Close()
	start := time.Now()
	r := runCLI(t, idle, "run", "-q", "--timeout", "100ms", "-cql", "check", "-o", "-", "-")
	took := time.Since(start)
	if r.status != exitTimeout || !strings.Contains(r.stderr, "stopped after the --timeout of 100ms: the run did not stop") {
		t.Fatalf("exit %d, stderr %q; want %d and the --timeout", r.status, r.stderr, exitTimeout)
	}
	if took > 100*time.Millisecond+timeoutGrace+time.Second {
		t.Errorf("took %v", took)
	}
}

func TestTimeoutFlagErrors(t *testing.T) {
	r := runCLI(t, nil, "run", "--timeout", "-1s", "-cql", "check", samplePGN)
	if r.status != exitUsage || !strings.Contains(r.stderr, "--timeout") {
		t.Errorf("exit %d, stderr %q", r.status, r.stderr)
	}
}

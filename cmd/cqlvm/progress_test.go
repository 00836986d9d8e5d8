package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestProgressText(t *testing.T) {
	cases := []struct {
		spent                       time.Duration
		games, matches, read, total int64
		want                        string
	}{
		{2 * time.Second, 41200, 312, 27, 100, "cqlvm: 41,200 games  20,600 games/s  312 matches  27%  ETA 0:05"},
		{10 * time.Second, 1500, 0, 500, -1, "cqlvm: 1,500 games  150 games/s  0 matches"},                      // size unknown
		{3600 * time.Second, 9, 1, 1, 4, "cqlvm: 9 games  0 games/s  1 matches  25%  ETA 3:00:00"},              // hours
		{time.Second, 5, 0, 150, 100, "cqlvm: 5 games  5 games/s  0 matches  100%  ETA 0:00"},                   // zip directory read twice
		{0, 0, 0, 0, 100, "cqlvm: 0 games  0 matches"},                                                          // nothing yet
		{time.Second, 1234567, 7654321, 0, 100, "cqlvm: 1,234,567 games  1,234,567 games/s  7,654,321 matches"}, // nothing read
	}
	for _, c := range cases {
		if got := progressText(c.spent, c.games, c.matches, c.read, c.total); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

// TestProgressLineDrawsAndErases runs a real search with --progress
// always: the line is redrawn with a carriage return, cut to the
// terminal width, and erased at the end, so that the summary starts on a
// clean line.
func TestProgressLineDrawsAndErases(t *testing.T) {
	dir := t.TempDir()
	var stdout bytes.Buffer
	stderr := &syncBuffer{}
	c := &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: stderr, termWidth: 40}
	// a slow enough run: every position of games.pgn is searched for a
	// queen attacking 20 squares
	args := []string{"run", "--progress", "always", "-threads", "1", "-o", filepath.Join(dir, "o.pgn"),
		writeQuery(t, dir, "cql() flipcolor {. attackedby Q >= 20}"), gamesPGN, gamesPGN}
	if status := c.main(args); status != exitOK {
		t.Fatalf("exit %d: %s", status, stderr.String())
	}
	text := stderr.String()
	if !strings.Contains(text, "\rcqlvm: ") {
		t.Skipf("the run ended before the first redraw (%v); nothing to check", progressInterval)
	}
	for _, line := range strings.Split(text, "\r") {
		line = strings.TrimSuffix(line, "\x1b[K")
		if len(line) >= 40 {
			t.Errorf("line %q is not cut to the terminal width", line)
		}
	}
	if !strings.HasSuffix(text, "\r\x1b[K") {
		t.Errorf("the line is not erased at the end: %q", text[max(0, len(text)-80):])
	}
	if !summaryRE.MatchString(stdout.String()) {
		t.Errorf("no summary on stdout: %q", stdout.String())
	}
}

// TestNoProgressWithoutTerminal: by default (auto) and with -q nothing
// but the summary appears when stderr is not a terminal.
func TestNoProgressWithoutTerminal(t *testing.T) {
	dir := t.TempDir()
	query := writeQuery(t, dir, "cql() check")
	for _, flags := range [][]string{nil, {"-q"}, {"--progress", "never"}, {"--no-progress"}} {
		args := append(append([]string{"run"}, flags...), "-o", filepath.Join(dir, "o.pgn"), query, gamesPGN)
		r := mustRun(t, nil, args...)
		if r.stderr != "" {
			t.Errorf("%v: stderr %q, want nothing", flags, r.stderr)
		}
	}
}

// syncBuffer is a goroutine-safe buffer, standing for a terminal.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *syncBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *syncBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

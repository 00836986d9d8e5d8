//go:build hostile

package hostile

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/internal/testinput"
)

// TestHostileWrittenFileOverInput names the input, a symbolic link to
// it, a hard link to it and the query as the files a run writes: each is
// refused with exit status 2 and the input and query stay byte for byte.
func TestHostileWrittenFileOverInput(t *testing.T) {
	dir := t.TempDir()
	games, err := os.ReadFile(testdata("sample.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in.pgn")
	if err := os.WriteFile(in, games, 0o644); err != nil {
		t.Fatal(err)
	}
	sym, hard := filepath.Join(dir, "sym.pgn"), filepath.Join(dir, "hard.pgn")
	if err := os.Symlink(in, sym); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	query := filepath.Join(dir, "q.cql")
	os.WriteFile(query, []byte("cql() mate\n"), 0o644)
	header := filepath.Join(dir, "h.cql")
	os.WriteFile(header, []byte("cql(input in.pgn output hard.pgn) mate\n"), 0o644)
	out := filepath.Join(dir, "out.pgn")
	for _, args := range [][]string{
		{"-cpuprofile", in, "-o", out, query, in},
		{"-memprofile", hard, "-o", out, query, in},
		{"--html", sym, "-o", out, query, in},
		{"-o", sym, query, in},
		{"-o", query, query, in},
		{"--shard", "1/2", "-o", out, "--shard-summary", hard, query, in},
		{header},
	} {
		r := run(t, time.Minute, nil, append([]string{"run", "-q"}, args...)...)
		r.expect(t, 2, "cqlvm would overwrite it", 0, 10*time.Second)
		if got, _ := os.ReadFile(in); !bytes.Equal(got, games) {
			t.Fatalf("cqlvm run %s changed the input", strings.Join(args, " "))
		}
		if q, _ := os.ReadFile(query); string(q) != "cql() mate\n" {
			t.Fatalf("cqlvm run %s changed the query", strings.Join(args, " "))
		}
	}
}

// TestHostileRuntimeFatalError makes the program die of a real fatal
// error of the Go runtime (a stack overflow, under the test-only
// CQLVM_TEST_FATAL): one line and exit status 5, not the runtime's
// report and its status 2.
func TestHostileRuntimeFatalError(t *testing.T) {
	t.Setenv("CQLVM_TEST_FATAL", "stack")
	t.Setenv("CQLVM_DEBUG", "")
	r := run(t, time.Minute, nil, "run", "-q", "-cql", "mate", testdata("sample.pgn"), "-o", "-")
	r.expect(t, 5, "cqlvm: the Go runtime stopped cqlvm: stack overflow", 200<<20, 10*time.Second)
	if n := strings.Count(r.stderr, "\n"); n != 1 {
		t.Errorf("%d lines on stderr, want 1: %.1000s", n, r.stderr)
	}
}

// TestHostileEndlessInputTimeout: an input that never ends, and one that
// never sends anything, are both stopped by --timeout with exit status 6
// and a line naming it.
func TestHostileEndlessInputTimeout(t *testing.T) {
	r := run(t, time.Minute, &testinput.Endless{}, "run", "-q", "--timeout", "2s", "-cql", "check", "-o", os.DevNull, "-")
	r.expect(t, 6, "stopped after the --timeout of 2s", 500<<20, 6*time.Second)
	idle, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r = run(t, time.Minute, io.Reader(idle), "run", "-q", "--timeout", "1s", "-cql", "check", "-o", os.DevNull, "-")
	idle.Close()
	r.expect(t, 6, "stopped after the --timeout of 1s: the run did not stop", 200<<20, 6*time.Second)
}

// TestHostileMergeEditedInput: an input edited in place between the
// shards and the merge, keeping its size and modification time, would
// lose or double games silently; the merge refuses it, naming the input.
func TestHostileMergeEditedInput(t *testing.T) {
	dir := t.TempDir()
	games, err := os.ReadFile(testdata("games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "g.pgn")
	os.WriteFile(in, games, 0o644)
	run(t, time.Minute, nil, "index", in).expect(t, 0, "", 0, 30*time.Second)
	var parts []string
	for i := 1; i <= 2; i++ {
		part := filepath.Join(dir, fmt.Sprintf("p%d.pgn", i))
		run(t, time.Minute, nil, "run", "-q", "--shard", fmt.Sprintf("%d/2", i), "-cql", "check", "-o", part, in).expect(t, 0, "", 0, 30*time.Second)
		parts = append(parts, part)
	}
	st, _ := os.Stat(in)
	i := bytes.Index(games[len(games)/2:], []byte("[White \"")) + len(games)/2
	edited := bytes.Clone(games)
	edited[i+8] ^= 0x20 // a player's name changes case
	os.WriteFile(in, edited, 0o644)
	os.Chtimes(in, st.ModTime(), st.ModTime())
	out := filepath.Join(dir, "merged.pgn")
	r := run(t, time.Minute, nil, append([]string{"merge", "-o", out}, parts...)...)
	r.expect(t, 3, "input "+in+" changed since shard", 0, 30*time.Second)
	if _, err := os.Stat(out); err == nil {
		t.Error("a merged output was left")
	}
}

// TestHostileDiagnosticsBounded: a game with a 50 MB token gives one
// diagnostic line of a readable length, not the token echoed; 100,000
// broken games give one short line each.
func TestHostileDiagnosticsBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.pgn")
	token := bytes.Repeat([]byte("x"), 50<<20)
	game := append(append([]byte("[Event \"a\"]\n\n1. e4 e5 2. Nf3"), token...), " *\n\n[Event \"b\"]\n\n1. d4 *\n"...)
	os.WriteFile(big, game, 0o644)
	r := run(t, time.Minute, nil, "run", "-q", "-cql", "check", "-o", os.DevNull, big)
	r.expect(t, 0, "unknown token Nf3xxx", 600<<20, 30*time.Second)
	checkLines(t, r.stderr, 1, 400)

	var broken bytes.Buffer
	for i := 0; i < 100_000; i++ {
		fmt.Fprintf(&broken, "[Event \"%d\"]\n\n1. e4 e5 2. Ke3 *\n\n", i)
	}
	many := filepath.Join(dir, "many.pgn")
	os.WriteFile(many, broken.Bytes(), 0o644)
	r = run(t, 2*time.Minute, nil, "run", "-q", "-cql", "check", "-o", os.DevNull, many)
	r.expect(t, 0, "illegal move", 500<<20, 90*time.Second)
	checkLines(t, r.stderr, 100_000, 400) // the summary is on stdout
}

// checkLines checks that text has n lines, none longer than max bytes.
func checkLines(t *testing.T, text string, n, max int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != n {
		t.Errorf("%d lines, want %d", len(lines), n)
	}
	for _, l := range lines {
		if len(l) > max {
			t.Errorf("a line of %d bytes: %.300s", len(l), l)
			return
		}
	}
}

// TestHostileServeSupervised: cqlvm serve runs under the supervisor, the
// harness measures the child that does the work, and the child dies
// with a supervisor that is killed (SIGKILL cannot be passed on).
func TestHostileServeSupervised(t *testing.T) {
	s := serve(t, testdata("sample.pgn"))
	s.alive()
	child := worker(s.cmd.Process.Pid)
	if child == s.cmd.Process.Pid {
		t.Fatal("cqlvm serve has no supervised child")
	}
	s.cmd.Process.Kill()
	s.cmd.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child))
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return // gone, or a zombie waiting for init
		}
		if time.Now().After(deadline) {
			t.Fatalf("the child %d outlived its killed supervisor: %s", child, stat)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

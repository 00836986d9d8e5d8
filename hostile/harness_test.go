//go:build hostile

package hostile

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bin is the cqlvm program under test, built once by TestMain.
var bin string

// repo is the repository's top directory.
var repo string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cqlvm-hostile")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	wd, _ := os.Getwd()
	repo = filepath.Dir(wd)
	bin = filepath.Join(dir, "cqlvm")
	build := exec.Command("go", "build", "-o", bin, "./cmd/cqlvm")
	build.Env = append(os.Environ(), "CGO_ENABLED=0") // as make build
	build.Dir = repo
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building cqlvm:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// testdata names a file of the repository's testdata/pgn.
func testdata(name string) string { return filepath.Join(repo, "testdata", "pgn", name) }

// shared names a file of ../shared/data, skipping the test when the
// shared data are not beside the checkout.
func shared(t *testing.T, name string) string {
	p := filepath.Join(repo, "..", "shared", "data", name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("needs %s (../shared/data beside the checkout): %v", name, err)
	}
	return p
}

// result is what one run of the program did.
type result struct {
	stdout, stderr string
	code           int
	maxRSS         int64 // bytes (of the supervised child too: wait4 counts the descendants it reaped)
	elapsed        time.Duration
	timedOut       bool
}

// run runs cqlvm with args, standard input stdin (nil: none), killing it
// after limit. The test fails if it could not start.
func run(t *testing.T, limit time.Duration, stdin io.Reader, args ...string) result {
	t.Helper()
	shrinkBeforeFork()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String(), elapsed: time.Since(start), timedOut: ctx.Err() != nil}
	if cmd.ProcessState == nil {
		t.Fatalf("cqlvm %s: %v", strings.Join(args, " "), err)
	}
	r.code = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = ru.Maxrss << 10
	}
	return r
}

// expect checks a run's exit status, that its standard error contains
// want (when not empty), and bounds its memory and time.
func (r result) expect(t *testing.T, code int, want string, maxRSS int64, maxTime time.Duration) {
	t.Helper()
	if r.timedOut {
		t.Errorf("killed after %v (not ended by its own limits); stderr: %.500s", r.elapsed, r.stderr)
		return
	}
	if r.code != code {
		t.Errorf("exit status %d, want %d; stderr: %.1000s", r.code, code, r.stderr)
	}
	if want != "" && !strings.Contains(r.stderr, want) {
		t.Errorf("stderr does not say %q: %.1000s", want, r.stderr)
	}
	if strings.Contains(r.stderr, "goroutine ") || strings.Contains(r.stderr, "fatal error") {
		t.Errorf("a Go crash: %.1000s", r.stderr)
	}
	if maxRSS > 0 && r.maxRSS > maxRSS {
		t.Errorf("peak RSS %d MiB, over %d MiB", r.maxRSS>>20, maxRSS>>20)
	}
	if maxTime > 0 && r.elapsed > maxTime {
		t.Errorf("took %v, over %v", r.elapsed, maxTime)
	}
	t.Logf("exit %d, %v, peak RSS %d MiB; stderr: %.300s", r.code, r.elapsed.Round(time.Millisecond), r.maxRSS>>20, r.stderr)
}

// server is a running `cqlvm serve`.
type server struct {
	URL  string
	Addr string
	cmd  *exec.Cmd
	t    *testing.T
}

// serve starts `cqlvm serve` on a free loopback port with args (flags
// and databases), and stops it at the end of the test.
func serve(t *testing.T, args ...string) *server {
	t.Helper()
	shrinkBeforeFork()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, t: t}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if errb.Len() > 0 {
			t.Logf("server stderr: %.2000s", errb.String())
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("cqlvm serve did not start: %v; stderr: %s", err, errb.String())
	}
	// "cqlvm serve: http://127.0.0.1:PORT/ (Ctrl+C stops it)"
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("cqlvm serve said %q", line)
	}
	s.URL = strings.Fields(line[i:])[0]
	s.URL = strings.TrimSuffix(s.URL, "/")
	s.Addr = strings.TrimPrefix(s.URL, "http://")
	go io.Copy(io.Discard, stdout)
	return s
}

// peakRSS is the server's peak resident memory so far (VmHWM).
func (s *server) peakRSS() int64 { return procStatus(s.t, worker(s.cmd.Process.Pid), "VmHWM:") }

// rss is the server's resident memory now (VmRSS).
func (s *server) rss() int64 { return procStatus(s.t, worker(s.cmd.Process.Pid), "VmRSS:") }

// worker is the process that does the work of the cqlvm process pid:
// its child, which cqlvm supervises (cmd/cqlvm/internal/supervise), or
// pid itself when it has none.
func worker(pid int) int {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, task := range tasks {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", pid, task.Name()))
		if f := strings.Fields(string(b)); len(f) > 0 {
			if child, err := strconv.Atoi(f[0]); err == nil {
				return child
			}
		}
	}
	return pid
}

func procStatus(t *testing.T, pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("reading the server's status: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			f := strings.Fields(rest)
			n, _ := strconv.ParseInt(f[0], 10, 64)
			return n << 10
		}
	}
	return -1
}

// alive checks that the server still answers /api/info.
func (s *server) alive() {
	s.t.Helper()
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Get(s.URL + "/api/info")
	if err != nil {
		s.t.Fatalf("the server no longer answers: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		s.t.Fatalf("the server answers /api/info with %s", resp.Status)
	}
}

// shrinkBeforeFork brings the test process's peak resident size down to
// what it holds now before it starts cqlvm: Go starts a program with
// vfork, and Linux carries the peak of the memory the exec leaves (the
// test's, shared) into the peak that wait4 reports for the program, so
// the inputs an earlier test built would count as cqlvm's memory. The
// free memory goes back to the system, then writing 5 to clear_refs
// resets the peak to the resident size.
func shrinkBeforeFork() {
	debug.FreeOSMemory()
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRuntimeFatalErrorIsOneLine: a child that dies of a real fatal
// error of the Go runtime (a stack overflow) ends cqlvm with exit status
// 5 and one line, not the runtime's status 2 and its report; a panic no
// one recovered is an internal error, status 4.
func TestRuntimeFatalErrorIsOneLine(t *testing.T) {
	for _, c := range []struct {
		how  string
		code int
		want string
	}{
		{"stack", exitRuntime, "cqlvm: the Go runtime stopped cqlvm: stack overflow (exit status 5;"},
		{"panic", exitInternal, "cqlvm: internal error: CQLVM_TEST_FATAL=panic (this is a bug in cqlvm;"},
		{"abort", exitRuntime, "cqlvm: the Go runtime stopped cqlvm: SIGABRT: abort (exit status 5;"},
		{"silent", exitRuntime, "cqlvm: the Go runtime stopped cqlvm: it exited with status 2 and no report (exit status 5;"},
	} {
		t.Run(c.how, func(t *testing.T) {
			code, _, stderr := runAsMain(t, "", []string{"CQLVM_TEST_FATAL=" + c.how, "CQLVM_DEBUG="}, "run", "-q", "-cql", "check", samplePGN, "-o", "-")
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr %s", code, c.code, stderr)
			}
			if !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("stderr is not the one line %q...:\n%s", c.want, stderr)
			}
		})
	}
	t.Run("under the name cql", func(t *testing.T) {
		code, _, stderr := runNamed(t, "cql", "", []string{"CQLVM_TEST_FATAL=stack", "CQLVM_DEBUG="}, "-i", samplePGN, "-cql", "check", "-o", "-")
		if code != exitRuntime || !strings.HasPrefix(stderr, "cqlvm: the Go runtime stopped cqlvm: stack overflow") {
			t.Errorf("exit %d, stderr %.500s", code, stderr)
		}
	})
	t.Run("debug keeps the report", func(t *testing.T) {
		code, _, stderr := runAsMain(t, "", []string{"CQLVM_TEST_FATAL=stack", "CQLVM_DEBUG=1"}, "check", samplePGN)
		if code != exitRuntime || !strings.Contains(stderr, "fatal error: stack overflow") || !strings.Contains(stderr, "goroutine ") {
			t.Errorf("exit %d, stderr %.500s; want %d and the runtime's report", code, stderr, exitRuntime)
		}
	})
}

// TestSupervisedRunIsTheSame: under the supervisor, standard input and
// output pass through unchanged and the statuses are the command's.
func TestSupervisedRunIsTheSame(t *testing.T) {
	games := readText(t, samplePGN)
	code, stdout, stderr := runAsMain(t, games, nil, "run", "-q", "-cql", "mate", "-o", "-", "-")
	direct := mustRun(t, strings.NewReader(games), "run", "-q", "-cql", "mate", "-o", "-", "-")
	seconds := regexp.MustCompile(`in [0-9.]+ seconds`)
	if code != exitOK || stdout != direct.stdout || seconds.ReplaceAllString(stderr, "") != seconds.ReplaceAllString(direct.stderr, "") {
		t.Errorf("supervised: exit %d, %d bytes out, stderr %q; in process: %d bytes, %q", code, len(stdout), stderr, len(direct.stdout), direct.stderr)
	}
	if code, _, stderr := runAsMain(t, "", nil, "run", "-frobnicate"); code != exitUsage || !strings.Contains(stderr, "unknown flag -frobnicate") {
		t.Errorf("bad usage: exit %d, stderr %q", code, stderr)
	}
}

// TestSupervisorPassesSignals: SIGTERM sent to cqlvm reaches the child
// at work, and cqlvm dies of it as the child did.
func TestSupervisorPassesSignals(t *testing.T) {
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "run", "-q", "-cql", "check", "-o", os.DevNull, "-")
	cmd.Env = append(os.Environ(), asMainEnv+"=1")
	idle, err := cmd.StdinPipe() // never written: the child waits for games
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	child := waitForChild(t, cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("cqlvm did not end on SIGTERM")
	}
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("cqlvm ended %v, want killed by SIGTERM", cmd.ProcessState)
	}
	if b, err := os.ReadFile("/proc/" + child + "/stat"); err == nil && !strings.Contains(string(b), ") Z ") {
		t.Errorf("the child %s lives on: %s", child, b)
	}
}

// waitForChild returns the process id of pid's child, once it has one.
func waitForChild(t *testing.T, pid int) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
		for _, task := range tasks {
			b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + task.Name() + "/children")
			if f := strings.Fields(string(b)); len(f) > 0 {
				return f[0]
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("cqlvm started no child")
	return ""
}

// TestInterruptErasesProgressLine: Ctrl+C during a run with its progress
// line erases the line before the process ends by the signal, so that
// neither the line nor the shell's prompt glued to it stays on the
// terminal.
func TestInterruptErasesProgressLine(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command(exe, "run", "--progress", "always", "-threads", "1", "-O0", "-o", dir+"/o.pgn",
		"-cql", "piece Z in [Pp] { find <-- { pin from Z } }", gamesPGN, gamesPGN, gamesPGN)
	cmd.Env = append(os.Environ(), asMainEnv+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var seen []byte
	buf := make([]byte, 4096)
	for !bytes.Contains(seen, []byte("\rcqlvm: ")) {
		n, err := stderr.Read(buf)
		if err != nil {
			cmd.Process.Kill()
			t.Fatalf("the run ended before its progress line: %q", seen)
		}
		seen = append(seen, buf[:n]...)
	}
	cmd.Process.Signal(syscall.SIGINT)
	rest, _ := io.ReadAll(stderr)
	seen = append(seen, rest...)
	cmd.Wait()
	ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("ended with %v, want death by SIGINT", cmd.ProcessState)
	}
	if !bytes.HasSuffix(seen, []byte("\r\x1b[K")) {
		t.Errorf("the progress line is not erased at the end: %q", seen[max(0, len(seen)-120):])
	}
}

// TestSupervisorBuildsNoEngine: the supervisor starts its child from its
// package's initializer, before the packages of the engine, the compiler
// and the server are initialized, so a run initializes them once (in the
// child), not twice. The Go runtime's trace of package initializers
// (GODEBUG=inittrace=1) shows each package once per process that
// initialized it.
func TestSupervisorBuildsNoEngine(t *testing.T) {
	code, _, stderr := runAsMain(t, "", []string{"GODEBUG=inittrace=1"}, "run", "-q", "-cql", "check", samplePGN, "-o", os.DevNull)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	count := func(pkg string) int { return strings.Count(stderr, "init "+pkg+" @") }
	if n := count("runtime"); n != 2 {
		t.Fatalf("the runtime was initialized %d times, want 2 (supervisor and child):\n%.2000s", n, stderr)
	}
	for _, pkg := range []string{"github.com/cqlvm/cqlvm/compiler/syntax", "github.com/cqlvm/cqlvm/vm", "github.com/cqlvm/cqlvm/compiler/cqls", "net/http"} {
		if n := count(pkg); n != 1 {
			t.Errorf("%s was initialized %d times, want once (in the child only)", pkg, n)
		}
	}
}

//go:build linux

// Package supervise runs cqlvm's command in a child process and stays
// beside it, so that a fatal error of the Go runtime ends cqlvm with one
// line and its own exit status.
//
// It does so from its package initializer, which the Go runtime runs
// before those of the engine, the compiler and the server (it imports
// none of them, and its import path sorts before theirs): the
// supervisor, which only waits, never builds their tables or allocates
// their memory, and a run pays for them once, in the child.
package supervise

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
	"unsafe"
)

// Exit statuses of cqlvm that the supervisor gives (cmd/cqlvm's main.go
// documents them all).
const (
	exitUsage    = 2
	exitInternal = 4
	exitRuntime  = 5
)

// AtExit, when set, is called by cqlvm as its command ends by itself: a
// supervised child tells its supervisor so.
var AtExit func()

// testAsMainEnv makes a Go test binary of cmd/cqlvm be cqlvm
// (helpers_test.go); any other test binary is not supervised.
const testAsMainEnv = "CQLVM_TEST_AS_MAIN"

func init() {
	if isGoTest() {
		return
	}
	if status, ok := supervised(os.Args); ok {
		os.Exit(status)
	}
}

// isGoTest reports whether this process is a Go test binary that was not
// asked to be cqlvm.
func isGoTest() bool {
	return strings.HasSuffix(os.Args[0], ".test") && os.Getenv(testAsMainEnv) == ""
}

// A fatal error of the Go runtime (out of memory, a stack overflow, a
// concurrent map write) cannot be recovered: the runtime prints its
// report on file descriptor 2 and exits with status 2, the status of bad
// usage. So cqlvm runs its command in a child process, the same program,
// and stays beside it as a supervisor: the child's standard input and
// output are the supervisor's own (passed, not copied), and so is its
// os.Stderr, passed as descriptor 3; only the child's descriptor 2,
// where nothing but the Go runtime writes, is a pipe to the supervisor.
// A child that ends by itself writes endMark on descriptor 2 just before
// it exits. When the child exits without it, the runtime stopped it: a
// fatal error, a crash on a signal (SIGABRT when a thread cannot be
// made), or an end too abrupt to say anything; the supervisor prints one
// line and exits with status 5 (exitRuntime); an unrecovered panic
// becomes an internal error (status 4). Any other end is passed on as
// it is: the child's exit status, or death by the same signal.

// supervisorEnv marks the child: its value is the supervisor's process
// id, so that a cqlvm started by the child is supervised anew.
const supervisorEnv = "CQLVM_SUPERVISOR"

// childStderrFD is the child's standard error for everything but the
// Go runtime.
const childStderrFD = 3

// endMark is what a child writes on descriptor 2 as it ends by itself.
const endMark = "\x00cqlvm: the command ended\x00"

// crashReportBytes is how much of the runtime's report the supervisor
// keeps: the reason is in its first lines.
const crashReportBytes = 64 << 10

// supervised runs the command line in a child process and returns the
// exit status to end with; ok is false when this process is the child,
// or the child could not be started, or the command is one that does no
// work (help, version), and must run the command itself.
func supervised(args []string) (status int, ok bool) {
	if isSupervisedChild() {
		becomeChild()
		return 0, false
	}
	if !worthSupervising(args[1:]) {
		return 0, false
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, false
	}
	crashR, crashW, err := os.Pipe()
	if err != nil {
		return 0, false
	}
	// os.StartProcess, not os/exec: os/exec's imports are initialized
	// after the engine's packages (see the package comment)
	attr := &os.ProcAttr{
		Files: []*os.File{os.Stdin, os.Stdout, crashW, os.Stderr}, // os.Stderr is the child's childStderrFD
		Env:   append(os.Environ(), supervisorEnv+"="+strconv.Itoa(os.Getpid())),
		// the child dies with its supervisor (killed by SIGKILL, which
		// cannot be forwarded); the signal is sent when the thread that
		// started the child ends, so that thread stays the main one
		Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}}
	runtime.LockOSThread()
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	child, err := os.StartProcess(exe, args, attr)
	if err != nil {
		signal.Stop(signals)
		crashR.Close()
		crashW.Close()
		return 0, false
	}
	crashW.Close()
	// a signal meant for cqlvm goes to the child (one from the terminal
	// reaches it too: the first ends it, as it would end cqlvm)
	go func() {
		for s := range signals {
			child.Signal(s)
		}
	}()
	report := readCrashReport(crashR, debugging())
	state, err := child.Wait()
	signal.Stop(signals)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cqlvm: the supervisor lost its child: %v\n", err)
		return exitInternal, true
	}
	return childEnd(state, report()), true
}

// worthSupervising reports whether a command line does work that the
// runtime could stop: not help or version, whose output is all they do.
func worthSupervising(args []string) bool {
	if len(args) == 0 {
		return false
	}
	switch args[0] {
	case "help", "-help", "--help", "-h", "version", "-version", "--version", "-v":
		return false
	}
	return true
}

// isSupervisedChild reports whether this process is a supervisor's child.
func isSupervisedChild() bool {
	return os.Getenv(supervisorEnv) != "" && os.Getenv(supervisorEnv) == strconv.Itoa(os.Getppid())
}

// becomeChild points os.Stderr (and the log package) at the supervisor's
// standard error, leaving descriptor 2 to the Go runtime.
func becomeChild() {
	AtExit = func() { syscall.Write(2, []byte(endMark)) }
	os.Unsetenv(supervisorEnv)
	syscall.CloseOnExec(childStderrFD)
	os.Stderr = os.NewFile(childStderrFD, "/dev/stderr")
	log.SetOutput(os.Stderr)
}

// debugging reports whether CQLVM_DEBUG asks for the runtime's whole
// report.
func debugging() bool { return os.Getenv("CQLVM_DEBUG") != "" }

// crashReport is what the child wrote on descriptor 2: the first
// crashReportBytes of it, and whether the child ended by itself.
type crashReport struct {
	kept  bytes.Buffer
	ended bool
	copy  io.Writer // when debugging: standard error, which gets all of it
}

func (c *crashReport) Write(p []byte) (int, error) {
	n := len(p)
	if bytes.Contains(p, []byte(endMark)) { // one write, under the pipe's atomic size
		c.ended = true
		p = bytes.ReplaceAll(p, []byte(endMark), nil)
	}
	if room := crashReportBytes - c.kept.Len(); room > 0 {
		c.kept.Write(p[:min(room, len(p))])
	}
	if c.copy != nil {
		c.copy.Write(p)
	}
	return n, nil
}

// readCrashReport reads what the child writes on descriptor 2 (copying
// all of it to standard error when debugging); the function it returns
// waits for the end of it.
func readCrashReport(r *os.File, debug bool) func() *crashReport {
	report := &crashReport{}
	if debug {
		report.copy = os.Stderr
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer r.Close()
		io.Copy(report, r)
	}()
	return func() *crashReport {
		// a descendant of the child may hold the pipe open: wait a little
		select {
		case <-done:
		case <-time.After(time.Second):
		}
		return report
	}
}

// childEnd is the exit status the supervisor ends with for a child that
// ended as st, having written report on its descriptor 2.
func childEnd(st *os.ProcessState, report *crashReport) int {
	text := report.kept.Bytes()
	passOn := func() {
		if report.copy == nil { // else it was copied as it came
			os.Stderr.Write(text)
		}
	}
	if !report.ended {
		// the child may have left its progress line: the message
		// starts on a clean line
		eraseTerminalLine()
	}
	ws, _ := st.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		passOn()
		return dieLike(ws.Signal())
	}
	code := st.ExitCode()
	if report.ended || code != exitUsage {
		passOn()
		return code
	}
	msg, status := runtimeEnd(text)
	if status == 0 { // the user asked for the runtime's report (SIGQUIT)
		passOn()
		return code
	}
	fmt.Fprintln(os.Stderr, msg)
	return status
}

// eraseTerminalLine erases the line under the cursor when standard error
// is a terminal.
func eraseTerminalLine() {
	if isTerminal(os.Stderr) {
		io.WriteString(os.Stderr, "\r\x1b[K")
	}
}

// runtimeEnd reads the Go runtime's report of how it stopped the child
// (with status 2): a panic no one recovered (exitInternal), else a fatal
// error (exitRuntime), with the one line that says so; status 0 for the
// goroutine dump that SIGQUIT asks for.
func runtimeEnd(report []byte) (msg string, status int) {
	if reason, ok := reportLine(report, "panic: "); ok && !bytes.Contains(report, []byte("\nfatal error: ")) {
		return fmt.Sprintf("cqlvm: internal error: %s (this is a bug in cqlvm; please report it with the query and the game; CQLVM_DEBUG=1 prints a stack trace)", reason), exitInternal
	}
	if bytes.HasPrefix(report, []byte("SIGQUIT: ")) {
		return "", 0
	}
	reason := runtimeReason(report)
	return fmt.Sprintf("cqlvm: the Go runtime stopped cqlvm: %s (exit status %d; a limit cqlvm lacks, or a bug: please report it with the query and the games; CQLVM_DEBUG=1 shows the runtime's report)",
		reason, exitRuntime), exitRuntime
}

// runtimeReason is the reason a runtime report gives: its "fatal error"
// line, else its first line (a crash on a signal: "runtime/cgo:
// pthread_create failed: ..." before "SIGABRT: abort").
func runtimeReason(report []byte) string {
	if reason, ok := reportLine(report, "fatal error: "); ok {
		return reason
	}
	first, _, _ := bytes.Cut(bytes.TrimSpace(report), []byte("\n"))
	if len(first) == 0 {
		return "it exited with status 2 and no report"
	}
	return truncateText(string(first), 200)
}

// reportLine finds the first line of report that starts with prefix and
// returns the rest of it, cut short.
func reportLine(report []byte, prefix string) (string, bool) {
	for line := range bytes.Lines(report) {
		if rest, ok := bytes.CutPrefix(line, []byte(prefix)); ok {
			rest = bytes.TrimPrefix(bytes.TrimSpace(rest), []byte("runtime: "))
			return truncateText(string(rest), 200), true
		}
	}
	return "", false
}

// dieLike ends the supervisor by the signal that ended the child, so that
// a shell sees what it would have seen without a supervisor (a loop
// stops on Ctrl+C); 128+signal if it survives.
func dieLike(sig syscall.Signal) int {
	if sig == syscall.SIGKILL {
		fmt.Fprintln(os.Stderr, "cqlvm: killed (SIGKILL), by a user or by the system when memory ran out")
	}
	signal.Reset(sig)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(100 * time.Millisecond)
	return 128 + int(sig)
}

// truncateText cuts s to about n bytes, on a character boundary, saying
// how much was left out: a line of a message never grows with what it
// echoes.
func truncateText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes more)", s[:cut], len(s)-cut)
}

// isTerminal reports whether f is a terminal (it has terminal
// attributes). The supervisor asks the kernel itself: a package that
// would ask for it is initialized after the engine's packages, and so
// would make the supervisor wait for them.
func isTerminal(f *os.File) bool {
	var attrs syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&attrs)))
	return errno == 0
}

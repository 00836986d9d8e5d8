package main

import (
	"bytes"
	"crypto/md5"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const (
	samplePGN  = "../../testdata/pgn/sample.pgn"
	studiesPGN = "../../testdata/pgn/studies.pgn"
	gamesPGN   = "../../testdata/pgn/games.pgn"
)

// conformanceDir holds the conformance suite (engine's TestConformance
// runs it), whose cases the official-output tests also run.
const conformanceDir = "../../testdata/conformance"

// summaryRE reads the summary line of a run.
var summaryRE = regexp.MustCompile(`(\d+) matches of (\d+) games`)

// invocation is the outcome of one command line.
type invocation struct {
	status         int
	stdout, stderr string
}

// runCLI runs a command line as main does, with stdin as standard input
// (nil: an empty one) and no terminal.
func runCLI(t *testing.T, stdin io.Reader, args ...string) invocation {
	t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var stdout, stderr bytes.Buffer
	c := &cli{stdin: stdin, stdout: &stdout, stderr: &stderr}
	status := c.main(args)
	return invocation{status, stdout.String(), stderr.String()}
}

// mustRun is runCLI that fails the test unless the exit status is 0.
func mustRun(t *testing.T, stdin io.Reader, args ...string) invocation {
	t.Helper()
	r := runCLI(t, stdin, args...)
	if r.status != exitOK {
		t.Fatalf("cqlvm %s: exit %d\n%s", strings.Join(args, " "), r.status, r.stderr)
	}
	return r
}

// writeQuery writes a query file into a temporary directory.
func writeQuery(t *testing.T, dir, text string) string {
	t.Helper()
	return writeFile(t, dir, "q.cql", text)
}

// writeFile writes text to dir/name and returns the path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func jsonUnmarshal(line string, v any) error { return json.Unmarshal([]byte(line), v) }

func pgnMD5(data []byte) string { return fmt.Sprintf("%x", md5.Sum(data)) }

// lastSummary is the "N matches of M games ..." line of a run's output.
func lastSummary(out string) string {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], " matches of ") {
			return lines[i]
		}
	}
	return ""
}

// asMainEnv makes the test binary be cqlvm: TestMain calls main, so that
// the supervisor (which starts its own executable again) is tested as
// the program runs.
const asMainEnv = "CQLVM_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(asMainEnv) != "" {
		main()
	}
	os.Exit(m.Run())
}

// runAsMain runs the test binary as cqlvm with args and extra
// environment variables.
func runAsMain(t *testing.T, stdin string, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runNamed(t, "cqlvm", stdin, env, args...)
}

// runNamed is runAsMain under the program name name.
func runNamed(t *testing.T, name, stdin string, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Args[0] = name
	cmd.Env = append(append(os.Environ(), asMainEnv+"=1"), env...)
	var out, errb bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(stdin), &out, &errb
	cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("cqlvm %s did not run", strings.Join(args, " "))
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

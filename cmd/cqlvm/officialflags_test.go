package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryOfficialOptionIsAFlag walks the table of official options:
// each name and alias, with its example arguments, parses as a flag of
// cqlvm run that takes exactly those arguments, and under the name cql
// is not an invalid option.
func TestEveryOfficialOptionIsAFlag(t *testing.T) {
	for _, opt := range officialOptions {
		for _, name := range opt.names {
			for _, dashes := range []string{"-", "--"} {
				args := append([]string{dashes + name}, opt.example...)
				var f runFlags
				fs := newRunFlagSet(&f)
				if err := fs.Parse(normalizeArgs(joinMultiArgs(args))); err != nil {
					t.Errorf("cqlvm run %s: %v", strings.Join(args, " "), err)
					continue
				}
				if fs.NArg() != 0 {
					t.Errorf("cqlvm run %s: the option left %q unread", strings.Join(args, " "), fs.Args())
				}
			}
			if _, ok := officialOptionNamed(name); !ok {
				t.Errorf("-%s is not found by its name", name)
			}
		}
	}
}

// TestOfficialOptionsNeverUnknown runs cqlvm with every official option
// (and its example arguments) on a small query: whatever the option
// does, cqlvm must not answer "unknown flag", and under the name cql
// not "invalid option".
func TestOfficialOptionsNeverUnknown(t *testing.T) {
	dir := t.TempDir()
	query := writeQuery(t, dir, "cql() mate")
	games, err := filepath.Abs(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, opt := range officialOptions {
		args := []string{"-" + opt.names[0]}
		for _, a := range opt.example {
			switch a {
			case "GAMES":
				a = games
			case "QUERY":
				a = query
			case "OUT":
				a = filepath.Join(dir, "out.pgn")
			}
			args = append(args, a)
		}
		args = append(args, "-i", games, "-gamenumber", "1", "3", query)
		r := runCLI(t, strings.NewReader("check"), append([]string{"run"}, args...)...)
		if strings.Contains(r.stderr, "unknown flag") || strings.Contains(r.stderr, "unknown shorthand") {
			t.Errorf("cqlvm run %s: %s", strings.Join(args, " "), r.stderr)
		}
		var out strings.Builder
		c := &cli{stdin: strings.NewReader("check"), stdout: &out, stderr: &out}
		c.cqlMain(args)
		if strings.Contains(out.String(), "invalid option") {
			t.Errorf("cql %s: %s", strings.Join(args, " "), out.String())
		}
	}
	// a negative value is a value, not an option, under the name cql too
	var neg strings.Builder
	c := &cli{stdin: strings.NewReader(""), stdout: &neg, stderr: &neg}
	if status := c.cqlMain([]string{"-assign", "X", "-5", "-i", games, "-gamenumber", "1", "3", "-cql", "X == -5"}); status != 0 || !strings.Contains(neg.String(), "3 matches of 3 games") {
		t.Errorf("cql -assign X -5: status %d\n%s", status, neg.String())
	}
	// an option that is not official stays an error under the name cql,
	// with the official status and usage text
	var stdout, stderr strings.Builder
	c = &cli{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
	if status := c.cqlMain([]string{"-nosuchoption", query}); status != 1 || !strings.Contains(stderr.String(), "CQL: invalid option: -nosuchoption") ||
		!strings.Contains(stdout.String(), "-similarposition V:") {
		t.Errorf("cql -nosuchoption: status %d\n%s\n%s", status, stdout.String(), stderr.String())
	}
}

// TestREADMEOptionsTable requires the README's table of official
// options to be the one the table in officialflags.go makes.
func TestREADMEOptionsTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), officialOptionsTable()) {
		t.Errorf("README.md does not hold the table of official options; put this in its section \"Drop-in cql: every official option\":\n%s", officialOptionsTable())
	}
}

// TestInvokedAsCQL checks the names that make the official command line.
func TestInvokedAsCQL(t *testing.T) {
	for name, want := range map[string]bool{"cql": true, "/usr/local/bin/cql": true, "CQL.EXE": true, "cqlvm": false, "cql6": false} {
		if got := invokedAsCQL(name); got != want {
			t.Errorf("invokedAsCQL(%q) = %v", name, got)
		}
	}
}

// TestDefaultOutputFiles: the files a run writes and reads when the
// command line does not name them, as the official program does under
// the name cql (observed with the official binary): without a query
// file cqldefault-out.pgn (cqlvm run too); with one, <query>-out.pgn in
// the working directory and the header's files from there, where cqlvm
// run puts and finds them beside the query.
func TestDefaultOutputFiles(t *testing.T) {
	sample, err := filepath.Abs(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("sub", 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, "sub", "s.pgn", readText(t, sample))
	writeFile(t, "sub", "q.cql", "cql(input sub/s.pgn)\nmate\n")
	writeFile(t, "sub", "named.cql", "cql(input sub/s.pgn output named.pgn)\nmate\n")
	writeFile(t, "sub", "beside.cql", "cql(input s.pgn output beside.pgn)\nmate\n")
	run := func(args ...string) string {
		r := mustRun(t, nil, append([]string{"run", "-q"}, args...)...)
		return r.stdout + r.stderr
	}
	asCQL := func(args ...string) string {
		var out strings.Builder
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &out}
		if status := c.cqlMain(args); status != 0 {
			t.Fatalf("cql %q: exit %d\n%s", args, status, out.String())
		}
		return out.String()
	}
	for _, c := range []struct {
		run  func() string
		file string
	}{
		{func() string { return asCQL("-cql", "mate", "-i", sample) }, "cqldefault-out.pgn"},
		{func() string { return run("-cql", "mate", sample) }, "cqldefault-out.pgn"},
		{func() string { return asCQL("sub/q.cql") }, "q-out.pgn"},
		{func() string { return asCQL("sub/named.cql") }, "named.pgn"},
		{func() string { return run("sub/q.cql", sample) }, filepath.Join("sub", "q-out.pgn")},
		{func() string { return run("sub/beside.cql") }, filepath.Join("sub", "beside.pgn")},
	} {
		os.Remove(c.file)
		out := c.run()
		if !strings.Contains(out, "58 matches of 253 games") || !strings.HasSuffix(strings.TrimSpace(out), " to "+c.file) {
			t.Errorf("want 58 matches written to %s:\n%s", c.file, out)
		}
		if _, err := os.Stat(c.file); err != nil {
			t.Errorf("%s not written: %v", c.file, err)
		}
	}
}

// Under the name cql the filters of cqlvm's own are refused, with the
// official status, unless CQLVM_EXTENSIONS asks for them; cqlvm run
// takes them.
func TestCQLRefusesExtensions(t *testing.T) {
	games := filepath.Join(t.TempDir(), "a.pgn")
	if err := os.WriteFile(games, []byte("[Result \"*\"]\n\n1. e4 { [%eval 0.3] } *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cql := func() (int, string) {
		var out strings.Builder
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &out}
		status := c.cqlMain([]string{"-i", games, "-o", os.DevNull, "-cql", "eval > 20"})
		return status, out.String()
	}
	if status, out := cql(); status != 1 || !strings.Contains(out, "'eval' is a cqlvm extension, not CQL 6.2: use cqlvm run, or set CQLVM_EXTENSIONS=1") {
		t.Errorf("cql: status %d\n%s", status, out)
	}
	t.Setenv(extensionsEnv, "1")
	if status, out := cql(); status != 0 || !strings.Contains(out, "1 matches of 1 games") {
		t.Errorf("cql with %s=1: status %d\n%s", extensionsEnv, status, out)
	}
	if r := runCLI(t, nil, "run", "-o", os.DevNull, "-cql", "eval > 20", games); r.status != 0 {
		t.Errorf("cqlvm run: %+v", r)
	}
}

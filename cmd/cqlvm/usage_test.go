package main

import (
	"strings"
	"testing"
)

// TestCommandHelp: every subcommand's --help (and -h) prints its usage
// on standard output with status 0, run's the program's usage; a flag the
// command does not have is a usage error with the usage on standard
// error.
func TestCommandHelp(t *testing.T) {
	for name, want := range commandUsage {
		for _, flag := range []string{"--help", "-h"} {
			r := runCLI(t, nil, name, flag)
			if r.status != exitOK || r.stdout != want || r.stderr != "" {
				t.Errorf("cqlvm %s %s: exit %d, stdout %q, stderr %q; want 0 and %q", name, flag, r.status, r.stdout, r.stderr, want)
			}
		}
	}
	if r := runCLI(t, nil, "run", "--help"); r.status != exitOK || r.stdout != usage {
		t.Errorf("cqlvm run --help: exit %d, stdout %q", r.status, r.stdout)
	}
	for _, name := range []string{"check", "translate", "disasm", "serve", "merge"} {
		r := runCLI(t, nil, name, "--nosuchflag")
		if r.status != exitUsage || !strings.HasSuffix(r.stderr, commandUsage[name]) || !strings.Contains(r.stderr, "unknown flag -nosuchflag") {
			t.Errorf("cqlvm %s --nosuchflag: exit %d, stderr %q", name, r.status, r.stderr)
		}
	}
}

// TestDisasmTakesCQL: disasm reads -cql as check does.
func TestDisasmTakesCQL(t *testing.T) {
	r := mustRun(t, nil, "disasm", "-cql", "check")
	if !strings.Contains(r.stdout, "check") || !strings.Contains(r.stdout, "; optimizations") {
		t.Errorf("disasm -cql check:\n%s", r.stdout)
	}
	if r := runCLI(t, nil, "disasm", "-cql", "chekc"); r.status != exitQueryError || !strings.Contains(r.stderr, "-cql:1:1: unknown word chekc") {
		t.Errorf("disasm -cql chekc: exit %d, stderr %q", r.status, r.stderr)
	}
}

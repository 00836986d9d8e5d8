package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunHTMLDrawsEveryMatchedPosition(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	out := filepath.Join(dir, "out.pgn")
	mustRun(t, nil, "run", "-q", "--html", page, "-o", out, "-cql", `mate comment("mate here")`, samplePGN)
	jsonl := mustRun(t, nil, "run", "-q", "--json", "-cql", "mate", samplePGN).stdout
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	positions := strings.Count(jsonl, "\n")
	if n := strings.Count(string(html), `<div class="match"`); n != positions || positions == 0 {
		t.Errorf("%d diagrams, want one per matched position (%d)", n, positions)
	}
	if !strings.Contains(string(html), "mate here") || strings.Contains(string(html), `id="capped"`) {
		t.Errorf("the report lacks the query's comments or says it is capped")
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("--html stopped the PGN output: %v", err)
	}
}

func TestRunHTMLToAnUnwritablePlaceFails(t *testing.T) {
	r := runCLI(t, nil, "run", "-q", "--html", filepath.Join(t.TempDir(), "no", "dir", "r.html"), "--json", "-cql", "mate", samplePGN)
	if r.status == exitOK || !strings.Contains(r.stderr, "cannot write the HTML report") {
		t.Errorf("exit %d, stderr %q", r.status, r.stderr)
	}
}

func TestServeRefusesBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		says   string
	}{
		{[]string{"serve"}, exitInput, "no PGN database"},
		{[]string{"serve", "no-such.pgn"}, exitInput, "no-such.pgn"},
		{[]string{"serve", "-"}, exitInput, "standard input"},
		{[]string{"serve", "--bogus", samplePGN}, exitUsage, "unknown flag"},
		{[]string{"serve", "--addr", "256.1.1.1:99999", samplePGN}, exitUsage, "cqlvm serve"},
	} {
		r := runCLI(t, nil, tc.args...)
		if r.status != tc.status || !strings.Contains(r.stderr, tc.says) {
			t.Errorf("cqlvm %v: exit %d, stderr %q; want %d saying %q", tc.args, r.status, r.stderr, tc.status, tc.says)
		}
	}
}

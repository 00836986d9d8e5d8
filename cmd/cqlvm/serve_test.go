package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestRunHTMLDrawsEveryMatchedPositionInOutputOrder(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	out := filepath.Join(dir, "out.pgn")
	// a sorted query: the output order is not the input order
	const query = `mate comment("mate here") sort "pieces" #[Aa]`
	mustRun(t, nil, "run", "-q", "--html", page, "-o", out, "-cql", query, samplePGN)
	jsonl := mustRun(t, nil, "run", "-q", "--json", "-cql", query, samplePGN).stdout
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range regexp.MustCompile(`(?m)^\{"game":(\d+),`).FindAllStringSubmatch(jsonl, -1) {
		want = append(want, m[1])
	}
	var got []string
	for _, m := range regexp.MustCompile(`<div class="match" data-game="(\d+)"`).FindAllStringSubmatch(string(html), -1) {
		got = append(got, m[1])
	}
	if len(want) == 0 || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the report's diagrams are of games %v, want one per matched position in output order: %v", got, want)
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
		{[]string{"serve"}, exitUsage, "no PGN database"},
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

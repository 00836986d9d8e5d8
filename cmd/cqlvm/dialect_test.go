package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The old language on the command line: a .cqls file, -cql text, mixing
// the two languages, --dialect, cqlvm translate and cqlvm help :KEYWORD.

var matchesRE = regexp.MustCompile(`(\d+) matches of`)

// matches runs cqlvm and returns the number of matched games it reports.
func matches(t *testing.T, args ...string) string {
	t.Helper()
	r := mustRun(t, nil, append(append([]string{"run"}, args...), "-o", os.DevNull, samplePGN)...)
	m := matchesRE.FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("no summary line in %q", r.stdout)
	}
	return m[1]
}

func TestOldLanguageOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	old := writeFile(t, dir, "q.cqls", "; mates with Black to move\n(match (position :mate :btm))\n")
	plain := writeFile(t, dir, "mate.cql", "cql() mate")
	want := matches(t, "-cql", "mate btm")
	if want == "0" {
		t.Fatal("the sample has no mates with Black to move: the test would prove nothing")
	}
	for name, args := range map[string][]string{
		".cqls file":                   {old},
		".cqls file without run":       {old},
		"-cql in the old language":     {"-cql", "(match (position :mate :btm))"},
		"a lone position list":         {"-cql", "(position :btm :mate)"},
		"CQL 6 file, old -cql":         {plain, "-cql", "(position :btm)"},
		"old file, CQL 6 -cql":         {old, "-cql", "btm"},
		"forced dialect on a .cql":     {"--dialect", "cql3", writeFile(t, dir, "old.cql", "(match (position :mate :btm))")},
		"a .cqls file holding CQL 6":   {writeFile(t, dir, "new.cqls", "// CQL 6 after all\ncql() mate btm")},
		"one-dash dialect as cql does": {"-dialect", "cql3", "-cql", "(position :btm :mate)"},
	} {
		if got := matches(t, args...); got != want {
			t.Errorf("%s: %s matches, want %s (as mate btm)", name, got, want)
		}
	}
	// an old -cql query's header settings join the file's header
	withVariations := matches(t, "--variations", "-cql", "mate btm")
	if withVariations == want {
		t.Fatal("the sample has no mates inside variations: the test would prove nothing")
	}
	if got := matches(t, plain, "-cql", "(match :variations (position :btm))"); got != withVariations {
		t.Errorf("CQL 6 file with -cql (match :variations ...): %s matches, want %s", got, withVariations)
	}
	conflicting := writeFile(t, dir, "won.cql", "cql(result 1-0) mate")
	if r := runCLI(t, nil, "run", conflicting, "-cql", "(match :result 0-1 (position :btm))", samplePGN); r.status != exitQueryError || !strings.Contains(r.stderr, ":result differs") {
		t.Errorf("conflicting results: exit %d %s", r.status, r.stderr)
	}
	// a query named without its extension: name.cqls when no name.cql
	if got := matches(t, strings.TrimSuffix(old, ".cqls")); got != want {
		t.Errorf("q for q.cqls: %s matches, want %s", got, want)
	}
	// without run, a .cqls file is run
	r := mustRun(t, nil, old, "-o", os.DevNull, samplePGN)
	if !strings.Contains(r.stdout, want+" matches") {
		t.Errorf("cqlvm q.cqls: %s", r.stdout)
	}
	// forcing CQL 6 on an old query is a CQL 6 syntax error
	if r := runCLI(t, nil, "run", "--dialect", "cql6", old, samplePGN); r.status == exitOK {
		t.Errorf("--dialect cql6 accepted an old query: %s", r.stdout)
	}
	if r := runCLI(t, nil, "run", "--dialect", "cql5", old, samplePGN); r.status != exitUsage || !strings.Contains(r.stderr, "unknown dialect") {
		t.Errorf("--dialect cql5: exit %d, %s", r.status, r.stderr)
	}
}

func TestCheckAndDisasmOldLanguage(t *testing.T) {
	dir := t.TempDir()
	old := writeFile(t, dir, "q.cqls", "(match (position :check))\n")
	if r := mustRun(t, nil, "check", old); !strings.Contains(r.stdout, "ok") {
		t.Errorf("check: %s", r.stdout)
	}
	if r := mustRun(t, nil, "disasm", old); !strings.Contains(r.stdout, "check") {
		t.Errorf("disasm: %s", r.stdout)
	}
	if r := mustRun(t, strings.NewReader("(match (position :mate))"), "check", "-"); !strings.Contains(r.stdout, "-: ok") {
		t.Errorf("check - (standard input): %s", r.stdout)
	}
	bad := writeFile(t, dir, "bad.cqls", "(match\n  (position :piececount R))\n")
	r := runCLI(t, nil, "check", bad)
	if r.status != exitQueryError || !strings.Contains(r.stderr, "bad.cqls:2:13: ':piececount' needs a piece designator and a range") || !strings.Contains(r.stderr, "^") {
		t.Errorf("check of a malformed old query: exit %d\n%s", r.status, r.stderr)
	}
}

func TestTranslateCommand(t *testing.T) {
	dir := t.TempDir()
	old := writeFile(t, dir, "q.cqls", "; queen sacrifice\n(match (position :moveto q :flipcolor :matchcount 2))\n")
	r := mustRun(t, nil, "translate", old)
	want := "// queen sacrifice\ncql(matchcount 2 2)\nflipcolor {--q}\n"
	if r.stdout != want {
		t.Errorf("translate:\n%s\nwant\n%s", r.stdout, want)
	}
	// the translation runs as CQL 6 and finds what the original finds
	translated := filepath.Join(dir, "t.cql")
	if err := os.WriteFile(translated, []byte(r.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	if a, b := matches(t, old), matches(t, "--dialect", "cql6", translated); a != b {
		t.Errorf("the original matches %s games, its translation %s", a, b)
	}
	// each comment stays before the filter made from the text after it
	commented := writeFile(t, dir, "c.cqls", "; two lists\n(match\n  ; checks\n  (position :check)\n  ; mates\n  (position :mate))\n; end\n")
	wantCommented := "// two lists\ncql()\ninitial\n// checks\nfind quiet check\n// mates\nfind quiet mate\n// end\n"
	if r := mustRun(t, nil, "translate", commented); r.stdout != wantCommented {
		t.Errorf("translate with comments:\n%s\nwant\n%s", r.stdout, wantCommented)
	}
	if r := mustRun(t, nil, "translate", "-cql", "(position :mate)"); r.stdout != "cql()\nmate\n" {
		t.Errorf("translate -cql: %q", r.stdout)
	}
	if r := mustRun(t, strings.NewReader("(position ♔g1 :check)"), "translate", "-"); r.stdout != "cql()\nKg1\ncheck\n" {
		t.Errorf("translate - (standard input, chess symbols): %q", r.stdout)
	}
	if r := runCLI(t, nil, "translate", "-cql", "(position :pretransformrepetitioncount 2 :shift)"); r.status != exitQueryError || !strings.Contains(r.stderr, "names it only in its index") {
		t.Errorf("translate of a refused keyword: exit %d %s", r.status, r.stderr)
	}
	// a CQL-S built-in runs, but has no CQL 6 spelling
	if r := runCLI(t, nil, "translate", "-cql", "(position :opposition)"); r.status == exitOK || !strings.Contains(r.stderr, ":opposition is a CQL-S built-in") {
		t.Errorf("translate of a built-in: exit %d %s", r.status, r.stderr)
	}
	if got := matches(t, "-cql", "(position :opposition K :terminal)"); got == "" {
		t.Error("a CQL-S built-in does not run")
	}
}

func TestHelpOldKeyword(t *testing.T) {
	r := mustRun(t, nil, "help", ":movefrom", "!:check")
	if !strings.Contains(r.stdout, ":movefrom  (CQL 3 / CQL-S)") || !strings.Contains(r.stdout, ":check  (CQL 3 / CQL-S)") {
		t.Errorf("help :movefrom !:check:\n%s", r.stdout)
	}
	if r := mustRun(t, nil, "help", ":pretransformrepetitioncount"); !strings.Contains(r.stdout, "cqlvm cannot run it") {
		t.Errorf("help :pretransformrepetitioncount does not say it is refused:\n%s", r.stdout)
	}
	r = runCLI(t, nil, "help", ":chek")
	if r.status != exitUsage || !strings.Contains(r.stderr, `did you mean ":check"`) {
		t.Errorf("help :chek: exit %d %s", r.status, r.stderr)
	}
	if r := mustRun(t, nil, "help"); !strings.Contains(r.stdout, ":gappedsequence") {
		t.Error("cqlvm help does not list the old keywords")
	}
}

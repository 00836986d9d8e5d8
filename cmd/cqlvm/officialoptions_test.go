package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// optionRuns are runs of the official options with what the official
// program gave for the same command line (observed with cql 6.2 on
// ../shared/data, the same files as testdata/pgn): the number of
// matches, and text the output PGN or standard output must (or must
// not) hold.
var optionRuns = []struct {
	name    string
	args    []string
	matches string // "N matches"
	pgnHas  string // the output PGN holds this...
	pgnNot  string // ...and not this
	stdout  string // standard output holds this
}{
	// official: 3 matches (X is the number 5, then the string "abc")
	{name: "assign-number", args: []string{"-assign", "X", "5", "-gamenumber", "1", "3", "-i", samplePGN, "-cql", "X == 5"}, matches: "3 matches"},
	{name: "assign-string", args: []string{"-assign", "X", "abc", "-gamenumber", "1", "3", "-i", samplePGN, "-cql", `X == "abc"`}, matches: "3 matches"},
	{name: "assign-negative", args: []string{"-assign", "X", "-5", "-gamenumber", "1", "3", "-i", samplePGN, "-cql", "X == -5"}, matches: "3 matches"},
	{name: "assign-is-not-the-number", args: []string{"-assign", "X", "5", "-gamenumber", "1", "3", "-i", samplePGN, "-cql", "X == 6"}, matches: "0 matches"},
	// official: the tag is written without -nosettag only
	{name: "settag", args: []string{"-gamenumber", "1", "1", "-i", samplePGN, "-cql", `settag("Foo" "bar")`}, matches: "1 matches", pgnHas: `[Foo "bar"]`},
	{name: "nosettag", args: []string{"-nosettag", "-gamenumber", "1", "1", "-i", samplePGN, "-cql", `settag("Foo" "bar")`}, matches: "1 matches", pgnNot: "Foo"},
	// official: game 9's comment goes with removecomment, stays with -noremovecomment
	{name: "removecomment", args: []string{"-gamenumber", "9", "9", "-i", samplePGN, "-cql", "removecomment"}, matches: "1 matches", pgnNot: "Kompozitsia=118"},
	{name: "noremovecomment", args: []string{"-noremovecomment", "-gamenumber", "9", "9", "-i", samplePGN, "-cql", "removecomment"}, matches: "1 matches", pgnHas: "Kompozitsia=118"},
	// official: 5 matches of 2636 games
	{name: "hhdb", args: []string{"-hhdb", "composer", "Kasparyan", "-i", studiesPGN}, matches: "5 matches"},
	{name: "hhdb-and-cql", args: []string{"-hhdb", "composer", "Kasparyan", "-cql", "check", "-i", studiesPGN}, matches: "5 matches"},
	// official: <9><10> for the mates of games 1 to 12
	{name: "showmatches", args: []string{"-showmatches", "-gamenumber", "1", "12", "-i", samplePGN, "-cql", "mate"}, matches: "2 matches", stdout: "<9>\n<10>\n"},
	// accepted, and the run is the plain one
	{name: "no-ops", args: []string{"-nosortcomments", "-uniquecomments", "-nouniquecomments", "-nolinearize", "-showthread", "-nooutputstatus", "-i", samplePGN, "-cql", "mate"}, matches: "58 matches"},
	{name: "debug", args: []string{"-debug", "-i", samplePGN, "-cql", "mate"}, matches: "58 matches", stdout: "mate"},
	{name: "showfromstring", args: []string{"-showfromstring", "-i", samplePGN, "-cql", "mate"}, matches: "58 matches", stdout: "{mate\n}\n"},
}

func TestOfficialOptionRuns(t *testing.T) {
	for _, run := range optionRuns {
		t.Run(run.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.pgn")
			r := mustRun(t, nil, append(append([]string{"run"}, run.args...), "-o", out)...)
			if !strings.Contains(r.stdout, run.matches+" of") {
				t.Errorf("want %s, got\n%s", run.matches, r.stdout)
			}
			if run.stdout != "" && !strings.Contains(r.stdout, run.stdout) {
				t.Errorf("standard output lacks %q:\n%s", run.stdout, r.stdout)
			}
			pgn := readText(t, out)
			if run.pgnHas != "" && !strings.Contains(pgn, run.pgnHas) {
				t.Errorf("the output lacks %q", run.pgnHas)
			}
			if run.pgnNot != "" && strings.Contains(pgn, run.pgnNot) {
				t.Errorf("the output holds %q", run.pgnNot)
			}
		})
	}
}

// TestOfficialOptionsThatReplaceTheRun covers the options that print
// something instead of searching.
func TestOfficialOptionsThatReplaceTheRun(t *testing.T) {
	dir := t.TempDir()
	q := writeQuery(t, dir, "cql()\nmate  check\n")
	if r := mustRun(t, nil, "run", "-parse", q); r.stdout != "cql()\nmate\ncheck\n" {
		t.Errorf("-parse: %q", r.stdout)
	}
	// an old query is printed as its translation, not refused by the
	// CQL 6 parser
	old := writeFile(t, dir, "old.cqls", "(match (position :check))\n")
	if r := mustRun(t, nil, "run", "-parse", old, "-cql", "mate"); r.stdout != "cql()\ncheck\nmate\n" {
		t.Errorf("-parse of an old query: %q", r.stdout)
	}
	if r := mustRun(t, nil, "run", "-lex", "-cql", "mate ♔"); r.stdout != "-cql:1:1: identifier \"mate\"\n-cql:1:6: piece designator \"♔\"\n" {
		t.Errorf("-lex: %q", r.stdout)
	}
	// the official program's table: line, column, offset, code point
	if r := mustRun(t, nil, "run", "-echo", writeFile(t, dir, "e.cql", "B\n")); r.stdout != "line col offst codept 0xchars name\n  1  1   0 U+42   'B'\n  1  2   1 U+a    \\n\n" {
		t.Errorf("-echo: %q", r.stdout)
	}
	if r := mustRun(t, nil, "run", "-hhdb", "help"); !strings.Contains(r.stdout, "composer") {
		t.Errorf("-hhdb help: %q", r.stdout)
	}
	if r := runCLI(t, nil, "run", "-hhdb", "nonsense", "-i", samplePGN); r.status != exitUsage || !strings.Contains(r.stderr, "not an hhdb keyword") {
		t.Errorf("-hhdb nonsense: %d %q", r.status, r.stderr)
	}
}

// TestOfficialInputOptions: -guipgnstdin reads standard input, -vi and
// -vii name the HHdb files (the official program: "could not open
// file: hhdbvi.pgn" where there is none).
func TestOfficialInputOptions(t *testing.T) {
	games := readText(t, samplePGN)
	r := mustRun(t, strings.NewReader(games), "run", "-guipgnstdin", "-cql", "mate", "-o", filepath.Join(t.TempDir(), "o.pgn"))
	if !strings.Contains(r.stdout, "58 matches of 253 games") {
		t.Errorf("-guipgnstdin: %s", r.stdout)
	}
	t.Chdir(t.TempDir())
	for _, opt := range []string{"vi", "vii"} {
		r := runCLI(t, nil, "run", "-"+opt, "-cql", "mate")
		if r.status != exitInput || !strings.Contains(r.stderr, "hhdb"+opt+".pgn") {
			t.Errorf("-%s: %d %q", opt, r.status, r.stderr)
		}
	}
}

package main

import (
	"regexp"
	"strconv"
	"testing"
)

// ChessTab (a chess database program) runs the binary named cql as a
// subprocess and reads its standard output with these patterns, its own
// (Python's re, the same meaning in Go's syntax): the version line at the
// start, a syntax error's place ending the output, the summary line and
// each matched game.
var (
	chesstabVersion     = regexp.MustCompile(`^CQL version .+ Gady Costeff and Lewis Stiller\r?\n`)
	chesstabErrorAtChar = regexp.MustCompile(`(?s)(CQL syntax error:.*{Line\s(\d+),\sColumn\s(\d+)}.*\s(?:(?:"([^"]*)")?|[^\n]*)>)\r?\n\r?\n$`)
	chesstabGameCount   = regexp.MustCompile(`\n(\d+) matches of (\d+) games in `)
	chesstabGameNumber  = regexp.MustCompile(`<(\d+)>`)
)

// runAsChessTab runs the binary under the name cql with ChessTab's
// arguments.
func runAsChessTab(t *testing.T, args ...string) (code int, stdout string) {
	t.Helper()
	code, stdout, _ = runNamed(t, "cql", "", nil, args...)
	return code, stdout
}

func TestChessTabVersion(t *testing.T) {
	code, out := runAsChessTab(t, "--version")
	if code != 0 || !chesstabVersion.MatchString(out) {
		t.Errorf("cql --version: exit %d, output %q does not match %s", code, out, chesstabVersion)
	}
}

// TestChessTabParse: a good query parses with status 0; a bad one of each
// kind of error fails and ends its output with the place ChessTab puts the
// cursor on, line and column (characters from 1) and the token (the first
// word of the error's span, double quotes shown as single ones, so that
// ChessTab reads its length).
func TestChessTabParse(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.cql", "cql(input elsewhere.pgn)\nmate\n")
	if code, out := runAsChessTab(t, "--parse", "--input", samplePGN, good); code != 0 {
		t.Errorf("--parse of a good query: exit %d\n%s", code, out)
	}
	for _, c := range []struct {
		class, query string
		line, col    int
		token        string
	}{
		{"unknown word", "cql()\n\ncheck chekc\n", 3, 7, "chekc"},
		{"unknown word in a transformed block", "cql()\nshift flipcolor { Ka1 chekc }\n", 2, 23, "chekc"},
		{"unexpected character", "cql()\nmate @\n", 2, 6, "@"},
		{"unknown character after UTF-8", "cql()\n♔a1 ¤\n", 2, 5, "¤"},
		{"string past its line", "cql()\n  \"abc\ncheck\n", 2, 3, "'abc"},
		{"brace never closed", "cql()\ncheck {\n", 2, 7, "{"},
		{"unmatched brace", "cql()\ncheck }\n", 2, 7, "}"},
		{"filter missing at the end", "cql()\nline --> check -->\n", 3, 1, ""},
		{"type mismatch", "cql()\nx = 3\nx = \"s\"\n", 3, 1, "x"},
		{"operands of the wrong type", "cql()\nx = 1 y = x + \"a\"\n", 2, 11, "x"},
		{"dictionary key type", "cql()\ndictionary D D[\"a\"] = 1 D[1]\n", 2, 27, "1"},
		{"number out of range", "cql()\n1000000000000000000000\n", 2, 1, "1000000000000000000000"},
		{"no cql header", "check\n", 1, 1, "check"},
		{"unknown header parameter", "cql(matchcount 3 x)\ncheck\n", 1, 18, "x"},
		{"header parameter without its value", "cql(input)\ncheck\n", 1, 10, ")"},
		{"cql inside the body", "cql()\ncheck cql()\n", 2, 7, "cql"},
	} {
		t.Run(c.class, func(t *testing.T) {
			q := writeFile(t, dir, "q.cql", c.query)
			code, out := runAsChessTab(t, "--parse", "--input", samplePGN, q)
			m := chesstabErrorAtChar.FindStringSubmatch(out)
			if code == 0 || m == nil {
				t.Fatalf("exit %d, output does not end as ChessTab reads an error:\n%s", code, out)
			}
			if m[2] != strconv.Itoa(c.line) || m[3] != strconv.Itoa(c.col) || m[4] != c.token {
				t.Errorf("ChessTab reads line %s column %s token %q, want %d %d %q\n%s", m[2], m[3], m[4], c.line, c.col, c.token, out)
			}
		})
	}
}

// TestChessTabShowMatches: the version line first, the summary with the
// numbers of matches and games, and exactly the matched games as <N>.
func TestChessTabShowMatches(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		query          string
		matches, games int
	}{
		{"cql()\nmate\n", 58, 253},
		{"cql()\nstalemate\n", 46, 253},
		{"cql()\nresult 1-0 ; a comment\nplayer white \"Zzzz\"\n", 0, 253},
	} {
		q := writeFile(t, dir, "q.cql", c.query)
		code, out := runAsChessTab(t, "--showmatches", "--input", samplePGN, q)
		if code != 0 || !chesstabVersion.MatchString(out) {
			t.Fatalf("%q: exit %d, no version line first:\n%s", c.query, code, out)
		}
		counts := chesstabGameCount.FindStringSubmatch(out)
		if counts == nil || counts[1] != strconv.Itoa(c.matches) || counts[2] != strconv.Itoa(c.games) {
			t.Fatalf("%q: summary %v, want %d matches of %d games:\n%s", c.query, counts, c.matches, c.games, out)
		}
		numbers := chesstabGameNumber.FindAllStringSubmatch(out, -1)
		if len(numbers) != c.matches {
			t.Errorf("%q: %d game numbers, want %d:\n%s", c.query, len(numbers), c.matches, out)
		}
		for _, n := range numbers {
			if g, _ := strconv.Atoi(n[1]); g < 1 || g > c.games {
				t.Errorf("%q: game number %s out of 1..%d", c.query, n[1], c.games)
			}
		}
	}
}

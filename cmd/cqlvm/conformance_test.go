package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The conformance suite: every query under testdata/conformance/cases is
// run on the bundled corpora and its output reduced to (game number,
// matched positions) pairs, which must equal the official CQL 6.2's
// answers in testdata/conformance/expected. Queries under cases/errors
// must be rejected. By default only sample.pgn is used; set
// CQLVM_CORPORA=sample,studies,games (make conformance) for all three.
//
// testdata/conformance/outputbuffer.tsv lists the cases whose official
// answer lost matches to the official output buffer (a game cut at
// 105,000 bytes): they run with -outputbuffer, which cuts the same way.
//
// testdata/conformance/pending.tsv lists cases of features that are not
// implemented yet, each with the issue that will bring them. A pending
// case is expected to fail; when it passes the test says so, so that the
// list only ever shrinks.

const conformanceDir = "../../testdata/conformance"

func TestConformance(t *testing.T) {
	corpora := []string{"sample"}
	if env := os.Getenv("CQLVM_CORPORA"); env != "" {
		corpora = strings.Split(env, ",")
	}
	cases := findCases(t)
	skips := readTSV(t, filepath.Join(conformanceDir, "skip.tsv"), 2)
	pending := readTSV(t, filepath.Join(conformanceDir, "pending.tsv"), 1)
	ignores := readIgnores(t)
	cuts := readTSV(t, filepath.Join(conformanceDir, "outputbuffer.tsv"), 2)
	for _, corpus := range corpora {
		for _, c := range cases {
			c, corpus := c, corpus
			if c.area == "errors" && corpus != corpora[0] {
				continue
			}
			t.Run(corpus+"/"+c.area+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				if reason, ok := skipReason(skips, c.name, corpus); ok {
					t.Skipf("skip.tsv: %s", reason)
				}
				var extra []string
				if buffer, ok := cuts[c.name+"\t"+corpus]; ok {
					extra = []string{"-outputbuffer", strings.Fields(buffer)[0]}
				}
				err := runCase(t, c, corpus, ignores[corpus], extra...)
				reason, isPending := pending[c.name]
				switch {
				case isPending && err == nil:
					t.Errorf("%s passes now: remove it from pending.tsv (%s)", c.name, reason)
				case isPending:
					t.Skipf("pending (%s): %v", reason, err)
				case err != nil:
					t.Error(err)
				}
			})
		}
	}
}

type confCase struct{ area, name, path string }

func findCases(t *testing.T) []confCase {
	var cases []confCase
	dirs, err := os.ReadDir(filepath.Join(conformanceDir, "cases"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(conformanceDir, "cases", d.Name(), "*.cql"))
		for _, f := range files {
			cases = append(cases, confCase{d.Name(), strings.TrimSuffix(filepath.Base(f), ".cql"), f})
		}
	}
	if len(cases) < 200 {
		t.Fatalf("found only %d conformance cases", len(cases))
	}
	return cases
}

// runCase runs one case on one corpus, with extra options, and compares
// with the expectation.
func runCase(t *testing.T, c confCase, corpus string, ignore [][2]int, extra ...string) error {
	out := filepath.Join(t.TempDir(), "out.pgn")
	pgnPath := filepath.Join("../../testdata/pgn", corpus+".pgn")
	var stdout, stderr bytes.Buffer
	args := append([]string{"run", "-i", pgnPath, "-o", out, "-matchstring", "CQLMATCH"}, extra...)
	status := realMain(append(args, c.path), &stdout, &stderr)
	if c.area == "errors" {
		if status == 0 {
			return fmt.Errorf("accepted (exit 0); the official CQL rejects it")
		}
		return nil
	}
	if status != 0 {
		return fmt.Errorf("exit status %d: %s", status, firstLine(stderr.String()))
	}
	wantHeader, want := readExpected(t, filepath.Join(conformanceDir, "expected", corpus, c.name+".tsv"))
	data, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	got := summarizePGN(string(data))
	want, nWantIgnored := dropIgnored(want, ignore)
	got, nGotIgnored := dropIgnored(got, ignore)
	if diff := cmp.Diff(want, got); diff != "" {
		return fmt.Errorf("(game, matches) differ (-want +got):\n%s", diff)
	}
	if m := summaryRE.FindStringSubmatch(stdout.String()); m != nil && wantHeader >= 0 {
		n, _ := strconv.Atoi(m[1])
		if n-nGotIgnored != wantHeader-nWantIgnored {
			return fmt.Errorf("summary says %d matches, want %d", n, wantHeader)
		}
	}
	return nil
}

var summaryRE = regexp.MustCompile(`(\d+) matches of (\d+) games`)

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

type gameRow struct{ Game, Count int }

func dropIgnored(rows []gameRow, ignore [][2]int) ([]gameRow, int) {
	var out []gameRow
	dropped := 0
	for _, r := range rows {
		skip := false
		for _, rg := range ignore {
			if r.Game >= rg[0] && r.Game <= rg[1] {
				skip = true
			}
		}
		if skip {
			dropped++
			continue
		}
		out = append(out, r)
	}
	return out, dropped
}

var gameNumberRE = regexp.MustCompile(`Game\s+number\s+(\d+)`)

// summarizePGN reduces an output PGN to (game number, match count) per
// game, exactly as the official checker (check.py) does.
func summarizePGN(text string) []gameRow {
	var games []*gameRow
	var cur *gameRow
	inMovetext, lineStart := true, true
	seen := map[*gameRow]bool{}
	note := func(body string) {
		if !seen[cur] {
			if m := gameNumberRE.FindStringSubmatch(body); m != nil {
				cur.Game, _ = strconv.Atoi(m[1])
				seen[cur] = true
			}
		}
		cur.Count += strings.Count(body, "CQLMATCH")
	}
	for i := 0; i < len(text); {
		c := text[i]
		if c == '\n' {
			lineStart = true
			i++
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			i++
			continue
		}
		atStart := lineStart
		lineStart = false
		switch {
		case c == '[' && atStart:
			if inMovetext || cur == nil {
				cur = &gameRow{}
				games = append(games, cur)
			}
			inMovetext = false
			i = skipTag(text, i)
			continue
		case c == '%' && atStart:
			i = indexFrom(text, i, "\n")
			continue
		}
		inMovetext = true
		if cur == nil {
			cur = &gameRow{}
			games = append(games, cur)
		}
		switch c {
		case '{':
			j := indexFrom(text, i+1, "}")
			note(text[i+1 : j])
			i = j + 1
		case ';':
			j := indexFrom(text, i, "\n")
			note(text[i+1 : j])
			i = j
		default:
			i++
		}
	}
	rows := make([]gameRow, len(games))
	for i, g := range games {
		rows[i] = *g
	}
	return rows
}

func indexFrom(s string, from int, sub string) int {
	j := strings.Index(s[from:], sub)
	if j < 0 {
		return len(s)
	}
	return from + j
}

func skipTag(text string, i int) int {
	inStr := false
	for i++; i < len(text); i++ {
		c := text[i]
		switch {
		case inStr && c == '\\':
			i++
		case inStr && c == '"':
			inStr = false
		case !inStr && c == '"':
			inStr = true
		case !inStr && (c == ']' || c == '\n'):
			return i + 1
		}
	}
	return len(text)
}

func readExpected(t *testing.T, path string) (int, []gameRow) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no expected answer: %v", err)
	}
	defer f.Close()
	header := -1
	var rows []gameRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			if m := summaryRE.FindStringSubmatch(line); m != nil {
				header, _ = strconv.Atoi(m[1])
			}
			continue
		}
		a, b, _ := strings.Cut(line, "\t")
		g, _ := strconv.Atoi(a)
		n, _ := strconv.Atoi(b)
		rows = append(rows, gameRow{g, n})
	}
	return header, rows
}

// readTSV maps the first `key` tab-separated columns (joined by tabs) of
// each data line to the rest of the line.
func readTSV(t *testing.T, path string, key int) map[string]string {
	out := map[string]string{}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if i == 0 || line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) <= key {
			t.Fatalf("%s: line %d needs a reason column: %q", path, i+1, line)
		}
		out[strings.Join(cols[:key], "\t")] = strings.Join(cols[key:], "\t")
	}
	return out
}

func readIgnores(t *testing.T) map[string][][2]int {
	out := map[string][][2]int{}
	rows := readTSV(t, filepath.Join(conformanceDir, "ignore.tsv"), 3)
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		cols := strings.Split(k, "\t")
		lo, err1 := strconv.Atoi(cols[1])
		hi, err2 := strconv.Atoi(cols[2])
		if err1 != nil || err2 != nil {
			continue
		}
		out[cols[0]] = append(out[cols[0]], [2]int{lo, hi})
	}
	return out
}

func skipReason(skips map[string]string, name, corpus string) (string, bool) {
	if r, ok := skips[name+"\t"+corpus]; ok {
		return r, true
	}
	r, ok := skips[name+"\t*"]
	return r, ok
}

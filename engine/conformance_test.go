package engine

import (
	"bufio"
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
// must be rejected. The runs call the engine as `cqlvm run -i CORPUS -o
// OUT -matchstring CQLMATCH QUERY` does: the query's header settings,
// the match string replaced. By default only sample.pgn is used; set
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

const conformanceDir = "../testdata/conformance"

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
				outputBuffer := 0
				if buffer, ok := cuts[c.name+"\t"+corpus]; ok {
					outputBuffer, _ = strconv.Atoi(strings.Fields(buffer)[0])
				}
				err := runCase(t, c, corpus, ignores[corpus], outputBuffer)
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

// runCase runs one case on one corpus, its games cut after outputBuffer
// bytes when positive, and compares with the expectation.
func runCase(t *testing.T, c confCase, corpus string, ignore [][2]int, outputBuffer int) error {
	st, data, err := runConformanceQuery(c.path, corpus, outputBuffer, 0)
	if c.area == "errors" {
		if err == nil {
			return fmt.Errorf("accepted; the official CQL rejects it")
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s", firstLine(err.Error()))
	}
	wantHeader, want := readExpected(t, filepath.Join(conformanceDir, "expected", corpus, c.name+".tsv"))
	got := summarizePGN(data)
	want, nWantIgnored := dropIgnored(want, ignore)
	got, nGotIgnored := dropIgnored(got, ignore)
	if diff := cmp.Diff(want, got); diff != "" {
		return fmt.Errorf("(game, matches) differ (-want +got):\n%s", diff)
	}
	if wantHeader >= 0 && st.Matches-nGotIgnored != wantHeader-nWantIgnored {
		return fmt.Errorf("%d matches, want %d", st.Matches, wantHeader)
	}
	// the plain program (-O0) writes the same bytes: every optimization
	// the case takes is checked against it
	_, plain, err := runConformanceQuery(c.path, corpus, outputBuffer, AllOptimizations)
	if err != nil {
		return fmt.Errorf("with -O0: %s", firstLine(err.Error()))
	}
	if plain != data {
		return fmt.Errorf("the output differs from that of the plain program (-O0):\n%s", cmp.Diff(summarizePGN(plain), got))
	}
	return nil
}

// runConformanceQuery runs the query file path, with the optimizations of
// disable off, over the corpus with the query's header settings, CQLMATCH
// as the match string and the given output buffer, and returns its
// statistics and PGN output.
func runConformanceQuery(path, corpus string, outputBuffer int, disable Optimizations) (Stats, string, error) {
	q, err := Load(path, QueryOptions{Disable: disable})
	if err != nil {
		return Stats{}, "", err
	}
	var out strings.Builder
	o := q.Options()
	o.Inputs = []string{filepath.Join("../testdata/pgn", corpus+".pgn")}
	o.MatchString, o.OutputBuffer, o.PGN = "CQLMATCH", outputBuffer, &out
	st, err := Run(q, o)
	return st, out.String(), err
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

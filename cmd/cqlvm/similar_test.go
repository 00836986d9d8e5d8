package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// headerGameNumber finds the game numbers in the header comments of an
// output (a line break may fall inside one).
var headerGameNumber = regexp.MustCompile(`Game\s+number\s+(\d+)`)

// ignoredGame reports whether the conformance corpus leaves a game out
// of every comparison with the official program (Chess960 games that it
// cuts short: testdata/conformance/ignore.tsv).
func ignoredGame(corpus string, n int) bool {
	return corpus == "studies" && n >= 2530 && n <= 2625
}

// TestSimilarPositionMatchesOfficial runs -similarposition with the
// submissions of testdata/similar/official.tsv on the three corpora and
// compares the games it writes with those the official program wrote.
func TestSimilarPositionMatchesOfficial(t *testing.T) {
	f, err := os.Open("testdata/similar/official.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	corpora := map[string]string{"sample": samplePGN, "studies": studiesPGN, "games": gamesPGN}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	rows := 0
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if strings.HasPrefix(cols[0], "#") || cols[0] == "submissions" {
			continue
		}
		rows++
		submissions, corpus := cols[0], cols[1]
		if submissions == "sample" {
			submissions = samplePGN
		} else {
			submissions = filepath.Join("testdata/similar", submissions)
		}
		var want []int
		for _, s := range strings.Split(cols[3], ",") {
			if s != "" {
				n, _ := strconv.Atoi(s)
				want = append(want, n)
			}
		}
		out := filepath.Join(t.TempDir(), "out.pgn")
		mustRun(t, nil, "run", "-similarposition", submissions, "-i", corpora[corpus], "-o", out)
		var got []int
		for _, m := range headerGameNumber.FindAllStringSubmatch(readText(t, out), -1) {
			n, _ := strconv.Atoi(m[1])
			if !ignoredGame(corpus, n) {
				got = append(got, n)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("-similarposition %s on %s: %d games, the official program %d\ngot  %v\nwant %v", cols[0], corpus, len(got), len(want), got, want)
		}
	}
	if rows != 6 {
		t.Errorf("official.tsv has %d runs, want 6", rows)
	}
}

// TestSimilarPositionOutput compares the games -similarposition writes
// on sample.pgn, text and order, with the official program's
// (testdata/similar/output-sample.tsv): the "see F game: N at move: M
// wtm T" comments (T the transform, as "reflect_v right^1"), the
// "submission game: N" sort value, the games sorted by submission.
func TestSimilarPositionOutput(t *testing.T) {
	want := map[string][][2]string{}
	for _, line := range strings.Split(readText(t, "testdata/similar/output-sample.tsv"), "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) == 3 && !strings.HasPrefix(line, "#") {
			want[cols[0]] = append(want[cols[0]], [2]string{cols[1], cols[2]})
		}
	}
	games0, err := filepath.Abs(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{"sample": readText(t, samplePGN), "submissions.pgn": readText(t, "testdata/similar/submissions.pgn")}
	t.Chdir(t.TempDir())
	for submissions, games := range want {
		// the comments name the submissions file as given: the official
		// runs gave it as sub.pgn and sample.pgn, in the current directory
		name := map[string]string{"sample": "sample.pgn", "submissions.pgn": "sub.pgn"}[submissions]
		if err := os.WriteFile(name, []byte(texts[submissions]), 0o644); err != nil {
			t.Fatal(err)
		}
		mustRun(t, nil, "run", "-similarposition", name, "-i", games0, "-o", "out.pgn")
		out := splitGames(officialEncoding([]byte(readText(t, "out.pgn")), false))
		if len(out) != len(games) {
			t.Fatalf("%s: %d games, the official program %d", submissions, len(out), len(games))
		}
		for i, g := range out {
			n := headerGameNumber.FindStringSubmatch(g)
			if n == nil || n[1] != games[i][0] {
				t.Errorf("%s: game %d of the output is %v, the official program's %s", submissions, i+1, n, games[i][0])
				continue
			}
			if shortHash(strings.TrimRight(g, "\n")) != games[i][1] {
				t.Errorf("%s: game %s differs from the official program's:\n%s", submissions, n[1], g)
			}
		}
	}
}

// TestSimilarPositionSubmissionsLine: under the name cql, the official
// line that counts the submissions comes first (observed: "Db: read 2
// games from submission file: subx.pgn").
func TestSimilarPositionSubmissionsLine(t *testing.T) {
	sub, err := filepath.Abs("testdata/similar/submissions.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := filepath.Abs(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	var out strings.Builder
	c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &out}
	if status := c.cqlMain([]string{"-similarposition", sub, "-i", games}); status != 0 ||
		!strings.Contains(out.String(), "\nDb: read 40 games from submission file: "+sub+"\n\n40 matches of 253 games") {
		t.Errorf("status %d\n%s", status, out.String())
	}
}

// splitGames cuts a PGN text into its games (each from its first tag).
func splitGames(text []byte) []string {
	var games []string
	for _, g := range regexp.MustCompile(`\n\[Event `).Split(string(text), -1) {
		if strings.TrimSpace(g) == "" {
			continue
		}
		if !strings.HasPrefix(g, "[Event ") {
			g = "[Event " + g
		}
		games = append(games, g)
	}
	return games
}

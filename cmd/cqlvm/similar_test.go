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

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/pgn"
)

const gamesPGN = "../testdata/pgn/games.pgn"

// TestSuiteOnGames runs the harness in quick mode on games.pgn: every suite
// query must report its expected count and the same output with 1 and 2
// threads. It takes a while, so it is skipped under -short.
func TestSuiteOnGames(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole query suite twice on games.pgn (about 10 s)")
	}
	var out strings.Builder
	rep, err := run(options{runs: 1, threads: 2, quick: true, input: gamesPGN, noExtern: true}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if rep.env.db.known != corpusGames {
		t.Fatalf("games.pgn not recognised as %s (size %d, %d games)", corpusGames, rep.env.db.size, rep.env.db.games)
	}
	if len(rep.results) != len(suite) {
		t.Errorf("%d queries measured, the suite has %d", len(rep.results), len(suite))
	}
	for _, f := range rep.failures {
		t.Error(f)
	}
	if t.Failed() {
		t.Log(out.String())
	}
}

// TestKnownCorpora checks the positions recorded for games.pgn against a
// fresh count, and that every suite query has counts for both corpora.
func TestKnownCorpora(t *testing.T) {
	db, err := countDatabase(gamesPGN)
	if err != nil {
		t.Fatal(err)
	}
	if db.known != corpusGames || db.positions != 379_176 {
		t.Errorf("games.pgn: known %q, %d positions", db.known, db.positions)
	}
	for _, q := range suite {
		for _, c := range knownCorpora {
			if _, ok := q.want[c.name]; !ok {
				t.Errorf("%q has no expected count for %s", q.text, c.name)
			}
		}
	}
}

// TestExpectedCountsIndependently recomputes a few expected counts of
// games.pgn without the engine, from the mainline positions alone.
func TestExpectedCountsIndependently(t *testing.T) {
	got := map[string]int{}
	eachGame(t, gamesPGN, func(g *pgn.Game) {
		mate, check, run, longest := false, false, 0, 0
		for i := range g.MainlineLen() {
			pos := &g.Nodes[i].Pos
			mate = mate || pos.IsCheckmate()
			if pos.InCheck() {
				check, run = true, run+1
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
		result, _ := g.Tag("Result")
		white, _ := g.Tag("White")
		count(got, "mate", mate)
		count(got, "check", check)
		count(got, "line --> check{4,}", longest >= 4)
		count(got, "result 1-0 mate", mate && result == "1-0")
		count(got, `player white "Kasparov"`, strings.Contains(white, "Kasparov"))
		count(got, "move from k", blackKingMoves(g))
	})
	for _, q := range suite {
		if n, ok := got[q.text]; ok && n != q.want[corpusGames] {
			t.Errorf("%q: %d games counted independently, suite expects %d", q.text, n, q.want[corpusGames])
		}
	}
}

func blackKingMoves(g *pgn.Game) bool {
	for i := 1; i < g.MainlineLen(); i++ {
		if g.Nodes[i].Move.Piece == bitboard.BlackKing {
			return true
		}
	}
	return false
}

func count(m map[string]int, key string, ok bool) {
	if ok {
		m[key]++
	}
}

func eachGame(t *testing.T, path string, f func(*pgn.Game)) {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	rd := pgn.NewReader(file, path)
	var p pgn.Parser
	var g pgn.Game
	for {
		raw, err := rd.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		p.Parse(raw, &g)
		f(&g)
	}
}

func TestParseSummary(t *testing.T) {
	out := []byte("progress\n1742 matches of 149352 games in 3.48 seconds using 1 thread to o.pgn\n")
	m, g, ok := parseSummary(out)
	if !ok || m != 1742 || g != 149352 {
		t.Errorf("parseSummary = %d, %d, %v", m, g, ok)
	}
	if _, _, ok := parseSummary([]byte("error\n")); ok {
		t.Error("parseSummary found a summary in an error message")
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []int64
		want int64
	}{{nil, 0}, {[]int64{5}, 5}, {[]int64{9, 1, 5}, 5}, {[]int64{4, 1, 3, 2}, 2}} {
		if got := median(tc.in); got != tc.want {
			t.Errorf("median(%v) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestConcatCopies(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.pgn")
	os.WriteFile(src, []byte("[Event \"x\"]\n\n1. e4 *"), 0o644)
	dst := filepath.Join(dir, "b.pgn")
	if err := concatCopies(src, dst, 3); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(dst)
	if n := strings.Count(string(b), "[Event"); n != 3 || !strings.Contains(string(b), "*\n[Event") {
		t.Errorf("concatenation: %q", b)
	}
}

// TestHeavyQueries checks that every file of bench/heavy has an expected
// count and runs the cheapest one through the -heavy mode (the others take
// seconds to a minute each: `go run ./bench -heavy`).
func TestHeavyQueries(t *testing.T) {
	qs, err := heavyQueries("..", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != len(heavyWant) {
		t.Errorf("%d files in bench/heavy, %d expected counts", len(qs), len(heavyWant))
	}
	for _, q := range qs {
		if _, ok := heavyWant[q.name]; !ok {
			t.Errorf("bench/heavy/%s.cql has no expected count", q.name)
		}
	}
	if testing.Short() {
		return
	}
	var out strings.Builder
	rep, err := run(options{runs: 1, threads: 1, heavy: true, queries: "mate_patterns_flip", input: gamesPGN, noExtern: true}, &out)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.failures {
		t.Error(f)
	}
	if !strings.Contains(out.String(), "| mate_patterns_flip | 28 ") {
		t.Errorf("no row for mate_patterns_flip with 28 matches:\n%s", out.String())
	}
}

// TestOfficialTargets: the thresholds against the official program
// (10× for a trivial query, 5× for the others, 8× geometric mean).
func TestOfficialTargets(t *testing.T) {
	timed := func(s float64) *stats { return &stats{runs: 1, wall: time.Duration(s * float64(time.Second))} }
	res := func(class string, ours, official float64) queryResult {
		return queryResult{q: query{class: class, text: class}, one: *timed(ours), ref: timed(official)}
	}
	r := &report{results: []queryResult{
		res(classTrivial, 1, 9),  // 9×: a trivial query misses 10×
		res(classSet, 1, 6),      // 6×: enough for the others
		res(classMove, 1, 4.5),   // 4.5×: misses 5×
		res(classTrivial, 1, 12), // 12×
	}}
	var met []bool
	for _, tg := range r.officialTargets() {
		met = append(met, tg.met)
	}
	// geometric mean of 9, 6, 4.5, 12 = 7.3: misses 8×
	want := []bool{false, true, false, true, false}
	if len(met) != len(want) {
		t.Fatalf("%d targets, want %d", len(met), len(want))
	}
	for i := range want {
		if met[i] != want[i] {
			t.Errorf("target %d met=%v, want %v", i, met[i], want[i])
		}
	}
	if g := geomean([]float64{2, 8}); g < 3.999 || g > 4.001 {
		t.Errorf("geomean(2, 8) = %v, want 4", g)
	}
}

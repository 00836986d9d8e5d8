package engine

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/engine/index"
	"github.com/cqlvm/cqlvm/engine/store"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// copyWithStore copies the test corpus name (a file of testdata/pgn) to
// a temporary directory and builds its game store there.
func copyWithStore(t *testing.T, name string) string {
	return copyWithStoreOf(t, name, store.Options{})
}

// copyWithStoreOf is copyWithStore with the store's options.
func copyWithStoreOf(t *testing.T, name string, opt store.Options) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../testdata/pgn", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := store.BuildWith(path, opt); err != nil {
		t.Fatal(err)
	}
	return path
}

// runOver runs the query file path over input with the query's header
// settings (with or without the input's store) and returns the stats and
// the PGN output followed by the JSON output.
func runOver(t *testing.T, path, input string, noStore bool) (Stats, string, error) {
	t.Helper()
	q, err := Load(path, QueryOptions{})
	if err != nil {
		return Stats{}, "", err
	}
	var out, js strings.Builder
	o := q.Options()
	o.Inputs = []string{input}
	o.MatchString, o.PGN, o.JSON, o.NoStore = "CQLMATCH", &out, &js, noStore
	st, err := Run(q, o)
	return st, out.String() + js.String(), err
}

// TestStoreConformance: every conformance query writes the same bytes
// (PGN and JSON) over a corpus with its game store, which holds the
// games in compact form, as over the PGN alone; and every one whose
// program needs something of the summaries the same over a store of
// summaries only (which skips games and reads the others from the PGN),
// and the stores do rule games out. By default the corpora are
// sample.pgn, and studies.pgn (variations, comments, set-up positions)
// for the queries that search variations; set CQLVM_CORPORA for every
// query on others.
func TestStoreConformance(t *testing.T) {
	corpora, onlyVariations := []string{"sample", "studies"}, map[string]bool{"studies": true}
	if env := os.Getenv("CQLVM_CORPORA"); env != "" {
		corpora, onlyVariations = strings.Split(env, ","), nil
	}
	for _, corpus := range corpora {
		input := copyWithStore(t, corpus+".pgn")
		queries, read := 0, 0
		type need struct {
			path, name, want string
			without          Stats
		}
		var needs []need
		for _, c := range findCases(t) {
			if c.area == "errors" {
				continue
			}
			q, err := Load(c.path, QueryOptions{})
			if err != nil || onlyVariations[corpus] && !q.Options().Variations {
				continue
			}
			without, want, err := runOver(t, c.path, input, true)
			if err != nil {
				t.Errorf("%s on %s without the store: %v", c.name, corpus, err)
				continue
			}
			if len(without.Store.Used) != 0 || without.Store.Skipped != 0 || without.Store.Read != 0 {
				t.Errorf("%s on %s: with --nostore, stores used %+v", c.name, corpus, without.Store)
			}
			queries++
			with, got, err := runOver(t, c.path, input, false)
			if err != nil || got != want || with.Matches != without.Matches || with.Games != without.Games {
				t.Errorf("%s on %s: the output over the store differs from that over the PGN (%v; %d matches of %d games, without %d of %d; %d ruled out)",
					c.name, corpus, err, with.Matches, with.Games, without.Matches, without.Games, with.Store.Skipped)
			}
			if len(with.Store.Used) != 1 || with.Store.Read+with.Store.Skipped != with.Games {
				t.Errorf("%s on %s: stores used %v, %d games read from it and %d skipped of %d", c.name, corpus, with.Store.Used, with.Store.Read, with.Store.Skipped, with.Games)
			}
			read += with.Store.Read
			if q.Program().Need.Op != summary.Anything {
				needs = append(needs, need{c.path, c.name, want, without})
			}
		}
		// the same file, its store now of summaries alone
		if _, err := store.BuildWith(input, store.Options{SummariesOnly: true}); err != nil {
			t.Fatal(err)
		}
		skipped, uncut := 0, 0
		for _, n := range needs {
			with, got, err := runOver(t, n.path, input, false)
			if err != nil || got != n.want || with.Matches != n.without.Matches || with.Games != n.without.Games {
				t.Errorf("%s on %s: the output over the summaries differs from that over the PGN (%v; %d matches of %d games, without %d of %d; %d ruled out)",
					n.name, corpus, err, with.Matches, with.Games, n.without.Matches, n.without.Games, with.Store.Skipped)
			}
			if with.Store.Skipped > 0 && len(with.Store.Used) != 1 || with.Store.Read != 0 {
				t.Errorf("%s on %s: stores used %v, %d games read from the summaries-only store", n.name, corpus, with.Store.Used, with.Store.Read)
			}
			skipped += with.Store.Skipped
			uncut += with.Store.Uncut
		}
		t.Logf("%s: %d queries, %d games read from the store; %d with a need, %d games ruled out in all, %d of them not cut", corpus, queries, read, len(needs), skipped, uncut)
		if queries < 10 || read == 0 || len(needs) < 5 || skipped == 0 || uncut == 0 {
			t.Errorf("%s: %d queries, %d with a need, %d games ruled out: the comparison shows little", corpus, queries, len(needs), skipped)
		}
	}
}

// TestStoreRefused: a store whose PGN changed, or built with other
// limits, is not used: the run says why and reads the PGN, with the
// same output.
func TestStoreRefused(t *testing.T) {
	input := copyWithStore(t, "sample.pgn")
	query := filepath.Join(t.TempDir(), "mate.cql")
	if err := os.WriteFile(query, []byte("cql() mate"), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh, want, err := runOver(t, query, input, false)
	if err != nil || fresh.Store.Skipped == 0 || len(fresh.Store.Refused) != 0 {
		t.Fatalf("fresh store: %v, %+v", err, fresh.Store)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(input, later, later); err != nil {
		t.Fatal(err)
	}
	stale, got, err := runOver(t, query, input, false)
	if err != nil || got != want || stale.Store.Skipped != 0 || len(stale.Store.Refused) != 1 || !strings.Contains(stale.Store.Refused[0], "stale store") {
		t.Fatalf("stale store: %v, %+v; same output %v", err, stale.Store, got == want)
	}
	f, err := os.OpenFile(input, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "\n")
	f.Close()
	if _, err := store.Build(input); err != nil {
		t.Fatal(err)
	}
	again, got, err := runOver(t, query, input, false)
	if err != nil || got != want || again.Store.Skipped != fresh.Store.Skipped {
		t.Fatalf("rebuilt store: %v, %+v; same output %v", err, again.Store, got == want)
	}
}

// TestStoreShards: the shards of a run (spans of the file, the second
// starting in the middle) skip games by the store and write, together,
// what they write without it.
func TestStoreShards(t *testing.T) {
	input := copyWithStore(t, "sample.pgn")
	ix, err := index.Build(input)
	if err != nil {
		t.Fatal(err)
	}
	var mid index.Start
	midGame := ix.Games / 2
	ix.Each(func(k int, s index.Start) bool {
		if k >= midGame && s.LineStart {
			mid, midGame = s, k+1
			return false
		}
		return true
	})
	q, err := Compile("cql() mate")
	if err != nil {
		t.Fatal(err)
	}
	spans := []Span{
		{Input: input, From: 0, To: mid.Offset},
		{Input: input, Start: mid.Offset, StartLine: mid.Line, FirstGame: midGame, From: mid.Offset, To: -1},
	}
	for i, sp := range spans {
		var with, without strings.Builder
		for _, noStore := range []bool{false, true} {
			o := q.Options()
			o.Inputs, o.Spans, o.NoStore, o.PGN = []string{input}, []Span{sp}, noStore, &with
			if noStore {
				o.PGN = &without
			}
			st, err := Run(q, o)
			if err != nil {
				t.Fatal(err)
			}
			if !noStore && (st.Store.Skipped == 0 || st.Store.Skipped >= st.Games) {
				t.Errorf("shard %d: %d of %d games skipped", i+1, st.Store.Skipped, st.Games)
			}
		}
		if with.String() != without.String() || with.Len() == 0 {
			t.Errorf("shard %d: %d bytes with the store, %d without, or they differ", i+1, with.Len(), without.Len())
		}
	}
}

// TestStoreGamesSharingLines: where a game starts on the line of the one
// before, the games before it cannot be passed over uncut (the reader
// resumes only at the start of a line): they are cut and then skipped,
// and the output is still that of the run over the PGN.
func TestStoreGamesSharingLines(t *testing.T) {
	data, err := os.ReadFile("../testdata/pgn/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(data), "\n\n[Event ")
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			sep := "\n\n[Event "
			if i%3 == 0 {
				sep = " [Event "
			}
			b.WriteString(sep)
		}
		b.WriteString(p)
	}
	input := filepath.Join(t.TempDir(), "shared.pgn")
	if err := os.WriteFile(input, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := store.BuildWith(input, store.Options{SummariesOnly: true}); err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{"cql() mate", "cql() Q>=2 q>=2", "cql() move promote [NB]"} {
		path := filepath.Join(t.TempDir(), "q.cql")
		if err := os.WriteFile(path, []byte(query), 0o644); err != nil {
			t.Fatal(err)
		}
		with, got, err1 := runOver(t, path, input, false)
		without, want, err2 := runOver(t, path, input, true)
		if err1 != nil || err2 != nil || got != want || with.Games != without.Games || with.Matches != without.Matches {
			t.Fatalf("%s: %v %v; %d of %d games, without %d of %d; same output %v", query, err1, err2, with.Matches, with.Games, without.Matches, without.Games, got == want)
		}
		if cut := with.Store.Skipped - with.Store.Uncut; with.Store.Uncut == 0 || cut == 0 {
			t.Errorf("%s: %d games skipped uncut, %d cut: both ways should be taken", query, with.Store.Uncut, cut)
		}
	}
}

// TestStorePositions: a query that pins down a board (-fen, or
// designators of every square) searches only the games whose boards the
// position index says reach it, and writes what it writes over the PGN.
func TestStorePositions(t *testing.T) {
	input := copyWithStore(t, "sample.pgn")
	f, err := os.Open(input)
	if err != nil {
		t.Fatal(err)
	}
	var parser pgn.Parser
	parser.CastlingFromPlacement = true
	var g pgn.Game
	r := pgn.NewReader(f, input)
	for range 40 { // a middlegame board of the 40th game
		raw, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		parser.Parse(raw, &g)
	}
	f.Close()
	board := g.Nodes[min(24, len(g.Nodes)-1)].Pos.FEN()
	board, _, _ = strings.Cut(board, " ")
	root, _, _ := strings.Cut(g.Nodes[0].Pos.FEN(), " ")
	var desigs []string
	pos := g.Nodes[min(24, len(g.Nodes)-1)].Pos
	for s := range 64 {
		if pc := pos.Board[s]; pc != bitboard.Empty {
			desigs = append(desigs, string(pc.Letter())+bitboard.Square(s).String())
		}
	}
	for _, query := range []string{
		`cql() fen "` + board + `"`,
		`cql(variations) fen "` + board + `"`,
		fmt.Sprintf("cql() %s [Aa] == %d", strings.Join(desigs, " "), len(desigs)),
		`cql() fen "` + root + `"`,
	} {
		path := filepath.Join(t.TempDir(), "q.cql")
		if err := os.WriteFile(path, []byte(query), 0o644); err != nil {
			t.Fatal(err)
		}
		with, got, err1 := runOver(t, path, input, false)
		without, want, err2 := runOver(t, path, input, true)
		if err1 != nil || err2 != nil || got != want || with.Matches != without.Matches || with.Matches == 0 || with.Games != without.Games {
			t.Fatalf("%s: %v %v; %d matches, without %d; same output %v", query, err1, err2, with.Matches, without.Matches, got == want)
		}
		if len(with.Store.Positions) != 1 || with.Store.Skipped == 0 || with.Store.Skipped+with.Store.Read != with.Games {
			t.Errorf("%s: %+v", query, with.Store)
		}
		t.Logf("%s: %d games matched, %d ruled out of %d", query, with.Matches, with.Store.Skipped, with.Games)
		seenEvery(t, path, input, with.Games)
	}
}

// seenEvery checks that Options.OnGame sees every game of a run of query
// path over input, numbered 1 to games in turn, though the store passes
// most of them over.
func seenEvery(t *testing.T, path, input string, games int) {
	t.Helper()
	q, err := Load(path, QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := q.Options()
	o.Inputs = []string{input}
	var numbers []int
	o.OnGame = func(g *Game) { numbers = append(numbers, g.Number) }
	st, err := Run(q, o)
	if err != nil || st.Store.Skipped == 0 || len(numbers) != games {
		t.Fatalf("%v; %d games seen of %d, %d skipped", err, len(numbers), games, st.Store.Skipped)
	}
	for i, n := range numbers {
		if n != i+1 {
			t.Fatalf("game %d seen as number %d", i+1, n)
		}
	}
}

package engine

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/engine/index"
	"github.com/cqlvm/cqlvm/engine/store"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// copyWithStore copies the test corpus name (a file of testdata/pgn) to
// a temporary directory and builds its game store there.
func copyWithStore(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../testdata/pgn", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Build(path); err != nil {
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

// TestStoreConformance: every conformance query whose program needs
// something of the summaries writes the same bytes (PGN and JSON) over a corpus with
// its game store as over the PGN alone, and the stores do rule games
// out. By default the corpora are sample.pgn, and studies.pgn for the
// queries that search variations (the whole tree's summaries); set
// CQLVM_CORPORA for every query on others.
func TestStoreConformance(t *testing.T) {
	corpora, onlyVariations := []string{"sample", "studies"}, map[string]bool{"studies": true}
	if env := os.Getenv("CQLVM_CORPORA"); env != "" {
		corpora, onlyVariations = strings.Split(env, ","), nil
	}
	for _, corpus := range corpora {
		input := copyWithStore(t, corpus+".pgn")
		queries, skipped, uncut := 0, 0, 0
		for _, c := range findCases(t) {
			if c.area == "errors" {
				continue
			}
			q, err := Load(c.path, QueryOptions{})
			if err != nil || q.Program().Need.Op == summary.Anything || onlyVariations[corpus] && !q.Options().Variations {
				continue
			}
			queries++
			with, got, err1 := runOver(t, c.path, input, false)
			without, want, err2 := runOver(t, c.path, input, true)
			if err1 != nil || err2 != nil {
				t.Errorf("%s on %s: %v; without the store %v", c.name, corpus, err1, err2)
				continue
			}
			if got != want || with.Matches != without.Matches || with.Games != without.Games {
				t.Errorf("%s on %s: the output over the store differs from that over the PGN (%d matches of %d games, without %d of %d; %d ruled out)",
					c.name, corpus, with.Matches, with.Games, without.Matches, without.Games, with.Store.Skipped)
			}
			if with.Store.Skipped > 0 && len(with.Store.Used) != 1 || len(without.Store.Used) != 0 || without.Store.Skipped != 0 {
				t.Errorf("%s on %s: stores used %v, without %v", c.name, corpus, with.Store.Used, without.Store.Used)
			}
			skipped += with.Store.Skipped
			uncut += with.Store.Uncut
		}
		t.Logf("%s: %d queries with a need, %d games ruled out in all, %d of them not cut", corpus, queries, skipped, uncut)
		if queries < 5 || skipped == 0 || uncut == 0 {
			t.Errorf("%s: %d queries with a need, %d games ruled out: the comparison shows little", corpus, queries, skipped)
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
	if _, err := store.Build(input); err != nil {
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

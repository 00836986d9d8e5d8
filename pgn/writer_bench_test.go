package pgn

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// writerCorpora are the files whose written form is pinned by
// writerReference: master games, studies (comments, NAGs, variations,
// Chess960, null moves), the CQL sample (FEN setups, deep variations), the
// variants (drops, their check marks) and the other parsers' edge files
// (but the unrepaired copy of studies.pgn).
var writerCorpora = []string{"games.pgn", "studies.pgn", "sample.pgn", "../variants/*.pgn", "edge/*.pgn"}

// benchCorpora are the standard-chess files BenchmarkWriteGames writes;
// the variants' check marks (Position.Outcome) would take a fifth of its
// time on 2% of its bytes.
var benchCorpora = []string{"games.pgn", "studies.pgn", "sample.pgn"}

// benchReference is the SHA-256 of benchCorpora written as the official
// program writes them, at 2e84b59 as writerReference.
const benchReference = "d99658dbbda27ef8984962fa226e7efdc45bb9f2f12fa9c679abe58b45f04818"

// writerReference is the SHA-256 of every game of writerCorpora written
// one after the other, with and without WriteOptions.Official, by the
// writer before it was made faster (commit 2e84b59): the writer must keep
// writing these bytes. The official program's own bytes are compared in
// cmd/cqlvm's tests; this pins the writer on a far larger corpus.
var writerReference = map[bool]string{
	false: "6ace8f3a37f3c638e156a036500d1e5d2e008c0e1a9862d0da25d3c7973b722e",
	true:  "3987aa790ade5ccbd54822f7d6b663055c182797f04f045228927b3eb56ac29b",
}

// corpusFiles are the files of corpora (patterns under testdataDir).
func corpusFiles(t testing.TB, corpora []string) []string {
	t.Helper()
	var files []string
	for _, pattern := range corpora {
		names, err := filepath.Glob(testdataDir + pattern)
		if err != nil || len(names) == 0 {
			t.Fatalf("%s: no files (%v)", pattern, err)
		}
		for _, name := range names {
			if filepath.Base(name) != "studies-unrepaired.pgn" { // studies.pgn before six repairs: the same games again
				files = append(files, name)
			}
		}
	}
	return files
}

// writeCorpora appends every game of writerCorpora to dst, each written
// as soon as it is read, and counts them.
func writeCorpora(t testing.TB, dst []byte, opt WriteOptions) ([]byte, int) {
	games := 0
	for _, name := range corpusFiles(t, writerCorpora) {
		games += eachFileGame(t, name, func(_ *RawGame, g *Game) { dst = AppendGame(dst, g, opt) })
	}
	return dst, games
}

// parsedCorpora parses the first limit games of corpora (all when limit
// is 0), each into a Game of its own (the Parser hands every game arrays
// of its own).
func parsedCorpora(t testing.TB, corpora []string, limit int) []*Game {
	var games []*Game
	for _, name := range corpusFiles(t, corpora) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(bytes.NewReader(data), name)
		var p Parser
		for {
			raw, err := r.Next()
			if err == io.EOF || limit > 0 && len(games) == limit {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			g := new(Game)
			p.Parse(raw, g)
			games = append(games, g)
		}
	}
	return games
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// TestWriterReference writes writerCorpora and compares the bytes with
// the reference. With CQLVM_WRITER_DUMP=DIR it leaves the text in DIR,
// to find the first difference after a change.
func TestWriterReference(t *testing.T) {
	for _, official := range []bool{false, true} {
		out, games := writeCorpora(t, nil, WriteOptions{Official: official})
		if dir := os.Getenv("CQLVM_WRITER_DUMP"); dir != "" {
			name := filepath.Join(dir, map[bool]string{false: "plain.pgn", true: "official.pgn"}[official])
			if err := os.WriteFile(name, out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got := digest(out); got != writerReference[official] {
			t.Errorf("Official %v: %d games written in %d bytes, SHA-256 %s, want %s", official, games, len(out), got, writerReference[official])
		}
	}
}

// BenchmarkWriteGames writes the games of benchCorpora as the official
// program does, into one reused buffer, and checks the bytes against the
// reference.
func BenchmarkWriteGames(b *testing.B) {
	benchWrite(b, parsedCorpora(b, benchCorpora, 0), benchReference)
}

// benchWrite writes games as the official program does, into one reused
// buffer, again and again, and checks the last bytes' SHA-256.
func benchWrite(b *testing.B, games []*Game, reference string) {
	var out []byte
	plies := 0
	for _, g := range games {
		plies += max(len(g.Nodes)-1, 0)
	}
	b.ResetTimer()
	for b.Loop() {
		out = out[:0]
		for _, g := range games {
			out = AppendGame(out, g, WriteOptions{Official: true})
		}
	}
	b.SetBytes(int64(len(out)))
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
	if got := digest(out); got != reference {
		b.Fatalf("SHA-256 %s, want %s", got, reference)
	}
}

// hotReference is the SHA-256 of the first 64 games of games.pgn written
// as the official program writes them, at 2e84b59 as writerReference.
const hotReference = "4e81d59eb5856bb85ebaf24d3405684ba7be5b759055399a441099d749177fd3"

// BenchmarkWriteGamesHot writes the first 64 games of games.pgn (5,196
// plies) again and again: they stay in the processor's caches, as a game
// just searched does in a run, so it measures the writer's own work
// where BenchmarkWriteGames, over 8 MB of games, also measures memory.
func BenchmarkWriteGamesHot(b *testing.B) {
	benchWrite(b, parsedCorpora(b, []string{"games.pgn"}, 64), hotReference)
}

// TestWriterComposesWhatItCopies writes every game of writerCorpora
// again with the SAN texts the parser kept dropped, as a game read from
// the store has none: every move is then composed (AppendSANBody and its
// mark) instead of copied, and the bytes must not change.
func TestWriterComposesWhatItCopies(t *testing.T) {
	for _, name := range corpusFiles(t, writerCorpora) {
		eachFileGame(t, name, func(_ *RawGame, g *Game) {
			copied := AppendGame(nil, g, WriteOptions{Official: true})
			for i := range g.Nodes {
				g.Nodes[i].SAN = nil
			}
			if composed := AppendGame(nil, g, WriteOptions{Official: true}); string(composed) != string(copied) {
				t.Errorf("%s game %d: composed\n%s\nwhere copied\n%s", name, g.Number, composed, copied)
			}
		})
	}
}

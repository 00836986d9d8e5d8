package shard

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/index"
)

// gameAt is a game as a run hands it over: its number, file and offset.
type gameAt struct {
	number int
	file   string
	offset int64
}

// gamesRead runs a query that matches nothing over inputs (or over
// spans of them) and returns the games the run read.
func gamesRead(t *testing.T, inputs []string, spans []engine.Span) []gameAt {
	t.Helper()
	q, err := engine.Compile("false")
	if err != nil {
		t.Fatal(err)
	}
	var games []gameAt
	o := engine.Options{Inputs: inputs, Spans: spans, Threads: 2, OnGame: func(g *engine.Game) {
		games = append(games, gameAt{g.Number, g.File, g.Offset})
	}}
	if _, err := engine.Run(q, o); err != nil {
		t.Fatal(err)
	}
	return games
}

// testInputs copies into a temporary directory the bundled edge files of
// one source (many games on a line, comments holding tags, escape lines,
// byte order marks), the sample, and a gzip of the sample.
func testInputs(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	edge, err := filepath.Glob("../../testdata/pgn/edge/pgn-extract/*.pgn")
	if err != nil || len(edge) == 0 {
		t.Fatalf("the bundled edge PGN files are missing: %v", err)
	}
	// 16 games of 64 bytes: cut points fall on game starts
	equal := filepath.Join(dir, "equal.pgn")
	game := "[Event \"\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. B4 *\n\n"
	if len(game) != 64 {
		t.Fatalf("the equal game has %d bytes, not 64", len(game))
	}
	// games that do not start a line, where a shard cannot begin: one
	// that starts with "%" would be read as an escape line there
	oneLine := filepath.Join(dir, "oneline.pgn")
	var line bytes.Buffer
	for i := range 40 {
		if i%10 != 0 {
			fmt.Fprintf(&line, "%%%d ", i)
		}
		fmt.Fprintf(&line, "[Event \"%d\"] 1. e4 e5 * ", i)
		if i%10 == 9 {
			line.WriteString("\n")
		}
	}
	os.WriteFile(equal, []byte(strings.Repeat(game, 16)), 0o644)
	os.WriteFile(oneLine, line.Bytes(), 0o644)
	inputs := []string{equal, oneLine}
	for i, name := range append(edge, "../../testdata/pgn/sample.pgn") {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, fmt.Sprintf("%02d-%s", i, filepath.Base(name)))
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, dst)
		if i == 3 { // a compressed file among the plain ones
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			zw.Write(data)
			zw.Close()
			gz := dst + ".gz"
			if err := os.WriteFile(gz, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, gz)
		}
	}
	return inputs
}

// TestShardsReadEveryGameOnce: for n from 1 to 16, with and without
// indexes, the n shards together read every game of the inputs exactly
// once, in order, with the number, file and offset of a single run. The
// inputs alone (16 equal games, where cut points fall on game starts;
// games in the middle of lines, where a shard cannot begin) and all
// together.
func TestShardsReadEveryGameOnce(t *testing.T) {
	inputs := testInputs(t)
	for _, set := range [][]string{inputs[:1], inputs[1:2], inputs} {
		checkShardsReadEveryGameOnce(t, set, false)
		indexAll(t, set)
		checkShardsReadEveryGameOnce(t, set, true)
	}
}

func indexAll(t *testing.T, inputs []string) {
	t.Helper()
	for _, name := range inputs {
		ix, err := index.Build(name)
		if err == nil {
			err = ix.WriteFile(name)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func checkShardsReadEveryGameOnce(t *testing.T, inputs []string, indexed bool) {
	t.Helper()
	want := gamesRead(t, inputs, nil)
	if len(want) < 16 {
		t.Fatalf("only %d games in %v", len(want), inputs)
	}
	for n := 1; n <= 16; n++ {
		var got []gameAt
		for i := 1; i <= n; i++ {
			work, err := Plan(inputs, Spec{i, n})
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, gamesRead(t, inputs, work.Spans)...)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%d inputs, indexed %v, %d shards: the shards read %d games, differing from the single run's %d at %s",
				len(inputs), indexed, n, len(got), len(want), firstDifference(got, want))
		}
	}
}

func firstDifference(got, want []gameAt) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("game %d: %+v, want %+v", i+1, got[i], want[i])
		}
	}
	return "the end"
}

// TestIndexedShardsSeek: with an index, a shard starts reading at its
// first game, not at the start of the file.
func TestIndexedShardsSeek(t *testing.T) {
	name := filepath.Join(t.TempDir(), "sample.pgn")
	data, err := os.ReadFile("../../testdata/pgn/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(name, data, 0o644)
	work, err := Plan([]string{name}, Spec{2, 2})
	if err != nil || len(work.Spans) != 1 || work.Spans[0].Start != 0 || work.LastGameNumber != 0 {
		t.Fatalf("without an index: %+v, %v; want one span read from byte 0, lastgamenumber unknown", work, err)
	}
	indexAll(t, []string{name})
	work, err = Plan([]string{name}, Spec{2, 2})
	if err != nil || len(work.Spans) != 1 || work.Spans[0].Start < int64(len(data))/2-20000 || work.Spans[0].FirstGame < 2 {
		t.Fatalf("with an index: %+v, %v; want one span read from near the middle", work, err)
	}
	if ix, _ := index.Load(name); work.LastGameNumber != ix.WhiteTags || ix.WhiteTags < 200 {
		t.Errorf("with an index: lastgamenumber %d, want the index's %d", work.LastGameNumber, ix.WhiteTags)
	}
}

// TestPlanRefuses: standard input and a bad shard number are errors.
func TestPlanRefuses(t *testing.T) {
	if _, err := Plan([]string{"-"}, Spec{1, 2}); err == nil {
		t.Error("standard input was split into shards")
	}
	if _, err := Plan([]string{"../../testdata/pgn/sample.pgn"}, Spec{3, 2}); err == nil {
		t.Error("shard 3/2 was planned")
	}
}

// TestPlanCountsOnlyTheFilesBefore: the games of the files a shard reads
// are not counted beforehand (a compressed file would be decompressed
// twice): a damaged gzip file after the first does not stop the plan of
// a single shard, but does stop the plan of a shard after it, which
// needs its game count.
func TestPlanCountsOnlyTheFilesBefore(t *testing.T) {
	dir := t.TempDir()
	sample, err := os.ReadFile("../../testdata/pgn/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, "a.pgn")
	damaged := filepath.Join(dir, "b.pgn.gz")
	last := filepath.Join(dir, "c.pgn")
	os.WriteFile(first, sample, 0o644)
	os.WriteFile(damaged, append([]byte{0x1f, 0x8b, 8, 0}, sample[:1000]...), 0o644)
	os.WriteFile(last, sample, 0o644)
	inputs := []string{first, damaged, last}
	work, err := Plan(inputs, Spec{1, 1})
	if spans := work.Spans; err != nil || len(spans) != 3 || spans[0].FirstGame != 1 || spans[1].FirstGame != 0 || spans[2].FirstGame != 0 {
		t.Fatalf("one shard: %+v, %v; want three spans numbered on from the first", spans, err)
	}
	if _, err := Plan(inputs, Spec{2, 2}); err == nil || !strings.Contains(err.Error(), "gzip") {
		t.Fatalf("a shard after the damaged file: %v, want the error of counting its games", err)
	}
}

package pgn

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// loadRawGames cuts a test file into RawGames held in memory.
func loadRawGames(b *testing.B, name string) []*RawGame {
	b.Helper()
	data, err := os.ReadFile(testdataDir + name)
	if err != nil {
		b.Fatal(err)
	}
	r := NewReader(bytes.NewReader(data), name)
	var games []*RawGame
	for {
		raw, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, raw)
	}
}

// BenchmarkParseGames parses and replays games.pgn (5,000 master games,
// 374,176 plies) from memory, and checks the ply count on the way.
func BenchmarkParseGames(b *testing.B) {
	benchmarkParse(b, "games.pgn", 379176-5000)
}

// BenchmarkParseStudies parses studies.pgn: comments, NAGs, variations.
func BenchmarkParseStudies(b *testing.B) {
	benchmarkParse(b, "studies.pgn", 153125-2636)
}

// BenchmarkParseCrazyhouse parses the committed Crazyhouse self-play
// corpus: compare its plies/s with BenchmarkParseGames' (drops, holdings
// and promoted marks against standard replay).
func BenchmarkParseCrazyhouse(b *testing.B) {
	benchmarkParse(b, "../variants/crazyhouse.pgn", -1)
}

// benchmarkParse parses name (under testdataDir), checking the ply count
// unless wantPlies is -1; every game must read without error.
func benchmarkParse(b *testing.B, name string, wantPlies int) {
	games := loadRawGames(b, name)
	size := 0
	for _, raw := range games {
		size += len(raw.Data)
	}
	var p Parser
	var g Game
	b.SetBytes(int64(size))
	b.ResetTimer()
	plies := 0
	for b.Loop() {
		plies = 0
		for _, raw := range games {
			p.Parse(raw, &g)
			plies += len(g.Nodes) - 1
			if wantPlies < 0 && g.Err() != nil {
				b.Fatal(g.Err())
			}
		}
	}
	if wantPlies >= 0 && plies != wantPlies {
		b.Fatalf("%d plies, want %d", plies, wantPlies)
	}
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
}

// BenchmarkReader cuts games.pgn into games.
func BenchmarkReader(b *testing.B) {
	data, err := os.ReadFile(testdataDir + "games.pgn")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r := NewReader(bytes.NewReader(data), "games.pgn")
		n := 0
		for {
			_, err := r.Next()
			if err != nil {
				break
			}
			n++
		}
		if n != 5000 {
			b.Fatalf("%d games", n)
		}
	}
}

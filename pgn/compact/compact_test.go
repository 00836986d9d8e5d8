package compact

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/pgn"
)

// corpora is the directory of the repository's test games.
const corpora = "../../testdata/pgn"

// eachGame parses every game of the PGN file name.
func eachGame(t testing.TB, name string, f func(g *pgn.Game)) {
	t.Helper()
	eachRawGame(t, name, func(_ *pgn.RawGame, g *pgn.Game) { f(g) })
}

// eachRawGame parses every game of the PGN file name, and gives its
// text with it (valid until the next game).
func eachRawGame(t testing.TB, name string, f func(raw *pgn.RawGame, g *pgn.Game)) {
	t.Helper()
	file, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r := pgn.NewReader(file, name)
	var parser pgn.Parser
	parser.CastlingFromPlacement = true
	var g pgn.Game
	for {
		raw, err := r.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		parser.Parse(raw, &g)
		f(raw, &g)
	}
}

// TestRoundTrip: every game of the corpora without errors is stored and
// read back the same (tags, tree, moves, positions, comments, NAGs) and
// written the same by the PGN writer, in both its forms; a ply takes
// two bytes.
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"sample.pgn", "studies.pgn", "games.pgn"} {
		var enc Encoder
		var dec Decoder
		var back pgn.Game
		games, stored, plies, size := 0, 0, 0, 0
		eachGame(t, filepath.Join(corpora, name), func(g *pgn.Game) {
			games++
			data, ok := enc.Append(nil, g)
			if !ok {
				if len(g.Errors) == 0 && len(g.Nodes) > 0 {
					t.Errorf("%s game %d: not stored", name, g.Number)
				}
				return
			}
			stored++
			plies += len(g.Nodes) - 1
			size += len(data)
			if err := dec.Decode(data, &back); err != nil || !Same(&back, g) {
				t.Fatalf("%s game %d: read back differently (%v)", name, g.Number, err)
			}
			for _, opt := range []pgn.WriteOptions{{}, {Official: true}} {
				if a, b := pgn.AppendGame(nil, g, opt), pgn.AppendGame(nil, &back, opt); !bytes.Equal(a, b) {
					t.Fatalf("%s game %d: written differently:\n%s\n---\n%s", name, g.Number, a, b)
				}
			}
		})
		t.Logf("%s: %d of %d games stored, %d plies in %d bytes", name, stored, games, plies, size)
		if stored == 0 {
			t.Errorf("%s: no game stored", name)
		}
	}
}

// TestDecodeHeader reads the tags, result and start of a game as
// pgn.Parser.ParseHeader does.
func TestDecodeHeader(t *testing.T) {
	var enc Encoder
	var dec Decoder
	var head pgn.Game
	eachGame(t, filepath.Join(corpora, "studies.pgn"), func(g *pgn.Game) {
		data, ok := enc.Append(nil, g)
		if !ok {
			return
		}
		if err := dec.DecodeHeader(data, &head); err != nil {
			t.Fatal(err)
		}
		if len(head.Nodes) != 1 || head.Nodes[0].Pos != g.Nodes[0].Pos || head.Result != g.Result || len(head.Tags) != len(g.Tags) {
			t.Fatalf("game %d: header read as %+v", g.Number, head)
		}
	})
}

// TestDamaged: bytes cut short or changed are refused or read as some
// game, never a panic (FuzzDecode goes further).
func TestDamaged(t *testing.T) {
	var enc Encoder
	var dec Decoder
	var back pgn.Game
	n := 0
	eachGame(t, filepath.Join(corpora, "sample.pgn"), func(g *pgn.Game) {
		data, ok := enc.Append(nil, g)
		if !ok || n > 20 {
			return
		}
		n++
		for cut := range data {
			if dec.Decode(data[:cut], &back) == nil {
				t.Fatalf("game %d cut at %d of %d bytes: read without error", g.Number, cut, len(data))
			}
		}
	})
}

// FuzzDecode: any bytes are refused or read as a game that stores back
// to a game the same.
func FuzzDecode(f *testing.F) {
	var enc Encoder
	eachGame(f, filepath.Join(corpora, "sample.pgn"), func(g *pgn.Game) {
		if data, ok := enc.Append(nil, g); ok && g.Number%10 == 0 {
			f.Add(data)
		}
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		var dec Decoder
		var g, again pgn.Game
		if dec.Decode(data, &g) != nil {
			return
		}
		var enc Encoder
		out, ok := enc.Append(nil, &g)
		if !ok {
			return // (a position no PGN leads to, say)
		}
		if dec.Decode(out, &again) != nil || !Same(&g, &again) {
			t.Fatalf("read back differently")
		}
	})
}

// TestEdgeCorpora: the PGN files other programs test their readers with
// (testdata/pgn/edge: null moves, Chess960, set-ups, odd comments and
// glyphs) are stored exactly, every game without errors but those of
// variants other than Chess960, whose rules the move indexes do not
// follow (a store keeps those games as text: Encoder.Append reads each
// game back and refuses one that differs), and written the same when
// read back.
func TestEdgeCorpora(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpora, "edge", "*", "*.pgn"))
	if err != nil || len(files) < 10 {
		t.Fatalf("%d edge files: %v", len(files), err)
	}
	var enc Encoder
	var dec Decoder
	var back pgn.Game
	stored := 0
	for _, name := range files {
		eachGame(t, name, func(g *pgn.Game) {
			data, ok := enc.Append(nil, g)
			if !ok {
				variant, _ := g.Tag("Variant")
				switch strings.ToLower(strings.TrimSpace(variant)) {
				case "", "standard", "chess960", "chess 960", "fischerandom", "from position":
				default:
					return
				}
				if len(g.Errors) == 0 && len(g.Nodes) > 0 {
					t.Errorf("%s game %d: not stored", name, g.Number)
				}
				return
			}
			stored++
			if err := dec.Decode(data, &back); err != nil {
				t.Fatalf("%s game %d: %v", name, g.Number, err)
			}
			if a, b := pgn.AppendGame(nil, g, pgn.WriteOptions{Official: true}), pgn.AppendGame(nil, &back, pgn.WriteOptions{Official: true}); !bytes.Equal(a, b) {
				t.Fatalf("%s game %d: written differently:\n%s\n---\n%s", name, g.Number, a, b)
			}
		})
	}
	t.Logf("%d files, %d games stored", len(files), stored)
}

// BenchmarkRead compares reading the games of games.pgn back from the
// compact form with parsing their PGN (cut beforehand in both).
func BenchmarkRead(b *testing.B) {
	var raws []*pgn.RawGame
	var stored [][]byte
	var enc Encoder
	eachRawGame(b, filepath.Join(corpora, "games.pgn"), func(raw *pgn.RawGame, g *pgn.Game) {
		raw.Data = append([]byte(nil), raw.Data...)
		raws = append(raws, raw)
		data, _ := enc.Append(nil, g)
		stored = append(stored, data)
	})
	var parser pgn.Parser
	parser.CastlingFromPlacement = true
	var g pgn.Game
	b.Run("pgn", func(b *testing.B) {
		for range b.N {
			for _, raw := range raws {
				parser.Parse(raw, &g)
			}
		}
	})
	b.Run("compact", func(b *testing.B) {
		var dec Decoder
		for range b.N {
			for _, data := range stored {
				if err := dec.Decode(data, &g); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

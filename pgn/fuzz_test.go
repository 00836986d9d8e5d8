package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/cqlvm/cqlvm/limits"
)

// FuzzParse runs the Reader, the Parser and the writer on arbitrary bytes.
// Nothing may panic; games must be cut the same whatever the read sizes,
// and their positions must point into the input; trees must be sound; and
// a game read without error must be written and read back unchanged.
//
// The seeds are the edge corpus (files cut to 2 KB) plus
// testdata/fuzz/FuzzParse. Run: go test ./pgn -run=^$ -fuzz=FuzzParse -fuzztime=10m
func FuzzParse(f *testing.F) {
	err := filepath.WalkDir(testdataDir+"edge", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pgn") {
			return err
		}
		data, err := os.ReadFile(path)
		f.Add(data[:min(len(data), 2<<10)]) // small seeds keep minimizing new inputs quick
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Go's fuzzer has no time limit per input; a loop that never ends
		// is a bug, so crash the worker and let it save the input.
		watchdog := time.AfterFunc(20*time.Second, func() { panic(fmt.Sprintf("no result after 20 s on %q", data)) })
		defer watchdog.Stop()
		games := readAllRaw(t, data, bytes.NewReader(data))
		if len(data) < 4<<10 {
			compareCuts(t, games, readAllRaw(t, data, iotest.OneByteReader(bytes.NewReader(data))))
		}
		var p Parser
		var g Game
		for _, raw := range games {
			checkRawPosition(t, data, raw)
			p.Parse(raw, &g)
			checkParsed(t, data, raw, &g)
			if g.Err() == nil {
				checkRoundTrip(t, &g)
				full := g.Result
				var h Game
				p.ParseHeader(raw, &h)
				if h.Result != full || len(h.Nodes) > 1 {
					t.Fatalf("ParseHeader: result %q and %d nodes; Parse: result %q", h.Result, len(h.Nodes), full)
				}
			}
		}
		checkLimitedReading(t, data)
		// The Parser on bytes no Reader has cut.
		p.Parse(&RawGame{Number: 1, File: "whole", Line: 1, Col: 1, Data: data}, &g)
		if err := checkTree(&g); err != nil {
			t.Fatalf("whole input as one game: %v", err)
		}
	})
}

// checkLimitedReading reads data with a game-bytes limit of 32 bytes
// and a 16-byte read buffer, so that games are refused and skipped a
// piece at a time as only huge games are in real use: whatever the
// Reader returns is still the input's (each game's bytes at its offset,
// line and column, numbered one by one, none over the limit), a refused
// game has its error and no bytes, and the buffer stays within the
// limit and the lookahead.
func checkLimitedReading(t *testing.T, data []byte) {
	const limit, size = 32, 16
	v := limits.Defaults()
	v.SetValue(limits.GameBytes, limit)
	r := newReaderSize(bytes.NewReader(data), "fuzz", size)
	r.SetLimits(v)
	var p Parser
	var g Game
	last := int64(-1)
	for number := 1; ; number++ {
		raw, err := r.Next()
		var be *BinaryError
		if err == io.EOF || errors.As(err, &be) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if raw.Number != number || raw.Offset <= last {
			t.Fatalf("limited reading: game %d at byte %d after game %d at byte %d", raw.Number, raw.Offset, number-1, last)
		}
		last = raw.Offset
		if raw.Err == nil {
			if len(raw.Data) > limit {
				t.Fatalf("limited reading: game %d of %d bytes, over %d", raw.Number, len(raw.Data), limit)
			}
			checkRawPosition(t, data, raw)
		} else {
			if raw.Err.Limit == nil || len(raw.Data) != 0 {
				t.Fatalf("limited reading: refused game %d: %v, %d bytes", raw.Number, raw.Err, len(raw.Data))
			}
			if line, col := lineCol(data, raw.Offset); line != raw.Line || col != raw.Col {
				t.Fatalf("limited reading: refused game %d at %d:%d, want %d:%d", raw.Number, raw.Line, raw.Col, line, col)
			}
		}
		p.Parse(raw, &g)
	}
	if len(r.buf) > limit+size+1 {
		t.Fatalf("limited reading: the buffer grew to %d bytes", len(r.buf))
	}
}

// readAllRaw reads all the games of data through r.
func readAllRaw(t *testing.T, data []byte, r io.Reader) []*RawGame {
	rd := NewReader(r, "fuzz")
	var games []*RawGame
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games
		}
		var be *BinaryError
		if errors.As(err, &be) {
			// the games before the first NUL byte, then the error there
			if want := int64(bytes.IndexByte(data, 0)); be.Offset != want {
				t.Fatalf("binary data reported at byte %d, the first NUL is at %d", be.Offset, want)
			}
			for _, g := range games {
				if g.Offset+int64(len(g.Data)) > be.Offset {
					t.Fatalf("game %d runs past the NUL byte at %d", g.Number, be.Offset)
				}
			}
			return games
		}
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
}

func compareCuts(t *testing.T, a, b []*RawGame) {
	if len(a) != len(b) {
		t.Fatalf("%d games at once, %d a byte at a time", len(a), len(b))
	}
	for i := range a {
		if a[i].Offset != b[i].Offset || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Fatalf("game %d cut differently a byte at a time", i+1)
		}
	}
}

// lineCol computes the line and column of offset off in data.
func lineCol(data []byte, off int64) (int, int) {
	before := data[:off]
	line := 1 + bytes.Count(before, []byte("\n")) + bytes.Count(before, []byte("\r")) - bytes.Count(before, []byte("\r\n"))
	col := int(off) - max(bytes.LastIndexByte(before, '\n'), bytes.LastIndexByte(before, '\r'))
	return line, col
}

func checkRawPosition(t *testing.T, data []byte, raw *RawGame) {
	end := raw.Offset + int64(len(raw.Data))
	if raw.Offset < 0 || end > int64(len(data)) || !bytes.Equal(data[raw.Offset:end], raw.Data) || len(raw.Data) == 0 {
		t.Fatalf("game %d: data %q is not the input at offset %d", raw.Number, raw.Data, raw.Offset)
	}
	if line, col := lineCol(data, raw.Offset); line != raw.Line || col != raw.Col {
		t.Fatalf("game %d: at %d:%d, want %d:%d", raw.Number, raw.Line, raw.Col, line, col)
	}
}

func checkParsed(t *testing.T, data []byte, raw *RawGame, g *Game) {
	if err := checkTree(g); err != nil {
		t.Fatalf("game %d: %v", raw.Number, err)
	}
	if len(g.Errors) > 1 {
		t.Fatalf("game %d: %d errors", raw.Number, len(g.Errors))
	}
	for _, e := range g.Errors {
		if e.Offset < raw.Offset || e.Offset > raw.Offset+int64(len(raw.Data)) {
			t.Fatalf("game %d: error at offset %d, outside the game", raw.Number, e.Offset)
		}
		if line, col := lineCol(data, e.Offset); line != e.Line || col != e.Col {
			t.Fatalf("game %d: error at %d:%d, offset says %d:%d", raw.Number, e.Line, e.Col, line, col)
		}
	}
}

func checkRoundTrip(t *testing.T, g *Game) {
	text := writeString(t, g)
	back := readAllRaw(t, []byte(text), strings.NewReader(text))
	if len(back) != 1 {
		t.Fatalf("written as\n%s\nreads back as %d games", text, len(back))
	}
	var p Parser
	var again Game
	p.Parse(back[0], &again)
	if err := again.Err(); err != nil {
		t.Fatalf("written as\n%s\nreads back with %v", text, err)
	}
	if d := diffGames(g, &again); d != "" {
		t.Fatalf("written as\n%s\nreads back differently: %s", text, d)
	}
	// as the official program writes it (its tags, one comment a place)
	// the game reads back with the same moves
	official := string(AppendGame(nil, g, WriteOptions{Official: true}))
	back = readAllRaw(t, []byte(official), strings.NewReader(official))
	if len(back) != 1 {
		t.Fatalf("written officially as\n%s\nreads back as %d games", official, len(back))
	}
	var third Game
	p.Parse(back[0], &third)
	if err := third.Err(); err != nil || len(third.Nodes) != len(g.Nodes) {
		t.Fatalf("written officially as\n%s\nreads back with %d nodes (want %d), error %v", official, len(third.Nodes), len(g.Nodes), err)
	}
}

// TestFuzzHelpers makes sure the fuzz checks can fail.
func TestFuzzHelpers(t *testing.T) {
	data := []byte("1.e4 *\n\n 1.d4 *")
	if l, c := lineCol(data, 9); l != 3 || c != 2 {
		t.Errorf("lineCol = %d:%d", l, c)
	}
	a := parseString(t, "1.e4 {a} *")
	b := parseString(t, "1.e4 {b} *")
	if diffGames(a, b) == "" {
		t.Error("diffGames misses a comment")
	}
	b = parseString(t, "1.d4 {a} *")
	if diffGames(a, b) == "" {
		t.Error("diffGames misses a move")
	}
	broken := parseString(t, "1.e4 e5 *")
	broken.Nodes[2].Ply = 7
	if checkTree(broken) == nil {
		t.Error("checkTree misses a wrong ply")
	}
	broken = parseString(t, "1.e4 (1.d4) e5 *")
	broken.Nodes[2], broken.Nodes[3] = broken.Nodes[3], broken.Nodes[2]
	if checkTree(broken) == nil {
		t.Error("checkTree misses an order that is not pre-order")
	}
	if got := fmt.Sprint(untoleratedDiagnostics("Games: 1Warning: Result of * is inconsistent with checkmate by white in\nA - B\nFile x: Line number: 3\nMissing result.\n")); got != "[Missing result.]" {
		t.Errorf("untoleratedDiagnostics: %s", got)
	}
}

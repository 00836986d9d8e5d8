package index

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/pgn"
)

// edgeFiles are the bundled PGN files with unusual layouts (comments
// holding tags, escape lines, byte order marks, CR LF, games on one
// line), and the sample.
func edgeFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../testdata/pgn/edge/*/*.pgn")
	if err != nil || len(files) < 100 {
		t.Fatalf("the bundled edge PGN files are missing: %v (%d found)", err, len(files))
	}
	return append(files, "../../testdata/pgn/sample.pgn")
}

// copyFile copies name into a temporary directory (an index is written
// beside its file, and testdata is not the place).
func copyFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), filepath.Base(name))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// readAll cuts every game of data as a run does: up to binary data,
// which end the reading (a NUL byte is never PGN text).
func readAll(t testing.TB, data []byte) []*pgn.RawGame {
	var games []*pgn.RawGame
	err := cutStream(input.Stream{Name: "x", R: bytes.NewReader(data)}, func(g *pgn.RawGame) { games = append(games, g) })
	if _, binary := errors.AsType[*pgn.BinaryError](err); err != nil && !binary {
		t.Fatal(err)
	}
	return games
}

// endOfGames reports whether err ends the games of data as readAll
// ends them: at the end of the data, or at binary data.
func endOfGames(err error) bool {
	_, binary := errors.AsType[*pgn.BinaryError](err)
	return err == io.EOF || binary
}

// TestIndexHasEveryGameStart: the index of a plain file lists, in order,
// the offset and line of each game a run cuts, and its game's text is
// found there.
func TestIndexHasEveryGameStart(t *testing.T) {
	for _, name := range edgeFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		ix, err := Build(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		games := readAll(t, data)
		starts := allStarts(t, ix)
		if !ix.Plain || ix.Games != len(games) || len(starts) != len(games) {
			t.Fatalf("%s: plain %v, %d games and %d starts, want %d", name, ix.Plain, ix.Games, len(starts), len(games))
		}
		whiteTags := 0
		for i, g := range games {
			if bytes.Contains(g.Data, []byte("[White ")) {
				whiteTags++
			}
			s := starts[i]
			if s.Offset != g.Offset || s.Line != g.Line || s.LineStart != (g.Col == 1) {
				t.Fatalf("%s: game %d starts at %+v, the index says %+v", name, i+1, g, s)
			}
			if !bytes.HasPrefix(data[s.Offset:], g.Data) {
				t.Fatalf("%s: game %d is not at byte %d", name, i+1, s.Offset)
			}
		}
		if ix.WhiteTags > whiteTags || ix.WhiteTags < whiteTags*9/10 {
			t.Errorf("%s: %d games with a White tag, %d games hold \"[White \"", name, ix.WhiteTags, whiteTags)
		}
	}
}

// allStarts are the starts of the games of an index.
func allStarts(t *testing.T, ix *Index) []Start {
	t.Helper()
	var starts []Start
	if err := ix.Each(func(_ int, s Start) bool { starts = append(starts, s); return true }); err != nil {
		t.Fatal(err)
	}
	return starts
}

// indexedSample is a copy of the sample with its index written.
func indexedSample(t *testing.T) (string, *Index) {
	t.Helper()
	name := copyFile(t, "../../testdata/pgn/sample.pgn")
	ix, err := Build(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.WriteFile(name); err != nil {
		t.Fatal(err)
	}
	return name, ix
}

// TestIndexFileRoundTrip: what Write writes, Read reads back.
func TestIndexFileRoundTrip(t *testing.T) {
	name, ix := indexedSample(t)
	back, err := Load(name)
	if err != nil {
		t.Fatal(err)
	}
	if back.Games != ix.Games || back.WhiteTags != ix.WhiteTags || back.Size != ix.Size || !back.ModTime.Equal(ix.ModTime) {
		t.Fatalf("read back %+v, written %+v", back, ix)
	}
	if !slices.Equal(allStarts(t, back), allStarts(t, ix)) {
		t.Fatal("the starts read back differ from those written")
	}
}

// TestCompressedIndexCountsGames: a compressed file's index has its game
// count and no starts (a shard takes it whole).
func TestCompressedIndexCountsGames(t *testing.T) {
	ix, err := Build("../../testdata/pgn/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	gz := filepath.Join(t.TempDir(), "sample.pgn.gz")
	writeGzip(t, gz, "../../testdata/pgn/sample.pgn")
	cix, err := Build(gz)
	if err != nil {
		t.Fatal(err)
	}
	if cix.Plain || cix.Games != ix.Games || cix.WhiteTags != ix.WhiteTags || len(allStarts(t, cix)) != 0 {
		t.Fatalf("gzip index: %+v; want not plain, %d games, no starts", cix, ix.Games)
	}
	if n, err := Count(gz); err != nil || n != ix.Games {
		t.Fatalf("Count = %d, %v; want %d", n, err, ix.Games)
	}
}

// TestStaleIndexIsRefused: once the file changes size or time, its index
// is an error that says what to do, never used.
func TestStaleIndexIsRefused(t *testing.T) {
	for _, change := range []struct {
		what string
		do   func(name string) error
	}{
		{"appended to", func(name string) error {
			f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			f.WriteString("\n[Event \"new\"]\n\n1. e4 *\n")
			return f.Close()
		}},
		{"touched", func(name string) error {
			later := time.Now().Add(time.Hour)
			return os.Chtimes(name, later, later)
		}},
	} {
		name, _ := indexedSample(t)
		if err := change.do(name); err != nil {
			t.Fatal(err)
		}
		_, err := Load(name)
		if !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), "cqlvm index "+name) {
			t.Errorf("index of a file %s: %v, want a stale index error", change.what, err)
		}
	}
}

// TestDamagedIndexIsRefused: a truncated or foreign index file is an
// error naming it.
func TestDamagedIndexIsRefused(t *testing.T) {
	name := copyFile(t, "../../testdata/pgn/sample.pgn")
	ix, err := Build(name)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := ix.Write(&buf); err != nil {
		t.Fatal(err)
	}
	whole := buf.Bytes()
	for what, data := range map[string][]byte{
		"truncated":     whole[:len(whole)-5],
		"longer":        append(append([]byte{}, whole...), 1, 2),
		"not an index":  []byte("[Event \"x\"]\n"),
		"no white_tags": []byte(magic + `{"size":1,"mtime":"2020-01-01T00:00:00Z","games":0,"plain":true}` + "\n"),
	} {
		if err := os.WriteFile(PathOf(name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(name); err == nil || !strings.Contains(err.Error(), PathOf(name)) {
			t.Errorf("%s index: %v, want an error naming %s", what, err, PathOf(name))
		}
	}
	if ix, err := Load(filepath.Join(t.TempDir(), "none.pgn")); ix != nil || err != nil {
		t.Errorf("no index: %v, %v; want nil, nil", ix, err)
	}
}

// TestReadingResumesAtLineStarts is the property shards rely on: a reader
// started at a game that begins a line (SetStart with its offset and
// line) cuts the same games, at the same offsets and lines, as the reader
// of the whole file.
func TestReadingResumesAtLineStarts(t *testing.T) {
	for _, name := range edgeFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkResumes(t, name, data)
	}
}

func checkResumes(t testing.TB, name string, data []byte) {
	games := readAll(t, data)
	for k, g := range games {
		if g.Col != 1 {
			continue
		}
		r := pgn.NewReader(bytes.NewReader(data[g.Offset:]), "x")
		r.SetStart(g.Offset, g.Line)
		r.SetFirstNumber(g.Number)
		for _, want := range games[k:] {
			got, err := r.Next()
			if err != nil {
				t.Fatalf("%s: resumed at game %d: %v where game %d is", name, g.Number, err, want.Number)
			}
			if got.Number != want.Number || got.Offset != want.Offset || got.Line != want.Line || !bytes.Equal(got.Data, want.Data) {
				t.Fatalf("%s: resumed at game %d, game %d is cut at byte %d line %d (%d bytes), want byte %d line %d (%d bytes)",
					name, g.Number, want.Number, got.Offset, got.Line, len(got.Data), want.Offset, want.Line, len(want.Data))
			}
		}
		if extra, err := r.Next(); !endOfGames(err) {
			t.Fatalf("%s: resumed at game %d, a game more: %v %v", name, g.Number, extra, err)
		}
	}
}

// FuzzReadingResumesAtLineStarts checks the same property on any input.
func FuzzReadingResumesAtLineStarts(f *testing.F) {
	f.Add([]byte("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n1. d4 *"))
	f.Add([]byte("1. e4 {[Event \"x\"]\n} e5 *\n%escape\n[Event \"b\"] 1. d4 *\r\n\r\n\xef\xbb\xbf[Event \"c\"]\n*"))
	f.Add([]byte("[Event \"a\"]\n1. e4 ; comment [Event \"c\"]\n*\n  [Event \"d\"]\n*\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkResumes(t, "fuzz", data)
	})
}

// writeGzip writes the gzip of file src to dst.
func writeGzip(t *testing.T, dst, src string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	zw.Close()
	if err := os.WriteFile(dst, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

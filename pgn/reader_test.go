package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// readRaw cuts text into games with a Reader over r.
func readRaw(t *testing.T, r io.Reader) []*RawGame {
	t.Helper()
	rd := NewReader(r, "test.pgn")
	var games []*RawGame
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
}

func gameTexts(games []*RawGame) []string {
	var texts []string
	for _, g := range games {
		texts = append(texts, string(g.Data))
	}
	return texts
}

func TestReaderCutsGames(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty input", "", nil},
		{"blanks only", " \n\r\n\t\n", nil},
		{"two games", "[Event \"a\"]\n\n1.e4 e5 1-0\n\n[Event \"b\"]\n\n1.d4 0-1\n",
			[]string{"[Event \"a\"]\n\n1.e4 e5 1-0", "[Event \"b\"]\n\n1.d4 0-1"}},
		{"tagless games on one line", "1.e4 e5 1-0 1.d4 d5 0-1 *",
			[]string{"1.e4 e5 1-0", "1.d4 d5 0-1", "*"}},
		{"no result, then tags", "[A \"1\"]\n1.e4\n[A \"2\"]\n1.d4 *",
			[]string{"[A \"1\"]\n1.e4", "[A \"2\"]\n1.d4 *"}},
		{"tags after indentation", "1.e4\n  [A \"2\"] *", []string{"1.e4", "[A \"2\"] *"}},
		{"several tags on a line", "[A \"1\"] [B \"2\"]\n1.e4 *", []string{"[A \"1\"] [B \"2\"]\n1.e4 *"}},
		{"tag and moves on a line", "[A \"1\"] 1.e4\n[A \"2\"] 1.d4", []string{"[A \"1\"] 1.e4", "[A \"2\"] 1.d4"}},
		{"brace comment hides tags and results",
			"1.e4 {x\n[Event \"no\"] 1-0 (} e5 *", []string{"1.e4 {x\n[Event \"no\"] 1-0 (} e5 *"}},
		{"braces do not nest", "1.e4 {a {b} c} *", []string{"1.e4 {a {b} c} *"}},
		{"semicolon comment hides a result", "1.e4 ; 1-0 {\ne5 *", []string{"1.e4 ; 1-0 {\ne5 *"}},
		{"escape lines between games", "%x 1-0\n1.e4 *\n%y\n1.d4 *", []string{"1.e4 *", "1.d4 *"}},
		{"escape line inside a game", "[A \"1\"]\n%x *\n1.e4 *", []string{"[A \"1\"]\n%x *\n1.e4 *"}},
		{"percent in mid line is a token", "1.e4 %x *", []string{"1.e4 %x *"}},
		{"result inside a variation", "1.e4 (1.d4 1-0) e5 *", []string{"1.e4 (1.d4 1-0) e5 *"}},
		{"unbalanced ) does not go negative", "1.e4 ) e5 1-0 1.d4 *", []string{"1.e4 ) e5 1-0", "1.d4 *"}},
		{"first move number after an empty line", "1.e4 e5\n\n1.d4 d5 *", []string{"1.e4 e5", "1.d4 d5 *"}},
		{"first move number after blank-only lines", "1.e4 e5\r\n \r\n 1. d4 *", []string{"1.e4 e5", "1. d4 *"}},
		{"other move number after an empty line", "1.e4 e5\n\n2.Nf3 *", []string{"1.e4 e5\n\n2.Nf3 *"}},
		{"black first move after an empty line", "1.e4 (1.d4)\n\n1...e5 *", []string{"1.e4 (1.d4)\n\n1...e5 *"}},
		{"first move number inside a variation", "1.e4 (1.d4\n\n1.c4) *", []string{"1.e4 (1.d4\n\n1.c4) *"}},
		{"first move number without an empty line", "1.e4 e5\n1.d4 *", []string{"1.e4 e5\n1.d4 *"}},
		{"an escape line is not an empty line", "1.e4 e5\n%x\n1.d4 *", []string{"1.e4 e5\n%x\n1.d4 *"}},
		{"empty line after an escape line", "1.e4 e5\n%x\n\n1.d4 *", []string{"1.e4 e5", "1.d4 *"}},
		{"moves after tags and an empty line", "[A \"1\"]\n\n1.e4 *", []string{"[A \"1\"]\n\n1.e4 *"}},
		{"repeated tag after an empty line", "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n",
			[]string{"[Event \"a\"]\n[Site \"x\"]", "[Event \"b\"]"}},
		{"repeated tag without an empty line", "[Event \"a\"]\n[Event \"b\"]\n1.e4 *",
			[]string{"[Event \"a\"]\n[Event \"b\"]\n1.e4 *"}},
		{"new tag after an empty line", "[Event \"a\"]\n\n[Site \"b\"]\n1.e4 *",
			[]string{"[Event \"a\"]\n\n[Site \"b\"]\n1.e4 *"}},
		{"comments after the result, then tags", "1.e4 1-0\n; summary\n{more} [/pgn]\n[Event \"b\"] *",
			[]string{"1.e4 1-0\n; summary\n{more} [/pgn]", "[Event \"b\"] *"}},
		{"comments after the result, then the end", "1.e4 1-0 {end}\n", []string{"1.e4 1-0 {end}"}},
		{"comments after the result, then moves", "1.e4 1-0 {intro} 1.d4 *",
			[]string{"1.e4 1-0", "{intro} 1.d4 *"}},
		{"escape line after the result", "1.e4 1-0\n%x\n{c}\n[A \"1\"] *", []string{"1.e4 1-0\n%x\n{c}", "[A \"1\"] *"}},
		{"unterminated comment after the result", "1.e4 1-0 {x\n[A \"1\"] *", []string{"1.e4 1-0", "{x\n[A \"1\"] *"}},
		{"comment before the tags", "{intro}\n[A \"1\"]\n1.e4 *", []string{"{intro}\n[A \"1\"]\n1.e4 *"}},
		{"garbage between games", "1.e4 1-0\ngarbage\n[Event \"x\"] *",
			[]string{"1.e4 1-0", "garbage", "[Event \"x\"] *"}},
		{"forum wrappers", "[pgn] 1.e4 e5 [/pgn]\n[pgn]1.d4\n[/pgn]\n",
			[]string{"[pgn] 1.e4 e5 [/pgn]", "[pgn]1.d4\n[/pgn]"}},
		{"unterminated comment runs to the end", "1.e4 {oops\n[Event \"x\"] 1-0\n",
			[]string{"1.e4 {oops\n[Event \"x\"] 1-0\n"}},
		{"unterminated tag", "[Event \"x\n1.e4 *", []string{"[Event \"x\n1.e4 *"}},
		{"quoted ] in a tag", "[A \"]\"]\n1.e4 *", []string{"[A \"]\"]\n1.e4 *"}},
		{"CR line ends", "[A \"1\"]\r1.e4\r[A \"2\"]\r1.d4 *", []string{"[A \"1\"]\r1.e4", "[A \"2\"]\r1.d4 *"}},
		{"byte order mark", "\xEF\xBB\xBF[A \"1\"]\n*", []string{"[A \"1\"]\n*"}},
		{"unicode results", "1.e4 ½-½ 1.d4 1–0 1.c4 1/2 1.b3 +--", []string{"1.e4 ½-½", "1.d4 1–0", "1.c4 1/2", "1.b3 +--"}},
		{"result glued to a parenthesis", "1.e4 (1.d4) e5 1-0(", []string{"1.e4 (1.d4) e5 1-0", "("}},
		{"result needs a token boundary", "1.e4 11-0 1-0x *", []string{"1.e4 11-0 1-0x *"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := gameTexts(readRaw(t, strings.NewReader(tt.in)))
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			// The same cut whatever the read sizes.
			got = gameTexts(readRaw(t, iotest.OneByteReader(strings.NewReader(tt.in))))
			if !slices.Equal(got, tt.want) {
				t.Errorf("one byte at a time: got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestReaderPositions(t *testing.T) {
	in := "\xEF\xBB\xBF[A \"1\"]\r\n1.e4 1-0 [B \"2\"]\r\n\r\n1.d4\r*\n\n  {c} 1.c4 *"
	type pos struct {
		number int
		offset int64
		line   int
		col    int
	}
	want := []pos{{7, 3, 1, 4}, {8, 21, 2, 10}, {9, 42, 7, 3}}
	rd := NewReader(strings.NewReader(in), "x.pgn")
	rd.SetFirstNumber(7)
	for _, w := range want {
		g, err := rd.Next()
		if err != nil {
			t.Fatal(err)
		}
		got := pos{g.Number, g.Offset, g.Line, g.Col}
		if got != w {
			t.Errorf("got %+v, want %+v", got, w)
		}
		if g.File != "x.pgn" {
			t.Errorf("file %q", g.File)
		}
		if string(g.Data) != in[g.Offset:g.Offset+int64(len(g.Data))] {
			t.Errorf("game %d: data %q is not the input at its offset", g.Number, g.Data)
		}
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("after the last game: %v, want io.EOF", err)
	}
}

// TestReaderStreams checks that games come out the same whatever the sizes
// of the reads, across buffer refills and growth, and that the buffer does
// not grow on ordinary input.
func TestReaderStreams(t *testing.T) {
	huge := "[Event \"huge\"]\n\n1.e4 {" + strings.Repeat("long comment ", 20000) + "} e5 *\n\n"
	inputs := map[string][]byte{"huge game": []byte(huge + "1.d4 *\n" + huge)}
	for _, name := range []string{"sample.pgn", "edge/studies-unrepaired.pgn", "edge/pychess/bilbao.pgn", "edge/python-chess/immortal-games.pgn"} {
		data, err := os.ReadFile(testdataDir + name)
		if err != nil {
			t.Fatal(err)
		}
		inputs[name] = data
	}
	for name, data := range inputs {
		t.Run(name, func(t *testing.T) {
			want := readRaw(t, bytes.NewReader(data))
			for _, r := range []io.Reader{iotest.OneByteReader(bytes.NewReader(data)), iotest.HalfReader(bytes.NewReader(data))} {
				got := readRaw(t, r)
				if len(got) != len(want) {
					t.Fatalf("%d games, want %d", len(got), len(want))
				}
				for i := range got {
					g, w := got[i], want[i]
					if g.Number != w.Number || g.Offset != w.Offset || g.Line != w.Line || g.Col != w.Col || !bytes.Equal(g.Data, w.Data) {
						t.Fatalf("game %d differs: %+v vs %+v", i+1, g, w)
					}
				}
			}
		})
	}
	rd := NewReader(bytes.NewReader(inputs["sample.pgn"]), "sample.pgn")
	for {
		if _, err := rd.Next(); err != nil {
			break
		}
	}
	if len(rd.buf) != readBufferSize {
		t.Errorf("the buffer grew to %d bytes on sample.pgn", len(rd.buf))
	}
}

// TestReaderLines checks Line against a count of the line breaks before
// each game, on files with LF, CRLF and a BOM.
func TestReaderLines(t *testing.T) {
	for _, name := range []string{"studies.pgn", "edge/pychess/zh.pgn", "edge/scalachess/invisibleChar.pgn"} {
		data, err := os.ReadFile(testdataDir + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range readRaw(t, bytes.NewReader(data)) {
			before := data[:g.Offset]
			line := 1 + bytes.Count(before, []byte("\n")) + bytes.Count(before, []byte("\r")) - bytes.Count(before, []byte("\r\n"))
			col := int(g.Offset) - max(bytes.LastIndexByte(before, '\n'), bytes.LastIndexByte(before, '\r'))
			if g.Line != line || g.Col != col {
				t.Fatalf("%s game %d: line %d col %d, want %d %d", name, g.Number, g.Line, g.Col, line, col)
			}
		}
	}
}

// failingReader returns its data and then an error.
type failingReader struct {
	data []byte
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

func TestReaderReportsReadErrors(t *testing.T) {
	boom := errors.New("disk on fire")
	rd := NewReader(&failingReader{data: []byte("1.e4 1-0\n1.d4 *"), err: boom}, "x")
	var texts []string
	var err error
	for {
		var g *RawGame
		if g, err = rd.Next(); err != nil {
			break
		}
		texts = append(texts, string(g.Data))
	}
	if err != boom || !slices.Equal(texts, []string{"1.e4 1-0", "1.d4 *"}) {
		t.Errorf("got %q, %v", texts, err)
	}
}

func TestReaderOwnsGameData(t *testing.T) {
	rd := NewReader(strings.NewReader("1.e4 *\n1.d4 *"), "x")
	a, _ := rd.Next()
	b, _ := rd.Next()
	a.Data = append(a.Data, "garbage"...)
	if string(b.Data) != "1.d4 *" {
		t.Errorf("appending to one game's data changed the next: %q", b.Data)
	}
}

// NextIn cuts the same games as Next, with the same numbers and places,
// and puts their bytes one after the other in the caller's arena.
func TestReaderNextInUsesTheArena(t *testing.T) {
	text := "[Event \"a\"]\n\n1.e4 e5 *\n\n% escape\n1.d4 *\n\n\n[Event \"c\"]\n1.c4 1-0\n"
	want := readRaw(t, strings.NewReader(text))
	rd := NewReader(iotest.OneByteReader(strings.NewReader(text)), "test.pgn")
	arena := make([]byte, 0, 4) // too small: appending must still work
	var got []RawGame
	for {
		var g RawGame
		err := rd.NextIn(&g, &arena)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, g)
	}
	if len(got) != len(want) {
		t.Fatalf("NextIn cut %d games, Next %d", len(got), len(want))
	}
	var all []byte
	for i, g := range got {
		w := want[i]
		if string(g.Data) != string(w.Data) || g.Number != w.Number || g.Offset != w.Offset || g.Line != w.Line || g.Col != w.Col {
			t.Errorf("game %d: NextIn gave %+v, Next %+v", i+1, g, *w)
		}
		all = append(all, g.Data...)
	}
	if string(arena) != string(all) {
		t.Errorf("arena holds %q, want the games' bytes in order %q", arena, all)
	}
}

package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/cqlvm/cqlvm/limits"
)

func limitValues(t *testing.T, settings ...string) *limits.Values {
	t.Helper()
	v := limits.Defaults()
	for _, s := range settings {
		if err := v.Set(s); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// gameOfSize is a game of exactly n bytes (n >= 60): tags, a padding
// comment and a result.
func gameOfSize(name string, n int) string {
	head := fmt.Sprintf("[Event \"%s\"]\n\n1. e4 e5 {", name)
	tail := "} 2. Nf3 *"
	return head + strings.Repeat("x", n-len(head)-len(tail)) + tail
}

// hugeGame is a game of about n bytes that says, in its comments,
// variations and escape lines, all that could look like the start of the
// next game or its own end.
func hugeGame(n int) string {
	var b strings.Builder
	b.WriteString("[Event \"huge\"]\n[Site \"?\"]\n\n1. e4 e5 ")
	for b.Len() < n {
		b.WriteString("2. Nf3 (2. Bc4 Bc5 1-0 (2... Nf6 *)) 2... Nc6 3. Ng1 Nb8 4. Nf3\n")
		b.WriteString("{ a comment\n\n[Event \"not a game\"]\n\n1. d4 d5 1-0 }\n")
		b.WriteString("; a line comment [Event \"no\"] 0-1\n%escape 1-0\n\n")
		b.WriteString("4... Nc6 5. Ng1 Nb8 ")
	}
	b.WriteString("6. Nf3 1/2-1/2")
	return b.String()
}

type readGame struct {
	number, line int
	offset       int64
	data         string
	err          *Error
}

func readGames(t *testing.T, r io.Reader, v *limits.Values) ([]readGame, *Reader) {
	t.Helper()
	rd := NewReader(r, "limits.pgn")
	rd.SetLimits(v)
	var out []readGame
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return out, rd
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, readGame{g.Number, g.Line, g.Offset, string(g.Data), g.Err})
	}
}

func TestGameBytesLimit(t *testing.T) {
	const limit = 1000
	v := limitValues(t, fmt.Sprintf("game-bytes=%d", limit))
	for _, huge := range []struct {
		name string
		text string
	}{
		{"one byte over, read whole", gameOfSize("over", limit+1)},
		{"far over, skipped a piece at a time", hugeGame(600 << 10)},
	} {
		games := []string{gameOfSize("a", 100), gameOfSize("exact", limit), huge.text, gameOfSize("next", 200)}
		input := strings.Join(games, "\n\n")
		readers := map[string]func() io.Reader{
			"whole":    func() io.Reader { return strings.NewReader(input) },
			"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(input)) },
			"halves":   func() io.Reader { return iotest.HalfReader(strings.NewReader(input)) },
		}
		for how, open := range readers {
			t.Run(huge.name+"/"+how, func(t *testing.T) {
				got, rd := readGames(t, open(), v)
				if len(got) != 4 {
					t.Fatalf("%d games, want 4", len(got))
				}
				offset := int64(0)
				for i, want := range games {
					g := got[i]
					if g.number != i+1 || g.offset != offset {
						t.Errorf("game %d: number %d at byte %d, want %d at %d", i+1, g.number, g.offset, i+1, offset)
					}
					if wantLine := 1 + strings.Count(input[:offset], "\n"); g.line != wantLine {
						t.Errorf("game %d: line %d, want %d", i+1, g.line, wantLine)
					}
					offset += int64(len(want)) + 2
					if i == 2 {
						checkRefused(t, g, limits.GameBytes, "game-bytes=1000")
						continue
					}
					if g.err != nil || g.data != want {
						t.Errorf("game %d: error %v, %d bytes, want the %d bytes of the input", i+1, g.err, len(g.data), len(want))
					}
				}
				if max := limit + rd.lookahead + 1; len(rd.buf) > max {
					t.Errorf("the read buffer grew to %d bytes, over %d", len(rd.buf), max)
				}
			})
		}
	}
}

func checkRefused(t *testing.T, g readGame, id limits.ID, setting string) {
	t.Helper()
	if g.err == nil {
		t.Fatalf("game %d over %s was read", g.number, limits.Table[id].Name)
	}
	var le *limits.Error
	if !errors.As(g.err, &le) || le.ID != id {
		t.Errorf("game %d: error %v does not name the limit %s", g.number, g.err, limits.Table[id].Name)
	}
	if msg := g.err.Error(); !strings.Contains(msg, setting) || !strings.Contains(msg, "skipped") {
		t.Errorf("game %d: message %q does not say the game was skipped and %s", g.number, msg, setting)
	}
	if g.data != "" {
		t.Errorf("game %d over the limit keeps %d bytes", g.number, len(g.data))
	}
}

// The Parser turns a game the Reader refused into the error alone.
func TestRefusedGameParses(t *testing.T) {
	input := gameOfSize("a", 100) + "\n\n" + hugeGame(5000) + "\n\n" + gameOfSize("b", 100)
	rd := NewReader(strings.NewReader(input), "x.pgn")
	rd.SetLimits(limitValues(t, "game-bytes=1000"))
	var p Parser
	var g Game
	var errs []string
	for {
		raw, err := rd.Next()
		if err != nil {
			break
		}
		p.Parse(raw, &g)
		if g.Err() != nil {
			errs = append(errs, g.Err().Error())
			if len(g.Nodes) != 0 {
				t.Errorf("the refused game has %d positions", len(g.Nodes))
			}
		} else if len(g.Nodes) != 4 {
			t.Errorf("game %d has %d positions, want 4", g.Number, len(g.Nodes))
		}
	}
	want := "x.pgn:5:1: game 2: game skipped: more than 1000 bytes: over the limit on the size of one game's PGN text (game-bytes=1000; change it with --limit game-bytes=VALUE)"
	if len(errs) != 1 || errs[0] != want {
		t.Errorf("errors %q, want [%q]", errs, want)
	}
}

// movesGame is a game of n moves (knights going back and forth).
func movesGame(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"%s\"]\n\n", name)
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := 0; i < n; i++ {
		b.WriteString(moves[i%4])
		b.WriteByte(' ')
	}
	b.WriteString("*")
	return b.String()
}

// nestedGame is a game whose variations nest depth deep.
func nestedGame(name string, depth int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"%s\"]\n\n1. e4 ", name)
	for i := 0; i < depth; i++ {
		b.WriteString([]string{"(1. d4 ", "(1. c4 "}[i%2])
	}
	b.WriteString(strings.Repeat(")", depth))
	b.WriteString(" 1... e5 *")
	return b.String()
}

func TestPositionAndDepthLimits(t *testing.T) {
	for _, c := range []struct {
		limit   limits.ID
		setting string
		game    func(name string, n int) string
		at      string // where the message points: the first move or '(' over
	}{
		{limits.GamePositions, "game-positions=100", movesGame, "7:401"},
		{limits.VariationDepth, "variation-depth=100", nestedGame, "7:707"},
	} {
		t.Run(limits.Table[c.limit].Name, func(t *testing.T) {
			games := []string{c.game("exact", 100), c.game("over", 101), c.game("next", 3)}
			input := strings.Join(games, "\n\n")
			v := limitValues(t, c.setting)
			rd := NewReader(strings.NewReader(input), "x.pgn")
			p := Parser{Limits: v}
			var g Game
			for i := 0; ; i++ {
				raw, err := rd.Next()
				if err == io.EOF {
					if i != 3 {
						t.Fatalf("%d games, want 3", i)
					}
					return
				}
				for _, header := range []bool{true, false} {
					if header {
						p.ParseHeader(raw, &g)
					} else {
						p.Parse(raw, &g)
					}
					if i != 1 {
						if g.Err() != nil {
							t.Errorf("game %d (header %v): %v", i+1, header, g.Err())
						}
						continue
					}
					checkRefused(t, readGame{number: g.Number, err: g.Errors[0]}, c.limit, c.setting)
					if len(g.Nodes) != 0 {
						t.Errorf("the game over the limit keeps %d positions", len(g.Nodes))
					}
					if want := "x.pgn:" + c.at + ":"; !strings.HasPrefix(g.Err().Error(), want) {
						t.Errorf("message %q, want it at %s", g.Err(), want)
					}
				}
				if i == 0 && len(g.Nodes) < 101 {
					t.Errorf("the game at the limit has %d positions", len(g.Nodes))
				}
			}
		})
	}
}

// A huge game's nodes are not kept for the next game.
func TestHugeGameArraysLetGo(t *testing.T) {
	var p Parser
	var g Game
	p.Parse(&RawGame{Number: 1, Line: 1, Col: 1, Data: []byte(movesGame("big", 2*keptNodes))}, &g)
	if len(g.Nodes) != 2*keptNodes+1 || g.Err() != nil {
		t.Fatalf("%d nodes, %v", len(g.Nodes), g.Err())
	}
	if c := cap(g.Nodes); c > 3*keptNodes {
		t.Errorf("capacity %d for %d nodes: grown too far", c, len(g.Nodes))
	}
	p.Parse(&RawGame{Number: 2, Line: 1, Col: 1, Data: []byte(movesGame("small", 10))}, &g)
	if cap(g.Nodes) > keptNodes || cap(p.lastChild) > keptNodes {
		t.Errorf("after a small game: capacity %d nodes, %d links kept", cap(g.Nodes), cap(p.lastChild))
	}
}

// The skipping walk ends each game of real files where the Reader does:
// what lies between is blanks, comments and escape lines, no move.
func TestSkipAgreesWithCutter(t *testing.T) {
	for _, name := range []string{"sample.pgn", "studies.pgn"} {
		data, err := os.ReadFile("../testdata/pgn/" + name)
		if err != nil {
			t.Fatal(err)
		}
		games, _ := readGames(t, bytes.NewReader(data), nil)
		for i := 0; i+1 < len(games); i++ {
			start, next := games[i].offset, games[i+1].offset
			n, found := newGameSkip(true).scan(data[start:], true, false)
			end := start + int64(n)
			if !found || end > next || !onlyBetweenGames(data[end:next]) {
				t.Fatalf("%s game %d: the skip ends at byte %d, the next game starts at %d (%q)", name, games[i].number, end, next, data[min(end, next):next])
			}
		}
	}
}

// onlyBetweenGames reports whether b has nothing but blanks, comments
// and escape lines.
func onlyBetweenGames(b []byte) bool {
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case isBlank(c):
			i++
		case c == '{':
			if i = commentEnd(b, i); i < 0 {
				return false
			}
		case c == ';' || c == '%':
			i = lineEnd(b, i)
		default:
			return false
		}
	}
	return true
}

// Binary data end the input with an error that says where; the games
// before it are read.
func TestBinaryData(t *testing.T) {
	game := gameOfSize("a", 100)
	for _, c := range []struct {
		name  string
		input string
		games int
		at    int64
	}{
		{"zeros", strings.Repeat("\x00", 100000), 0, 0},
		{"after a game", game + "\n\n" + "\x00\x01\x02binary", 1, 102},
		// the text before the NUL is read as a truncated game
		{"deep in a buffer", strings.Repeat(game+"\n\n", 2000) + "PK\x00", 2001, 2000*102 + 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			rd := NewReader(strings.NewReader(c.input), "b.pgn")
			n := 0
			for {
				_, err := rd.Next()
				if err == nil {
					n++
					continue
				}
				var be *BinaryError
				if !errors.As(err, &be) || be.Offset != c.at {
					t.Fatalf("error %v, want binary data at byte %d", err, c.at)
				}
				if n != c.games {
					t.Errorf("%d games before the binary data, want %d", n, c.games)
				}
				if _, err := rd.Next(); err != be {
					t.Errorf("read again: %v", err)
				}
				return
			}
		})
	}
}

// An escape line between games longer than the read buffer can grow to
// is passed by a piece at a time (the Reader used to wait for its end
// in a buffer that could not hold it, forever).
func TestLongEscapeLineBetweenGames(t *testing.T) {
	game := gameOfSize("a", 100)
	input := game + "\n\n%" + strings.Repeat("x", 300<<10) + "\n" + game + "\n%short\r\n" + game
	got, _ := readGames(t, iotest.HalfReader(strings.NewReader(input)), limitValues(t, "game-bytes=1000"))
	if len(got) != 3 {
		t.Fatalf("%d games, want 3", len(got))
	}
	for i, want := range []int64{0, int64(len(input) - len(game) - 9 - len(game)), int64(len(input) - len(game))} {
		if got[i].offset != want || got[i].data != game {
			t.Errorf("game %d at byte %d (%d bytes), want %d", i+1, got[i].offset, len(got[i].data), want)
		}
	}
}

package pgn

import (
	"io"
	"strings"
	"testing"
)

// TestSkipTo: a Reader moved past games with SkipTo gives the games
// after them as reading through would (numbers, offsets, lines, bytes),
// with a small buffer so that the skip crosses refills; a skip
// backwards or past the end is refused.
func TestSkipTo(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		b.WriteString("[White \"w\"]\r\n\r\n1. e4 e5 ")
		if i%7 == 0 {
			b.WriteString("{a comment\nover lines} ")
		}
		b.WriteString("*\n\n")
	}
	text := b.String()
	var all []*RawGame
	r := newReaderSize(strings.NewReader(text), "t", 64)
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, g)
	}
	for _, c := range []struct{ from, to int }{{0, 1}, {3, 9}, {0, 39}, {10, 11}} {
		r := newReaderSize(strings.NewReader(text), "t", 64)
		for range c.from + 1 {
			if _, err := r.Next(); err != nil {
				t.Fatal(err)
			}
		}
		to := all[c.to]
		if err := r.SkipTo(to.Offset, to.Line, c.to-c.from-1); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		for _, want := range all[c.to:] {
			g, err := r.Next()
			if err != nil || g.Number != want.Number || g.Offset != want.Offset || g.Line != want.Line || g.Col != want.Col || string(g.Data) != string(want.Data) {
				t.Fatalf("%+v: after the skip %+v, %v; want %+v", c, g, err, want)
			}
		}
		if _, err := r.Next(); err != io.EOF {
			t.Errorf("%+v: not at the end: %v", c, err)
		}
		if err := r.SkipTo(0, 1, 0); err != ErrSkip {
			t.Errorf("a skip backwards: %v", err)
		}
	}
	r = newReaderSize(strings.NewReader(text), "t", 64)
	if err := r.SkipTo(int64(len(text)), 0, len(all)); err != nil {
		t.Fatalf("a skip to the end: %v", err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after a skip to the end: %v", err)
	}
	r = newReaderSize(strings.NewReader(text), "t", 64)
	if err := r.SkipTo(int64(len(text))+1, 0, 0); err != ErrSkip {
		t.Errorf("a skip past the end: %v", err)
	}
}

package pgn

import (
	"fmt"
	"strings"
	"testing"
)

// TestTextArena: the strings cut from the arena keep their text while it
// writes many blocks more, a long text too, and appending to a list it
// began never writes into another list's slot.
func TestTextArena(t *testing.T) {
	var a textArena
	var got []string
	var want []string
	buf := []byte{}
	for i := range 5000 {
		text := fmt.Sprintf("[%%eval %d.%02d] comment %d", i/100, i%100, i)
		if i%997 == 0 {
			text = strings.Repeat("long ", 400) + text
		}
		buf = append(buf[:0], text...)
		got = append(got, a.string(buf))
		want = append(want, text)
		clear(buf) // the arena must have copied
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("string %d is %q, want %q", i, got[i], want[i])
		}
	}
	if s := a.string(nil); s != "" {
		t.Errorf("an empty text gave %q", s)
	}
	first := a.appendString(nil, "a")
	second := a.appendString(nil, "b")
	first = a.appendString(first, "c")
	if strings.Join(first, ",") != "a,c" || strings.Join(second, ",") != "b" {
		t.Errorf("lists %q and %q, want [a c] and [b]", first, second)
	}
}

package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMessageOutput: message.html, "the message filter writes the string
// to the standard output. The string is prefaced by an indication of the
// current move number, the side to move, the game number. If the
// currentposition is in a variation, the positionid of the current
// position is also output"; after `message quiet` "only the argument to
// message is printed". The manual shows no example of the prefix, so this
// checks its parts and cqlvm's layout: "move 2(btm)[5] game 1: text".
func TestMessageOutput(t *testing.T) {
	games := filepath.Join(t.TempDir(), "m.pgn")
	if err := os.WriteFile(games, []byte("[Event \"a\"]\n[White \"Adams\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n\n"+
		"[Event \"b\"]\n[White \"Tal\"]\n\n1. d4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	q := loadText(t, "cql(variations)\n"+
		"terminal\n"+
		"message(player white \" is White\")\n"+
		"message quiet (\"quiet \" movenumber)\n")
	var messages strings.Builder
	o := q.Options()
	o.Inputs, o.Messages = []string{games}, &messages
	if _, err := Run(q, o); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"move 2(btm) game 1: Adams is White", // after 2. Nf3 in the mainline
		"quiet 2",
		"move 2(btm)[5] game 1: Adams is White", // after 2. Nf3 in the variation (positionid 5)
		"quiet 2",
		"move 1(btm) game 2: Tal is White",
		"quiet 1",
	}
	lines := strings.Split(strings.TrimSpace(messages.String()), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want the %d messages:\n%s", len(lines), len(want), messages.String())
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], w)
		}
	}
}

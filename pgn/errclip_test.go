package pgn

import (
	"strings"
	"testing"
)

// TestErrorEchoIsClipped: a game whose bad token, tag value or FEN is
// megabytes long gets an error message of a bounded length that still
// shows the start of the text and says how much was left out.
func TestErrorEchoIsClipped(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	for _, c := range []struct{ name, game, want string }{
		{"token", "[Event \"a\"]\n\n1. e4 e5 2. Nf3" + big + " *\n", "unknown token Nf3xxx"},
		{"NAG", "[Event \"a\"]\n\n1. e4 $" + strings.Repeat("9", 1<<20) + " *\n", "bad NAG \"$999"},
		{"FEN", "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"" + big + "\"]\n\n1. e4 *\n", "bad FEN \"xxx"},
	} {
		t.Run(c.name, func(t *testing.T) {
			raw := &RawGame{Data: []byte(c.game), File: "big.pgn", Number: 1, Line: 1}
			var p Parser
			var g Game
			p.Parse(raw, &g)
			if len(g.Errors) == 0 {
				t.Fatal("no error")
			}
			msg := g.Errors[0].Error()
			if len(msg) > maxMessageBytes+100 || !strings.Contains(msg, c.want) || !strings.Contains(msg, "bytes more)") {
				t.Errorf("%d bytes: %.400s", len(msg), msg)
			}
		})
	}
}

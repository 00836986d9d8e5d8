package syntax

import (
	"strings"
	"testing"
)

// TestNearest: the first of the nearest words within the edits, or none.
func TestNearest(t *testing.T) {
	words := []string{"check", "echo", "eco", "pin"}
	for _, c := range []struct {
		word string
		max  int
		want string
	}{
		{"ehco", 2, "eco"}, // eco and echo are one and two edits away
		{"ech", 1, "echo"}, // echo and eco are one edit away: the first listed
		{"pinn", 1, "pin"},
		{"pinnnn", 2, ""},
		{"chekc", 2, "check"},
		{"chekc", 1, ""},
	} {
		if got := Nearest(c.word, words, c.max); got != c.want {
			t.Errorf("Nearest(%q, %d) = %q, want %q", c.word, c.max, got, c.want)
		}
	}
}

// TestSuggestAmong: one edit for a word of four letters or fewer, else
// two.
func TestSuggestAmong(t *testing.T) {
	words := []string{"double", "duo", "passed"}
	for word, want := range map[string]string{"du": "duo", "d": "", "dobl": "", "doubl": "double", "pased": "passed", "psaed": "passed"} {
		if got := SuggestAmong(word, words); got != want {
			t.Errorf("SuggestAmong(%q) = %q, want %q", word, got, want)
		}
	}
}

// TestSuggest: a misspelt keyword, an infix word (attackedby) too, gets
// its suggestion; a word of one or two letters none.
func TestSuggest(t *testing.T) {
	for word, want := range map[string]string{"chekc": "check", "atackedby": "attackedby", "consecutivemovers": "consecutivemoves", "y": "", "xy": "", "Kasparov": ""} {
		if got := Suggest(word); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", word, got, want)
		}
	}
}

// TestSANHint: a move in algebraic notation that is not a piece
// designator gets CQL's spelling of it; a designator or another word
// none.
func TestSANHint(t *testing.T) {
	for word, want := range map[string]string{
		"Qxf7":  "CQL writes that capture Q[x]f7 (or move from Q to f7 capture .)",
		"exd5":  "CQL writes that capture P[x]d5 (or move from P to d5 capture .)",
		"Nbd7":  "CQL writes that move N--d7 (or move from N to d7)",
		"R1e2+": "CQL writes that move R--e2 (or move from R to e2)",
		"Nf3":   "", // a knight on f3
		"e4":    "",
		"x":     "",
		"Qxf9":  "",
	} {
		got := SANHint(word)
		if want == "" && got != "" || want != "" && !strings.HasSuffix(got, want) {
			t.Errorf("SANHint(%q) = %q, want one ending %q", word, got, want)
		}
	}
}

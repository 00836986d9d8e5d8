package syntax

import "testing"

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

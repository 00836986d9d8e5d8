package vm

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestCommentSetIsASetOfTexts: the comment set answers as a set of (node,
// text) pairs does, whether a "Found k of n" comes numbered by a find (its
// id beside it) or written by a comment filter, and for texts that only
// look like one.
func TestCommentSetIsASetOfTexts(t *testing.T) {
	texts := []string{"Found 1 of 1", "Found 2 of 3", "Found 1024 of 1024", "Found 3 of 1025",
		"Found 01 of 2", "Found 1 of 2 ", "Found 3 of 2", "Found 0 of 2", "Found 1 of", "Found  1 of 2",
		"found 1 of 2", "Found 99999 of 100000", "Found 1 of 2x", "x", "", "Game number 3"}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 20; round++ {
		var set commentSet
		want := map[seenComment]bool{}
		for i := 0; i < 5000; i++ {
			c := Comment{Node: int32(rng.IntN(40)), Kind: CommentText}
			if rng.IntN(2) == 0 {
				n := 1 + rng.IntN(1100)
				k := 1 + rng.IntN(n)
				c.Text, c.find = "Found "+strconv.Itoa(k)+" of "+strconv.Itoa(n), foundID(k, n)
			} else {
				c.Text = texts[rng.IntN(len(texts))]
			}
			key := seenComment{c.Node, c.Text}
			if got := set.add(&c); got != !want[key] {
				t.Fatalf("round %d: add(%d, %q) = %v, want %v", round, c.Node, c.Text, got, !want[key])
			}
			want[key] = true
		}
		set.reset()
		if c := (Comment{Node: 1, Text: "Found 1 of 1", find: foundID(1, 1)}); !set.add(&c) {
			t.Fatal("a reset set still holds a text")
		}
	}
}

// TestFoundIDsAreDistinct: every "Found k of n" with an id has its own.
func TestFoundIDsAreDistinct(t *testing.T) {
	seen := map[int32]string{}
	for n := 1; n <= maxFoundTexts; n++ {
		for k := 1; k <= n; k++ {
			text := "Found " + strconv.Itoa(k) + " of " + strconv.Itoa(n)
			id := foundID(k, n)
			if id <= 0 || seen[id] != "" {
				t.Fatalf("%s: id %d (also %q)", text, id, seen[id])
			}
			if foundIDOf(text) != id {
				t.Fatalf("foundIDOf(%q) = %d, want %d", text, foundIDOf(text), id)
			}
			seen[id] = text
		}
	}
}

package vm

import "strconv"

// The comment texts a game already has at each node (Machine.DedupComments).
// A counting find inside a loop leaves "Found k of n" at every position it
// counts, from every position it starts at: most texts of such a game are
// those, and most of them repeats. They are keyed by node and (k, n) in a
// set of words, with no string to hash; other texts go to a map.

// foundID numbers the text "Found k of n" (1 <= k <= n <= maxFoundTexts)
// from 1; 0 when it has none.
func foundID(k, n int) int32 {
	if k < 1 || k > n || n > maxFoundTexts {
		return 0
	}
	return int32(n*(n+1)/2 + k)
}

// foundIDOf is foundID of a text that reads "Found k of n" exactly, as a
// comment filter can write it too; 0 for any other text.
func foundIDOf(text string) int32 {
	const prefix, middle = "Found ", " of "
	if len(text) < len(prefix) || text[:len(prefix)] != prefix {
		return 0
	}
	rest := text[len(prefix):]
	k, rest, ok := leadingCount(rest)
	if !ok || len(rest) < len(middle) || rest[:len(middle)] != middle {
		return 0
	}
	n, rest, ok := leadingCount(rest[len(middle):])
	if !ok || rest != "" {
		return 0
	}
	return foundID(k, n)
}

// leadingCount reads the positive number s starts with, written as
// strconv.Itoa writes it (no sign, no leading zero).
func leadingCount(s string) (int, string, bool) {
	end := 0
	for end < len(s) && end < 5 && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == 0 || s[0] == '0' {
		return 0, s, false
	}
	v, err := strconv.Atoi(s[:end])
	return v, s[end:], err == nil
}

// commentSet is the set of texts made at each node so far in the game.
type commentSet struct {
	found wordSet                  // node<<32 | foundID
	texts map[seenComment]struct{} // the other texts
}

// seenComment is a text made at a node.
type seenComment struct {
	node int32
	text string
}

// add records c's text at its node and reports whether it was new there.
func (s *commentSet) add(c *Comment) bool {
	id := c.find // numberFound leaves the id of its text there
	if id <= 0 {
		id = foundIDOf(c.Text)
	}
	if id > 0 {
		return s.found.add(uint64(uint32(c.Node))<<32 | uint64(id))
	}
	if s.texts == nil {
		s.texts = map[seenComment]struct{}{}
	}
	k := seenComment{c.Node, c.Text}
	if _, dup := s.texts[k]; dup {
		return false
	}
	s.texts[k] = struct{}{}
	return true
}

// reset empties the set for a new game, keeping its room.
func (s *commentSet) reset() {
	s.found.reset()
	clear(s.texts)
}

// wordSet is a set of non-zero words, open addressing with linear probing.
type wordSet struct {
	slots []uint64 // 0: empty; the length is a power of two
	count int
}

// add puts w (not 0) in the set and reports whether it was new.
func (s *wordSet) add(w uint64) bool {
	if 2*(s.count+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := wordHash(w) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case w:
			return false
		case 0:
			s.slots[i] = w
			s.count++
			return true
		}
	}
}

// grow doubles the table (at least 1024 slots) and puts the words back.
func (s *wordSet) grow() {
	old := s.slots
	s.slots = make([]uint64, max(1024, 2*len(old)))
	s.count = 0
	for _, w := range old {
		if w != 0 {
			s.add(w)
		}
	}
}

// reset empties the set, keeping its table unless it grew large.
func (s *wordSet) reset() {
	if len(s.slots) > 1<<20 {
		s.slots = nil
	}
	clear(s.slots)
	s.count = 0
}

// wordHash spreads a word's bits over the table's index (Fibonacci
// hashing: the high bits of the product are the best mixed).
func wordHash(w uint64) uint64 {
	return (w * 0x9E3779B97F4A7C15) >> 20
}

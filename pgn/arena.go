package pgn

import "strings"

// textArena makes the strings of a game's comments and tags out of shared
// blocks rather than one allocation each: an annotated game has a comment
// after every move, and its strings (with the slices that hold them) were
// two thirds of what reading such a file allocated. A strings.Builder never
// changes the bytes it has written, so the strings cut from it stay valid
// while it goes on writing. A string keeps its whole block alive, so a
// long text gets an allocation of its own rather than a block.
type textArena struct {
	block *strings.Builder
	slots []string // one-string slices handed out by one
}

const (
	arenaBlock = 8 << 10 // bytes in a block of text
	arenaSlots = 256     // strings in a block of slots
)

// string returns b as a string.
func (a *textArena) string(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > arenaBlock/8 {
		return string(b)
	}
	if a.block == nil || a.block.Cap()-a.block.Len() < len(b) {
		a.block = new(strings.Builder)
		a.block.Grow(arenaBlock)
	}
	start := a.block.Len()
	a.block.Write(b)
	return a.block.String()[start:]
}

// one returns a slice holding just s, with no room to grow: appending to
// it copies, so the slices handed out never share a slot.
func (a *textArena) one(s string) []string {
	if len(a.slots) == cap(a.slots) {
		a.slots = make([]string, 0, arenaSlots)
	}
	a.slots = append(a.slots, s)
	n := len(a.slots)
	return a.slots[n-1 : n : n]
}

// appendString is append(list, s), taking a slot for a list's first string.
func (a *textArena) appendString(list []string, s string) []string {
	if list == nil {
		return a.one(s)
	}
	return append(list, s)
}

package pgn

import (
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/limits"
)

// Tag is one tag pair of a game's tag section.
type Tag struct{ Name, Value string }

// Game is a parsed game.
type Game struct {
	Number int    // 1-based game number in input order
	File   string // input name
	Offset int64  // byte offset of the game's first byte in its file
	Line   int    // 1-based line of the game's first byte
	Tags   []Tag  // in file order
	// Result is the movetext's termination marker: "1-0", "0-1", "1/2-1/2"
	// or "*"; "" when the movetext has none.
	Result string
	// Nodes is the game tree in pre-order, the whole subtree of a node's first
	// child (its mainline continuation) before its other children (the
	// variations), so the mainline node of ply n is Nodes[n]. Nodes[0] is the
	// root: the start or FEN position. Nodes is empty only when the start
	// position is unknown (a bad FEN tag or an unsupported variant; Errors
	// tells which).
	Nodes  []Node
	Errors []*Error // problems found; at most one per game today
}

// Node is one position of the game tree.
type Node struct {
	Parent      int32 // -1 for the root
	FirstChild  int32 // -1 if none; the first child is the mainline continuation of this node
	NextSibling int32 // -1 if none; later siblings are the variations, in PGN order
	Ply         int32 // plies from the root (root = 0); FEN move numbers are not added
	Depth       int32 // number of variation starts on the path from the root (mainline = 0)
	Move        bitboard.Move
	Pos         bitboard.Position // the position after Move
	// PreComments are the comments written at the start of a line, before
	// its first move ("( {c} 1.e4", "1. {c} e4" opening the game). Later in
	// a line a comment after a move number or a ')' is the previous move's.
	PreComments []string
	// Comments are the comments after this node's move; for the root, the
	// comments before the first move (including those around the tags).
	Comments []string
	// NAGs are the numeric annotation glyphs ($n) of the move, with the
	// glyphs ! ? !! ?? !? ?! and the like translated to their numbers.
	NAGs []uint8
	// SAN is the move's text in the input (without glued glyphs), when
	// it is ASCII, else nil; it points into the game's input bytes. The
	// writer copies it when it is already what it would write
	// (bitboard.CanonicalSANBody) instead of composing the move anew.
	SAN []byte
}

// Error is a problem found in one game.
type Error struct {
	File   string
	Game   int   // the game's number
	Line   int   // 1-based line of the offending token
	Col    int   // 1-based column, in bytes
	Offset int64 // byte offset of the offending token in the file
	Msg    string
	// Limit is the limit the game is over, when that is the problem (Msg
	// is then its message): the game was skipped.
	Limit *limits.Error
}

// Unwrap gives errors.As the limit the game is over, if any.
func (e *Error) Unwrap() error {
	if e.Limit == nil {
		return nil
	}
	return e.Limit
}

// Error formats the error as "games.pgn:1234:17: game 56: illegal move Nf3".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: game %d: %s", e.File, e.Line, e.Col, e.Game, e.Msg)
}

// Reset empties g for reuse, keeping the backing arrays of Tags and Nodes.
func (g *Game) Reset() {
	*g = Game{Tags: g.Tags[:0], Nodes: g.Nodes[:0], Errors: g.Errors[:0]}
}

// Tag returns the value of the first tag called name.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Mainline returns the indexes of the mainline nodes, root first. Because of
// the pre-order numbering they are 0, 1, ..., MainlineLen()-1.
func (g *Game) Mainline() []int32 {
	line := make([]int32, g.MainlineLen())
	for i := range line {
		line[i] = int32(i)
	}
	return line
}

// MainlineLen is the number of mainline nodes, the root included (0 when
// the game has no nodes).
func (g *Game) MainlineLen() int {
	if len(g.Nodes) == 0 {
		return 0
	}
	if g.Nodes[len(g.Nodes)-1].Depth == 0 {
		// the nodes after the mainline are variations': there are none
		return len(g.Nodes)
	}
	n := 1
	for i := g.Nodes[0].FirstChild; i >= 0; i = g.Nodes[i].FirstChild {
		n++
	}
	return n
}

// Err returns the game's first error, or nil.
func (g *Game) Err() error {
	if len(g.Errors) == 0 {
		return nil
	}
	return g.Errors[0]
}

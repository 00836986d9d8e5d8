package vm

import "github.com/cqlvm/cqlvm/bitboard"

// Tree is one game as the machine sees it: the game tree in pre-order
// with the mainline continuation's subtree first, so that mainline nodes
// have index == ply and every subtree is a contiguous range.
type Tree struct {
	Nodes []Node
	// Game-level facts.
	Number     int    // 1-based game number
	Result     string // "1-0", "0-1", "1/2-1/2", "*" or ""
	Variations bool   // whether variations are searched (positions off the mainline are visited)
	// OffComments are the comments after the moves of the variations
	// left out of Nodes when variations are not searched (hhdb cooked
	// reads every comment of the game).
	OffComments []string
	// Annotations gives the PGN comments and NAGs of the nodes, which
	// few queries read: the tree builder hands over its game instead of
	// copying them into every node. Nil means there are none.
	Annotations Annotations

	// The game's tags, listed from tagSource when a filter first asks
	// (SetTags): most queries read none, and normalising every game's
	// dates, ECO codes and player names slowed every plain search.
	tagSource TagSource
	tags      []Tag
	tagsRead  bool
}

// TagSource lists a game's tags as the filters read them.
type TagSource interface {
	// AppendTags appends the tags to dst.
	AppendTags(dst []Tag) []Tag
}

// SetTags gives the tree the tags of its game.
func (t *Tree) SetTags(src TagSource) {
	t.tagSource, t.tagsRead = src, false
}

// Annotations are what the PGN says about the move into a node (the node
// indexes of Tree.Nodes).
type Annotations interface {
	// Comment is the comment after the move (the last one if several).
	Comment(node int32) string
	// NAGs are the move's numeric annotation glyphs.
	NAGs(node int32) []uint8
	// CommandsTo writes to *dst the values of the annotation commands
	// ([%eval], [%clk], [%emt]) of the move's comments, read at each call.
	// They are written in place, not returned: a Commands returned through
	// the interface was stored field by field and then copied whole.
	CommandsTo(node int32, dst *Commands)
	// MoveTime is the time the move took, in seconds: its [%emt], or
	// else worked out from the clocks; false when the game does not tell.
	MoveTime(node int32) (int32, bool)
}

// Comment is the original PGN comment after the move into node.
func (t *Tree) Comment(node int32) string {
	if t.Annotations == nil {
		return ""
	}
	return t.Annotations.Comment(node)
}

// CommandsTo writes the annotation commands of the move into node to *dst.
func (t *Tree) CommandsTo(node int32, dst *Commands) {
	if t.Annotations == nil {
		*dst = Commands{}
		return
	}
	t.Annotations.CommandsTo(node, dst)
}

// MoveTime is the time the move into node took, in seconds.
func (t *Tree) MoveTime(node int32) (int32, bool) {
	if t.Annotations == nil {
		return 0, false
	}
	return t.Annotations.MoveTime(node)
}

// NAGs are the numeric annotation glyphs of the move into node.
func (t *Tree) NAGs(node int32) []uint8 {
	if t.Annotations == nil {
		return nil
	}
	return t.Annotations.NAGs(node)
}

// Tag is a PGN tag pair.
type Tag struct{ Name, Value string }

// Node is one position of the game tree.
type Node struct {
	Pos         *bitboard.Position
	Move        bitboard.Move // the move that led here (zero for the root)
	Parent      int32         // -1 for the root
	FirstChild  int32         // -1 if none; the mainline continuation
	NextSibling int32         // -1 if none
	End         int32         // one past the last node of this node's subtree
	Ply         int32
	Depth       int32 // variation depth
}

// Tag returns the value of a tag and whether it exists.
func (t *Tree) Tag(name string) (string, bool) {
	if !t.tagsRead {
		t.tags, t.tagsRead = t.tags[:0], true
		if t.tagSource != nil {
			t.tags = t.tagSource.AppendTags(t.tags)
		}
	}
	for _, tg := range t.tags {
		if tg.Name == name {
			return tg.Value, true
		}
	}
	return "", false
}

// ComputeEnds fills Node.End from the Parent links of a pre-order tree.
func (t *Tree) ComputeEnds() {
	n := int32(len(t.Nodes))
	for i := int32(0); i < n; i++ {
		t.Nodes[i].End = i + 1
	}
	// In pre-order a node's subtree ends where the subtree of its last
	// descendant ends; propagate child ends up to parents.
	for i := n - 1; i > 0; i-- {
		p := t.Nodes[i].Parent
		if p >= 0 && t.Nodes[i].End > t.Nodes[p].End {
			t.Nodes[p].End = t.Nodes[i].End
		}
	}
}

// IsMainline reports whether node i lies on the mainline.
func (t *Tree) IsMainline(i int32) bool { return t.Nodes[i].Depth == 0 }

// PieceIDs gives every piece of the root position an identity and follows
// it through the moves of the tree: ids[node][square] is the identity of
// the piece on that square (0 for none). Promotion keeps the identity;
// a captured piece's identity disappears.
func (t *Tree) PieceIDs(ids [][64]uint8) [][64]uint8 {
	n := len(t.Nodes)
	if cap(ids) < n {
		ids = make([][64]uint8, n)
	}
	ids = ids[:n]
	if n == 0 {
		return ids
	}
	var root [64]uint8
	next := uint8(1)
	for sq := 0; sq < 64; sq++ {
		if t.Nodes[0].Pos.Board[sq] != bitboard.Empty {
			root[sq] = next
			next++
		}
	}
	ids[0] = root
	for i := 1; i < n; i++ {
		ids[i] = ids[t.Nodes[i].Parent]
		applyMoveIDs(&ids[i], &t.Nodes[i].Move)
	}
	return ids
}

func applyMoveIDs(ids *[64]uint8, mv *bitboard.Move) {
	if mv.Is(bitboard.FlagNull) {
		return
	}
	if cs := mv.CaptureSquare(); cs != bitboard.NoSquare {
		ids[cs] = 0
	}
	if mv.Is(bitboard.FlagCastle) {
		king, rook := ids[mv.From], ids[mv.RookFrom]
		ids[mv.From], ids[mv.RookFrom] = 0, 0
		ids[mv.To], ids[mv.RookTo] = king, rook
		return
	}
	id := ids[mv.From]
	ids[mv.From] = 0
	ids[mv.To] = id
}

// Tree relations (OpTreeRel, OpTreeAnc X).
const (
	TreeLca uint8 = iota
	TreeDistance
)

const (
	TreeAncestor uint8 = iota
	TreeDescendant
)

// IsAncestor reports whether a is b or an ancestor of b: in pre-order a
// node's subtree is the nodes from it up to its End.
func (t *Tree) IsAncestor(a, b int32) bool { return a <= b && b < t.Nodes[a].End }

// LCA is the latest common ancestor of nodes x and y (a node is its own
// ancestor here).
func (t *Tree) LCA(x, y int32) int32 {
	for x != y {
		if t.Nodes[x].Ply > t.Nodes[y].Ply {
			x = t.Nodes[x].Parent
		} else {
			y = t.Nodes[y].Parent
		}
	}
	return x
}

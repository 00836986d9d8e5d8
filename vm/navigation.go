package vm

import (
	"fmt"

	"cqlvm/bitboard"
)

// pathFromRoot lists the nodes from the child of ancestor a down to node n.
func (t *Tree) pathFrom(a, n int32) []int32 {
	var out []int32
	for ; n != a && n >= 0; n = t.Nodes[n].Parent {
		out = append(out, n)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func sameMove(a, b *bitboard.Move) bool {
	return a.From == b.From && a.To == b.To && a.Piece == b.Piece
}

// consecutiveMoves is the length of the longest run of identical
// consecutive moves in the move sequences from lca(x, y) to x and to y.
// With comment, the two runs are marked.
func (m *Machine) consecutiveMoves(x, y int32, comment bool) int {
	t := m.tree
	l := t.LCA(x, y)
	s, u := t.pathFrom(l, x), t.pathFrom(l, y)
	best, bi, bj := 0, 0, 0
	prev := make([]int, len(u)+1)
	cur := make([]int, len(u)+1)
	for i := 1; i <= len(s); i++ {
		for j := 1; j <= len(u); j++ {
			if sameMove(&t.Nodes[s[i-1]].Move, &t.Nodes[u[j-1]].Move) {
				cur[j] = prev[j-1] + 1
				if cur[j] > best {
					best, bi, bj = cur[j], i, j
				}
			} else {
				cur[j] = 0
			}
		}
		prev, cur = cur, prev
	}
	if comment && best > 0 {
		for k := 0; k < best; k++ {
			a, b := s[bi-best+k], u[bj-best+k]
			m.addComment(Comment{Node: a, Text: fmt.Sprintf("consecutive move %d of %d", k+1, best)})
			m.addComment(Comment{Node: b, Text: fmt.Sprintf("consecutive move %d of %d", k+1, best)})
		}
	}
	return best
}

// tries counts the White variation moves (tries) on the path from the
// root to node: positions with Black to move reached by a secondary move.
func (m *Machine) tries(node int32) int {
	t := m.tree
	n := 0
	for ; node > 0; node = t.Nodes[node].Parent {
		nd := &t.Nodes[node]
		if nd.Pos.Side == bitboard.Black && t.Nodes[nd.Parent].FirstChild != node {
			n++
		}
	}
	return n
}

// virtualMainline: every White move on the path from the root is the
// first move of its position, and no move is a null move. The answers
// for the whole game are worked out at the first question (a node's
// follows from its parent's): walking to the root for each position cost
// time in the square of the game's length.
func (m *Machine) virtualMainline(node int32) bool {
	if !m.virtualMainReady {
		m.virtualMain = virtualMainlines(m.tree, m.virtualMain[:0])
		m.virtualMainReady = true
	}
	return m.virtualMain[node]
}

// virtualMainlines appends to out, for each node of t in order, whether
// it is on the virtual mainline.
func virtualMainlines(t *Tree, out []bool) []bool {
	for i := range t.Nodes {
		nd := &t.Nodes[i]
		if i == 0 {
			out = append(out, true)
			continue
		}
		on := out[nd.Parent] && !nd.Move.Is(bitboard.FlagNull) &&
			!(nd.Pos.Side == bitboard.Black && t.Nodes[nd.Parent].FirstChild != int32(i))
		out = append(out, on)
	}
	return out
}

// ancestry compares positions a and b by ancestry: CmpLt a is a strict
// ancestor of b ([<]), CmpLe an ancestor or b itself ([<=]), CmpGt a strict
// descendant ([>]), CmpGe a descendant or b itself ([>=]).
func ancestry(t *Tree, op uint8, a, b int32) bool {
	switch op {
	case CmpLt:
		return a != b && t.IsAncestor(a, b)
	case CmpLe:
		return t.IsAncestor(a, b)
	case CmpGt:
		return a != b && t.IsAncestor(b, a)
	case CmpGe:
		return t.IsAncestor(b, a)
	}
	return false
}

// assertText describes a failed assertion for the error stream.
func (m *Machine) assertText(pc int) string {
	return m.runtimeText(pc, fmt.Sprintf("assertion failed at position %d", m.cur))
}

// runtimeText is a runtime message about the instruction at pc, with the
// query position it came from and the game.
func (m *Machine) runtimeText(pc int, msg string) string {
	where := ""
	if m.prog.Src != nil && pc < len(m.prog.Spans) {
		line, col := m.prog.Src.Position(int(m.prog.Spans[pc].From))
		where = fmt.Sprintf("%s:%d:%d: ", m.prog.Src.Name, line, col)
	}
	return fmt.Sprintf("%sgame %d: %s", where, m.tree.Number, msg)
}

package vm

import (
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
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

// child is the n-th child of node (0 = the mainline continuation).
func (m *Machine) child(node int32, n int64) (int32, bool) {
	c := m.tree.Nodes[node].FirstChild
	for ; c >= 0 && n > 0; n-- {
		c = m.tree.Nodes[c].NextSibling
	}
	return c, c >= 0 && n == 0
}

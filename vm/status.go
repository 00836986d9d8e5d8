package vm

import "github.com/cqlvm/cqlvm/bitboard"

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

// virtualMainState is each node's virtualmainline, worked out for the
// game when ready (Machine.virtualMain).
type virtualMainState struct {
	on    []bool
	ready bool
}

// virtualMainline: every White move on the path from the root is the
// first move of its position, and no move is a null move. The answers
// for the whole game are worked out at the first question (a node's
// follows from its parent's): walking to the root for each position cost
// time in the square of the game's length.
func (m *Machine) virtualMainline(node int32) bool {
	if !m.virtualMain.ready {
		m.virtualMain.on = virtualMainlines(m.tree, m.virtualMain.on[:0])
		m.virtualMain.ready = true
	}
	return m.virtualMain.on[node]
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

func (m *Machine) isTerminal(node int32) bool {
	n := &m.tree.Nodes[node]
	return n.FirstChild < 0
}

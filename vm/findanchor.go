package vm

// find-anchor: a find whose body needs, before anything it does, a
// conjunct that reads only the position (no variable, no move of the line
// around it) walks from one position where that conjunct holds to the
// next: at the others the body fails having done nothing. The positions
// where it holds are found once per game, by one test of the conjunct at
// each position, and kept as the next one at or after each node (forward
// walks go through the subtree in index order) and the nearest one among
// each node and its ancestors (backward walks).

// FindAnchor is one anchor: the entry pc of its test.
type FindAnchor struct {
	Entry int
}

// findAnchorTable is an anchor's table for one game.
type findAnchorTable struct {
	tree  *Tree
	game  int
	uses  int // walks of this game so far, the table built at findAnchorAfter
	built bool
	next  []int32 // the first node at or after i (in index order) where the anchor holds; len(Nodes) for none
	up    []int32 // the nearest of i and its ancestors where the anchor holds; -1 for none
	// held and tested count, over the run, the positions where the
	// anchor held and those tested: an anchor that holds almost
	// everywhere skips too little to pay for its tests, and is given up
	// (off) for the rest of the run, which only costs time
	held, tested int
	off          bool
}

// An anchor holding at more than anchorKeepHeld/anchorKeepOf of the
// positions once anchorTrial have been tested is given up.
const (
	anchorTrial    = 4096
	anchorKeepHeld = 7
	anchorKeepOf   = 8
)

// findAnchorAfter is how many walks of a game go without the table: a
// find tried at a few positions does not pay for a test at every one.
const findAnchorAfter = 3

// findAnchor advances the walk of in (slot A: the next position; X=1 the
// ancestors' walk) to the next position where anchor B holds.
func (m *Machine) findAnchor(in *Inst) {
	i := int32(int64(m.slots[in.A]))
	if i < 0 || int(i) >= len(m.tree.Nodes) || m.lin.active {
		return // a move filter in a line's constituent sees its linearization
	}
	t := m.findAnchorTableFor(int(in.B), i)
	if t == nil || t.off {
		return
	}
	if in.X == 0 {
		m.slots[in.A] = uint64(t.next[i])
	} else {
		m.slots[in.A] = uint64(int64(t.up[i]))
	}
}

// findAnchorTableFor is anchor a's table for the current game, nil while
// the game's walks are still too few to build it. start is the walk's
// next position: a walk begins at the current position.
func (m *Machine) findAnchorTableFor(a int, start int32) *findAnchorTable {
	for len(m.find.anchors) <= a {
		m.find.anchors = append(m.find.anchors, findAnchorTable{})
	}
	t := &m.find.anchors[a]
	if t.tree != m.tree || t.game != m.gameSerial || len(t.next) != len(m.tree.Nodes) && t.built {
		t.tree, t.game, t.uses, t.built = m.tree, m.gameSerial, 0, false
	}
	if t.built || t.off {
		return t
	}
	if start == m.cur {
		t.uses++
	}
	if t.uses < findAnchorAfter {
		return nil
	}
	m.buildFindAnchor(m.prog.FindAnchors[a].Entry, t)
	return t
}

// buildFindAnchor tests the anchor at every node and fills t.
func (m *Machine) buildFindAnchor(entry int, t *findAnchorTable) {
	nodes := m.tree.Nodes
	n := int32(len(nodes))
	if cap(t.next) < int(n) {
		t.next, t.up = make([]int32, n), make([]int32, n)
	}
	t.next, t.up = t.next[:n], t.up[:n]
	holds := t.up // the tests' answers, 1 or 0, until up is filled
	savedCur, mark := m.cur, len(m.comments)
	for i := range n {
		m.setCur(i)
		holds[i] = boolInt32(m.run(entry))
		t.held += int(holds[i])
	}
	t.tested += int(n)
	if t.tested >= anchorTrial && t.held*anchorKeepOf > t.tested*anchorKeepHeld {
		t.off = true
	}
	m.comments = m.comments[:mark]
	m.setCur(savedCur)
	next := n
	for i := n - 1; i >= 0; i-- {
		if holds[i] != 0 {
			next = i
		}
		t.next[i] = next
	}
	for i := range n { // parents come before their children
		switch p := nodes[i].Parent; {
		case holds[i] != 0 || p >= i: // (not in pre-order: the walk tests i)
			t.up[i] = i
		case p < 0:
			t.up[i] = -1
		default:
			t.up[i] = t.up[p]
		}
	}
	t.built = true
}

package vm

// Memoised finds (Program.FindMemos): a find whose body has no effect and
// depends only on the position tested and on a few variables fails at a
// position again whenever it failed there before with the same values of
// those variables. The machine keeps, per game, memo and values, a table
// next[i] (i itself while position i is not known to fail, i+1 once it
// is) and the forward walk jumps over runs of known failures. A find run
// from every position of the game (a piece loop with find inside) then
// tests each position once per value instead of once per start.

// findMemoKey is the values of a memoised find body's variables.
type findMemoKey struct {
	vals  [MaxFindMemoSlots]uint64
	bound uint8
}

// findMemoState is one memo's tables for the current game.
type findMemoState struct {
	tree   *Tree
	serial int
	// next maps the values seen to their table.
	next map[findMemoKey][]int32
	// cur is the table of the walk under way (nil: not memoised). The
	// values are looked up once a walk, not at every position it tests:
	// a find's body has no effect, so they cannot change during it.
	cur []int32
}

// maxFindMemoKeys bounds the values of one memo in one game; values past
// it are not memoised (the find then walks as without a memo).
const maxFindMemoKeys = 256

// findMemoStart is called as a walk of memo id begins: it sets the
// walk's table for the current values of the memo's variables and
// returns it; nil when not memoised.
func (m *Machine) findMemoStart(id int) []int32 {
	st := m.findMemoState(id)
	var k findMemoKey
	for i, s := range m.prog.FindMemos[id].Slots {
		if m.bound[s] {
			k.vals[i] = m.slots[s]
			k.bound |= 1 << i
		}
	}
	t, ok := st.next[k]
	if !ok && len(st.next) < maxFindMemoKeys {
		t = m.newFindTable()
		st.next[k] = t
	}
	st.cur = t
	return t
}

// findMemoState is memo id's state, emptied when a new game begins.
func (m *Machine) findMemoState(id int) *findMemoState {
	if len(m.find.memos) != len(m.prog.FindMemos) {
		m.find.memos = make([]findMemoState, len(m.prog.FindMemos))
	}
	st := &m.find.memos[id]
	if st.tree != m.tree || st.serial != m.gameSerial {
		for k, t := range st.next {
			if t != nil {
				m.find.memoFree = append(m.find.memoFree, t)
			}
			delete(st.next, k)
		}
		if st.next == nil {
			st.next = make(map[findMemoKey][]int32)
		}
		st.tree, st.serial, st.cur = m.tree, m.gameSerial, nil
	}
	return st
}

// newFindTable is a table where no position is known to fail yet.
func (m *Machine) newFindTable() []int32 {
	n := len(m.tree.Nodes)
	var t []int32
	if f := len(m.find.memoFree); f > 0 && cap(m.find.memoFree[f-1]) > n {
		t, m.find.memoFree = m.find.memoFree[f-1][:n+1], m.find.memoFree[:f-1]
	} else {
		t = make([]int32, n+1)
	}
	for i := range t {
		t[i] = int32(i)
	}
	return t
}

// findMemoOff reports whether memo id is not to be used in this walk: a
// line's linearization was in force when the find began (bit 32 of its
// saved position, see saveCur) or is now.
func (m *Machine) findMemoOff(id int) bool {
	return m.lin.active || m.slots[m.prog.FindMemos[id].Save]>>32&1 != 0
}

// findSkip is the first position from i on not known to fail (path
// compression keeps the walks short).
func findSkip(t []int32, i int32) int32 {
	r := i
	for t[r] != r {
		r = t[r]
	}
	for t[i] != r {
		t[i], i = r, t[i]
	}
	return r
}

// findFailNext is where a walk goes on from position q, known to fail: the
// next position in pre-order for a forward walk (X=0); for a backward one
// (X=1) the parent, or past the last position (the table's end, which
// findSkip stops at) from the start.
func (m *Machine) findFailNext(x uint8, q int32) int32 {
	if x == 0 {
		return q + 1
	}
	if p := m.tree.Nodes[q].Parent; p >= 0 {
		return p
	}
	return int32(len(m.tree.Nodes))
}

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
	next   map[findMemoKey][]int32
}

// maxFindMemoKeys bounds the tables of one memo in one game; values past
// it are not memoised (the find then walks as without a memo).
const maxFindMemoKeys = 256

// findMemoTable is the table of memo id for the current values of its
// variables, made when create is set; nil when there is none.
func (m *Machine) findMemoTable(id int, create bool) []int32 {
	if len(m.findMemos) != len(m.prog.FindMemos) {
		m.findMemos = make([]findMemoState, len(m.prog.FindMemos))
	}
	st := &m.findMemos[id]
	if st.tree != m.tree || st.serial != m.gameSerial {
		for k, t := range st.next {
			m.findMemoFree = append(m.findMemoFree, t)
			delete(st.next, k)
		}
		st.tree, st.serial = m.tree, m.gameSerial
	}
	var k findMemoKey
	for i, s := range m.prog.FindMemos[id].Slots {
		if m.bound[s] {
			k.vals[i] = m.slots[s]
			k.bound |= 1 << i
		}
	}
	t, ok := st.next[k]
	if ok || !create || len(st.next) >= maxFindMemoKeys {
		return t
	}
	n := len(m.tree.Nodes)
	if f := len(m.findMemoFree); f > 0 && cap(m.findMemoFree[f-1]) > n {
		t, m.findMemoFree = m.findMemoFree[f-1][:n+1], m.findMemoFree[:f-1]
	} else {
		t = make([]int32, n+1)
	}
	for i := range t {
		t[i] = int32(i)
	}
	if st.next == nil {
		st.next = make(map[findMemoKey][]int32)
	}
	st.next[k] = t
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

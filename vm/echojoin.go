package vm

import "math/bits"

// echo-key-join (OpEchoJoinStart, OpEchoJoinNext, OpKeyMix): an echo body whose leading tests
// equate values at the target with values at the source (`Z == s:W`,
// `t:ply == s:ply`) fails at every target whose values differ before it
// does anything. The values at each target, mixed into one key word, are
// computed once per game and values of the variables they read; the walk
// from each source then goes only to the targets whose key is the
// source's (and to its last target, so that the target variable ends the
// walk as without the join). Keys that collide only cost a test of the
// body, which still makes the comparisons.

// EchoJoin is one echo-key-join: Entry is a value subroutine leaving the
// key of the current position as a target; Slots are the variables it
// reads, whose values choose the table.
type EchoJoin struct {
	Entry int
	Slots []int
}

// echoState is the machine's state for echo filters (Machine.echo).
type echoState struct {
	joins []echoJoinState // per Program.EchoJoins
}

// echoJoinState is a join's tables for the current game.
type echoJoinState struct {
	tree   *Tree
	serial int
	index  map[findMemoKey]int32 // values of the variables -> tables[i]
	tables []echoJoinTable
}

// echoJoinTable is the key of every node of a game (for some values of
// the variables).
type echoJoinTable struct {
	keys []uint64
	none []bool // the key's values fail there: no source's key is met
}

// Slots of an echo walk's block beside the next target (A) and the ply
// window (A+1) that the join uses.
const (
	echoJoinKeySlot   = 2 // the source's key
	echoJoinTableSlot = 3 // 1 + the index of the walk's table; 0: no join
)

// KeyMix mixes one more value into a key (OpKeyMix).
func KeyMix(key, v uint64) uint64 {
	return bits.RotateLeft64(key*0x9E3779B97F4A7C15, 29) ^ v
}

// echoJoinStart starts the echo walk in slot A with join B, for the
// source's key on the stack.
func (m *Machine) echoJoinStart(in *Inst) {
	key := uint64(m.popNum())
	m.slots[in.A+echoJoinTableSlot] = 0
	if m.lin.active {
		return // a move filter in a line's constituent sees its linearization
	}
	if t := m.echoJoinTableFor(int(in.B)); t > 0 {
		m.slots[in.A+echoJoinKeySlot], m.slots[in.A+echoJoinTableSlot] = key, uint64(t)
	}
}

// echoJoinNext advances the echo walk in slot A with join B to the next
// target whose key is the source's.
func (m *Machine) echoJoinNext(in *Inst) {
	ref := m.slots[in.A+echoJoinTableSlot]
	if ref == 0 || m.lin.active {
		return
	}
	t := &m.echo.joins[in.B].tables[ref-1]
	i := int32(m.slots[in.A])
	// the walk's last target is never skipped (the earlier of the two
	// lasts, with or without EchoInAll)
	last := m.echoLast(false)
	key := m.slots[in.A+echoJoinKeySlot]
	for i < last && i >= 0 && (t.none[i] || t.keys[i] != key) {
		i++
	}
	m.slots[in.A] = uint64(i)
}

// echoJoinTableFor is 1 + the index of join id's table for the current
// game and values of its variables, built at its first use; 0 when the
// game has too many values to keep tables for.
func (m *Machine) echoJoinTableFor(id int) int {
	if len(m.echo.joins) != len(m.prog.EchoJoins) {
		m.echo.joins = make([]echoJoinState, len(m.prog.EchoJoins))
	}
	st := &m.echo.joins[id]
	if st.tree != m.tree || st.serial != m.gameSerial {
		st.tree, st.serial = m.tree, m.gameSerial
		clear(st.index)
		st.tables = st.tables[:0]
		if st.index == nil {
			st.index = map[findMemoKey]int32{}
		}
	}
	var k findMemoKey
	for i, s := range m.prog.EchoJoins[id].Slots {
		if m.bound[s] {
			k.vals[i] = m.slots[s]
			k.bound |= 1 << i
		}
	}
	if i, ok := st.index[k]; ok {
		return int(i) + 1
	}
	if len(st.tables) >= maxFindMemoKeys {
		return 0
	}
	if len(st.tables) < cap(st.tables) {
		st.tables = st.tables[:len(st.tables)+1]
	} else {
		st.tables = append(st.tables, echoJoinTable{})
	}
	m.buildEchoJoin(m.prog.EchoJoins[id].Entry, &st.tables[len(st.tables)-1])
	st.index[k] = int32(len(st.tables) - 1)
	return len(st.tables)
}

// buildEchoJoin computes the key of every node of the game into t.
func (m *Machine) buildEchoJoin(entry int, t *echoJoinTable) {
	n := len(m.tree.Nodes)
	if cap(t.keys) < n {
		t.keys, t.none = make([]uint64, n), make([]bool, n)
	}
	t.keys, t.none = t.keys[:n], t.none[:n]
	savedCur, mark := m.saveCur(), len(m.comments)
	for i := range n {
		m.setCur(int32(i))
		ok := m.run(entry)
		t.keys[i], t.none[i] = m.ret, !ok
	}
	m.comments = m.comments[:mark]
	m.restCur(savedCur)
}

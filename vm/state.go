package vm

import (
	"fmt"
	"regexp"

	"cqlvm/bitboard"
)

// maxLoopIterations and maxLoopSteps bound `loop` and `while` at one
// position: a query whose loop never ends (its body never fails) would
// otherwise hang the whole run. The bound counts iterations and the
// instructions run at the position, so that an endless loop with a costly
// body (`loop {find check}`) stops as soon as a cheap one. A loop cut off
// stops as if its body had failed, and the run says so once per game.
// The bounds are fixed numbers, so the answer does not depend on timing.
const (
	maxLoopIterations = 1 << 16
	maxLoopSteps      = 1 << 20
)

// loopCutOff reports, once per game and loop, that the loop at pc was
// stopped by the bound.
func (m *Machine) loopCutOff(pc int) {
	for _, p := range m.cutLoops {
		if p == pc {
			return
		}
	}
	m.cutLoops = append(m.cutLoops, pc)
	if m.Errors != nil {
		m.Errors(m.runtimeText(pc, fmt.Sprintf("loop stopped after %d iterations (%d instructions) at position %d: its body never fails", m.iters, m.steps, m.cur)))
	}
}

// pieceSquare is where the piece with identity id stands now (empty when
// it has been captured).
func (m *Machine) pieceSquare(id uint8) uint64 {
	if id == 0 {
		return 0
	}
	ids := &m.ids[m.cur]
	for sq := 0; sq < 64; sq++ {
		if ids[sq] == id {
			return 1 << sq
		}
	}
	return 0
}

// setGroups remembers the groups of a successful ~~ for \0, \1, \-1.
func (m *Machine) setGroups(s string, loc []int) {
	n := len(loc) / 2
	m.groups = make([]string, n)
	m.groupOffs = make([]int, n)
	for i := 0; i < n; i++ {
		if loc[2*i] < 0 {
			m.groupOffs[i] = -1
			continue
		}
		m.groups[i] = s[loc[2*i]:loc[2*i+1]]
		m.groupOffs[i] = loc[2*i]
	}
}

// sortState is the best value of one sort key in the current game.
type sortState struct {
	Set bool
	Num int64
	Str string
}

type pendingSort struct {
	key int
	num int64
	str string
}

// recordSort notes a sort value at the current position; it counts only
// if the whole body matches there (commitSorts).
func (m *Machine) recordSort(key int, num int64, str string) {
	m.pending = append(m.pending, pendingSort{key, num, str})
}

func (m *Machine) commitSorts() {
	for _, p := range m.pending {
		k := &m.prog.Sorts[p.key]
		st := &m.sort[p.key]
		if !st.Set || better(k, p.num, p.str, st) {
			*st = sortState{Set: true, Num: p.num, Str: p.str}
		}
	}
}

func better(k *SortKey, num int64, str string, old *sortState) bool {
	if k.Str {
		if k.Min {
			return str < old.Str
		}
		return str > old.Str
	}
	if k.Min {
		return num < old.Num
	}
	return num > old.Num
}

// SortValues are the game's best values per sort key.
func (m *Machine) SortValues() []sortState { return m.sort }

// SortValue is one key's best value in a game.
type SortValue = sortState

var _ = regexp.Compile

// PersistentValues formats the persistent variables for the end-of-run
// report, as "name: value" lines.
func (m *Machine) PersistentValues() []string {
	var out []string
	for _, v := range m.prog.PersistentVars {
		if !m.bound[v.Slot] {
			continue
		}
		var text string
		switch v.Type {
		case TypeStr:
			text = m.sslots[v.Slot]
		case TypeSet:
			text = bitboard.Set(m.slots[v.Slot]).String()
		default:
			text = fmt.Sprint(int64(m.slots[v.Slot]))
		}
		out = append(out, v.Name+": "+text)
	}
	return out
}

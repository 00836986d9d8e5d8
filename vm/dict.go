package vm

import (
	"fmt"
	"sort"
	"strconv"
)

// DictSpec describes one dictionary of the program.
type DictSpec struct {
	Name    string
	Local   bool  // emptied at the start of every game
	KeyType uint8 // TypeNum, TypeStr, TypeSet or TypePos
	ValType uint8
}

// dictState is the machine's dictionaries (Machine.dicts).
type dictState struct {
	tables []map[string]dictEntry // per DictSpec
	iters  map[int][]string       // the keys a loop over a dictionary has left, per slot
}

// dictEntry is a stored value (numbers, sets and positions in num).
type dictEntry struct {
	num uint64
	str string
}

// dictKey encodes a key of the given type taken from the stacks.
func (m *Machine) popDictKey(t uint8) string {
	if t == TypeStr {
		return m.popStr()
	}
	return fmt.Sprintf("%020d", int64(m.pop())+1<<40) // sortable numerically
}

func (m *Machine) pushDictKey(t uint8, key string) {
	if t == TypeStr {
		m.pushStr(key)
		return
	}
	v, _ := strconv.ParseInt(key, 10, 64)
	m.push(uint64(v - 1<<40))
}

func (m *Machine) popDictValue(t uint8) dictEntry {
	if t == TypeStr {
		return dictEntry{str: m.popStr()}
	}
	return dictEntry{num: m.pop()}
}

func (m *Machine) pushDictValue(t uint8, e dictEntry) {
	if t == TypeStr {
		m.pushStr(e.str)
		return
	}
	m.push(e.num)
}

func (m *Machine) dict(i int) map[string]dictEntry {
	for len(m.dicts.tables) <= i {
		m.dicts.tables = append(m.dicts.tables, map[string]dictEntry{})
	}
	return m.dicts.tables[i]
}

// resetLocalDicts empties the per-game dictionaries.
func (m *Machine) resetLocalDicts() {
	for i, d := range m.prog.Dicts {
		if d.Local && i < len(m.dicts.tables) {
			clear(m.dicts.tables[i])
		}
	}
}

// dictKeys snapshots a dictionary's keys in order for iteration.
func (m *Machine) dictKeys(i int) []string {
	d := m.dict(i)
	keys := make([]string, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

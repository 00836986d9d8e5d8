package vm

// stampTable maps uint64 keys to int32 values for the state sets of one
// path evaluation. A path is evaluated at every position of every game and
// usually visits a handful of states, so what matters is that emptying the
// table costs nothing: every slot carries the generation that wrote it,
// and reset just starts a new generation. (Go maps spent more time in
// clear, assign and delete than the search itself.)
//
// It is a stateTable whose keys have no variable part: one table
// implementation serves both.
type stampTable struct{ t stateTable }

const (
	stampTableMinBits = 6  // 64 slots to start with
	stampTableMaxKeep = 14 // a table grown past 16K slots is not kept for the next run
)

// reset empties the table.
func (t *stampTable) reset() { t.t.reset() }

// get returns the value stored for key.
func (t *stampTable) get(key uint64) (int32, bool) { return t.t.get(stateKey{at: key}) }

// put stores v for key.
func (t *stampTable) put(key uint64, v int32) { t.t.put(stateKey{at: key}, v) }

// stateTable is the generation-stamped table itself, keyed by path search
// states (a stateKey: the position in the search and a hash of the
// variables, 0 for a stampTable). For the paths whose constituents change
// variables it replaced a Go map whose clear, at every start of such a
// path, slowed the whole query.
type stateTable struct {
	keys  []stateKey
	vals  []int32
	gens  []uint32
	gen   uint32
	n     int
	shift uint8 // 64 - log2(len(keys))
}

// reset empties the table: a new generation, nothing cleared.
func (t *stateTable) reset() {
	if t.keys == nil || len(t.keys) > 1<<stampTableMaxKeep {
		t.alloc(stampTableMinBits)
		return
	}
	t.n = 0
	t.gen++
	if t.gen == 0 { // wrapped around: old stamps could look current
		clear(t.gens)
		t.gen = 1
	}
}

func (t *stateTable) alloc(bits uint8) {
	size := 1 << bits
	t.keys = make([]stateKey, size)
	t.vals = make([]int32, size)
	t.gens = make([]uint32, size)
	t.gen, t.n, t.shift = 1, 0, 64-bits
}

func (t *stateTable) slot(key stateKey) (int, bool) {
	mask := len(t.keys) - 1
	h := (key.at ^ key.vars*0xBF58476D1CE4E5B9) * 0x9E3779B97F4A7C15
	i := int(h >> t.shift)
	for {
		if t.gens[i] != t.gen {
			return i, false
		}
		if t.keys[i] == key {
			return i, true
		}
		i = (i + 1) & mask
	}
}

func (t *stateTable) get(key stateKey) (int32, bool) {
	if t.keys == nil {
		return 0, false
	}
	if i, ok := t.slot(key); ok {
		return t.vals[i], true
	}
	return 0, false
}

func (t *stateTable) put(key stateKey, v int32) {
	if t.keys == nil {
		t.alloc(stampTableMinBits)
	}
	i, ok := t.slot(key)
	if !ok {
		if 2*(t.n+1) > len(t.keys) {
			t.grow()
			i, _ = t.slot(key)
		}
		t.keys[i], t.gens[i] = key, t.gen
		t.n++
	}
	t.vals[i] = v
}

func (t *stateTable) grow() {
	keys, vals, gens, gen := t.keys, t.vals, t.gens, t.gen
	t.alloc(64 - t.shift + 1)
	for i, g := range gens {
		if g == gen {
			j, _ := t.slot(keys[i])
			t.keys[j], t.vals[j], t.gens[j] = keys[i], vals[i], t.gen
			t.n++
		}
	}
}

package vm

import "github.com/cqlvm/cqlvm/vm/nfa"

// line-viable: for a forward line whose constituents are pure tests of
// the position (LineSpec.Viable), the machine works out once per game, in
// one sweep from the last positions back, the states of the line's NFA
// from which a match can be completed at each position. A start whose
// start states meet none of them has no match: runLine refuses it without
// the search. The search still finds the match at the other starts, so
// the answers and comments are the search's.

// viableLine is the machine's state of line-viable for one line filter:
// the numbering of its states, the tables of the current game (one per
// values of the variables its constituents read, LineSpec.ViableSlots),
// and the counts that decide whether the tables pay for themselves.
type viableLine struct {
	states *viableStates // the NFA's threads, worked out once per program
	tested int           // how many of them the sweep tests (testedStates)
	tree   *Tree
	game   int
	tables map[findMemoKey]*viableTable
	single *viableTable // the table of a line without variables
	// uses and refused count the starts asked about and refused: tables
	// that refuse too few to pay for themselves are given up (off) for
	// the rest of the run, which only costs time
	uses, refused int
	off           bool
	// asked counts the starts asked about and built the tables built, in
	// the whole run: a line with variables whose searches are too short
	// for any table to be built still pays a lookup of its values at
	// every start, so it is given up when none was built by viableTrial
	asked, built int
}

// viableTable is the table of one line filter for one game and one
// value of its variables.
type viableTable struct {
	states *viableStates
	built  bool
	// ok[n] has bit i set when a match can be completed from the i-th
	// Filter state at node n: its constituent holds at n (for some move
	// the line can go on with) and the states after it complete the
	// match, or the line may end there
	ok []uint64
	// work counts the constituent tests of the searches made in this
	// game without the table, searches the searches: it is built once
	// they cost about as much as its sweep, so that a line tried at few
	// positions (its start test refusing most) does not pay for one, and
	// only when a search makes on average a test per state it would test
	// or more: the sweep tests those constituents too, and a line whose
	// searches stop after a test or two (line --> not check --> move
	// capture p --> ...) costs less searched from every start than swept
	work, searches int
}

// maxViableKeys bounds the tables of one line in one game; starts with
// other values of its variables are searched without one.
const maxViableKeys = 64

// A line's table is built once the searches of the game have made one
// constituent test per viableStatesPerTest of its positions and states: a
// search's test costs about as much as the sweep's work on a few states
// of one position.
const viableStatesPerTest = 4

// viableStates numbers the Filter states of a line's NFA (at most 64).
type viableStates struct {
	bit    []int8   // state number of each Filter instruction (-1 for the others)
	filter []int32  // constituent of state i
	next   []uint64 // states reached after state i consumes a position
	match  []bool   // whether Match is reached after state i consumes a position
	start  uint64   // states of the start
}

// A table refusing fewer than one start in viablePayback, once asked about
// viableTrial starts, is given up.
const (
	viableTrial   = 2000
	viablePayback = 16
)

// newViableStates numbers the Filter states of p; ok is false when the
// program has more than 64 of them, or a Test (which a line's patterns do
// not make).
func newViableStates(p *nfa.Prog) (*viableStates, bool) {
	bit := make([]int8, len(p.Inst))
	vs := &viableStates{bit: bit}
	for pc, in := range p.Inst {
		bit[pc] = -1
		switch in.Op {
		case nfa.Test:
			return nil, false
		case nfa.Filter:
			if len(vs.filter) == 64 {
				return nil, false
			}
			bit[pc] = int8(len(vs.filter))
			vs.filter = append(vs.filter, int32(in.Arg))
		}
	}
	closure := func(pc uint32) (states uint64, match bool) {
		p.Closure(pc, func(pc uint32) {
			switch p.Inst[pc].Op {
			case nfa.Filter:
				states |= 1 << bit[pc]
			case nfa.Match:
				match = true
			}
		})
		return states, match
	}
	vs.start, _ = closure(uint32(p.Start)) // a match of no position does not count
	for _, in := range p.Inst {
		if in.Op == nfa.Filter {
			next, match := closure(in.Out)
			vs.next = append(vs.next, next)
			vs.match = append(vs.match, match)
		}
	}
	return vs, true
}

// lineViableAt reports whether a match of line li may start at start; the
// table it answers from (nil when there is none yet) also lets the search
// drop the threads that cannot complete a match. Without one yet, pending
// is the table that the search's work counts toward.
func (m *Machine) lineViableAt(li int, start int32) (ok bool, table, pending *viableTable) {
	for len(m.line.viable) <= li {
		m.line.viable = append(m.line.viable, viableLine{})
	}
	vl := &m.line.viable[li]
	if vl.off {
		return true, nil, nil
	}
	spec := &m.prog.Lines[li]
	if vl.states == nil {
		states, ok := newViableStates(spec.NFA)
		if !ok {
			vl.off = true
			return true, nil, nil
		}
		vl.states, vl.tested = states, testedStates(spec, states)
	}
	if vl.tree != m.tree || vl.game != m.gameSerial || vl.tables == nil {
		vl.tree, vl.game = m.tree, m.gameSerial
		if vl.tables == nil {
			vl.tables = map[findMemoKey]*viableTable{}
		}
		clear(vl.tables)
		if vl.single != nil {
			vl.single.built, vl.single.work, vl.single.searches = false, 0, 0
		}
	}
	vl.asked++
	if vl.asked == viableTrial && vl.built == 0 && len(spec.ViableSlots) > 0 {
		vl.off = true
		return true, nil, nil
	}
	vt := m.viableTableFor(vl, spec)
	if vt == nil {
		return true, nil, nil
	}
	if !vt.built {
		states := len(vl.states.filter)
		if vt.work*viableStatesPerTest < len(m.tree.Nodes)*states || vt.work < vt.searches*vl.tested {
			return true, nil, vt
		}
		m.buildViable(spec, vt)
		vl.built++
	}
	ok = vt.ok[start]&vl.states.start != 0
	vl.uses++
	if !ok {
		vl.refused++
	}
	if vl.uses == viableTrial && vl.refused*viablePayback < vl.uses {
		vl.off = true
	}
	return ok, vt, nil
}

// testedStates is the number of states whose constituent the sweep
// tests: a state of a constituent that always holds (.) costs it no test.
func testedStates(spec *LineSpec, vs *viableStates) int {
	n := 0
	for _, k := range vs.filter {
		if !spec.Always[k] {
			n++
		}
	}
	return n
}

// viableTableFor is the table of the current game for the current
// values of the line's variables (nil past maxViableKeys of them).
func (m *Machine) viableTableFor(vl *viableLine, spec *LineSpec) *viableTable {
	if len(spec.ViableSlots) == 0 {
		if vl.single == nil {
			vl.single = &viableTable{states: vl.states}
		}
		return vl.single
	}
	var key findMemoKey
	for i, s := range spec.ViableSlots {
		if m.bound[s] {
			key.vals[i] = m.slots[s]
			key.bound |= 1 << i
		}
	}
	vt := vl.tables[key]
	if vt == nil && len(vl.tables) < maxViableKeys {
		vt = &viableTable{states: vl.states}
		vl.tables[key] = vt
	}
	return vt
}

// viable reports whether the thread at state pc may complete a match
// from node (always, without a table).
func (r *lineRun) viable(pc uint32, node int32) bool {
	vt := r.viableTab
	if vt == nil {
		return true
	}
	b := vt.states.bit[pc]
	return b < 0 || vt.ok[node]&(1<<b) != 0
}

// buildViable fills vt.ok for the current game, from the last node back:
// the nodes are in pre-order, so the positions a forward line goes on to
// come after the node (a node where they do not is taken as viable from
// every state, refusing nothing).
func (m *Machine) buildViable(spec *LineSpec, vt *viableTable) {
	nodes := m.tree.Nodes
	if cap(vt.ok) < len(nodes) {
		vt.ok = make([]uint64, len(nodes))
	}
	vt.ok = vt.ok[:len(nodes)]
	vs := vt.states
	savedCur, savedLin, mark := m.cur, m.lin, len(m.comments)
	// the variables' values are the key of this table: a constituent
	// reads them as they are now, and they cannot change during a
	// line's search, which assigns nothing
	m.line.muted++
	var pairs []linePair
	var tested []viableTest
	for n := int32(len(nodes) - 1); n >= 0; n-- {
		pairs = m.lineNext(pairs[:0], spec, n)
		if len(pairs) == 0 {
			pairs = append(pairs, linePair{child: -1, to: -1}) // the line ends here
		}
		tested = tested[:0]
		var ok uint64
		for i, k := range vs.filter {
			for _, nx := range pairs {
				if nx.to >= 0 && nx.to <= n {
					ok = ^uint64(0)
					break
				}
				if !vs.match[i] && (nx.to < 0 || vs.next[i]&vt.ok[nx.to] == 0) {
					continue
				}
				if spec.Always[k] || m.viableTest(spec, &tested, k, n, nx.child) {
					ok |= 1 << i
					break
				}
			}
		}
		vt.ok[n] = ok
	}
	m.line.muted--
	m.comments = m.comments[:mark]
	m.lin = savedLin
	m.setCur(savedCur)
	vt.built = true
}

// viableTest is a constituent's test at the node being swept.
type viableTest struct {
	k, child int32
	held     bool
}

// viableTest tests constituent k at node with the moves restricted to
// child, once per node: several states test the same constituent.
func (m *Machine) viableTest(spec *LineSpec, tested *[]viableTest, k, node, child int32) bool {
	if !spec.Lin[k] {
		child = unrestricted
	}
	for _, t := range *tested {
		if t.k == k && t.child == child {
			return t.held
		}
	}
	held := m.lineTest(spec, k, node, child)
	*tested = append(*tested, viableTest{k, child, held})
	return held
}

package vm

import "github.com/cqlvm/cqlvm/vm/nfa"

// line-viable: for a forward line whose constituents are pure tests of
// the position (LineSpec.Viable), the machine works out once per game, in
// one sweep from the last positions back, the states of the line's NFA
// from which a match can be completed at each position. A start whose
// start states meet none of them has no match: runLine refuses it without
// the search. The search still finds the match at the other starts, so
// the answers and comments are the search's.

// viableTable is the table of one line filter for one game.
type viableTable struct {
	states *viableStates // the NFA's threads, worked out once per program
	tree   *Tree
	game   int
	built  bool
	// ok[n] has bit i set when a match can be completed from the i-th
	// Filter state at node n: its constituent holds at n (for some move
	// the line can go on with) and the states after it complete the
	// match, or the line may end there
	ok []uint64
	// uses and refused count the starts asked about and refused: a table
	// that refuses too few to pay for itself is given up (off) for the
	// rest of the run, which only costs time
	uses, refused int
	off           bool
	// searches counts the starts of this game searched without a table:
	// the table is built at the viableAfter-th, so that a line whose start
	// test refuses nearly every start does not pay for a sweep of the game
	searches int
}

// viableAfter is how many starts of a game are searched before the
// table is built.
const viableAfter = 4

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
// drop the threads that cannot complete a match.
func (m *Machine) lineViableAt(li int, start int32) (bool, *viableTable) {
	for len(m.line.viable) <= li {
		m.line.viable = append(m.line.viable, viableTable{})
	}
	vt := &m.line.viable[li]
	if vt.off {
		return true, nil
	}
	if vt.states == nil {
		states, ok := newViableStates(m.prog.Lines[li].NFA)
		if !ok {
			vt.off = true
			return true, nil
		}
		vt.states = states
	}
	if !vt.built || vt.tree != m.tree || vt.game != m.gameSerial || len(vt.ok) != len(m.tree.Nodes) {
		if vt.tree != m.tree || vt.game != m.gameSerial {
			vt.tree, vt.game, vt.built, vt.searches = m.tree, m.gameSerial, false, 0
		}
		if vt.searches++; vt.searches < viableAfter {
			return true, nil
		}
		m.buildViable(&m.prog.Lines[li], vt)
	}
	ok := vt.ok[start]&vt.states.start != 0
	vt.uses++
	if !ok {
		vt.refused++
	}
	if vt.uses == viableTrial && vt.refused*viablePayback < vt.uses {
		vt.off = true
	}
	return ok, vt
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

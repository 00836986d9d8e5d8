package vm

import (
	"strconv"

	"github.com/cqlvm/cqlvm/vm/nfa"
)

// LineSpec is one `line` (or `path`) filter: its NFA, the bytecode entry
// of each constituent test, and its parameters.
type LineSpec struct {
	NFA  *nfa.Prog
	Subs []int // entry pc of the test of constituent k
	// Lin[k]: constituent k contains move filters over the game's moves,
	// which linearization restricts to the chosen line.
	Lin []bool
	// Always[k]: constituent k holds at every position (`.`, `true`): the
	// search takes it as held without running or remembering it
	Always []bool

	Backward, FirstMatch, LastPosition, NestBan bool
	Primary, Secondary, SingleColor, Quiet      bool
	HasRange                                    bool
	Lo, Hi                                      int
	RangeOnStack                                bool   // bounds given by variables: OpLineOrPath pops them
	Name                                        string // "line" or "path", for comments

	IsPath bool
	Path   PathSpec

	// StartTest: every match starts with constituent StartFilter, whose
	// test has no effect and looks at no linearization, so a start where
	// it fails needs no search (runLine tests it first).
	StartTest   bool
	StartFilter int
	// StartTested: the code before OpLineOrPath has made the start test
	// already (it jumps past the line when it fails).
	StartTested bool
	// Linear: the NFA has no Split (nfa.Prog.Linear), so a path's
	// search needs no table of the states it has seen.
	Linear bool
	// Viable: a forward line whose constituents read no variable and
	// have no effect but comments (line-viable): a table per game of the
	// states from which a match can be completed refuses the starts
	// from which none can (viable.go).
	Viable bool
	// FirstMatchWalk: a forward line of one sequence of constituents
	// that do nothing but comment (line-first-match): runLine searches
	// it with lineFirst, which stops at the first match.
	FirstMatchWalk bool
	// ViableSlots are the variables the constituents of a Viable line
	// read (at most MaxFindMemoSlots): it has a table per game for each
	// of their values.
	ViableSlots []int
}

// OpLineOrPath flags.
const (
	LineLastPosition  = 1 // push the last position, not the length
	LineBoundsOnStack = 2 // the range's bounds are on the stack (lo, hi)
)

// linState is the linearization in force: while a line evaluates a
// constituent at node, the game's moves from node are only the one to
// child (none when child < 0).
type linState struct {
	active      bool
	node, child int32
}

// lineState is the machine's state for line filters (Machine.line).
type lineState struct {
	runFree *lineRun // a spare line evaluation state
	// muted > 0: the comments made now are dropped (a line's search
	// tests constituents and drops their comments; the winning match
	// is replayed for them), so the costly ones are not even written
	muted    int
	used     [][]bool     // per line filter, the nodes of earlier matches (nestban)
	usedGame []int        // per line filter, the Machine.gameSerial of used
	viable   []viableLine // per line filter (line-viable)
}

// lineStep is one consumed position of a candidate match, in an arena.
type lineStep struct {
	k           int32 // constituent
	node, child int32
	prev        int32 // previous step, -1 for none
}

type lineThread struct {
	pc   uint32
	path int32 // last step, -1 for none
}

// lineRun is the state of one evaluation of a line filter.
type lineRun struct {
	spec  *LineSpec
	steps []lineStep
	memo  stampTable // (constituent, node, child) -> 1 if it held, 0 if not
	// the first test of a run is kept here and goes to memo only with a
	// second: a line started at every position mostly tests once
	firstKey  uint64
	firstVal  bool
	firstUsed bool
	// startThreads is the closure of the start state for startSpec, the
	// same at every start (the marks it leaves are not read again: the
	// walk's closures start new generations)
	startSpec    *LineSpec
	startThreads []lineThread
	best         int32 // best step (the last of the longest match), -1 if none
	bestLen      int
	done         bool // firstmatch found one
	seen         []uint32
	gen          uint32
	// viableTab, when the line has a table for this game, tells the
	// states that can complete a match at each node (line-viable): the
	// walk drops the threads that cannot
	viableTab *viableTable
	tests     int // constituents tested by the search (not remembered)
	// threads and pairs are stacks of the thread lists and next
	// positions of the open levels of lineWalk, one segment each (reused
	// from run to run: allocating them at every step slowed every line
	// query)
	threads []lineThread
	pairs   []linePair
}

// maxLineDepth bounds how deep one line evaluation walks: every step
// consumes a position, and a game tree has at most a few thousand.
const maxLineDepth = 1 << 16

// runLine evaluates line filter li at the current position. It returns
// the length of the longest matching sequence of positions and the last
// position of that sequence.
// With a range, the line holds when that length lies in [lo, hi]: the
// range tests the longest match (with firstmatch, the first one found); it
// does not choose among the matches (the official program: `line 2 3 -->
// true{1,5}` holds only where at most 3 positions are left).
func (m *Machine) runLine(li int, lo, hi int) (int, int32, bool) {
	spec := &m.prog.Lines[li]
	start := m.cur
	if spec.NestBan && m.lineUsed(li)[start] {
		return 0, 0, false
	}
	if spec.StartTest && !spec.StartTested && !m.lineMayStart(spec, start) {
		return 0, 0, false
	}
	var viable, pending *viableTable
	if spec.Viable {
		var ok bool
		if ok, viable, pending = m.lineViableAt(li, start); !ok {
			return 0, 0, false
		}
	}
	r := m.lineRun(spec)
	r.viableTab = viable
	if spec.StartTest {
		// the search's first test is the one just made: it finds it
		// remembered, as it would its own
		k := int32(spec.StartFilter)
		r.firstKey, r.firstVal, r.firstUsed = lineKey(spec, k, start, unrestricted), true, true
	}
	savedLin := m.lin
	if spec.FirstMatchWalk {
		m.lineFirst(r, lineFollow(spec.NFA, uint32(spec.NFA.Start)), start, 0)
	} else if r.startSpec != spec {
		r.closure(uint32(spec.NFA.Start), -1)
		r.startSpec, r.startThreads = spec, append(r.startThreads[:0], r.threads...)
	} else {
		r.threads = append(r.threads, r.startThreads...)
	}
	if !spec.FirstMatchWalk {
		m.lineWalk(r, start, 0, len(r.threads), 0)
	}
	if pending != nil {
		pending.work += r.tests
		pending.searches++
	}
	m.lin = savedLin
	m.setCur(start)
	if r.best < 0 || spec.HasRange && (r.bestLen < lo || r.bestLen > hi) {
		m.line.runFree = r
		return 0, 0, false
	}
	// r is given back last: a line inside a constituent replayed for
	// its comments takes a state of its own
	path := r.pathOf(r.best)
	m.lineComments(spec, path)
	if spec.NestBan {
		used := m.lineUsed(li)
		for _, s := range path {
			used[s.node] = true
		}
	}
	m.lin = savedLin
	m.setCur(start)
	m.line.runFree = r
	return r.bestLen, path[len(path)-1].node, true
}

// lineMayStart tests the start filter of spec at start, as the search
// would test it first (runLine hands the search the result): a start
// where it fails has no match. Its comments are dropped as the search
// drops them.
func (m *Machine) lineMayStart(spec *LineSpec, start int32) bool {
	mark, savedLin := len(m.comments), m.lin
	m.line.muted++
	ok := m.lineTest(spec, int32(spec.StartFilter), start, unrestricted)
	m.line.muted--
	m.comments = m.comments[:mark]
	m.lin = savedLin
	m.setCur(start)
	return ok
}

func (m *Machine) lineRun(spec *LineSpec) *lineRun {
	r := m.line.runFree
	if r == nil {
		r = &lineRun{}
	} else {
		m.line.runFree = nil
	}
	r.memo.reset()
	r.firstUsed = false
	r.spec, r.steps, r.best, r.bestLen, r.done, r.tests = spec, r.steps[:0], -1, 0, false, 0
	r.threads, r.pairs = r.threads[:0], r.pairs[:0]
	if len(r.seen) < len(spec.NFA.Inst) {
		r.seen = make([]uint32, len(spec.NFA.Inst))
		r.gen = 0
	}
	return r
}

// closure appends pc and every state reachable from it without consuming
// a position to r.threads (each state once per generation).
func (r *lineRun) closure(pc uint32, path int32) {
	r.gen++
	if r.gen == 0 { // wrapped: reset the marks
		for i := range r.seen {
			r.seen[i] = 0
		}
		r.gen = 1
	}
	r.add(pc, path)
}

func (r *lineRun) add(pc uint32, path int32) {
	if r.seen[pc] == r.gen {
		return
	}
	r.seen[pc] = r.gen
	in := r.spec.NFA.Inst[pc]
	switch in.Op {
	case nfa.Jmp:
		r.add(in.Out, path)
	case nfa.Split:
		r.add(in.Out, path)
		r.add(in.Arg, path)
	case nfa.Filter, nfa.Match:
		r.threads = append(r.threads, lineThread{pc, path})
	}
}

// lineWalk consumes node with the threads waiting for it, r.threads[lo:hi],
// and walks on to the next positions, depth first (mainline continuation
// first). It leaves r.threads and r.pairs as long as it found them.
func (m *Machine) lineWalk(r *lineRun, node int32, lo, hi int, length int) {
	if r.done {
		return
	}
	base, pbase := len(r.threads), len(r.pairs)
	inst := r.spec.NFA.Inst
	for i := lo; i < hi; i++ {
		t := r.threads[i]
		if inst[t.pc].Op == nfa.Match {
			r.record(t.path, length)
		} else if r.viable(t.pc, node) {
			r.threads = append(r.threads, t)
		}
	}
	wlo, whi := base, len(r.threads)
	if wlo == whi || r.done || length >= maxLineDepth {
		r.threads = r.threads[:base]
		return
	}
	r.pairs = m.lineNext(r.pairs, r.spec, node)
	if len(r.pairs) == pbase {
		// the line ends here; forward, linearization leaves no move
		// from this position
		nx := linePair{child: -1, to: -1}
		if r.spec.Backward {
			nx.child = unrestricted
		}
		r.pairs = append(r.pairs, nx)
	}
	for j, pend := pbase, len(r.pairs); j < pend; j++ {
		nx := r.pairs[j]
		alo := len(r.threads)
		for i := wlo; i < whi; i++ {
			t := r.threads[i]
			k := int32(inst[t.pc].Arg)
			if !m.lineEval(r, k, node, nx.child) {
				continue
			}
			step := int32(len(r.steps))
			r.steps = append(r.steps, lineStep{k: k, node: node, child: nx.child, prev: t.path})
			// a thread list that already holds states of this step
			// keeps each state once, the first path winning
			if len(r.threads) == alo {
				r.closure(inst[t.pc].Out, step)
			} else {
				r.add(inst[t.pc].Out, step)
			}
		}
		ahi := len(r.threads)
		if ahi == alo {
			continue
		}
		if nx.to < 0 {
			for _, t := range r.threads[alo:ahi] {
				if inst[t.pc].Op == nfa.Match {
					r.record(t.path, length+1)
				}
			}
		} else {
			m.lineWalk(r, nx.to, alo, ahi, length+1)
		}
		r.threads = r.threads[:alo]
		if r.done {
			break
		}
	}
	r.threads, r.pairs = r.threads[:base], r.pairs[:pbase]
}

// lineFirst is the search of a line-first-match line: the state pc
// (a Filter or Match) at node after length positions, depth first in
// the order of lineWalk, stopping at the first match, which it records.
// r.steps holds the positions consumed so far, each step's prev the one
// before it.
func (m *Machine) lineFirst(r *lineRun, pc uint32, node int32, length int) bool {
	inst := r.spec.NFA.Inst
	if inst[pc].Op == nfa.Match {
		r.record(int32(len(r.steps))-1, length)
		return length >= 1
	}
	if inst[pc].Op != nfa.Filter || !r.viable(pc, node) || length >= maxLineDepth {
		return false
	}
	k, next := int32(inst[pc].Arg), lineFollow(r.spec.NFA, inst[pc].Out)
	base := len(r.pairs)
	r.pairs = m.lineNext(r.pairs, r.spec, node)
	if len(r.pairs) == base {
		// the line ends here: linearization leaves no move from it
		r.pairs = append(r.pairs, linePair{child: -1, to: -1})
	}
	found := false
	for j := base; j < len(r.pairs) && !found; j++ {
		nx := r.pairs[j]
		if !m.lineEval1(r, k, node, nx.child) {
			continue
		}
		r.steps = append(r.steps, lineStep{k: k, node: node, child: nx.child, prev: int32(len(r.steps)) - 1})
		if nx.to >= 0 {
			found = m.lineFirst(r, next, nx.to, length+1)
		} else if inst[next].Op == nfa.Match {
			r.record(int32(len(r.steps))-1, length+1)
			found = true
		}
		if !found {
			r.steps = r.steps[:len(r.steps)-1]
		}
	}
	r.pairs = r.pairs[:base]
	return found
}

// lineFollow is the state pc stands for, past its jumps.
func lineFollow(p *nfa.Prog, pc uint32) uint32 {
	for p.Inst[pc].Op == nfa.Jmp {
		pc = p.Inst[pc].Out
	}
	return pc
}

// lineEval1 is lineEval for a walk that tests each constituent at each
// position and move once (lineFirst): nothing is remembered but the
// start test runLine hands it.
func (m *Machine) lineEval1(r *lineRun, k, node, child int32) bool {
	if r.spec.Always[k] {
		return true
	}
	if r.firstUsed && lineKey(r.spec, k, node, child) == r.firstKey {
		return r.firstVal
	}
	return m.lineTestMuted(r, k, node, child)
}

// lineTestMuted tests constituent k at node for a search, counting the
// test and dropping the comments it makes.
func (m *Machine) lineTestMuted(r *lineRun, k, node, child int32) bool {
	r.tests++
	mark := len(m.comments)
	m.line.muted++
	v := m.lineTest(r.spec, k, node, child)
	m.line.muted--
	m.comments = m.comments[:mark]
	return v
}

// record notes a match ending with step path of the given length.
func (r *lineRun) record(path int32, length int) {
	if length < 1 || path < 0 {
		return
	}
	if length > r.bestLen {
		r.best, r.bestLen = path, length
	}
	if r.spec.FirstMatch {
		r.done = true
	}
}

// pathOf lists the steps of a match, first to last.
func (r *lineRun) pathOf(last int32) []lineStep {
	var out []lineStep
	for s := last; s >= 0; s = r.steps[s].prev {
		out = append(out, r.steps[s])
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// linePair is a next position: the child the move goes to (for
// linearization) and the position reached (a grandchild with singlecolor).
type linePair struct{ child, to int32 }

// lineNext appends to out the positions a line may go to after node.
func (m *Machine) lineNext(out []linePair, s *LineSpec, node int32) []linePair {
	t := m.tree
	if s.Backward {
		p := t.Nodes[node].Parent
		if p >= 0 && s.SingleColor {
			p = t.Nodes[p].Parent
		}
		if p < 0 {
			return out
		}
		// looking back, move filters are not linearized: they see every
		// move from the positions the line goes back through (the official
		// program: `line <-- true <-- move to e4` matches after 1.d4 in
		// `1.e4 (1.d4)`)
		return append(out, linePair{child: unrestricted, to: p})
	}
	for c := t.Nodes[node].FirstChild; c >= 0; c = t.Nodes[c].NextSibling {
		primary := c == t.Nodes[node].FirstChild
		if s.Primary && !primary || s.Secondary && primary {
			continue
		}
		if !s.SingleColor {
			out = append(out, linePair{child: c, to: c})
			continue
		}
		if t.Nodes[c].FirstChild < 0 {
			// the line ends after this move, which the last
			// constituent still sees
			out = append(out, linePair{child: c, to: -1})
		}
		for g := t.Nodes[c].FirstChild; g >= 0; g = t.Nodes[g].NextSibling {
			out = append(out, linePair{child: c, to: g})
		}
	}
	return out
}

// unrestricted, as a linearization child, leaves every move from the
// node available.
const unrestricted = -2

// lineEval tests constituent k at node, with the game's moves from node
// restricted to the one to child (linearization). Results are memoised;
// comments made while testing are dropped (the winning match is replayed
// for its comments).
func (m *Machine) lineEval(r *lineRun, k, node, child int32) bool {
	if r.spec.Always[k] {
		return true
	}
	key := lineKey(r.spec, k, node, child)
	if r.firstUsed {
		if key == r.firstKey {
			return r.firstVal
		}
		if v, ok := r.memo.get(key); ok {
			return v != 0
		}
	}
	v := m.lineTestMuted(r, k, node, child)
	if !r.firstUsed {
		r.firstKey, r.firstVal, r.firstUsed = key, v, true
	} else {
		r.memo.put(key, boolInt32(v))
	}
	return v
}

// lineKey is the memo key of the test of constituent k at node with the
// moves from node restricted to child, which matters only to a
// constituent that linearization restricts.
func lineKey(s *LineSpec, k, node, child int32) uint64 {
	if !s.Lin[k] {
		return uint64(k)<<48 | uint64(uint32(node))<<24 | 0xFFFFFF
	}
	return uint64(k)<<48 | uint64(uint32(node))<<24 | uint64(uint32(child+1)&0xFFFFFF)
}

// lineTest runs the test of constituent k at node.
func (m *Machine) lineTest(s *LineSpec, k, node, child int32) bool {
	m.setCur(node)
	m.lin = linState{active: child != unrestricted, node: node, child: child}
	return m.run(s.Subs[k])
}

// lineComments replays the winning match so that the comments of its
// constituents are kept, and adds the line's own start and end comments.
func (m *Machine) lineComments(s *LineSpec, path []lineStep) {
	said := len(m.messages) // the search printed the messages already
	for _, st := range path {
		m.lineTest(s, st.k, st.node, st.child)
	}
	m.messages = m.messages[:said]
	if s.Quiet || len(path) == 0 {
		return
	}
	first, last := path[0].node, path[len(path)-1].node
	m.startEndComments(s.Name, first, last, len(path), "", "")
}

// startEndComments marks the first and last positions of a line or path.
// The end comment is made first: the official program's comments come in
// that order (visible in the "id:N" marks that moveText adds).
// A title (path title "T") starts the start comment.
func (m *Machine) startEndComments(name string, first, last int32, length int, extra, title string) {
	if m.line.muted > 0 {
		return
	}
	// built in one buffer rather than formatted or concatenated: a line
	// or path tried from every position comments at most of them
	b := append(m.textBuf[:0], "End "...)
	b = append(b, name...)
	b = append(b, " of length "...)
	b = strconv.AppendInt(b, int64(length), 10)
	b = append(b, " that starts at "...)
	b = append(m.appendMoveText(b, first), extra...)
	m.addComment(Comment{Node: last, Text: string(b)})
	b = b[:0]
	if title != "" {
		b = append(append(b, title...), ' ')
	}
	b = append(b, "Start "...)
	b = append(b, name...)
	b = append(b, " that ends at "...)
	b = m.appendMoveText(b, last)
	m.addComment(Comment{Node: first, Text: string(b)})
	m.textBuf = b[:0]
}

// moveText names a position the way the official program's comments do:
// "move 7(btm)", and for a position inside a variation "move 7(btm)[42]"
// with its positionid, which it also writes at that position ("id:42").
func (m *Machine) moveText(node int32) string {
	return string(m.appendMoveText(nil, node))
}

// appendMoveText appends moveText(node) to b.
func (m *Machine) appendMoveText(b []byte, node int32) []byte {
	if m.tree.Nodes[node].Depth > 0 {
		m.addComment(Comment{Node: node, Text: "id:" + strconv.Itoa(int(node))})
	}
	return m.appendPositionName(b, node)
}

// positionName is "move 7(btm)", or "move 7(btm)[42]" for a position in a
// variation (42 being its positionid).
func (m *Machine) positionName(node int32) string {
	return string(m.appendPositionName(nil, node))
}

// appendPositionName appends positionName(node) to b.
func (m *Machine) appendPositionName(b []byte, node int32) []byte {
	var n int64
	side := "wtm"
	m.visit(node, func() {
		n, _ = m.infoNum(InfoMoveNumber)
		if v, _ := m.infoNum(InfoSideToMove); v < 0 {
			side = "btm"
		}
	})
	b = append(b, "move "...)
	b = strconv.AppendInt(b, n, 10)
	b = append(append(append(b, '('), side...), ')')
	if m.tree.Nodes[node].Depth > 0 {
		b = append(b, '[')
		b = append(strconv.AppendInt(b, int64(node), 10), ']')
	}
	return b
}

// lineUsed is the per-game nestban record of line li.
func (m *Machine) lineUsed(li int) []bool {
	for len(m.line.used) <= li {
		m.line.used = append(m.line.used, nil)
	}
	u := m.line.used[li]
	if len(u) != len(m.tree.Nodes) || m.line.usedGame[li] != m.gameSerial {
		if cap(u) < len(m.tree.Nodes) {
			u = make([]bool, len(m.tree.Nodes))
		}
		u = u[:len(m.tree.Nodes)]
		clear(u)
		m.line.used[li] = u
		for len(m.line.usedGame) <= li {
			m.line.usedGame = append(m.line.usedGame, 0)
		}
		m.line.usedGame[li] = m.gameSerial
	}
	return u
}

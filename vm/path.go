package vm

import (
	"slices"
	"strconv"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/vm/nfa"
)

// PathSpec adds what `path` needs to a LineSpec: its constituents are
// moves (nfa.Filter: the subroutine tests the move from the head position
// to m.path.child) and tests (nfa.Test: at the position reached so far).
type PathSpec struct {
	Focus        int  // entry of the subroutine computing the focus set, -1 for none
	FocusCapture bool // captures of focused pieces are focused moves too
	Pure         bool // the constituents change no variables: states can be memoised
	// UsesCount: a constituent reads pathcount, so what follows a state
	// depends on the number of moves made to reach it
	UsesCount bool
	Atomic    []int
	// Vars are the slots of the query's variables, sorted: what a state
	// of an impure path's search depends on besides (pc, node). The
	// other slots are the temporaries of one constituent's evaluation.
	Vars []int
	// Max is the entry of the value subroutine of the parameter max, -1
	// for none: the path whose last position gives it the greatest value
	// wins, and that value is the path's
	Max int
	// Title (path title "T") starts the path's start comment: "T Start
	// path that ends at ..." (observed in the official program; the end
	// comment has none)
	Title string
}

// maxPathSteps bounds the work of one path evaluation (a safety net: the
// search memoises its states).
const maxPathSteps = 1 << 22

// pathStep is a constituent that held along a path: a move test (child
// >= 0, from node) or a position test at node (child < 0), with the
// number of moves made before it.
type pathStep struct {
	k           int32
	node, child int32
	length      int32
	view        castleView // a test: the castling pieces of the last move (pathMoveMatches)
}

// OpPathPosition X: which position.
const (
	PathStart = 0
	PathLast  = 1
)

// pathState is the machine's state for path filters (Machine.path).
type pathState struct {
	child int32 // the move a path constituent tests (its tail node)
	// castle is the castling pieces the last OpPathMove matched.
	castle castleView
	// count is pathcount: the moves of the path so far, or outside a
	// path the length of the last path that matched (-1: none yet)
	count int
	// focus holds the focused pieces (bit id-1) of the path whose
	// constituent runs, when focusOn
	focus   uint64
	focusOn bool
	// start is the start of the path being searched (-1 outside one);
	// last the start and last position of the last matching path
	start   int32
	last    [2]int32
	runFree []*pathRun // spare path evaluation states (paths nest)
}

// newGame forgets the paths of the game before; the spare evaluation
// states stay.
func (p *pathState) newGame() {
	p.focusOn = false
	p.start, p.last, p.count = -1, [2]int32{-1, -1}, -1
}

type pathRun struct {
	spec     *LineSpec
	best     int   // the length of the winning path
	value    int64 // with max, its value
	bestLast int32
	bestPath []pathStep
	stack    []pathStep
	moves    []pathStep // the candidate moves of the open search levels, one segment each
	seen     stampTable // (pc, node) -> longest arrival length explored
	// seenState is seen for paths with side effects: the search from a
	// state depends on the variables too, so they are part of the key
	seenState stateTable
	memo      stampTable // (constituent, node, child) -> 1 if it held, 0 if not
	focus     uint64     // the identities of the focused pieces (bit id-1)
	// open are the keys (pc, view, node) of the states pathSearch is
	// inside, in order. Only states at the same node can make a loop
	// (every move goes to a child), and those are the top of open.
	open   []uint64
	atomic []uint64
	side   bitboard.Color // the side to move at the start (singlecolor)
	steps  int
	done   bool
}

// runPath evaluates path filter li at the current position: the longest
// sequence of moves from it matching the constituents.
// With a range, the path holds when its value (its length, or max's
// value) lies in [lo, hi]: the range does not choose among the paths (the
// official program: `path 2 3 --{1,5}` holds only where 2 or 3 moves are
// left, `path 5 5 max 5 --{1,4}` wherever a move is).
func (m *Machine) runPath(li int, lo, hi int) (int, int32, bool) {
	spec := &m.prog.Lines[li]
	start := m.cur
	if spec.NestBan && m.lineUsed(li)[start] {
		return 0, 0, false
	}
	r := m.newPathRun(spec)
	r.side = m.tree.Nodes[start].Pos.Side
	savedAtomic := m.saveAtomic(spec)
	// a path inside a constituent of another (in a dash's side, say)
	// leaves the outer one's state as it found it
	savedLin, savedStart, savedCount := m.lin, m.path.start, m.path.count
	savedChild, savedCastle, savedFocus, savedFocusOn := m.path.child, m.path.castle, m.path.focus, m.path.focusOn
	// (no defers: they were a noticeable part of a path started at
	// every position)
	done := func() {
		m.path.child, m.path.castle, m.path.focus, m.path.focusOn = savedChild, savedCastle, savedFocus, savedFocusOn
		m.path.runFree = append(m.path.runFree, r)
	}
	m.lin.active = false
	m.path.start = start
	m.focusOn(r, start)
	m.pathSearch(r, uint32(spec.NFA.Start), start, 0, viewBoth)
	m.setCur(start)
	m.lin, m.path.count, m.path.start = savedLin, savedCount, savedStart
	value := int64(r.best)
	if spec.Path.Max >= 0 {
		value = r.value
	}
	if r.bestLast < 0 || spec.HasRange && (value < int64(lo) || value > int64(hi)) {
		m.restoreAtomic(spec, savedAtomic)
		done()
		return 0, 0, false
	}
	m.restoreAtomic(spec, r.atomic)
	m.pathComments(r, start)
	if spec.NestBan {
		// no later path of this filter starts inside this one: at its
		// start or at a position after it up to its last, the positions
		// passed over by a focus included; the last position may start
		// one (the official program: `path nestban -- --` matches at
		// every other position)
		used := m.lineUsed(li)
		for n := m.tree.Nodes[r.bestLast].Parent; n >= 0; n = m.tree.Nodes[n].Parent {
			used[n] = true
			if n == start {
				break
			}
		}
	}
	// outside the path, pathcount is the length of the last path that
	// matched (the official program: `{path (-- check)+} pathcount >= 5`)
	m.path.count = r.best
	m.path.last = [2]int32{start, r.bestLast}
	m.setCur(start)
	done()
	return int(value), r.bestLast, true
}

// pathMoveMatches tests the move to child c against a dash of the path
// (OpPathMove) and says which pieces of a castling move it matched: the
// king when its squares are in from and to, the rook likewise, both when
// both fit; in a focused path only focused pieces count (the official
// program: after o-o, `path focus R -- #to == 1`, `path focus K R--`
// fails), and from and to keep describing them up to the next move.
func (m *Machine) pathMoveMatches(spec *MoveSpec, promote uint16, c int32, from, to bitboard.Set) (castleView, bool) {
	n := &m.tree.Nodes[c]
	mv := &n.Move
	primary := m.tree.Nodes[n.Parent].FirstChild == c
	if !mv.Is(bitboard.FlagCastle) {
		if spec.Require&MustCapture != 0 { // F[x]G: G holds the captured piece (e.p. too)
			return viewBoth, m.moveMatches(spec, promote, mv, from, bitboard.Full, to, primary)
		}
		return viewBoth, m.moveMatches(spec, promote, mv, from, to, bitboard.Full, primary)
	}
	if !m.moveMatches(spec, promote, mv, bitboard.Full, bitboard.Full, bitboard.Full, primary) {
		return viewBoth, false
	}
	king := from.Has(mv.From) && to.Has(mv.To)
	rook := spec.CastleEither && from.Has(mv.RookFrom) && to.Has(mv.RookTo)
	if m.path.focusOn {
		ids := &m.pieceIDs.of[n.Parent]
		isFocused := func(sq bitboard.Square) bool {
			id := ids[sq]
			return id != 0 && m.path.focus&(1<<(id-1)) != 0
		}
		king = king && isFocused(mv.From)
		rook = rook && isFocused(mv.RookFrom)
	}
	switch {
	case king && rook:
		return viewBoth, true
	case king:
		return viewKing, true
	case rook:
		return viewRook, true
	}
	return viewBoth, false
}

// pathSearch follows the pattern from instruction pc at node after
// length moves, the last of which matched the castling pieces view.
func (m *Machine) pathSearch(r *pathRun, pc uint32, node int32, length int, view castleView) {
	if r.done {
		return
	}
	r.steps++
	if r.steps > maxPathSteps {
		r.done = true
		return
	}
	in := r.spec.NFA.Inst[pc]
	// a move constituent's candidate moves come first: where there are
	// none (a path started at every position, whose first move is not
	// there, mostly) nothing follows, and the state need not be noted,
	// since any later arrival finds none either (one at length 0 sees
	// fewer moves than one later, one later the same moves)
	mstart := len(r.moves)
	if in.Op == nfa.Filter {
		m.pathMoves(r, node, length == 0, 0)
		if len(r.moves) == mstart {
			return
		}
	}
	key := uint64(pc)<<34 | uint64(view)<<32 | uint64(uint32(node))
	p := &r.spec.Path
	// with max, a shorter arrival may give a greater value or win a tie
	byLength := p.UsesCount || p.Max >= 0
	switch {
	case r.spec.Linear:
		// each state is reached once at each position: nothing to note
	case p.Pure && !byLength:
		if l, ok := r.seen.get(key); ok && int(l) >= length {
			r.moves = r.moves[:mstart]
			return
		}
		r.seen.put(key, int32(length))
	case len(m.dicts.tables) == 0:
		// what follows depends on (pc, node), the variables and (with
		// pathcount) the length so far: an arrival no longer than one
		// already explored in the same state finds nothing new (ambiguous
		// patterns would otherwise explore exponentially many
		// decompositions)
		var vars uint64
		if !p.Pure {
			vars = m.variableHash(p.Vars)
		}
		if byLength {
			vars = (vars ^ uint64(length)) * 1099511628211
		}
		sk := stateKey{key, vars}
		if l, ok := r.seenState.get(sk); ok && int(l) >= length {
			r.moves = r.moves[:mstart]
			return
		}
		r.seenState.put(sk, int32(length))
	}
	if !r.spec.Linear && r.isOpen(key, node) {
		r.moves = r.moves[:mstart]
		return // an empty loop: nothing new down this way
	}
	r.open = append(r.open, key)
	switch in.Op {
	case nfa.Match:
		m.pathRecord(r, node, length, view)
	case nfa.Jmp:
		m.pathSearch(r, in.Out, node, length, view)
	case nfa.Split:
		saved := m.saveAtomic(r.spec)
		m.pathSearch(r, in.Out, node, length, view)
		m.restoreAtomic(r.spec, saved)
		m.pathSearch(r, in.Arg, node, length, view)
	case nfa.Test:
		if _, ok := m.pathTest(r, int32(in.Arg), node, -1, length, view); ok {
			r.stack = append(r.stack, pathStep{k: int32(in.Arg), node: node, child: -1, length: int32(length), view: view})
			m.pathSearch(r, in.Out, node, length, view)
			r.stack = r.stack[:len(r.stack)-1]
		}
	case nfa.Filter:
		k := int32(in.Arg)
		start, end := mstart, len(r.moves)
		for i := start; i < end; i++ {
			mv := r.moves[i] // by index: deeper levels append to r.moves
			moved, ok := m.pathTest(r, k, mv.node, mv.child, length, viewBoth)
			if !ok {
				continue
			}
			r.stack = append(r.stack, pathStep{k: k, node: mv.node, child: mv.child, length: int32(length)})
			m.pathSearch(r, in.Out, mv.child, length+1, moved)
			r.stack = r.stack[:len(r.stack)-1]
			if r.done {
				break
			}
		}
		r.moves = r.moves[:start]
	}
	r.open = r.open[:len(r.open)-1]
}

// isOpen reports whether the search is inside state key at node already:
// it looks at the open states of node, the top of r.open.
func (r *pathRun) isOpen(key uint64, node int32) bool {
	for i := len(r.open) - 1; i >= 0 && int32(uint32(r.open[i])) == node; i-- {
		if r.open[i] == key {
			return true
		}
	}
	return false
}

// pathRecord notes a complete match of length moves ending at node. The
// longest wins, with firstmatch the shortest (the first a search by length
// finds: the official program's `path firstmatch --{2,5}` has length 2, and
// `path firstmatch --|(-- --)` and `(-- --)|--` length 1); with max, the one giving the max filter the greatest
// value at its last position, and of those the shortest (the official
// program: `path max 5 --{1,4}` takes one move), a path where the max
// filter fails being no match.
func (m *Machine) pathRecord(r *pathRun, node int32, length int, view castleView) {
	s := r.spec
	if length < 1 {
		return
	}
	if s.Path.Max >= 0 {
		v, ok := m.pathMax(r, node, length, view)
		if !ok {
			return
		}
		if r.bestLast < 0 || v > r.value || v == r.value && length < r.best {
			r.value, r.best, r.bestLast = v, length, node
			r.bestPath = append(r.bestPath[:0], r.stack...)
			r.atomic = m.saveAtomic(s)
		}
	} else if s.FirstMatch && (r.bestLast < 0 || length < r.best) || !s.FirstMatch && length > r.best {
		r.best, r.bestLast = length, node
		r.bestPath = append(r.bestPath[:0], r.stack...)
		r.atomic = m.saveAtomic(s)
	}
}

// pathMax evaluates the max filter at the last position of a path of
// length moves (its comments are dropped).
func (m *Machine) pathMax(r *pathRun, node int32, length int, view castleView) (int64, bool) {
	mark := len(m.comments)
	m.setCur(node)
	m.castleView = view
	m.path.child, m.path.count = -1, length
	m.path.focus, m.path.focusOn = r.focus, r.spec.Path.Focus >= 0
	ok := m.run(r.spec.Path.Max)
	m.comments = m.comments[:mark]
	return int64(m.ret), ok
}

// pathMoves appends to r.moves the moves a path may take next from head:
// the children (only the first with primary), passing over moves of
// unfocused pieces between two focused moves. The first move of a path is
// never passed over: a focused path starts with a focused move (the
// official program finds `path focus K K-- K--` only where the king moves
// next).
func (m *Machine) pathMoves(r *pathRun, head int32, first bool, depth int) {
	t := m.tree
	for c := t.Nodes[head].FirstChild; c >= 0; c = t.Nodes[c].NextSibling {
		if r.spec.Primary && c != t.Nodes[head].FirstChild {
			continue
		}
		if m.focused(r, head, c) {
			r.moves = append(r.moves, pathStep{node: head, child: c})
		} else if !first && depth < maxLineDepth {
			m.pathMoves(r, c, first, depth+1)
		}
	}
}

// focusOn records the focused pieces: focus.html, "The pieces that are
// on those squares at the start of the ⊢ evaluation are called the
// focused pieces", followed by identity (through promotion too).
func (m *Machine) focusOn(r *pathRun, start int32) {
	if r.spec.Path.Focus < 0 {
		return
	}
	set, _ := m.runValue(r.spec.Path.Focus)
	m.setCur(start)
	ids := &m.pieceIDs.of[start]
	for s := set; s != 0; s &= s - 1 {
		if id := ids[s.First()]; id != 0 {
			r.focus |= 1 << (id - 1)
		}
	}
}

// focused reports whether the move head->child counts for the path: a
// move of a focused piece (castling: of the king or the rook), or with
// focus capture the capture of one.
func (m *Machine) focused(r *pathRun, head, child int32) bool {
	s := r.spec
	if s.SingleColor && m.tree.Nodes[head].Pos.Side != r.side {
		return false // singlecolor: only the moves of the side to move at the start
	}
	if s.Path.Focus < 0 {
		return true
	}
	mv := &m.tree.Nodes[child].Move
	if mv.Is(bitboard.FlagNull) {
		return false
	}
	ids := &m.pieceIDs.of[head]
	isFocused := func(sq bitboard.Square) bool {
		id := ids[sq]
		return id != 0 && r.focus&(1<<(id-1)) != 0
	}
	if isFocused(mv.From) || mv.Is(bitboard.FlagCastle) && isFocused(mv.RookFrom) {
		return true
	}
	if s.Path.FocusCapture {
		if cs := mv.CaptureSquare(); cs != bitboard.NoSquare && isFocused(cs) {
			return true
		}
	}
	return false
}

// pathTest runs constituent k: a move test (child >= 0) from head node,
// which gives the castling pieces it matched, or a position test at node
// where from and to describe the castling pieces view.
func (m *Machine) pathTest(r *pathRun, k, node, child int32, length int, view castleView) (castleView, bool) {
	key := uint64(k)<<50 | uint64(view)<<48 | uint64(uint32(node))<<24 | uint64(uint32(child+1)&0xFFFFFF)
	// a linear path tests each constituent once at each position
	memo := r.spec.Path.Pure && !r.spec.Path.UsesCount && !r.spec.Linear
	if memo {
		if v, ok := r.memo.get(key); ok {
			return castleView(max(v-1, 0)), v != 0
		}
	}
	mark := len(m.comments)
	m.pathEnter(r, node, child, length, view)
	v := m.run(r.spec.Subs[k])
	moved := m.path.castle
	m.comments = m.comments[:mark]
	if memo {
		if v {
			r.memo.put(key, 1+int32(moved))
		} else {
			r.memo.put(key, 0)
		}
	}
	return moved, v
}

// pathEnter sets the machine up for a constituent of path r at node.
func (m *Machine) pathEnter(r *pathRun, node, child int32, length int, view castleView) {
	m.setCur(node)
	m.castleView = view
	m.path.child = child
	m.path.count = length
	m.path.castle = viewBoth
	m.path.focus, m.path.focusOn = r.focus, r.spec.Path.Focus >= 0
}

// pathComments replays the winning path for its constituents' comments
// (the search drops them) and adds the path's start and end comments.
// The replay must not change variables a second time: they are restored.
func (m *Machine) pathComments(r *pathRun, start int32) {
	s := r.spec
	if len(r.bestPath) == 0 {
		return
	}
	var slots []uint64
	var bound []bool
	if !s.Path.Pure {
		slots, bound = slices.Clone(m.slots), slices.Clone(m.bound)
	}
	savedStart, said := m.path.start, len(m.messages)
	m.path.start = start
	for _, st := range r.bestPath {
		m.pathEnter(r, st.node, st.child, int(st.length), st.view)
		m.run(s.Subs[st.k])
	}
	// the search printed the messages already
	m.path.start, m.path.count, m.messages = savedStart, 0, m.messages[:said]
	if slots != nil {
		copy(m.slots, slots)
		copy(m.bound, bound)
	}
	first := r.bestPath[0].node
	if !s.Quiet {
		extra := ""
		if s.Path.Max >= 0 {
			extra = " Max value: " + strconv.FormatInt(r.value, 10)
		}
		m.startEndComments("path", first, r.bestLast, r.best, extra, s.Path.Title)
	}
}

// pathUnfocused is pathcountunfocused: the moves from the start of the
// path to the current position that the path passed over, that is all of
// them less pathcount (the official program: 0 in `path -- --`, 1 after
// Q-- -- Q-- with focus Q); outside a path, from the start of the last
// path that matched, less its length (so -length at its start).
func (m *Machine) pathUnfocused() (int, bool) {
	start := m.path.start
	if start < 0 {
		start = m.path.last[0]
	}
	if start < 0 || m.path.count < 0 {
		return 0, false
	}
	return int(m.tree.Nodes[m.cur].Ply-m.tree.Nodes[start].Ply) - m.path.count, true
}

// pathPosition is the start or last position (what) of the path being
// searched, or else of the last path that matched; -1 if none.
func (m *Machine) pathPosition(what uint8) int32 {
	if what == PathStart && m.path.start >= 0 {
		return m.path.start
	}
	return m.path.last[what]
}

func (m *Machine) saveAtomic(s *LineSpec) []uint64 {
	if len(s.Path.Atomic) == 0 {
		return nil
	}
	out := make([]uint64, 2*len(s.Path.Atomic))
	for i, slot := range s.Path.Atomic {
		out[2*i] = m.slots[slot]
		if m.bound[slot] {
			out[2*i+1] = 1
		}
	}
	return out
}

func (m *Machine) restoreAtomic(s *LineSpec, saved []uint64) {
	for i, slot := range s.Path.Atomic {
		if 2*i+1 < len(saved) {
			m.slots[slot], m.bound[slot] = saved[2*i], saved[2*i+1] == 1
		}
	}
}

// runValue runs a value subroutine (ending in OpReturn) at the current
// position and returns the set it left.
func (m *Machine) runValue(entry int) (bitboard.Set, bool) {
	ok := m.run(entry)
	return bitboard.Set(m.ret), ok
}

// stateKey is a search state of a path with side effects: (pc, node) and
// a hash of the variables.
type stateKey struct{ at, vars uint64 }

// variableHash hashes the values of the variables in slots vars
// (FNV-1a).
func (m *Machine) variableHash(vars []int) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for _, i := range vars {
		h = (h ^ m.slots[i]) * prime
		if m.bound[i] {
			h = (h ^ 1) * prime
		}
		s := m.sslots[i]
		for k := 0; k < len(s); k++ {
			h = (h ^ uint64(s[k])) * prime
		}
		h = (h ^ 0xff) * prime
	}
	return h
}

// newPathRun returns a cleared evaluation state, reusing one from an
// earlier evaluation: making its maps anew at every position was a
// quarter of the time of a path query.
func (m *Machine) newPathRun(spec *LineSpec) *pathRun {
	n := len(m.path.runFree)
	if n == 0 {
		r := &pathRun{spec: spec, bestLast: -1}
		r.seen.reset()
		r.seenState.reset()
		r.memo.reset()
		return r
	}
	r := m.path.runFree[n-1]
	m.path.runFree = m.path.runFree[:n-1]
	// field by field: the tables and slices keep their storage (a
	// composite literal assignment cost a few hundred instructions)
	r.spec, r.best, r.value, r.bestLast = spec, 0, 0, -1
	r.bestPath, r.stack, r.moves, r.open = r.bestPath[:0], r.stack[:0], r.moves[:0], r.open[:0]
	r.focus, r.atomic, r.side, r.steps, r.done = 0, nil, 0, 0, false
	r.seen.reset()
	r.seenState.reset()
	r.memo.reset()
	return r
}

func boolInt32(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

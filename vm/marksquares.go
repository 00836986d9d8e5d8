package vm

import "github.com/cqlvm/cqlvm/bitboard"

// Matched squares: the squares a query was about at a matched position,
// for a board to show (the server's page). A machine marks them only
// when asked (MarkSquares) and only while it runs a program made by
// Program.Traced, whose every instruction goes through OpTrace: the
// programs of ordinary runs pay nothing for it.
//
// What is marked, at the matched position itself (not at positions a
// line, echo or find moved to), from the filters run while it was
// evaluated:
//   - pin: the pinning piece, the pinned piece and what it shields;
//   - ray: the start, the squares between and the end of each ray found;
//   - attacks / attackedby: the attackers and the attacked squares;
//   - the variable of a square or piece loop, for each square whose body
//     matched (the loop's result);
//   - move: the from and to squares of each move it found.
// A filter that failed inside an `or`, or under `not`, still marks what
// it found: the marks are the union over the evaluation, not a proof.

// squareMarks is a machine's marking state.
type squareMarks struct {
	on      bool
	node    int32        // the position being matched
	marked  bitboard.Set // marked so far at node
	pending *Inst        // the marking instruction that ran last, to read its result
	nextPC  int          // where it goes on when it succeeds
	args    [3]uint64    // its operands, read before it ran
}

// MarkSquares makes MatchMarked mark squares; the machine must run a
// program made by Program.Traced.
func (m *Machine) MarkSquares(on bool) { m.marks.on = on }

// MatchMarked is Match, and the squares the query was about when the
// position matched (none otherwise, or when MarkSquares is off).
func (m *Machine) MatchMarked(node int32) (bool, bitboard.Set) {
	m.marks.node, m.marks.marked, m.marks.pending = node, 0, nil
	ok := m.Match(node)
	m.marks.pending = nil
	if !ok {
		return false, 0
	}
	return true, m.marks.marked
}

// trace is OpTrace at pc: it records the pc for Fault and, when marking,
// reads the result of the marking instruction before it, then notes pc
// if it is one. It returns the instruction to run.
func (m *Machine) trace(pc int) *Inst {
	m.lastPC = pc
	in := &m.prog.traced[pc]
	if !m.marks.on {
		return in
	}
	if p := m.marks.pending; p != nil {
		m.marks.pending = nil
		if pc == m.marks.nextPC {
			m.markResult(p)
		}
	}
	if m.cur != m.marks.node {
		return in
	}
	if marksSquares(in.Op) {
		m.marks.pending, m.marks.nextPC = in, pc+1+len(opTable[in.Op].Next)
		n := min(3, len(m.st))
		copy(m.marks.args[3-n:], m.st[len(m.st)-n:])
	}
	return in
}

// marksSquares tells the ops whose result markResult reads.
func marksSquares(op Op) bool {
	switch op {
	case OpPin, OpAttacks, OpAttackedBy, OpRay, OpOrInto, OpMoveNext, OpMoveInitNext:
		return true
	}
	return false
}

// markResult marks what instruction in found, once it has run.
func (m *Machine) markResult(in *Inst) {
	top := func() bitboard.Set { return bitboard.Set(m.st[len(m.st)-1]) }
	args := func(i int) bitboard.Set { return bitboard.Set(m.marks.args[i]) }
	var s bitboard.Set
	switch in.Op {
	case OpPin:
		if top() != 0 {
			for _, what := range []uint8{PinFrom, PinThrough, PinTo} {
				s |= pins(m.pos(), args(0), args(1), args(2), what|in.X&PinToGiven)
			}
		}
	case OpAttacks: // a attacks b: the attackers, and what they attack
		r := top()
		s = r | attackedBy(m.pos(), args(2), r)
	case OpAttackedBy: // a attackedby b: the attacked, and who attacks them
		r := top()
		s = r | attacking(m.pos(), args(2), r)
	case OpRay:
		s = m.rayMarks(in)
	case OpOrInto:
		s = bitboard.Set(m.slots[in.B])
	case OpMoveNext, OpMoveInitNext:
		mv := m.currentMove(int(in.A))
		if !mv.Is(bitboard.FlagNull) {
			s = bitboard.SquareSet(mv.From) | bitboard.SquareSet(mv.To)
		}
	}
	m.marks.marked |= s
}

// rayMarks is every square of the rays a ray filter found: each start
// whose rays reach the last set, the squares between and the ends. Its
// operands are read again from the stack, below its result: a ray of
// more than three sets marks only its ends.
func (m *Machine) rayMarks(in *Inst) bitboard.Set {
	if bitboard.Set(m.st[len(m.st)-1]) == 0 {
		return 0
	}
	n := int(in.A & 0xff)
	if n > 3 {
		return bitboard.Set(m.st[len(m.st)-1])
	}
	sets := make([]bitboard.Set, n)
	for i := range sets {
		sets[i] = bitboard.Set(m.marks.args[3-n+i])
	}
	var out bitboard.Set
	for s := sets[0]; s != 0; {
		start := bitboard.SquareSet(s.Pop())
		ends := rays(m.pos(), append([]bitboard.Set{start}, sets[1:]...), in.X, in.A&0x100 != 0)
		if ends != 0 {
			out |= start | ends | between(start, ends)
		}
	}
	return out
}

package vm

import "github.com/cqlvm/cqlvm/bitboard"

// fused runs the fused ops that are not cases of the run loop itself
// (those are the ones inside the hottest loops) (compiler/peephole.go).
// The op in is at pc-1: it
// does the instructions it stands for, reading the operands it needs from
// those after it, and returns the pc to go on at and the steps the
// instructions beyond the first would have counted. It is a method of its
// own so that the run loop's cases stay few: every case added there costs
// all the others registers.
func (m *Machine) fused(in *Inst, code []Inst, pc int) (int, int) {
	switch in.Op {
	case OpNextSquareStore:
		s := bitboard.Set(m.slots[in.A])
		if s == 0 {
			m.checkCancel()
			return int(in.B), 0
		}
		sq := bitboard.SquareSet(s.Pop())
		m.slots[in.A] = uint64(s)
		keep, x := code[pc].A, code[pc+1].A
		m.slots[keep], m.slots[x] = uint64(sq), uint64(sq)
		m.bound[keep], m.bound[x] = true, true
		return pc + 2, 3
	case OpNextPiece:
		s := bitboard.Set(m.slots[in.A])
		if s == 0 {
			m.checkCancel()
			return int(in.B), 0
		}
		sq := s.Pop()
		m.slots[in.A] = uint64(s)
		keep := code[pc].A
		m.slots[keep], m.bound[keep] = uint64(bitboard.SquareSet(sq)), true
		if !m.pos().Occupied.Has(sq) {
			return int(code[pc+1].B), 3 // pieceidat fails
		}
		x := code[pc+2].A
		m.slots[x], m.bound[x] = uint64(m.pieceIDs.of[m.cur][sq]), true
		return pc + 3, 4
	case OpPieceSquareStore:
		if !m.bound[in.A] {
			return int(in.B), 0
		}
		x := code[pc].A
		m.slots[x], m.bound[x] = m.pieceSquare(uint8(m.slots[in.A])), true
		return pc + 1, 1
	case OpMoveInitNext:
		if !m.moveInitNext(int(in.A), int(in.B)) {
			return int(code[pc].B), 1
		}
		return pc + 1, 1
	case OpTruncCJump:
		if n := int(m.slots[in.A]); n < len(m.comments) && !m.AlwaysComment {
			m.comments = m.comments[:n]
		}
		return int(in.B), 1
	case OpGotoVar:
		if !m.bound[in.A] {
			return int(in.B), 0
		}
		node := int32(m.slots[in.A])
		m.slots[code[pc].A] = m.saveCur()
		m.lin.active = false // as savecur: leaving the position leaves any linearization
		m.setCur(node)
		return pc + 2, 2
	}
	panic("vm: not a fused op: " + in.Op.String())
}

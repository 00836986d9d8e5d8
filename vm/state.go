package vm

import (
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
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
	m.reportOnce(pc, func() string {
		return fmt.Sprintf("loop stopped after %d iterations (%d instructions) at position %d: its body never fails", m.iters, m.steps, m.cur)
	})
}

// reportOnce reports the runtime error msg() of the instruction at pc,
// once per game and instruction.
func (m *Machine) reportOnce(pc int, msg func() string) {
	for _, p := range m.reported {
		if p == pc {
			return
		}
	}
	m.reported = append(m.reported, pc)
	if m.Errors != nil {
		m.Errors(m.runtimeText(pc, msg()))
	}
}

// pieceIDs are the game's piece identities per node, when the program
// needs them (Machine.pieceIDs).
type pieceIDs struct {
	of      [][64]uint8 // of[node][square] is the identity of the piece there, 0 for none
	squares [][65]int8  // the inverse: squares[node][id] is the piece's square, -1 when captured
}

// pieceSquare is where the piece with identity id stands now (empty when
// it has been captured).
func (m *Machine) pieceSquare(id uint8) uint64 { return m.pieceSquareAt(m.cur, id) }

// pieceSquareAt is where the piece with identity id stands at node.
func (m *Machine) pieceSquareAt(node int32, id uint8) uint64 {
	row := &m.pieceIDs.squares[node]
	if id == 0 || int(id) >= len(row) {
		return 0
	}
	if sq := row[id]; sq >= 0 {
		return 1 << sq
	}
	return 0
}

// pieceSquares inverts the per-node identity tables of PieceIDs, reusing
// out: a piece loop asks where its piece stands at every position a find,
// echo or line visits, which a search of the 64 squares made the costliest
// step of such queries. A node's row is its parent's with the squares the
// move touched brought up to date.
func pieceSquares(t *Tree, ids [][64]uint8, out [][65]int8) [][65]int8 {
	if cap(out) < len(ids) {
		out = make([][65]int8, len(ids))
	}
	out = out[:len(ids)]
	for i := range ids {
		row := &out[i]
		p := int32(-1)
		if i > 0 {
			p = t.Nodes[i].Parent
		}
		if p < 0 {
			for j := range row {
				row[j] = -1
			}
			for sq, id := range &ids[i] {
				if id != 0 {
					row[id] = int8(sq)
				}
			}
			continue
		}
		*row = out[p]
		mv := &t.Nodes[i].Move
		touched := [...]bitboard.Square{mv.From, mv.To, mv.CaptureSquare(), mv.RookFrom, mv.RookTo}
		for _, sq := range touched {
			if sq >= 0 && sq < 64 {
				if id := ids[p][sq]; id != 0 && row[id] == int8(sq) {
					row[id] = -1
				}
			}
		}
		for _, sq := range touched {
			if sq >= 0 && sq < 64 {
				if id := ids[i][sq]; id != 0 {
					row[id] = int8(sq)
				}
			}
		}
	}
	return out
}

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

// maxIntoKeep stores v in slot best if it is unbound or smaller, and keeps
// the comments made since markc mark only when v is the new best: the
// previous best's comments, which end where this value's begin, go.
func (m *Machine) maxIntoKeep(best, mark int, v int64) {
	start := int(m.slots[mark])
	if m.bound[best] && v <= int64(m.slots[best]) {
		m.comments = m.comments[:start]
		return
	}
	if m.bound[best] {
		prevStart, prevEnd := int(m.slots[mark+1]), int(m.slots[mark+2])
		if prevEnd == start && prevStart <= start {
			n := copy(m.comments[prevStart:], m.comments[start:])
			m.comments = m.comments[:prevStart+n]
			start = prevStart
			m.recountFrom(start)
		}
	}
	m.slots[best], m.bound[best] = uint64(v), true
	m.slots[mark+1], m.slots[mark+2] = uint64(start), uint64(len(m.comments))
}

// assertText describes a failed assertion for the error stream.
func (m *Machine) assertText(pc int) string {
	return m.runtimeText(pc, fmt.Sprintf("assertion failed at position %d", m.cur))
}

// runtimeText is a runtime message about the instruction at pc, with the
// query position it came from and the game.
func (m *Machine) runtimeText(pc int, msg string) string {
	where := ""
	if m.prog.Src != nil && pc < len(m.prog.Spans) {
		line, col := m.prog.Src.Position(int(m.prog.Spans[pc].From))
		where = fmt.Sprintf("%s:%d:%d: ", m.prog.Src.Name, line, col)
	}
	return fmt.Sprintf("%sgame %d: %s", where, m.tree.Number, msg)
}

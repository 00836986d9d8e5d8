package vm

import (
	"math"

	"github.com/cqlvm/cqlvm/bitboard"
)

// echo's walk: OpEchoInit starts it in two slots (the next target, the
// ply window), OpEchoNext and OpEchoNextCur give the targets, skipping
// those the compiler showed would fail the body (the flags below), and
// OpEchoToEnd ends it; OpEchoComment comments each matching pair.

// Flags of OpEchoNext.
const (
	// EchoInAll: the walk includes the current position.
	EchoInAll uint8 = 1 << iota
	// EchoSameBoard: the walk skips positions whose board differs from
	// the current one's, except the last position it would give, so that
	// the target variable ends the walk as it would without skipping. The
	// compiler sets it when the body's first test is `source & target
	// == .`, which such targets fail before the body does anything else.
	EchoSameBoard
	// EchoAfterSource: the walk starts after the current position (the
	// source), except that it still gives the last position it would
	// give. The compiler sets it when the body tests `source < target`
	// with only tests without effect before it, which targets at or
	// before the source fail.
	EchoAfterSource
	// EchoAfterOnly (with EchoAfterSource): the walk gives no target at
	// or before the source; the last position it would give, when it is
	// one, is bound to the target variable (that of the storekeep after
	// the echonext) and the walk ends. The compiler sets it when it
	// leaves the body's `source < target` tests out.
	EchoAfterOnly
	// EchoPlyWindow: the walk skips positions whose ply minus the
	// source's lies outside the window that OpEchoInit stored (its B:
	// EchoWindow), except the last position it would give, as
	// EchoSameBoard does. The compiler sets it when the body's leading
	// tests compare t:ply - s:ply with a constant (`t:ply == s:ply + 4`).
	EchoPlyWindow
)

// EchoWindow packs a ply window [lo, hi] (each clamped to ±EchoWindowMax,
// which stands for no bound) into an OpEchoInit operand.
func EchoWindow(lo, hi int64) int32 {
	clamp := func(v int64) int64 { return max(-EchoWindowMax, min(EchoWindowMax, v)) }
	return int32(uint32(uint16(int16(clamp(lo))))<<16 | uint32(uint16(int16(clamp(hi)))))
}

// EchoWindowMax is the largest bound EchoWindow keeps: beyond it there is
// no bound (a game tree of 32,767 plies is not one a walk meets).
const EchoWindowMax = 32767

func echoWindowBounds(b int32) (lo, hi int32) {
	return int32(int16(uint32(b) >> 16)), int32(int16(uint16(b)))
}

// nextWanted is the first echo target from i on that the walk's flags
// keep (x: EchoSameBoard, whose board is the current position's;
// EchoPlyWindow, whose ply lies in the window of slot it+1), or the
// walk's last target whatever it is: the target variable ends the walk
// as it would without skipping.
func (m *Machine) nextWanted(i int32, x uint8, it uint16) int32 {
	inAll := x&EchoInAll != 0
	last := m.echoLast(inAll)
	src := m.curPos
	lo, hi := int32(math.MinInt32), int32(math.MaxInt32)
	if x&EchoPlyWindow != 0 {
		wlo, whi := echoWindowBounds(int32(m.slots[it+1]))
		ply := m.tree.Nodes[m.cur].Ply
		if wlo > -EchoWindowMax {
			lo = ply + wlo
		}
		if whi < EchoWindowMax {
			hi = ply + whi
		}
	}
	sameBoardOnly := x&EchoSameBoard != 0
	for ; i < last; i++ {
		if i == m.cur && !inAll {
			continue
		}
		n := &m.tree.Nodes[i]
		if n.Ply < lo || n.Ply > hi {
			continue
		}
		if sameBoardOnly && !sameBoard(n.Pos, src) {
			continue
		}
		break
	}
	return i
}

// echoLast is the last target of an echo walk from the current position:
// the last position of the tree, or the one before it when that is the
// source and the walk leaves the source out (inAll false).
func (m *Machine) echoLast(inAll bool) int32 {
	last := int32(len(m.tree.Nodes)) - 1
	if !inAll && last == m.cur {
		last--
	}
	return last
}

// echoToEnd moves the echo walk in slot A to its last target.
func (m *Machine) echoToEnd(in *Inst) {
	last := m.echoLast(in.X&EchoInAll != 0)
	m.slots[in.A] = uint64(max(last, 0))
}

// echoNext advances the walk of echonext in (its iterator in slot A) and
// gives the next target; false when the walk is done. Target is the slot
// of the target variable (the storekeep after the echonext), which
// EchoAfterOnly binds when it ends the walk.
func (m *Machine) echoNext(in *Inst, target uint16) (int32, bool) {
	i := int32(m.slots[in.A])
	if in.X&EchoAfterSource != 0 && i <= m.cur {
		i = max(i, m.afterSource(in.X&EchoInAll != 0))
	}
	if in.X&EchoInAll == 0 && i == m.cur {
		i++
	}
	if in.X&(EchoSameBoard|EchoPlyWindow) != 0 {
		i = m.nextWanted(i, in.X, in.A)
	}
	if int(i) >= len(m.tree.Nodes) {
		m.checkCancel()
		return 0, false
	}
	if in.X&EchoAfterOnly != 0 && i <= m.cur {
		m.slots[target], m.bound[target] = uint64(i), true
		return 0, false
	}
	m.slots[in.A] = uint64(i + 1)
	return i, true
}

// afterSource is where an echo walk with EchoAfterSource starts: the
// position after the current one, or the last position the walk gives
// when that comes first (so that the target variable ends the walk as
// without skipping).
func (m *Machine) afterSource(inAll bool) int32 {
	last := m.echoLast(inAll)
	return max(0, min(m.cur+1, last))
}

// sameBoard reports whether two positions have the same piece on every
// square: sameSquares(a, b) is every square.
func sameBoard(a, b *bitboard.Position) bool {
	if a.Occupied != b.Occupied {
		return false
	}
	for p := range a.ByPiece {
		if a.ByPiece[p] != b.ByPiece[p] {
			return false
		}
	}
	return true
}

// echoComments are the comments of an echo from src to the current
// position. Both texts are made before either is added: naming a
// position in a variation adds its "id:N" first (moveText).
func (m *Machine) echoComments(in *Inst, src int32) {
	atSource := m.prog.Strs[in.A] + " <--" + m.positionText(m.cur)
	atTarget := m.prog.Strs[in.B] + " -->" + m.positionText(src)
	m.addComment(Comment{Node: src, Text: atSource})
	m.addComment(Comment{Node: m.cur, Text: atTarget})
}

// Memoised echo targets (OpEchoMemo, OpEchoMemoFail): tests of an echo
// body that read the target alone (and variables other than the source
// and the target, FindMemo.Slots) fail at a target again whenever they
// failed there before with the same values of those variables. They are
// kept in the tables of find's memo (Program.FindMemos), per game and
// values, so that the walk of each later source jumps over the targets
// known to fail.

// echoMemo starts (X=0) or advances (X=1) the echo walk in slot A with
// memo B.
func (m *Machine) echoMemo(in *Inst) {
	id := int(in.B)
	if m.findMemoOff(id) {
		return
	}
	if in.X == 0 {
		m.findMemoStart(id)
		return
	}
	t := m.find.memos[id].cur
	i := int32(m.slots[in.A])
	if t == nil || i < 0 || int(i) >= len(m.tree.Nodes) {
		return
	}
	// the walk's last target is never skipped: the target variable ends
	// the walk as without the memo
	last := m.echoLast(false) // without EchoInAll: the earlier of the two
	if i >= last {
		return
	}
	m.slots[in.A] = uint64(min(findSkip(t, i), last))
}

// echoMemoFail records that the target in slot A fails memo B's tests.
func (m *Machine) echoMemoFail(in *Inst) {
	id := int(in.B)
	if m.findMemoOff(id) {
		return
	}
	if t := m.find.memos[id].cur; t != nil {
		q := int32(m.slots[in.A])
		t[q] = q + 1
	}
}

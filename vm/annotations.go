package vm

import (
	"fmt"
	"slices"

	"github.com/cqlvm/cqlvm/bitboard"
)

// The annotation filters (cqlvm extensions of CQL 6): the values of the
// [%eval], [%clk] and [%emt] commands in the comments of the game's
// moves, which the tree's Annotations read when a filter asks, so that a
// game nobody asks about pays nothing.

// What OpAnnotation pushes (Inst.X & AnnWhat).
const (
	AnnEval     uint8 = iota // the evaluation, in centipawns
	AnnEvalMate              // the moves to mate of a mate evaluation
	AnnClock                 // the remaining time, in seconds
	AnnEmt                   // the time the move took, in seconds
)

// Parts of OpAnnotation's X: what, and the view (X >> AnnViewShift).
const (
	AnnWhat      uint8 = 0x0f
	AnnViewShift uint8 = 4
)

// Views of OpAnnotation (the compiler's syntax.View* values).
const (
	ViewNatural    uint8 = iota // the command's own: White's evaluation, the mover's clock
	ViewWhite                   // White's
	ViewBlack                   // Black's
	ViewSideToMove              // the side to move's
)

// Commands are the values of the annotation commands in the comments of
// the move into a node.
type Commands struct {
	Eval  int32 // centipawns from White's side; a mate in n is 100000-n
	Mate  int32 // the moves to mate, positive when White mates (CmdMate)
	Clock int32 // the mover's remaining time, in whole seconds
	EMT   int32 // the time the move took, in whole seconds
	Has   uint8 // which values are there: Cmd* bits
	// Bad is the first malformed command of the comments, skipped, with
	// why; "" when there is none.
	Bad string
}

// Which values Commands.Has holds.
const (
	CmdEval uint8 = 1 << iota
	CmdMate
	CmdClock
	CmdEMT
	// cmdEMTAsked: the tree was asked to work EMT out from the clocks
	// (the machine's own mark in its cache, never the tree's)
	cmdEMTAsked
)

// annotation is the number OpAnnotation asks for at the current position
// (in.X says which and in whose view); ok is false when the game does not
// say.
func (m *Machine) annotation(in *Inst, pc int) (int64, bool) {
	what, view := in.X&AnnWhat, in.X>>AnnViewShift
	node := m.cur
	if what == AnnClock || what == AnnEmt {
		// a time is the mover's: another side's is in the comment of the
		// move before
		node = m.timeNode(view)
	}
	if node <= 0 { // the root's comments are not a move's
		return 0, false
	}
	c := m.commandsAt(node)
	if c.Bad != "" {
		m.reportOnce(pc, func() string {
			return fmt.Sprintf("position %d: a malformed annotation is skipped: %s", node, c.Bad)
		})
	}
	switch what {
	case AnnEval:
		return int64(c.Eval) * m.viewSign(view), c.Has&CmdEval != 0
	case AnnEvalMate:
		return int64(c.Mate) * m.viewSign(view), c.Has&CmdMate != 0
	case AnnClock:
		return int64(c.Clock), c.Has&CmdClock != 0
	case AnnEmt:
		if c.Has&(CmdEMT|CmdClock|cmdEMTAsked) == CmdClock {
			m.workOutMoveTime(c, node)
		}
		return int64(c.EMT), c.Has&CmdEMT != 0
	}
	return 0, false
}

// workOutMoveTime asks the tree for the time the move into node took
// when it has no [%emt] but a clock (Tree.MoveTime works it out from the
// clocks), once a node, and keeps the answer in c, the node's commands
// in the cache.
func (m *Machine) workOutMoveTime(c *Commands, node int32) {
	c.Has |= cmdEMTAsked
	if secs, ok := m.tree.MoveTime(node); ok {
		c.EMT, c.Has = secs, c.Has|CmdEMT
	}
}

// timeNode is the node whose move's comment holds the time of the view's
// side: the current one for the side that just moved, its parent for the
// other; -1 when there is none. At the start nobody has moved.
func (m *Machine) timeNode(view uint8) int32 {
	n := &m.tree.Nodes[m.cur]
	moverIsWhite := n.Pos.Side == bitboard.Black
	own := true
	switch view {
	case ViewWhite:
		own = moverIsWhite
	case ViewBlack:
		own = !moverIsWhite
	case ViewSideToMove:
		own = false
	}
	if m.cur == 0 {
		return -1
	}
	if own {
		return m.cur
	}
	return n.Parent
}

// viewSign turns a value from White's side into the view's.
func (m *Machine) viewSign(view uint8) int64 {
	switch view {
	case ViewBlack:
		return -1
	case ViewSideToMove:
		if m.pos().Side == bitboard.Black {
			return -1
		}
	}
	return 1
}

// commandCache holds the commands of the nodes of the game read so far:
// a query reads a node's again and again (at it, and as the parent of its
// children), and each reading goes through the node's comments.
type commandCache struct {
	serial int // Machine.gameSerial of the game the cache holds
	of     []Commands
	read   []bool
}

// commandsAt are the commands of the move into node, as the cache holds
// them (a pointer: the annotation op runs at every position).
func (m *Machine) commandsAt(node int32) *Commands {
	c := &m.commands
	if c.serial != m.gameSerial || len(c.read) != len(m.tree.Nodes) {
		n := len(m.tree.Nodes)
		c.serial = m.gameSerial
		c.of = slices.Grow(c.of[:0], n)[:n]
		c.read = slices.Grow(c.read[:0], n)[:n]
		clear(c.read)
	}
	if !c.read[node] {
		m.tree.CommandsTo(node, &c.of[node])
		c.read[node] = true
	}
	return &c.of[node]
}

package vm

import (
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// fakeCommands are a game's annotation commands by node, counting the
// readings.
type fakeCommands struct {
	of        map[int32]Commands
	reads     int
	moveTimes int
}

func (f *fakeCommands) Comment(int32) string { return "" }
func (f *fakeCommands) NAGs(int32) []uint8   { return nil }
func (f *fakeCommands) CommandsTo(node int32, dst *Commands) {
	f.reads++
	*dst = f.of[node]
}

// MoveTime works a time out as a clock difference, 10 s less the move's
// clock, counting the askings.
func (f *fakeCommands) MoveTime(node int32) (int32, bool) {
	f.moveTimes++
	if c := f.of[node]; c.Has&CmdEMT != 0 {
		return c.EMT, true
	}
	return 10 - f.of[node].Clock, f.of[node].Clock <= 10
}

// annotationTree is the start and three moves, 1. e4 e5 2. Nf3, with
// the commands of each move.
func annotationTree(t *testing.T, cmds *fakeCommands) *Tree {
	pos, err := bitboard.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	tree := &Tree{Number: 1, Annotations: cmds}
	positions := []*bitboard.Position{&pos}
	for _, san := range []string{"e4", "e5", "Nf3"} {
		next := *positions[len(positions)-1]
		m, err := next.ParseSAN([]byte(san))
		if err != nil {
			t.Fatal(err)
		}
		next.Play(m)
		positions = append(positions, &next)
	}
	for i, p := range positions {
		tree.Nodes = append(tree.Nodes, Node{Pos: p, Parent: int32(i - 1), FirstChild: int32(i + 1), NextSibling: -1, Ply: int32(i), End: int32(len(positions))})
	}
	tree.Nodes[len(tree.Nodes)-1].FirstChild = -1
	return tree
}

// The value OpAnnotation pushes at each node, in each view, or false
// where it fails: evaluations are White's turned to the view's side, a
// time is read from the move of the view's side (this one or the one
// before), and the start has none.
func TestOpAnnotation(t *testing.T) {
	cmds := &fakeCommands{of: map[int32]Commands{
		0: {Eval: 5, Has: CmdEval}, // the root's comments are not a move's
		1: {Eval: 30, Clock: 180, EMT: 2, Has: CmdEval | CmdClock | CmdEMT},
		2: {Eval: -(100000 - 2), Mate: -2, Clock: 175, Has: CmdEval | CmdMate | CmdClock},
		3: {Clock: 170, Bad: "[%eval x]: expected pawns", Has: CmdClock},
	}}
	tree := annotationTree(t, cmds)
	type want struct {
		v  int64
		ok bool
	}
	no := want{}
	for _, tt := range []struct {
		what, view uint8
		want       [4]want
	}{
		{AnnEval, ViewNatural, [4]want{no, {30, true}, {-99998, true}, no}},
		{AnnEval, ViewWhite, [4]want{no, {30, true}, {-99998, true}, no}},
		{AnnEval, ViewBlack, [4]want{no, {-30, true}, {99998, true}, no}},
		{AnnEval, ViewSideToMove, [4]want{no, {-30, true}, {-99998, true}, no}},
		{AnnEvalMate, ViewBlack, [4]want{no, no, {2, true}, no}},
		{AnnClock, ViewNatural, [4]want{no, {180, true}, {175, true}, {170, true}}},
		{AnnClock, ViewWhite, [4]want{no, {180, true}, {180, true}, {170, true}}},
		{AnnClock, ViewBlack, [4]want{no, no, {175, true}, {175, true}}},
		{AnnClock, ViewSideToMove, [4]want{no, no, {180, true}, {175, true}}},
		{AnnEmt, ViewWhite, [4]want{no, {2, true}, {2, true}, no}},
	} {
		// annotation; match; fail (the value is read from the stack)
		p := &Program{Code: []Inst{{Op: OpAnnotation, X: tt.what | tt.view<<AnnViewShift, B: 2}, {Op: OpMatch}, {Op: OpFail}}}
		m := NewMachine(p)
		m.StartGame(tree)
		for node := range tree.Nodes {
			m.setCur(int32(node))
			v, ok := m.annotation(&p.Code[0], 0)
			if got := (want{v, ok}); got != tt.want[node] && (ok || tt.want[node].ok) {
				t.Errorf("annotation %#x at node %d: %v, want %v", p.Code[0].X, node, got, tt.want[node])
			}
			if m.Match(int32(node)) != tt.want[node].ok {
				t.Errorf("annotation %#x at node %d: the program does not match as the value says", p.Code[0].X, node)
			}
		}
	}
}

// A game's commands are read once a node, however often a query asks;
// a malformed command is reported once a game.
func TestAnnotationReadOnce(t *testing.T) {
	cmds := &fakeCommands{of: map[int32]Commands{3: {Clock: 170, Bad: "[%eval x]: expected pawns", Has: CmdClock}}}
	tree := annotationTree(t, cmds)
	p := &Program{Code: []Inst{{Op: OpAnnotation, X: AnnClock, B: 2}, {Op: OpMatch}, {Op: OpFail}}}
	m := NewMachine(p)
	var reports []string
	m.Errors = func(s string) { reports = append(reports, s) }
	for game := 0; game < 2; game++ {
		m.StartGame(tree)
		for range 3 {
			m.Match(3)
			m.Match(2)
		}
	}
	if cmds.reads != 4 {
		t.Errorf("%d readings of the commands for two nodes in two games, want 4", cmds.reads)
	}
	if len(reports) != 2 {
		t.Errorf("reports %q, want one a game", reports)
	}
}

// Without [%emt], emt is the time the tree works out from the clocks,
// asked once a node; with it, the tree is not asked.
func TestAnnotationMoveTimeFromClocks(t *testing.T) {
	cmds := &fakeCommands{of: map[int32]Commands{
		1: {Clock: 7, Has: CmdClock},
		2: {Clock: 12, Has: CmdClock}, // the tree cannot tell
		3: {Clock: 3, EMT: 1, Has: CmdClock | CmdEMT},
	}}
	tree := annotationTree(t, cmds)
	p := &Program{Code: []Inst{{Op: OpAnnotation, X: AnnEmt, B: 2}, {Op: OpMatch}, {Op: OpFail}}}
	m := NewMachine(p)
	m.StartGame(tree)
	for range 3 {
		for node, want := range []struct {
			v  int64
			ok bool
		}{{0, false}, {3, true}, {0, false}, {1, true}} {
			m.setCur(int32(node))
			if v, ok := m.annotation(&p.Code[0], 0); v != want.v || ok != want.ok {
				t.Errorf("emt at node %d: %d %v, want %d %v", node, v, ok, want.v, want.ok)
			}
		}
	}
	if cmds.moveTimes != 2 {
		t.Errorf("the tree was asked %d times for the two nodes with a clock and no [%%emt], want 2", cmds.moveTimes)
	}
}

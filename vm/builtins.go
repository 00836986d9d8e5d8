package vm

import (
	"fmt"
	"time"

	"github.com/cqlvm/cqlvm/bitboard"
)

// The CQL-S built-ins: chess knowledge CQL 6 has no filter for (a Chess),
// repetitions and clocks along the game tree, and positions evaluated by
// a UCI engine (an Evaluator). The machine defines what it asks of the
// two and engine hands it package positional and package uci behind
// them (engine/knowledge), so that vm and compiler do not depend on a
// process-spawning client or on chess knowledge they only pass along.

// Built-in tests (OpBuiltinTest X).
const (
	BuiltinOpposition uint8 = iota
	BuiltinCannotWin
	BuiltinMatingMaterial
	BuiltinGameIsOver
	BuiltinFiftyMoveRule
	BuiltinThreefold
	BuiltinTakesLastPiece
	BuiltinShuffleChess
)

// Built-in numbers (OpBuiltinNum X).
const (
	BuiltinHalfmoveClock uint8 = iota
	BuiltinRepetitionCount
	BuiltinStartPosition
)

// Flags of OpEvaluate.
const (
	EvalView       uint8 = 3 // the view: 0 the side to move's, 1 White's, 2 Black's
	EvalMoveTime   uint8 = 4 // A is milliseconds, not plies
	EvalDifference uint8 = 8 // the score less the parent position's
)

// Evaluator gives positions an engine's score; the driver gives each
// worker's machine one (a UCI engine's) when the program needs it.
type Evaluator interface {
	// Evaluate returns the score, in centipawns from the view of the side
	// to move, of the position with the hash and FEN; a mate counts more
	// than any material, a quicker one more than a slower.
	Evaluate(hash uint64, fen string, lim SearchLimit) (int, error)
}

// SearchLimit is how long the engine searches a position: to a depth in
// plies, or for a time. Exactly one is set.
type SearchLimit struct {
	Depth    int
	MoveTime time.Duration
}

// Chess is the chess knowledge the built-ins ask about. The compiler
// takes it (compiler.Options.Chess) to read the :pawncount chains and
// leaves it in Program.Chess for the machine.
type Chess interface {
	// Exchange is what the side to move wins by the move and the best
	// recaptures (:exchangeevaluation).
	Exchange(p *bitboard.Position, m bitboard.Move) int
	// MaxSwap is the best Exchange of a piece on from to a square of to
	// (:maxswapevaluation); false when there is no such move.
	MaxSwap(p *bitboard.Position, from, to bitboard.Set) (int, bool)
	// BishopPawns counts the pawns :goodbishop weighs for the bishop on sq.
	BishopPawns(p *bitboard.Position, sq bitboard.Square) BishopPawns
	// Opposition: the king of colour c has the opposition (:opposition).
	Opposition(p *bitboard.Position, c bitboard.Color) bool
	// CannotWin: colour c has too little material to mate.
	CannotWin(p *bitboard.Position, c bitboard.Color) bool
	// MatingMaterial: either side can still mate (:matingmaterial).
	MatingMaterial(p *bitboard.Position) bool
	// GameIsOver: the position ends the game (:gameisover).
	GameIsOver(p *bitboard.Position) bool
	// ShuffleStart: p is a shuffle-chess start position.
	ShuffleStart(p *bitboard.Position) bool
	// Chess960Number is the Chess960 number of p, -1 when it is none.
	Chess960Number(p *bitboard.Position) int
	// PawnQuery reads a :pawncount attribute chain; its errors name the
	// word at fault.
	PawnQuery(text string) (PawnQuery, error)
}

// PawnQuery is a read :pawncount attribute chain (OpPawnCount).
type PawnQuery interface {
	// Count is the chain's count of the pawns of p that stand on pawns.
	Count(p *bitboard.Position, pawns bitboard.Set) int
}

// BishopPawns is what :goodbishop counts for a bishop: the enemy pawns
// on squares of the bishop's colour out of all enemy pawns, and the own
// pawns on squares of the other colour out of all own pawns.
type BishopPawns struct {
	Targets, EnemyPawns int
	Free, OwnPawns      int
}

// builtinState is the per-game memory of the built-ins, set up at the
// game's first question, so that other queries pay nothing for it.
type builtinState struct {
	game    int      // the Machine.gameSerial the tables are for
	hashes  []uint64 // per node: the position's hash, 0 until asked
	repeats []int32  // per node: its repetition count, 0 until asked
}

// builtinTables returns the state for the current game.
func (m *Machine) builtinTables() *builtinState {
	b := &m.builtins
	if b.game != m.gameSerial {
		b.game = m.gameSerial
		b.hashes = resize(b.hashes, len(m.tree.Nodes))
		b.repeats = resize(b.repeats, len(m.tree.Nodes))
	}
	return b
}

// resize returns s with n zero elements, reusing its storage.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// builtin runs a built-in op at pc; false means it failed (jump to B).
func (m *Machine) builtin(in *Inst, pc int) bool {
	switch in.Op {
	case OpExchange:
		return m.exchange()
	case OpMaxSwap:
		to, from := m.popSet(), m.popSet()
		v, ok := m.prog.Chess.MaxSwap(m.pos(), from, to)
		if ok {
			m.pushNum(int64(v))
		}
		return ok
	case OpPawnCount:
		m.pushNum(int64(m.prog.PawnQueries[in.A].Count(m.pos(), m.popSet())))
	case OpGoodBishop:
		hi2, lo2, hi1, lo1 := m.popNum(), m.popNum(), m.popNum(), m.popNum()
		m.pushSet(m.goodBishops(m.pos(), m.popSet(), in.X, [2][2]int64{{lo1, hi1}, {lo2, hi2}}))
	case OpBuiltinTest:
		return m.builtinTest(in.X, bitboardColor(m.pos(), in.A))
	case OpBuiltinNum:
		m.pushNum(m.builtinNum(in.X))
	case OpEvaluate:
		return m.evaluate(in, pc)
	}
	return true
}

// bitboardColor is the colour a built-in's colour operand names: 1
// White, 2 Black, 0 the side to move.
func bitboardColor(p *bitboard.Position, a uint16) bitboard.Color {
	switch a {
	case 1:
		return bitboard.White
	case 2:
		return bitboard.Black
	}
	return p.Side
}

// exchange pushes the exchange evaluation of the next move, if it is a
// capture.
func (m *Machine) exchange() bool {
	child := m.tree.Nodes[m.cur].FirstChild
	if child < 0 {
		return false
	}
	mv := m.tree.Nodes[child].Move
	if !mv.Is(bitboard.FlagCapture) {
		return false
	}
	m.pushNum(int64(m.prog.Chess.Exchange(m.pos(), mv)))
	return true
}

// Flags of OpGoodBishop: which range is a percentage, which bound is
// strict.
const (
	BishopPercent1 uint8 = 1 << iota
	BishopPercent2
	BishopStrictLo1
	BishopStrictHi1
	BishopStrictLo2
	BishopStrictHi2
)

// goodBishops are the bishops of set whose pawn counts lie in the
// ranges (OpGoodBishop, flags the Bishop* bits).
func (m *Machine) goodBishops(p *bitboard.Position, set bitboard.Set, flags uint8, bounds [2][2]int64) bitboard.Set {
	targets := pawnRange{bounds[0][0], bounds[0][1], flags&BishopPercent1 != 0, flags&BishopStrictLo1 != 0, flags&BishopStrictHi1 != 0}
	free := pawnRange{bounds[1][0], bounds[1][1], flags&BishopPercent2 != 0, flags&BishopStrictLo2 != 0, flags&BishopStrictHi2 != 0}
	bishops := set & (p.Pieces(bitboard.White, bitboard.Bishop) | p.Pieces(bitboard.Black, bitboard.Bishop))
	var good bitboard.Set
	for b := bishops; b != 0; {
		sq := b.Pop()
		c := m.prog.Chess.BishopPawns(p, sq)
		if targets.holds(c.Targets, c.EnemyPawns) && free.holds(c.Free, c.OwnPawns) {
			good |= bitboard.SquareSet(sq)
		}
	}
	return good
}

// pawnRange is a range of pawn counts, or of percentages of a total.
type pawnRange struct {
	lo, hi                      int64
	percent, loStrict, hiStrict bool
}

// holds reports whether n, or n as a percentage of total (0% of no
// pawns), lies in the range. Percentages are compared exactly: 100n
// against the bounds times total.
func (r pawnRange) holds(n, total int) bool {
	v, lo, hi := int64(n), r.lo, r.hi
	if r.percent && total > 0 {
		v, lo, hi = 100*v, lo*int64(total), hi*int64(total)
	}
	return (v > lo || !r.loStrict && v == lo) && (v < hi || !r.hiStrict && v == hi)
}

func (m *Machine) builtinTest(what uint8, c bitboard.Color) bool {
	p := m.pos()
	switch what {
	case BuiltinOpposition:
		return m.prog.Chess.Opposition(p, c)
	case BuiltinCannotWin:
		return m.prog.Chess.CannotWin(p, c)
	case BuiltinMatingMaterial:
		return m.prog.Chess.MatingMaterial(p)
	case BuiltinGameIsOver:
		return m.prog.Chess.GameIsOver(p)
	case BuiltinFiftyMoveRule:
		return m.fiftyMoveRule()
	case BuiltinThreefold:
		return m.threefold()
	case BuiltinTakesLastPiece:
		return m.takesLastPiece()
	case BuiltinShuffleChess:
		return m.prog.Chess.ShuffleStart(m.tree.Nodes[0].Pos)
	}
	return false
}

func (m *Machine) builtinNum(what uint8) int64 {
	switch what {
	case BuiltinHalfmoveClock:
		return int64(m.pos().HalfMove)
	case BuiltinRepetitionCount:
		return int64(m.repetitions(m.cur))
	case BuiltinStartPosition:
		return int64(m.prog.Chess.Chess960Number(m.tree.Nodes[0].Pos))
	}
	return 0
}

// fiftyMoveRule: the first mainline position whose half-move clock
// reaches 100 (the first of a game that starts past it).
func (m *Machine) fiftyMoveRule() bool {
	if !m.tree.IsMainline(m.cur) || m.pos().HalfMove < 100 {
		return false
	}
	parent := m.tree.Nodes[m.cur].Parent
	return parent < 0 || m.tree.Nodes[parent].Pos.HalfMove < 100
}

// threefold: the first mainline position that occurs for the third time.
// Mainline nodes are numbered by ply, so the earlier ones are 0..cur-1.
func (m *Machine) threefold() bool {
	if !m.tree.IsMainline(m.cur) || m.repetitions(m.cur) != 3 {
		return false
	}
	for i := int32(0); i < m.cur; i++ {
		if m.repetitions(i) >= 3 {
			return false
		}
	}
	return true
}

// takesLastPiece: the next move captures the opponent's last man
// besides the king.
func (m *Machine) takesLastPiece() bool {
	child := m.tree.Nodes[m.cur].FirstChild
	if child < 0 {
		return false
	}
	mv := m.tree.Nodes[child].Move
	if !mv.Is(bitboard.FlagCapture) {
		return false
	}
	p := m.pos()
	them := p.Side.Other()
	men := p.ByColor[them]
	if p.Variant != bitboard.Antichess { // where the king is a piece like any other
		men &^= p.Pieces(them, bitboard.King)
	}
	return men.Count() == 1
}

// repetitions is how often the position of node has occurred on the way
// from the root, itself included: the same hash (board, side to move,
// castling and en-passant rights) an even number of plies back, no
// further back than its half-move clock (a capture or a pawn move cannot
// be undone).
func (m *Machine) repetitions(node int32) int32 {
	b := m.builtinTables()
	if b.repeats[node] > 0 {
		return b.repeats[node]
	}
	count := int32(1)
	h := m.hash(node)
	back := m.tree.Nodes[node].Pos.HalfMove
	j := node
	for k := 1; k <= back; k++ {
		if j = m.tree.Nodes[j].Parent; j < 0 {
			break
		}
		if k%2 == 0 && m.hash(j) == h {
			count++
		}
	}
	b.repeats[node] = count
	return count
}

func (m *Machine) hash(node int32) uint64 {
	b := m.builtinTables()
	if b.hashes[node] == 0 {
		b.hashes[node] = m.tree.Nodes[node].Pos.Hash()
	}
	return b.hashes[node]
}

// evaluate pushes the engine's score of the current position (less its
// parent's), in the view of in.X.
func (m *Machine) evaluate(in *Inst, pc int) bool {
	if m.Engine == nil {
		m.reportOnce(pc, func() string { return "no UCI engine was given to evaluate positions" })
		return false
	}
	lim := SearchLimit{Depth: int(in.A)}
	if in.X&EvalMoveTime != 0 {
		lim = SearchLimit{MoveTime: time.Duration(in.A) * time.Millisecond}
	}
	p := m.pos()
	ref := bitboardColor(p, uint16(in.X&EvalView))
	v, ok := m.scoreIn(pc, p, lim, ref)
	if !ok {
		return false
	}
	if in.X&EvalDifference != 0 {
		parent := m.tree.Nodes[m.cur].Parent
		if parent < 0 {
			return false
		}
		before, ok := m.scoreIn(pc, m.tree.Nodes[parent].Pos, lim, ref)
		if !ok {
			return false
		}
		v -= before
	}
	m.pushNum(int64(v))
	return true
}

// scoreIn is the engine's score of p in the view of colour ref.
func (m *Machine) scoreIn(pc int, p *bitboard.Position, lim SearchLimit, ref bitboard.Color) (int, bool) {
	v, err := m.Engine.Evaluate(p.Hash(), p.FEN(), lim)
	if err != nil {
		m.reportOnce(pc, func() string { return fmt.Sprintf("the engine could not evaluate a position: %v", err) })
		return 0, false
	}
	if p.Side != ref {
		return -v, true
	}
	return v, true
}

package vm

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/cqlvm/cqlvm/bitboard"
)

// Comment is a comment produced by the query at a node of the game tree.
type Comment struct {
	Text string
	Tag  string // the tag name of a SetTag or RemoveTag edit
	// held is what the comments up to this one count against the
	// game-comments limit (addComment), kept with each so that cutting
	// the list back needs no counting
	held int64
	Node int32
	// find is the markc slot of the counting find that left this
	// placeholder (Kind commentFoundMark), numbered when the find ends;
	// once numbered, the foundID of its text (commentdedup.go)
	find int32
	Kind CommentKind
}

// CommentKind says what an output edit does. Edits other than text
// (settag, removecomment) ride in the comment list so that they are
// kept or dropped with the evaluation that made them, like comments.
type CommentKind uint8

const (
	CommentText           CommentKind = iota // add Text at Node
	CommentRemoveOriginal                    // drop the game's own comments at Node
	CommentSetTag                            // set tag Tag to Text
	CommentRemoveTag                         // remove tag Tag
	commentFoundMark                         // "Found k of n" once n is known (not seen outside the machine)
)

// Machine runs a Program over the positions of one game at a time. A
// Machine is not safe for concurrent use; each worker owns one.
//
// The fields up to comments are those the run loop reads most; they keep
// the place they had before the features' state was grouped, since
// moving them made an echo query measurably slower: reorder them only
// with a benchmark.
type Machine struct {
	lastPC int // the pc of the instruction running, kept only by a program made by Traced

	prog        *Program
	tree        *Tree
	virtualMain virtualMainState // status.go

	cur    int32              // current position (node index)
	curPos *bitboard.Position // the position of node cur

	textBuf []byte // the line and path comment being built (startEndComments)

	st  []uint64 // value stack: sets, numbers (int64 bits), positions
	sst []string // string stack

	slots  []uint64
	sslots []string
	bound  []bool

	comments []Comment

	// The state of single features, each kept in the feature's file.
	moveBufs map[int]*[]bitboard.Move // moves.go
	gen      genCache                 // moves.go
	pieceIDs pieceIDs                 // state.go
	find     findState                // find.go
	echo     echoState                // echojoin.go
	pinMemo  pinMemo                  // the last pins through every square (Machine.pins)
	regex    regexGroups              // regex.go
	sorts    sortGame                 // output.go
	line     lineState                // line.go
	path     pathState                // path.go
	dicts    dictState                // dict.go
	hh       hhdbGame                 // the current game's hhdb fields (hhdb.go)
	builtins builtinState             // builtins.go
	marks    squareMarks              // marksquares.go

	messages []string
	reported []int // instructions whose runtime error this game has reported (their pcs)
	iters    int   // loop iterations at this position
	steps    int   // instructions run at this position (counted for loops)
	// stepsChecked is the count of steps up to which a loop goes on
	// without a look at the Cancel flag or the bound on its steps
	stepsChecked int

	started bool // StartGame has run once: persistent variables are set up

	lin linState // linearization in force (inside line constituents)
	// castleView says which castling piece `from` and `to` describe at
	// the current position: both (ordinarily), or inside the targets of
	// a dash the piece its sets matched. Every change of the current
	// position resets it (setCur); savecur/restcur carry it.
	castleView castleView
	ret        uint64 // value left by OpReturn
	gameSerial int
	// commands are the annotation commands of the game's nodes read so
	// far (annotations.go)
	commands commandCache

	// AlwaysComment keeps the comments of filters that failed (the
	// official -alwayscomment): a matched position keeps every comment
	// its evaluation made, and so does one that did not match.
	AlwaysComment bool
	// Errors receives runtime errors (failed assertions); nil drops them.
	Errors func(string)

	// LastGameNumber is the number of the last game of the input, when the
	// driver knows it (lastgamenumber fails otherwise).
	LastGameNumber int

	// Similar are the submissions of the program's similarposition
	// filters (Program.Similar), loaded by the driver; shared, read only.
	Similar []*SimilarSet

	// Messages receives `message` output; nil discards it.
	Messages func(string)

	// Engine evaluates positions for OpEvaluate (builtins.go).
	Engine Evaluator

	// Cancel, when set, is looked at every few thousand instructions:
	// once it is true the machine stops the evaluation (a *Stop with
	// ErrCancelled), however long the position would take.
	Cancel *atomic.Bool
	calls  int // calls of run and steps of searches (pollCall)
	limits machineLimits
	// regexps are the program's regular expressions with the machine's
	// regex-time (SetLimits)
	regexps []*Regexp
	// DedupComments drops, once a position is evaluated, the texts it
	// commented that an earlier position of the game already made at the
	// same node: the PGN output writes each text once per node, and
	// nested finds repeat the same "Found k of n" for every position
	// they start from. A run that writes the comments of each match
	// (JSON) leaves it unset.
	DedupComments bool
	seenComments  commentSet
}

// NewMachine prepares a machine for p.
func NewMachine(p *Program) *Machine {
	m := &Machine{
		prog:   p,
		st:     make([]uint64, 0, 64),
		sst:    make([]string, 0, 16),
		slots:  make([]uint64, p.NumSlots),
		sslots: make([]string, p.NumSlots),
		bound:  make([]bool, p.NumSlots),
	}
	m.path.newGame()
	for _, c := range p.ConstSlots {
		m.slots[c.Slot] = c.Value
	}
	m.SetLimits(nil)
	return m
}

// StartGame resets the per-game state: every non-persistent variable
// becomes unbound, and the comment list is emptied.
func (m *Machine) StartGame(t *Tree) {
	m.tree = t
	m.line.muted = 0 // a search that panicked (or was stopped) left it set
	m.st, m.sst = m.st[:0], m.sst[:0]
	m.seenComments.reset()
	m.virtualMain.ready = false
	m.reported = m.reported[:0]
	for i := range m.bound {
		if i < len(m.prog.Persistent) && m.prog.Persistent[i] {
			continue
		}
		m.bound[i] = false
	}
	if !m.started {
		m.started = true
		for _, s := range m.prog.ZeroInit {
			m.slots[s], m.bound[s] = 0, true
		}
	}
	m.comments = m.comments[:0]
	m.messages = m.messages[:0]
	m.gameSerial++
	m.lin = linState{}
	m.path.newGame()
	m.resetLocalDicts()
	m.regex.groups = nil
	if m.prog.NeedsPieceIDs {
		m.pieceIDs.of = t.PieceIDs(m.pieceIDs.of)
		m.pieceIDs.squares = pieceSquares(t, m.pieceIDs.of, m.pieceIDs.squares)
	}
	if len(m.sorts.best) != len(m.prog.Sorts) {
		m.sorts.best = make([]sortState, len(m.prog.Sorts))
	}
	for i := range m.sorts.best {
		m.sorts.best[i] = sortState{}
	}
}

// Messages are the texts of `message` filters run in this game.
func (m *Machine) GameMessages() []string { return m.messages }

// GameMatches runs the game prefilter on a tree holding the game's tags,
// result and root only; false means no position of the game can match.
func (m *Machine) GameMatches(t *Tree) bool {
	if m.prog.GameFilter < 0 {
		return true
	}
	m.tree = t
	m.setCur(0)
	return m.run(m.prog.GameFilter)
}

// Comments are the comments produced so far in this game.
func (m *Machine) Comments() []Comment { return m.comments }

// Match evaluates the program at node and reports whether it matches.
// Comments of a failed evaluation are dropped.
func (m *Machine) Match(node int32) bool {
	mark := len(m.comments)
	m.setCur(node)
	m.sorts.pending = m.sorts.pending[:0]
	m.iters, m.steps, m.stepsChecked = 0, 0, pollSteps
	m.checkCancel()
	ok := m.run(m.prog.Entry)
	// sort.html: the value filter "is executed as usual", and the best
	// value it "ever obtained during the game" counts, whether or not
	// the rest of the body matched there
	if len(m.sorts.pending) > 0 {
		m.commitSorts()
	}
	if !ok && !m.AlwaysComment {
		m.comments = m.comments[:mark]
		return false
	}
	if m.DedupComments && len(m.comments) > mark {
		m.dedupSince(mark)
	}
	return ok
}

// dedupSince drops the texts of the comments from index mark on that the
// game's comments before have at the same node (DedupComments). An
// earlier copy stays wherever the later one would: comments are only
// ever cut back from the end, and the list before mark is final.
func (m *Machine) dedupSince(mark int) {
	kept := mark
	for i := mark; i < len(m.comments); i++ {
		c := m.comments[i]
		if c.Kind == CommentText && !m.seenComments.add(&c) {
			continue
		}
		m.comments[kept] = c
		kept++
	}
	if kept < len(m.comments) {
		clear(m.comments[kept:]) // let go of the dropped texts
		m.comments = m.comments[:kept]
		m.recountFrom(mark)
	}
}

// pos is the current position (kept in step with cur by setCur).
func (m *Machine) pos() *bitboard.Position { return m.curPos }

// setCur makes node the current position. A castle view belongs to the
// position it was set at, and a filter that moves the current position
// (even to the same node, as currentposition: does) leaves the scope of
// the dash that set it (contextualcastling.html), so it is reset here.
func (m *Machine) setCur(node int32) {
	m.cur = node
	m.curPos = m.tree.Nodes[node].Pos
	m.castleView = viewBoth
}

// saveCur packs what restCur brings back: the current node (low 32
// bits), whether linearization is in force (bit 32) and the castle view
// (bits 33 and up).
func (m *Machine) saveCur() uint64 {
	v := uint64(uint32(m.cur)) | uint64(m.castleView)<<33
	if m.lin.active {
		v |= 1 << 32
	}
	return v
}

// restCur undoes what happened to the current position since saveCur
// gave v.
func (m *Machine) restCur(v uint64) {
	m.setCur(int32(uint32(v)))
	m.lin.active = v>>32&1 != 0
	m.castleView = castleView(v >> 33)
}

// visit runs f with node as the current position, then makes the current
// position what it was, castle view included.
func (m *Machine) visit(node int32, f func()) {
	saved := m.saveCur()
	m.setCur(node)
	f()
	m.restCur(saved)
}

func (m *Machine) push(v uint64) { m.st = append(m.st, v) }

func (m *Machine) pop() uint64 {
	v := m.st[len(m.st)-1]
	m.st = m.st[:len(m.st)-1]
	return v
}

func (m *Machine) pushNum(n int64) { m.st = append(m.st, uint64(n)) }
func (m *Machine) popNum() int64   { return int64(m.pop()) }
func (m *Machine) pushSet(s bitboard.Set) {
	m.st = append(m.st, uint64(s))
}
func (m *Machine) popSet() bitboard.Set { return bitboard.Set(m.pop()) }

func (m *Machine) pushStr(s string) { m.sst = append(m.sst, s) }
func (m *Machine) popStr() string {
	s := m.sst[len(m.sst)-1]
	m.sst = m.sst[:len(m.sst)-1]
	return s
}

// run executes from pc until match or fail and reports which. The value
// stacks are restored to their depth at entry.
//
// Keep each case short: an op that needs more than a line or two calls a
// method. The loop is one function, and a few more lines in it (the
// body of OpEchoToEnd, five lines) made every query that runs many
// instructions markedly slower: the compiler then keeps less of the
// loop's state in registers.
func (m *Machine) run(pc int) bool {
	m.pollCall()
	base, sbase := len(m.st), len(m.sst)
	code := m.prog.Code
	steps := 0 // instructions run in this frame, added to m.steps on return
	for {
		in := &code[pc]
		pc++
		steps++
	dispatch:
		switch in.Op {
		case OpTrace: // only in a program made by Traced
			in = m.trace(pc - 1) // marksquares.go
			goto dispatch
		case OpNop:
		case OpFail:
			m.st, m.sst = m.st[:base], m.sst[:sbase]
			m.steps += steps
			return false
		case OpMatch:
			m.st, m.sst = m.st[:base], m.sst[:sbase]
			m.steps += steps
			return true
		case OpJump:
			pc = int(in.B)
		case OpSetSP:
			m.st, m.sst = m.st[:base+int(in.A)], m.sst[:sbase+int(in.B)]
		case OpPop:
			m.st = m.st[:len(m.st)-1]
		case OpPopStr:
			m.sst = m.sst[:len(m.sst)-1]
		case OpDup:
			m.push(m.st[len(m.st)-1])

		case OpPushSet:
			m.pushSet(m.prog.Sets[in.B])
		case OpPushNum:
			m.pushNum(int64(in.B))
		case OpPushStr:
			m.pushStr(m.prog.Strs[in.B])
		case OpPieces:
			m.pushSet(pieces(m.pos(), in.A))
		case OpPiece:
			m.pushSet(m.curPos.ByPiece[bits.TrailingZeros16(in.A)])
		case OpPieceIn:
			m.pushSet(m.curPos.ByPiece[bits.TrailingZeros16(in.A)] & m.prog.Sets[in.B])
		case OpPiecesIn:
			m.pushSet(pieces(m.pos(), in.A) & m.prog.Sets[in.B])

		case OpUnion:
			b := m.pop()
			m.st[len(m.st)-1] |= b
		case OpInter:
			b := m.pop()
			m.st[len(m.st)-1] &= b
		case OpDiff:
			b := m.pop()
			m.st[len(m.st)-1] &^= b
		case OpCompl:
			m.st[len(m.st)-1] = ^m.st[len(m.st)-1]
		case OpCount:
			m.st[len(m.st)-1] = uint64(bitboard.Set(m.st[len(m.st)-1]).Count())
		case OpJEmpty:
			if m.pop() == 0 {
				pc = int(in.B)
			}
		case OpAttacks:
			b := m.popSet()
			m.st[len(m.st)-1] = uint64(attacking(m.pos(), bitboard.Set(m.st[len(m.st)-1]), b))
		case OpAttackedBy:
			b := m.popSet()
			m.st[len(m.st)-1] = uint64(attackedBy(m.pos(), bitboard.Set(m.st[len(m.st)-1]), b))
		case OpArrowChain:
			sets := make([]bitboard.Set, in.A)
			for i := len(sets) - 1; i >= 0; i-- {
				sets[i] = m.popSet()
			}
			m.pushSet(arrowChain(m.pos(), sets, in.X))
		case OpSubset:
			b := m.popSet()
			a := m.popSet()
			if a&^b != 0 {
				pc = int(in.B)
			}
		case OpLight:
			m.st[len(m.st)-1] &= uint64(lightSquares)
		case OpDark:
			m.st[len(m.st)-1] &^= uint64(lightSquares)
		case OpDirection:
			m.st[len(m.st)-1] = uint64(directionSet(bitboard.Set(m.st[len(m.st)-1]), in.X, int(in.A)-8, int(in.B)))
		case OpDirectionDyn:
			hi, lo := m.popNum(), m.popNum()
			if lo > hi || lo < -7 || hi > 7 {
				// the official program stops the run here: "Invalid range
				// (limit magnitude cannot exceed 7 and min must be less
				// than max)"; cqlvm reports it and takes the empty set
				m.reportOnce(pc-1, func() string {
					return fmt.Sprintf("the range %d..%d of a direction filter is invalid: its bounds must lie in -7..7, the first not above the second", lo, hi)
				})
				m.st[len(m.st)-1] = 0
				continue
			}
			m.st[len(m.st)-1] = uint64(directionSet(bitboard.Set(m.st[len(m.st)-1]), in.X, int(lo), int(hi)))
		case OpBetween:
			b := m.popSet()
			m.st[len(m.st)-1] = uint64(between(bitboard.Set(m.st[len(m.st)-1]), b))
		case OpPower:
			m.st[len(m.st)-1] = uint64(power(m.pos(), bitboard.Set(m.st[len(m.st)-1])))
		case OpSquareSetNum:
			s := m.popSet()
			v, ok := squareNum(m.pos(), s, in.X)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushNum(v)

		case OpPin:
			to, through, from := m.popSet(), m.popSet(), m.popSet()
			m.pushSet(m.pins(from, through, to, in.X))
		case OpMakeSquare:
			r, f := m.popNum(), m.popNum()
			s, ok := makeSquare(f, r)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushSet(s)
		case OpMakeSquareStr:
			sq, ok := bitboard.ParseSquare(m.popStr())
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushSet(bitboard.SquareSet(sq))
		case OpWtm:
			if m.pos().Side != bitboard.White {
				pc = int(in.B)
			}
		case OpBtm:
			if m.pos().Side != bitboard.Black {
				pc = int(in.B)
			}
		case OpCheck:
			if !m.pos().InCheck() {
				pc = int(in.B)
			}
		case OpMate:
			if !m.pos().IsCheckmate() {
				pc = int(in.B)
			}
		case OpStalemate:
			if !m.pos().IsStalemate() {
				pc = int(in.B)
			}
		case OpInitial:
			if m.cur != 0 {
				pc = int(in.B)
			}
		case OpTerminal:
			if !m.isTerminal(m.cur) {
				pc = int(in.B)
			}
		case OpMainline:
			if m.tree.Nodes[m.cur].Depth != 0 {
				pc = int(in.B)
			}
		case OpVariation:
			if m.tree.Nodes[m.cur].Depth == 0 {
				pc = int(in.B)
			}
		case OpMateKind:
			part, _ := mateKind(m.pos(), in.X)
			m.pushSet(part)
		case OpResult:
			if m.tree.Result != m.prog.Strs[in.A] {
				pc = int(in.B)
			}

		case OpAdd:
			b := m.popNum()
			m.st[len(m.st)-1] = uint64(wrap32(int64(m.st[len(m.st)-1]) + b))
		case OpSub:
			b := m.popNum()
			m.st[len(m.st)-1] = uint64(wrap32(int64(m.st[len(m.st)-1]) - b))
		case OpMul:
			b := m.popNum()
			m.st[len(m.st)-1] = uint64(wrap32(int64(m.st[len(m.st)-1]) * b))
		case OpDiv, OpMod:
			b := m.popNum()
			a := m.popNum()
			if b == 0 {
				pc = int(in.B)
				continue
			}
			if in.Op == OpDiv {
				m.pushNum(wrap32(a / b))
			} else {
				m.pushNum(a % b)
			}
		case OpNeg:
			m.st[len(m.st)-1] = uint64(wrap32(-int64(m.st[len(m.st)-1])))
		case OpAbs:
			if v := int64(m.st[len(m.st)-1]); v < 0 {
				m.st[len(m.st)-1] = uint64(wrap32(-v))
			}
		case OpSqrt:
			v := m.popNum()
			if v < 0 {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(math.Sqrt(float64(v))))
		case OpCmpNum:
			b := m.popNum()
			a := m.popNum()
			if !compareNum(in.X, a, b) {
				pc = int(in.B)
				continue
			}
			m.pushNum(a)
		case OpCmpSet:
			b := m.pop()
			a := m.pop()
			if (a == b) != (in.X == CmpEq) {
				pc = int(in.B)
				continue
			}
			m.push(a)
		case OpCmpStr:
			b := m.popStr()
			a := m.popStr()
			if !compareNum(in.X, int64(strings.Compare(a, b)), 0) {
				pc = int(in.B)
				continue
			}
			m.pushStr(a)
		case OpCmpPos:
			b := m.popNum()
			a := m.popNum()
			if !compareNum(in.X, a, b) {
				pc = int(in.B)
				continue
			}
			m.pushNum(a)

		case OpLoad:
			if !m.bound[in.A] {
				pc = int(in.B)
				continue
			}
			m.push(m.slots[in.A])
		case OpLoadStr:
			if !m.bound[in.A] {
				pc = int(in.B)
				continue
			}
			m.pushStr(m.sslots[in.A])
		case OpStore:
			m.slots[in.A] = m.pop()
			m.bound[in.A] = true
		case OpStoreStr:
			m.sslots[in.A] = m.popStr()
			m.bound[in.A] = true
		case OpUnbind:
			m.bound[in.A] = false
		case OpMaxInto:
			v := m.popNum()
			if !m.bound[in.A] || v > int64(m.slots[in.A]) {
				m.slots[in.A] = uint64(v)
				m.bound[in.A] = true
			}

		case OpJNotGreater:
			if m.bound[in.A] && int64(m.st[len(m.st)-1]) <= int64(m.slots[in.A]) {
				pc = int(in.B)
			}
		case OpMaxIntoKeep:
			m.maxIntoKeep(int(in.A), int(in.B), m.popNum())
		case OpMoveInit:
			m.moveInit(int(in.A), int(in.B))
		case OpMoveNext:
			if !m.moveNext(int(in.A)) {
				pc = int(in.B)
			}
		case OpMoveChild:
			m.pushNum(int64(m.slots[int(in.A)+MoveSlotCurrent]))
		case OpMoveSquare:
			m.pushSet(m.moveSquare(int(in.A), in.X))
		case OpSaveCur:
			// leaving the current position also leaves any linearization
			// (move filters under ':', find, echo are not linearized)
			m.slots[in.A] = m.saveCur()
			m.lin.active = false
		case OpCastleView:
			m.castleView = m.candidateCastle(int(in.A))
		case OpPathCastleView:
			m.castleView = m.path.castle
		case OpRestCur:
			m.restCur(m.slots[in.A])
		case OpSetCur:
			m.setCur(int32(m.popNum()))
		case OpCurPos:
			m.pushNum(int64(m.cur))
		case OpParent:
			p := m.tree.Nodes[m.cur].Parent
			if p < 0 {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(p))
		case OpChild:
			c, ok := m.child(m.cur, m.popNum())
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(c))
		case OpPositionN:
			n := m.popNum()
			if n < 0 || n >= int64(len(m.tree.Nodes)) {
				pc = int(in.B)
				continue
			}
			m.pushNum(n)
		case OpLastMove:
			m.pushSet(m.lastMoveSquare(in.X))
		case OpMoveIs:
			if !m.lastMoveIs(in.X) {
				pc = int(in.B)
			}
		case OpMoveFroms:
			m.pushSet(m.moveFroms(in.X))

		case OpInfoNum:
			v, ok := m.infoNum(in.X)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushNum(v)
		case OpTag:
			// a missing tag fails, as in the official program (eco on a
			// game without an ECO tag, tag "X" without X)
			v, ok := m.tree.Tag(m.prog.Strs[in.A])
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushStr(v)
		case OpPlayers:
			w, wok := m.tree.Tag("White")
			b, bok := m.tree.Tag("Black")
			if !wok || !bok {
				pc = int(in.B)
				continue
			}
			m.pushStr(w + `\n` + b) // a backslash and n, as the official program joins them
		case OpStrIn:
			b, a := m.popStr(), m.popStr()
			if !strings.Contains(b, a) {
				pc = int(in.B)
			}
		case OpStrLen:
			m.pushNum(int64(len(m.popStr())))
		case OpPromoteMask:
			m.pushNum(int64(PromoteMask(m.popStr())))
		case OpStrIndex:
			i, s := m.popNum(), m.popStr()
			c, ok := strIndex(s, i)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushStr(c)
		case OpStrSlice:
			var to int64
			if in.X == 1 {
				to = m.popNum()
			}
			from, s := m.popNum(), m.popStr()
			m.pushStr(strSlice(s, from, to, in.X == 1))
		case OpStrSetChar:
			i, x, s := m.popNum(), m.popStr(), m.popStr()
			if _, ok := strIndex(s, i); !ok {
				pc = int(in.B)
				continue
			}
			if i < 0 {
				i += int64(len(s))
			}
			m.checkString(pc-1, len(s)+len(x)-1, "setting a character")
			m.pushStr(s[:i] + x + s[i+1:])
		case OpLower:
			m.pushStr(m.madeString(pc-1, strings.ToLower(m.popStr()), "lowercase"))
		case OpUpper:
			m.pushStr(m.madeString(pc-1, strings.ToUpper(m.popStr()), "uppercase"))
		case OpStrToInt:
			v, ok := parseCQLInt(m.popStr())
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushNum(v)
		case OpAscii:
			s := m.popStr()
			if s == "" {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(s[0]))
		case OpChar:
			v := m.popNum()
			if v < 0 || v > 255 {
				pc = int(in.B)
				continue
			}
			m.pushStr(string([]byte{byte(v)}))
		case OpIndexOf:
			// indexof.html: indexof fails to match when a is not in b
			b, a := m.popStr(), m.popStr()
			i := strings.Index(b, a)
			if i < 0 {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(i))
		case OpRegex:
			if !m.regexMatch(pc-1, int(in.A)) {
				pc = int(in.B)
			}
		case OpRegexNext:
			if !m.regexNext(pc-1, int(in.A)) {
				pc = int(in.B)
			}
		case OpGroup:
			if int(in.A) >= len(m.regex.groups) || m.regex.offs[in.A] < 0 {
				pc = int(in.B)
				continue
			}
			m.pushStr(m.regex.groups[in.A])
		case OpGroupOffset:
			if int(in.A) >= len(m.regex.groups) || m.regex.offs[in.A] < 0 {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(m.regex.offs[in.A]))
		case OpFen:
			// fen.html: the halfmove clock and move number read 0 and 1
			p := *m.pos()
			p.HalfMove, p.FullMove = 0, 1
			m.pushStr(p.FEN())
		case OpFenMatch:
			if !fenBoardMatches(m.pos(), m.prog.Strs[in.A]) {
				pc = int(in.B)
			}
		case OpSimilar:
			refs := m.Similar[in.A].Find(m.pos())
			if len(refs) == 0 {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(refs[0].Game))
			if in.X == 0 {
				m.similarComments(int(in.A), refs)
			}
		case OpOrigComment:
			c, ok := m.originalComment(m.cur)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushStr(c)
		case OpHasNAG:
			if !slices.Contains(m.tree.NAGs(m.cur), uint8(in.A)) {
				pc = int(in.B)
			}
		case OpHHDBTest:
			if !m.hhdbTest(in.X) {
				pc = int(in.B)
			}
		case OpHHDBNum:
			v, ok := m.hhdbNum(in.X)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushNum(v)
		case OpHHDBStr:
			v, ok := m.hhdbStr(in.X)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushStr(v)
		case OpPawns:
			m.pushSet(pawnStructure(m.pos(), in.X))
		case OpPieceName:
			name, ok := pieceName(m.pos(), m.popSet(), in.X == 1)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushStr(name)
		case OpRay:
			n := int(in.A & 0xff)
			sets := make([]bitboard.Set, n)
			for i := n - 1; i >= 0; i-- {
				sets[i] = m.popSet()
			}
			m.pushSet(rays(m.pos(), sets, in.X, in.A&0x100 != 0))
		case OpMessage:
			text := m.popStr()
			if in.X != 1 {
				text = m.madeString(pc-1, m.messagePrefix()+text, "message")
			}
			m.messages = append(m.messages, text)
		case OpNextSquare:
			s := bitboard.Set(m.slots[in.A])
			if s == 0 {
				m.checkCancel() // a loop that ends: see pollCall
				pc = int(in.B)
				continue
			}
			sq := s.Pop()
			m.slots[in.A] = uint64(s)
			m.pushSet(bitboard.SquareSet(sq))
		case OpPieceIDAt:
			s := m.popSet() & m.pos().Occupied
			if s.Count() != 1 {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(m.pieceIDs.of[m.cur][s.First()]))
		case OpPieceSquare:
			if !m.bound[in.A] {
				pc = int(in.B)
				continue
			}
			m.push(m.pieceSquare(uint8(m.slots[in.A])))
		case OpStoreKeep:
			m.slots[in.A] = m.st[len(m.st)-1]
			m.bound[in.A] = true
			steps++ // counted as the store and the load it stands for
		case OpOrInto:
			m.slots[in.A] |= m.slots[in.B]
			steps += 3 // counted as the four instructions it stands for
		case OpPieceSquareAt:
			node := int32(m.popNum())
			if !m.bound[in.A] {
				pc = int(in.B)
				continue
			}
			m.push(m.pieceSquareAt(node, uint8(m.slots[in.A])))
		case OpIsBound:
			if !m.bound[in.A] {
				pc = int(in.B)
			}
		case OpSortValue:
			m.recordSort(int(in.A), int64(m.st[len(m.st)-1]), "", int(in.B))
		case OpSortValueStr:
			m.recordSort(int(in.A), 0, m.sst[len(m.sst)-1], int(in.B))
		case OpCountIter:
			m.iters++
			m.steps += steps
			steps = 0
			if (m.iters > maxLoopIterations || m.steps > m.stepsChecked) && m.loopStops(pc-1) {
				pc = int(in.B)
			}

		case OpFindInit:
			m.slots[in.A] = uint64(m.cur)
			m.slots[in.A+1] = uint64(m.tree.Nodes[m.cur].End)
		case OpFindNext:
			i := int32(int64(m.slots[in.A]))
			if in.X == 0 && i >= int32(m.slots[in.A+1]) || in.X == 1 && i < 0 {
				m.checkCancel() // a loop that ends: see pollCall
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(i))
			if in.X == 0 {
				m.slots[in.A] = uint64(i + 1)
			} else {
				m.slots[in.A] = uint64(int64(m.tree.Nodes[i].Parent))
			}
		case OpFindSkip:
			// inside a line constituent a move filter sees the
			// line's linearization, which the memo does not key on
			if m.findMemoOff(int(in.B)) {
				continue
			}
			i := int32(int64(m.slots[in.A]))
			if i < 0 || int(i) >= len(m.tree.Nodes) {
				continue
			}
			var t []int32
			if i == m.cur { // a walk starts at the current position
				t = m.findMemoStart(int(in.B))
			} else {
				t = m.find.memos[in.B].cur
			}
			if t != nil {
				r := findSkip(t, i)
				if in.X == 1 && int(r) == len(m.tree.Nodes) {
					r = -1 // a backward walk whose every ancestor is known to fail
				}
				m.slots[in.A] = uint64(int64(r))
			}
		case OpFindAnchor:
			m.findAnchor(in)
		case OpFindPrune:
			m.findPrune(in)
		case OpFindFail:
			if m.findMemoOff(int(in.B)) {
				continue
			}
			if t := m.find.memos[in.B].cur; t != nil {
				q := int32(int64(m.st[len(m.st)-1]))
				t[q] = m.findFailNext(in.X, q)
			}
		case OpStoreSet:
			m.slots[in.A] = uint64(m.prog.Sets[in.B])
			m.bound[in.A] = true
			pc++
			steps++
		case OpRestCurJump:
			m.restCur(m.slots[in.A])
			pc = int(in.B)
			steps++
		case OpEchoNextCur:
			t := code[pc].A // the storekeep's variable
			i, ok := m.echoNext(in, t)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.slots[t] = uint64(i)
			m.bound[t] = true
			m.setCur(i)
			pc += 2
			steps += 3
		case OpNextSquareStore, OpNextPiece, OpPieceSquareStore, OpMoveInitNext, OpTruncCJump, OpGotoVar:
			var n int
			pc, n = m.fused(in, code, pc)
			steps += n
		case OpEchoToEnd:
			m.echoToEnd(in)
		case OpEchoMemo:
			m.echoMemo(in)
		case OpEchoMemoFail:
			m.echoMemoFail(in)
		case OpEchoJoinStart:
			m.echoJoinStart(in)
		case OpEchoJoinNext:
			m.echoJoinNext(in)
		case OpKeyMix:
			v := uint64(m.popNum())
			m.pushNum(int64(KeyMix(uint64(m.popNum()), v)))
		case OpEchoInit:
			m.slots[in.A] = 0
			m.slots[in.A+1] = uint64(in.B)
		case OpEchoNext:
			i, ok := m.echoNext(in, code[pc].A)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(i))
		case OpTreeRel:
			y, x := int32(m.popNum()), int32(m.popNum())
			l := m.tree.LCA(x, y)
			if in.X == TreeLca {
				m.pushNum(int64(l))
			} else {
				m.pushNum(int64(m.tree.Nodes[x].Ply + m.tree.Nodes[y].Ply - 2*m.tree.Nodes[l].Ply))
			}
		case OpTreeAnc:
			y, x := int32(m.popNum()), int32(m.popNum())
			if in.X == TreeDescendant {
				x, y = y, x
			}
			if x == y || !m.tree.IsAncestor(x, y) {
				pc = int(in.B)
			}

		case OpSameSquares:
			b, a := int32(m.popNum()), int32(m.popNum())
			m.pushSet(sameSquares(m.tree.Nodes[a].Pos, m.tree.Nodes[b].Pos))
		case OpMinInto:
			v := m.popNum()
			if !m.bound[in.A] || v < int64(m.slots[in.A]) {
				m.slots[in.A], m.bound[in.A] = uint64(v), true
			}
		case OpMaxIntoStr, OpMinIntoStr:
			v := m.popStr()
			if !m.bound[in.A] || in.Op == OpMaxIntoStr && v > m.sslots[in.A] || in.Op == OpMinIntoStr && v < m.sslots[in.A] {
				m.sslots[in.A], m.bound[in.A] = v, true
			}

		case OpLineOrPath:
			var n int
			var last int32
			var ok bool
			spec := &m.prog.Lines[in.A]
			lo, hi := spec.Lo, spec.Hi
			if in.X&LineBoundsOnStack != 0 {
				hi, lo = int(m.popNum()), int(m.popNum())
			}
			// in a dash's target, a line's constituents are out of the
			// dash's scope (their setCur resets the castle view) but the
			// filters after the line are back in it
			view := m.castleView
			if spec.IsPath {
				n, last, ok = m.runPath(int(in.A), lo, hi)
			} else {
				n, last, ok = m.runLine(int(in.A), lo, hi)
			}
			m.castleView = view
			if !ok {
				pc = int(in.B)
				continue
			}
			if in.X&LineLastPosition != 0 {
				m.pushNum(int64(last))
			} else {
				m.pushNum(int64(n))
			}

		case OpConsecutive:
			y, x := int32(m.popNum()), int32(m.popNum())
			m.pushNum(int64(m.consecutiveMoves(x, y, in.X == 0)))
		case OpTry:
			if m.tries(m.cur) != 1 {
				pc = int(in.B)
			}
		case OpVirtualMainline:
			if !m.virtualMainline(m.cur) {
				pc = int(in.B)
			}

		case OpReturn:
			m.ret = m.pop()
			m.st, m.sst = m.st[:base], m.sst[:sbase]
			m.steps += steps
			return true
		case OpPathChild:
			m.pushNum(int64(m.path.child))
		case OpPathMove, OpPathMoveDyn:
			spec := &m.prog.MoveSpecs[in.A]
			promote := spec.Promote
			if in.Op == OpPathMoveDyn {
				promote = uint16(m.popNum())
			}
			to, from := m.popSet(), m.popSet()
			c := m.path.child
			if c < 0 {
				pc = int(in.B)
				continue
			}
			view, ok := m.pathMoveMatches(spec, promote, c, from, to)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.path.castle = view
			m.path.count++ // in the targets the move is counted: path --(pathcount == 1)
		case OpPathCount:
			if m.path.count < 0 {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(m.path.count))
		case OpPathUnfocused:
			v, ok := m.pathUnfocused()
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(v))
		case OpPathPosition:
			p := m.pathPosition(in.X)
			if p < 0 {
				pc = int(in.B)
				continue
			}
			m.pushNum(int64(p))

		case OpDictSet:
			v := m.popDictValue(in.X >> 4)
			k := m.popDictKey(in.X & 0xF)
			m.dict(int(in.A))[k] = v
		case OpDictGet:
			k := m.popDictKey(in.X & 0xF)
			v, ok := m.dict(int(in.A))[k]
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushDictValue(in.X>>4, v)
		case OpDictDel:
			delete(m.dict(int(in.A)), m.popDictKey(in.X&0xF))
		case OpDictClear:
			clear(m.dict(int(in.A)))
		case OpDictLen:
			m.pushNum(int64(len(m.dict(int(in.A)))))
		case OpDictIterInit:
			if m.dicts.iters == nil {
				m.dicts.iters = map[int][]string{}
			}
			m.dicts.iters[int(in.A)] = m.dictKeys(int(in.B))
		case OpDictIterNext:
			keys := m.dicts.iters[int(in.A)]
			if len(keys) == 0 {
				m.checkCancel() // a loop that ends: see pollCall
				pc = int(in.B)
				continue
			}
			m.dicts.iters[int(in.A)] = keys[1:]
			m.pushDictKey(in.X&0xF, keys[0])
		case OpAssert:
			if m.Errors != nil {
				m.Errors(m.assertText(pc - 1))
			}
			pc = int(in.B)
		case OpAncestry:
			b, a := int32(m.popNum()), int32(m.popNum())
			if !ancestry(m.tree, in.X, a, b) {
				pc = int(in.B)
			}

		case OpMarkComments:
			m.slots[in.A] = uint64(len(m.comments))
		case OpTruncComments:
			if n := int(m.slots[in.A]); n < len(m.comments) && !m.AlwaysComment {
				m.comments = m.comments[:n]
			}
		case OpToStr:
			m.pushStr(m.valueText(in.X))
		case OpConcat:
			m.concat(pc-1, int(in.A))
		case OpComment:
			m.addComment(Comment{Node: m.cur, Text: m.popStr()})
		case OpFoundMark:
			// numberFound checks game-comments (foundMarkHeld)
			m.comments = append(m.comments, Comment{Node: m.cur, Kind: commentFoundMark, find: int32(in.A), held: m.heldAt(len(m.comments)) + foundMarkHeld})
		case OpFoundNumber:
			m.numberFound(int(in.A))
		case OpEchoComment:
			src := int32(m.popNum())
			m.echoComments(in, src)
		case OpShapeAny:
			if !m.prog.Shapes[in.A].matches(m.pos()) {
				pc = int(in.B)
			}
		case OpRemoveComment:
			m.addComment(Comment{Node: m.cur, Kind: CommentRemoveOriginal})
		case OpSetTag:
			value := m.popStr()
			m.addComment(Comment{Node: m.cur, Kind: CommentSetTag, Tag: m.popStr(), Text: value})
		case OpRemoveTag:
			m.addComment(Comment{Node: m.cur, Kind: CommentRemoveTag, Tag: m.popStr()})

		case OpAnnotation:
			v, ok := m.annotation(in, pc-1)
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushNum(v)

		case OpVariantName:
			m.pushStr(variantName(m.pos()))
		case OpCheckCount:
			m.pushNum(int64(m.checkCount(in.X)))
		case OpInHand:
			m.pushStr(inHand(m.pos(), m.viewColors(in.X)))
		case OpDrop:
			s, ok := m.dropSquare()
			if !ok {
				pc = int(in.B)
				continue
			}
			m.pushSet(s)

		case OpExchange, OpMaxSwap, OpPawnCount, OpGoodBishop, OpBuiltinTest, OpBuiltinNum, OpEvaluate:
			if !m.builtin(in, pc-1) {
				pc = int(in.B)
			}

		default:
			panic(fmt.Sprintf("vm: op %s not implemented", in.Op))
		}
	}
}

// Properties of the move into the current position (OpMoveIs, OpLastMove).
const (
	LastFrom uint8 = iota
	LastTo
	LastEPSquare
	IsCastle
	IsCastleShort
	IsCastleLong
	IsEnPassant
	IsNull
	IsPrimary
	IsSecondary
)

// Comparison operators (Inst.X of cmp ops).
const (
	CmpLt uint8 = iota
	CmpLe
	CmpEq
	CmpGe
	CmpGt
	CmpNe
)

func compareNum(op uint8, a, b int64) bool {
	switch op {
	case CmpLt:
		return a < b
	case CmpLe:
		return a <= b
	case CmpEq:
		return a == b
	case CmpGe:
		return a >= b
	case CmpGt:
		return a > b
	case CmpNe:
		return a != b
	}
	return false
}

// wrap32 keeps CQL's 32-bit integer arithmetic.
func wrap32(v int64) int64 { return int64(int32(v)) }

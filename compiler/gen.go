package compiler

import (
	"fmt"

	"cqlvm/bitboard"
	ast "cqlvm/compiler/syntax"
	"cqlvm/source"
	"cqlvm/vm"
)

// gen emits bytecode. Every filter compiles to code that either falls
// through with the filter's value on the stack (if it has one) or jumps to
// a fail label. The generator tracks the static stack depths so that each
// fail label can restore them.
type gen struct {
	prog   *vm.Program
	src    *source.Source
	errs   *source.ErrorList
	slots  *slotAlloc
	labels []label
	depth  int // value-stack depth at the current pc
	sdepth int // string-stack depth at the current pc
	span   source.Span
	vars   map[string]*variable
	// deferred emits code placed after the body (line subroutines)
	deferred []func()
	quiet    bool // the query is quiet: filters add no automatic comments
	sets     map[bitboard.Set]int32
	strs     map[string]int32
	// reachable is false right after an unconditional jump: the next
	// instruction is only reached through a label.
	reachable bool
}

// label is a jump target. depth/sdepth are the stack depths code at the
// label expects; jumps from deeper stacks make bind emit a setsp.
type label struct {
	pc            int
	depth, sdepth int
	refs          []int // pcs of instructions jumping here
	needSetSP     bool
}

func newGen(src *source.Source, errs *source.ErrorList, slots *slotAlloc) *gen {
	return &gen{
		prog:      &vm.Program{Src: src},
		src:       src,
		errs:      errs,
		slots:     slots,
		sets:      map[bitboard.Set]int32{},
		strs:      map[string]int32{},
		reachable: true,
	}
}

// newLabel makes a label expecting the current stack depths.
func (g *gen) newLabel() int {
	g.labels = append(g.labels, label{pc: -1, depth: g.depth, sdepth: g.sdepth})
	return len(g.labels) - 1
}

// newLabelAt makes a label expecting the given stack depths.
func (g *gen) newLabelAt(depth, sdepth int) int {
	g.labels = append(g.labels, label{pc: -1, depth: depth, sdepth: sdepth})
	return len(g.labels) - 1
}

// bind places label l at the current pc.
func (g *gen) bind(l int) {
	lb := &g.labels[l]
	lb.pc = len(g.prog.Code)
	if lb.needSetSP || g.reachable && (g.depth != lb.depth || g.sdepth != lb.sdepth) {
		g.emit(vm.OpSetSP, 0, lb.depth, int32(lb.sdepth))
		lb.pc = len(g.prog.Code) - 1
	}
	g.depth, g.sdepth = lb.depth, lb.sdepth
	g.reachable = true
}

func (g *gen) emit(op vm.Op, x uint8, a int, b int32) int {
	pc := len(g.prog.Code)
	in := vm.Inst{Op: op, X: x, A: uint16(a), B: b}
	g.prog.Code = append(g.prog.Code, in)
	g.prog.Spans = append(g.prog.Spans, g.span)
	if op == vm.OpSetSP {
		g.depth, g.sdepth = a, int(b)
		g.reachable = true
		return pc
	}
	pop, push, spop, spush := vm.StackEffect(in)
	g.depth -= pop
	g.sdepth -= spop
	if g.depth < 0 || g.sdepth < 0 {
		panic(fmt.Sprintf("compiler: stack underflow at %s", op))
	}
	g.depth += push
	g.sdepth += spush
	switch op {
	case vm.OpJump, vm.OpFail, vm.OpMatch:
		g.reachable = false
	}
	return pc
}

// jump emits op with its B operand targeting label l.
func (g *gen) jump(op vm.Op, x uint8, a int, l int) {
	in := vm.Inst{Op: op, X: x, A: uint16(a)}
	pop, _, spop, _ := vm.StackEffect(in)
	atDepth, atSDepth := g.depth-pop, g.sdepth-spop
	pc := g.emit(op, x, a, 0)
	lb := &g.labels[l]
	lb.refs = append(lb.refs, pc)
	if atDepth != lb.depth || atSDepth != lb.sdepth {
		if atDepth < lb.depth || atSDepth < lb.sdepth {
			panic(fmt.Sprintf("compiler: jump to a label from a shallower stack at %s", op))
		}
		lb.needSetSP = true
	}
}

// resolve patches every jump with its label's pc.
func (g *gen) resolve() {
	for _, lb := range g.labels {
		for _, ref := range lb.refs {
			if lb.pc < 0 {
				panic("compiler: unbound label")
			}
			g.prog.Code[ref].B = int32(lb.pc)
		}
	}
}

func (g *gen) setConst(s bitboard.Set) int32 {
	if i, ok := g.sets[s]; ok {
		return i
	}
	i := int32(len(g.prog.Sets))
	g.prog.Sets = append(g.prog.Sets, s)
	g.sets[s] = i
	return i
}

func (g *gen) strConst(s string) int32 {
	if i, ok := g.strs[s]; ok {
		return i
	}
	i := int32(len(g.prog.Strs))
	g.prog.Strs = append(g.prog.Strs, s)
	g.strs[s] = i
	return i
}

func (g *gen) errorf(n *ast.Node, format string, args ...any) {
	g.errs.Add(g.src, n.Span, format, args...)
}

// at sets the span recorded for the instructions of n; it returns a
// function restoring the previous one.
func (g *gen) at(n *ast.Node) func() {
	old := g.span
	g.span = n.Span
	return func() { g.span = old }
}

// ---- filters ----

// test compiles n as a match test: no value is left on the stack.
func (g *gen) test(n *ast.Node, fail int) {
	defer g.at(n)()
	switch n.Kind {
	case ast.KCompound:
		for _, a := range n.Args {
			g.test(a, fail)
		}
		return
	case ast.KCmp, ast.KAssign:
		// a relation's match is the comparison, not its (left) value
		g.value(n, fail)
		g.drop(n.Type)
		return
	case ast.KIf:
		if n.Type != ast.TLog {
			t := *n
			t.Type = ast.TLog
			g.ifThenElse(&t, fail)
			return
		}
	}
	switch n.Type {
	case ast.TSet:
		if g.testSetFast(n, fail) {
			return
		}
		g.value(n, fail)
		g.jump(vm.OpJEmpty, 0, 0, fail)
	case ast.TNum, ast.TPos:
		g.value(n, fail)
		g.emit(vm.OpPop, 0, 0, 0)
	case ast.TStr:
		g.value(n, fail)
		g.emit(vm.OpPopStr, 0, 0, 0)
	default:
		g.value(n, fail)
	}
}

// drop discards a value of type t.
func (g *gen) drop(t ast.Type) {
	switch t {
	case ast.TSet, ast.TNum, ast.TPos:
		g.emit(vm.OpPop, 0, 0, 0)
	case ast.TStr:
		g.emit(vm.OpPopStr, 0, 0, 0)
	}
}

// testSetFast handles set filters used as tests whose matching can be
// decided without computing the whole value.
func (g *gen) testSetFast(n *ast.Node, fail int) bool {
	if n.Kind == ast.KOrbit && !n.HasRange && n.Flags&ast.FlagCount == 0 {
		if shape, ok := orbitShape(n.Args); ok && useShapes {
			g.jump(vm.OpShapeAny, 0, g.shapeConst(shape), fail)
			return true
		}
		g.anyOf(n.Args, fail)
		return true
	}
	return false
}

// anyOf matches when one of the filters matches (short-circuit).
func (g *gen) anyOf(ns []*ast.Node, fail int) {
	done := g.newLabel()
	for i, m := range ns {
		if i == len(ns)-1 {
			g.test(m, fail)
			break
		}
		next := g.newLabel()
		mark := g.markComments(m)
		g.test(m, next)
		g.jump(vm.OpJump, 0, 0, done)
		g.bind(next)
		g.truncComments(mark)
	}
	g.bind(done)
}

// markComments saves the comment count before n runs when n can add
// comments, so that they can be dropped if n fails. It returns the slot
// (-1 when n adds no comments).
func (g *gen) markComments(n *ast.Node) int {
	if !addsComments(n) {
		return -1
	}
	s := g.slots.new()
	g.emit(vm.OpMarkComments, 0, s, 0)
	return s
}

func (g *gen) truncComments(slot int) {
	if slot >= 0 {
		g.emit(vm.OpTruncComments, 0, slot, 0)
	}
}

// addsComments reports whether evaluating n can produce comments.
func addsComments(n *ast.Node) bool {
	return ast.Any(n, func(n *ast.Node) bool {
		switch n.Kind {
		case ast.KComment, ast.KSort, ast.KFind, ast.KEcho, ast.KLine, ast.KPath, ast.KConsecutiveMoves:
			return true
		case ast.KMove:
			return n.Move.Comment != nil
		}
		return false
	})
}

// numValue leaves n's value as a number: sets are counted.
func (g *gen) numValue(n *ast.Node, fail int) {
	g.value(n, fail)
	if n.Type == ast.TSet {
		g.emit(vm.OpCount, 0, 0, 0)
	}
}

// value compiles n leaving its value on the stack (nothing for logical
// filters), or jumping to fail.
func (g *gen) value(n *ast.Node, fail int) {
	defer g.at(n)()
	switch n.Kind {
	case ast.KNumber:
		g.emit(vm.OpPushNum, 0, 0, int32(n.Int))
	case ast.KString:
		g.emit(vm.OpPushStr, 0, 0, g.strConst(n.Str))
	case ast.KDesig:
		g.designator(n.Desig)
	case ast.KEmptySet:
		g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
	case ast.KTrue:
	case ast.KFalse:
		g.jump(vm.OpJump, 0, 0, fail)
	case ast.KCompound:
		for i, a := range n.Args {
			if i < len(n.Args)-1 {
				g.test(a, fail)
			} else {
				g.value(a, fail)
			}
		}
	case ast.KAnd:
		g.test(n.Args[0], fail)
		g.test(n.Args[1], fail)
	case ast.KOr:
		g.anyOf(n.Args, fail)
	case ast.KNot:
		g.not(n.Args[0], fail)
	case ast.KIf:
		g.ifThenElse(n, fail)
	case ast.KInter:
		if n.Args[0].Type == ast.TPos {
			g.value(n.Args[0], fail)
			g.value(n.Args[1], fail)
			g.emit(vm.OpSameSquares, 0, 0, 0)
			return
		}
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.emit(vm.OpInter, 0, 0, 0)
	case ast.KUnion, ast.KAttacks, ast.KAttackedBy, ast.KBetween:
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.emit(map[ast.Kind]vm.Op{ast.KUnion: vm.OpUnion, ast.KInter: vm.OpInter, ast.KAttacks: vm.OpAttacks,
			ast.KAttackedBy: vm.OpAttackedBy, ast.KBetween: vm.OpBetween}[n.Kind], 0, 0, 0)
	case ast.KArrowChain:
		for _, a := range n.Args {
			g.value(a, fail)
		}
		var backward uint8
		if n.Flags&ast.FlagBackward != 0 {
			backward = vm.ChainBackward
		}
		g.emit(vm.OpArrowChain, backward, len(n.Args), 0)
	case ast.KMinus:
		if n.Type == ast.TSet {
			g.value(n.Args[0], fail)
			g.value(n.Args[1], fail)
			g.emit(vm.OpDiff, 0, 0, 0)
			return
		}
		g.arith(n, vm.OpSub, fail)
	case ast.KPlus:
		g.arith(n, vm.OpAdd, fail)
	case ast.KTimes:
		g.arith(n, vm.OpMul, fail)
	case ast.KDiv:
		g.numValue(n.Args[0], fail)
		g.numValue(n.Args[1], fail)
		g.jump(vm.OpDiv, 0, 0, fail)
	case ast.KMod:
		g.numValue(n.Args[0], fail)
		g.numValue(n.Args[1], fail)
		g.jump(vm.OpMod, 0, 0, fail)
	case ast.KCompl:
		g.value(n.Args[0], fail)
		g.emit(vm.OpCompl, 0, 0, 0)
	case ast.KLight, ast.KDark:
		g.value(n.Args[0], fail)
		g.emit(map[ast.Kind]vm.Op{ast.KLight: vm.OpLight, ast.KDark: vm.OpDark}[n.Kind], 0, 0, 0)
	case ast.KCount:
		if d := g.dictInfoOf(n.Args[0]); d != nil {
			g.emit(vm.OpDictLen, 0, d.Index, 0)
			return
		}
		g.value(n.Args[0], fail)
		if n.Args[0].Type == ast.TStr {
			g.emit(vm.OpStrLen, 0, 0, 0)
		} else {
			g.emit(vm.OpCount, 0, 0, 0)
		}
	case ast.KMax, ast.KMin:
		g.maxMin(n, fail)
	case ast.KIn:
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		if n.Args[0].Type == ast.TStr {
			g.jump(vm.OpStrIn, 0, 0, fail)
		} else {
			g.jump(vm.OpSubset, 0, 0, fail)
		}
	case ast.KNeg:
		g.numValue(n.Args[0], fail)
		g.emit(vm.OpNeg, 0, 0, 0)
	case ast.KAbs:
		g.numValue(n.Args[0], fail)
		g.emit(vm.OpAbs, 0, 0, 0)
	case ast.KSqrt:
		g.numValue(n.Args[0], fail)
		g.jump(vm.OpSqrt, 0, 0, fail)
	case ast.KCmp:
		g.compare(n, fail)
	case ast.KDirection:
		g.direction(n, fail)
	case ast.KPower:
		g.value(n.Args[0], fail)
		g.emit(vm.OpPower, 0, 0, 0)
	case ast.KRank, ast.KFile, ast.KType, ast.KColorType:
		g.value(n.Args[0], fail)
		what := map[ast.Kind]uint8{ast.KRank: vm.SqRank, ast.KFile: vm.SqFile, ast.KType: vm.SqType, ast.KColorType: vm.SqColorType}[n.Kind]
		g.jump(vm.OpSquareSetNum, what, 0, fail)
	case ast.KPin:
		g.pin(n, fail)
	case ast.KMakeSquare:
		if len(n.Args) == 1 {
			g.value(n.Args[0], fail)
			g.jump(vm.OpMakeSquareStr, 0, 0, fail)
			return
		}
		g.numValue(n.Args[0], fail)
		g.numValue(n.Args[1], fail)
		g.jump(vm.OpMakeSquare, 0, 0, fail)
	case ast.KWtm, ast.KBtm, ast.KCheck, ast.KMate, ast.KStalemate, ast.KInitial, ast.KTerminal,
		ast.KMainline, ast.KVariation:
		g.jump(statusOps[n.Kind], 0, 0, fail)
	case ast.KPureMate, ast.KPureStalemate, ast.KModelMate, ast.KModelStalemate, ast.KIdealMate, ast.KIdealStalemate:
		what := map[ast.Kind]uint8{ast.KPureMate: vm.PureMate, ast.KPureStalemate: vm.PureStalemate,
			ast.KModelMate: vm.ModelMate, ast.KModelStalemate: vm.ModelStalemate,
			ast.KIdealMate: vm.IdealMate, ast.KIdealStalemate: vm.IdealStalemate}[n.Kind]
		g.emit(vm.OpMateKind, what, 0, 0)
	case ast.KResult:
		g.jump(vm.OpResult, 0, int(g.strConst(n.Str)), fail)
	case ast.KVar:
		g.loadVar(n, fail)
	case ast.KAssign:
		g.assign(n, fail)
	case ast.KComment:
		g.comment(n)
	case ast.KOrbit:
		g.orbit(n, fail)
	default:
		g.valueMore(n, fail)
	}
}

var statusOps = map[ast.Kind]vm.Op{
	ast.KWtm: vm.OpWtm, ast.KBtm: vm.OpBtm, ast.KCheck: vm.OpCheck, ast.KMate: vm.OpMate,
	ast.KStalemate: vm.OpStalemate, ast.KInitial: vm.OpInitial, ast.KTerminal: vm.OpTerminal,
	ast.KMainline: vm.OpMainline, ast.KVariation: vm.OpVariation,
}

func (g *gen) arith(n *ast.Node, op vm.Op, fail int) {
	if n.Type == ast.TStr {
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.emit(vm.OpConcat, 0, 2, 0)
		return
	}
	g.numValue(n.Args[0], fail)
	g.numValue(n.Args[1], fail)
	g.emit(op, 0, 0, 0)
}

// designator pushes the squares of a piece designator.
func (g *gen) designator(d ast.Designator) {
	switch {
	case d.Pieces == ast.MaskAll:
		g.emit(vm.OpPushSet, 0, 0, g.setConst(d.Squares))
	case d.Pieces != 0 && d.Pieces&(d.Pieces-1) == 0 && d.Squares == bitboard.Full:
		g.emit(vm.OpPiece, 0, int(d.Pieces), 0)
	case d.Pieces != 0 && d.Pieces&(d.Pieces-1) == 0:
		g.emit(vm.OpPieceIn, 0, int(d.Pieces), g.setConst(d.Squares))
	case d.Squares == bitboard.Full:
		g.emit(vm.OpPieces, 0, int(d.Pieces), 0)
	default:
		g.emit(vm.OpPiecesIn, 0, int(d.Pieces), g.setConst(d.Squares))
	}
}

// not matches when its argument fails; the argument's comments go.
func (g *gen) not(arg *ast.Node, fail int) {
	ok := g.newLabel()
	mark := g.markComments(arg)
	g.test(arg, ok)
	g.truncComments(mark)
	g.jump(vm.OpJump, 0, 0, fail)
	g.bind(ok)
	g.truncComments(mark)
}

// ifThenElse: `if T F [else G]`. Without else the filter is true when T
// fails; with same-typed branches it has their value.
func (g *gen) ifThenElse(n *ast.Node, fail int) {
	elseL := g.newLabel()
	end := g.newLabelAt(g.depth+valueWidth(n.Type), g.sdepth+strWidth(n.Type))
	mark := g.markComments(n.Args[0])
	g.test(n.Args[0], elseL)
	g.branch(n, n.Args[1], fail)
	g.jump(vm.OpJump, 0, 0, end)
	g.bind(elseL)
	g.truncComments(mark)
	if len(n.Args) == 3 {
		g.branch(n, n.Args[2], fail)
	}
	g.bind(end)
}

func (g *gen) branch(ifNode, b *ast.Node, fail int) {
	if ifNode.Type == ast.TLog {
		g.test(b, fail)
	} else {
		g.value(b, fail)
	}
}

func valueWidth(t ast.Type) int {
	switch t {
	case ast.TSet, ast.TNum, ast.TPos:
		return 1
	}
	return 0
}

func strWidth(t ast.Type) int {
	if t == ast.TStr {
		return 1
	}
	return 0
}

// compare compiles relations. `!=` is `not ==`: it matches when either
// side fails.
func (g *gen) compare(n *ast.Node, fail int) {
	l, r := n.Args[0], n.Args[1]
	op := cmpCode(n.Str)
	if n.Str == "!=" {
		eq := *n
		eq.Str = "=="
		eq.Type = g.eqType(l, r)
		g.not(&eq, fail)
		return
	}
	switch {
	case l.Type == ast.TSet && r.Type == ast.TSet && (op == vm.CmpEq):
		g.value(l, fail)
		g.value(r, fail)
		g.jump(vm.OpCmpSet, op, 0, fail)
	case l.Type == ast.TStr:
		g.value(l, fail)
		g.value(r, fail)
		g.jump(vm.OpCmpStr, op, 0, fail)
	case l.Type == ast.TPos:
		g.value(l, fail)
		g.value(r, fail)
		g.jump(vm.OpCmpPos, op, 0, fail)
	default:
		g.numValue(l, fail)
		g.numValue(r, fail)
		g.jump(vm.OpCmpNum, op, 0, fail)
	}
}

// eqType is the type of `l == r` used inside `!=`.
func (g *gen) eqType(l, r *ast.Node) ast.Type {
	switch {
	case l.Type == ast.TSet && r.Type == ast.TSet:
		return ast.TSet
	case l.Type == ast.TStr:
		return ast.TStr
	case l.Type == ast.TPos:
		return ast.TPos
	}
	return ast.TNum
}

func cmpCode(op string) uint8 {
	switch op {
	case "<":
		return vm.CmpLt
	case "<=":
		return vm.CmpLe
	case "==":
		return vm.CmpEq
	case ">=":
		return vm.CmpGe
	case ">":
		return vm.CmpGt
	}
	return vm.CmpNe
}

func (g *gen) direction(n *ast.Node, fail int) {
	if n.Bounds != nil {
		g.value(n.Args[0], fail)
		g.numValue(n.Bounds[0], fail)
		g.numValue(n.Bounds[1], fail)
		g.emit(vm.OpDirectionDyn, uint8(n.Dirs), 0, 0)
		return
	}
	lo, hi := int64(1), int64(7)
	if n.HasRange {
		lo, hi = n.Int, n.Int2
	}
	g.value(n.Args[0], fail)
	// no step reaches past 7 squares, so bounds beyond ±8 change nothing;
	// clamped, lo+8 fits the unsigned A field
	lo, hi = min(max(lo, -8), 8), min(max(hi, -8), 8)
	g.emit(vm.OpDirection, uint8(n.Dirs), int(lo+8), int32(hi))
}

// pin pushes from, through and to (defaults: every square, every square,
// both kings) and computes the pins.
func (g *gen) pin(n *ast.Node, fail int) {
	what := uint8(n.Int)
	for i, a := range n.Args {
		switch {
		case a != nil:
			g.value(a, fail)
			if i == 2 {
				what |= vm.PinToGiven
			}
		case i == 2:
			g.designator(ast.Designator{Pieces: 1<<bitboard.WhiteKing | 1<<bitboard.BlackKing, Squares: bitboard.Full})
		default:
			g.emit(vm.OpPushSet, 0, 0, g.setConst(bitboard.Full))
		}
	}
	g.emit(vm.OpPin, what, 0, 0)
}

func (g *gen) loadVar(n *ast.Node, fail int) {
	if n.Flags&ast.FlagPieceVar != 0 {
		g.jump(vm.OpPieceSquare, 0, n.Slot, fail)
		return
	}
	if n.Type == ast.TStr {
		g.jump(vm.OpLoadStr, 0, n.Slot, fail)
		return
	}
	g.jump(vm.OpLoad, 0, n.Slot, fail)
}

// assign: set assignment always succeeds; others fail with their right side.
func (g *gen) assign(n *ast.Node, fail int) {
	target, rhs := n.Args[0], n.Args[1]
	if target.Kind == ast.KStrIndex {
		if d := g.dictInfoOf(target.Args[0]); d != nil {
			g.dictSet(n, d, fail)
			return
		}
		g.setChar(n, fail)
		return
	}
	switch n.Str {
	case "=":
		g.value(rhs, fail)
		g.store(target)
	case "=?":
		g.value(rhs, fail)
		g.emit(vm.OpDup, 0, 0, 0)
		g.jump(vm.OpJEmpty, 0, 0, fail)
		g.store(target)
	case "+=":
		if target.Type == ast.TStr {
			g.jump(vm.OpLoadStr, 0, target.Slot, fail)
			g.value(rhs, fail)
			g.emit(vm.OpConcat, 0, 2, 0)
			g.store(target)
			return
		}
		g.update(target, rhs, vm.OpAdd, fail)
	case "-=":
		g.update(target, rhs, vm.OpSub, fail)
	case "*=":
		g.update(target, rhs, vm.OpMul, fail)
	case "/=":
		g.update(target, rhs, vm.OpDiv, fail)
	case "%=":
		g.update(target, rhs, vm.OpMod, fail)
	}
}

// setChar compiles S[i] = x: the character at index i of the string
// variable S is replaced by x. It fails when S is unbound or i is out of
// range, as S[i] does.
func (g *gen) setChar(n *ast.Node, fail int) {
	v, index := n.Args[0].Args[0], n.Args[0].Args[1]
	g.jump(vm.OpLoadStr, 0, v.Slot, fail)
	g.value(n.Args[1], fail)
	g.numValue(index, fail)
	g.jump(vm.OpStrSetChar, 0, 0, fail)
	g.emit(vm.OpStoreStr, 0, v.Slot, 0)
}

func (g *gen) update(target, rhs *ast.Node, op vm.Op, fail int) {
	g.jump(vm.OpLoad, 0, target.Slot, fail)
	g.numValue(rhs, fail)
	if op == vm.OpDiv || op == vm.OpMod {
		g.jump(op, 0, 0, fail)
	} else {
		g.emit(op, 0, 0, 0)
	}
	g.store(target)
}

func (g *gen) store(target *ast.Node) {
	if target.Type == ast.TStr {
		g.emit(vm.OpStoreStr, 0, target.Slot, 0)
		return
	}
	g.emit(vm.OpStore, 0, target.Slot, 0)
}

// comment evaluates its arguments, joins their texts and adds the result
// at the current position. A failing argument makes comment fail.
func (g *gen) comment(n *ast.Node) {
	g.strArgs(n.Args)
	g.emit(vm.OpComment, 0, 0, 0)
}

// strArgs pushes the texts of the arguments of str, comment or message,
// joined into one string.
func (g *gen) strArgs(args []*ast.Node) {
	for _, a := range args {
		g.argText(a)
	}
	if len(args) != 1 {
		g.emit(vm.OpConcat, 0, len(args), 0)
	}
}

// argText pushes the text of one argument of str, comment or message.
// Those filters always match (str.html, comment.html): an argument that
// fails to match prints as <false>, and a matching one without a value as
// <true>. The comments a failed argument made are dropped with it.
func (g *gen) argText(a *ast.Node) {
	failed := g.newLabel()
	mark := g.markComments(a)
	g.value(a, failed)
	if a.Type == ast.TLog {
		g.emit(vm.OpPushStr, 0, 0, g.strConst("<true>"))
	} else {
		g.valueText(a)
	}
	if len(g.labels[failed].refs) == 0 {
		return // a cannot fail
	}
	done := g.newLabel()
	g.jump(vm.OpJump, 0, 0, done)
	g.bind(failed)
	g.truncComments(mark)
	g.emit(vm.OpPushStr, 0, 0, g.strConst("<false>"))
	g.bind(done)
}

// toText pushes the text of a value as comments print it.
func (g *gen) toText(a *ast.Node, fail int) {
	g.value(a, fail)
	g.valueText(a)
}

// valueText turns the value of a, just computed, into its text; a
// logical filter has none and leaves the empty string.
func (g *gen) valueText(a *ast.Node) {
	switch {
	case a.Kind == ast.KVar && a.Flags&ast.FlagPieceVar != 0:
		g.emit(vm.OpToStr, vm.TypePiece, 0, 0)
		return
	}
	switch a.Type {
	case ast.TSet:
		g.emit(vm.OpToStr, vm.TypeSet, 0, 0)
	case ast.TNum:
		g.emit(vm.OpToStr, vm.TypeNum, 0, 0)
	case ast.TPos:
		g.emit(vm.OpToStr, vm.TypePos, 0, 0)
	case ast.TStr:
	default:
		g.emit(vm.OpPushStr, 0, 0, g.strConst(""))
	}
}

// orbit compiles an expanded transform.
func (g *gen) orbit(n *ast.Node, fail int) {
	counted := n.HasRange || n.Flags&ast.FlagCount != 0
	switch {
	case counted:
		g.countMembers(n, fail)
	case n.Type == ast.TSet:
		g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
		for _, m := range n.Args {
			skip := g.newLabel()
			g.value(m, skip)
			g.emit(vm.OpUnion, 0, 0, 0)
			g.bind(skip)
		}
	case n.Type == ast.TNum:
		g.maxMembers(n, fail)
	default:
		g.anyOf(n.Args, fail)
	}
}

// countMembers pushes how many members match; with a range the count
// must lie in it.
func (g *gen) countMembers(n *ast.Node, fail int) {
	cnt := g.slots.new()
	g.emit(vm.OpPushNum, 0, 0, 0)
	g.emit(vm.OpStore, 0, cnt, 0)
	for _, m := range n.Args {
		skip := g.newLabel()
		g.test(m, skip)
		g.emit(vm.OpLoad, 0, cnt, 0)
		g.emit(vm.OpPushNum, 0, 0, 1)
		g.emit(vm.OpAdd, 0, 0, 0)
		g.emit(vm.OpStore, 0, cnt, 0)
		g.bind(skip)
	}
	g.emit(vm.OpLoad, 0, cnt, 0)
	if n.HasRange {
		g.emit(vm.OpDup, 0, 0, 0)
		g.emit(vm.OpPushNum, 0, 0, int32(n.Int))
		g.jump(vm.OpCmpNum, vm.CmpGe, 0, fail)
		g.emit(vm.OpPop, 0, 0, 0)
		g.emit(vm.OpDup, 0, 0, 0)
		g.emit(vm.OpPushNum, 0, 0, int32(n.Int2))
		g.jump(vm.OpCmpNum, vm.CmpLe, 0, fail)
		g.emit(vm.OpPop, 0, 0, 0)
	}
}

// maxMembers pushes the largest value of the matching members.
// Only the best member's comments stay (features.md §10: "for numeric
// transforms only the max-valued member's comments are kept").
func (g *gen) maxMembers(n *ast.Node, fail int) {
	best := g.slots.new()
	g.emit(vm.OpUnbind, 0, best, 0)
	commented := addsComments(n)
	mark := -1
	if commented {
		mark = g.slots.block(3)
	}
	for _, m := range n.Args {
		failed, next := g.newLabel(), g.newLabel()
		if !commented {
			g.value(m, next)
			g.emit(vm.OpMaxInto, 0, best, 0)
			g.bind(next)
			continue
		}
		g.emit(vm.OpMarkComments, 0, mark, 0)
		g.value(m, failed)
		g.emit(vm.OpMaxIntoKeep, 0, best, int32(mark))
		g.jump(vm.OpJump, 0, 0, next)
		g.bind(failed)
		g.truncComments(mark)
		g.bind(next)
	}
	g.jump(vm.OpLoad, 0, best, fail)
}

// maxMin pushes the largest (smallest) of its arguments' values; failing
// arguments are skipped, and it fails when all fail.
func (g *gen) maxMin(n *ast.Node, fail int) {
	best := g.slots.new()
	g.emit(vm.OpUnbind, 0, best, 0)
	op := vm.OpMaxInto
	if n.Kind == ast.KMin {
		op = vm.OpMinInto
	}
	if n.Type == ast.TStr {
		op = vm.OpMaxIntoStr
		if n.Kind == ast.KMin {
			op = vm.OpMinIntoStr
		}
	}
	for _, a := range n.Args {
		skip := g.newLabel()
		g.numOrStr(a, skip)
		g.emit(op, 0, best, 0)
		g.bind(skip)
	}
	if n.Type == ast.TStr {
		g.jump(vm.OpLoadStr, 0, best, fail)
	} else {
		g.jump(vm.OpLoad, 0, best, fail)
	}
}

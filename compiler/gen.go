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
	if n == nil {
		return false
	}
	switch n.Kind {
	case ast.KComment, ast.KSort, ast.KFind, ast.KEcho, ast.KLine, ast.KPath, ast.KConsecutiveMoves:
		return true
	case ast.KMove:
		if n.Move.Comment != nil {
			return true
		}
	}
	for _, a := range n.Args {
		if addsComments(a) {
			return true
		}
	}
	if d := n.Dash; d != nil {
		for _, t := range d.Targets {
			if addsComments(t) {
				return true
			}
		}
	}
	return false
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

// later queues code to emit after the body (subroutines).
func (g *gen) later(f func()) { g.deferred = append(g.deferred, f) }

// subroutine emits a stand-alone test of f: it ends in match or fail.
func (g *gen) subroutine(f *ast.Node) int {
	savedDepth, savedSDepth, savedReach := g.depth, g.sdepth, g.reachable
	g.depth, g.sdepth, g.reachable = 0, 0, true
	entry := len(g.prog.Code)
	fail := g.newLabel()
	g.test(f, fail)
	g.emit(vm.OpMatch, 0, 0, 0)
	g.bind(fail)
	g.emit(vm.OpFail, 0, 0, 0)
	g.depth, g.sdepth, g.reachable = savedDepth, savedSDepth, savedReach
	return entry
}

// valueSubroutine emits code leaving n's value for the machine (OpReturn).
func (g *gen) valueSubroutine(n *ast.Node) int {
	savedDepth, savedSDepth, savedReach := g.depth, g.sdepth, g.reachable
	g.depth, g.sdepth, g.reachable = 0, 0, true
	defer func() { g.depth, g.sdepth, g.reachable = savedDepth, savedSDepth, savedReach }()
	entry := len(g.prog.Code)
	fail := g.newLabel()
	g.value(n, fail)
	g.emit(vm.OpReturn, 0, 0, 0)
	g.bind(fail)
	g.emit(vm.OpFail, 0, 0, 0)
	return entry
}

func (g *gen) increment(slot int) {
	g.emit(vm.OpLoad, 0, slot, 0)
	g.emit(vm.OpPushNum, 0, 0, 1)
	g.emit(vm.OpAdd, 0, 0, 0)
	g.emit(vm.OpStore, 0, slot, 0)
}

// markCommentsAll is markComments for a list of filters.
func (g *gen) markCommentsAll(ns []*ast.Node) int {
	for _, n := range ns {
		if addsComments(n) {
			s := g.slots.new()
			g.emit(vm.OpMarkComments, 0, s, 0)
			return s
		}
	}
	return -1
}

// checkBounds fails unless the number on the stack lies in n's range,
// whose bounds may be numeric variables (an unbound one fails).
func (g *gen) checkBounds(n *ast.Node, fail int) {
	if n.Bounds == nil {
		g.checkRange(n.Int, n.Int2, fail)
		return
	}
	for i, cmp := range []uint8{vm.CmpGe, vm.CmpLe} {
		g.emit(vm.OpDup, 0, 0, 0)
		g.numValue(n.Bounds[i], fail)
		g.jump(vm.OpCmpNum, cmp, 0, fail)
		g.emit(vm.OpPop, 0, 0, 0)
	}
}

// checkRange fails unless lo <= the number on the stack <= hi.
func (g *gen) checkRange(lo, hi int64, fail int) {
	g.emit(vm.OpDup, 0, 0, 0)
	g.emit(vm.OpPushNum, 0, 0, int32(lo))
	g.jump(vm.OpCmpNum, vm.CmpGe, 0, fail)
	g.emit(vm.OpPop, 0, 0, 0)
	g.emit(vm.OpDup, 0, 0, 0)
	g.emit(vm.OpPushNum, 0, 0, int32(hi))
	g.jump(vm.OpCmpNum, vm.CmpLe, 0, fail)
	g.emit(vm.OpPop, 0, 0, 0)
}

func (g *gen) numOrStr(n *ast.Node, fail int) {
	if n.Type == ast.TStr {
		g.value(n, fail)
		return
	}
	g.numValue(n, fail)
}

// placeholder stands in for a value that could not be compiled (after an
// error), keeping the stack bookkeeping consistent so that generation can
// go on to report further errors.
func (g *gen) placeholder(n *ast.Node) {
	switch n.Type {
	case ast.TSet, ast.TNum, ast.TPos:
		g.emit(vm.OpPushNum, 0, 0, 0)
	case ast.TStr:
		g.emit(vm.OpPushStr, 0, 0, g.strConst(""))
	}
}

// typeCode maps a checker type to the machine's value type codes.
func typeCode(t ast.Type) uint8 {
	switch t {
	case ast.TSet:
		return vm.TypeSet
	case ast.TNum:
		return vm.TypeNum
	case ast.TStr:
		return vm.TypeStr
	case ast.TPos:
		return vm.TypePos
	}
	return 0
}

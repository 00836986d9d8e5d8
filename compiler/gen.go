package compiler

import (
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// gen emits bytecode. Every filter compiles to code that either falls
// through with the filter's value on the stack (if it has one) or jumps to
// a fail label. The generator tracks the static stack depths so that each
// fail label can restore them.
type gen struct {
	*nodeInfo // the checker's
	prog      *vm.Program
	src       *source.Source
	errs      *source.ErrorList
	slots     *slotAlloc
	labels    []label
	depth     int // value-stack depth at the current pc
	sdepth    int // string-stack depth at the current pc
	span      source.Span
	vars      map[string]*variable
	// deferred emits code placed after the body (line subroutines)
	deferred []func()
	quiet    bool // the query is quiet: filters add no automatic comments
	// noSetTag, noRemoveComment: the -nosettag and -noremovecomment
	// options, which make those filters do nothing
	noSetTag, noRemoveComment bool
	sets                      map[bitboard.Set]int32
	strs                      map[string]int32
	// reachable is false right after an unconditional jump: the next
	// instruction is only reached through a label.
	reachable bool
	kindSeen  func(pass string, k syntax.Kind) // Options.kindSeen
	// disabled are the optimizations switched off (Options.Disable)
	disabled opt.Set
	// unlinearizedMoves: the move filters compiled now see every move
	// from the position whatever line they are in (a line's necessary
	// start test, made in its caller: see genLine)
	unlinearizedMoves bool
	// everySquareVar: the variable of this name is every square in the
	// code compiled now (loopDomain)
	everySquareVar string
	// relaxedPieceVars: in the code compiled now, each piece variable so
	// named is every square its piece can stand on, or an empty one (the
	// relaxed anchor of find-anchor-relaxed)
	relaxedPieceVars map[string]syntax.PieceMask
	// loops are the square and piece loops whose bodies are being
	// compiled, innermost last
	loops []*syntax.Node
	// roots are the query's top-level filters (localLoop looks through
	// them for a loop variable's name)
	roots []*syntax.Node
	// nonLocal are the names a loop variable must not have to count as
	// local to its loops (nonLocalNames, worked out at the first ask)
	nonLocal map[string]bool
	// keepFailedComments: Options.KeepFailedComments
	keepFailedComments bool
	// operandError is set once a value did not fit an instruction
	// (operandOutOfRange): one error says it all.
	operandError bool
	// comments remembers addsComments of the nodes asked about
	comments map[*syntax.Node]bool
	budget   *budget // the checker's
}

// label is a jump target. depth/sdepth are the stack depths code at the
// label expects; jumps from deeper stacks make bind emit a setsp.
type label struct {
	pc            int
	depth, sdepth int
	refs          []int // pcs of instructions jumping here
	// exact[i]: refs[i] arrives with the stacks at the label's depths,
	// so it may skip the label's setsp (a failure path that most jumps
	// reach at the right depth then costs no instruction for the few
	// that do not)
	exact     []bool
	needSetSP bool
	setSP     bool // bind placed a setsp at pc
}

func newGen(src *source.Source, errs *source.ErrorList, slots *slotAlloc) *gen {
	return &gen{
		prog:      &vm.Program{Src: src},
		src:       src,
		errs:      errs,
		slots:     slots,
		sets:      map[bitboard.Set]int32{},
		strs:      map[string]int32{},
		comments:  map[*syntax.Node]bool{},
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
		lb.setSP = true
	}
	g.depth, g.sdepth = lb.depth, lb.sdepth
	g.reachable = true
}

func (g *gen) emit(op vm.Op, x uint8, a int, b int32) int {
	if a < 0 || a > vm.MaxA {
		g.operandOutOfRange(op, a)
		a = 0
	}
	g.budget.spend(1, g.src, g.span)
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

// operandOutOfRange reports, once, a value that does not fit the A field
// of an instruction, naming the limit of the query it stands for rather
// than truncating it.
func (g *gen) operandOutOfRange(op vm.Op, a int) {
	if g.operandError {
		return
	}
	g.operandError = true
	what := map[vm.Operand]string{
		vm.OSlot:    "query too large: more than 65,535 variables",
		vm.OCount:   "query too large: more than 65,535 items in one list",
		vm.OSort:    "query too large: more than 65,535 sort keys",
		vm.OShape:   "query too large: more than 65,535 piece patterns",
		vm.ORangeLo: "a range bound is out of range",
	}[op.OperandA()]
	if what == "" {
		what = fmt.Sprintf("query too large: the value %d does not fit the instruction %s", a, op)
	}
	g.errs.Add(g.src, g.span, "%s", what)
}

// jump emits op with its B operand targeting label l.
func (g *gen) jump(op vm.Op, x uint8, a int, l int) {
	in := vm.Inst{Op: op, X: x, A: uint16(a)}
	pop, _, spop, _ := vm.StackEffect(in)
	atDepth, atSDepth := g.depth-pop, g.sdepth-spop
	pc := g.emit(op, x, a, 0)
	lb := &g.labels[l]
	lb.refs = append(lb.refs, pc)
	lb.exact = append(lb.exact, atDepth == lb.depth && atSDepth == lb.sdepth)
	if atDepth != lb.depth || atSDepth != lb.sdepth {
		if atDepth < lb.depth || atSDepth < lb.sdepth {
			panic(fmt.Sprintf("compiler: jump to a label from a shallower stack at %s", op))
		}
		lb.needSetSP = true
	}
}

// resolve patches every jump with its label's pc; a jump that arrives at
// the label's stack depths goes past the label's setsp, which would
// change nothing for it.
func (g *gen) resolve() {
	for _, lb := range g.labels {
		for i, ref := range lb.refs {
			if lb.pc < 0 {
				panic("compiler: unbound label")
			}
			target := lb.pc
			if lb.setSP && lb.exact[i] {
				target++
			}
			g.prog.Code[ref].B = int32(target)
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

func (g *gen) errorf(n *syntax.Node, format string, args ...any) {
	g.errs.Add(g.src, n.Span, format, userNames(args)...)
}

// at sets the span recorded for the instructions of n; it returns a
// function restoring the previous one.
func (g *gen) at(n *syntax.Node) func() {
	old := g.span
	g.span = n.Span
	return func() { g.span = old }
}

// numberAsFilter reports the number n matched as a filter. A number
// always matches, so one matched as a filter is most likely misparsed:
// `shift count 2 4 F` is shift count {2}, then 4, then F. The official
// program stops on it ("An attempt to match a position against the
// number: 2 was made ... it is likely a result of an unexpected parse").
func (g *gen) numberAsFilter(n *syntax.Node) {
	g.errorf(n, "the number %d is matched as a filter, where it always matches: this is likely an unexpected parse (shift count 2 4 F reads as shift count {2} then 4 then F); give it a use, such as a comparison", n.Int)
}

// test compiles n as a match test: no value is left on the stack. The
// few kinds whose test is not "compute the value, then drop it" have a
// test method of their own; the others go through testValue.
func (g *gen) test(n *syntax.Node, fail int) {
	defer g.at(n)()
	if g.kindSeen != nil {
		g.kindSeen("gen", n.Kind)
	}
	switch {
	case n.Kind == syntax.KNumber:
		g.numberAsFilter(n)
	case n.Kind == syntax.KString:
		// "Attempt to match the position to a string literal, which is
		// unnecessary because string literals always match"
		g.errorf(n, "a quoted string matched as a filter always matches: this is likely a mistake (a comment is written with comment or ///)")
	case n.Kind == syntax.KStr:
		// the official program stops on these too ("attempt to use
		// 'str ...' but the string value it returns is ignored")
		g.errorf(n, "the string str makes is ignored here, and str always matches: this is likely a mistake; use its value (x = str(...), message, comment, a comparison)")
	case n.Kind == syntax.KPlus && g.typeOf(n) == TStr:
		// ("An attempt to concatenation two string using '+' was made,
		// but the value of the new string would be discarded")
		g.errorf(n, "the string '+' makes is discarded here: this is likely a mistake; assign it or compare it")
	case n.Kind == syntax.KInter && g.typeOf(n.Args[0]) == TPos:
		// the official program stops on these ("Attempt to determine if
		// 'position & position' matches a position"): the squares where
		// two positions agree are hardly ever none, so the test is
		// almost surely not what was meant
		g.errorf(n, "'position & position' matched as a filter: the squares where two positions agree are almost never none, so this is likely a mistake; count them (#(x & y) > 60) or compare the positions (x == y)")
	}
	switch n.Kind {
	case syntax.KCompound:
		g.testCompound(n, fail) // logic.go
	case syntax.KIf:
		g.testIf(n, fail) // logic.go
	case syntax.KCmp, syntax.KAssign:
		g.testRelation(n, fail)
	case syntax.KOrbit:
		g.testOrbit(n, fail) // orbit.go
	case syntax.KColon:
		g.testColon(n, fail) // navigation.go
	case syntax.KHHDB:
		g.testHHDB(n, fail) // hhdb.go
	case syntax.KMove:
		g.testMove(n, fail) // moves.go
	case syntax.KDash:
		g.testDash(n, fail) // moves.go
	default:
		g.testValue(n, fail)
	}
}

// testRelation tests a comparison or an assignment: a relation's match is
// the comparison, not its (left) value.
func (g *gen) testRelation(n *syntax.Node, fail int) {
	g.valueOrFail(n, fail)
	g.drop(g.typeOf(n))
}

// testValue tests n by computing its value: a set matches when it is not
// empty (a failure and the empty set are the same there, so a set filter
// is tested with valueOrFail), other values are dropped.
func (g *gen) testValue(n *syntax.Node, fail int) {
	switch g.typeOf(n) {
	case TSet:
		g.valueOrFail(n, fail)
		g.jump(vm.OpJEmpty, 0, 0, fail)
	case TNum, TPos:
		g.value(n, fail)
		g.emit(vm.OpPop, 0, 0, 0)
	case TStr:
		g.value(n, fail)
		g.emit(vm.OpPopStr, 0, 0, 0)
	default:
		g.value(n, fail)
	}
}

// drop discards a value of type t.
func (g *gen) drop(t Type) {
	switch t {
	case TSet, TNum, TPos:
		g.emit(vm.OpPop, 0, 0, 0)
	case TStr:
		g.emit(vm.OpPopStr, 0, 0, 0)
	}
}

// markComments saves the comment count before n runs when n can add
// comments, so that they can be dropped if n fails. It returns the slot
// (-1 when n adds no comments).
func (g *gen) markComments(n *syntax.Node) int {
	if !g.addsComments(n) {
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
func addsComments(n *syntax.Node) bool { return syntax.Any(n, commentsItself) }

// commentsItself reports whether n itself, its children aside, can
// produce comments.
func commentsItself(n *syntax.Node) bool {
	switch n.Kind {
	case syntax.KComment, syntax.KSort, syntax.KFind, syntax.KEcho, syntax.KLine, syntax.KPath, syntax.KConsecutiveMoves:
		return true
	case syntax.KMove:
		return n.Move.Comment != nil
	}
	return false
}

// addsComments is addsComments remembered for every node under n: the
// generator asks it of each operand of nested filters (not not ..., a or
// b or ...), which walking each operand anew makes quadratic.
func (g *gen) addsComments(n *syntax.Node) bool {
	if n == nil {
		return false
	}
	if v, ok := g.comments[n]; ok {
		return v
	}
	v := commentsItself(n)
	for _, c := range syntax.Children(n) {
		if v {
			break
		}
		v = g.addsComments(c)
	}
	g.comments[n] = v
	return v
}

// numValue leaves n's value as a number: sets are counted.
func (g *gen) numValue(n *syntax.Node, fail int) {
	g.value(n, fail)
	if g.typeOf(n) == TSet {
		g.emit(vm.OpCount, 0, 0, 0)
	}
}

// value compiles n leaving its value on the stack (nothing for logical
// filters), or jumping to fail when n fails to match.
//
// A set filter always has a value (features.md §5): where its value is
// used — compared (==, !=, in, <, ...), counted (#, sort, arithmetic),
// complemented, combined (|, &, ->, light, up, ...), assigned, looped
// over (square, piece, ∊), printed (str, comment, message) — one that
// fails to match yields the empty set instead of making the filter using
// it fail. The official program does this for every set filter: move
// with from/to/capture, dashes with a target, P:S with no position P
// (parent at the start, child at the end), compounds and if/else whose
// value is a set, makesquare, a dictionary's missing set entry; so
// `[] == (move to K)`, `x = R--a1(a1)` (binding []) and `~(move to K)`
// (every square) match. Where a set filter is only tested (at the top
// level, in a compound, not, if's condition) a failure and the empty
// set both fail, and testValue skips this step. Assignments (whose match
// is the assignment's: =? fails on the empty set) and variables (an
// unbound set variable stops the official program with an error) still
// fail; set equality is a logical filter (checkCmp). The empty-set path costs nothing when n cannot fail, and is
// placed after the body, so the path where n matches runs the same
// instructions as before.
func (g *gen) value(n *syntax.Node, fail int) {
	if g.typeOf(n) != TSet || !emptyOnFailure(n) {
		g.valueOrFail(n, fail)
		return
	}
	failed := g.newLabel()
	g.valueOrFail(n, failed)
	if len(g.labels[failed].refs) == 0 {
		return // n cannot fail
	}
	done := g.newLabel()
	g.bind(done)
	span := n.Span
	g.later(func() {
		savedDepth, savedSDepth, savedSpan := g.depth, g.sdepth, g.span
		g.span, g.reachable = span, false
		g.bind(failed)
		g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
		g.jump(vm.OpJump, 0, 0, done)
		g.depth, g.sdepth, g.span = savedDepth, savedSDepth, savedSpan
	})
}

// emptyOnFailure reports whether a set filter n yields the empty set, in
// value, when it fails (see value).
func emptyOnFailure(n *syntax.Node) bool {
	switch n.Kind {
	case syntax.KAssign, syntax.KVar:
		return false
	}
	return true
}

// valueOrFail compiles n leaving its value on the stack (nothing for
// logical filters), or jumping to fail, also for a set filter (for the
// set filters tested and for a set filter whose value is its parent's,
// whose own value call turns a failure into the empty set): the one
// switch on the kinds the generator handles. Each filter's code
// generation is a method named after it, in the file of its feature,
// beside its check.
func (g *gen) valueOrFail(n *syntax.Node, fail int) {
	defer g.at(n)()
	if g.kindSeen != nil {
		g.kindSeen("gen", n.Kind)
	}
	switch n.Kind {
	// logic.go
	case syntax.KTrue:
		g.genTrue(n, fail)
	case syntax.KFalse:
		g.genFalse(n, fail)
	case syntax.KCompound:
		g.genCompound(n, fail)
	case syntax.KAnd:
		g.genAnd(n, fail)
	case syntax.KOr:
		g.genOr(n, fail)
	case syntax.KNot:
		g.genNot(n, fail)
	case syntax.KIf:
		g.genIf(n, fail)
	case syntax.KAssert:
		g.genAssert(n, fail)

	// arith.go
	case syntax.KNumber:
		g.genNumber(n, fail)
	case syntax.KPlus:
		g.genPlus(n, fail)
	case syntax.KMinus:
		g.genMinus(n, fail)
	case syntax.KTimes:
		g.genTimes(n, fail)
	case syntax.KDiv, syntax.KMod:
		g.genDivMod(n, fail)
	case syntax.KNeg:
		g.genNeg(n, fail)
	case syntax.KAbs:
		g.genAbs(n, fail)
	case syntax.KSqrt:
		g.genSqrt(n, fail)
	case syntax.KMax, syntax.KMin:
		g.genMaxMin(n, fail)
	case syntax.KCmp:
		g.genCmp(n, fail)
	case syntax.KCount:
		g.genCount(n, fail)

	// sets.go
	case syntax.KDesig:
		g.genDesignator(n, fail)
	case syntax.KEmptySet:
		g.genEmptySet(n, fail)
	case syntax.KInter:
		g.genInter(n, fail)
	case syntax.KUnion, syntax.KAttacks, syntax.KAttackedBy, syntax.KBetween:
		g.genSetOp(n, fail)
	case syntax.KArrowChain:
		g.genArrowChain(n, fail)
	case syntax.KCompl:
		g.genCompl(n, fail)
	case syntax.KLight, syntax.KDark:
		g.genLightDark(n, fail)
	case syntax.KDirection:
		g.genDirection(n, fail)
	case syntax.KIn:
		g.genIn(n, fail)
	case syntax.KMakeSquare:
		g.genMakeSquare(n, fail)
	case syntax.KPin:
		g.genPin(n, fail)
	case syntax.KRay, syntax.KXray:
		g.genRay(n, fail)

	// pieces.go
	case syntax.KRank, syntax.KFile, syntax.KType, syntax.KColorType:
		g.genSquareProperty(n, fail)
	case syntax.KPower:
		g.genPower(n, fail)
	case syntax.KPieceName, syntax.KTypeName:
		g.genPieceName(n, fail)
	case syntax.KPieceId:
		g.genPieceId(n, fail)
	case syntax.KPassedPawns, syntax.KIsolatedPawns, syntax.KDoubledPawns, syntax.KConnectedPawns:
		g.genPawns(n, fail)

	// status.go
	case syntax.KWtm, syntax.KBtm, syntax.KCheck, syntax.KMate, syntax.KStalemate, syntax.KInitial, syntax.KTerminal, syntax.KMainline, syntax.KVariation:
		g.genStatus(n, fail)
	case syntax.KPureMate, syntax.KPureStalemate, syntax.KModelMate, syntax.KModelStalemate, syntax.KIdealMate, syntax.KIdealStalemate:
		g.genMateKind(n, fail)
	case syntax.KTry:
		g.genTry(n, fail)
	case syntax.KVirtualMainline:
		g.genVirtualMainline(n, fail)

	// info.go
	case syntax.KSideToMove, syntax.KPly, syntax.KMoveNumber, syntax.KPositionId, syntax.KDepth, syntax.KGameNumber, syntax.KLastGameNumber, syntax.KYear:
		g.genInfoNumber(n, fail)
	case syntax.KWhite, syntax.KBlack:
		g.genColorConstant(n, fail)
	case syntax.KElo:
		g.genElo(n, fail)
	case syntax.KResult:
		g.genResult(n, fail)
	case syntax.KPlayer:
		g.genPlayer(n, fail)
	case syntax.KTagValue:
		g.genTag(n, fail)
	case syntax.KFen:
		g.genFen(n, fail)
	case syntax.KOriginalComment:
		g.genOriginalComment(n, fail)
	case syntax.KSimilarPosition:
		g.genSimilar(n, fail)
	case syntax.KHasNAG:
		g.genHasNAG(n, fail)
	case syntax.KHHDB:
		g.genHHDB(n, fail) // hhdb.go

	// strings.go
	case syntax.KString:
		g.genString(n, fail)
	case syntax.KStrIndex:
		g.genStrIndex(n, fail)
	case syntax.KSlice:
		g.genSlice(n, fail)
	case syntax.KRegex:
		g.genRegex(n, fail)
	case syntax.KGroup:
		g.genGroup(n, fail)
	case syntax.KLower, syntax.KUpper:
		g.genLowerUpper(n, fail)
	case syntax.KInt:
		g.genInt(n, fail)
	case syntax.KAscii:
		g.genAscii(n, fail)
	case syntax.KIndexOf:
		g.genIndexOf(n, fail)

	// output.go
	case syntax.KStr:
		g.genStr(n, fail)
	case syntax.KComment:
		g.genComment(n, fail)
	case syntax.KMessage:
		g.genMessage(n, fail)
	case syntax.KSort:
		g.genSort(n, fail)
	case syntax.KSetTag:
		g.genSetTag(n, fail)
	case syntax.KRemoveTag:
		g.genRemoveTag(n, fail)
	case syntax.KRemoveComment:
		g.genRemoveComment(n, fail)

	// variables.go
	case syntax.KVar:
		g.genVar(n, fail)
	case syntax.KAssign:
		g.genAssign(n, fail)
	case syntax.KPieceAssign:
		g.genPieceAssign(n, fail)
	case syntax.KPersistent:
		g.genPersistent(n, fail)
	case syntax.KUnbind:
		g.genUnbind(n, fail)
	case syntax.KIsBound:
		g.genIsBound(n, fail)
	case syntax.KIsUnbound:
		g.genIsUnbound(n, fail)

	// loops.go
	case syntax.KSquareLoop, syntax.KPieceLoop:
		g.genSquareLoop(n, fail)
	case syntax.KLoop:
		g.genLoop(n, fail)
	case syntax.KWhile:
		g.genWhile(n, fail)

	// dict.go
	case syntax.KDictDecl:
		g.genDictDecl(n, fail)
	case syntax.KElementLoop:
		g.genElementLoop(n, fail)

	// navigation.go, find.go, echo.go
	case syntax.KCurrentPosition:
		g.genCurrentPosition(n, fail)
	case syntax.KInitialPosition:
		g.genInitialPosition(n, fail)
	case syntax.KParent:
		g.genParent(n, fail)
	case syntax.KChild:
		g.genChild(n, fail)
	case syntax.KPosition:
		g.genPosition(n, fail)
	case syntax.KColon:
		g.genColon(n, fail)
	case syntax.KFind:
		g.genFind(n, fail)
	case syntax.KEcho:
		g.genEcho(n, fail)
	case syntax.KLca:
		g.genLca(n, fail)
	case syntax.KAncestor, syntax.KDescendant:
		g.genAncestor(n, fail)
	case syntax.KDistance:
		g.genDistance(n, fail)
	case syntax.KConsecutiveMoves:
		g.genConsecutiveMoves(n, fail)
	case syntax.KAncestry:
		g.genAncestry(n, fail)

	// moves.go
	case syntax.KDash:
		g.genDash(n, fail)
	case syntax.KMove:
		g.genMove(n, fail)
	case syntax.KCountMoves:
		g.genCountMoves(n, fail)
	case syntax.KCurrentMove:
		g.genCurrentMove(n, fail)
	case syntax.KFrom, syntax.KTo, syntax.KEnPassantSquare:
		g.genMoveSquare(n, fail)
	case syntax.KCastle, syntax.KOO, syntax.KOOO, syntax.KEnPassant, syntax.KNullMove, syntax.KPrimary, syntax.KSecondary:
		g.genMoveIs(n, fail)

	// line.go, path.go
	case syntax.KLine:
		g.genLine(n, fail)
	case syntax.KPath:
		g.genPath(n, fail)
	case syntax.KPathCount, syntax.KPathCountUnfocused:
		g.genPathCount(n, fail)
	case syntax.KPathStart, syntax.KPathLastPosition:
		g.genPathPosition(n, fail)

	// orbit.go
	case syntax.KOrbit:
		g.genOrbit(n, fail)
	case syntax.KNoTransform:
		g.genNoTransform(n, fail)

	// builtins.go
	case syntax.KExchangeEvaluation:
		g.genExchange(n, fail)
	case syntax.KMaxSwapEvaluation:
		g.genMaxSwap(n, fail)
	case syntax.KPawnCount:
		g.genPawnCount(n, fail)
	case syntax.KGoodBishop:
		g.genGoodBishop(n, fail)
	case syntax.KOpposition, syntax.KCannotWin, syntax.KMatingMaterial, syntax.KGameIsOver, syntax.KFiftyMoveRule, syntax.KThreefoldRepetition, syntax.KTakesLastPiece, syntax.KShuffleChess:
		g.genBuiltinTest(n, fail)
	case syntax.KHalfmoveClock, syntax.KRepetitionCount, syntax.KStartPosition:
		g.genBuiltinNumber(n, fail)
	case syntax.KEvaluation, syntax.KMoveEvaluation:
		g.genEvaluation(n, fail)

	// annotations.go
	case syntax.KEval, syntax.KEvalMate, syntax.KClock, syntax.KEmt:
		g.genAnnotation(n, fail)
	case syntax.KEngineEval:
		g.genEngineEval(n, fail)

	// variants.go
	case syntax.KVariantName, syntax.KCheckCount, syntax.KInHand, syntax.KDrop:
		g.genVariantFilter(n, fail)

	default:
		// the checker rejects or rewrites every other kind
		g.errorf(n, "internal error: the generator has no case for node kind %d", n.Kind)
		g.placeholder(n)
	}
}

func valueWidth(t Type) int {
	switch t {
	case TSet, TNum, TPos:
		return 1
	}
	return 0
}

func strWidth(t Type) int {
	if t == TStr {
		return 1
	}
	return 0
}

// emitDeferred emits the code queued by later, and any it queues.
func (g *gen) emitDeferred() {
	for len(g.deferred) > 0 {
		f := g.deferred[0]
		g.deferred = g.deferred[1:]
		f()
	}
}

// later queues code to emit after the body (subroutines, the empty-set
// paths of set filters).
func (g *gen) later(f func()) {
	src := g.src // the text whose errors f reports
	g.deferred = append(g.deferred, func() {
		old := g.src
		g.src = src
		f()
		g.src = old
	})
}

// subroutine emits a stand-alone test of f: it ends in match or fail.
func (g *gen) subroutine(f *syntax.Node) int {
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
func (g *gen) valueSubroutine(n *syntax.Node) int {
	return g.valueSubroutineOf(func(fail int) { g.value(n, fail) })
}

// valueSubroutineOf emits a stand-alone subroutine whose body (which
// pushes one value, or jumps to fail) leaves its value for the machine.
func (g *gen) valueSubroutineOf(body func(fail int)) int {
	savedDepth, savedSDepth, savedReach := g.depth, g.sdepth, g.reachable
	g.depth, g.sdepth, g.reachable = 0, 0, true
	defer func() { g.depth, g.sdepth, g.reachable = savedDepth, savedSDepth, savedReach }()
	entry := len(g.prog.Code)
	fail := g.newLabel()
	body(fail)
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
func (g *gen) markCommentsAll(ns []*syntax.Node) int {
	for _, n := range ns {
		if g.addsComments(n) {
			s := g.slots.new()
			g.emit(vm.OpMarkComments, 0, s, 0)
			return s
		}
	}
	return -1
}

// checkBounds fails unless the number on the stack lies in n's range,
// whose bounds may be numeric variables (an unbound one fails).
func (g *gen) checkBounds(n *syntax.Node, fail int) {
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

func (g *gen) numOrStr(n *syntax.Node, fail int) {
	if g.typeOf(n) == TStr {
		g.value(n, fail)
		return
	}
	g.numValue(n, fail)
}

// placeholder stands in for a value that could not be compiled (after an
// error), keeping the stack bookkeeping consistent so that generation can
// go on to report further errors.
func (g *gen) placeholder(n *syntax.Node) {
	switch g.typeOf(n) {
	case TSet, TNum, TPos:
		g.emit(vm.OpPushNum, 0, 0, 0)
	case TStr:
		g.emit(vm.OpPushStr, 0, 0, g.strConst(""))
	}
}

// typeCode maps a checker type to the machine's value type codes.
func typeCode(t Type) uint8 {
	switch t {
	case TSet:
		return vm.TypeSet
	case TNum:
		return vm.TypeNum
	case TStr:
		return vm.TypeStr
	case TPos:
		return vm.TypePos
	}
	return 0
}

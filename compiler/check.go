package compiler

import (
	"strings"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// variable is a user variable: its type is fixed by its first assignment
// in the text.
type variable struct {
	Name       string
	Type       Type
	Slot       int
	Piece      bool // a piece variable: the slot holds a piece identity
	Persistent bool
	Quiet      bool
	ZeroInit   bool // a persistent variable: starts at 0, "" or the empty set rather than unbound
	Atomic     bool // restored when a path backtracks
	Dict       *dictInfo
}

// checker resolves variables and infers the type of every node.
type checker struct {
	*nodeInfo // the types and slots of the checked nodes
	src       *source.Source
	errs      *source.ErrorList
	vars      map[string]*variable
	slots     *slotAlloc
	funcs     map[string]*syntax.Node
	calls     int // number of inlined calls, for fresh parameter names
	budget    *budget
	// dictNames are the names declared as dictionaries anywhere in the text
	dictNames map[string]bool
	sorts     []vm.SortKey
	sortAt    []source.Span // where each undocumented sort key was written
	dicts     []*dictInfo

	needPieceIDs, needLastGame bool
	needEngine                 bool                             // builtins.go: the program evaluates positions with an engine
	refuseExtensions           string                           // Options.RefuseExtensions
	refuseEngine               string                           // Options.RefuseEngine
	chess                      vm.Chess                         // Options.Chess, for the built-ins (builtins.go)
	kindSeen                   func(pass string, k syntax.Kind) // Options.kindSeen
}

// slotAlloc hands out machine slots for variables and compiler temporaries.
type slotAlloc struct{ n int }

func (s *slotAlloc) new() int { s.n++; return s.n - 1 }

// block allocates n consecutive slots and returns the first.
func (s *slotAlloc) block(n int) int { s.n += n; return s.n - n }

func (c *checker) errorf(n *syntax.Node, format string, args ...any) {
	c.errs.Add(c.src, n.Span, format, userNames(args)...)
}

// userNames gives the variables among a message's arguments the names the
// user wrote: a function's parameter becomes a variable of each call
// (function.go names it fn#call.param), which a message calls param. The
// names and strings of the query a message quotes are cut to
// maxQuoted characters: a name may be megabytes long.
func userNames(args []any) []any {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = source.Shorten(userName(s), maxQuoted)
		}
	}
	return args
}

// maxQuoted bounds a name or string of the query quoted in a message, in
// characters.
const maxQuoted = 60

// userName is a variable's name as written: the parameter of fn#n.param.
func userName(name string) string {
	fn, param, ok := strings.Cut(name, ".")
	if _, call, hash := strings.Cut(fn, "#"); ok && hash && call != "" && strings.Trim(call, "0123456789") == "" {
		return param
	}
	return name
}

// expect checks n and reports an error unless its type is one of want.
func (c *checker) expect(n *syntax.Node, what string, want ...Type) Type {
	t := c.check(n)
	for _, w := range want {
		if t == w {
			return t
		}
	}
	if t != TUnknown {
		c.errorf(n, "%s must be a %s filter, but this is a %s filter", what, typeList(want), t)
	}
	return TUnknown
}

func typeList(ts []Type) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += " or "
		}
		s += t.String()
	}
	return s
}

// numeric checks a number operand; sets are counted.
func (c *checker) numeric(n *syntax.Node, what string) {
	c.expect(n, what, TNum, TSet)
}

func (c *checker) check(n *syntax.Node) Type {
	if n == nil || !c.budget.spend(1, c.src, n.Span) {
		return TUnknown
	}
	t := c.infer(n)
	c.setType(n, t)
	for i, b := range n.Bounds {
		if i == 0 || b != n.Bounds[0] { // one bound stands for both
			c.expect(b, "a range bound", TNum)
		}
	}
	return t
}

func (c *checker) checkAll(ns []*syntax.Node) {
	for _, a := range ns {
		c.check(a)
	}
}

// infer types n: the one switch on the kinds the checker handles. Each
// filter's check is a method named after it, in the file of its feature
// (logic.go, arith.go, sets.go, ...); the generator's switch, in gen.go,
// has the same shape.
func (c *checker) infer(n *syntax.Node) Type {
	if c.refuseExtensions != "" && syntax.IsExtension(n.Kind) {
		c.errorf(n, "'%s' is a cqlvm extension, not CQL 6.2: %s", syntax.KeywordOf(n.Kind), c.refuseExtensions)
	}
	if c.kindSeen != nil {
		c.kindSeen("check", n.Kind)
	}
	switch n.Kind {
	// logic.go
	case syntax.KTrue, syntax.KFalse:
		return c.checkTrueFalse(n)
	case syntax.KCompound:
		return c.checkCompound(n)
	case syntax.KAnd, syntax.KOr:
		return c.checkAndOr(n)
	case syntax.KNot:
		return c.checkNot(n)
	case syntax.KIf:
		return c.checkIf(n)
	case syntax.KAssert:
		return c.checkAssert(n)

	// arith.go
	case syntax.KNumber:
		return c.checkNumber(n)
	case syntax.KPlus:
		return c.checkPlus(n)
	case syntax.KMinus:
		return c.checkMinus(n)
	case syntax.KTimes, syntax.KDiv, syntax.KMod:
		return c.checkTimesDivMod(n)
	case syntax.KNeg, syntax.KAbs, syntax.KSqrt:
		return c.checkNegAbsSqrt(n)
	case syntax.KMax, syntax.KMin:
		return c.checkMaxMin(n)
	case syntax.KCmp:
		return c.checkCmp(n)
	case syntax.KCount:
		return c.checkCount(n)

	// sets.go
	case syntax.KDesig:
		return c.checkDesignator(n)
	case syntax.KEmptySet:
		return c.checkEmptySet(n)
	case syntax.KInter:
		return c.checkInter(n)
	case syntax.KUnion, syntax.KAttacks, syntax.KAttackedBy:
		return c.checkSetOp(n)
	case syntax.KBetween:
		return c.checkBetween(n)
	case syntax.KArrowChain:
		return c.checkArrowChain(n)
	case syntax.KCompl:
		return c.checkCompl(n)
	case syntax.KLight, syntax.KDark:
		return c.checkLightDark(n)
	case syntax.KDirection:
		return c.checkDirection(n)
	case syntax.KIn:
		return c.checkIn(n)
	case syntax.KMakeSquare:
		return c.checkMakeSquare(n)
	case syntax.KPin:
		return c.checkPin(n)
	case syntax.KRay, syntax.KXray:
		return c.checkRay(n)

	// pieces.go
	case syntax.KRank, syntax.KFile, syntax.KType, syntax.KColorType:
		return c.checkSquareProperty(n)
	case syntax.KPower:
		return c.checkPower(n)
	case syntax.KPieceName, syntax.KTypeName:
		return c.checkPieceName(n)
	case syntax.KPieceId:
		return c.checkPieceId(n)
	case syntax.KPassedPawns, syntax.KIsolatedPawns, syntax.KDoubledPawns, syntax.KConnectedPawns:
		return c.checkPawns(n)

	// status.go
	case syntax.KWtm, syntax.KBtm, syntax.KCheck, syntax.KMate, syntax.KStalemate, syntax.KInitial, syntax.KTerminal, syntax.KMainline, syntax.KVariation:
		return c.checkStatus(n)
	case syntax.KPureMate, syntax.KPureStalemate, syntax.KModelMate, syntax.KModelStalemate, syntax.KIdealMate, syntax.KIdealStalemate:
		return c.checkMateKind(n)
	case syntax.KTry:
		return c.checkTry(n)
	case syntax.KVirtualMainline:
		return c.checkVirtualMainline(n)

	// info.go
	case syntax.KSideToMove, syntax.KPly, syntax.KMoveNumber, syntax.KPositionId, syntax.KDepth, syntax.KGameNumber, syntax.KLastGameNumber, syntax.KYear:
		return c.checkInfoNumber(n)
	case syntax.KWhite, syntax.KBlack:
		return c.checkColorConstant(n)
	case syntax.KElo:
		return c.checkElo(n)
	case syntax.KResult:
		return c.checkResult(n)
	case syntax.KPlayer:
		return c.checkPlayer(n)
	case syntax.KTagValue:
		return c.checkTag(n)
	case syntax.KFen:
		return c.checkFen(n)
	case syntax.KOriginalComment:
		return c.checkOriginalComment(n)
	case syntax.KHasNAG:
		return c.checkHasNAG(n)
	case syntax.KSimilarPosition:
		return c.checkSimilar(n)
	case syntax.KHHDB:
		return c.checkHHDB(n) // hhdb.go

	// strings.go
	case syntax.KString:
		return c.checkString(n)
	case syntax.KStrIndex:
		return c.checkStrIndex(n)
	case syntax.KSlice:
		return c.checkSlice(n)
	case syntax.KRegex:
		return c.checkRegex(n)
	case syntax.KGroup:
		return c.checkGroup(n)
	case syntax.KLower, syntax.KUpper:
		return c.checkLowerUpper(n)
	case syntax.KInt:
		return c.checkInt(n)
	case syntax.KAscii:
		return c.checkAscii(n)
	case syntax.KIndexOf:
		return c.checkIndexOf(n)

	// output.go
	case syntax.KStr:
		return c.checkStr(n)
	case syntax.KComment:
		return c.checkComment(n)
	case syntax.KMessage:
		return c.checkMessage(n)
	case syntax.KSort:
		return c.checkSort(n)
	case syntax.KSetTag:
		return c.checkSetTag(n)
	case syntax.KRemoveTag:
		return c.checkRemoveTag(n)
	case syntax.KRemoveComment:
		return c.checkRemoveComment(n)

	// variables.go
	case syntax.KVar:
		return c.checkVar(n)
	case syntax.KAssign:
		return c.checkAssign(n)
	case syntax.KPieceAssign:
		return c.checkPieceAssign(n)
	case syntax.KPersistent:
		return c.checkPersistent(n)
	case syntax.KUnbind, syntax.KIsBound, syntax.KIsUnbound:
		return c.checkUnbind(n)

	// loops.go
	case syntax.KSquareLoop, syntax.KPieceLoop:
		return c.checkSquareLoop(n)
	case syntax.KLoop:
		return c.checkLoop(n)
	case syntax.KWhile:
		return c.checkWhile(n)

	// dict.go
	case syntax.KDictDecl:
		return c.checkDictDecl(n)
	case syntax.KElementLoop:
		return c.checkElementLoop(n)

	// navigation.go, find.go, echo.go
	case syntax.KCurrentPosition, syntax.KInitialPosition, syntax.KParent:
		return c.checkPositionConstant(n)
	case syntax.KChild:
		return c.checkChild(n)
	case syntax.KPosition:
		return c.checkPosition(n)
	case syntax.KColon:
		return c.checkColon(n)
	case syntax.KFind:
		return c.checkFind(n)
	case syntax.KEcho:
		return c.checkEcho(n)
	case syntax.KLca:
		return c.checkLca(n)
	case syntax.KAncestor, syntax.KDescendant:
		return c.checkAncestor(n)
	case syntax.KDistance:
		return c.checkDistance(n)
	case syntax.KConsecutiveMoves:
		return c.checkConsecutiveMoves(n)
	case syntax.KAncestry:
		return c.checkAncestry(n)

	// moves.go
	case syntax.KDash:
		return c.checkDash(n)
	case syntax.KMove:
		return c.checkMove(n)
	case syntax.KCountMoves:
		return c.checkCountMoves(n)
	case syntax.KCurrentMove:
		return c.checkCurrentMove(n)
	case syntax.KFrom, syntax.KTo, syntax.KEnPassantSquare:
		return c.checkMoveSquare(n)
	case syntax.KCastle, syntax.KOO, syntax.KOOO, syntax.KEnPassant, syntax.KNullMove, syntax.KPrimary, syntax.KSecondary:
		return c.checkMoveIs(n)

	// line.go, path.go
	case syntax.KLine:
		return c.checkLine(n)
	case syntax.KPath:
		return c.checkPath(n)
	case syntax.KPathCount, syntax.KPathCountUnfocused:
		return c.checkPathCount(n)
	case syntax.KPathStart, syntax.KPathLastPosition:
		return c.checkPathPosition(n)

	// orbit.go
	case syntax.KOrbit:
		return c.checkOrbit(n)
	case syntax.KNoTransform:
		return c.checkNoTransform(n)
	case syntax.KCurrentTransform:
		return c.checkCurrentTransform(n)
	case syntax.KTransform:
		return c.checkTransform(n)

	// builtins.go
	case syntax.KExchangeEvaluation:
		return c.checkExchange(n)
	case syntax.KMaxSwapEvaluation:
		return c.checkMaxSwap(n)
	case syntax.KPawnCount:
		return c.checkPawnCount(n)
	case syntax.KGoodBishop:
		return c.checkGoodBishop(n)
	case syntax.KOpposition, syntax.KCannotWin:
		return c.checkBuiltinColor(n)
	case syntax.KMatingMaterial, syntax.KGameIsOver, syntax.KFiftyMoveRule, syntax.KThreefoldRepetition, syntax.KTakesLastPiece, syntax.KShuffleChess:
		return c.checkBuiltinTest(n)
	case syntax.KHalfmoveClock, syntax.KRepetitionCount, syntax.KStartPosition:
		return c.checkBuiltinNumber(n)
	case syntax.KEvaluation, syntax.KMoveEvaluation:
		return c.checkEvaluation(n)

	// annotations.go
	case syntax.KEval, syntax.KEvalMate, syntax.KClock, syntax.KEmt:
		return c.checkAnnotation(n)
	case syntax.KEngineEval:
		return c.checkEngineEval(n)

	// variants.go
	case syntax.KVariantName, syntax.KCheckCount, syntax.KInHand, syntax.KDrop:
		return c.checkVariantFilter(n)

	case syntax.KFuncDef, syntax.KReadFile, syntax.KWriteFile:
		return c.checkUnsupported(n)
	}
	c.errorf(n, "internal error: the checker has no case for node kind %d", n.Kind)
	return TUnknown
}

// checkUnsupported reports a filter the parser knows but the compiler does
// not implement (and a function definition nested inside a filter).
func (c *checker) checkUnsupported(n *syntax.Node) Type {
	c.errorf(n, "this filter is not supported yet")
	return TUnknown
}

// opName is a readable name of a node's operator for messages.
func opName(n *syntax.Node) string {
	return syntax.MessageName(n)
}

func (c *checker) expectOpt(n *syntax.Node, what string, want ...Type) {
	if n != nil {
		c.expect(n, what, want...)
	}
}

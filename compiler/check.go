package compiler

import (
	"strings"

	ast "cqlvm/compiler/syntax"
	"cqlvm/source"
	"cqlvm/vm"
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
	funcs     map[string]*ast.Node
	calls     int // number of inlined calls, for fresh parameter names
	budget    *budget
	// dictNames are the names declared as dictionaries anywhere in the text
	dictNames map[string]bool
	sorts     []vm.SortKey
	sortAt    []source.Span // where each undocumented sort key was written
	dicts     []*dictInfo

	needPieceIDs, needLastGame bool
	needEngine                 bool                          // builtins.go: the program evaluates positions with an engine
	kindSeen                   func(pass string, k ast.Kind) // Options.kindSeen
}

// slotAlloc hands out machine slots for variables and compiler temporaries.
type slotAlloc struct{ n int }

func (s *slotAlloc) new() int { s.n++; return s.n - 1 }

// block allocates n consecutive slots and returns the first.
func (s *slotAlloc) block(n int) int { s.n += n; return s.n - n }

func (c *checker) errorf(n *ast.Node, format string, args ...any) {
	c.errs.Add(c.src, n.Span, format, userNames(args)...)
}

// userNames gives the variables among a message's arguments the names the
// user wrote: a function's parameter becomes a variable of each call
// (inline.go names it fn#call.param), which a message calls param. The
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
func (c *checker) expect(n *ast.Node, what string, want ...Type) Type {
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
func (c *checker) numeric(n *ast.Node, what string) {
	c.expect(n, what, TNum, TSet)
}

func (c *checker) check(n *ast.Node) Type {
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

func (c *checker) checkAll(ns []*ast.Node) {
	for _, a := range ns {
		c.check(a)
	}
}

// infer types n: the one switch on the kinds the checker handles. Each
// filter's check is a method named after it, in the file of its feature
// (logic.go, arith.go, sets.go, ...); the generator's switch, in gen.go,
// has the same shape.
func (c *checker) infer(n *ast.Node) Type {
	if c.kindSeen != nil {
		c.kindSeen("check", n.Kind)
	}
	switch n.Kind {
	// logic.go
	case ast.KTrue, ast.KFalse:
		return c.checkTrueFalse(n)
	case ast.KCompound:
		return c.checkCompound(n)
	case ast.KAnd, ast.KOr:
		return c.checkAndOr(n)
	case ast.KNot:
		return c.checkNot(n)
	case ast.KIf:
		return c.checkIf(n)
	case ast.KAssert:
		return c.checkAssert(n)

	// arith.go
	case ast.KNumber:
		return c.checkNumber(n)
	case ast.KPlus:
		return c.checkPlus(n)
	case ast.KMinus:
		return c.checkMinus(n)
	case ast.KTimes, ast.KDiv, ast.KMod:
		return c.checkTimesDivMod(n)
	case ast.KNeg, ast.KAbs, ast.KSqrt:
		return c.checkNegAbsSqrt(n)
	case ast.KMax, ast.KMin:
		return c.checkMaxMin(n)
	case ast.KCmp:
		return c.checkCmp(n)
	case ast.KCount:
		return c.checkCount(n)

	// sets.go
	case ast.KDesig:
		return c.checkDesignator(n)
	case ast.KEmptySet:
		return c.checkEmptySet(n)
	case ast.KInter:
		return c.checkInter(n)
	case ast.KUnion, ast.KAttacks, ast.KAttackedBy:
		return c.checkSetOp(n)
	case ast.KBetween:
		return c.checkBetween(n)
	case ast.KArrowChain:
		return c.checkArrowChain(n)
	case ast.KCompl:
		return c.checkCompl(n)
	case ast.KLight, ast.KDark:
		return c.checkLightDark(n)
	case ast.KDirection:
		return c.checkDirection(n)
	case ast.KIn:
		return c.checkIn(n)
	case ast.KMakeSquare:
		return c.checkMakeSquare(n)
	case ast.KPin:
		return c.checkPin(n)
	case ast.KRay, ast.KXray:
		return c.checkRay(n)

	// pieces.go
	case ast.KRank, ast.KFile, ast.KType, ast.KColorType:
		return c.checkSquareProperty(n)
	case ast.KPower:
		return c.checkPower(n)
	case ast.KPieceName, ast.KTypeName:
		return c.checkPieceName(n)
	case ast.KPieceId:
		return c.checkPieceId(n)
	case ast.KPassedPawns, ast.KIsolatedPawns, ast.KDoubledPawns, ast.KConnectedPawns:
		return c.checkPawns(n)

	// status.go
	case ast.KWtm, ast.KBtm, ast.KCheck, ast.KMate, ast.KStalemate, ast.KInitial, ast.KTerminal, ast.KMainline, ast.KVariation:
		return c.checkStatus(n)
	case ast.KPureMate, ast.KPureStalemate, ast.KModelMate, ast.KModelStalemate, ast.KIdealMate, ast.KIdealStalemate:
		return c.checkMateKind(n)
	case ast.KTry:
		return c.checkTry(n)
	case ast.KVirtualMainline:
		return c.checkVirtualMainline(n)

	// info.go
	case ast.KSideToMove, ast.KPly, ast.KMoveNumber, ast.KPositionId, ast.KDepth, ast.KGameNumber, ast.KLastGameNumber, ast.KYear:
		return c.checkInfoNumber(n)
	case ast.KWhite, ast.KBlack:
		return c.checkColorConstant(n)
	case ast.KElo:
		return c.checkElo(n)
	case ast.KResult:
		return c.checkResult(n)
	case ast.KPlayer:
		return c.checkPlayer(n)
	case ast.KTagValue:
		return c.checkTag(n)
	case ast.KFen:
		return c.checkFen(n)
	case ast.KOriginalComment:
		return c.checkOriginalComment(n)
	case ast.KHasNAG:
		return c.checkHasNAG(n)
	case ast.KSimilarPosition:
		return TNum // the number of the submissions game
	case ast.KHHDB:
		return c.checkHHDB(n) // hhdb.go

	// strings.go
	case ast.KString:
		return c.checkString(n)
	case ast.KStrIndex:
		return c.checkStrIndex(n)
	case ast.KSlice:
		return c.checkSlice(n)
	case ast.KRegex:
		return c.checkRegex(n)
	case ast.KGroup:
		return c.checkGroup(n)
	case ast.KLower, ast.KUpper:
		return c.checkLowerUpper(n)
	case ast.KInt:
		return c.checkInt(n)
	case ast.KAscii:
		return c.checkAscii(n)
	case ast.KIndexOf:
		return c.checkIndexOf(n)

	// output.go
	case ast.KStr:
		return c.checkStr(n)
	case ast.KComment:
		return c.checkComment(n)
	case ast.KMessage:
		return c.checkMessage(n)
	case ast.KSort:
		return c.checkSort(n)
	case ast.KSetTag:
		return c.checkSetTag(n)
	case ast.KRemoveTag:
		return c.checkRemoveTag(n)
	case ast.KRemoveComment:
		return c.checkRemoveComment(n)

	// variables.go
	case ast.KVar:
		return c.checkVar(n)
	case ast.KAssign:
		return c.checkAssign(n)
	case ast.KPieceAssign:
		return c.checkPieceAssign(n)
	case ast.KPersistent:
		return c.checkPersistent(n)
	case ast.KUnbind, ast.KIsBound, ast.KIsUnbound:
		return c.checkUnbind(n)

	// loops.go
	case ast.KSquareLoop, ast.KPieceLoop:
		return c.checkSquareLoop(n)
	case ast.KLoop:
		return c.checkLoop(n)
	case ast.KWhile:
		return c.checkWhile(n)

	// dict.go
	case ast.KDictDecl:
		return c.checkDictDecl(n)
	case ast.KElementLoop:
		return c.checkElementLoop(n)

	// navigation.go
	case ast.KCurrentPosition, ast.KInitialPosition, ast.KParent:
		return c.checkPositionConstant(n)
	case ast.KChild:
		return c.checkChild(n)
	case ast.KPosition:
		return c.checkPosition(n)
	case ast.KColon:
		return c.checkColon(n)
	case ast.KFind:
		return c.checkFind(n)
	case ast.KEcho:
		return c.checkEcho(n)
	case ast.KLca:
		return c.checkLca(n)
	case ast.KAncestor, ast.KDescendant:
		return c.checkAncestor(n)
	case ast.KDistance:
		return c.checkDistance(n)
	case ast.KConsecutiveMoves:
		return c.checkConsecutiveMoves(n)
	case ast.KAncestry:
		return c.checkAncestry(n)

	// moves.go
	case ast.KDash:
		return c.checkDash(n)
	case ast.KMove:
		return c.checkMove(n)
	case ast.KCountMoves:
		return c.checkCountMoves(n)
	case ast.KCurrentMove:
		return c.checkCurrentMove(n)
	case ast.KFrom, ast.KTo, ast.KEnPassantSquare:
		return c.checkMoveSquare(n)
	case ast.KCastle, ast.KOO, ast.KOOO, ast.KEnPassant, ast.KNullMove, ast.KPrimary, ast.KSecondary:
		return c.checkMoveIs(n)

	// line.go, path.go
	case ast.KLine:
		return c.checkLine(n)
	case ast.KPath:
		return c.checkPath(n)
	case ast.KPathCount, ast.KPathCountUnfocused:
		return c.checkPathCount(n)
	case ast.KPathStart, ast.KPathLastPosition:
		return c.checkPathPosition(n)

	// orbit.go
	case ast.KOrbit:
		return c.checkOrbit(n)
	case ast.KNoTransform:
		return c.checkNoTransform(n)
	case ast.KCurrentTransform:
		return c.checkCurrentTransform(n)
	case ast.KTransform:
		return c.checkTransform(n)

	// builtins.go
	case ast.KExchangeEvaluation:
		return c.checkExchange(n)
	case ast.KMaxSwapEvaluation:
		return c.checkMaxSwap(n)
	case ast.KPawnCount:
		return c.checkPawnCount(n)
	case ast.KGoodBishop:
		return c.checkGoodBishop(n)
	case ast.KOpposition, ast.KCannotWin:
		return c.checkBuiltinColor(n)
	case ast.KMatingMaterial, ast.KGameIsOver, ast.KFiftyMoveRule, ast.KThreefoldRepetition, ast.KTakesLastPiece, ast.KShuffleChess:
		return c.checkBuiltinTest(n)
	case ast.KHalfmoveClock, ast.KRepetitionCount, ast.KStartPosition:
		return c.checkBuiltinNumber(n)
	case ast.KEvaluation, ast.KMoveEvaluation:
		return c.checkEvaluation(n)

	case ast.KFuncDef, ast.KReadFile, ast.KWriteFile:
		return c.checkUnsupported(n)
	}
	c.errorf(n, "internal error: the checker has no case for node kind %d", n.Kind)
	return TUnknown
}

// checkUnsupported reports a filter the parser knows but the compiler does
// not implement (and a function definition nested inside a filter).
func (c *checker) checkUnsupported(n *ast.Node) Type {
	c.errorf(n, "this filter is not supported yet")
	return TUnknown
}

// opName is a readable name of a node's operator for messages.
func opName(n *ast.Node) string {
	return ast.MessageName(n)
}

func (c *checker) expectOpt(n *ast.Node, what string, want ...Type) {
	if n != nil {
		c.expect(n, what, want...)
	}
}

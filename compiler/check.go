package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/source"
	"cqlvm/vm"
)

// variable is a user variable: its type is fixed by its first assignment
// in the text.
type variable struct {
	Name       string
	Type       ast.Type
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
	src   *source.Source
	errs  *source.ErrorList
	vars  map[string]*variable
	slots *slotAlloc
	funcs map[string]*ast.Node
	calls int // number of inlined calls, for fresh parameter names
	// dictNames are the names declared as dictionaries anywhere in the text
	dictNames map[string]bool
	sorts     []vm.SortKey
	sortAt    []source.Span // where each undocumented sort key was written
	dicts     []*dictInfo

	needPieceIDs, needLastGame bool
}

// slotAlloc hands out machine slots for variables and compiler temporaries.
type slotAlloc struct{ n int }

func (s *slotAlloc) new() int { s.n++; return s.n - 1 }

// block allocates n consecutive slots and returns the first.
func (s *slotAlloc) block(n int) int { s.n += n; return s.n - n }

func (c *checker) errorf(n *ast.Node, format string, args ...any) {
	c.errs.Add(c.src, n.Span, format, args...)
}

// expect checks n and reports an error unless its type is one of want.
func (c *checker) expect(n *ast.Node, what string, want ...ast.Type) ast.Type {
	t := c.check(n)
	for _, w := range want {
		if t == w {
			return t
		}
	}
	if t != ast.TUnknown {
		c.errorf(n, "%s must be a %s filter, but this is a %s filter", what, typeList(want), t)
	}
	return ast.TUnknown
}

func typeList(ts []ast.Type) string {
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
	c.expect(n, what, ast.TNum, ast.TSet)
}

func (c *checker) check(n *ast.Node) ast.Type {
	if n == nil {
		return ast.TUnknown
	}
	t := c.infer(n)
	n.Type = t
	for i, b := range n.Bounds {
		if i == 0 || b != n.Bounds[0] { // one bound stands for both
			c.expect(b, "a range bound", ast.TNum)
		}
	}
	return t
}

func (c *checker) checkAll(ns []*ast.Node) {
	for _, a := range ns {
		c.check(a)
	}
}

func (c *checker) infer(n *ast.Node) ast.Type {
	switch n.Kind {
	case ast.KNumber:
		if n.Int > 1<<31-1 || n.Int < -(1<<31) {
			c.errorf(n, "number out of range (CQL numbers are 32-bit)")
		}
		return ast.TNum
	case ast.KString:
		return ast.TStr
	case ast.KDesig, ast.KEmptySet:
		return ast.TSet
	case ast.KTrue, ast.KFalse:
		return ast.TLog
	case ast.KCompound:
		var t ast.Type
		for _, a := range n.Args {
			t = c.check(a)
		}
		return t
	case ast.KAnd, ast.KOr:
		c.checkAll(n.Args)
		return ast.TLog
	case ast.KNot:
		c.check(n.Args[0])
		return ast.TLog
	case ast.KIf:
		c.check(n.Args[0])
		t1 := c.check(n.Args[1])
		if len(n.Args) == 3 {
			if t2 := c.check(n.Args[2]); t1 == t2 && t1 != ast.TLog {
				return t1
			}
		}
		return ast.TLog
	case ast.KInter:
		if l := c.check(n.Args[0]); l == ast.TPos {
			c.expect(n.Args[1], "the right side of '&' between positions", ast.TPos)
			return ast.TSet // the squares whose contents agree
		}
		c.expect(n.Args[0], "the left side of '&'", ast.TSet)
		c.expect(n.Args[1], "the right side of '&'", ast.TSet)
		return ast.TSet
	case ast.KUnion, ast.KAttacks, ast.KAttackedBy:
		c.expect(n.Args[0], "the left side of "+opName(n), ast.TSet)
		c.expect(n.Args[1], "the right side of "+opName(n), ast.TSet)
		return ast.TSet
	case ast.KArrowChain:
		for _, a := range n.Args {
			c.expect(a, "an operand of "+opName(n), ast.TSet)
		}
		return ast.TSet
	case ast.KCompl, ast.KLight, ast.KDark, ast.KDirection:
		c.expect(n.Args[0], "the argument of "+opName(n), ast.TSet)
		return ast.TSet
	case ast.KBetween:
		c.expect(n.Args[0], "the first argument of between", ast.TSet)
		c.expect(n.Args[1], "the second argument of between", ast.TSet)
		return ast.TSet
	case ast.KCount:
		if c.dictOf(n.Args[0]) == nil {
			c.expect(n.Args[0], "the argument of #", ast.TSet, ast.TStr)
		}
		return ast.TNum
	case ast.KIn:
		l := c.check(n.Args[0])
		r := c.check(n.Args[1])
		if !(l == ast.TSet && r == ast.TSet || l == ast.TStr && r == ast.TStr) && l != ast.TUnknown && r != ast.TUnknown {
			c.errorf(n, "'in' needs two sets or two strings, got %s in %s", l, r)
		}
		return ast.TLog
	case ast.KMinus:
		l, r := c.check(n.Args[0]), c.check(n.Args[1])
		if l == ast.TSet && r == ast.TSet {
			return ast.TSet
		}
		c.arith(n, l, r)
		return ast.TNum
	case ast.KPlus:
		l, r := c.check(n.Args[0]), c.check(n.Args[1])
		if l == ast.TStr && r == ast.TStr {
			return ast.TStr
		}
		c.arith(n, l, r)
		return ast.TNum
	case ast.KTimes, ast.KDiv, ast.KMod:
		c.arith(n, c.check(n.Args[0]), c.check(n.Args[1]))
		return ast.TNum
	case ast.KNeg, ast.KAbs, ast.KSqrt:
		c.numeric(n.Args[0], "the argument of "+opName(n))
		return ast.TNum
	case ast.KMax, ast.KMin:
		var t ast.Type
		for _, a := range n.Args {
			at := c.check(a)
			if at == ast.TSet {
				at = ast.TNum
			}
			if t == ast.TUnknown {
				t = at
			} else if at != t && at != ast.TUnknown {
				c.errorf(a, "the arguments of %s must all be numbers or all strings", opName(n))
			}
		}
		if t != ast.TNum && t != ast.TStr && t != ast.TUnknown {
			c.errorf(n, "%s needs numbers or strings", opName(n))
		}
		return t
	case ast.KCmp:
		return c.checkCmp(n)
	case ast.KWtm, ast.KBtm, ast.KCheck, ast.KMate, ast.KStalemate, ast.KInitial, ast.KTerminal, ast.KMainline, ast.KVariation,
		ast.KResult:
		return ast.TLog
	case ast.KPureMate, ast.KPureStalemate, ast.KModelMate, ast.KModelStalemate, ast.KIdealMate, ast.KIdealStalemate:
		return ast.TSet // the participating pieces
	case ast.KRank, ast.KFile, ast.KType, ast.KColorType, ast.KPower, ast.KPieceId:
		c.expect(n.Args[0], "the argument of "+opName(n), ast.TSet)
		if n.Kind == ast.KPieceId {
			c.needPieceIDs = true
		}
		return ast.TNum
	case ast.KPieceName, ast.KTypeName:
		c.expect(n.Args[0], "the argument of "+opName(n), ast.TSet)
		return ast.TStr
	case ast.KMakeSquare:
		if len(n.Args) == 1 {
			c.expect(n.Args[0], "the argument of makesquare", ast.TStr)
		} else {
			c.numeric(n.Args[0], "the file of makesquare")
			c.numeric(n.Args[1], "the rank of makesquare")
		}
		return ast.TSet
	case ast.KPin:
		for _, a := range n.Args {
			if a != nil {
				c.expect(a, "a pin parameter", ast.TSet)
			}
		}
		return ast.TSet
	case ast.KPassedPawns, ast.KIsolatedPawns, ast.KDoubledPawns, ast.KConnectedPawns:
		return ast.TSet
	case ast.KSideToMove, ast.KWhite, ast.KBlack, ast.KPly, ast.KMoveNumber, ast.KPositionId, ast.KDepth, ast.KGameNumber,
		ast.KLastGameNumber, ast.KYear:
		if n.Kind == ast.KLastGameNumber {
			c.needLastGame = true
		}
		return ast.TNum
	case ast.KVar:
		return c.checkVar(n)
	case ast.KAssign:
		return c.checkAssign(n)
	case ast.KComment, ast.KMessage:
		for _, a := range n.Args {
			c.check(a)
		}
		return ast.TLog
	case ast.KOrbit:
		return c.checkOrbit(n)
	case ast.KTransform:
		c.errorf(n, "internal error: transform not expanded")
		return ast.TUnknown
	}
	return c.inferMore(n)
}

// opName is a readable name of a node's operator for messages.
func opName(n *ast.Node) string {
	switch n.Kind {
	case ast.KUnion:
		return "'|'"
	case ast.KInter:
		return "'&'"
	case ast.KCompl:
		return "'~'"
	case ast.KAttacks:
		return "attacks"
	case ast.KAttackedBy:
		return "attackedby"
	case ast.KArrowChain:
		if n.Flags&ast.FlagBackward != 0 {
			return "a chain of '<-'"
		}
		return "a chain of '->'"
	case ast.KPlus:
		return "'+'"
	case ast.KMinus:
		return "'-'"
	case ast.KTimes:
		return "'*'"
	case ast.KDiv:
		return "'/'"
	case ast.KMod:
		return "'%'"
	case ast.KNeg:
		return "unary '-'"
	case ast.KAbs:
		return "abs"
	case ast.KSqrt:
		return "sqrt"
	case ast.KMax:
		return "max"
	case ast.KMin:
		return "min"
	case ast.KRank:
		return "rank"
	case ast.KFile:
		return "file"
	case ast.KType:
		return "type"
	case ast.KColorType:
		return "colortype"
	case ast.KPower:
		return "power"
	case ast.KPieceId:
		return "pieceid"
	case ast.KPieceName:
		return "piecename"
	case ast.KTypeName:
		return "typename"
	case ast.KLight:
		return "light"
	case ast.KDark:
		return "dark"
	case ast.KDirection:
		return "a direction filter"
	}
	return "this filter"
}

func (c *checker) expectOpt(n *ast.Node, what string, want ...ast.Type) {
	if n != nil {
		c.expect(n, what, want...)
	}
}

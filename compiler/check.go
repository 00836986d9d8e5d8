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

func (c *checker) arith(n *ast.Node, l, r ast.Type) {
	ok := func(t ast.Type) bool { return t == ast.TNum || t == ast.TSet || t == ast.TUnknown }
	if !ok(l) || !ok(r) {
		c.errorf(n, "%s needs numbers, got %s and %s", opName(n), l, r)
	}
}

// checkCmp types a relation. A set compared with a number is counted; two
// sets compare as sets (== and != only); strings and positions compare
// with their own kind. The value is the left operand's.
func (c *checker) checkCmp(n *ast.Node) ast.Type {
	l, r := c.check(n.Args[0]), c.check(n.Args[1])
	if l == ast.TUnknown || r == ast.TUnknown {
		return ast.TUnknown
	}
	op := n.Str
	switch {
	case l == ast.TSet && r == ast.TSet:
		if op == "==" || op == "!=" {
			return c.cmpResult(op, ast.TSet)
		}
		return c.cmpResult(op, ast.TNum) // both counted
	case (l == ast.TNum || l == ast.TSet) && (r == ast.TNum || r == ast.TSet):
		return c.cmpResult(op, ast.TNum)
	case l == ast.TStr && r == ast.TStr:
		return c.cmpResult(op, ast.TStr)
	case l == ast.TPos && r == ast.TPos:
		return c.cmpResult(op, ast.TPos)
	}
	c.errorf(n, "the left and right sides of '%s' are not both numeric, both string or both position (%s and %s)", op, l, r)
	return ast.TUnknown
}

func (c *checker) cmpResult(op string, t ast.Type) ast.Type {
	if op == "!=" {
		return ast.TLog
	}
	return t
}

func (c *checker) checkVar(n *ast.Node) ast.Type {
	v, ok := c.vars[n.Str]
	if !ok {
		if k := ast.Suggest(n.Str); k != "" {
			c.errorf(n, "unknown word %s: did you mean %s? (a variable must be assigned before it is used)", n.Str, k)
		} else {
			c.errorf(n, "unknown variable %s (a variable must be assigned before it is used)", n.Str)
		}
		return ast.TUnknown
	}
	if v.Dict != nil {
		// D[k], #D, loops and unbind reach the dictionary through dictOf;
		// a dictionary anywhere else would be a value, which it cannot be
		// (cql-6-1/dictionary.html: "or returned as the value of a filter")
		c.errorf(n, "the dictionary %s has no value of its own: use %s[key], #%s or a loop over its keys", n.Str, n.Str, n.Str)
		return ast.TUnknown
	}
	n.Slot = v.Slot
	if v.Piece {
		n.Flags |= ast.FlagPieceVar
		return ast.TSet
	}
	return v.Type
}

// checkAssign handles = += -= *= /= %= =? on plain variables.
func (c *checker) checkAssign(n *ast.Node) ast.Type {
	target, rhs := n.Args[0], n.Args[1]
	rt := c.check(rhs)
	if target.Kind == ast.KStrIndex {
		if d := c.dictOf(target.Args[0]); d != nil {
			return c.checkDictAssign(n, d)
		}
		return c.checkCharAssign(n, rt)
	}
	if target.Kind != ast.KVar {
		c.errorf(target, "cannot assign to this")
		return ast.TLog
	}
	if rt == ast.TLog {
		c.errorf(rhs, "the right side of an assignment must have a value; this is a logical filter")
		return ast.TLog
	}
	op := n.Str
	v, ok := c.vars[target.Str]
	if op != "=" && op != "=?" && !ok {
		c.errorf(target, "unknown variable %s: '%s' needs a variable that was assigned before", target.Str, op)
		return ast.TLog
	}
	if rt == ast.TSet && op != "=" && op != "=?" {
		rt = ast.TNum // x += #set: counted
	}
	if op == "=?" && rt != ast.TSet {
		c.errorf(n, "'=?' assigns sets only")
	}
	if !ok {
		v = &variable{Name: target.Str, Type: rt, Slot: c.slots.new()}
		c.vars[target.Str] = v
	} else if v.Type == ast.TUnknown {
		v.Type = rt // a persistent variable's first use (checkPersistent)
	} else if v.Type != rt && rt != ast.TUnknown && !v.Piece {
		c.errorf(n, "type mismatch on assignment: the variable %s is of type %s but the right side is of type %s", target.Str, v.Type, rt)
	}
	if v.Piece && (op == "=" || op == "=?") {
		c.errorf(n, "%s is a piece variable; assign it with 'piece %s = ...'", target.Str, target.Str)
	}
	if op != "=" && op != "=?" && v.Type != ast.TNum && !(op == "+=" && v.Type == ast.TStr) {
		c.errorf(n, "'%s' needs a numeric variable (or a string for +=)", op)
	}
	target.Slot = v.Slot
	target.Type = v.Type
	return ast.TLog
}

// checkCharAssign types S[i] = x, which makes the string x the character
// at index i of the string variable S (while.html: `if (S[i]==\n) S[i]=" "`).
func (c *checker) checkCharAssign(n *ast.Node, rt ast.Type) ast.Type {
	target := n.Args[0]
	s := target.Args[0]
	if n.Str != "=" || s.Kind != ast.KVar {
		c.errorf(target, "cannot assign to this")
		return ast.TLog
	}
	c.expect(s, "the indexed variable", ast.TStr)
	c.expect(target.Args[1], "the index", ast.TNum)
	if rt != ast.TStr && rt != ast.TUnknown {
		c.errorf(n.Args[1], "the right side of %s[...] = must be a string filter, but this is a %s filter", s.Str, rt)
	}
	target.Type = ast.TStr
	return ast.TLog
}

// opName is a readable name of a node's operator for messages.
func opName(n *ast.Node) string {
	return ast.MessageName(n)
}

// checkOrbit types an expanded transform: counted orbits are numeric;
// otherwise the members' common type (sets union, numbers maximum), and
// logical for anything else.
func (c *checker) checkOrbit(n *ast.Node) ast.Type {
	var t ast.Type
	for i, m := range n.Args {
		mt := c.check(m)
		if i == 0 {
			t = mt
		} else if mt != t {
			t = ast.TLog
		}
	}
	if n.HasRange || n.Flags&ast.FlagCount != 0 {
		return ast.TNum
	}
	if t == ast.TSet || t == ast.TNum {
		return t
	}
	return ast.TLog
}

// checkInt types an int filter. Its argument is parsed below + and -, so
// that `int "32" + "1"` is int "321"; but int.html also has `int "32" + 1`
// meaning (int "32") + 1. So int takes the longest start of its argument
// that is a sum of strings (or just the first operand when that is not a
// string), and the rest of the arithmetic is moved above int, applying to
// its value. Each operand is typed once.
func (c *checker) checkInt(n *ast.Node) {
	spine := []*ast.Node{n.Args[0]} // top first
	for a := n.Args[0]; isArith(a); a = a.Args[0] {
		spine = append(spine, a.Args[0])
	}
	// type the operands once, left to right, and find where the strings end
	leaf := spine[len(spine)-1]
	str := c.check(leaf) == ast.TStr
	top := len(spine) - 1 // index of int's argument in spine
	for i := len(spine) - 2; i >= 0; i-- {
		op := spine[i]
		r := c.check(op.Args[1])
		if str && op.Kind == ast.KPlus && r == ast.TStr {
			op.Type, top = ast.TStr, i
			continue
		}
		str = false
	}
	arg := spine[top]
	if t := arg.Type; t != ast.TStr && t != ast.TNum && t != ast.TUnknown {
		c.errorf(arg, "the argument of int must be a string or number filter, but this is a %s filter", t)
	}
	if top == 0 {
		n.Type = ast.TNum
		return
	}
	// int applies to spine[top]; the operators above it become int's parents
	inner := &ast.Node{Kind: ast.KInt, Span: source.Span{From: n.Span.From, To: arg.Span.To}, Args: []*ast.Node{arg}, Type: ast.TNum}
	spine[top-1].Args[0] = inner
	*n = *spine[0]
	for i := top - 1; i >= 0; i-- {
		op := n
		if i > 0 {
			op = spine[i]
		}
		op.Span.From = inner.Span.From // the operators now start at int
		c.retypeArith(op)
	}
}

// isArith reports whether a is a binary arithmetic operator.
func isArith(a *ast.Node) bool {
	switch a.Kind {
	case ast.KPlus, ast.KMinus, ast.KTimes, ast.KDiv, ast.KMod:
		return len(a.Args) == 2
	}
	return false
}

// retypeArith types an arithmetic node whose operands are typed already.
func (c *checker) retypeArith(op *ast.Node) {
	l, r := op.Args[0].Type, op.Args[1].Type
	switch {
	case op.Kind == ast.KPlus && l == ast.TStr && r == ast.TStr:
		op.Type = ast.TStr
	case op.Kind == ast.KMinus && l == ast.TSet && r == ast.TSet:
		op.Type = ast.TSet
	default:
		c.arith(op, l, r)
		op.Type = ast.TNum
	}
}

package compiler

import (
	"slices"
	"strings"

	"cqlvm/bitboard"
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

// Single-position filters beyond the basics: game facts, strings and
// regular expressions, pawn structure, rays, loops, piece variables,
// sort, message.

var infoKinds = map[ast.Kind]uint8{
	ast.KPly: vm.InfoPly, ast.KMoveNumber: vm.InfoMoveNumber, ast.KPositionId: vm.InfoPositionID,
	ast.KDepth: vm.InfoDepth, ast.KGameNumber: vm.InfoGameNumber, ast.KLastGameNumber: vm.InfoLastGameNumber,
	ast.KSideToMove: vm.InfoSideToMove, ast.KYear: vm.InfoYear,
}

var pawnKinds = map[ast.Kind]uint8{
	ast.KPassedPawns: vm.PawnsPassed, ast.KIsolatedPawns: vm.PawnsIsolated,
	ast.KDoubledPawns: vm.PawnsDoubled, ast.KConnectedPawns: vm.PawnsConnected,
}

// checkInfo types the filters of this file.
func (c *checker) checkInfo(n *ast.Node) (ast.Type, bool) {
	switch n.Kind {
	case ast.KElo:
		return ast.TNum, true
	case ast.KTagValue, ast.KPlayer, ast.KFen:
		if n.Kind == ast.KFen && n.Flags&ast.FlagAll != 0 {
			return ast.TLog, true
		}
		return ast.TStr, true
	case ast.KOriginalComment:
		return ast.TStr, true
	case ast.KHasNAG:
		return ast.TLog, true
	case ast.KDictDecl:
		return c.declareDict(n), true
	case ast.KElementLoop:
		if d := c.dictOf(n.Args[0]); d != nil {
			return c.checkDictLoop(n, d), true
		}
		c.errorf(n.Args[0], "'string %s in' needs a dictionary", n.Str)
		return ast.TLog, true
	case ast.KAssert:
		c.check(n.Args[0])
		return ast.TLog, true
	case ast.KAncestry:
		c.expect(n.Args[0], "the left side of "+n.Str, ast.TPos)
		c.expect(n.Args[1], "the right side of "+n.Str, ast.TPos)
		return ast.TLog, true
	case ast.KRemoveComment:
		return ast.TLog, true
	case ast.KSetTag:
		if len(n.Args) != 2 {
			c.errorf(n, "'settag' takes a tag name and a value: settag(\"Name\" value)")
			return ast.TLog, true
		}
		c.checkSetTagName(n.Args[0])
		c.check(n.Args[1])
		return ast.TLog, true
	case ast.KRemoveTag:
		c.expect(n.Args[0], "the tag name", ast.TStr)
		return ast.TLog, true
	case ast.KStrIndex:
		if d := c.dictOf(n.Args[0]); d != nil {
			return c.checkDictGet(n, d), true
		}
		c.expect(n.Args[0], "the indexed value", ast.TStr)
		c.expect(n.Args[1], "the index", ast.TNum)
		return ast.TStr, true
	case ast.KSlice:
		c.expect(n.Args[0], "the sliced value", ast.TStr)
		for _, a := range n.Args[1:] {
			c.expect(a, "a slice bound", ast.TNum)
		}
		return ast.TStr, true
	case ast.KRegex:
		c.expect(n.Args[0], "the left side of ~~", ast.TStr)
		c.check(n.Args[1])
		if _, err := translateRegexp(n.Args[1].Str); err != nil {
			c.errorf(n.Args[1], "%v", err)
		}
		return ast.TStr, true
	case ast.KGroup:
		if n.Flags&ast.FlagOffset != 0 {
			return ast.TNum, true
		}
		return ast.TStr, true
	case ast.KLower, ast.KUpper:
		c.expect(n.Args[0], "the argument of "+opName(n), ast.TStr)
		return ast.TStr, true
	case ast.KInt:
		c.checkInt(n)
		return n.Type, true
	case ast.KAscii:
		if c.expect(n.Args[0], "the argument of ascii", ast.TStr, ast.TNum) == ast.TNum {
			return ast.TStr, true
		}
		return ast.TNum, true
	case ast.KIndexOf:
		c.expect(n.Args[0], "the first argument of indexof", ast.TStr)
		c.expect(n.Args[1], "the second argument of indexof", ast.TStr)
		return ast.TNum, true
	case ast.KStr:
		c.checkAll(n.Args)
		return ast.TStr, true
	case ast.KPieceName, ast.KTypeName:
		c.expect(n.Args[0], "the argument of "+opName(n), ast.TSet)
		return ast.TStr, true
	case ast.KPieceId:
		c.expect(n.Args[0], "the argument of pieceid", ast.TSet)
		c.needPieceIDs = true
		return ast.TNum, true
	case ast.KRay, ast.KXray:
		for _, a := range n.Args {
			c.expect(a, "an argument of "+map[ast.Kind]string{ast.KRay: "ray", ast.KXray: "xray"}[n.Kind], ast.TSet)
		}
		return ast.TSet, true
	case ast.KWhite, ast.KBlack:
		return ast.TNum, true
	case ast.KMessage:
		c.checkAll(n.Args)
		return ast.TLog, true
	case ast.KSort:
		return c.checkSort(n), true
	case ast.KSquareLoop, ast.KPieceLoop:
		if n.Kind == ast.KSquareLoop {
			if d := c.dictOf(n.Args[0]); d != nil {
				return c.checkDictLoop(n, d), true
			}
		}
		return c.checkLoop(n), true
	case ast.KPieceAssign:
		c.expect(n.Args[1], "the right side of a piece assignment", ast.TSet)
		c.declareVar(n.Args[0], ast.TSet, true)
		c.needPieceIDs = true
		return ast.TLog, true
	case ast.KLoop:
		c.check(n.Args[0])
		return ast.TLog, true
	case ast.KWhile:
		c.check(n.Args[0])
		c.check(n.Args[1])
		return ast.TLog, true
	case ast.KPersistent:
		return c.checkPersistent(n), true
	case ast.KUnbind, ast.KIsBound, ast.KIsUnbound:
		if n.Kind == ast.KUnbind && n.Args[0].Kind == ast.KStrIndex {
			if d := c.dictOf(n.Args[0].Args[0]); d != nil {
				dictKeyType(c, n.Args[0].Args[1], d)
				return ast.TLog, true
			}
		}
		if n.Kind == ast.KUnbind && c.dictOf(n.Args[0]) != nil {
			return ast.TLog, true
		}
		if n.Args[0].Kind != ast.KVar {
			c.errorf(n.Args[0], "%s needs a variable", opName(n))
			return ast.TLog, true
		}
		c.check(n.Args[0])
		return ast.TLog, true
	case ast.KNoTransform:
		return c.check(n.Args[0]), true
	case ast.KCurrentTransform:
		// currenttransform.html: "the current transforms acting on the
		// filter, in right-to-left order"; "<>" outside any transform
		n.Kind, n.Str = ast.KString, transformName(n.Params)
		return ast.TStr, true
	case ast.KFind:
		c.check(n.Args[0])
		if n.HasRange || n.Flags&ast.FlagAll != 0 {
			return ast.TNum, true
		}
		return ast.TPos, true
	case ast.KEcho:
		return c.checkEcho(n), true
	case ast.KConsecutiveMoves:
		c.expect(n.Args[0], "the first argument of consecutivemoves", ast.TPos)
		c.expect(n.Args[1], "the second argument of consecutivemoves", ast.TPos)
		return ast.TNum, true
	case ast.KTry, ast.KVirtualMainline:
		return ast.TLog, true
	case ast.KLca:
		c.expect(n.Args[0], "the first argument of lca", ast.TPos)
		c.expect(n.Args[1], "the second argument of lca", ast.TPos)
		return ast.TPos, true
	case ast.KAncestor, ast.KDescendant:
		c.expect(n.Args[0], "the first argument", ast.TPos)
		c.expect(n.Args[1], "the second argument", ast.TPos)
		return ast.TLog, true
	case ast.KDistance:
		c.expect(n.Args[0], "the first argument of distance", ast.TPos)
		c.expect(n.Args[1], "the second argument of distance", ast.TPos)
		return ast.TNum, true
	}
	if _, ok := infoKinds[n.Kind]; ok {
		if n.Kind == ast.KLastGameNumber {
			c.needLastGame = true
		}
		return ast.TNum, true
	}
	if _, ok := pawnKinds[n.Kind]; ok {
		return ast.TSet, true
	}
	return ast.TUnknown, false
}

// builtinSetTags are the tags settag may not set (settag.html): the
// game's own description, which the official program writes itself.
var builtinSetTags = map[string]bool{
	"Event": true, "Site": true, "Date": true, "ECO": true, "FEN": true,
	"Round": true, "Result": true, "EventDate": true,
}

// checkSetTagName enforces settag.html: "The first argument must be a
// string literal", not a built-in tag and not beginning with "White" or
// "Black" (the players' tags). The manual spells the names with capitals
// and does not say whether other spellings are allowed; they are.
func (c *checker) checkSetTagName(name *ast.Node) {
	c.check(name)
	if name.Kind != ast.KString {
		c.errorf(name, "the tag name of settag must be a string literal, such as settag(\"CustomTag\" value)")
		return
	}
	switch {
	case builtinSetTags[name.Str]:
		c.errorf(name, "settag cannot set the %s tag; it is meant for custom tags", name.Str)
	case strings.HasPrefix(name.Str, "White") || strings.HasPrefix(name.Str, "Black"):
		c.errorf(name, "settag cannot set a tag whose name begins with White or Black (%s)", name.Str)
	}
}

// declare finds or creates the variable named by v with type t (not a
// piece variable).
func (c *checker) declare(v *ast.Node, t ast.Type) *variable {
	return c.declareVar(v, t, false)
}

// declareVar finds or creates the variable named by v with type t; piece
// asks for a piece variable. variables.html: "Once assigned, a variable
// cannot change its type", and set and piece variables are two types
// though both hold squares.
func (c *checker) declareVar(v *ast.Node, t ast.Type, piece bool) *variable {
	if ast.IsReserved(v.Str) {
		c.errorf(v, "%s is a keyword, not a variable name", v.Str)
		return nil
	}
	vr, ok := c.vars[v.Str]
	switch {
	case !ok:
		vr = &variable{Name: v.Str, Type: t, Slot: c.slots.new(), Piece: piece}
		c.vars[v.Str] = vr
	case vr.Type != t:
		c.errorf(v, "the variable %s is of type %s, not %s", v.Str, vr.Type, t)
	case vr.Piece != piece:
		c.errorf(v, "the variable %s is a %s, not a %s: a variable cannot change its type", v.Str, setKind(vr.Piece), setKind(piece))
	}
	v.Slot = vr.Slot
	v.Type = t
	return vr
}

func setKind(piece bool) string {
	if piece {
		return "piece variable"
	}
	return "set variable"
}

func (c *checker) checkLoop(n *ast.Node) ast.Type {
	c.expect(n.Args[0], "the set of a loop", ast.TSet)
	name := &ast.Node{Kind: ast.KVar, Span: n.Span, Str: n.Str}
	piece := n.Kind == ast.KPieceLoop
	v := c.declareVar(name, ast.TSet, piece)
	if piece {
		c.needPieceIDs = true
	}
	if v != nil {
		n.Slot = v.Slot
	}
	c.check(n.Args[1])
	if n.Flags&ast.FlagAll != 0 {
		return ast.TLog
	}
	return ast.TSet
}

func (c *checker) checkSort(n *ast.Node) ast.Type {
	t := c.check(n.Args[0])
	switch t {
	case ast.TNum, ast.TSet, ast.TStr:
	case ast.TUnknown:
	default:
		c.errorf(n.Args[0], "sort needs a numeric, set or string filter, not a %s filter", t)
	}
	// sorts with one documentation string share a key; an undocumented
	// sort is a key of its own (<sort-id-N>), shared only by its copies
	// under transforms and function calls, which keep its span
	key := -1
	for i, k := range c.sorts {
		if k.Doc == n.Str && (n.Str != "" || c.sortAt[i] == n.Span) {
			key = i
		}
	}
	if key < 0 {
		c.sorts = append(c.sorts, vm.SortKey{Doc: n.Str, Min: n.Flags&ast.FlagMin != 0,
			Quiet: n.Flags&ast.FlagQuiet != 0, Str: t == ast.TStr})
		c.sortAt = append(c.sortAt, n.Span)
		key = len(c.sorts) - 1
	}
	n.Slot = key
	if t == ast.TSet {
		return ast.TNum
	}
	return t
}

func (c *checker) checkPersistent(n *ast.Node) ast.Type {
	inner := n.Args[0]
	if n.Flags&ast.FlagLocal != 0 {
		return c.checkAtomic(inner)
	}
	if inner.Kind != ast.KAssign {
		// persistent.html: "persistent declaration without an assignment
		// is no longer supported" (it was in CQL 6.0)
		c.errorf(n, "persistent needs an assignment, such as persistent x = 0 or persistent x += 1")
		return ast.TLog
	}
	target := inner.Args[0]
	if target.Kind != ast.KVar {
		c.check(inner)
		return ast.TLog
	}
	v, seen := c.vars[target.Str]
	if seen && v.Dict != nil {
		c.check(inner) // a dictionary: checkAssign reports the mismatch
		return ast.TLog
	}
	if seen && !v.Persistent {
		c.errorf(target, "%s is used before this as an ordinary variable; a persistent variable must be persistent from its first use", target.Str)
		c.check(inner)
		return ast.TLog
	}
	if !seen {
		// persistent.html: "the variable is initialized to 0, the empty
		// string, or the empty set as appropriate", so `persistent n += 1`
		// and `persistent s += "a"` may come first; the right side gives
		// the type (checkAssign fills it in)
		v = &variable{Name: target.Str, Slot: c.slots.new(), Persistent: true, ZeroInit: true}
		c.vars[target.Str] = v
	}
	c.check(inner)
	c.checkPersistentType(target, v)
	v.Quiet = n.Flags&ast.FlagQuiet != 0
	return ast.TLog
}

// checkPersistentType: persistent.html, "a numeric variable, string
// variable, or set variable is persistent"; positions and pieces belong
// to one game.
func (c *checker) checkPersistentType(target *ast.Node, v *variable) {
	switch {
	case v.Piece:
		c.errorf(target, "%s is a piece variable; only numbers, strings and sets can be persistent", target.Str)
	case v.Type == ast.TNum, v.Type == ast.TStr, v.Type == ast.TSet, v.Type == ast.TUnknown:
	default:
		c.errorf(target, "%s is a %s variable; only numbers, strings and sets can be persistent", target.Str, v.Type)
	}
}

// checkAtomic types `atomic x = F`: x is restored when a path backtracks.
func (c *checker) checkAtomic(inner *ast.Node) ast.Type {
	c.check(inner)
	if inner.Kind == ast.KAssign && inner.Args[0].Kind == ast.KVar {
		if v, ok := c.vars[inner.Args[0].Str]; ok {
			v.Atomic = true
		}
	}
	return ast.TLog
}

func (c *checker) checkEcho(n *ast.Node) ast.Type {
	for _, p := range n.Params {
		c.declare(&ast.Node{Kind: ast.KVar, Span: n.Span, Str: p}, ast.TPos)
	}
	t := c.check(n.Args[0])
	if t == ast.TNum {
		return ast.TNum
	}
	return ast.TLog
}

// translateRegexp compiles a CQL (ECMAScript) regular expression.
func translateRegexp(re string) (*vm.Regexp, error) {
	r, err := vm.CompileRegexp(re)
	if err != nil {
		return nil, errorString("bad regular expression: " + err.Error())
	}
	return r, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// genInfo compiles the filters of this file.
func (g *gen) genInfo(n *ast.Node, fail int) bool {
	if what, ok := infoKinds[n.Kind]; ok {
		g.jump(vm.OpInfoNum, what, 0, fail)
		return true
	}
	if what, ok := pawnKinds[n.Kind]; ok {
		g.emit(vm.OpPawns, what, 0, 0)
		return true
	}
	switch n.Kind {
	case ast.KElo:
		what := [...]uint8{vm.InfoEloMax, vm.InfoEloWhite, vm.InfoEloBlack}[n.Int]
		g.jump(vm.OpInfoNum, what, 0, fail)
	case ast.KWhite:
		g.emit(vm.OpPushNum, 0, 0, 1)
	case ast.KBlack:
		g.emit(vm.OpPushNum, 0, 0, -1)
	case ast.KTagValue:
		g.jump(vm.OpTag, 0, int(g.strConst(n.Str)), fail)
	case ast.KPlayer:
		switch n.Int {
		case 1:
			g.jump(vm.OpTag, 0, int(g.strConst("White")), fail)
		case 2:
			g.jump(vm.OpTag, 0, int(g.strConst("Black")), fail)
		default:
			g.jump(vm.OpPlayers, 0, 0, fail)
		}
	case ast.KFen:
		if n.Flags&ast.FlagAll != 0 {
			g.jump(vm.OpFenMatch, 0, int(g.strConst(n.Str)), fail)
		} else {
			g.emit(vm.OpFen, 0, 0, 0)
		}
	case ast.KOriginalComment:
		g.jump(vm.OpOrigComment, 0, 0, fail)
	case ast.KHasNAG:
		g.jump(vm.OpHasNAG, 0, int(n.Int), fail)
	case ast.KDictDecl:
		// the declaration itself runs nothing; `dictionary D[k] = v`
		// assigns whenever the filter is evaluated, as any assignment does
		if len(n.Args) > 0 {
			g.test(n.Args[0], fail)
		}
	case ast.KRemoveComment:
		g.emit(vm.OpRemoveComment, 0, 0, 0)
	case ast.KSetTag:
		g.toText(n.Args[0], fail)
		g.toText(n.Args[1], fail)
		g.emit(vm.OpSetTag, 0, 0, 0)
	case ast.KRemoveTag:
		g.toText(n.Args[0], fail)
		g.emit(vm.OpRemoveTag, 0, 0, 0)
	case ast.KElementLoop:
		g.dictLoop(n, g.dictInfoOf(n.Args[0]), fail)
	case ast.KAssert:
		ok := g.newLabel()
		g.test(n.Args[0], ok)
		done := g.newLabel()
		g.jump(vm.OpJump, 0, 0, done)
		g.bind(ok)
		g.jump(vm.OpAssert, 0, 0, fail)
		g.bind(done)
	case ast.KAncestry:
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.jump(vm.OpAncestry, cmpCode(strings.Trim(n.Str, "[]")), 0, fail)
	case ast.KStrIndex:
		if d := g.dictInfoOf(n.Args[0]); d != nil {
			g.dictGet(n, d, fail)
			return true
		}
		g.value(n.Args[0], fail)
		g.numValue(n.Args[1], fail)
		g.jump(vm.OpStrIndex, 0, 0, fail)
	case ast.KSlice:
		g.value(n.Args[0], fail)
		for _, a := range n.Args[1:] {
			g.numValue(a, fail)
		}
		x := uint8(0)
		if len(n.Args) == 3 {
			x = 1
		}
		g.emit(vm.OpStrSlice, x, 0, 0)
	case ast.KRegex:
		g.value(n.Args[0], fail)
		re, _ := translateRegexp(n.Args[1].Str)
		g.prog.Regexps = append(g.prog.Regexps, re)
		g.jump(vm.OpRegex, 0, len(g.prog.Regexps)-1, fail)
	case ast.KGroup:
		if n.Flags&ast.FlagOffset != 0 {
			g.jump(vm.OpGroupOffset, 0, int(n.Int), fail)
		} else {
			g.jump(vm.OpGroup, 0, int(n.Int), fail)
		}
	case ast.KLower, ast.KUpper:
		g.value(n.Args[0], fail)
		g.emit(map[ast.Kind]vm.Op{ast.KLower: vm.OpLower, ast.KUpper: vm.OpUpper}[n.Kind], 0, 0, 0)
	case ast.KInt:
		g.value(n.Args[0], fail)
		if n.Args[0].Type == ast.TStr {
			g.jump(vm.OpStrToInt, 0, 0, fail)
		}
	case ast.KAscii:
		g.value(n.Args[0], fail)
		if n.Args[0].Type == ast.TNum {
			g.jump(vm.OpChar, 0, 0, fail)
		} else {
			g.jump(vm.OpAscii, 0, 0, fail)
		}
	case ast.KIndexOf:
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.jump(vm.OpIndexOf, 0, 0, fail)
	case ast.KStr:
		g.strArgs(n.Args)
	case ast.KPieceName, ast.KTypeName:
		g.value(n.Args[0], fail)
		x := uint8(0)
		if n.Kind == ast.KTypeName {
			x = 1
		}
		g.jump(vm.OpPieceName, x, 0, fail)
	case ast.KPieceId:
		g.value(n.Args[0], fail)
		g.jump(vm.OpPieceIDAt, 0, 0, fail)
	case ast.KRay, ast.KXray:
		for _, a := range n.Args {
			g.value(a, fail)
		}
		a := len(n.Args)
		if n.Kind == ast.KXray || n.Flags&ast.FlagAttack != 0 {
			a |= 0x100
		}
		g.emit(vm.OpRay, uint8(n.Dirs), a, 0)
	case ast.KMessage:
		g.message(n)
	case ast.KSort:
		g.sort(n, fail)
	case ast.KSquareLoop, ast.KPieceLoop:
		g.loop(n, fail)
	case ast.KPieceAssign:
		g.value(n.Args[1], fail)
		g.jump(vm.OpPieceIDAt, 0, 0, fail)
		g.emit(vm.OpStore, 0, n.Args[0].Slot, 0)
	case ast.KLoop:
		g.repeat(n.Args[0], nil, fail)
	case ast.KWhile:
		g.repeat(n.Args[1], n.Args[0], fail)
	case ast.KPersistent:
		g.test(n.Args[0], fail)
	case ast.KUnbind:
		if a := n.Args[0]; a.Kind == ast.KStrIndex {
			if d := g.dictInfoOf(a.Args[0]); d != nil {
				g.value(a.Args[1], fail)
				g.emit(vm.OpDictDel, typeCodes(d), d.Index, 0)
				return true
			}
		}
		if d := g.dictInfoOf(n.Args[0]); d != nil {
			g.emit(vm.OpDictClear, 0, d.Index, 0)
			return true
		}
		g.emit(vm.OpUnbind, 0, n.Args[0].Slot, 0)
	case ast.KIsBound:
		g.jump(vm.OpIsBound, 0, n.Args[0].Slot, fail)
	case ast.KIsUnbound:
		ok := g.newLabel()
		g.jump(vm.OpIsBound, 0, n.Args[0].Slot, ok)
		g.jump(vm.OpJump, 0, 0, fail)
		g.bind(ok)
	case ast.KNoTransform:
		g.value(n.Args[0], fail)
	case ast.KFind:
		g.find(n, fail)
	case ast.KConsecutiveMoves:
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		quiet := uint8(0)
		if n.Flags&ast.FlagQuiet != 0 || g.quiet {
			quiet = 1
		}
		g.emit(vm.OpConsecutive, quiet, 0, 0)
		if n.HasRange {
			g.checkBounds(n, fail)
		}
	case ast.KTry:
		g.jump(vm.OpTry, 0, 0, fail)
	case ast.KVirtualMainline:
		g.jump(vm.OpVirtualMainline, 0, 0, fail)
	case ast.KEcho:
		g.echo(n, fail)
	case ast.KLca, ast.KAncestor, ast.KDescendant, ast.KDistance:
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		switch n.Kind {
		case ast.KLca:
			g.emit(vm.OpTreeRel, vm.TreeLca, 0, 0)
		case ast.KDistance:
			g.emit(vm.OpTreeRel, vm.TreeDistance, 0, 0)
		case ast.KAncestor:
			g.jump(vm.OpTreeAnc, vm.TreeAncestor, 0, fail)
		case ast.KDescendant:
			g.jump(vm.OpTreeAnc, vm.TreeDescendant, 0, fail)
		}
	default:
		return false
	}
	return true
}

// sort records its argument's value for the game's sort key.
func (g *gen) sort(n *ast.Node, fail int) {
	mark := g.slots.new()
	g.emit(vm.OpMarkComments, 0, mark, 0)
	g.numOrStr(n.Args[0], fail)
	if n.Args[0].Type == ast.TStr {
		g.emit(vm.OpSortValueStr, 0, n.Slot, int32(mark))
	} else {
		g.emit(vm.OpSortValue, 0, n.Slot, int32(mark))
	}
}

func (g *gen) numOrStr(n *ast.Node, fail int) {
	if n.Type == ast.TStr {
		g.value(n, fail)
		return
	}
	g.numValue(n, fail)
}

// loop compiles `square x in S body` and `piece x in S body`: the value is
// the set of squares for which the body matched; with `all` the filter
// matches when the body matched for every square.
func (g *gen) loop(n *ast.Node, fail int) {
	iter, sq, acc := g.slots.new(), g.slots.new(), g.slots.new()
	g.value(n.Args[0], fail)
	if n.Kind == ast.KPieceLoop {
		g.emit(vm.OpPieces, 0, int(ast.MaskWhite|ast.MaskBlack), 0)
		g.emit(vm.OpInter, 0, 0, 0)
	}
	g.emit(vm.OpStore, 0, iter, 0)
	g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
	g.emit(vm.OpStore, 0, acc, 0)
	top, done := g.newLabel(), g.newLabel()
	g.bind(top)
	g.jump(vm.OpNextSquare, 0, iter, done)
	g.emit(vm.OpStore, 0, sq, 0)
	g.emit(vm.OpLoad, 0, sq, 0)
	if n.Kind == ast.KPieceLoop {
		g.jump(vm.OpPieceIDAt, 0, 0, top)
	}
	g.emit(vm.OpStore, 0, n.Slot, 0)
	next := g.newLabel()
	mark := g.markComments(n.Args[1])
	bodyFail := next
	if n.Flags&ast.FlagAll != 0 {
		bodyFail = fail
	}
	g.test(n.Args[1], bodyFail)
	g.emit(vm.OpLoad, 0, acc, 0)
	g.emit(vm.OpLoad, 0, sq, 0)
	g.emit(vm.OpUnion, 0, 0, 0)
	g.emit(vm.OpStore, 0, acc, 0)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(next)
	g.truncComments(mark)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(done)
	if n.Flags&ast.FlagAll == 0 {
		g.emit(vm.OpLoad, 0, acc, 0)
	}
}

// repeat compiles `loop body` (test == nil: matches when the body matched
// at least once) and `while (test) body` (always matches).
func (g *gen) repeat(body, test *ast.Node, fail int) {
	any, counter := g.slots.new(), g.slots.new()
	g.emit(vm.OpUnbind, 0, any, 0)
	iterRegex := -1
	if test != nil && test.Kind == ast.KRegex {
		// while (s ~~ "re") walks the successive matches of re in s
		re, _ := translateRegexp(test.Args[1].Str)
		g.prog.Regexps = append(g.prog.Regexps, re)
		iterRegex = len(g.prog.Regexps) - 1
		pos := g.slots.new()
		if g.prog.RegexIter == nil {
			g.prog.RegexIter = map[int]int{}
		}
		g.prog.RegexIter[iterRegex] = pos
		g.emit(vm.OpPushNum, 0, 0, 0)
		g.emit(vm.OpStore, 0, pos, 0)
	}
	top, done := g.newLabel(), g.newLabel()
	g.bind(top)
	g.jump(vm.OpCountIter, 0, counter, done)
	switch {
	case iterRegex >= 0:
		g.value(test.Args[0], done)
		g.jump(vm.OpRegexNext, 0, iterRegex, done)
		g.emit(vm.OpPopStr, 0, 0, 0)
	case test != nil:
		g.test(test, done)
	}
	mark := g.markComments(body)
	bodyDone := done
	if test != nil {
		bodyDone = g.newLabel()
	}
	g.test(body, bodyDone)
	g.emit(vm.OpPushNum, 0, 0, 1)
	g.emit(vm.OpStore, 0, any, 0)
	g.jump(vm.OpJump, 0, 0, top)
	if test != nil {
		g.bind(bodyDone)
		g.truncComments(mark)
		g.jump(vm.OpJump, 0, 0, top)
	}
	g.bind(done)
	if test == nil {
		g.truncComments(mark)
		g.jump(vm.OpIsBound, 0, any, fail)
	}
}

// find searches the current position and its subtree (or, with <--, its
// ancestors) for positions matching the body: the first one is the value,
// or with `all` or a range the number of them.
func (g *gen) find(n *ast.Node, fail int) {
	counting := n.HasRange || n.Flags&ast.FlagAll != 0
	it, save, cnt := g.slots.block(2), g.slots.new(), g.slots.new()
	back := uint8(0)
	if n.Flags&ast.FlagBackward != 0 {
		back = 1
	}
	// the official program writes "Found" at the position found, or
	// "Found k of n" at each position a counting find counts
	commenting := n.Flags&ast.FlagQuiet == 0 && !g.quiet
	foundMark := -1
	if commenting && counting {
		foundMark = g.slots.new()
		g.emit(vm.OpMarkComments, 0, foundMark, 0)
	}
	g.emit(vm.OpFindInit, back, it, 0)
	g.emit(vm.OpSaveCur, 0, save, 0)
	if counting {
		g.emit(vm.OpPushNum, 0, 0, 0)
		g.emit(vm.OpStore, 0, cnt, 0)
	}
	top, done := g.newLabel(), g.newLabel()
	found := g.newLabelAt(g.depth+1, g.sdepth)
	g.bind(top)
	g.jump(vm.OpFindNext, back, it, done)
	g.emit(vm.OpDup, 0, 0, 0)
	g.emit(vm.OpSetCur, 0, 0, 0)
	next := g.newLabel()
	mark := g.markComments(n.Args[0])
	g.test(n.Args[0], next)
	switch {
	case foundMark >= 0:
		g.emit(vm.OpFoundMark, 0, foundMark, 0)
	case commenting:
		g.emit(vm.OpPushStr, 0, 0, g.strConst("Found"))
		g.emit(vm.OpComment, 0, 0, 0)
	}
	g.emit(vm.OpRestCur, 0, save, 0)
	if counting {
		g.emit(vm.OpPop, 0, 0, 0)
		g.increment(cnt)
		g.jump(vm.OpJump, 0, 0, top)
	} else {
		g.jump(vm.OpJump, 0, 0, found)
	}
	g.bind(next)
	g.truncComments(mark)
	g.emit(vm.OpRestCur, 0, save, 0)
	g.emit(vm.OpPop, 0, 0, 0)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(done)
	g.emit(vm.OpRestCur, 0, save, 0)
	if foundMark >= 0 {
		g.emit(vm.OpFoundNumber, 0, foundMark, 0)
	}
	if !counting {
		g.jump(vm.OpJump, 0, 0, fail)
		g.bind(found)
		return
	}
	g.emit(vm.OpLoad, 0, cnt, 0)
	if n.HasRange {
		g.checkBounds(n, fail)
	} else {
		g.checkRange(1, 1<<31-1, fail)
	}
	g.jump(vm.OpJump, 0, 0, found)
	g.bind(found)
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

// echo binds source to the current position and target to every other
// position of the searched tree (or every position with `in all`) and
// evaluates the body at the target. A numeric body gives the maximum.
func (g *gen) echo(n *ast.Node, fail int) {
	src, tgt := g.varSlot(n.Params[0]), g.varSlot(n.Params[1])
	it, save, best := g.slots.block(2), g.slots.new(), g.slots.new()
	numeric := n.Type == ast.TNum
	g.emit(vm.OpCurPos, 0, 0, 0)
	g.emit(vm.OpStore, 0, src, 0)
	g.emit(vm.OpSaveCur, 0, save, 0)
	g.emit(vm.OpUnbind, 0, best, 0)
	g.emit(vm.OpEchoInit, 0, it, 0)
	top, done := g.newLabel(), g.newLabel()
	g.bind(top)
	x := uint8(0)
	if n.Flags&ast.FlagInAll != 0 {
		x |= vm.EchoInAll
	}
	if sameBoardFirst(n.Args[0], n.Params[0], n.Params[1]) && !mayRebind(n.Args[0], n.Params[0]) {
		x |= vm.EchoSameBoard
	}
	g.jump(vm.OpEchoNext, x, it, done)
	g.emit(vm.OpDup, 0, 0, 0)
	g.emit(vm.OpStore, 0, tgt, 0)
	g.emit(vm.OpSetCur, 0, 0, 0)
	next := g.newLabel()
	// the official program marks each matching pair "s <--move 30(btm)"
	// at the source and "t -->move 4(wtm)" at the target
	commenting := n.Flags&ast.FlagQuiet == 0 && !g.quiet
	echoComment := func(fail int) {
		if commenting {
			g.jump(vm.OpLoad, 0, src, fail)
			g.emit(vm.OpEchoComment, 0, int(g.strConst(n.Params[0])), g.strConst(n.Params[1]))
		}
	}
	var mark int
	worse := -1 // numeric: where a target that is not better goes
	if numeric {
		// the value is the best over the targets, and only the best
		// target's comments stay; a target that does not improve on the
		// best is dropped before its echo comments are even made
		mark = g.slots.block(3)
		g.emit(vm.OpMarkComments, 0, mark, 0)
		g.numValue(n.Args[0], next)
		worse = g.newLabel()
		g.jump(vm.OpJNotGreater, 0, best, worse)
		echoComment(worse)
		g.emit(vm.OpMaxIntoKeep, 0, best, int32(mark))
	} else {
		mark = g.markComments(n.Args[0])
		if commenting && mark < 0 {
			mark = g.slots.new()
			g.emit(vm.OpMarkComments, 0, mark, 0)
		}
		g.test(n.Args[0], next)
		// only the first matching target keeps its comments: every target
		// is still tried (the body may assign), but comments for all of
		// them would grow with the square of the game in nested echoes
		first := g.newLabel()
		g.jump(vm.OpLoad, 0, best, first)
		g.emit(vm.OpPop, 0, 0, 0)
		g.truncComments(mark)
		g.emit(vm.OpRestCur, 0, save, 0)
		g.jump(vm.OpJump, 0, 0, top)
		g.bind(first)
		echoComment(next)
		g.emit(vm.OpPushNum, 0, 0, 1)
		g.emit(vm.OpStore, 0, best, 0)
	}
	g.emit(vm.OpRestCur, 0, save, 0)
	g.jump(vm.OpJump, 0, 0, top)
	if worse >= 0 {
		g.bind(worse)
		g.emit(vm.OpPop, 0, 0, 0)
	}
	g.bind(next)
	g.truncComments(mark)
	g.emit(vm.OpRestCur, 0, save, 0)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(done)
	g.emit(vm.OpRestCur, 0, save, 0)
	g.jump(vm.OpLoad, 0, best, fail)
	if !numeric {
		g.emit(vm.OpPop, 0, 0, 0)
	}
}

// varSlot is the slot of a declared variable.
func (g *gen) varSlot(name string) int { return g.vars[name].Slot }

var _ = bitboard.Full

// sameBoardFirst reports whether the first thing body tests is that the
// positions src and tgt have the same board: `src & tgt == .`, operands
// in either order. A target with another board then fails the body before
// any of it has an effect, and the echo walk may skip it (EchoSameBoard);
// the test of "identical position" queries goes from a dozen instructions
// per pair of positions to a comparison of occupancies.
func sameBoardFirst(body *ast.Node, src, tgt string) bool {
	if src == tgt { // echo (s s): the target overwrites the source
		return false
	}
	first := body
	for first.Kind == ast.KCompound && len(first.Args) > 0 || first.Kind == ast.KAnd {
		first = first.Args[0]
	}
	if first.Kind != ast.KCmp || first.Str != "==" {
		return false
	}
	inter, all := first.Args[0], first.Args[1]
	if isAllSquares(inter) {
		inter, all = all, inter
	}
	if !isAllSquares(all) || inter.Kind != ast.KInter || len(inter.Args) != 2 {
		return false
	}
	a, b := inter.Args[0], inter.Args[1]
	if a.Kind != ast.KVar || b.Kind != ast.KVar || a.Type != ast.TPos || b.Type != ast.TPos {
		return false
	}
	return a.Str == src && b.Str == tgt || a.Str == tgt && b.Str == src
}

// mayRebind reports whether anything in n may give the variable name
// another value: an assignment to it, or a filter that binds it (echo,
// loops). EchoSameBoard compares targets with the current position, which
// is the source only while the body leaves the source variable alone.
func mayRebind(n *ast.Node, name string) bool {
	return ast.Any(n, func(c *ast.Node) bool {
		return c.Kind == ast.KAssign && len(c.Args) > 0 && c.Args[0].Kind == ast.KVar && c.Args[0].Str == name ||
			slices.Contains(c.Params, name)
	})
}

// isAllSquares reports whether n is the designator of every square, `.`.
func isAllSquares(n *ast.Node) bool {
	return n.Kind == ast.KDesig && n.Desig.Pieces == ast.MaskAll && n.Desig.Squares == bitboard.Full
}

// message emits message: the text of its arguments, printed after the
// current position and game number, or alone under quiet (message.html).
func (g *gen) message(n *ast.Node) {
	g.strArgs(n.Args)
	quiet := uint8(0)
	if n.Flags&ast.FlagQuiet != 0 {
		quiet = 1
	}
	g.emit(vm.OpMessage, quiet, 0, 0)
}

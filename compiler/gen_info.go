package compiler

import (
	"strings"

	"cqlvm/bitboard"
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

// Single-position filters beyond the basics: game facts, strings and
// regular expressions, pawn structure, rays, loops, piece variables,
// sort, message.

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

var _ = bitboard.Full

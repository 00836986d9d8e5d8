package compiler

import (
	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Variables: references, assignments (= += -= *= /= %= =?), piece
// assignments (piece x = ...), persistent and atomic variables, unbind,
// isbound and isunbound. Dictionaries are in dict.go.

// checkPieceAssign types `piece x = S`: x follows the piece on S.
func (c *checker) checkPieceAssign(n *syntax.Node) Type {
	c.expect(n.Args[1], "the right side of a piece assignment", TSet)
	c.declareVar(n.Args[0], TSet, true)
	c.needPieceIDs = true
	return TLog
}

// checkUnbind types unbind, isbound and isunbound: of a variable, and
// for unbind also of a dictionary or one of its entries.
func (c *checker) checkUnbind(n *syntax.Node) Type {
	if n.Kind == syntax.KUnbind && n.Args[0].Kind == syntax.KStrIndex {
		if d := c.dictOf(n.Args[0].Args[0]); d != nil {
			dictKeyType(c, n.Args[0].Args[1], d)
			return TLog
		}
	}
	if n.Kind == syntax.KUnbind && c.dictOf(n.Args[0]) != nil {
		return TLog
	}
	if n.Args[0].Kind != syntax.KVar {
		c.errorf(n.Args[0], "%s needs a variable", opName(n))
		return TLog
	}
	c.check(n.Args[0])
	return TLog
}

func (g *gen) genPieceAssign(n *syntax.Node, fail int) {
	g.value(n.Args[1], fail)
	g.jump(vm.OpPieceIDAt, 0, 0, fail)
	g.emit(vm.OpStore, 0, g.slotOf(n.Args[0]), 0)
}

func (g *gen) genPersistent(n *syntax.Node, fail int) {
	g.test(n.Args[0], fail)
}

func (g *gen) genUnbind(n *syntax.Node, fail int) {
	if a := n.Args[0]; a.Kind == syntax.KStrIndex {
		if d := g.dictInfoOf(a.Args[0]); d != nil {
			g.value(a.Args[1], fail)
			g.emit(vm.OpDictDel, typeCodes(d), d.Index, 0)
			return
		}
	}
	if d := g.dictInfoOf(n.Args[0]); d != nil {
		g.emit(vm.OpDictClear, 0, d.Index, 0)
		return
	}
	g.emit(vm.OpUnbind, 0, g.slotOf(n.Args[0]), 0)
}

func (g *gen) genIsBound(n *syntax.Node, fail int) {
	g.jump(vm.OpIsBound, 0, g.slotOf(n.Args[0]), fail)
}

func (g *gen) genIsUnbound(n *syntax.Node, fail int) {
	ok := g.newLabel()
	g.jump(vm.OpIsBound, 0, g.slotOf(n.Args[0]), ok)
	g.jump(vm.OpJump, 0, 0, fail)
	g.bind(ok)
}

func (c *checker) checkVar(n *syntax.Node) Type {
	v, ok := c.vars[n.Str]
	if !ok {
		if hint := syntax.SANHint(n.Str); hint != "" {
			c.errs.Add(c.src, n.Span, "unknown word %s: %s", n.Str, hint) // whole: the word is short
		} else if k := syntax.Suggest(n.Str); k != "" {
			c.errorf(n, "unknown word %s: did you mean %s?", n.Str, k)
		} else {
			c.errorf(n, "unknown variable %s (a variable must be assigned before it is used)", n.Str)
		}
		return TUnknown
	}
	if v.Dict != nil {
		// D[k], #D, loops and unbind reach the dictionary through dictOf;
		// a dictionary anywhere else would be a value, which it cannot be
		// (cql-6-1/dictionary.html: "or returned as the value of a filter")
		c.errorf(n, "the dictionary %s has no value of its own: use %s[key], #%s or a loop over its keys", n.Str, n.Str, n.Str)
		return TUnknown
	}
	c.setSlot(n, v.Slot)
	if v.Piece {
		n.Flags |= syntax.FlagPieceVar
		return TSet
	}
	return v.Type
}

// checkAssign handles = += -= *= /= %= =? on plain variables.
func (c *checker) checkAssign(n *syntax.Node) Type {
	target, rhs := n.Args[0], n.Args[1]
	rt := c.check(rhs)
	if target.Kind == syntax.KStrIndex {
		if d := c.dictOf(target.Args[0]); d != nil {
			return c.checkDictAssign(n, d)
		}
		return c.checkCharAssign(n, rt)
	}
	if target.Kind != syntax.KVar {
		c.errorf(target, "cannot assign to this")
		return TLog
	}
	if rt == TLog {
		c.errorf(rhs, "the right side of an assignment must have a value; this is a logical filter")
		return TLog
	}
	op := n.Str
	v, ok := c.vars[target.Str]
	if op != "=" && op != "=?" && !ok {
		c.errorf(target, "unknown variable %s: '%s' needs a variable that was assigned before", target.Str, op)
		return TLog
	}
	if isSetUpdate(op) {
		return c.checkSetUpdate(n, v, rt)
	}
	if rt == TSet && op != "=" && op != "=?" {
		rt = TNum // x += #set: counted
	}
	if op == "=?" && rt != TSet {
		c.errorf(n, "'=?' assigns sets only")
	}
	if !ok {
		v = &variable{Name: target.Str, Type: rt, Slot: c.slots.new()}
		c.vars[target.Str] = v
	} else if v.Type == TUnknown {
		v.Type = rt // a persistent variable's first use (checkPersistent)
	} else if v.Type != rt && rt != TUnknown && !v.Piece {
		c.errorf(n, "type mismatch on assignment: the variable %s is of type %s but the right side is of type %s", target.Str, v.Type, rt)
	}
	if v.Piece && (op == "=" || op == "=?") {
		c.errorf(n, "%s is a piece variable; assign it with 'piece %s = ...'", target.Str, target.Str)
	}
	if op != "=" && op != "=?" && v.Type != TNum && !(op == "+=" && v.Type == TStr) {
		c.errorf(n, "'%s' needs a numeric variable (or a string for +=)", op)
	}
	c.setSlot(target, v.Slot)
	c.setType(target, v.Type)
	return TLog
}

// isSetUpdate reports whether op is |= or &=, which update a set variable.
func isSetUpdate(op string) bool { return op == "|=" || op == "&=" }

// checkSetUpdate checks x |= S and x &= S: both sides are sets (the
// official program: "Both sides must be sets"); a piece variable cannot
// be updated, since it names one piece.
func (c *checker) checkSetUpdate(n *syntax.Node, v *variable, rt Type) Type {
	target := n.Args[0]
	switch {
	case v.Piece:
		c.errorf(n, "%s is a piece variable; '%s' updates a set variable", target.Str, n.Str)
	case v.Type != TSet || rt != TSet:
		c.errorf(n, "'%s' needs a set variable and a set on its right (here %s %s %s)", n.Str, v.Type, n.Str, rt)
	}
	c.setSlot(target, v.Slot)
	c.setType(target, v.Type)
	return TLog
}

// declare finds or creates the variable named by v with type t (not a
// piece variable).
func (c *checker) declare(v *syntax.Node, t Type) *variable {
	return c.declareVar(v, t, false)
}

// declareVar finds or creates the variable named by v with type t; piece
// asks for a piece variable. variables.html: "Once assigned, a variable
// cannot change its type", and set and piece variables are two types
// though both hold squares.
func (c *checker) declareVar(v *syntax.Node, t Type, piece bool) *variable {
	if syntax.IsReserved(v.Str) {
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
	c.setSlot(v, vr.Slot)
	c.setType(v, t)
	return vr
}

func setKind(piece bool) string {
	if piece {
		return "piece variable"
	}
	return "set variable"
}

func (c *checker) checkPersistent(n *syntax.Node) Type {
	inner := n.Args[0]
	if n.Flags&syntax.FlagLocal != 0 {
		return c.checkAtomic(inner)
	}
	if inner.Kind != syntax.KAssign {
		// persistent.html: "persistent declaration without an assignment
		// is no longer supported" (it was in CQL 6.0)
		c.errorf(n, "persistent needs an assignment, such as persistent x = 0 or persistent x += 1")
		return TLog
	}
	target := inner.Args[0]
	if target.Kind != syntax.KVar {
		c.check(inner)
		return TLog
	}
	v, seen := c.vars[target.Str]
	if seen && v.Dict != nil {
		c.check(inner) // a dictionary: checkAssign reports the mismatch
		return TLog
	}
	if seen && !v.Persistent {
		c.errorf(target, "%s is used before this as an ordinary variable; a persistent variable must be persistent from its first use", target.Str)
		c.check(inner)
		return TLog
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
	v.Quiet = n.Flags&syntax.FlagQuiet != 0
	return TLog
}

// checkPersistentType: persistent.html, "a numeric variable, string
// variable, or set variable is persistent"; positions and pieces belong
// to one game.
func (c *checker) checkPersistentType(target *syntax.Node, v *variable) {
	switch {
	case v.Piece:
		c.errorf(target, "%s is a piece variable; only numbers, strings and sets can be persistent", target.Str)
	case v.Type == TNum, v.Type == TStr, v.Type == TSet, v.Type == TUnknown:
	default:
		c.errorf(target, "%s is a %s variable; only numbers, strings and sets can be persistent", target.Str, v.Type)
	}
}

// checkAtomic types `atomic x = F`: x is restored when a path backtracks.
func (c *checker) checkAtomic(inner *syntax.Node) Type {
	c.check(inner)
	if inner.Kind == syntax.KAssign && inner.Args[0].Kind == syntax.KVar {
		if v, ok := c.vars[inner.Args[0].Str]; ok {
			v.Atomic = true
		}
	}
	return TLog
}

func (g *gen) genVar(n *syntax.Node, fail int) {
	if g.everySquareVar != "" && n.Str == g.everySquareVar {
		g.emit(vm.OpPushSet, 0, 0, g.setConst(bitboard.Full))
		return
	}
	if mask, ok := g.relaxedPieceVars[n.Str]; ok && n.Flags&syntax.FlagPieceVar != 0 {
		g.emit(vm.OpPieces, 0, int(mask), 0)
		return
	}
	if n.Flags&syntax.FlagPieceVar != 0 {
		g.jump(vm.OpPieceSquare, 0, g.slotOf(n), fail)
		return
	}
	if g.typeOf(n) == TStr {
		g.jump(vm.OpLoadStr, 0, g.slotOf(n), fail)
		return
	}
	g.jump(vm.OpLoad, 0, g.slotOf(n), fail)
}

// genAssign: set assignment always succeeds; others fail with their right side.
func (g *gen) genAssign(n *syntax.Node, fail int) {
	target, rhs := n.Args[0], n.Args[1]
	if target.Kind == syntax.KStrIndex {
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
		g.valueOrFail(rhs, fail) // fails on the empty set anyway
		g.emit(vm.OpDup, 0, 0, 0)
		g.jump(vm.OpJEmpty, 0, 0, fail)
		g.store(target)
	case "+=":
		if g.typeOf(target) == TStr {
			g.jump(vm.OpLoadStr, 0, g.slotOf(target), fail)
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
	case "|=":
		g.updateSet(target, rhs, vm.OpUnion, fail)
	case "&=":
		g.updateSet(target, rhs, vm.OpInter, fail)
	}
}

// updateSet stores x op S in x; like a set assignment it always matches.
func (g *gen) updateSet(target, rhs *syntax.Node, op vm.Op, fail int) {
	g.jump(vm.OpLoad, 0, g.slotOf(target), fail)
	g.value(rhs, fail)
	g.emit(op, 0, 0, 0)
	g.store(target)
}

func (g *gen) update(target, rhs *syntax.Node, op vm.Op, fail int) {
	g.jump(vm.OpLoad, 0, g.slotOf(target), fail)
	g.numValue(rhs, fail)
	if op == vm.OpDiv || op == vm.OpMod {
		g.jump(op, 0, 0, fail)
	} else {
		g.emit(op, 0, 0, 0)
	}
	g.store(target)
}

func (g *gen) store(target *syntax.Node) {
	g.storeSlot(g.slotOf(target), g.typeOf(target))
}

// storeSlot stores the value on the stack, of type t, in slot.
func (g *gen) storeSlot(slot int, t Type) {
	if t == TStr {
		g.emit(vm.OpStoreStr, 0, slot, 0)
		return
	}
	g.emit(vm.OpStore, 0, slot, 0)
}

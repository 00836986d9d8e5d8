package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Dictionaries (CQL 6.1): `dictionary D` (kept across games), `local
// dictionary D` (emptied for every game); `D[k] = v`, `D[k]`, `#D`,
// `unbind D[k]`, `unbind D`, and iteration `k [element] D body` or
// `string k in D body`. Key and value types are fixed by the first
// assignment in the text (or, for the key, by a read before it). An entry
// read before any assignment in the text has no type yet: it is a logical
// filter, true when the key is present (`not Seen[fen]` before
// `Seen[fen] = "yes"`), as in the official program, which refuses to use
// it as a value (`D["a"] == 1` there is a syntax error).

// dictInfo is what the checker knows of a dictionary.
type dictInfo struct {
	Index            int
	Local            bool
	KeyType, ValType Type
}

// checkDictDecl types `[local] dictionary D [D[k] = v]`.
func (c *checker) checkDictDecl(n *syntax.Node) Type {
	return c.declareDict(n)
}

// checkElementLoop types `string k in D body`.
func (c *checker) checkElementLoop(n *syntax.Node) Type {
	if d := c.dictOf(n.Args[0]); d != nil {
		return c.checkDictLoop(n, d)
	}
	c.errorf(n.Args[0], "'string %s in' needs a dictionary", n.Str)
	return TLog
}

func (g *gen) genDictDecl(n *syntax.Node, fail int) {
	// the declaration itself runs nothing; `dictionary D[k] = v`
	// assigns whenever the filter is evaluated, as any assignment does
	if len(n.Args) > 0 {
		g.test(n.Args[0], fail)
	}
}

// genElementLoop compiles a loop over a dictionary's keys (checkDictLoop
// makes every such loop a KElementLoop).
func (g *gen) genElementLoop(n *syntax.Node, fail int) {
	g.dictLoop(n, g.dictInfoOf(n.Args[0]), fail)
}

func (c *checker) declareDict(n *syntax.Node) Type {
	if _, ok := c.vars[n.Str]; ok {
		c.errorf(n, "%s is already declared", n.Str)
		return TLog
	}
	d := &dictInfo{Index: len(c.dicts), Local: n.Flags&syntax.FlagLocal != 0}
	c.dicts = append(c.dicts, d)
	c.vars[n.Str] = &variable{Name: n.Str, Type: TDict, Slot: -1, Dict: d}
	c.setSlot(n, d.Index)
	if len(n.Args) > 0 {
		c.check(n.Args[0]) // dictionary D[k] = v: the first assignment
	}
	return TLog
}

// dictOf returns the dictionary a node names, if it is a dictionary variable.
func (c *checker) dictOf(n *syntax.Node) *dictInfo {
	if n.Kind != syntax.KVar {
		return nil
	}
	if v, ok := c.vars[n.Str]; ok && v.Dict != nil {
		c.setType(n, TDict)
		c.setSlot(n, v.Dict.Index)
		return v.Dict
	}
	return nil
}

func dictKeyType(c *checker, n *syntax.Node, d *dictInfo) bool {
	kt := c.check(n)
	switch kt {
	case TNum, TStr, TSet, TPos:
	case TUnknown:
		return false
	default:
		c.errorf(n, "a dictionary key must be a number, string, set or position, not a %s", kt)
		return false
	}
	if kt == TPos && !d.Local {
		c.errorf(n, "positions can only be keys of local dictionaries (declare it with 'local dictionary')")
	}
	if d.KeyType == TUnknown {
		d.KeyType = kt
	} else if d.KeyType != kt {
		c.errorf(n, "this dictionary's keys are %ss, not %ss", d.KeyType, kt)
		return false
	}
	return true
}

// checkDictAssign types `D[k] = v`.
func (c *checker) checkDictAssign(n *syntax.Node, d *dictInfo) Type {
	idx := n.Args[0]
	dictKeyType(c, idx.Args[1], d)
	vt := c.typeOf(n.Args[1])
	if n.Str != "=" {
		c.errorf(n, "dictionary entries are assigned with '='")
	}
	switch vt {
	case TNum, TStr, TSet, TPos:
	default:
		c.errorf(n.Args[1], "a dictionary value must be a number, string, set or position")
		return TLog
	}
	if vt == TPos && !d.Local {
		// dictionary.html: "Only local dictionaries can have keys or
		// values that are positions": a position means nothing once its
		// game is over, and other dictionaries outlive the game
		c.errorf(n.Args[1], "positions can only be values of local dictionaries (declare it with 'local dictionary')")
	}
	if d.ValType == TUnknown {
		d.ValType = vt
	} else if d.ValType != vt {
		c.errorf(n.Args[1], "type mismatch: this dictionary holds %ss, not %ss", d.ValType, vt)
	}
	return TLog
}

// checkDictGet types `D[k]`.
func (c *checker) checkDictGet(n *syntax.Node, d *dictInfo) Type {
	dictKeyType(c, n.Args[1], d)
	if d.ValType == TUnknown {
		return TLog // whether the key is present: see above
	}
	return d.ValType
}

// checkDictLoop types `k [element] D body`: k takes each key in turn.
func (c *checker) checkDictLoop(n *syntax.Node, d *dictInfo) Type {
	if d.KeyType == TUnknown {
		c.errorf(n.Args[0], "this dictionary is iterated before any entry is assigned to it")
		return TLog
	}
	v := c.declare(&syntax.Node{Kind: syntax.KVar, Span: n.Span, Str: n.Str}, d.KeyType)
	if v != nil {
		c.setSlot(n, v.Slot)
	}
	c.check(n.Args[1])
	n.Kind = syntax.KElementLoop
	return TLog
}

func typeCodes(d *dictInfo) uint8 { return typeCode(d.KeyType) | typeCode(d.ValType)<<4 }

func (g *gen) dictSet(n *syntax.Node, d *dictInfo, fail int) {
	idx := n.Args[0]
	g.value(idx.Args[1], fail)
	g.value(n.Args[1], fail)
	g.emit(vm.OpDictSet, typeCodes(d), d.Index, 0)
}

func (g *gen) dictGet(n *syntax.Node, d *dictInfo, fail int) {
	g.value(n.Args[1], fail)
	g.jump(vm.OpDictGet, typeCodes(d), d.Index, fail)
	if g.typeOf(n) == TLog { // read before any assignment: the key is present
		g.drop(d.ValType)
	}
}

// dictLoop runs the body for every key; it matches when the body matched
// for at least one key.
func (g *gen) dictLoop(n *syntax.Node, d *dictInfo, fail int) {
	it, any := g.slots.new(), g.slots.new()
	g.emit(vm.OpUnbind, 0, any, 0)
	g.emit(vm.OpDictIterInit, 0, it, int32(d.Index))
	top, done := g.newLabel(), g.newLabel()
	g.bind(top)
	g.jump(vm.OpDictIterNext, typeCodes(d), it, done)
	g.storeSlot(g.slotOf(n), d.KeyType)
	next := g.newLabel()
	mark := g.markComments(n.Args[1])
	g.test(n.Args[1], next)
	g.emit(vm.OpPushNum, 0, 0, 1)
	g.emit(vm.OpStore, 0, any, 0)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(next)
	g.truncComments(mark)
	g.jump(vm.OpJump, 0, 0, top)
	g.bind(done)
	g.jump(vm.OpIsBound, 0, any, fail)
}

// dictInfoOf finds the dictionary behind a checked node.
func (g *gen) dictInfoOf(n *syntax.Node) *dictInfo {
	if n.Kind != syntax.KVar {
		return nil
	}
	if v, ok := g.vars[n.Str]; ok {
		return v.Dict
	}
	return nil
}

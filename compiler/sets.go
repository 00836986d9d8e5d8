package compiler

import (
	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// Square sets: piece designators, [], the set operators (| & ~ and the
// difference, in arith.go's -), in, attacks, attackedby, the arrow
// chains, between, light, dark, the direction filters, makesquare, pin,
// ray and xray.

func (c *checker) checkDesignator(n *syntax.Node) Type {
	return TSet
}

func (c *checker) checkEmptySet(n *syntax.Node) Type {
	return TSet
}

// checkInter types &: the intersection of two sets, or of two positions
// the squares whose contents agree.
func (c *checker) checkInter(n *syntax.Node) Type {
	if l := c.check(n.Args[0]); l == TPos {
		c.expect(n.Args[1], "the right side of '&' between positions", TPos)
		return TSet // the squares whose contents agree
	}
	c.expect(n.Args[0], "the left side of '&'", TSet)
	c.expect(n.Args[1], "the right side of '&'", TSet)
	return TSet
}

// checkSetOp types |, attacks and attackedby.
func (c *checker) checkSetOp(n *syntax.Node) Type {
	c.expect(n.Args[0], "the left side of "+opName(n), TSet)
	c.expect(n.Args[1], "the right side of "+opName(n), TSet)
	return TSet
}

func (c *checker) checkBetween(n *syntax.Node) Type {
	c.expect(n.Args[0], "the first argument of between", TSet)
	c.expect(n.Args[1], "the second argument of between", TSet)
	return TSet
}

func (c *checker) checkArrowChain(n *syntax.Node) Type {
	for _, a := range n.Args {
		c.expect(a, "an operand of "+opName(n), TSet)
	}
	return TSet
}

func (c *checker) checkCompl(n *syntax.Node) Type {
	return c.checkSetArgument(n)
}

func (c *checker) checkLightDark(n *syntax.Node) Type {
	return c.checkSetArgument(n)
}

// A direction's range is of signed steps, from -7 to 7, the first not above
// the second: `up -2 X` is two squares down, `up 0 X` is X itself. The
// official program stops the run on the first position where a range breaks
// this ("Invalid range (limit magnitude cannot exceed 7 and min must be
// less than max)"); a constant range is refused here, a range with a
// variable bound when it is evaluated (vm: directiondyn).
func (c *checker) checkDirection(n *syntax.Node) Type {
	if n.HasRange && n.Bounds == nil && (n.Int > n.Int2 || n.Int < -7 || n.Int2 > 7) {
		c.errorf(n, "invalid range %d..%d of %s: its bounds must lie in -7..7, the first not above the second", n.Int, n.Int2, opName(n))
	}
	return c.checkSetArgument(n)
}

// checkSetArgument types a set filter of one set argument.
func (c *checker) checkSetArgument(n *syntax.Node) Type {
	c.expect(n.Args[0], "the argument of "+opName(n), TSet)
	return TSet
}

// checkIn types `x in y`: two sets (subset) or two strings (substring).
func (c *checker) checkIn(n *syntax.Node) Type {
	l := c.check(n.Args[0])
	r := c.check(n.Args[1])
	if !(l == TSet && r == TSet || l == TStr && r == TStr) && l != TUnknown && r != TUnknown {
		c.errorf(n, "'in' needs two sets or two strings, got %s in %s", l, r)
	}
	return TLog
}

// checkMakeSquare types makesquare "e4" and makesquare file rank.
func (c *checker) checkMakeSquare(n *syntax.Node) Type {
	if len(n.Args) == 1 {
		c.expect(n.Args[0], "the argument of makesquare", TStr)
	} else {
		c.numeric(n.Args[0], "the file of makesquare")
		c.numeric(n.Args[1], "the rank of makesquare")
	}
	return TSet
}

func (c *checker) checkPin(n *syntax.Node) Type {
	for _, a := range n.Args {
		if a != nil {
			c.expect(a, "a pin parameter", TSet)
		}
	}
	return TSet
}

// checkRay types ray and xray.
func (c *checker) checkRay(n *syntax.Node) Type {
	for _, a := range n.Args {
		c.expect(a, "an argument of "+map[syntax.Kind]string{syntax.KRay: "ray", syntax.KXray: "xray"}[n.Kind], TSet)
	}
	return TSet
}

func (g *gen) genDesignator(n *syntax.Node, fail int) {
	g.designator(n.Desig)
}

func (g *gen) genEmptySet(n *syntax.Node, fail int) {
	g.emit(vm.OpPushSet, 0, 0, g.setConst(0))
}

func (g *gen) genInter(n *syntax.Node, fail int) {
	if g.typeOf(n.Args[0]) == TPos {
		g.value(n.Args[0], fail)
		g.value(n.Args[1], fail)
		g.emit(vm.OpSameSquares, 0, 0, 0)
		return
	}
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	g.emit(vm.OpInter, 0, 0, 0)
}

// genSetOp compiles |, attacks, attackedby and between.
func (g *gen) genSetOp(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	g.emit(map[syntax.Kind]vm.Op{syntax.KUnion: vm.OpUnion, syntax.KInter: vm.OpInter, syntax.KAttacks: vm.OpAttacks,
		syntax.KAttackedBy: vm.OpAttackedBy, syntax.KBetween: vm.OpBetween}[n.Kind], 0, 0, 0)
}

func (g *gen) genArrowChain(n *syntax.Node, fail int) {
	for _, a := range n.Args {
		g.value(a, fail)
	}
	var backward uint8
	if n.Flags&syntax.FlagBackward != 0 {
		backward = vm.ChainBackward
	}
	g.emit(vm.OpArrowChain, backward, len(n.Args), 0)
}

func (g *gen) genCompl(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.emit(vm.OpCompl, 0, 0, 0)
}

func (g *gen) genLightDark(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.emit(map[syntax.Kind]vm.Op{syntax.KLight: vm.OpLight, syntax.KDark: vm.OpDark}[n.Kind], 0, 0, 0)
}

func (g *gen) genIn(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	if g.typeOf(n.Args[0]) == TStr {
		g.jump(vm.OpStrIn, 0, 0, fail)
	} else {
		g.jump(vm.OpSubset, 0, 0, fail)
	}
}

func (g *gen) genMakeSquare(n *syntax.Node, fail int) {
	if len(n.Args) == 1 {
		g.value(n.Args[0], fail)
		g.jump(vm.OpMakeSquareStr, 0, 0, fail)
		return
	}
	g.numValue(n.Args[0], fail)
	g.numValue(n.Args[1], fail)
	g.jump(vm.OpMakeSquare, 0, 0, fail)
}

// genRay compiles ray and xray.
func (g *gen) genRay(n *syntax.Node, fail int) {
	for _, a := range n.Args {
		g.value(a, fail)
	}
	a := len(n.Args)
	if n.Kind == syntax.KXray || n.Flags&syntax.FlagAttack != 0 {
		a |= 0x100
	}
	g.emit(vm.OpRay, uint8(n.Dirs), a, 0)
}

// designator pushes the squares of a piece designator.
func (g *gen) designator(d syntax.Designator) {
	switch {
	case d.Pieces == syntax.MaskAll:
		g.emit(vm.OpPushSet, 0, 0, g.setConst(d.Squares))
	case d.Pieces != 0 && d.Pieces&(d.Pieces-1) == 0 && d.Squares == bitboard.Full:
		g.emit(vm.OpPiece, 0, int(d.Pieces), 0)
	case d.Pieces != 0 && d.Pieces&(d.Pieces-1) == 0:
		g.emit(vm.OpPieceIn, 0, int(d.Pieces), g.setConst(d.Squares))
	case d.Squares == bitboard.Full:
		g.emit(vm.OpPieces, 0, int(d.Pieces), 0)
	default:
		g.emit(vm.OpPiecesIn, 0, int(d.Pieces), g.setConst(d.Squares))
	}
}

func (g *gen) genDirection(n *syntax.Node, fail int) {
	if n.Bounds != nil {
		g.value(n.Args[0], fail)
		g.numValue(n.Bounds[0], fail)
		g.numValue(n.Bounds[1], fail)
		g.emit(vm.OpDirectionDyn, uint8(n.Dirs), 0, 0)
		return
	}
	lo, hi := int64(1), int64(7)
	if n.HasRange {
		lo, hi = n.Int, n.Int2
	}
	g.value(n.Args[0], fail)
	// the checker keeps the bounds in -7..7, so lo+8 fits the unsigned A field
	g.emit(vm.OpDirection, uint8(n.Dirs), int(lo+8), int32(hi))
}

// genPin pushes from, through and to (defaults: every square, every square,
// both kings) and computes the pins.
func (g *gen) genPin(n *syntax.Node, fail int) {
	what := uint8(n.Int)
	for i, a := range n.Args {
		switch {
		case a != nil:
			g.value(a, fail)
			if i == 2 {
				what |= vm.PinToGiven
			}
		case i == 2:
			g.designator(syntax.Designator{Pieces: 1<<bitboard.WhiteKing | 1<<bitboard.BlackKing, Squares: bitboard.Full})
		default:
			g.emit(vm.OpPushSet, 0, 0, g.setConst(bitboard.Full))
		}
	}
	g.emit(vm.OpPin, what, 0, 0)
}

// isAllSquares reports whether n is the designator of every square, `.`.
func isAllSquares(n *syntax.Node) bool {
	return n.Kind == syntax.KDesig && n.Desig.Pieces == syntax.MaskAll && n.Desig.Squares == bitboard.Full
}

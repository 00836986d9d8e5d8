package compiler

import (
	"cqlvm/bitboard"
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

// designator pushes the squares of a piece designator.
func (g *gen) designator(d ast.Designator) {
	switch {
	case d.Pieces == ast.MaskAll:
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

func (g *gen) direction(n *ast.Node, fail int) {
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
	// no step reaches past 7 squares, so bounds beyond ±8 change nothing;
	// clamped, lo+8 fits the unsigned A field
	lo, hi = min(max(lo, -8), 8), min(max(hi, -8), 8)
	g.emit(vm.OpDirection, uint8(n.Dirs), int(lo+8), int32(hi))
}

// pin pushes from, through and to (defaults: every square, every square,
// both kings) and computes the pins.
func (g *gen) pin(n *ast.Node, fail int) {
	what := uint8(n.Int)
	for i, a := range n.Args {
		switch {
		case a != nil:
			g.value(a, fail)
			if i == 2 {
				what |= vm.PinToGiven
			}
		case i == 2:
			g.designator(ast.Designator{Pieces: 1<<bitboard.WhiteKing | 1<<bitboard.BlackKing, Squares: bitboard.Full})
		default:
			g.emit(vm.OpPushSet, 0, 0, g.setConst(bitboard.Full))
		}
	}
	g.emit(vm.OpPin, what, 0, 0)
}

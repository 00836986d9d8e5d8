package vm

import "github.com/cqlvm/cqlvm/bitboard"

// The variant filters (cqlvm extensions of CQL 6): the game's variant,
// the checks given in Three-check, the pieces in hand and the square of
// a drop in Crazyhouse, read from the position and the move into it.

// variantName is the variant as Lichess names it; a standard game set up
// with Chess960 castling is "Chess960".
func variantName(p *bitboard.Position) string {
	if p.Variant == bitboard.Standard && p.Chess960 {
		return "Chess960"
	}
	return p.Variant.String()
}

// viewColors are the colours a view (the syntax.View* values) stands
// for; the natural view is both.
func (m *Machine) viewColors(view uint8) []bitboard.Color {
	switch view {
	case ViewWhite:
		return []bitboard.Color{bitboard.White}
	case ViewBlack:
		return []bitboard.Color{bitboard.Black}
	case ViewSideToMove:
		return []bitboard.Color{m.pos().Side}
	}
	return []bitboard.Color{bitboard.White, bitboard.Black}
}

// checkCount is the number of checks given by the view's side; the
// natural view is the side that just moved.
func (m *Machine) checkCount(view uint8) int {
	p := m.pos()
	c := p.Side.Other()
	if view != ViewNatural {
		c = m.viewColors(view)[0]
	}
	return p.ChecksGiven(c)
}

// inHand lists the pieces in the hands of colors as FEN letters, queens
// first.
func inHand(p *bitboard.Position, colors []bitboard.Color) string {
	var b []byte
	for _, c := range colors {
		for t := bitboard.Queen; t >= bitboard.Pawn; t-- {
			for n := p.InHand(c, t); n > 0; n-- {
				b = append(b, bitboard.MakePiece(c, t).Letter())
			}
		}
	}
	return string(b)
}

// dropSquare is the square the move into the current position dropped a
// piece on.
func (m *Machine) dropSquare() (bitboard.Set, bool) {
	if m.cur <= 0 {
		return 0, false
	}
	mv := &m.tree.Nodes[m.cur].Move
	if mv.Flags&bitboard.FlagDrop == 0 {
		return 0, false
	}
	return bitboard.SquareSet(mv.To), true
}

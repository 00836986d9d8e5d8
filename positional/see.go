package positional

import (
	"slices"

	"github.com/cqlvm/cqlvm/bitboard"
)

// values are the material values of the piece types in pawns, indexed
// by bitboard.PieceType.
var values = [...]int{bitboard.Pawn: 1, bitboard.Knight: 3, bitboard.Bishop: 3, bitboard.Rook: 5, bitboard.Queen: 9, bitboard.King: 0}

// Value is the material value of a piece type in pawns (0 for the king
// and for no piece).
func Value(t bitboard.PieceType) int {
	if int(t) < len(values) {
		return values[t]
	}
	return 0
}

// Exchange is the static exchange evaluation of m, a legal move of p: the
// material (in pawns) its side wins once both sides have captured on m's
// destination, each with its least valuable piece (the piece that will
// stand there afterwards: a pawn that promotes counts as the queen it
// becomes) and each free to stop capturing when going on would lose. The
// captures are legal moves of the positions the exchange passes through,
// so pieces pinned to their king take no part, pieces behind the
// capturers join in (x-rays), a king only captures an undefended piece,
// and an en-passant first move wins the pawn it takes. A move that
// captures nothing is evaluated too: it wins 0, less what the opponent
// then gains by capturing the piece that moved.
func Exchange(p *bitboard.Position, m bitboard.Move) int {
	gain := Value(m.Captured.Type()) + promotionGain(m)
	next := *p
	next.Play(m)
	return gain - bestRecapture(&next, m.To)
}

// bestRecapture is what the side to move of p gains by capturing on sq
// and letting the exchange run, or 0 when it had better not capture.
func bestRecapture(p *bitboard.Position, sq bitboard.Square) int {
	if p.AttackersOf(sq, p.Side, p.Occupied) == 0 {
		return 0 // nothing to capture with: no need to list the moves
	}
	m, ok := cheapestCapture(p, sq)
	if !ok {
		return 0
	}
	gain := Value(p.Board[sq].Type()) + promotionGain(m)
	next := *p
	next.Play(m)
	return max(0, gain-bestRecapture(&next, sq))
}

// cheapestCapture is the legal capture on sq whose piece is worth least
// once it stands there (promoting to a queen when a pawn promotes).
func cheapestCapture(p *bitboard.Position, sq bitboard.Square) (bitboard.Move, bool) {
	var best bitboard.Move
	bestRisk, found := 0, false
	for _, m := range p.LegalMoves(nil) {
		if m.To != sq || !m.Is(bitboard.FlagCapture) || m.Is(bitboard.FlagEnPassant) {
			continue
		}
		if m.Is(bitboard.FlagPromotion) && m.Promo != bitboard.Queen {
			continue // an underpromotion never beats the queen in an exchange
		}
		if risk := riskedValue(m); !found || risk < bestRisk {
			best, bestRisk, found = m, risk, true
		}
	}
	return best, found
}

// riskedValue is the value of the piece m leaves on its destination; a
// king is worth more than anything, as it can never be given up.
func riskedValue(m bitboard.Move) int {
	switch {
	case m.Is(bitboard.FlagPromotion):
		return Value(m.Promo)
	case m.Piece.Type() == bitboard.King:
		return 1000
	}
	return Value(m.Piece.Type())
}

// promotionGain is the material a promotion adds: the new piece less the
// pawn.
func promotionGain(m bitboard.Move) int {
	if !m.Is(bitboard.FlagPromotion) {
		return 0
	}
	return Value(m.Promo) - Value(bitboard.Pawn)
}

// MaxSwap is the best Exchange over the legal moves of the pieces on
// from to squares of to (:maxswapevaluation), whichever side is to move:
// each colour with a piece on from is asked as if it were to move. ok is
// false when there is no such move (or the only colour asked could
// capture the king, the other side being in check).
func MaxSwap(p *bitboard.Position, from, to bitboard.Set) (best int, ok bool) {
	for _, c := range []bitboard.Color{bitboard.White, bitboard.Black} {
		if from&p.ByColor[c] == 0 {
			continue
		}
		q, movable := withSideToMove(p, c)
		if !movable {
			continue
		}
		moves := q.LegalMoves(nil)
		// most promising first: a move can win at most what it takes
		// and promotes to, so once that is no more than the best so far
		// its exchange need not be worked out
		slices.SortFunc(moves, func(a, b bitboard.Move) int { return gainBound(b) - gainBound(a) })
		for _, m := range moves {
			if !from.Has(m.From) || !to.Has(m.To) || ok && gainBound(m) <= best {
				continue
			}
			if v := Exchange(&q, m); !ok || v > best {
				best, ok = v, true
			}
		}
	}
	return best, ok
}

// gainBound is the most Exchange can give for m: what it captures and
// what its promotion adds.
func gainBound(m bitboard.Move) int { return Value(m.Captured.Type()) + promotionGain(m) }

// withSideToMove is p with c to move: p itself, or p after a null move.
// A null move is impossible when the side to move is in check (c could
// take the king).
func withSideToMove(p *bitboard.Position, c bitboard.Color) (bitboard.Position, bool) {
	q := *p
	if q.Side == c {
		return q, true
	}
	if q.InCheck() {
		return q, false
	}
	q.Play(q.NullMove())
	return q, true
}

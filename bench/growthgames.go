package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"github.com/cqlvm/cqlvm/bitboard"
)

// Long synthetic games for the growth benchmark: legal random walks from
// the starting position, deterministic for a seed, of an exact number of
// plies. Real long games (correspondence, studies) keep material on the
// board for a long time, so the walk prefers quiet moves, and it never
// plays into a position without a legal move, so that every game reaches
// its length.

// walker draws the moves of the synthetic games.
type walker struct {
	r     *rand.Rand
	moves []bitboard.Move // scratch
}

func newWalker(seed uint64) *walker {
	return &walker{r: rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc908))}
}

// quietShare is how often the walk plays a quiet move when it has one,
// and pieceShare how often a piece move rather than a pawn move among
// the quiet ones: pawns then stay on the board, as in long games.
const (
	quietShare = 0.97
	pieceShare = 0.9
)

// pick draws a legal move of p after which the other side can move, and
// not avoid (when there is another); false when there is none.
func (w *walker) pick(p *bitboard.Position, avoid *bitboard.Move) (bitboard.Move, bool) {
	w.moves = p.LegalMoves(w.moves[:0])
	var pieces, pawns, loud []bitboard.Move
	for _, m := range w.moves {
		if avoid != nil && m == *avoid {
			continue
		}
		after := *p
		after.Play(m)
		if !after.HasLegalMove() {
			continue
		}
		switch {
		case m.Captured != bitboard.Empty || m.Promo != bitboard.NoType:
			loud = append(loud, m)
		case m.Piece.Type() == bitboard.Pawn:
			pawns = append(pawns, m)
		default:
			pieces = append(pieces, m)
		}
	}
	quiet := pieces
	if len(pawns) > 0 && (len(pieces) == 0 || w.r.Float64() >= pieceShare) {
		quiet = pawns
	}
	from := loud
	if len(quiet) > 0 && (len(loud) == 0 || w.r.Float64() < quietShare) {
		from = quiet
	}
	if len(from) == 0 {
		return bitboard.Move{}, false
	}
	return from[w.r.IntN(len(from))], true
}

// walk plays plies moves from p; it stops early only in the rare
// position where every legal move leads to a game without moves.
func (w *walker) walk(p bitboard.Position, plies int, first *bitboard.Move) []bitboard.Move {
	var line []bitboard.Move
	for len(line) < plies {
		var avoid *bitboard.Move
		if len(line) == 0 {
			avoid = first
		}
		m, ok := w.pick(&p, avoid)
		if !ok {
			break
		}
		line = append(line, m)
		p.Play(m)
	}
	return line
}

// variationEvery and variationPlies shape the games with variations: a
// side line of variationPlies plies every variationEvery plies of the
// mainline, as annotated games and studies have.
const (
	variationEvery = 10
	variationPlies = 4
)

// syntheticGame is the movetext of one game of plies mainline plies,
// with side lines when variations is set.
func syntheticGame(w *walker, plies int, variations bool) []string {
	start := bitboard.NewPosition()
	main := w.walk(start, plies, nil)
	side := map[int][]bitboard.Move{}
	if variations {
		p := start
		for i, m := range main {
			if i%variationEvery == variationEvery/2 {
				if v := w.walk(p, variationPlies, &main[i]); len(v) > 0 {
					side[i] = v
				}
			}
			p.Play(m)
		}
	}
	return movetext(start, 0, main, side, nil)
}

// movetext renders moves played from p (ply counts the plies before it,
// White's first move being ply 0) as PGN tokens, side[i] being a
// variation that replaces moves[i].
func movetext(p bitboard.Position, ply int, moves []bitboard.Move, side map[int][]bitboard.Move, dst []string) []string {
	number := true // a black move needs its number after a variation
	for i, m := range moves {
		switch {
		case p.Side == bitboard.White:
			dst = append(dst, fmt.Sprintf("%d.", (ply+i)/2+1))
		case number:
			dst = append(dst, fmt.Sprintf("%d...", (ply+i)/2+1))
		}
		number = false
		dst = append(dst, string(p.AppendSAN(nil, m)))
		if v, ok := side[i]; ok {
			dst = append(dst, "(")
			dst = movetext(p, ply+i, v, nil, dst)
			dst = append(dst, ")")
			number = true
		}
		p.Play(m)
	}
	return dst
}

// syntheticPGN is a database of games games of plies plies each, the
// same for the same arguments.
func syntheticPGN(seed uint64, games, plies int, variations bool) []byte {
	w := newWalker(seed)
	var b bytes.Buffer
	for g := 1; g <= games; g++ {
		fmt.Fprintf(&b, "[Event \"synthetic %d plies\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"%d\"]\n[White \"walk\"]\n[Black \"walk\"]\n[Result \"*\"]\n\n", plies, g)
		writeWrapped(&b, append(syntheticGame(w, plies, variations), "*"))
		b.WriteString("\n")
	}
	return b.Bytes()
}

// writeWrapped writes tokens separated by spaces in lines of at most
// about 80 characters, as PGN export format asks.
func writeWrapped(b *bytes.Buffer, tokens []string) {
	line := 0
	for i, t := range tokens {
		if i > 0 {
			if line+1+len(t) > 79 {
				b.WriteByte('\n')
				line = 0
			} else {
				b.WriteByte(' ')
				line++
			}
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteByte('\n')
}

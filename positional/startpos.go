package positional

import "github.com/cqlvm/cqlvm/bitboard"

// Start positions of Chess960 and shuffle chess (the CQL-S keywords
// :ischess960, :isshufflechess and :startposition).

// shuffleBackRank returns White's back-rank piece types, file a to h,
// when p is a shuffle-chess start position: White to move, the eight
// white pawns on the second rank and the black ones on the seventh, White's
// king, queen and two each of rooks, bishops and knights on the first
// rank in any order, Black's the same on the eighth rank file by file,
// and nothing else on the board.
func shuffleBackRank(p *bitboard.Position) ([8]bitboard.PieceType, bool) {
	var types [8]bitboard.PieceType
	if p.Side != bitboard.White {
		return types, false
	}
	var count [8]int
	for f := 0; f < 8; f++ {
		w := p.Board[bitboard.MakeSquare(f, 0)]
		b := p.Board[bitboard.MakeSquare(f, 7)]
		if w == bitboard.Empty || w.Color() != bitboard.White || w.Type() == bitboard.Pawn ||
			b != bitboard.MakePiece(bitboard.Black, w.Type()) ||
			p.Board[bitboard.MakeSquare(f, 1)] != bitboard.WhitePawn ||
			p.Board[bitboard.MakeSquare(f, 6)] != bitboard.BlackPawn {
			return types, false
		}
		types[f] = w.Type()
		count[w.Type()]++
	}
	if p.Occupied.Count() != 32 {
		return types, false
	}
	want := map[bitboard.PieceType]int{bitboard.King: 1, bitboard.Queen: 1, bitboard.Rook: 2, bitboard.Bishop: 2, bitboard.Knight: 2}
	for t, n := range want {
		if count[t] != n {
			return types, false
		}
	}
	return types, true
}

// IsShuffleStart reports whether p is a shuffle-chess start position
// (every Chess960 start position is one, the standard one included).
func IsShuffleStart(p *bitboard.Position) bool {
	_, ok := shuffleBackRank(p)
	return ok
}

// knightPairs are the places of the two knights among the five squares
// left by the bishops and the queen, in the order of the standard
// (Scharnagl) numbering.
var knightPairs = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// Chess960Number returns the standard (Scharnagl) number, 0 to 959, of
// the Chess960 start position p (518 is the standard start position), or
// -1 when p is not one: a shuffle-chess start position whose bishops
// stand on squares of both colours and whose king stands between its
// rooks. N = light bishop (b1 d1 f1 h1: 0..3) + 4 * dark bishop (a1 c1
// e1 g1: 0..3) + 16 * the queen's place among the six squares left (0..5)
// + 96 * the knights' places among the five left (knightPairs).
func Chess960Number(p *bitboard.Position) int {
	types, ok := shuffleBackRank(p)
	if !ok {
		return -1
	}
	light, dark := -1, -1
	var rest []int // the files left, in order
	for f, t := range types {
		switch {
		case t == bitboard.Bishop && f%2 == 1:
			light = f / 2
		case t == bitboard.Bishop:
			dark = f / 2
		default:
			rest = append(rest, f)
		}
	}
	if light < 0 || dark < 0 {
		return -1
	}
	queen := -1
	var left []int
	for i, f := range rest {
		if types[f] == bitboard.Queen {
			queen = i
		} else {
			left = append(left, f)
		}
	}
	var knights []int
	var rkr []bitboard.PieceType
	for i, f := range left {
		if types[f] == bitboard.Knight {
			knights = append(knights, i)
		} else {
			rkr = append(rkr, types[f])
		}
	}
	if len(rkr) != 3 || rkr[0] != bitboard.Rook || rkr[1] != bitboard.King || rkr[2] != bitboard.Rook {
		return -1
	}
	for k, pair := range knightPairs {
		if pair[0] == knights[0] && pair[1] == knights[1] {
			return light + 4*dark + 16*queen + 96*k
		}
	}
	return -1
}

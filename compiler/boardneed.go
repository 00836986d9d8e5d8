package compiler

import (
	"math/bits"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// The board need: filters that together pin down the whole board of the
// position where they match (a fen of a whole board, or a designator of
// one piece or the empty square on one square for each square, or for
// some with a count of the pieces that says the others are empty) need
// a position of the game with that board, which a position index of the
// game store tells (summary.Board).

// fenBoardNeed is the need of `fen "pattern"`: the board of the pattern,
// when it names every square (no A, a, . or ?); else nothing.
func fenBoardNeed(pattern string) summary.Need {
	field, _, _ := strings.Cut(strings.TrimSpace(pattern), " ")
	var board [64]bitboard.Piece
	rank, file := 7, 0
	for i := 0; i < len(field); i++ {
		c := field[i]
		switch {
		case c == '/':
			if file != 8 || rank == 0 {
				return summary.Need{}
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		case c == '_':
			file++
		default:
			pc, ok := pieceOfLetter(c)
			if !ok || file > 7 {
				return summary.Need{}
			}
			board[bitboard.MakeSquare(file, rank)] = pc
			file++
		}
		if file > 8 {
			return summary.Need{}
		}
	}
	if rank != 0 || file != 8 {
		return summary.Need{}
	}
	return summary.Need{Op: summary.Board, Boards: []uint64{bitboard.BoardHashOf(&board)}}
}

// pieceOfLetter is the piece of a FEN letter.
func pieceOfLetter(c byte) (bitboard.Piece, bool) {
	for pc := bitboard.WhitePawn; pc <= bitboard.BlackKing; pc++ {
		if pc.Type() >= bitboard.Pawn && pc.Type() <= bitboard.King && pc.Letter() == c {
			return pc, true
		}
	}
	return bitboard.Empty, false
}

// boardNeed is the need of the conjunction of filters when they pin down
// the whole board: each square by a designator of one piece (or the
// empty square) on it alone, or the squares left by a count of every
// piece on the board (`[Aa] == N`, `#[Aa] == N`) equal to the pieces
// placed. Else, or when they contradict each other (then nothing
// matches), nothing.
func boardNeed(filters []*syntax.Node) summary.Need {
	var board [64]bitboard.Piece
	var known bitboard.Set
	total := -1
	for _, f := range filters {
		if s, pc, ok := onePieceOnOneSquare(f); ok {
			if known.Has(s) && board[s] != pc {
				return summary.Need{}
			}
			board[s], known = pc, known|bitboard.SquareSet(s)
			continue
		}
		if n, ok := countOfAllPieces(f); ok {
			if total >= 0 && total != n {
				return summary.Need{}
			}
			total = n
		}
	}
	if known != bitboard.Full {
		placed := 0
		for s := known; s != 0; {
			if board[s.Pop()] != bitboard.Empty {
				placed++
			}
		}
		if total != placed {
			return summary.Need{}
		}
	}
	return summary.Need{Op: summary.Board, Boards: []uint64{bitboard.BoardHashOf(&board)}}
}

// onePieceOnOneSquare reads a designator filter of one piece (or the
// empty square) on one square.
func onePieceOnOneSquare(f *syntax.Node) (bitboard.Square, bitboard.Piece, bool) {
	if f.Kind != syntax.KDesig || f.Desig.Squares.Count() != 1 || bits.OnesCount16(uint16(f.Desig.Pieces)) != 1 {
		return 0, 0, false
	}
	return f.Desig.Squares.First(), bitboard.Piece(bits.TrailingZeros16(uint16(f.Desig.Pieces))), true
}

// countOfAllPieces reads `[Aa] == N` (or #[Aa], or N on the left): the
// number of pieces on the board.
func countOfAllPieces(f *syntax.Node) (int, bool) {
	if f.Kind != syntax.KCmp || f.Str != "==" || len(f.Args) != 2 {
		return 0, false
	}
	set, k := f.Args[0], f.Args[1]
	if set.Kind == syntax.KNumber {
		set, k = k, set
	}
	if set.Kind == syntax.KCount && len(set.Args) == 1 {
		set = set.Args[0]
	}
	if k.Kind != syntax.KNumber || set.Kind != syntax.KDesig || set.Desig.Squares != bitboard.Full ||
		set.Desig.Pieces != syntax.MaskWhite|syntax.MaskBlack || k.Int < 0 || k.Int > 64 {
		return 0, false
	}
	return int(k.Int), true
}

package bitboard

import "fmt"

// Rank and file masks used throughout move generation.
const (
	rank1 Set = 0xFF
	rank2 Set = rank1 << 8
	rank3 Set = rank1 << 16
	rank4 Set = rank1 << 24
	rank5 Set = rank1 << 32
	rank6 Set = rank1 << 40
	rank7 Set = rank1 << 48
	rank8 Set = rank1 << 56
	fileA Set = 0x0101010101010101
)

// backRank is the rank a colour's pieces start on (where castling happens).
func backRank(c Color) Set {
	if c == White {
		return rank1
	}
	return rank8
}

// promotionRank is the rank where a pawn of colour c promotes.
func promotionRank(c Color) Set { return backRank(c.Other()) }

// pawnPush is the square-index step of a pawn of colour c (+8 or -8).
func pawnPush(c Color) Square { return Square(8 - 16*int(c&1)) }

// fileSet is the set of squares on a 0-based file.
func fileSet(f int) Set { return fileA << uint(f) }

// rankSet is the set of squares on a 0-based rank.
func rankSet(r int) Set { return rank1 << uint(8*r) }

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// NewPosition returns the standard starting position.
func NewPosition() Position {
	p, err := ParseFEN(startFEN)
	if err != nil {
		panic(err) // the constant above is valid; a failure is a bug here
	}
	return p
}

// emptyPosition is a board with no pieces, White to move, no rights.
func emptyPosition() Position {
	return Position{ByPiece: [16]Set{Empty: Full}, EP: NoSquare, FullMove: 1}
}

// put places pc on the empty square s.
func (p *Position) put(pc Piece, s Square) {
	b := SquareSet(s)
	p.Board[s] = pc
	p.checkersKnown = false
	p.ByPiece[pc] |= b
	p.ByPiece[Empty] &^= b
	p.ByColor[pc.Color()] |= b
	p.Occupied |= b
}

// remove empties the occupied square s and returns what stood there.
func (p *Position) remove(s Square) Piece {
	b := SquareSet(s)
	pc := p.Board[s]
	p.Board[s] = Empty
	p.checkersKnown = false
	p.ByPiece[pc] &^= b
	p.ByPiece[Empty] |= b
	p.ByColor[pc.Color()] &^= b
	p.Occupied &^= b
	return pc
}

// Pieces is the set of squares holding pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Set { return p.ByPiece[MakePiece(c, t)] }

// rookMovers and bishopMovers are the pieces of colour c that slide like a
// rook or like a bishop (queens are both).
func (p *Position) rookMovers(c Color) Set {
	return p.ByPiece[MakePiece(c, Rook)] | p.ByPiece[MakePiece(c, Queen)]
}

func (p *Position) bishopMovers(c Color) Set {
	return p.ByPiece[MakePiece(c, Bishop)] | p.ByPiece[MakePiece(c, Queen)]
}

// KingSquare is the square of c's king (NoSquare if there is none, which
// ParseFEN never lets happen).
func (p *Position) KingSquare(c Color) Square {
	return p.ByPiece[MakePiece(c, King)].First()
}

// AttackersOf is the set of pieces of colour by, among the squares in occ,
// that attack sq when exactly the squares in occ are occupied. Passing an occ
// other than p.Occupied answers "what if" questions: a piece removed from
// occ neither attacks nor blocks.
func (p *Position) AttackersOf(sq Square, by Color, occ Set) Set {
	att := KnightAttacks(sq)&p.ByPiece[MakePiece(by, Knight)] |
		KingAttacks(sq)&p.ByPiece[MakePiece(by, King)] |
		PawnAttacks(by.Other(), sq)&p.ByPiece[MakePiece(by, Pawn)]
	// a slider off the lines through sq cannot attack it: skip the magic
	// lookup, whose big table misses the cache more than anything else here
	if r := p.rookMovers(by) & rookRays[sq]; r != 0 {
		att |= RookAttacks(sq, occ) & r
	}
	if b := p.bishopMovers(by) & bishopRays[sq]; b != 0 {
		att |= BishopAttacks(sq, occ) & b
	}
	return att & occ
}

// attacked reports whether any piece of colour by attacks sq with occupancy
// occ; cheaper than AttackersOf when the answer is usually no.
func (p *Position) attacked(sq Square, by Color, occ Set) bool {
	return p.AttackersOf(sq, by, occ) != 0
}

// AttacksFrom is the set of squares the piece on sq attacks: a pawn its two
// forward diagonals, a slider up to and including the first piece on each
// ray whatever its colour. An empty square attacks nothing.
func (p *Position) AttacksFrom(sq Square) Set {
	pc := p.Board[sq]
	return pieceAttacks(pc.Type(), pc.Color(), sq, p.Occupied)
}

// Checkers is the set of enemy pieces giving check to the side to move.
func (p *Position) Checkers() Set {
	if p.checkersKnown {
		return p.checkers
	}
	return p.computeCheckers()
}

func (p *Position) computeCheckers() Set {
	if p.Variant >= Horde {
		return p.variantCheckers()
	}
	us := p.Side
	return p.AttackersOf(p.KingSquare(us), us.Other(), p.Occupied)
}

// rememberCheckers fills the cache that Checkers reads.
func (p *Position) rememberCheckers() {
	p.checkers = p.computeCheckers()
	p.checkersKnown = true
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// checkConsistency verifies that the mailbox and the bitboards describe the
// same board; tests call it after every change.
func (p *Position) checkConsistency() error {
	var byPiece [16]Set
	var byColor [2]Set
	for s := Square(0); s < 64; s++ {
		pc := p.Board[s]
		if pc != Empty && (pc.Type() < Pawn || pc.Type() > King || pc&^15 != 0) {
			return fmt.Errorf("bad piece %d on %v", pc, s)
		}
		byPiece[pc] |= SquareSet(s)
		if pc != Empty {
			byColor[pc.Color()] |= SquareSet(s)
		}
	}
	if byPiece != p.ByPiece {
		return fmt.Errorf("ByPiece out of step with Board")
	}
	if byColor != p.ByColor {
		return fmt.Errorf("the colour sets are out of step with the board")
	}
	if p.Occupied != byColor[White]|byColor[Black] {
		return fmt.Errorf("the occupied set is out of step with the board")
	}
	return nil
}

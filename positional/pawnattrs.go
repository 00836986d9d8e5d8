package positional

import "github.com/cqlvm/cqlvm/bitboard"

// pawnBoard is what the attributes of the pawns of one colour look at.
type pawnBoard struct {
	c           bitboard.Color
	enemy       bitboard.Set    // every enemy pawn
	enemyKing   bitboard.Square // NoSquare without one
	enemyToMove bool
}

func newPawnBoard(p *bitboard.Position, c bitboard.Color) *pawnBoard {
	b := &pawnBoard{c: c, enemy: p.Pieces(c.Other(), bitboard.Pawn), enemyKing: bitboard.NoSquare, enemyToMove: p.Side != c}
	if k := p.Pieces(c.Other(), bitboard.King); k != 0 {
		b.enemyKing = k.First()
	}
	return b
}

// filter keeps the pawns of own that have the step's attribute (or, for
// a negated step, do not), judged among the pawns of own.
func (b *pawnBoard) filter(s pawnStep, own bitboard.Set) bitboard.Set {
	var kept bitboard.Set
	for t := own; t != 0; {
		sq := t.Pop()
		if b.holds(s, own, sq) != s.not {
			kept |= bitboard.SquareSet(sq)
		}
	}
	return kept
}

// holds reports whether the pawn on sq has the step's attribute, own
// being the pawns of its colour still in the chain.
func (b *pawnBoard) holds(s pawnStep, own bitboard.Set, sq bitboard.Square) bool {
	file := fileMask(sq.File())
	beside := adjacentFiles(sq.File())
	switch s.attr {
	case attrFileGroup:
		return sizeFits((own & file).Count(), s.n, s.exact)
	case attrRankGroup:
		return sizeFits(groupOf(own, sq, sideNeighbours).Count(), s.n, s.exact)
	case attrConnected:
		return own&beside != 0
	case attrIsolated:
		return own&beside == 0
	case attrIntegrated:
		return b.occupiedNeighbourFiles(own, sq) == neighbourFiles(sq)
	case attrHalfIsolated:
		return neighbourFiles(sq) == 2 && b.occupiedNeighbourFiles(own, sq) == 1
	case attrDefended:
		return bitboard.PawnAttacks(b.c.Other(), sq)&own != 0
	case attrDefender:
		return bitboard.PawnAttacks(b.c, sq)&own != 0
	case attrChained:
		return sizeFits(groupOf(own, sq, diagonalNeighbours).Count(), s.n, s.exact)
	case attrPassed:
		return b.passed(sq)
	case attrCandidate:
		return b.candidate(own, sq)
	case attrCandidateOnly:
		return b.candidate(own, sq) && !b.passed(sq)
	case attrBlocked:
		if s.exact {
			return b.enemy.Has(b.step(sq, 1))
		}
		return b.enemy&b.ahead(sq)&file != 0
	case attrBehind:
		return b.behind(sq, s.exact)
	case attrStoppable:
		return b.enemy&b.ahead(sq)&beside != 0
	case attrStopped:
		front := b.step(sq, 1)
		return front != bitboard.NoSquare && bitboard.PawnAttacks(b.c, front)&b.enemy != 0
	case attrBackward:
		return own&beside != 0 && own&beside&^b.ahead(sq) == 0
	case attrAdvanced:
		return b.relativeRank(sq) >= 4
	case attrConsecutive:
		return sizeFits(groupOf(own, sq, fileNeighbours).Count(), s.n, s.exact)
	case attrInside:
		return b.inside(sq)
	case attrSymmetrical:
		return (b.enemy & file).Count() == (own & file).Count()
	case attrMirrored:
		// in its own half, so that its mirror image stands ahead of it
		return b.relativeRank(sq) <= 3 && b.enemy&file == mirrorRanks(own&file)
	case attrForefront:
		return own&b.ahead(sq)&file == 0
	case attrRear:
		return own&file&^b.ahead(sq)&^bitboard.SquareSet(sq) == 0
	}
	return false
}

// passed: no enemy pawn ahead on its own or an adjacent file.
func (b *pawnBoard) passed(sq bitboard.Square) bool {
	return b.enemy&b.ahead(sq)&(fileMask(sq.File())|adjacentFiles(sq.File())) == 0
}

// candidate: no enemy pawn ahead on its file, and at least as many own
// pawns beside or behind it on the adjacent files as enemy pawns ahead
// on them (a passed pawn is a candidate too).
func (b *pawnBoard) candidate(own bitboard.Set, sq bitboard.Square) bool {
	beside := adjacentFiles(sq.File())
	if b.enemy&b.ahead(sq)&fileMask(sq.File()) != 0 {
		return false
	}
	helpers := (own & beside &^ b.ahead(sq)).Count()
	guards := (b.enemy & beside & b.ahead(sq)).Count()
	return helpers >= guards
}

// behind: there are enemy pawns on its file and all of them are behind
// it (it has passed their rearmost one); exact: right behind that one.
func (b *pawnBoard) behind(sq bitboard.Square, exact bool) bool {
	onFile := b.enemy & fileMask(sq.File())
	if onFile == 0 || onFile&b.ahead(sq) != 0 {
		return false
	}
	return !exact || b.enemy.Has(b.step(sq, -1))
}

// inside: the enemy king catches the pawn by the rule of the square,
// other pieces disregarded: it reaches the promotion square no later
// than the pawn (one move more when it is to move).
func (b *pawnBoard) inside(sq bitboard.Square) bool {
	if b.enemyKing == bitboard.NoSquare {
		return false
	}
	steps := 7 - b.relativeRank(sq)
	if steps == 6 {
		steps = 5 // the first move may be a double step
	}
	promotion := bitboard.MakeSquare(sq.File(), 7)
	if b.c == bitboard.Black {
		promotion = bitboard.MakeSquare(sq.File(), 0)
	}
	reach := steps
	if b.enemyToMove {
		reach++
	}
	return kingDistance(b.enemyKing, promotion) <= reach
}

// ahead is the squares in front of sq (towards the promotion rank) on
// every file.
func (b *pawnBoard) ahead(sq bitboard.Square) bitboard.Set {
	if b.c == bitboard.White {
		return ^bitboard.Set(0) << uint(8*(sq.Rank()+1)) // 0 from the last rank: Go shifts out every bit
	}
	return bitboard.Set(1)<<uint(8*sq.Rank()) - 1
}

// step is the square n steps forward of sq on its file (backward for n
// < 0), NoSquare off the board.
func (b *pawnBoard) step(sq bitboard.Square, n int) bitboard.Square {
	if b.c == bitboard.Black {
		n = -n
	}
	r := sq.Rank() + n
	if r < 0 || r > 7 {
		return bitboard.NoSquare
	}
	return bitboard.MakeSquare(sq.File(), r)
}

// relativeRank is the rank of sq as its side sees it: 0 its back rank.
func (b *pawnBoard) relativeRank(sq bitboard.Square) int {
	if b.c == bitboard.Black {
		return 7 - sq.Rank()
	}
	return sq.Rank()
}

// occupiedNeighbourFiles counts the adjacent files of sq holding a pawn
// of own.
func (b *pawnBoard) occupiedNeighbourFiles(own bitboard.Set, sq bitboard.Square) int {
	n := 0
	for _, f := range []int{sq.File() - 1, sq.File() + 1} {
		if f >= 0 && f < 8 && own&fileMask(f) != 0 {
			n++
		}
	}
	return n
}

// neighbourFiles is the number of files next to sq's: 1 on an edge.
func neighbourFiles(sq bitboard.Square) int {
	if sq.File() == 0 || sq.File() == 7 {
		return 1
	}
	return 2
}

func adjacentFiles(f int) bitboard.Set {
	var s bitboard.Set
	if f > 0 {
		s |= fileMask(f - 1)
	}
	if f < 7 {
		s |= fileMask(f + 1)
	}
	return s
}

// groupOf is the group of own that next links to sq.
func groupOf(own bitboard.Set, sq bitboard.Square, next func(bitboard.Square) bitboard.Set) bitboard.Set {
	for _, g := range components(own, next) {
		if g.Has(sq) {
			return g
		}
	}
	return 0
}

func sideNeighbours(sq bitboard.Square) bitboard.Set {
	return bitboard.KingAttacks(sq) & rankMask(sq.Rank())
}

func fileNeighbours(sq bitboard.Square) bitboard.Set {
	return bitboard.KingAttacks(sq) & fileMask(sq.File())
}

func diagonalNeighbours(sq bitboard.Square) bitboard.Set {
	return bitboard.PawnAttacks(bitboard.White, sq) | bitboard.PawnAttacks(bitboard.Black, sq)
}

// mirrorRanks reflects s rank 1 to rank 8.
func mirrorRanks(s bitboard.Set) bitboard.Set {
	var m bitboard.Set
	for s != 0 {
		sq := s.Pop()
		m |= bitboard.SquareSet(bitboard.MakeSquare(sq.File(), 7-sq.Rank()))
	}
	return m
}

func kingDistance(a, b bitboard.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

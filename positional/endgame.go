package positional

import "github.com/cqlvm/cqlvm/bitboard"

// HasOpposition reports whether the king of colour c has the opposition
// (:opposition), by the formal rule the seed describes: only the two
// kings' places and the side to move count, every other piece and every
// check is disregarded. The kings stand in opposition when their file
// distance and their rank distance are both even (direct, distant and
// diagonal opposition alike: the rectangle rule); then the king whose
// side is not to move has it. Otherwise the king whose side is to move
// has it, since one king step restores the even distances. So one king
// always has the opposition: in the start position, White's.
func HasOpposition(p *bitboard.Position, c bitboard.Color) bool {
	own, enemy := p.Pieces(c, bitboard.King), p.Pieces(c.Other(), bitboard.King)
	if own == 0 || enemy == 0 {
		return false
	}
	a, b := own.First(), enemy.First()
	evenDistances := abs(a.File()-b.File())%2 == 0 && abs(a.Rank()-b.Rank())%2 == 0
	return evenDistances == (p.Side != c)
}

// BishopPawns is what :goodbishop counts for the bishop on sq: the enemy
// pawns on squares of the bishop's colour (those it can attack) out of
// all enemy pawns, and the own pawns on squares of the other colour
// (those that do not block it) out of all own pawns.
type BishopPawns struct {
	Targets, EnemyPawns int
	Free, OwnPawns      int
}

// CountBishopPawns counts the pawns for the bishop on sq (of either
// colour; an empty square counts for White).
func CountBishopPawns(p *bitboard.Position, sq bitboard.Square) BishopPawns {
	c := p.Board[sq].Color()
	same := darkSquares
	if !darkSquares.Has(sq) {
		same = ^darkSquares
	}
	own, enemy := p.Pieces(c, bitboard.Pawn), p.Pieces(c.Other(), bitboard.Pawn)
	return BishopPawns{
		Targets: (enemy & same).Count(), EnemyPawns: enemy.Count(),
		Free: (own &^ same).Count(), OwnPawns: own.Count(),
	}
}

// darkSquares are a1, c1, ..., h8.
const darkSquares bitboard.Set = 0xaa55aa55aa55aa55

// CannotWin reports whether colour c has too little material to mate in
// standard chess (:whitecannotwin, :blackcannotwin): a bare king, or a
// king and one minor piece.
func CannotWin(p *bitboard.Position, c bitboard.Color) bool {
	pieces := p.ByColor[c] &^ p.Pieces(c, bitboard.King)
	minors := p.Pieces(c, bitboard.Knight) | p.Pieces(c, bitboard.Bishop)
	return pieces == 0 || pieces.Count() == 1 && pieces&minors != 0
}

// HasMatingMaterial reports whether either side can still mate
// (:matingmaterial): false exactly in the four cases the seed lists,
// king against king, king and a minor piece against king, and king and
// bishop against king and bishop with both bishops on squares of one
// colour.
func HasMatingMaterial(p *bitboard.Position) bool {
	kings := p.Pieces(bitboard.White, bitboard.King) | p.Pieces(bitboard.Black, bitboard.King)
	others := p.Occupied &^ kings
	minors := p.Pieces(bitboard.White, bitboard.Knight) | p.Pieces(bitboard.Black, bitboard.Knight) | bishops(p)
	switch {
	case others == 0:
		return false
	case others.Count() == 1:
		return others&minors == 0
	case others.Count() == 2 && others == bishops(p) && p.ByColor[bitboard.White]&others != 0 && p.ByColor[bitboard.Black]&others != 0:
		onDark := (others & darkSquares).Count()
		return onDark == 1
	}
	return true
}

func bishops(p *bitboard.Position) bitboard.Set {
	return p.Pieces(bitboard.White, bitboard.Bishop) | p.Pieces(bitboard.Black, bitboard.Bishop)
}

// GameIsOver reports whether the game cannot go on in standard chess
// (:gameisover): mate, stalemate, or no mating material on the board (the
// seed's antichess and three-check cases never arise).
func GameIsOver(p *bitboard.Position) bool {
	return !p.HasLegalMove() || !HasMatingMaterial(p)
}

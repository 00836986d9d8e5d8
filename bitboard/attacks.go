package bitboard

import (
	"math/bits"
	"slices"
)

//go:generate go run gen_magics.go

// Attack tables. Leaper attacks are plain 64-entry tables; slider attacks use
// "fancy" magic bitboards: the occupancy bits that can block a slider on a
// square are multiplied by a per-square constant (magics_table.go, found
// offline by gen_magics.go) and the top bits index that square's slice of
// one shared table. Everything is computed from those constants, with no
// search and no randomness, by initTables.

// direction is one of the eight ways a queen moves, as a square-index step.
type direction int

const (
	north     direction = iota // +8
	east                       // +1
	northEast                  // +9
	northWest                  // +7
	south                      // -8
	west                       // -1
	southWest                  // -9
	southEast                  // -7
)

// The first four directions move to higher square numbers, which decides
// whether the nearest blocker on a ray is its lowest or highest bit.
func (d direction) increasing() bool { return d < south }

var directionStep = [8][2]int{ // file, rank deltas
	north: {0, 1}, east: {1, 0}, northEast: {1, 1}, northWest: {-1, 1},
	south: {0, -1}, west: {-1, 0}, southWest: {-1, -1}, southEast: {1, -1},
}

var rookDirections = [4]direction{north, east, south, west}
var bishopDirections = [4]direction{northEast, northWest, southWest, southEast}

// The tables themselves (rays: squares from s, excluded, to the edge in a
// direction; queenRays: all eight rays, the lines on which a piece can be
// pinned to a king on s; rookRays and bishopRays: the lines through s
// without s; the leapers' attacks; betweenTable and lineTable; the magic
// entries and sliderTable; the Zobrist keys) are in tables_data.go,
// written by `go test ./bitboard -run TestTablesData -update` from the
// functions below. As constant data they cost a process nothing until a
// page of them is first read: a program start that computed them paid
// for every page, and so did cqlvm's supervisor, which never reads them.

// magicEntry locates one square's slice of sliderTable.
type magicEntry struct {
	mask   Set    // occupancy squares that matter (rays without their edge square)
	mult   uint64 // the magic multiplier
	shift  uint8  // 64 - popcount(mask)
	offset uint32 // start of this square's slice in sliderTable
}

// Sizes of the two tables for the magics in magics_table.go (each square
// uses 1<<popcount(mask) entries).
const (
	rookTableSize   = 102400
	bishopTableSize = 5248
)

// initTables computes every table from scratch into the variables of
// tables_data.go; it is idempotent. Only the test that writes and checks
// tables_data.go calls it.
func initTables() {
	initRays()
	initLeapers()
	initLines()
	next := initMagics(&rookMagic, &rookMagics, rookDirections, 0)
	if end := initMagics(&bishopMagic, &bishopMagics, bishopDirections, next); end != rookTableSize+bishopTableSize {
		panic("bitboard: slider table size does not match the magics") // a bug in this file, not bad input
	}
	initZobrist()
}

// stepFrom returns the square reached from s by (df, dr), or false when it
// falls off the board.
func stepFrom(s Square, df, dr int) (Square, bool) {
	f, r := s.File()+df, s.Rank()+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSquare, false
	}
	return MakeSquare(f, r), true
}

func initRays() {
	for d := direction(0); d < 8; d++ {
		for s := Square(0); s < 64; s++ {
			var ray Set
			for t, ok := stepFrom(s, directionStep[d][0], directionStep[d][1]); ok; t, ok = stepFrom(t, directionStep[d][0], directionStep[d][1]) {
				ray |= SquareSet(t)
			}
			rays[d][s] = ray
			queenRays[s] |= ray
			if slices.Contains(rookDirections[:], d) {
				rookRays[s] |= ray
			} else {
				bishopRays[s] |= ray
			}
		}
	}
}

func initLeapers() {
	knightSteps := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for s := Square(0); s < 64; s++ {
		for _, st := range knightSteps {
			if t, ok := stepFrom(s, st[0], st[1]); ok {
				knightTable[s] |= SquareSet(t)
			}
		}
		for _, st := range directionStep {
			if t, ok := stepFrom(s, st[0], st[1]); ok {
				kingTable[s] |= SquareSet(t)
			}
		}
		for _, df := range [2]int{-1, 1} {
			if t, ok := stepFrom(s, df, 1); ok {
				pawnTable[White][s] |= SquareSet(t)
			}
			if t, ok := stepFrom(s, df, -1); ok {
				pawnTable[Black][s] |= SquareSet(t)
			}
		}
	}
}

// opposite turns a direction around (north <-> south, ...).
func (d direction) opposite() direction { return (d + 4) & 7 }

func initLines() {
	for a := Square(0); a < 64; a++ {
		for d := direction(0); d < 8; d++ {
			ray := rays[d][a]
			for r := ray; r != 0; {
				b := r.Pop()
				betweenTable[a][b] = ray & rays[d.opposite()][b]
				lineTable[a][b] = ray | rays[d.opposite()][a] | SquareSet(a)
			}
		}
	}
}

// rayAttacks is the ray from s in direction d cut after its first blocker.
func rayAttacks(d direction, s Square, occ Set) Set {
	ray := rays[d][s]
	blockers := ray & occ
	if blockers == 0 {
		return ray
	}
	var nearest int
	if d.increasing() {
		nearest = bits.TrailingZeros64(uint64(blockers))
	} else {
		nearest = 63 - bits.LeadingZeros64(uint64(blockers))
	}
	return ray ^ rays[d][nearest]
}

// slidingAttacks computes slider attacks without the magic tables; init uses
// it to fill them.
func slidingAttacks(s Square, occ Set, dirs [4]direction) Set {
	var att Set
	for _, d := range dirs {
		att |= rayAttacks(d, s, occ)
	}
	return att
}

// relevantMask drops each ray's last square: a piece there cannot block
// anything further along.
func relevantMask(s Square, dirs [4]direction) Set {
	var m Set
	for _, d := range dirs {
		ray := rays[d][s]
		if ray == 0 {
			continue
		}
		var edge int
		if d.increasing() {
			edge = 63 - bits.LeadingZeros64(uint64(ray))
		} else {
			edge = bits.TrailingZeros64(uint64(ray))
		}
		m |= ray &^ SquareSet(Square(edge))
	}
	return m
}

// initMagics fills one slider's entries and table slices starting at offset
// and returns the first unused offset.
func initMagics(entries *[64]magicEntry, mults *[64]uint64, dirs [4]direction, offset uint32) uint32 {
	for s := Square(0); s < 64; s++ {
		mask := relevantMask(s, dirs)
		e := magicEntry{mask: mask, mult: mults[s], shift: uint8(64 - mask.Count()), offset: offset}
		entries[s] = e
		for sub := Set(0); ; sub = (sub - mask) & mask { // every subset of mask
			sliderTable[e.index(sub)] = slidingAttacks(s, sub, dirs)
			if sub == mask {
				break
			}
		}
		offset += 1 << mask.Count()
	}
	return offset
}

func (e *magicEntry) index(occ Set) uint32 {
	return e.offset + uint32((uint64(occ&e.mask)*e.mult)>>e.shift)
}

// KnightAttacks is the set of squares a knight on s attacks.
func KnightAttacks(s Square) Set { return knightTable[s] }

// KingAttacks is the set of squares a king on s attacks.
func KingAttacks(s Square) Set { return kingTable[s] }

// PawnAttacks is the set of squares a pawn of colour c on s attacks (its two
// forward diagonals).
func PawnAttacks(c Color, s Square) Set { return pawnTable[c&1][s] }

// BishopAttacks is the set of squares a bishop on s attacks when the squares
// in occ are occupied; each ray stops at (and includes) its first blocker.
func BishopAttacks(s Square, occ Set) Set {
	return sliderTable[bishopMagic[s].index(occ)]
}

// RookAttacks is the set of squares a rook on s attacks when the squares in
// occ are occupied; each ray stops at (and includes) its first blocker.
func RookAttacks(s Square, occ Set) Set {
	return sliderTable[rookMagic[s].index(occ)]
}

// QueenAttacks is the union of RookAttacks and BishopAttacks.
func QueenAttacks(s Square, occ Set) Set {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// Between is the set of squares strictly between a and b when they share a
// rank, file or diagonal, else the empty set.
func Between(a, b Square) Set { return betweenTable[a][b] }

// Line is the whole line (edge to edge) through a and b, both included, when
// they share a rank, file or diagonal, else the empty set (also for a == b).
func Line(a, b Square) Set { return lineTable[a][b] }

// pieceAttacks is the attack set of a piece of type t and colour c on s.
// reachers is the subset of pieces, all of type t (not a pawn), that
// attack to when the squares in occ are occupied. Sliders are tested one
// by one on the small line tables: there are seldom more than two, and
// the magic tables are large enough to miss the cache.
func reachers(t PieceType, pieces Set, to Square, occ Set) Set {
	switch t {
	case Knight:
		return KnightAttacks(to) & pieces
	case King:
		return KingAttacks(to) & pieces
	}
	var out Set
	for rest := pieces; rest != 0; {
		from := rest.Pop()
		if slidesBetween(t, from, to) && betweenTable[from][to]&occ == 0 {
			out |= SquareSet(from)
		}
	}
	return out
}

func pieceAttacks(t PieceType, c Color, s Square, occ Set) Set {
	switch t {
	case Pawn:
		return PawnAttacks(c, s)
	case Knight:
		return KnightAttacks(s)
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return KingAttacks(s)
	}
	return 0
}

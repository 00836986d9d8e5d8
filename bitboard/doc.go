// Package bitboard is the chess core of cqlvm: board representation, attack
// tables, legal move generation, FEN, SAN and UCI reading and writing, and
// Zobrist hashing, for standard chess and Chess960.
//
// # Squares and sets
//
// A Square is a number from 0 to 63, a1 = 0 up to h8 = 63, rank by rank;
// file = s&7 and rank = s>>3. A Set is a uint64 with bit s for square s:
//
//	rank 8 | 56 57 58 59 60 61 62 63
//	rank 7 | 48 49 50 51 52 53 54 55
//	rank 6 | 40 41 42 43 44 45 46 47
//	rank 5 | 32 33 34 35 36 37 38 39
//	rank 4 | 24 25 26 27 28 29 30 31
//	rank 3 | 16 17 18 19 20 21 22 23
//	rank 2 |  8  9 10 11 12 13 14 15
//	rank 1 |  0  1  2  3  4  5  6  7
//	          a  b  c  d  e  f  g  h
//
// So shifting a Set left by 8 moves every square one rank up (towards
// Black), and by 1 one file right (towards h, wrapping at the edge).
//
// # Positions and moves
//
// Position keeps a mailbox (Board) and bitboards (ByPiece, ByColor,
// Occupied) in step; it is a plain value, so copying it saves a position.
// Play applies a Move in place. Moves carry enough (piece, captured piece,
// promotion, flags, castling rook squares) to be understood without the
// position they came from.
//
// Slider attacks use magic bitboards whose multipliers were found once by
// gen_magics.go (go run gen_magics.go) and are committed in
// magics_table.go; package initialisation only fills the tables.
//
// # Speed
//
// ParseSAN followed by Play is the hot path of PGN replay: it resolves a
// move from the attack set of its destination square and tests only those
// candidates for legality, without generating all moves. HasLegalMove stops
// at the first legal move it finds, looking at the commonest kinds first.
package bitboard

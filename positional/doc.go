// Package positional is the chess knowledge behind the CQL-S built-ins
// that CQL 6 has no spelling for: static exchange evaluation
// (:exchangeevaluation, :maxswapevaluation), the pawn-structure algebra of
// :pawncount, the formal opposition, good and bad bishops, mating
// material and repetitions. Every function is pure: it reads a
// bitboard.Position and answers, so the VM can call it at any position
// and the tests can ask it about a FEN.
//
// Material values are those of CQL's power (and the seed's :power table
// for standard chess): pawn 1, knight 3, bishop 3, rook 5, queen 9,
// king 0.
package positional

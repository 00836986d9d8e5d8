package compiler

import "testing"

// Static features of one position that the official manual states in so
// many words: the value of type and colortype on an empty square, extended
// FEN letters and chains of attack arrows. Each case names its manual page.

// onePosition is a game of a single position set up from fen (node 0).
func onePosition(fen string) string {
	return "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n*\n"
}

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestTypeOfEmptySquare: type.html, the table of values has "empty | 0";
// colortype.html: "If s is not occupied by a piece, colortype s is 0."
// Both still fail when the set "does not have exactly one element".
func TestTypeOfEmptySquare(t *testing.T) {
	runManualCases(t, onePosition(startFEN), []manualCase{
		{`type e4 == 0`, false, []int32{0}},
		{`colortype e4 == 0`, false, []int32{0}},
		{`type e2 == 1`, false, []int32{0}},
		{`colortype e7 == -1`, false, []int32{0}},
		{`type e4`, false, []int32{0}},
		{`type [e4,e5]`, false, nil},
		{`colortype []`, false, nil},
		{`type e4 < 1`, false, []int32{0}},
	})
}

// TestExtendedFen: fen.html, "CQL actually supports its own 'extended'
// version of FEN in which the piece names ... can be augmented by using
// any of the single-character piece designators: A, a, . or _": A is any
// white piece, a any black piece, . anything and _ an empty square; the
// digits still count empty squares.
func TestExtendedFen(t *testing.T) {
	runManualCases(t, onePosition(startFEN), []manualCase{
		{`fen "a..qkbnr/pppppppp/_7/8/8/8/PPPPPPPP/RNBQKBNA"`, false, []int32{0}},
		{`fen "aaaaaaaa/aaaaaaaa/8/8/8/8/AAAAAAAA/AAAAAAAA"`, false, []int32{0}},
		{`fen "rnbqkbnr/pppppppp/________/8/8/8/PPPPPPPP/RNBQKBNR"`, false, []int32{0}},
		{`fen "A......./8/8/8/8/8/8/8"`, false, nil},                            // a8 holds a black rook
		{`fen "rnbqkbnr/pppppppp/8/8/8/8/aPPPPPPP/RNBQKBNR"`, false, nil},       // a2 holds a white pawn
		{`fen "_nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"`, false, nil},       // a8 is not empty
		{`fen "rnbqkbnr/pppppppp/8/_______/8/8/PPPPPPPP/RNBQKBNR"`, false, nil}, // seven squares on a rank
	})
	runManualCases(t, onePosition("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), []manualCase{
		{`fen "4a3/8/8/8/8/8/8/4A3"`, false, []int32{0}},
		{`fen "4A3/8/8/8/8/8/8/4a3"`, false, nil},
		{`fen "4k3/8/8/8/8/8/8/4K3 w - - 0 1"`, false, []int32{0}},
	})
}

// TestArrowChains: attackarrow.html, "The ternary form deals with pins and
// simple interferences: ♖→♞→♚ //♞ pinned by ♖ ♕→♙→h8 //♙ is between ♕
// and h8", and "♕→♙→♙→h8 means that there are two distinct white pawns
// preventing an attack of ♕ on h8"; its value, like that of the binary
// arrow, is the squares of the first operand that make it true.
// attackedarrow.html: "z←y←x is true exactly when x→y→z is true" and its
// value is "the set of squares Z in z such that Z←y←x matches". A chain
// is not nested binary arrows: (R->n)->k and the keyword attacks keep
// their binary meaning.
func TestArrowChains(t *testing.T) {
	pinnedKnight := onePosition("k7/8/8/8/n7/8/8/R3K3 w - - 0 1") // Ra1, na4, ka8
	runManualCases(t, pinnedKnight, []manualCase{
		{`R->n->k`, false, []int32{0}},
		{`R → n → k`, false, []int32{0}},
		{`R->n->k == a1`, false, []int32{0}},
		{`R->a->k`, false, []int32{0}},
		{`R->n->K`, false, nil},
		{`R->_->k`, false, nil}, // an empty square between: the knight still blocks
		{`k <- n <- R`, false, []int32{0}},
		{`k <- n <- R == a8`, false, []int32{0}},
		{`k ← n ← R`, false, []int32{0}},
		{`(R->n)->k`, false, nil}, // the rook attacking n does not attack k
		{`R attacks n attacks k`, false, nil},
		{`R->n == a1`, false, []int32{0}},
		{`n<-R == a4`, false, []int32{0}},
		{`flipcolor {r->N->K}`, false, []int32{0}},
	})
	onePawn := onePosition("4k3/8/8/4P3/8/8/8/Q3K3 w - - 0 1") // Qa1, Pe5
	runManualCases(t, onePawn, []manualCase{
		{`Q->P->h8`, false, []int32{0}},
		{`Q->P->P->h8`, false, nil},
		{`h8 <- P <- Q == h8`, false, []int32{0}},
		{`flipcolor {q->p->h1}`, false, []int32{0}},
		{`flip {Q->P->h8}`, false, []int32{0}},
	})
	twoPawns := onePosition("4k2K/8/8/4P3/3P4/8/8/Q7 w - - 0 1") // Qa1, Pd4, Pe5
	runManualCases(t, twoPawns, []manualCase{
		{`Q->P->P->h8`, false, []int32{0}},
		{`Q->P->P->h8 == a1`, false, []int32{0}},
		{`Q->P->h8`, false, nil},
		{`Q->P->P->P->h8`, false, nil},
		{`h8 <- P <- P <- Q`, false, []int32{0}},
		{`Q->P->P->K`, false, []int32{0}},
	})
	// rooks e8 and a5 pin ne6 and bb5; two pawns stand between Rh5 and
	// the king, and the white king between Re1 and it
	pins := onePosition("4R2R/6r1/4n3/Rb2kppR/8/4K3/8/4R3 w - - 0 1")
	runManualCases(t, pins, []manualCase{
		{`R->a->k == [e8,a5]`, false, []int32{0}},
		{`R->a->k == pin from R`, false, []int32{0}},
		{`k<-a<-R == e5`, false, []int32{0}},
		{`R->a->a->k == h5`, false, []int32{0}},
		{`R->A->k == e1`, false, []int32{0}}, // the white king interferes
		{`R->[Aa]->k == [e1,e8,a5]`, false, []int32{0}},
	})
}

// TestPureMateParticipants: the value of puremate is the set of the pieces
// taking part in the mate. A piece of the mated side standing alone in the
// line of one of its own sliders to a square where the check could be
// parried (self-interference) takes part; a piece of the mating side
// standing there does not, unless it takes part otherwise. Positions from
// studies.pgn, with the official program's sets.
func TestPureMateParticipants(t *testing.T) {
	// game 1127: Rg1 mates; Bd5 and Re8 pin the rooks and bishop that would
	// interpose; the black knight c5 blocks Qb6xg1, the white pawn d6 only
	// blocks Qb6-g6; b2 is pinned to its king by Qb6
	runManualCases(t, onePosition("4Rbkr/1p3r1p/pq1P4/2nB4/5p2/2N5/PPP4P/1K4R1 b - - 0 1"), []manualCase{
		{`puremate == [g1,b2,c5,d5,f7,h7,e8,f8,g8,h8]`, false, []int32{0}},
		{`#(A & puremate) == 4`, false, []int32{0}},
	})
	// game 1511: the white pawn d5 only blocks Rc5xh5
	runManualCases(t, onePosition("3n4/1p3B1k/p2p1P2/2rP3R/5p2/2P5/PP6/2K5 b - - 0 1"), []manualCase{
		{`puremate == [c3,h5,f6,f7,h7]`, false, []int32{0}},
	})
	// game 1034: the black pawn e6 blocks Bc8-g4, an interposition
	runManualCases(t, onePosition("r1b1r3/ppq2p2/2n1pQ2/b6k/3P4/2P2B2/P4PPP/1R3RK1 b - - 0 1"), []manualCase{
		{`puremate == [f3,h5,e6,f6]`, false, []int32{0}},
	})
}

// TestSetUpdate: x |= S and x &= S update a set variable with a union or
// an intersection, and always match, like a set assignment. The manual
// lists them with the other operation-assignments; the official program
// refuses them unless both sides are sets ("Both sides must be sets").
func TestSetUpdate(t *testing.T) {
	runManualCases(t, onePosition(startFEN), []manualCase{
		{`x = a1 x |= h8 x == [a1,h8]`, false, []int32{0}},
		{`x = a1 x |= ~. x == a1`, false, []int32{0}},
		{`x = [a1,b2] x &= [b2,c3] x == b2`, false, []int32{0}},
		{`x = a1 x &= h8 x == ~.`, false, []int32{0}},
		{`x = ~. piece Pc in [Kk] x |= Pc  #x == 2`, false, []int32{0}},
		{`x = ~. square S in [a1,b2,c3] x |= S  #x == 3`, false, []int32{0}},
		{`x = a1 x &= h8 #x == 1`, false, nil},
	})
	runRejectCases(t, []rejectCase{
		{`x = 3 x |= 4`, "'|=' needs a set variable", "x |= 4"},
		{`x = a1 x &= 4`, "'&=' needs a set variable", "x &= 4"},
		{`x = "s" x |= "t"`, "'|=' needs a set variable", `x |= "t"`},
		{`y |= a1`, "unknown variable y", "y"},
	})
}

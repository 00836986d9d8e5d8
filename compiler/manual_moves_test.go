package compiler

import (
	"slices"
	"testing"
	"time"
)

// Move filters as the manual describes them: the dash, castling's from and
// to, and currentmove. Each test names the manual page it checks.

// variationsGame has the same first moves in several lines. Nodes
// (pre-order, variations included): 0 start, 1 e4, 2 e5, 3 Nf3, 4 Nc6,
// 5 f4, 6 exf4, 7 d4, 8 Nf6, 9 c4, 10 e5, 11 Nc3. Without variations only
// 0-4 exist.
const variationsGame = "[Event \"v\"]\n\n" +
	"1. e4 (1. d4 Nf6) (1. c4 e5 2. Nc3) 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 *\n"

// TestDashSetTargetNeedsNonEmptySet: dash.html, "A ―― filter matches the
// current position if there is some move from the current position which
// the ―― filter matches", "If there is no move that matches the specified
// target filters, the ―― move fails to match", and its value is "the
// value of the last specified target filter of the first matched move
// (moves are considered in the order of their appearance in the PGN
// file)". A set filter matches when its set is not empty, so a move whose
// last target is an empty set is not a matched move: the dash goes on to
// the next move in the PGN.
func TestDashSetTargetNeedsNonEmptySet(t *testing.T) {
	runManualCases(t, variationsGame, []manualCase{
		{`initial --(Pd4)`, true, []int32{0}},
		{`initial --(Pd4)`, false, nil},
		{`initial not --(Pd4)`, true, nil},
		{`initial x = --(to Pc4) x == c4`, true, []int32{0}},
		// no move matches: the dash's value is the empty set, which a set
		// assignment binds (the official program matches here)
		{`initial x = --(Pc4)`, false, []int32{0}},
		{`initial x = --(Pc4) x == []`, false, []int32{0}},
		{`initial x = --(Pc4)`, true, []int32{0}},
		// the second white move from node 2 is 2. f4
		{`wtm x = --(Pf4) x == f4`, true, []int32{2}},
		// a non-empty target still stops at the first move
		{`initial x = --(to) x == e4`, true, []int32{0}},
		// the same rule in a line or path constituent, and in countmoves
		{`initial line --> --(Pd4) --> --(nf6)`, true, []int32{0}},
		{`initial path --(Pd4) --(nf6)`, true, []int32{0}},
		{`initial countmoves --(Pd4) == 1`, true, []int32{0}},
	})
}

// TestCaptureDashSetTarget: dash.html, "A × filter is considered a type of
// ―― filter": the [x] dash skips a capture whose last target is an empty
// set in the same way.
func TestCaptureDashSetTarget(t *testing.T) {
	// nodes: 0 start, 1 e4, 2 d5, 3 Bb5+, 4 c6, 5 Bxc6+, 6 Nxc6, 7 exd5, 8 cxb5
	game := "[Event \"x\"]\n\n1. e4 d5 2. Bb5+ c6 3. Bxc6+ (3. exd5 cxb5) 3... Nxc6 *\n"
	runManualCases(t, game, []manualCase{
		{`[x](Pd5)`, true, []int32{4, 7}},
		{`wtm x = [x](to & d5) x == d5`, true, []int32{4}},
		// no capture matches: x is bound to the empty set (as in the
		// official program)
		{`wtm x = [x](to & d5) x == []`, false, []int32{0, 2, 4, 6}},
	})
}

// TestCaptureDashEnPassant: a capturing dash tests its right side on the
// captured piece's square, which for en passant is the square of the pawn
// taken, not the empty destination (the official program: [x]d5 matches
// 3. exd6 e.p. and [x]d6 and P[x]_ do not; issue 13, difftest 078 and
// 179). The move's to is still the destination.
func TestCaptureDashEnPassant(t *testing.T) {
	// nodes: 0 start, 1 e4, 2 Nf6, 3 e5, 4 d5, 5 exd6 e.p., 6 exd6
	game := "[Event \"e\"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 exd6 *\n"
	runManualCases(t, game, []manualCase{
		{`[x]d5`, false, []int32{4}},
		{`[x]d6`, false, []int32{5}},
		{`×d5`, false, []int32{4}},
		{`P[x]p`, false, []int32{4}},
		{`P[x]_`, false, nil},
		{`[x]d5(to == d6 enpassant)`, false, []int32{4}},
		{`currentmove [x]d5`, false, []int32{5}},
		{`currentmove [x]d6`, false, []int32{6}},
		{`path [x]d5`, false, []int32{4}},
		{`line --> [x]d5`, false, []int32{4}},
		// the plain dash and move keep the destination; capture is the pawn's square
		{`--d6`, false, []int32{4, 5}},
		{`move to d6 capture d5`, false, []int32{4}},
		{`move capture d6`, false, []int32{5}},
	})
}

// TestDashSetTargetAgreesWithTrue: by the rule above, `--(S)` and
// `--(S true)` match the same positions for a set filter S (one matches
// when some move leaves S non-empty, the other when some move does and
// true holds). Games of sample.pgn where the two differed.
func TestDashSetTargetAgreesWithTrue(t *testing.T) {
	for _, g := range gamesFromFile(t, "../testdata/pgn/sample.pgn", 1, 2, 5, 8) {
		tree := treeOf(g, true)
		plain := matchesAt(t, `--(A attacks k)`, tree, 5*time.Second)
		withTrue := matchesAt(t, `--(A attacks k true)`, tree, 5*time.Second)
		if len(withTrue) == 0 || !slices.Equal(plain, withTrue) {
			t.Errorf("game %d: --(A attacks k) matches %v, --(A attacks k true) matches %v", g.Number, plain, withTrue)
		}
	}
}

// castlingGame: nodes 0 start, 1 e4, 2 e5, 3 Nf3, 4 Nc6, 5 Bc4, 6 Bc5,
// 7 O-O, 8 Nf6, 9 d3, 10 O-O.
const castlingGame = "[Event \"c\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O *\n"

// TestFromToAfterCastling: contextualcastling.html, "Ordinarily the from
// filter has value equal to the squares from which pieces moved in the
// current move, and the to filter has value equal to the squares to which
// pieces moved in the current move", with the example "//last move was
// white o-o from==[e1,h1] to==[f1,g1]".
func TestFromToAfterCastling(t *testing.T) {
	runManualCases(t, castlingGame, []manualCase{
		{`from == [e1,h1] to == [f1,g1]`, false, []int32{7}},
		{`from == [e8,h8] to == [f8,g8]`, false, []int32{10}},
		{`o-o from == e1`, false, nil},
		{`from == e2 to == e4`, false, []int32{1}}, // other moves: one square each
		// every castling has both pieces' squares
		{`castle #from == 2 #to == 2`, false, []int32{7, 10}},
	})
}

// TestFromToInDashScope: contextualcastling.html, "A from or to filter
// inside a target filter is in the scope of the surrounding ―― filter"
// (the squares are those of the piece the dash's left and right filters
// describe, as in its example ♖――(from==h1 to==f1)), but "if a from or to
// filter is enclosed in a another filter that could change the current
// position (like : or find or echo), then the from or to is not in the
// scope of the ―― filter", as in ――(initialposition:from).
func TestFromToInDashScope(t *testing.T) {
	runManualCases(t, castlingGame, []manualCase{
		{`R--(from == h1 to == f1)`, false, []int32{6}},
		{`K--(castle from == e1 to == g1)`, false, []int32{6}},
		{`k--(castle from == e8 to == g8)`, false, []int32{9}},
		// out of the dash's scope under ':' and find
		{`R--(castle currentposition:from == [e1,h1] currentposition:to == [f1,g1])`, false, []int32{6}},
		{`R--(castle parent:child:from == [e1,h1])`, false, []int32{6}},
		{`R--(castle find {from == [e1,h1]})`, false, []int32{6}},
		// back in scope after them
		{`R--(castle currentposition:from == [e1,h1] from == h1 to == f1)`, false, []int32{6}},
		{`R--(castle {find check or true} from == h1)`, false, []int32{6}},
		{`R--(castle line --> true from == h1)`, false, []int32{6}},
		// naming a position in a comment does not leave the scope
		{`R--(castle comment(currentposition) from == h1)`, false, []int32{6}},
		// a path's dash constituent has the same scope over its targets
		{`path R--(castle from == h1 to == f1)`, false, []int32{6}},
		{`path K--(castle from == e1 to == g1)`, false, []int32{6}},
	})
}

// TestLegalDashCastlingIsAKingMove: with legal or pseudolegal a castling
// is a move of the king only, as in move legal; the official program
// never matches legal R--(castle) (issue 13, difftest 030 and 047), while
// a dash over the game's moves takes castling as a rook move too.
func TestLegalDashCastlingIsAKingMove(t *testing.T) {
	runManualCases(t, castlingGame, []manualCase{
		{`legal K--(castle)`, false, []int32{6}},
		{`legal k--(castle)`, false, []int32{9}},
		{`legal R--(castle)`, false, nil},
		{`pseudolegal [Rr]--(o-o)`, false, nil},
		{`legal --f1(castle)`, false, nil},
		{`legal --g1(castle)`, false, []int32{6}},
		{`[Rr]--(castle)`, false, []int32{6, 9}},
	})
}

// TestLegalDashValueIsItsDestinations: a legal or pseudolegal dash is a
// set filter, the squares its moves go to (castling: the king's), as the
// official program counts them: in the position of one.pgn below, K e1
// and R h1 with the right to castle short, #(legal K--.) is 6 (d1 d2 e2
// f2 f1 g1), #(legal R--.) 9 and #(legal [KR]--.) their union, 13; a
// plain dash is not a set (#(K--.) is an error there).
func TestLegalDashValueIsItsDestinations(t *testing.T) {
	game := "[Event \"l\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd1 Kd8 *\n"
	runManualCases(t, game, []manualCase{
		{`#(legal K--.) == 6`, false, []int32{0}},
		{`#(pseudolegal K--.) == 6`, false, []int32{0}},
		{`#(legal K--.(castle)) == 1`, false, []int32{0}},
		{`(legal K--.) & g1`, false, []int32{0}},
		{`#(legal R--.) == 9`, false, []int32{0}},
		{`#(legal [KR]--.) == 13`, false, []int32{0}},
		{`#(legal k--.) == 5`, false, []int32{1}},
		{`x = legal K--[d1,d2,h1] x == [d1,d2]`, false, []int32{0}},
		{`legal K--f1`, false, []int32{0}},
		{`#(legal K--e8) == 0`, false, []int32{0, 1, 2}}, // no such move: the empty set
	})
}

// TestCurrentMove: currentmove.html, "It has the syntax currentmove x
// where x is any ―― filter. The filter is true if the given ―― filter
// matches the current move", the move that led to the current position.
// The dash's left and right filters describe squares before that move (a
// pawn that moved stood on its from square in the parent), its targets
// the position after it.
func TestCurrentMove(t *testing.T) {
	runManualCases(t, castlingGame, []manualCase{
		{`currentmove --`, false, []int32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
		{`currentmove Pe2--e4`, false, []int32{1}},
		{`currentmove Pe4--`, false, nil}, // e4 is empty before 1. e4
		{`currentmove --e4`, false, []int32{1}},
		{`currentmove n--`, false, []int32{4, 8}},
		{`currentmove [x]`, false, nil},
		{`currentmove --(check)`, false, nil},
		// castling is a move of the king and the rook
		{`currentmove R--`, false, []int32{7}},
		{`currentmove R--(from == h1 to == f1)`, false, []int32{7}},
		{`currentmove k--(o-o from == e8)`, false, []int32{10}},
		{`x = currentmove B--(to) x == c4`, false, []int32{5}},
	})
	// the manual's underpromotion example, currentmove ♟――=[♜♞♝]
	// nodes: 0 start, 1 a8=Q+, 2 Kf7, 3 Kf2, 4 h1=N+, 5 Kg1, 6 a8=R+, 7 Kd7
	game := "[Event \"u\"]\n[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1\"]\n\n" +
		"1. a8=Q+ (1. a8=R+ Kd7) 1... Kf7 2. Kf2 h1=N+ 3. Kg1 *\n"
	runManualCases(t, game, []manualCase{
		{`currentmove p--=[rnb]`, false, []int32{4}},
		{`currentmove P--=[RBN]`, true, []int32{6}},
		{`currentmove [Pp]--(check)`, true, []int32{1, 4, 6}},
	})
}

// TestChess960CastlingSides: o-o is the kingside castle and o-o-o the
// queenside one (currentmove.html), also in Chess960 where the king may not
// move at all: here 1.O-O leaves the king on g1 and takes the rook h1-f1.
func TestChess960CastlingSides(t *testing.T) {
	// nodes: 0 start, 1 O-O, 2 Kh7, 3 Rb2
	game := "[Event \"t\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r4k1/8/8/8/8/8/8/1R4KR w HBb - 0 1\"]\n\n" +
		"1. O-O Kh7 2. Rb2 *\n"
	runManualCases(t, game, []manualCase{
		{`o-o`, false, []int32{1}},
		{`o-o-o`, false, nil},
		{`castle`, false, []int32{1}},
		{`move o-o`, false, []int32{0}},
		{`move o-o-o`, false, nil},
		{`--(o-o)`, false, []int32{0}},
		{`--(o-o-o)`, false, nil},
	})
}

// TestDashPromotionString: the promotion of a dash may be any string
// filter, P--=T with T = "R" (the official program: "expected either a
// piece designator or a string filter as a promotion type specifier"). As
// it reads one, the move promotes to a type whose letter the string
// contains in either case ("Queen" takes a knight), "" and "." take every
// promotion, and a string naming no type matches nothing.
func TestDashPromotionString(t *testing.T) {
	// node 0 start, 1 a8=R, 2 a1=N, 3 Kg1; the variation 1. a8=Q is node 4
	game := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"8/P7/7k/8/8/8/p7/7K w - - 0 1\"]\n\n" +
		"1. a8=R (1. a8=Q) 1... a1=N 2. Kg1 *\n"
	runManualCases(t, game, []manualCase{
		{`T = "R" P--=T`, false, []int32{0}},
		{`T = "r" P--=T`, false, []int32{0}},
		{`T = "N" p--=T`, false, []int32{1}},
		{`T = "Q" --=T`, false, nil},
		{`T = "Q" --=T`, true, []int32{0}},
		{`T = "Queen" --=T`, false, []int32{1}},
		{`T = "" --=T`, false, []int32{0, 1}},
		{`T = "." --=T`, false, []int32{0, 1}},
		{`T = "Z" --=T`, false, nil},
		{`T = "" K--=T`, false, nil},
		{`T = "R" --=T + "N"`, false, []int32{0, 1}},
		{`T = "R" --=lowercase T`, false, []int32{0}},
		{`T = "R" a7--a8=T(not check)`, false, []int32{0}},
		{`T = "R" not --=T`, false, []int32{1, 2, 3}},
		// the string is read where the dash stands: typename of a square
		{`--=typename h1`, false, nil},
		// in a path: a promotion, then the next white move promotes to
		// the type the first one made
		{`T = "R" path P--=T`, false, []int32{0}},
		{`path --=[RN] Made = typename to --=Made`, true, nil},
		// countmoves and currentmove read it too
		{`T = "RN" (countmoves --=T) == 1`, false, []int32{0, 1}},
		{`T = "N" currentmove p--=T`, false, []int32{2}},
	})
	runRejectCases(t, []rejectCase{
		{`T = 1 P--=T`, "the promotion type of a dash must be a string filter, but this is a number filter", `T`},
		{`T = "R" P--=T and check`, "the promotion type of a dash must be a string filter, but this is a logical filter", `T and check`},
	})
}

// TestDashRightSideTakesUnion: the right side of a dash is a whole set
// expression, so R--a1 | R--h1 is (R--(a1 | R))--h1, whose left side is
// no set; the official program refuses it too.
func TestDashRightSideTakesUnion(t *testing.T) {
	runRejectCases(t, []rejectCase{
		{`R--a1 | R--h1`, "F--G | H--K reads as (F--(G | H))--K; write F--G or H--K", `R--a1 | R`},
		{`R--a1 & R--h1`, "F--G & H--K reads as (F--(G & H))--K", `R--a1 & R`},
	})
	runAcceptCases(t, []string{`R--a1 or R--h1`, `R--(a1|h1)`, `R--a1|h1`})
}

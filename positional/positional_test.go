package positional

import (
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

func position(t *testing.T, fen string) *bitboard.Position {
	t.Helper()
	p, err := bitboard.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return &p
}

func move(t *testing.T, p *bitboard.Position, uci string) bitboard.Move {
	t.Helper()
	m, err := p.ParseUCI([]byte(uci))
	if err != nil || !p.IsLegal(m) {
		t.Fatalf("%s is not a legal move of %s: %v", uci, p.FEN(), err)
	}
	return m
}

func squares(t *testing.T, list string) bitboard.Set {
	t.Helper()
	var s bitboard.Set
	for _, w := range strings.Fields(list) {
		sq, ok := bitboard.ParseSquare(w)
		if !ok {
			t.Fatalf("bad square %q", w)
		}
		s |= bitboard.SquareSet(sq)
	}
	return s
}

// The exchanges are worked out by hand in the comments.
func TestExchange(t *testing.T) {
	tests := []struct {
		name, fen, move string
		want            int
	}{
		// exd5 wins the knight (3), exd5 wins the pawn back (1)
		{"pawn takes defended knight", "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 2},
		// Rxd5 wins a pawn and loses the rook to the pawn
		{"rook takes defended pawn", "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -4},
		// Rxd5 (+1) Rxd5 (+5) Rxd5 (+5): Black had better not recapture
		{"x-ray rook behind", "3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", "d2d5", 1},
		// the same without the second white rook: Black recaptures
		{"no x-ray", "3r2k1/8/8/3p4/8/8/3R4/6K1 w - - 0 1", "d2d5", -4},
		// the e6 pawn is pinned to its king by the bishop: no recapture
		{"pinned defender", "2k5/8/4p3/3n4/4P1B1/8/8/4K3 w - - 0 1", "e4d5", 3},
		// bxa8=Q wins the rook (5) and the promotion (8); Kxa8 takes the queen (9)
		{"capture with promotion", "rk6/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 4},
		// no recapture: the king on d8 does not reach a8
		{"promotion undefended", "r2k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 13},
		// an underpromotion counts for what it makes
		{"underpromotion", "r2k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", 7},
		// exd6 e.p. wins a pawn, cxd6 wins it back
		{"en passant recaptured", "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 1},
		// the king takes an undefended pawn but not a defended one
		{"king takes undefended", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", 1},
		// a quiet move to a square the pawn guards loses the knight
		{"quiet move into a pawn", "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", -3},
		{"quiet move to a safe square", "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3b5", 0},
		// Black's view: ...Qxd4 wins a pawn, but the queen is lost to the pawn c3
		{"black queen takes defended pawn", "4k3/8/8/3q4/3P4/2P5/8/4K3 b - - 0 1", "d5d4", -8},
	}
	for _, tt := range tests {
		p := position(t, tt.fen)
		if got := Exchange(p, move(t, p, tt.move)); got != tt.want {
			t.Errorf("%s: Exchange(%s) = %d, want %d", tt.name, tt.move, got, tt.want)
		}
	}
}

func TestMaxSwap(t *testing.T) {
	// White's best move wins the knight for a pawn: 2, whoever is to move
	for _, side := range []string{"w", "b"} {
		p := position(t, "4k3/8/4p3/3n4/4P3/8/8/4K3 "+side+" - - 0 1")
		if got, ok := MaxSwap(p, p.ByColor[bitboard.White], bitboard.Full); !ok || got != 2 {
			t.Errorf("%s to move: MaxSwap(white) = %d %v, want 2", side, got, ok)
		}
	}
	p := position(t, "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1")
	// only the king's moves to the second rank: none wins anything
	if got, ok := MaxSwap(p, squares(t, "e1"), squares(t, "d2 e2 f2")); !ok || got != 0 {
		t.Errorf("king moves: %d %v, want 0", got, ok)
	}
	// Black's knight: Nxe... nothing to take but it can go to c3 (safe) or f4 (safe)
	if got, ok := MaxSwap(p, squares(t, "d5"), bitboard.Full); !ok || got != 0 {
		t.Errorf("black knight: %d %v, want 0", got, ok)
	}
	// no move from an empty square
	if _, ok := MaxSwap(p, squares(t, "a1"), bitboard.Full); ok {
		t.Errorf("a move from an empty square")
	}
	// White to move in check: Black cannot be asked (it would take the king)
	check := position(t, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
	if got, ok := MaxSwap(check, check.ByColor[bitboard.Black], bitboard.Full); ok {
		t.Errorf("asked the side giving check: %d", got)
	}
	// White's best is Kxe2 (+5): the rook is undefended
	if got, ok := MaxSwap(check, check.ByColor[bitboard.White], bitboard.Full); !ok || got != 5 {
		t.Errorf("Kxe2: %d %v, want 5", got, ok)
	}
}

// kept runs a query on the white pawns of fen.
func kept(t *testing.T, fen, query string) bitboard.Set {
	t.Helper()
	q, err := ParsePawnQuery(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	p := position(t, fen)
	return q.Kept(p, bitboard.White, p.Pieces(bitboard.White, bitboard.Pawn))
}

func TestPawnAttributes(t *testing.T) {
	const (
		files    = "4k3/8/8/8/8/2P5/P1P5/4K3 w - - 0 1"         // a2, c2 c3
		ranks    = "4k3/8/8/8/2PP1P2/8/8/4K3 w - - 0 1"         // c4 d4, f4
		neigh    = "4k3/8/8/8/7P/3P4/P1P1P3/4K3 w - - 0 1"      // a2, c2 d3 e2, h4
		chain    = "4k3/8/8/8/2P1P3/1P6/P7/4K3 w - - 0 1"       // a2 b3 c4, e4
		race     = "4k3/8/3p4/p7/P1P1P2p/5P2/6P1/4K3 w - - 0 1" // White a4 c4 e4 f3 g2, Black a5 d6 h4
		runs     = "4k3/8/8/2P5/8/2P5/2P5/4K3 w - - 0 1"        // c2 c3 c5
		mirror   = "4k3/2p5/3p4/8/3P4/8/2P5/4K3 w - - 0 1"      // White c2 d4, Black c7 d6
		backward = "4k3/8/8/8/3P4/8/2P5/4K3 w - - 0 1"          // c2 d4
	)
	tests := []struct{ fen, query, want string }{
		{files, "single", "a2"},
		{files, "double", "c2 c3"},
		{files, "double!", "c2 c3"},
		{files, "triple", ""},
		{files, "!single", "c2 c3"},
		{ranks, "uno", "f4"},
		{ranks, "duo", "c4 d4"},
		{ranks, "duo!", "c4 d4"},
		{ranks, "trio", ""},
		{ranks, "quart(4)", ""},
		{neigh, "isolated", "a2 h4"},
		{neigh, "connected", "c2 d3 e2"},
		{neigh, "integrated", "d3"},
		{neigh, "halfisolated", "c2 e2"},
		{chain, "defended", "b3 c4"},
		{chain, "defender", "a2 b3"},
		{chain, "chained", "a2 b3 c4"},
		{chain, "chained(3)", "a2 b3 c4"},
		{chain, "chained!(2)", ""},
		{chain, "chained(4)", ""},
		{race, "passed", "f3"},
		{race, "unblocked-unstoppable", "f3"},
		{race, "blocked", "a4"},
		{race, "blocked!", "a4"},
		{race, "stoppable", "c4 e4 g2"},
		{race, "stopped", "c4 e4 g2"},
		{race, "candidate", "e4 f3"},
		{race, "candidate!", "e4"},
		{race, "advanced", ""},
		{"4k3/8/8/2p5/8/8/8/4K3 w - - 0 1", "behind", ""},
		{"4k3/2P5/8/2p5/8/8/8/4K3 w - - 0 1", "behind", "c7"},
		{"4k3/2P5/8/2p5/8/8/8/4K3 w - - 0 1", "behind!", ""},
		{"4k3/8/2P5/2p5/8/8/8/4K3 w - - 0 1", "behind!", "c6"},
		{backward, "backward", "c2"},
		{"4k3/8/8/4P3/3P4/8/8/4K3 w - - 0 1", "advanced", "e5"},
		{runs, "consecutive", "c2 c3"},
		{runs, "consecutive(3)", ""},
		{runs, "forefront", "c5"},
		{runs, "rear", "c2"},
		{runs, "!forefront", "c2 c3"},
		{mirror, "symmetrical", "c2 d4"},
		{mirror, "mirrored", "c2"},
		// pawns that have passed each other are no mirror image
		{"4k3/8/2P5/8/8/2p5/8/4K3 w - - 0 1", "mirrored", ""},
		// the rule of the square: a5 needs three moves, the king on d8 three
		{"3k4/8/8/P7/8/8/8/4K3 w - - 0 1", "inside", "a5"},
		{"4k3/8/8/P7/8/8/8/4K3 w - - 0 1", "inside", ""},
		{"4k3/8/8/P7/8/8/8/4K3 b - - 0 1", "inside", "a5"},
		// from the second rank the double step makes it five moves
		{"5k2/8/8/8/8/8/P7/4K3 w - - 0 1", "inside", "a2"},
		{"6k1/8/8/8/8/8/P7/4K3 w - - 0 1", "inside", ""},
		{"6k1/8/8/8/8/8/P7/4K3 w - - 0 1", "!inside-passed", "a2"},
		// the chain's order: behind leaves c7 alone on its file
		{"4k3/2P5/8/2p5/8/8/2P5/4K3 w - - 0 1", "single-behind", ""},
		{"4k3/2P5/8/2p5/8/8/2P5/4K3 w - - 0 1", "behind-single", "c7"},
		// doubled pawns side by side with their front pawns on one rank
		{"4k3/8/8/8/8/2PP4/2PP4/4K3 w - - 0 1", "double!-forefront-duo", "c3 d3"},
		{"4k3/8/8/8/3P4/2PP4/2P5/4K3 w - - 0 1", "double!-forefront-duo", ""},
	}
	for _, tt := range tests {
		if got, want := kept(t, tt.fen, tt.query), squares(t, tt.want); got != want {
			t.Errorf("%s on %s: %v, want %v", tt.query, tt.fen, got, want)
		}
	}
}

// A black pawn's attributes look the other way up the board.
func TestPawnAttributesForBlack(t *testing.T) {
	p := position(t, "4k3/8/8/8/3p4/8/8/4K3 b - - 0 1") // d4: advanced and passed for Black
	for _, query := range []string{"advanced", "passed", "!blocked"} {
		q, err := ParsePawnQuery(query)
		if err != nil {
			t.Fatal(err)
		}
		if got := q.Count(p, bitboard.Full); got != 1 {
			t.Errorf("%s: %d, want 1", query, got)
		}
	}
}

func TestPawnCounting(t *testing.T) {
	const wings = "4k3/8/8/8/8/8/PP1P1PPP/4K3 w - - 0 1" // a2 b2, d2, f2 g2 h2
	tests := []struct {
		fen, query string
		want       int
	}{
		{wings, "!passed", 0},
		{wings, "passed", 6},
		{wings, "passed-islands", 3},
		{wings, "passed-islands(2)", 2},
		{wings, "passed-islands!(3)", 1},
		{wings, "passed-files", 6},
		{wings, "passed-ranks", 1},
		{wings, "passed-ranks(6)", 1},
		{wings, "passed-bothsides", 3},
		{wings, "passed-oneside", 0},
		{"4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", "passed-oneside", 2},
		{"4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", "passed-bothsides", 0},
		// c2 c3 and c5: two runs on the c-file
		{"4k3/8/8/2P5/8/2P5/2P5/4K3 w - - 0 1", "double-compounds", 2},
		{"4k3/8/8/2P5/8/2P5/2P5/4K3 w - - 0 1", "double-compounds(2)", 1},
		// the seed's isolated triple pawns on consecutive squares, two ways
		{"4k3/8/8/8/2P5/2P5/2P5/4K3 w - - 0 1", "isolated-consecutive(3)", 3},
		{"4k3/8/8/8/2P5/2P5/2P5/4K3 w - - 0 1", "isolated-triple-compounds(3)", 1},
		{"4k3/8/8/2P5/8/2P5/2P5/4K3 w - - 0 1", "isolated-consecutive(3)", 0},
		// the seed's hanging pawns: a duo on half-open files, on rank 4
		{"4k3/pp3ppp/4p3/8/2PP4/8/P5PP/4K3 w - - 0 1", "stoppable-!blocked-duo!", 2},
		// the seed's backward pawn held back by a pawn beside its file:
		// c3 (d4 is ahead of it, b5 guards c4)
		{"4k3/8/8/1p6/3P4/2P5/8/4K3 w - - 0 1", "backward-stopped-!blocked", 1},
		// both colours: a2 and h7 are isolated
		{"4k3/7p/8/8/8/8/P7/4K3 w - - 0 1", "isolated", 2},
	}
	for _, tt := range tests {
		q, err := ParsePawnQuery(tt.query)
		if err != nil {
			t.Fatalf("%s: %v", tt.query, err)
		}
		if got := q.Count(position(t, tt.fen), bitboard.Full); got != tt.want {
			t.Errorf("%s on %s: %d, want %d", tt.query, tt.fen, got, tt.want)
		}
	}
	// the hanging pawns counted on rank 4 only, as the seed's ?4 does
	hanging, _ := ParsePawnQuery("stoppable-!blocked-duo!")
	if got := hanging.Count(position(t, "4k3/pp3ppp/4p3/8/2PP4/8/P5PP/4K3 w - - 0 1"), squares(t, "a4 b4 c4 d4 e4 f4 g4 h4")); got != 2 {
		t.Errorf("hanging pawns on rank 4: %d, want 2", got)
	}
	// the designator restricts the pawns: only the queen side
	q, _ := ParsePawnQuery("passed")
	if got := q.Count(position(t, wings), squares(t, "a2 b2 c2 d2")); got != 3 {
		t.Errorf("passed on a-d: %d, want 3", got)
	}
}

func TestPawnQueryErrors(t *testing.T) {
	// not contradictions: a negation, or an order that can keep pawns
	for _, query := range []string{"double!-forefront-duo", "!forefront-double", "isolated-!chained", "mirrored-!blocked!", "defended-isolated"} {
		if _, err := ParsePawnQuery(query); err != nil {
			t.Errorf("%s: %v", query, err)
		}
	}
	for query, want := range map[string]string{
		"passedd":         "unknown pawn attribute",
		"islands-passed":  "must end the attribute list",
		"passed-!islands": "cannot be negated",
		"triple(9)":       "from 3 to 6",
		"chained(1)":      "from 2 to 8",
		"passed(2)":       "takes no count",
		"islands":         "names no pawn attribute",
		"triple(x)":       "must be a number",
		"passed-files(9)": "from 1 to 8",
		// the seed's contradictions
		"chained-isolated":    `"chained" and "isolated" contradict`,
		"isolated-connected":  `"isolated" and "connected" contradict`,
		"mirrored-unblocked":  `"mirrored" and "unblocked" contradict`,
		"!blocked-mirrored":   `"!blocked" and "mirrored" contradict`,
		"forefront-double!":   `"double!" after "forefront" can never hold`,
		"rear-consecutive(3)": `"consecutive(3)" after "rear" can never hold`,
	} {
		_, err := ParsePawnQuery(query)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", query, err, want)
		}
	}
}

func TestOpposition(t *testing.T) {
	tests := []struct {
		fen         string
		white, blak bool
	}{
		// the seed: the formal rule gives even the start position to White
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, false},
		// direct opposition, Black to move: White has it
		{"8/8/4k3/8/4K3/8/8/8 b - - 0 1", true, false},
		{"8/8/4k3/8/4K3/8/8/8 w - - 0 1", false, true},
		// distant opposition on a rank and diagonal opposition
		{"8/8/8/8/k3K3/8/8/8 b - - 0 1", true, false},
		{"8/8/8/4k3/8/2K5/8/8 w - - 0 1", false, true},
		// kings a knight's move apart: the side to move can take it
		{"8/8/8/3k4/8/4K3/8/8 w - - 0 1", true, false},
	}
	for _, tt := range tests {
		p := position(t, tt.fen)
		if got := HasOpposition(p, bitboard.White); got != tt.white {
			t.Errorf("%s: White has the opposition: %v, want %v", tt.fen, got, tt.white)
		}
		if got := HasOpposition(p, bitboard.Black); got != tt.blak {
			t.Errorf("%s: Black has the opposition: %v, want %v", tt.fen, got, tt.blak)
		}
	}
}

func TestBishopPawns(t *testing.T) {
	// the bishop c1 is on a dark square; White's pawns a2 b3 e4 are on
	// light squares, f2 on a dark one; Black's a7 b6 g7 dark, h5 light
	p := position(t, "4k3/p5p1/1p6/7p/4P3/1P6/P4P2/2B1K3 w - - 0 1")
	got := CountBishopPawns(p, squares(t, "c1").First())
	want := BishopPawns{Targets: 3, EnemyPawns: 4, Free: 3, OwnPawns: 4}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestMaterial(t *testing.T) {
	tests := []struct {
		name, fen                        string
		mating, whiteCannot, blackCannot bool
	}{
		{"king against king", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", false, true, true},
		{"knight", "8/8/8/4k3/8/8/8/4KN2 w - - 0 1", false, true, true},
		{"bishop", "8/8/8/4k3/8/8/8/4KB2 w - - 0 1", false, true, true},
		{"bishops on dark squares", "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", false, true, true},
		{"bishops on both colours", "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true, true, true},
		{"knight against knight", "2n5/8/8/4k3/8/8/8/2N1K3 w - - 0 1", true, true, true},
		{"two bishops", "8/8/8/4k3/8/8/8/2BBK3 w - - 0 1", true, false, true},
		{"rook", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", true, false, true},
		{"pawn", "8/8/8/4k3/8/8/4p3/4K3 w - - 0 1", true, true, false},
	}
	for _, tt := range tests {
		p := position(t, tt.fen)
		if got := HasMatingMaterial(p); got != tt.mating {
			t.Errorf("%s: mating material %v, want %v", tt.name, got, tt.mating)
		}
		if got := CannotWin(p, bitboard.White); got != tt.whiteCannot {
			t.Errorf("%s: White cannot win %v, want %v", tt.name, got, tt.whiteCannot)
		}
		if got := CannotWin(p, bitboard.Black); got != tt.blackCannot {
			t.Errorf("%s: Black cannot win %v, want %v", tt.name, got, tt.blackCannot)
		}
		if got := GameIsOver(p); got != !tt.mating {
			t.Errorf("%s: game over %v, want %v", tt.name, got, !tt.mating)
		}
	}
	// mate and stalemate end the game whatever the material
	for _, fen := range []string{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"} {
		if !GameIsOver(position(t, fen)) {
			t.Errorf("%s: the game is not over", fen)
		}
	}
}

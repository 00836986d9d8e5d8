package bitboard

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestNewPosition(t *testing.T) {
	p := NewPosition()
	if p.FEN() != startFEN || p.Chess960 {
		t.Fatalf("NewPosition() = %s", p.FEN())
	}
	if err := p.checkConsistency(); err != nil {
		t.Fatal(err)
	}
	if p.KingSquare(White) != 4 || p.KingSquare(Black) != 60 {
		t.Errorf("king squares %v %v", p.KingSquare(White), p.KingSquare(Black))
	}
	if p.ByPiece[Empty] != ^p.Occupied || p.Occupied.Count() != 32 {
		t.Errorf("empty squares %v", p.ByPiece[Empty])
	}
	if p.InCheck() || p.Checkers() != 0 || !p.HasLegalMove() || p.IsCheckmate() || p.IsStalemate() {
		t.Errorf("start position misjudged")
	}
}

func TestAttacksFromExamples(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/3r4/8/1B6/4P3/4K1N1 w - - 0 1")
	tests := []struct {
		sq   string
		want string
	}{
		{"e2", "[d3,f3]"}, // pawn: diagonals only, not its push
		{"g1", "[e2,f3,h3]"},
		{"b3", "[d1,a2,c2,a4,c4,d5]"}, // stops on the enemy rook on d5
		{"d5", "[d1,d2,d3,d4,a5,b5,c5,e5,f5,g5,h5,d6,d7,d8]"},
		{"e4", "[]"},
	}
	for _, tc := range tests {
		s, _ := ParseSquare(tc.sq)
		if got := p.AttacksFrom(s).String(); got != tc.want {
			t.Errorf("AttacksFrom(%s) = %s, want %s", tc.sq, got, tc.want)
		}
	}
	// A slider's ray also stops on (and includes) a piece of its own colour.
	p = mustFEN(t, "4k3/8/8/3r4/8/8/3p4/3K4 b - - 0 1")
	if got, want := p.AttacksFrom(35).String(), "[d2,d3,d4,a5,b5,c5,e5,f5,g5,h5,d6,d7,d8]"; got != want {
		t.Errorf("rook attacks %s, want %s", got, want)
	}
}

func TestCheckersAndChecks(t *testing.T) {
	tests := []struct {
		fen      string
		checkers string
		mate     bool
		stale    bool
	}{
		{"4r1k1/8/8/8/8/3n4/8/3QK3 w - - 0 1", "[d3,e8]", false, false},
		{"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", "[]", false, false},
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "[a8]", true, false},
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", "[]", false, true},
		// The only legal move is Chess960 castling (king f1 and rook g1 swap).
		{"k7/8/8/b7/8/4p1p1/4P1P1/5KRB w G - 0 1", "[]", false, false},
		{"k7/8/8/b7/8/4p1p1/4P1P1/5KRB w - - 0 1", "[]", false, true},
		// Pawn check that en passant cannot answer: exd3 would open the
		// bishop's diagonal to the king (checked below).
		{"8/8/8/2k5/3Pp3/8/8/4K1B1 b - d3 0 1", "[d4]", false, false},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		if got := p.Checkers().String(); got != tc.checkers {
			t.Errorf("%s: checkers %s, want %s", tc.fen, got, tc.checkers)
		}
		if p.IsCheckmate() != tc.mate || p.IsStalemate() != tc.stale || p.HasLegalMove() == (tc.mate || tc.stale) {
			t.Errorf("%s: mate %v stalemate %v", tc.fen, p.IsCheckmate(), p.IsStalemate())
		}
	}
	noEP := mustFEN(t, "8/8/8/2k5/3Pp3/8/8/4K1B1 b - d3 0 1")
	for _, m := range noEP.LegalMoves(nil) {
		if m.Is(FlagEnPassant) {
			t.Errorf("%s: en passant %v allowed", noEP.FEN(), m)
		}
	}
	only := mustFEN(t, "k7/8/8/b7/8/4p1p1/4P1P1/5KRB w G - 0 1")
	if moves := only.LegalMoves(nil); len(moves) != 1 || !moves[0].Is(FlagCastle) {
		t.Errorf("want castling as the only move, got %v", moves)
	}
}

func TestHash(t *testing.T) {
	start := NewPosition()
	// The keys come from a fixed seed: this value must never change
	// between runs or builds (hashes may be stored).
	const startHash = 0x9786c69bdbaa255b
	if got := start.Hash(); got != startHash {
		t.Errorf("start position hash %#x, want %#x", got, uint64(startHash))
	}
	play := func(sans ...string) Position {
		p := NewPosition()
		for _, s := range sans {
			m, err := p.ParseSAN([]byte(s))
			if err != nil {
				t.Fatal(err)
			}
			p.Play(m)
		}
		return p
	}
	a, b := play("Nf3", "Nf6", "Nc3", "Nc6"), play("Nc3", "Nc6", "Nf3", "Nf6")
	if a.Hash() != b.Hash() {
		t.Errorf("transposition hashes differ")
	}
	if back := play("Nf3", "Nf6", "Ng1", "Ng8"); back.Hash() != start.Hash() {
		t.Errorf("knights out and back hash differently from the start")
	}
	blackToMove := start
	blackToMove.Side = Black
	if blackToMove.Hash() == start.Hash() {
		t.Errorf("side to move not hashed")
	}
	noCastling := start
	noCastling.CastleRooks = 0
	if noCastling.Hash() == start.Hash() {
		t.Errorf("castling rights not hashed")
	}
	// 1.e4 sets EP=e3 but no black pawn can take: same hash as without EP.
	e4 := play("e4")
	e4NoEP := e4
	e4NoEP.EP = NoSquare
	if e4.EP == NoSquare || e4.Hash() != e4NoEP.Hash() {
		t.Errorf("useless en-passant square changes the hash")
	}
	// Here exd6 is possible, so the EP square counts.
	ep := mustFEN(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
	epGone := ep
	epGone.EP = NoSquare
	if ep.Hash() == epGone.Hash() {
		t.Errorf("legal en passant not hashed")
	}
	// Pinned capturer: en passant illegal, so no EP in the hash.
	pinned := mustFEN(t, "8/8/3p4/KPp4r/8/8/8/7k w - c6 0 2")
	pinnedGone := pinned
	pinnedGone.EP = NoSquare
	if pinned.Hash() != pinnedGone.Hash() {
		t.Errorf("illegal en passant changes the hash")
	}
}

// TestHashDistinguishesPositions checks that over many random positions,
// equal hashes mean equal positions (board, side, rights, usable EP).
func TestHashDistinguishesPositions(t *testing.T) {
	seen := map[uint64]string{}
	forEachPlayoutPosition(t, 4, 120, func(p *Position) {
		key := p.FEN()
		key = key[:strings.LastIndexByte(key[:strings.LastIndexByte(key, ' ')], ' ')] // drop the counters
		if !p.hasLegalEnPassant() {
			q := *p
			q.EP = NoSquare
			key = q.FEN()
			key = key[:strings.LastIndexByte(key[:strings.LastIndexByte(key, ' ')], ' ')]
		}
		h := p.Hash()
		if other, dup := seen[h]; dup && other != key {
			t.Fatalf("hash %#x for both %s and %s", h, other, key)
		}
		seen[h] = key
	})
	if len(seen) < 1000 {
		t.Fatalf("only %d distinct positions", len(seen))
	}
}

func TestPlayCastlingRightsAndCounters(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10")
	steps := []struct{ uci, fen string }{
		{"h1h8", "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 10"}, // rook moves and captures a castling rook
		{"e8d7", "r6R/3k4/8/8/8/8/8/R3K3 w Q - 1 11"},  // king moves: Black loses the rest
		{"a1a2", "r6R/3k4/8/8/8/8/R7/4K3 b - - 2 11"},
	}
	for _, st := range steps {
		m, err := p.ParseUCI([]byte(st.uci))
		if err != nil {
			t.Fatal(err)
		}
		p.Play(m)
		if got := p.FEN(); got != st.fen {
			t.Fatalf("after %s: %s, want %s", st.uci, got, st.fen)
		}
	}
	// EP is recorded after every double push, as FEN does.
	p = NewPosition()
	m, _ := p.ParseSAN([]byte("e4"))
	p.Play(m)
	if got := p.FEN(); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" {
		t.Errorf("after e4: %s", got)
	}
	p.Play(p.NullMove())
	if got := p.FEN(); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2" {
		t.Errorf("after a null move: %s", got)
	}
}

// TestCheckersCacheAfterPlay plays random legal games from the perft
// positions and compares the checkers Play remembers with a full attack
// test after every move (discovered checks, promotions, en passant and
// castling included).
func TestCheckersCacheAfterPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var moves []Move
	for _, fen := range checkersTestFENs {
		for game := 0; game < 200; game++ {
			p, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 200; ply++ {
				if !p.checkersKnown || p.checkers != p.computeCheckers() {
					t.Fatalf("%s: cached checkers %v, computed %v", p.FEN(), p.checkers, p.computeCheckers())
				}
				moves = p.LegalMoves(moves[:0])
				if len(moves) == 0 {
					break
				}
				p.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
}

var checkersTestFENs = []string{
	startFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"1b5k/8/8/3pP3/8/8/7K/8 w - d6 0 2",
	"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
}

// TestBoardHash: the board's hash is Hash without the side to move,
// castling and en passant, the same square by square, and it tells
// boards apart.
func TestBoardHash(t *testing.T) {
	start := NewPosition()
	if got := start.BoardHash(); got != start.Hash()^zobristCastle[0]^zobristCastle[7]^zobristCastle[56]^zobristCastle[63] {
		t.Errorf("start board hash %#x", got)
	}
	after, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - e3 0 1")
	same, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
	if after.BoardHash() != same.BoardHash() || after.BoardHash() != BoardHashOf(&after.Board) {
		t.Error("the same board hashes differently")
	}
	if after.BoardHash() == start.BoardHash() {
		t.Error("two boards hash alike")
	}
}

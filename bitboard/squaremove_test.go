package bitboard

import (
	"math/rand"
	"testing"
)

// TestSquareMoves: in positions of random games (from the start, from
// positions with promotions, en passant, castling of both kinds, Chess960
// and checks), SquareMove gives back every legal move from its squares
// and promotion, a castling from the king's and the rook's squares; and
// of every (from, to, promotion) it allows, the move it gives moves a
// piece of the side to move, captures no king nor own piece, and
// promotes a pawn exactly on the last rank; a castling it allows is a
// legal one.
func TestSquareMoves(t *testing.T) {
	starts := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBgc - 0 1",
	}
	rng := rand.New(rand.NewSource(1))
	var moves []Move
	checked, allowed := 0, 0
	for _, fen := range starts {
		for game := 0; game < 30; game++ {
			p, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 120; ply++ {
				moves = p.LegalMoves(moves[:0])
				for _, m := range moves {
					to := m.To
					if m.Flags&FlagCastle != 0 {
						to = m.RookFrom
					}
					if got, ok := p.SquareMove(m.From, to, m.Promo); !ok || got != m {
						t.Fatalf("%s: %v read back as %v (%v)", p.FEN(), m, got, ok)
					}
				}
				checked += len(moves)
				for from := range Square(64) {
					for to := range Square(64) {
						promo := [...]PieceType{NoType, Knight, Bishop, Rook, Queen, King, Pawn}[rng.Intn(7)]
						if m, ok := p.SquareMove(from, to, promo); ok {
							allowed++
							if why := unplayable(&p, m); why != "" {
								t.Fatalf("%s: %v %v %v gives %v: %s", p.FEN(), from, to, promo, m, why)
							}
						}
					}
				}
				if len(moves) == 0 {
					break
				}
				p.Play(moves[rng.Intn(len(moves))])
			}
		}
	}
	if checked < 10000 || allowed < 10000 {
		t.Fatalf("only %d moves read back, %d allowed", checked, allowed)
	}
	p, _ := ParseFEN(starts[0])
	if _, ok := p.SquareMove(square("e2"), square("e4"), NoType); !ok {
		t.Error("1. e4 is not allowed")
	}
	for _, bad := range [][2]string{{"e7", "e5"}, {"e1", "h1"}, {"e1", "d1"}, {"e4", "e5"}, {"a1", "a2"}} {
		if m, ok := p.SquareMove(square(bad[0]), square(bad[1]), NoType); ok {
			t.Errorf("%s-%s is allowed at the start: %v", bad[0], bad[1], m)
		}
	}
}

func containsMove(list []Move, m Move) bool {
	for _, x := range list {
		if x == m {
			return true
		}
	}
	return false
}

func square(name string) Square {
	s, ok := ParseSquare(name)
	if !ok {
		panic(name)
	}
	return s
}

// unplayable says what is wrong with the move m that SquareMove gave in
// p, "" when nothing is.
func unplayable(p *Position, m Move) string {
	own := p.ByColor[p.Side]
	switch {
	case m.Piece != p.Board[m.From] || !own.Has(m.From):
		return "it moves no piece of the side to move"
	case m.Flags&FlagCastle != 0:
		var legal []Move
		if !containsMove(p.LegalMoves(legal), m) {
			return "an illegal castling"
		}
	case m.Captured.Type() == King || own.Has(m.To):
		return "it captures a king or an own piece"
	case (m.Piece.Type() == Pawn && promotionRank(p.Side).Has(m.To)) != (m.Promo != NoType):
		return "a pawn promotes off the last rank, or reaches it without promoting"
	}
	return ""
}

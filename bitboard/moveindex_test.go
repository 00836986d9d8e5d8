package bitboard

import (
	"math/rand"
	"slices"
	"testing"
)

// TestMoveIndexes: in positions of random games (from the start, from
// positions with promotions, en passant, castling of both kinds and
// checks), MoveAt gives exactly the moves LegalMoves lists, each at one
// index, and MoveIndex gives each one's index back.
func TestMoveIndexes(t *testing.T) {
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
	checked := 0
	for _, fen := range starts {
		for game := 0; game < 40; game++ {
			p, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 120; ply++ {
				moves = p.LegalMoves(moves[:0])
				var numbered []Move
				for piece := 0; piece < 17; piece++ {
					for k := 0; k < 40; k++ {
						m, ok := p.MoveAt(piece, k)
						if !ok {
							continue
						}
						numbered = append(numbered, m)
						if gp, gk, ok := p.MoveIndex(&m); !ok || gp != piece || gk != k {
							t.Fatalf("%s: %v is at %d,%d, MoveIndex says %d,%d (%v)", p.FEN(), m, piece, k, gp, gk, ok)
						}
					}
				}
				if len(numbered) != len(moves) || !sameMoves(numbered, moves) || !sameMoves(moves, numbered) {
					t.Fatalf("%s: numbered moves %v, legal moves %v", p.FEN(), numbered, moves)
				}
				checked += len(moves)
				if len(moves) == 0 {
					break
				}
				p.Play(moves[rng.Intn(len(moves))])
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d moves checked", checked)
	}
	p, _ := ParseFEN(starts[0])
	null := p.NullMove()
	if _, _, ok := p.MoveIndex(&null); ok {
		t.Error("a null move has an index")
	}
}

func sameMoves(a, b []Move) bool {
	for _, m := range a {
		if !slices.Contains(b, m) {
			return false
		}
	}
	return true
}

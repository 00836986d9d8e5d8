package bitboard

import (
	"os"
	"testing"
)

// perftCase is a position with known perft counts, depth 1 first. Every
// count not from the Chess Programming Wiki was checked with Stockfish
// ("go perft N", with UCI_Chess960 for the Chess960 cases).
type perftCase struct {
	name   string
	fen    string
	counts []uint64
	// deep counts are only run with BITBOARD_DEEP_PERFT=1 (see TestPerftDeep).
	deep []uint64
}

var perftCases = []perftCase{
	{"start", startFEN, []uint64{20, 400, 8902, 197281, 4865609}, []uint64{119060324}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
		[]uint64{48, 2039, 97862, 4085603}, []uint64{193690690}},
	{"cpw3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", []uint64{14, 191, 2812, 43238, 674624}, []uint64{11030083}},
	{"cpw4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333}, []uint64{15833292}},
	{"cpw5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487}, []uint64{89941194}},
	{"cpw6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594}, nil},

	// Near-misses of the three positions above (one square or piece
	// differs), counted by Stockfish.
	{"kiwipete variant", "r3k2r/p1ppqpb1/bn2pnp1/3pP3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", []uint64{42, 1739, 73514}, nil},
	{"cpw5 variant", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPPPNnPP/RNBQK2R w KQ - 1 8", []uint64{34, 1154, 39207}, nil},
	{"cpw6 variant", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/3P1N2/PPP1NPPP/R4RK1 w - - 0 10", []uint64{41, 1851, 71714}, nil},

	// En passant with pins.
	{"ep horizontal pin", "8/8/3p4/KPp4r/8/8/8/7k w - c6 0 2", []uint64{4, 60, 276, 4569}, nil},
	{"ep along its own pin diagonal", "1b5k/8/8/3pP3/8/8/7K/8 w - d6 0 2", []uint64{6, 46, 282, 3062}, nil},
	{"ep off its pin diagonal", "8/8/2k5/8/3Pp3/8/6B1/4K3 b - d3 0 1", []uint64{7, 76, 566, 6685}, nil},
	{"ep uncovers a rank attack", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", []uint64{6, 136, 863, 20471}, nil},

	// Castling out of, through and into check; promotions; double check.
	{"castling free", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []uint64{26, 568, 13744, 314346}, nil},
	{"castling through check", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", []uint64{22, 737, 15333, 494099}, nil},
	{"b1 attacked allows O-O-O", "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", []uint64{23, 785, 16361, 538021}, nil},
	{"castling out of check", "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", []uint64{3, 104, 2060, 63251}, nil},
	{"castling into check", "r3k2r/8/8/8/8/8/6n1/R3K2R w KQkq - 0 1", []uint64{5, 150, 3496, 95550}, nil},
	{"promotions with capture", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", []uint64{24, 496, 9483, 182838, 3605103}, nil},
	{"double check", "4r1k1/8/8/8/8/3n4/8/3QK3 w - - 0 1", []uint64{2, 50, 810, 16399}, nil},

	// Chess960.
	{"960 cpw a", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []uint64{21, 528, 12189, 326672}, nil},
	{"960 cpw b", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", []uint64{21, 807, 18002, 667366}, nil},
	{"960 start", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1", []uint64{19, 361, 7737, 165231}, []uint64{3950375}},
	{"960 rook shields king destination", "4k3/8/8/8/8/8/8/qRK4R w BH - 0 1", []uint64{16, 265, 5087, 106265}, nil},
	{"960 king and rook swap", "k7/8/8/8/8/8/8/4RKR1 w EG - 0 1", []uint64{24, 63, 1650, 8062}, nil},
	{"960 rooks either side", "4k3/8/8/8/8/8/8/2R1KR2 w CF - 0 1", []uint64{25, 73, 1937, 8515}, nil},
	{"960 rook stays put", "1k6/8/8/8/8/8/8/1K1R4 w D - 0 1", []uint64{18, 83, 1503, 7192}, nil},
	{"960 both colours", "1r2k1r1/8/8/8/8/8/8/1R1K2R1 w GBgb - 0 1", []uint64{25, 507, 11335, 251126}, nil},
	{"960 a-file corner", "rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1", []uint64{23, 442, 9899, 211156}, nil},
}

func TestPerft(t *testing.T) {
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			for i, want := range tc.counts {
				if got := Perft(&p, i+1); got != want {
					t.Errorf("depth %d: got %d, want %d", i+1, got, want)
				}
			}
		})
	}
}

// TestPerftDeep runs one depth further on the big positions; it takes
// several seconds, so it needs BITBOARD_DEEP_PERFT=1 and no -short.
func TestPerftDeep(t *testing.T) {
	if testing.Short() || os.Getenv("BITBOARD_DEEP_PERFT") == "" {
		t.Skip("set BITBOARD_DEEP_PERFT=1 to run")
	}
	for _, tc := range perftCases {
		p := mustFEN(t, tc.fen)
		for i, want := range tc.deep {
			depth := len(tc.counts) + 1 + i
			if got := Perft(&p, depth); got != want {
				t.Errorf("%s depth %d: got %d, want %d", tc.name, depth, got, want)
			}
		}
	}
}

// TestPerftPseudoLegal checks PseudoLegalMoves filtered by IsLegal against
// the same counts, so IsLegal and the pin/check masks check each other.
func TestPerftPseudoLegal(t *testing.T) {
	for _, tc := range perftCases {
		p := mustFEN(t, tc.fen)
		depth := min(len(tc.counts), 3)
		if got, want := perftPseudo(&p, depth), tc.counts[depth-1]; got != want {
			t.Errorf("%s depth %d: got %d, want %d", tc.name, depth, got, want)
		}
	}
}

func perftPseudo(p *Position, depth int) uint64 {
	var nodes uint64
	for _, m := range p.PseudoLegalMoves(nil) {
		if !p.IsLegal(m) {
			continue
		}
		if depth == 1 {
			nodes++
			continue
		}
		child := *p
		child.Play(m)
		nodes += perftPseudo(&child, depth-1)
	}
	return nodes
}

func BenchmarkPerftKiwipete3(b *testing.B) {
	p, _ := ParseFEN(perftCases[1].fen)
	for b.Loop() {
		Perft(&p, 3)
	}
}

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

package bitboard

import (
	"bytes"
	"strings"
	"testing"
)

// Kasparov-Topalov, Wijk aan Zee 1999: long, with castling on both wings, a
// king hunt, checks and many captures.
const kasparovTopalov = `e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5
O-O-O Qe7 Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4
Nd5 Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 Qxf6 Kxa3
Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 Qa8 c3 Qa4+ Ke1 f4 f5
Kc1 Rd2 Qa7`

// Morphy's Opera Game, ending in mate.
const operaGame = `e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5
Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#`

func gameMoves(game string) [][]byte { return bytes.Fields([]byte(game)) }

// replay plays a game from the start position and returns every position
// before each move and the final one.
func replay(t testing.TB, game string) []Position {
	p := NewPosition()
	positions := []Position{p}
	for _, san := range gameMoves(game) {
		m, err := p.ParseSAN(san)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		if got := string(p.AppendSAN(nil, m)); got != string(san) {
			t.Fatalf("%s: %s written back as %s", p.FEN(), san, got)
		}
		p.Play(m)
		positions = append(positions, p)
	}
	return positions
}

func TestReplayGames(t *testing.T) {
	kt := replay(t, kasparovTopalov)
	if final := kt[len(kt)-1].FEN(); final != "8/Q6p/6p1/5p2/5P2/2p3P1/3r3P/2K1k3 b - - 3 44" {
		t.Errorf("Kasparov-Topalov ends in %s", final)
	}
	opera := replay(t, operaGame)
	if final := opera[len(opera)-1]; !final.IsCheckmate() || final.IsStalemate() {
		t.Errorf("the Opera Game should end in mate: %s", final.FEN())
	}
	for _, p := range kt {
		if p.IsCheckmate() || p.IsStalemate() || !p.HasLegalMove() {
			t.Errorf("%s: mate or stalemate in a game that has neither", p.FEN())
		}
	}
}

// BenchmarkParseSANPlay replays a 44-move game; ns/ply is the figure that
// matters for PGN replay.
func BenchmarkParseSANPlay(b *testing.B) {
	moves := gameMoves(kasparovTopalov)
	start := NewPosition()
	for b.Loop() {
		p := start
		for _, san := range moves {
			m, err := p.ParseSAN(san)
			if err != nil {
				b.Fatal(err)
			}
			p.Play(m)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/ply")
}

// BenchmarkParseSANPlayHasLegalMove adds the stalemate test that every
// position of every searched game gets.
func BenchmarkParseSANPlayHasLegalMove(b *testing.B) {
	moves := gameMoves(kasparovTopalov)
	start := NewPosition()
	for b.Loop() {
		p := start
		for _, san := range moves {
			m, err := p.ParseSAN(san)
			if err != nil {
				b.Fatal(err)
			}
			p.Play(m)
			if !p.HasLegalMove() {
				b.Fatal("no legal move")
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/ply")
}

// BenchmarkParseSAN and BenchmarkPlay split BenchmarkParseSANPlay in two.
func BenchmarkParseSAN(b *testing.B) {
	positions := replay(b, kasparovTopalov)
	moves := gameMoves(kasparovTopalov)
	for b.Loop() {
		for i, san := range moves {
			if _, err := positions[i].ParseSAN(san); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/ply")
}

func BenchmarkPlay(b *testing.B) {
	positions := replay(b, kasparovTopalov)
	var moves []Move
	for i, san := range gameMoves(kasparovTopalov) {
		m, _ := positions[i].ParseSAN(san)
		moves = append(moves, m)
	}
	for b.Loop() {
		p := positions[0]
		for _, m := range moves {
			p.Play(m)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/ply")
}

func BenchmarkLegalMoves(b *testing.B) {
	positions := replay(b, kasparovTopalov)
	buf := make([]Move, 0, 256)
	for b.Loop() {
		for i := range positions {
			buf = positions[i].LegalMoves(buf[:0])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/position")
}

func BenchmarkHasLegalMove(b *testing.B) {
	positions := replay(b, kasparovTopalov)
	for b.Loop() {
		for i := range positions {
			if !positions[i].HasLegalMove() {
				b.Fatal("no legal move")
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/position")
}

func BenchmarkAppendSAN(b *testing.B) {
	positions := replay(b, kasparovTopalov)
	var moves []Move
	for i, san := range gameMoves(kasparovTopalov) {
		m, _ := positions[i].ParseSAN(san)
		moves = append(moves, m)
	}
	buf := make([]byte, 0, 16)
	for b.Loop() {
		for i, m := range moves {
			buf = positions[i].AppendSAN(buf[:0], m)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
}

func BenchmarkHash(b *testing.B) {
	positions := replay(b, kasparovTopalov)
	var sink uint64
	for b.Loop() {
		for i := range positions {
			sink ^= positions[i].Hash()
		}
	}
	_ = sink
}

func BenchmarkParseFEN(b *testing.B) {
	fen := strings.TrimSpace(perftCases[1].fen)
	for b.Loop() {
		if _, err := ParseFEN(fen); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInitTables measures package initialisation (attack tables,
// lines, Zobrist keys), which every program using the package pays once.
func BenchmarkInitTables(b *testing.B) {
	for b.Loop() {
		initTables()
	}
}

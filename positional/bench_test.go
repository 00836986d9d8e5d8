package positional

import (
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// A middlegame with exchanges on several squares: the costs of the
// built-ins per position, for the speed they have and should keep.
const middlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"

func BenchmarkExchange(b *testing.B) {
	p, _ := bitboard.ParseFEN(middlegame)
	m, err := p.ParseUCI([]byte("c4d5"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Exchange(&p, m)
	}
}

// BenchmarkMaxSwap: every White move, as :maxswapevaluation A . asks.
func BenchmarkMaxSwap(b *testing.B) {
	p, _ := bitboard.ParseFEN(middlegame)
	for b.Loop() {
		MaxSwap(&p, p.ByColor[bitboard.White], bitboard.Full)
	}
}

func BenchmarkPawnCount(b *testing.B) {
	p, _ := bitboard.ParseFEN(middlegame)
	q, err := ParsePawnQuery("!passed-candidate-chained(2)-islands")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		q.Count(&p, bitboard.Full)
	}
}

package knowledge

import (
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/positional"
	"github.com/cqlvm/cqlvm/uci"
	"github.com/cqlvm/cqlvm/vm"
)

// The answers themselves are tested in package positional; these tests
// check what the adapters add: the conversions.

// TestPawnQueryErrorIsNil: a chain that does not read gives a nil
// vm.PawnQuery, not a nil *positional.PawnQuery inside a non-nil
// interface, so that a caller's nil test holds.
func TestPawnQueryErrorIsNil(t *testing.T) {
	q, err := Chess.PawnQuery("bogus")
	if err == nil || q != nil {
		t.Errorf("PawnQuery(bogus) = %v, %v; want nil and an error", q, err)
	}
	if q, err := Chess.PawnQuery("passed"); err != nil || q == nil {
		t.Errorf("PawnQuery(passed) = %v, %v", q, err)
	}
}

// TestBishopPawnsCarriesEveryCount: the four counts of the bishop on c5.
func TestBishopPawnsCarriesEveryCount(t *testing.T) {
	p, err := bitboard.ParseFEN("4k3/1p1p2p1/8/2B5/8/1P3P2/P7/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	sq, _ := bitboard.ParseSquare("c5")
	want := positional.CountBishopPawns(&p, sq)
	got := Chess.BishopPawns(&p, sq)
	if got != (vm.BishopPawns{Targets: want.Targets, EnemyPawns: want.EnemyPawns, Free: want.Free, OwnPawns: want.OwnPawns}) {
		t.Errorf("BishopPawns = %+v, positional counts %+v", got, want)
	}
	if got.EnemyPawns != 3 || got.OwnPawns != 3 {
		t.Errorf("BishopPawns = %+v: 3 pawns a side", got)
	}
}

// TestEvaluatorConvertsLimitAndScore: the machine's limit reaches the
// engine's cache as the same search, and a mate comes back as
// uci.MateValue counts it. The cache answers, so no engine runs.
func TestEvaluatorConvertsLimitAndScore(t *testing.T) {
	cache := uci.NewCache()
	cache.Get(7, uci.Limit{Depth: 3}, func() (uci.Score, error) { return uci.Score{Mate: 2, IsMate: true}, nil })
	cache.Get(7, uci.Limit{MoveTime: 50 * time.Millisecond}, func() (uci.Score, error) { return uci.Score{Centipawns: -40}, nil })
	e := Evaluator{&uci.Evaluator{Path: "/nonexistent/engine", Cache: cache}}
	if v, err := e.Evaluate(7, "", vm.SearchLimit{Depth: 3}); err != nil || v != uci.MateValue-2 {
		t.Errorf("depth 3: %d, %v; want %d", v, err, uci.MateValue-2)
	}
	if v, err := e.Evaluate(7, "", vm.SearchLimit{MoveTime: 50 * time.Millisecond}); err != nil || v != -40 {
		t.Errorf("movetime 50ms: %d, %v; want -40", v, err)
	}
}

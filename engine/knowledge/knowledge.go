// Package knowledge hands the machine the outside knowledge the CQL-S
// built-ins ask for, behind the interfaces package vm defines for it:
// package positional's chess (vm.Chess) and a UCI engine's evaluations
// (vm.Evaluator). The adapters live here, not in vm or the compiler, so
// that neither depends on positional or on uci's process-spawning
// client.
package knowledge

import (
	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/positional"
	"github.com/cqlvm/cqlvm/uci"
	"github.com/cqlvm/cqlvm/vm"
)

// Chess is package positional as a vm.Chess.
var Chess vm.Chess = chess{}

type chess struct{}

func (chess) Exchange(p *bitboard.Position, m bitboard.Move) int {
	return positional.Exchange(p, m)
}

func (chess) MaxSwap(p *bitboard.Position, from, to bitboard.Set) (int, bool) {
	return positional.MaxSwap(p, from, to)
}

func (chess) BishopPawns(p *bitboard.Position, sq bitboard.Square) vm.BishopPawns {
	c := positional.CountBishopPawns(p, sq)
	return vm.BishopPawns{Targets: c.Targets, EnemyPawns: c.EnemyPawns, Free: c.Free, OwnPawns: c.OwnPawns}
}

func (chess) Opposition(p *bitboard.Position, c bitboard.Color) bool {
	return positional.HasOpposition(p, c)
}

func (chess) CannotWin(p *bitboard.Position, c bitboard.Color) bool {
	return positional.CannotWin(p, c)
}

func (chess) MatingMaterial(p *bitboard.Position) bool { return positional.HasMatingMaterial(p) }

func (chess) GameIsOver(p *bitboard.Position) bool { return positional.GameIsOver(p) }

func (chess) ShuffleStart(p *bitboard.Position) bool { return positional.IsShuffleStart(p) }

func (chess) Chess960Number(p *bitboard.Position) int { return positional.Chess960Number(p) }

// PawnQuery reads the chain; a nil *positional.PawnQuery must not become
// a non-nil vm.PawnQuery, hence the explicit nil.
func (chess) PawnQuery(text string) (vm.PawnQuery, error) {
	q, err := positional.ParsePawnQuery(text)
	if err != nil {
		return nil, err
	}
	return q, nil
}

// Evaluator is a UCI engine's evaluator as a vm.Evaluator.
type Evaluator struct {
	*uci.Evaluator
}

// Evaluate is the engine's score in centipawns, mates as uci.MateValue
// counts them.
func (e Evaluator) Evaluate(hash uint64, fen string, lim vm.SearchLimit) (int, error) {
	s, err := e.Evaluator.Evaluate(hash, fen, uci.Limit{Depth: lim.Depth, MoveTime: lim.MoveTime})
	return s.Value(), err
}

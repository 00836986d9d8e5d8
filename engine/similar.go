package engine

import (
	"errors"
	"fmt"
	"io"
	"runtime/metrics"

	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
)

// similarPositionBytes is what one submission position takes in a
// vm.SimilarSet: its key, its reference and their share of the map.
const similarPositionBytes = 256

// loadSimilar reads the submissions files of the query's
// similarposition filters: every mainline position of every game, as
// many as run-memory allows (counted at similarPositionBytes each, and
// checked against the process's heap every 64 games). told, when set, is told each file's number
// of games. Reading stops when the run must (guard): the error is then
// the guard's.
func loadSimilar(guard *runGuard, specs []vm.SimilarSpec, lim *limits.Values, told func(file string, games int)) ([]*vm.SimilarSet, error) {
	var sets []*vm.SimilarSet
	room := lim.Get(limits.RunMemory) / similarPositionBytes // positions
	for _, spec := range specs {
		set := vm.NewSimilarSet(spec)
		games, err := addSubmissions(guard, set, spec.File, lim, &room)
		if stop := guard.err(); stop != nil {
			return nil, stop
		}
		if errors.Is(err, errTooManyPositions) {
			return nil, lim.Exceeded(limits.RunMemory, fmt.Sprintf("similarposition %q: the positions of its games", spec.File))
		}
		if err != nil {
			return nil, &InputError{fmt.Errorf("similarposition: %w", err)}
		}
		if told != nil {
			told(spec.File, games)
		}
		sets = append(sets, set)
	}
	return sets, nil
}

var errTooManyPositions = errors.New("too many submission positions")

// heapObjects is the process's Go heap: what run-memory bounds. Runs at
// once (a server's) share it, where the count of positions is one run's.
func heapObjects() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// addSubmissions adds the mainline positions of the games of a file
// (plain or compressed, as an input) to set, and counts the games; room
// is the positions it may still add. A game over a limit adds nothing;
// binary data end the file with an error.
func addSubmissions(guard *runGuard, set *vm.SimilarSet, file string, lim *limits.Values, room *int64) (games int, err error) {
	opener := &input.Opener{Limits: lim} // its bytes are not the run's progress
	err = opener.Each(file, func(s input.Stream) error {
		r := pgn.NewReader(s.R, s.Name)
		r.SetLimits(lim)
		parser := pgn.Parser{CastlingFromPlacement: true, Limits: lim}
		var g pgn.Game
		for !guard.stopped() {
			raw, err := r.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return readError(s.Name, -1, games, err)
			}
			parser.Parse(raw, &g)
			games++
			if *room -= int64(g.MainlineLen()); *room < 0 || games%64 == 0 && heapObjects() > lim.Get(limits.RunMemory) {
				return errTooManyPositions
			}
			for i := 0; i < g.MainlineLen(); i++ {
				set.Add(&g.Nodes[i].Pos, g.Number)
			}
		}
		return nil
	})
	return games, err
}

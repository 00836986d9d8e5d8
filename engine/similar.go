package engine

import (
	"errors"
	"fmt"
	"io"

	"cqlvm/engine/input"
	"cqlvm/limits"
	"cqlvm/pgn"
	"cqlvm/vm"
)

// loadSimilar reads the submissions files of the query's
// similarposition filters: every mainline position of every game.
// told, when set, is told each file's number of games.
func loadSimilar(specs []vm.SimilarSpec, lim *limits.Values, told func(file string, games int)) ([]*vm.SimilarSet, error) {
	var sets []*vm.SimilarSet
	for _, spec := range specs {
		set := vm.NewSimilarSet(spec)
		games, err := addSubmissions(set, spec.File, lim)
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

// addSubmissions adds the mainline positions of the games of a file
// (plain or compressed, as an input) to set, and counts the games. A
// game over a limit adds nothing; binary data end the file with an error.
func addSubmissions(set *vm.SimilarSet, file string, lim *limits.Values) (games int, err error) {
	opener := &input.Opener{Limits: lim} // its bytes are not the run's progress
	err = opener.Each(file, func(s input.Stream) error {
		r := pgn.NewReader(s.R, s.Name)
		r.SetLimits(lim)
		parser := pgn.Parser{CastlingFromPlacement: true, Limits: lim}
		var g pgn.Game
		for {
			raw, err := r.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return readError(s.Name, -1, games, err)
			}
			parser.Parse(raw, &g)
			games++
			for i := 0; i < g.MainlineLen(); i++ {
				set.Add(&g.Nodes[i].Pos, g.Number)
			}
		}
	})
	return games, err
}

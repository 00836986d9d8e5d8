package engine

import (
	"errors"
	"fmt"
	"io"

	"cqlvm/engine/input"
	"cqlvm/pgn"
	"cqlvm/vm"
)

// loadSimilar reads the submissions files of the query's
// similarposition filters: every mainline position of every game.
func loadSimilar(specs []vm.SimilarSpec) ([]*vm.SimilarSet, error) {
	var sets []*vm.SimilarSet
	for _, spec := range specs {
		set := vm.NewSimilarSet(spec)
		if err := addSubmissions(set, spec.File); err != nil {
			return nil, &InputError{fmt.Errorf("similarposition: %w", err)}
		}
		sets = append(sets, set)
	}
	return sets, nil
}

// addSubmissions adds the mainline positions of the games of a file
// (plain or compressed, as an input) to set.
func addSubmissions(set *vm.SimilarSet, file string) error {
	opener := &input.Opener{} // its bytes are not the run's progress
	return opener.Each(file, func(s input.Stream) error {
		r := pgn.NewReader(s.R, s.Name)
		parser := pgn.Parser{CastlingFromPlacement: true}
		var g pgn.Game
		for {
			raw, err := r.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			parser.Parse(raw, &g)
			for i := 0; i < g.MainlineLen(); i++ {
				set.Add(&g.Nodes[i].Pos, g.Number)
			}
		}
	})
}

package engine_test

import (
	"fmt"
	"log"

	"cqlvm/engine"
)

// Compile a query and count the games of a file that it matches. Set
// Options.PGN or Options.JSON to have the matched games written, or
// Options.OnGame to look at every game as the run goes.
func Example() {
	q, err := engine.Compile("mate")
	if err != nil {
		log.Fatal(err)
	}
	st, err := engine.Run(q, engine.Options{Inputs: []string{"../testdata/pgn/sample.pgn"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d of %d games end in mate\n", st.Matches, st.Games)
	// Output:
	// 58 of 253 games end in mate
}

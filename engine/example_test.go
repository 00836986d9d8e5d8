package engine_test

import (
	"fmt"
	"log"

	"github.com/cqlvm/cqlvm/engine"
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

// Restrict a query to games and positions, as the command line's -player,
// -year, -wtm... options do: the restrictions are ANDed with the query.
func ExampleRestrictions() {
	q, err := engine.Load("", engine.QueryOptions{
		Extra:        "mate",
		Restrictions: engine.Restrictions{Result: "1-0", Years: &engine.YearRange{From: 1990, To: 1999}},
	})
	if err != nil {
		log.Fatal(err)
	}
	o := q.Options() // the settings of the query's header, if it has one
	o.Inputs = []string{"../testdata/pgn/sample.pgn"}
	st, err := engine.Run(q, o)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d of %d games won by White in the 1990s end in mate\n", st.Matches, st.Games)
	// Output:
	// 1 of 253 games won by White in the 1990s end in mate
}

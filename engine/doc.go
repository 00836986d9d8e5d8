// Package engine runs CQL queries over PGN games: it is what `cqlvm run`
// does, as a library for any Go program (the command, the benchmark
// harness, a server).
//
// A query is compiled once, with Load (a query file) or Compile (query
// text), and run with Run over a list of inputs:
//
//	q, err := engine.Compile("mate")
//	if err != nil {
//		return err // a source.ErrorList: its Pretty method shows the query
//	}
//	o := q.Options() // the query header's settings
//	o.Inputs = []string{"games.pgn.zst"}
//	o.PGN = os.Stdout // the matched games, annotated
//	st, err := engine.Run(q, o)
//	fmt.Println(st.Matches, "of", st.Games, "games")
//
// Run reads the inputs (plain PGN, gzip, bzip2, zstd or zip, or standard
// input) with Options.Threads workers, each cutting its next batch of
// games from a shared feed, and writes the selected games to the writers
// in input order whatever the number of workers, so that the output is
// the same byte for byte with one thread or many. Options.OnGame sees
// every game in that order as well, and a Progress can be read while the
// run goes on.
//
// Packages under engine: input opens the inputs. Package gametree
// turns a game read by package pgn into the query machine's tree.
package engine

package main

import "strings"

// A knownDifference is a disagreement the project decided on: cqlvm
// follows the manual or reads a query the official program cannot, and
// the README says so. A generated query showing only such a difference is
// counted under its name instead of being shrunk and reported, so that
// the real disagreements stand out.
type knownDifference struct {
	name    string
	verdict string // the verdict it produces
	// applies looks at the query and the reference's outcome.
	applies func(query string, ref Outcome) bool
}

// knownDifferences are the README's documented decisions (section
// "Differences from the official program").
var knownDifferences = []knownDifference{
	{
		// the official program's own bug, not a reading of the query
		// (echo ... in all ancestor(s t): "Node::match_count() ... should
		// not be invoked"); cqlvm answers the query
		name:    "the official program stops with an internal error",
		verdict: VRefRejects,
		applies: func(q string, ref Outcome) bool {
			return strings.Contains(ref.Message, "CQL internal error")
		},
	},
	{
		name:    "set difference A - B (cqlvm extension)",
		verdict: VRefRejects,
		applies: func(q string, ref Outcome) bool {
			// the reference wanted a number after '-' where cqlvm
			// read a set difference
			return strings.Contains(ref.Message, "No numeric filter following '-'") ||
				strings.Contains(ref.Message, "right side must be too: -") ||
				strings.Contains(ref.Message, `"-">`)
		},
	},
	{
		name:    "typename/piecename directly inside D[...] (official parse limit)",
		verdict: VRefRejects,
		applies: func(q string, ref Outcome) bool {
			return strings.Contains(ref.Message, "following 'typename'")
		},
	},
	{
		name:    "echo comments past 4,500 bytes dropped with the match mark (official)",
		verdict: VPositions,
		applies: echoCommentDropped,
	},
	{
		name:    "echo comments past 4,500 bytes dropped with the game number (official)",
		verdict: VGames,
		applies: echoCommentDropped,
	},
	{
		name:    "an unbound set variable read fails (official: stops the run)",
		verdict: VRefRejects,
		applies: func(q string, ref Outcome) bool {
			// the official messages of a square variable and of a
			// piece variable (piece X = K unbind X X)
			return strings.Contains(ref.Message, "attempt to access unbound square variable") ||
				strings.Contains(ref.Message, "Unexpected unbound piece variable")
		},
	},
	{
		name:    "X | X of one variable (official: stops, clauses not distinct)",
		verdict: VRefRejects,
		applies: func(q string, ref Outcome) bool {
			return strings.Contains(ref.Message, "the clauses are not distinct")
		},
	},
	{
		name:    "sort max order (official takes max as min)",
		verdict: VOrder,
		applies: func(q string, ref Outcome) bool {
			return strings.Contains(q, "sort max ")
		},
	},
}

// known returns the name of the documented difference that explains
// verdict v of query q, or "".
func known(q, v string, ref Outcome) string {
	for _, k := range knownDifferences {
		if k.verdict == v && k.applies(q, ref) {
			return k.name
		}
	}
	return ""
}

// echoCommentDropped reports whether the reference wrote a game of an
// echo query without its match mark (and so perhaps without its "Game
// number" comment, read as game 0): it leaves out a first comment past
// about 4,500 bytes, which cqlvm's echo comments never reach (README).
func echoCommentDropped(q string, ref Outcome) bool {
	if !strings.Contains(q, "echo") {
		return false
	}
	for _, r := range ref.Rows {
		if r.Count == 0 {
			return true
		}
	}
	return false
}

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
		name:    "set difference A - B (cqlvm extension)",
		verdict: VRefRejects,
		applies: func(q string, ref Outcome) bool {
			// the reference wanted a number after '-' where cqlvm
			// read a set difference
			return strings.Contains(ref.Message, "No numeric filter following '-'") ||
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
		name:    "a direction with a count before . or ▦ (official parse limit)",
		verdict: VRefRejects,
		applies: func(q string, ref Outcome) bool {
			return strings.Contains(ref.Message, "expecting a set specifier following the direction parameter")
		},
	},
	{
		name:    "echo comments past 4,500 bytes dropped with the match mark (official)",
		verdict: VPositions,
		applies: func(q string, ref Outcome) bool {
			if !strings.Contains(q, "echo") {
				return false
			}
			for _, r := range ref.Rows {
				if r.Count == 0 { // written, yet no mark: the comment was dropped
					return true
				}
			}
			return false
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

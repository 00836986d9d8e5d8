package compiler

import "testing"

// Behaviour of dictionaries as the official
// CQL manual states it, in the style of manual_test.go. Each case names
// the manual page it comes from.

// shortGame has three positions: 0 start, 1 after e4, 2 after e5.
const shortGame = "[Event \"t\"]\n[WhiteElo \"2100\"]\n[BlackElo \"2400\"]\n\n1. e4 e5 *\n"

// TestDictionaryDeclarationWithAssignment: dictionary.html, "initializing
// dictionary types": `dictionary D["tmp"]="none"` declares D and assigns
// an entry, which fixes the key and value types. The assignment is a
// filter like any other and runs each time it is evaluated.
func TestDictionaryDeclarationWithAssignment(t *testing.T) {
	runManualCases(t, shortGame, []manualCase{
		{`dictionary D["tmp"]="none"  D["tmp"] == "none"`, false, []int32{0, 1, 2}},
		{`dictionary D["tmp"]="none"  not D["foo"]`, false, []int32{0, 1, 2}},
		{`dictionary D["tmp"]="none"  unbind D["tmp"]  #D == 0`, false, []int32{0, 1, 2}},
		// one entry per evaluated position: the assignment runs every time
		{`local dictionary F[ply]=fen  #F == ply + 1`, false, []int32{0, 1, 2}},
		{`local dictionary Here[1]=currentposition  Here[1] == currentposition`, false, []int32{0, 1, 2}},
		{`dictionary Seen[ply]=ply  if ply == 2 Seen[1] == 1`, false, []int32{0, 1, 2}},
	})
}

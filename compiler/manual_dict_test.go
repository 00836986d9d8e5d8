package compiler

import "testing"

// Behaviour of dictionaries, elo and persistent variables as the official
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

// TestDictionaryReadBeforeAssignment: an entry read before the text's
// first assignment to its dictionary has no type yet; as in the official
// program it is a logical filter, true when the key is present, whatever
// its value (an empty set too), and it cannot be used as a value.
func TestDictionaryReadBeforeAssignment(t *testing.T) {
	runManualCases(t, shortGame, []manualCase{
		{`local dictionary Seen  not Seen[fen]  Seen[fen] = "yes"`, false, []int32{0, 1, 2}},
		{`local dictionary Seen  not Seen["k"]  Seen["k"] = "yes"`, false, []int32{0}},
		{`local dictionary Seen  not Seen["k"]  Seen["k"] = a3`, false, []int32{0}},
		{`local dictionary Seen  not Seen["k"]  Seen["k"] = 0`, false, []int32{0}},
		{`local dictionary Seen  if Seen["k"] then ply > 0 else Seen["k"] = a3`, false, []int32{0, 1, 2}},
		{`dictionary Never  not Never[ply]`, false, []int32{0, 1, 2}},
		// after the assignment in the text, a read has the value's type
		{`local dictionary D  not D[1]  D[1] = ply  D[1] == 0`, false, []int32{0}},
	})
	runRejectCases(t, []rejectCase{
		{`dictionary D  D["a"] == 1  D["a"] = 1`, "not both numeric", `D["a"] == 1`},
		{`dictionary D  x = D["a"]  D["a"] = 1`, "must have a value; this is a logical filter", `D["a"]`},
		{`dictionary D  D[1]  D["a"] = 1`, "this dictionary's keys are numbers, not strings", `"a"`},
	})
}

// TestEloWithoutColor: elo.html, "followed by an optional color name ...
// Otherwise, the value of the elo filter is the maximum ELO of the two
// players"; with a colour it is that player's ELO; "If the relevant ELO
// fields are missing or unknown, the filter does not match"; and elo
// "works with flipcolor".
func TestEloWithoutColor(t *testing.T) {
	runManualCases(t, shortGame, []manualCase{
		{`elo == 2400`, false, []int32{0, 1, 2}},
		{`elo white == 2100`, false, []int32{0, 1, 2}},
		{`elo black == 2400`, false, []int32{0, 1, 2}},
		{`flipcolor elo == 2400`, false, []int32{0, 1, 2}},
		{`flipcolor elo black == 2100`, false, []int32{0, 1, 2}},
		{`elo < 2400`, false, nil},
	})
	noElo := "[Event \"t\"]\n[WhiteElo \"?\"]\n\n1. e4 e5 *\n"
	runManualCases(t, noElo, []manualCase{
		{`elo`, false, nil},
		{`not elo`, false, []int32{0, 1, 2}},
	})
	// A rating of 0 is no rating, as in the official program (and in
	// CQL 3, where :whiteelo 0 means an unrated White).
	zeroElo := "[Event \"t\"]\n[WhiteElo \"0\"]\n[BlackElo \"1900\"]\n\n1. e4 e5 *\n"
	runManualCases(t, zeroElo, []manualCase{
		{`not elo white`, false, []int32{0, 1, 2}},
		{`elo == 1900`, false, []int32{0, 1, 2}},
	})
	// The manual does not say what happens when one rating is known: the
	// known one is the maximum here.
	oneElo := "[Event \"t\"]\n[BlackElo \"1900\"]\n\n1. e4 e5 *\n"
	runManualCases(t, oneElo, []manualCase{
		{`elo == 1900`, false, []int32{0, 1, 2}},
		{`elo white`, false, nil},
	})
}

// TestPersistentInitialValue: persistent.html, "the variable is
// initialized to 0, the empty string, or the empty set as appropriate",
// so a persistent variable has its value before its first assignment runs,
// and `persistent x += ...` may be its first use, for strings as well.
func TestPersistentInitialValue(t *testing.T) {
	runManualCases(t, shortGame, []manualCase{
		{`persistent Str += "a"  Str == "a"`, false, []int32{0}},
		{`persistent Str += "a"  #Str == ply + 1`, false, []int32{0, 1, 2}},
		{`persistent Num += 2  Num == 2 * (ply + 1)`, false, []int32{0, 1, 2}},
		{`if ply == 2 persistent Num = 5  Num == 0`, false, []int32{0, 1}},
		{`if ply == 2 persistent T = "x"  T == ""`, false, []int32{0, 1}},
		{`if ply == 2 persistent Sq = K  #Sq == 0`, false, []int32{0, 1}},
		{`persistent Num = 1  persistent Num += 1  Num == 2`, false, []int32{0, 1, 2}},
		{`persistent Num = 1  Num = Num + 1  Num == 2`, false, []int32{0, 1, 2}},
	})
}

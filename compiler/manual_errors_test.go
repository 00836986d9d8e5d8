package compiler

import (
	"errors"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/source"
)

// Queries the official CQL manual forbids, each rejected at the text it
// names. The golden files under testdata/compiler/errors show one caret
// snippet per rule; these tables cover the variants.

// rejectCase: query must fail to compile with an error containing msg
// whose span covers exactly the text at.
type rejectCase struct {
	query, msg, at string
}

func runRejectCases(t *testing.T, cases []rejectCase) {
	t.Helper()
	for _, c := range cases {
		_, err := compileText(c.query)
		var list source.ErrorList
		if !errors.As(err, &list) {
			t.Errorf("%s: compile returned %v, want an error %q", c.query, err, c.msg)
			continue
		}
		e := list[0]
		got := c.query[e.Span.From:e.Span.To]
		if !strings.Contains(e.Msg, c.msg) || got != c.at {
			t.Errorf("%s: first error %q at %q, want %q at %q", c.query, e.Msg, got, c.msg, c.at)
		}
	}
}

// runAcceptCases: each query must compile.
func runAcceptCases(t *testing.T, queries []string) {
	t.Helper()
	for _, q := range queries {
		if _, err := compileText(q); err != nil {
			t.Errorf("%s: %v", q, err)
		}
	}
}

// TestSetTagNames: settag.html, "It cannot be any of "Event", "Site",
// "Date", "ECO", "FEN", "Round", "Result", "EventDate". It also cannot
// begin with "White" or "Black"... The first argument must be a string
// literal." The value may be a number: the page's own example is
// settag("hhdbgame" gamenumber).
func TestSetTagNames(t *testing.T) {
	var cases []rejectCase
	for _, name := range []string{"Event", "Site", "Date", "ECO", "FEN", "Round", "Result", "EventDate"} {
		cases = append(cases, rejectCase{`settag("` + name + `" "x")`, "cannot set the " + name + " tag", `"` + name + `"`})
	}
	cases = append(cases,
		rejectCase{`settag("White" "x")`, "begins with White or Black", `"White"`},
		rejectCase{`settag("BlackElo" "x")`, "begins with White or Black", `"BlackElo"`},
		rejectCase{`Name = "Custom" settag(Name "x")`, "must be a string literal", `Name`},
		rejectCase{`settag("Cus" + "tom" "x")`, "must be a string literal", `"Cus" + "tom"`},
	)
	runRejectCases(t, cases)
	runAcceptCases(t, []string{
		`settag("CustomTag1" "value of tag")`,
		`settag("hhdbgame" gamenumber)`,
		`settag("Annotator" "cqlvm")`,
		`settag("EventType" "swiss")`,
	})
}

// TestDictionaryNotAValue: cql-6-1/dictionary.html, "Dictionaries cannot
// currently be used as the actual argument to a function or returned as
// the value of a filter. Thus, whenever a dictionary is used, its actual
// name, as a variable, must be used."
func TestDictionaryNotAValue(t *testing.T) {
	runRejectCases(t, []rejectCase{
		{`dictionary Dd  function f(x){x}  initial Dd["a"]="1"  f(Dd)`, "cannot be passed to a function", `Dd`},
		{`dictionary Dd  function f(x){x["a"]="1"}  f(Dd)`, "cannot be passed to a function", `Dd`},
		{`function g(y){#y > 0}  function f(x){g(x)}  dictionary Dd  initial Dd["a"]="1"  f(Dd)`, "cannot be passed to a function", `Dd`},
		{`function f(x y){x}  dictionary Dd  initial Dd["a"]="1"  f(1 Dd)`, "cannot be passed to a function", `Dd`},
		{`dictionary Dd  initial Dd["a"]="1"  Xx = Dd`, "has no value of its own", `Dd`},
		{`dictionary Dd  initial Dd["a"]="1"  comment(Dd)`, "has no value of its own", `Dd`},
		{`dictionary Dd  initial Dd["a"]="1"  Dd`, "has no value of its own", `Dd`},
	})
	runAcceptCases(t, []string{
		`dictionary Dd  function f(){Dd["a"]="1"}  f()`,
		`dictionary Dd  Dd["a"]="1"  function f(x){x == "1"}  f(Dd["a"])`,
		`dictionary Dd  Dd["a"]="1"  #Dd == 1  unbind Dd["a"]  unbind Dd`,
		`dictionary Dd  Dd["a"]="1"  string Key in Dd  Key == "a"`,
	})
}

// TestPersistentRules: persistent.html, "The variable must not have been
// used non-persistently prior to the persistent assignment"; the filter
// makes "a numeric variable, string variable, or set variable" persistent;
// and "persistent declaration without an assignment is no longer
// supported ... and will signal an error if used".
func TestPersistentRules(t *testing.T) {
	runRejectCases(t, []rejectCase{
		{`Xx = 1  persistent Xx = 2`, "used before this as an ordinary variable", `Xx`},
		{`Xx = "a"  persistent Xx += "b"`, "used before this as an ordinary variable", `Xx`},
		{`square Sq in A  true  persistent Sq = K`, "used before this as an ordinary variable", `Sq`},
		{`persistent Pos = currentposition`, "only numbers, strings and sets can be persistent", `Pos`},
		{`persistent Xx`, "persistent needs an assignment", `persistent Xx`},
		{`Xx = 1  persistent Xx`, "persistent needs an assignment", `persistent Xx`},
		{`persistent Tt -= "a"`, "needs a numeric variable", `Tt -= "a"`},
	})
	runAcceptCases(t, []string{
		`persistent Xx = 1  persistent Xx += 1`,
		`persistent Xx = 1  Xx = 2`,
		`persistent quiet Xx = ""`,
		`persistent S = A`,
		`persistent Str += "a"`,
	})
}

// TestDictionaryPositionsOnlyLocal: dictionary.html, "Only local
// dictionaries can have keys or values that are positions."
func TestDictionaryPositionsOnlyLocal(t *testing.T) {
	runRejectCases(t, []rejectCase{
		{`dictionary Dp  initial Dp[1] = currentposition`, "positions can only be values of local dictionaries", `currentposition`},
		{`dictionary Dp[1] = currentposition`, "positions can only be values of local dictionaries", `currentposition`},
		{`persistent dictionary Dp  Dp["x"] = parent`, "positions can only be values of local dictionaries", `parent`},
		{`dictionary Dp  Dp[currentposition] = 1`, "positions can only be keys of local dictionaries", `currentposition`},
	})
	runAcceptCases(t, []string{
		`local dictionary Dp  initial Dp[1] = currentposition`,
		`local dictionary Dp[currentposition] = fen`,
		`dictionary Dp  Dp[fen] = ply`,
	})
}

// TestPieceVariableKeepsItsType: variables.html, "There are five types of
// variables: numeric variables, set variables, piece variables, string
// variables and position variables. Once assigned, a variable cannot
// change its type."
func TestPieceVariableKeepsItsType(t *testing.T) {
	runRejectCases(t, []rejectCase{
		{`Pc = K  piece Pc = Q`, "is a set variable, not a piece variable", `Pc`},
		{`Pc = K  piece Pc in A  true`, "is a set variable, not a piece variable", `piece Pc in A  true`},
		{`piece Pc = K  square Pc in A  true`, "is a piece variable, not a set variable", `square Pc in A  true`},
		{`piece Pc = K  Pc = Q`, "is a piece variable", `Pc = Q`},
		{`piece Pc = K  Pc =? Q`, "is a piece variable", `Pc =? Q`},
	})
	runAcceptCases(t, []string{
		`piece Pc = K  piece Pc = Q`,
		`piece Pc in A  true  piece Pc = K`,
		`square Sq in A  true  Sq = K`,
		`Sq = K  square Sq in A  true`,
	})
}

// TestNumberMatchedAsFilter: a number matched as a filter always matches,
// so it is most likely misparsed; the official program stops on one ("An
// attempt to match a position against the number: 2 was made ... likely a
// result of an unexpected parse"): `shift count 2 4 F` is shift count {2},
// then 4, then F. A number whose value is used stays valid.
func TestNumberMatchedAsFilter(t *testing.T) {
	const msg = "is matched as a filter, where it always matches: this is likely an unexpected parse"
	runRejectCases(t, []rejectCase{
		{`shift count 2 4 check`, "the number 2 " + msg, `2`},
		{`flipcolor count 2 check`, "the number 2 " + msg, `2`},
		{`check 3`, "the number 3 " + msg, `3`},
		{`{-2 check}`, "the number -2 " + msg, `-2`},
		{`not 2`, msg, `2`},
		{`if 2 then check`, msg, `2`},
		{`check or 2`, msg, `2`},
		{`square all s in . 2`, msg, `2`},
		// after a transform a number is a range only when what follows
		// can begin the body; a prefix ~ # - cannot (the official
		// program's reading: the number is the body)
		{`flipcolor 1 ~K`, "the number 1 " + msg, `1`},
		{`shift 1 #K`, "the number 1 " + msg, `1`},
		{`flip 1 2 ~K`, "the number 2 " + msg, `2`},
		{`flipcolor 3`, "the number 3 " + msg, `3`},
		{`find 1 100 #K >= 1`, "the number 100 " + msg, `100`},
		{`find 2 . == K`, "the number 2 " + msg, `2`},
		{`flipcolor 1 ∀ Z ∊ K true`, "the number 1 " + msg, `1`},
	})
	runRejectCases(t, []rejectCase{
		{`up 1 .`, "the argument of a direction filter must be a set", `1`},
		{`vertical 1 3 ▦`, "the argument of a direction filter must be a set", `3`},
	})
	runAcceptCases(t, []string{`y = {wtm 2}`, `find 2 check`, `(shift count check) == 2`, `up 2 K`, `x = 2 + 3`,
		`flipcolor 1 2 (K)`, `flipcolor 1 [Kk]`, `rotate90 2 4 check`, `flipcolor 2==K`, `flipcolor 1 -1 < 0`,
		`find 1 100 (#K >= 1)`, `up 1 (.)`, `up 1 _`, `x = 2 up x K`, `find 2 5 check`})
}

// TestRejectedAsTheOfficialProgramDoes: queries the official program
// refuses and cqlvm took (issue 13, found by the differential tester).
// child (X) with a blank is child(X), whose argument must be a number.
func TestRejectedAsTheOfficialProgramDoes(t *testing.T) {
	runRejectCases(t, []rejectCase{
		{`move enpassant promote Q`, "both an en passant capture and a promotion", `move enpassant promote Q`},
		{`move previous from K promote N enpassantsquare a1`, "both an en passant capture and a promotion", `move previous from K promote N enpassantsquare a1`},
		{`move null promote Q`, "'move null' cannot have", `move null promote Q`},
		{`move legal null`, "cannot be used with 'move legal'", `move legal null`},
		{`move legal from K pseudolegal`, "cannot be both 'legal' and 'pseudolegal'", `move legal from K pseudolegal`},
		{`move pseudolegal from K legal K--K`, "cannot be both 'legal' and 'pseudolegal'", `move pseudolegal from K legal`},
		// "There is a '(' character immediately following a -- filter"
		{`K--(check)(mate)`, "a '(' follows the targets of '--'", `(`},
		{`if K--=R(true) (1 > 1) else K`, "a '(' follows the targets of '--'", `(`},
		{"K--e2(check)\n(mate)", "a '(' follows the targets of '--'", `(`},
		{`reversecolor count K`, "'reversecolor' takes no 'count'", `count`},
		{`initial str(K)`, "the string str makes is ignored here", `str(K)`},
		{`initial "x"`, "a quoted string matched as a filter always matches", `"x"`},
		{`find 2 "x"`, "a quoted string matched as a filter always matches", `"x"`},
		{`not str(K)`, "the string str makes is ignored here", `str(K)`},
		{`"a" + "b"`, "the string '+' makes is discarded here", `"a" + "b"`},
		{`x = "a" x + "b"`, "the string '+' makes is discarded here", `x + "b"`},
		{`child (check)`, "the argument of child must be a number", `check`},
		{`echo (s t) { s & t }`, "'position & position' matched as a filter", `s & t`},
		{`echo (s t) { not (s & t) }`, "'position & position' matched as a filter", `s & t`},
		{`echo (s t) { if s & t then check }`, "'position & position' matched as a filter", `s & t`},
		{`x = position 0  check or x & x`, "'position & position' matched as a filter", `x & x`},
		// a set operator ends position's number, as ':' does
		{`(position 0 & position 1)`, "'position & position' matched as a filter", `position 0 & position 1`},
	})
	// its value is a set of squares, usable wherever a set is
	runAcceptCases(t, []string{`echo (s t) { #(s & t) > 60 }`, `echo (s t) { x = s & t  x }`,
		`echo (s t) { sort (s & t) }`, `echo (s t) { (s & t) & a }`,
		`x = position 0 & position 1  #x > 60`, `x = position #(A & a) - 10  x:check`, `function F(z) { #z } position F(A & a):check`,
		`K--(check) or (mate)`, `K--(check) {mate}`, `path -- (check) N--`, `line --> K--(check) --> (check)`})
}

// TestLoopVariableUnboundAfterTheLoop: a square or piece loop's variable
// is bound inside the loop only; after it `isbound` is false and the
// variable fails (the official program stops there with "attempt to access
// unbound square variable").
func TestLoopVariableUnboundAfterTheLoop(t *testing.T) {
	runManualCases(t, onePosition(startFEN), []manualCase{
		{`square Sq in K true  not isbound Sq`, false, []int32{0}},
		{`piece Pc in K true  not isbound Pc`, false, []int32{0}},
		{`square Sq in K true  Sq`, false, nil},
		{`not square all Sq in [a1,h8] false  not isbound Sq`, false, []int32{0}},
		{`square Sq in K isbound Sq`, false, []int32{0}},
		{`square Sq in K true  Sq = a1  Sq == a1`, false, []int32{0}},
	})
}

package compiler

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/vm"
)

// The string filters as the official CQL manual states them, checked on a
// short game. Each test names the manual page it comes from.

// stringsGame is the scholar's mate. Nodes: 0 start, 1 e4, 2 e5, 3 Qh5,
// 4 Nc6, 5 Bc4, 6 Nf6, 7 Qxf7# (check and mate).
const stringsGame = "[Event \"Club ch\"]\n[Site \"Malta\"]\n[Date \"1999.01.02\"]\n" +
	"[White \"Adams, Michael\"]\n[Black \"Kasparov, Garry\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n" +
	"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"

// TestGroupOffsetZero: while.html, "\0 is the matched string, and \-0 is
// its index within S"; cql-6-1/indexof.html: "pinmate"~~"mate" gives
// \-0 ≡ 3, and "mate: 23" ~~ "mate: (\d+)" gives \-0 ≡ 0 and \-1 ≡ 6.
func TestGroupOffsetZero(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial "pinmate" ~~ "mate" \-0 == 3`, false, []int32{0}},
		{`initial "pinmate" ~~ "mate" \0 == "mate"`, false, []int32{0}},
		{`initial "mate: 23" ~~ "mate: (\d+)" \-0 == 0 \-1 == 6 \1 == "23"`, false, []int32{0}},
		{`initial "mate: 23" ~~ "mate: (\d+)" \-0 == 6`, false, nil},
	})
}

// TestStrAlwaysMatches: str.html, "The str filter always matches the
// current position", with X=str(2<1 K) being "<false>e1"; comment.html:
// an argument that fails to match prints <false>, and a filter without a
// value prints <true> or <false>; K prints as the square e1.
func TestStrAlwaysMatches(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial X = str(2<1 K) X == "<false>e1"`, false, []int32{0}},
		{`initial str(K) == "e1"`, false, []int32{0}},
		{`initial str("check is: " check) == "check is: <false>"`, false, []int32{0}},
		{`str("check is: " check) == "check is: <true>"`, false, []int32{7}},
		{`initial str(mate) == "<false>"`, false, []int32{0}},
		// a string filter that fails: no comment in the game
		{`initial str(originalcomment) == "<false>"`, false, []int32{0}},
		// a position filter that fails: the start has no parent
		{`initial str(parent) == "<false>"`, false, []int32{0}},
		{`initial x = 1 unbind x str(x) == "<false>"`, false, []int32{0}}, // an unbound variable fails
		// str never fails, so assigning it always matches; str alone as a
		// filter is refused as the official program refuses it
		// (TestRejectedAsTheOfficialProgramDoes)
		{`X = str(mate)`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7}},
	})
}

// TestCommentAlwaysMatches: comment.html, "A comment filter matches any
// position", writing <false> for an argument that fails; message converts
// its arguments as comment does (message.html).
func TestCommentAlwaysMatches(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial comment("mate is: " mate)`, false, []int32{0}},
		{`initial message("mate is: " mate)`, false, []int32{0}},
		{`comment(mate)`, false, []int32{0, 1, 2, 3, 4, 5, 6, 7}},
	})
	comments := commentsOf(t, stringsGame, `initial or mate comment("The white king is on square: " K " mate is: " mate)`)
	want := map[int32][]string{
		0: {"The white king is on square: e1 mate is: <false>"},
		7: {"The white king is on square: e1 mate is: <true>"},
	}
	for node, texts := range want {
		if !slices.Equal(comments[node], texts) {
			t.Errorf("comments at node %d: %q, want %q", node, comments[node], texts)
		}
	}
}

// TestStrImplicitSearchArgument: str.html, "implicit search parameter;
// fen special treatment": among the arguments of str, comment and message
// a string literal after an implicit-search filter (implicitsearch.html:
// site, event, player, date, eventdate; eco is a tag query filter too) or
// after fen is the next argument, so message (player white " is playing
// white") prints the name; in braces the literal is a search again.
func TestStrImplicitSearchArgument(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial message(player white " is white")`, false, []int32{0}},
		{`initial str(player white " is white") == "Adams, Michael is white"`, false, []int32{0}},
		{`initial str(player black " is black") == "Kasparov, Garry is black"`, false, []int32{0}},
		{`initial str(site " is the site") == "Malta is the site"`, false, []int32{0}},
		{`initial str(event "!" date "!" eco) == "Club ch!1999.01.02!C20"`, false, []int32{0}},
		{`initial str(fen " is the fen") == "` + startFEN + ` is the fen"`, false, []int32{0}},
		{`initial str({player white "Adams"}) == "<true>"`, false, []int32{0}},
		{`initial str({player white "Carlsen"}) == "<false>"`, false, []int32{0}},
		// outside str the literal still searches
		{`initial player white "Adams"`, false, []int32{0}},
		{`initial player white "Carlsen"`, false, nil},
		// player alone joins the names with a backslash and n, two
		// characters, as the official program does (a regex can match
		// across them)
		{`initial str(player) == "Adams, Michael\nKasparov, Garry"`, false, []int32{0}},
		{`initial #player == 31`, false, []int32{0}},
		{`initial player ~~ "l\\nK"`, false, []int32{0}},
		{`initial str(player) == "Adams, Michael\\nKasparov, Garry"`, false, nil},
	})
}

// TestTagFiltersMissingAndEmpty: the tag filters on missing, empty and
// malformed tags, as the official program has them (issue 13, difftest
// 053 and 093: eco on a game without an ECO tag failed there and matched
// here). A missing Event, Site, White or Black reads "?", an empty one
// fails; a date is read into YYYY.MM.DD with ?? for what is unknown, a
// missing one too; ECO is read as a code, and a tag that holds none
// fails, as does a missing one; tag "X" fails without X and reads "" when
// X is empty, and does not take the literal after it as a search.
func TestTagFiltersMissingAndEmpty(t *testing.T) {
	missing := "[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
	runManualCases(t, missing, []manualCase{
		{`initial eco`, false, nil},
		{`initial tag "ECO"`, false, nil},
		{`initial tag "Foo"`, false, nil},
		{`initial event == "?" site == "?" player white == "?" player black == "?"`, false, []int32{0}},
		{`initial date == "????.??.??" eventdate == "????.??.??"`, false, []int32{0}},
		{`initial year`, false, nil},
	})
	empty := "[Event \"\"]\n[Site \"\"]\n[Date \"\"]\n[White \"\"]\n[Black \"\"]\n[Result \"1-0\"]\n" +
		"[ECO \"\"]\n[EventDate \"\"]\n[Foo \"\"]\n\n1. e4 e5 1-0\n"
	runManualCases(t, empty, []manualCase{
		{`initial eco`, false, nil},
		{`initial event`, false, nil},
		{`initial site`, false, nil},
		{`initial player white`, false, nil},
		{`initial player "?"`, false, nil},
		{`initial date == "????.??.??" eventdate == "????.??.??"`, false, []int32{0}},
		{`initial tag "Foo" == ""`, false, []int32{0}},
	})
	odd := "[Event \"e\"]\n[Date \"2001.2x.3\"]\n[EventDate \"1.1.1\"]\n[ECO \"e5\"]\n[Foo \"bar\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
	runManualCases(t, odd, []manualCase{
		{`initial date == "2001.02.03" tag "Date" == "2001.02.03" year == 2001`, false, []int32{0}},
		{`initial eventdate == "0001.01.01"`, false, []int32{0}},
		{`initial eco == "E50" tag "ECO" == "E50"`, false, []int32{0}},
		{`initial str(tag "Foo" "!") == "bar!"`, false, []int32{0}},
		{`initial {tag "Foo" "zz"} == "zz"`, false, []int32{0}},
	})
	bad := "[Event \"e\"]\n[ECO \"F00\"]\n[Date \"2048.01.01\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
	runManualCases(t, bad, []manualCase{
		{`initial eco`, false, nil},
		{`initial year`, false, nil},
		{`initial date == "????.01.01"`, false, []int32{0}},
	})
}

// TestNewlineToken: str.html, X=str("pin" \n "mate") separates the words by
// a newline; while.html uses \n as a string too.
func TestNewlineToken(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial #str("pin" \n "mate") == 8`, false, []int32{0}},
		{`initial #\n == 1`, false, []int32{0}},
		{`initial str("pin" \n "mate") ~~ \n \-0 == 3`, false, []int32{0}},
		// inside quotes a backslash is itself (the official program has
		// no escapes): "a\nb" is four characters, holding no newline
		{`initial str("a" \n "b") == "a\nb"`, false, nil},
		{`initial #"a\nb" == 4 #"\\" == 2 "\d" ~~ "\\"`, false, []int32{0}},
	})
}

// TestIndexOfAbsent: cql-6-1/indexof.html, "If either argument does not
// match, or if x does not occur in y, then the filter fails to match".
func TestIndexOfAbsent(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial indexof("e" "hello") == 1`, false, []int32{0}},
		{`initial x = "pin" y = "mate" indexof(y x + y) == 3`, false, []int32{0}},
		{`initial x = "pin" y = "mate" indexof(y x)`, false, nil},
		{`initial not indexof("z" "hello")`, false, []int32{0}},
		{`initial indexof("z" "hello") < 0`, false, nil},
	})
}

// TestIntDigits: cql-6-1/int.html: int takes "a nonempty sequence of
// digits, optionally preceded by a minus sign"; otherwise it fails.
func TestIntDigits(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial int "32" == 32`, false, []int32{0}},
		{`initial int "-2" == -2`, false, []int32{0}},
		{`initial int "xy"`, false, nil},
		{`initial int " 5"`, false, nil},
		{`initial int "5 "`, false, nil},
		{`initial int "+5"`, false, nil},
		{`initial int ""`, false, nil},
		{`initial int "-"`, false, nil},
		{`initial int "99999999999"`, false, nil}, // past 32 bits
	})
}

// TestIntPrecedence: cql-6-1/int.html, "The int filter has lower
// precedence than +": int "32" + "1" ≡ 321 (string concatenation), while
// int "32" + 1 ≡ 33 (arithmetic addition, (int "32") + 1).
func TestIntPrecedence(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial int "32" + "1" == 321`, false, []int32{0}},
		{`initial int "32" + 1 == 33`, false, []int32{0}},
		{`initial int "3" + "2" + 1 == 33`, false, []int32{0}},
		{`initial int "32" - 2 == 30`, false, []int32{0}},
		{`initial x = "4" int x + "2" == 42`, false, []int32{0}},
		{`initial int date[0:4] > 1995`, false, []int32{0}},
	})
}

// TestStringIndexAssignment: while.html replaces the newlines of S by
// spaces with `{if (S[i]==\n) S[i]=" " i+=1}` and with
// `while(S~~\n) S[\-0]=" "`.
func TestStringIndexAssignment(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial S = "a" + \n + "b" + \n + "c" i = 0 while (i < #S) {if (S[i] == \n) S[i] = " " i += 1} S == "a b c"`, false, []int32{0}},
		{`initial S = "a" + \n + "b" + \n + "c" while (S ~~ \n) S[\-0] = " " S == "a b c"`, false, []int32{0}},
		{`initial S = "pin" S[-1] = "g" S == "pig"`, false, []int32{0}},
		{`initial S = "pin" S[3] = "g"`, false, nil}, // out of range, as S[3] is
	})
}

// TestMessagePrefix: message.html, "The string is prefaced by an
// indication of the current move number, the side to move, the game
// number"; with quiet "only the argument to message is printed".
func TestMessagePrefix(t *testing.T) {
	if got := messagesOf(t, stringsGame, `initial message quiet ("Fen: " fen)`); !slices.Equal(got, []string{"Fen: " + startFEN}) {
		t.Errorf("quiet message: %q", got)
	}
	got := messagesOf(t, stringsGame, `mate message("mate")`)
	if len(got) != 1 || !strings.HasPrefix(got[0], "move 4(btm) game ") || !strings.HasSuffix(got[0], ": mate") {
		t.Errorf("message: %q, want move 4(btm), the game number and the text", got)
	}
}

// commentsOf runs query over game and returns the comment texts it left,
// by node.
func commentsOf(t *testing.T, game, query string) map[int32][]string {
	t.Helper()
	m, tree := machineFor(t, game, query)
	matches(m, tree)
	out := map[int32][]string{}
	for _, c := range m.Comments() {
		if c.Kind == vm.CommentText {
			out[c.Node] = append(out[c.Node], c.Text)
		}
	}
	return out
}

// messagesOf runs query over game and returns what its messages printed.
func messagesOf(t *testing.T, game, query string) []string {
	t.Helper()
	m, tree := machineFor(t, game, query)
	matches(m, tree)
	return m.GameMessages()
}

// machineFor compiles query into a machine and reads game into a tree.
func machineFor(t *testing.T, game, query string) (*vm.Machine, *vm.Tree) {
	t.Helper()
	g := readGames(t, strings.NewReader(game), "strings.pgn", 1)[0]
	var q *Query
	err := guarded(2*time.Second, func() error {
		var err error
		q, err = compileText(query)
		return err
	})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return vm.NewMachine(q.Program), treeOf(g, false)
}

// TestRegexBackReferences: CQL's regular expressions are ECMAScript's
// (features.md pitfall 18: std::regex), which have back-references and
// look-around; RE2 has neither, so such patterns run on a backtracking
// engine.
func TestRegexBackReferences(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial "abab" ~~ "(ab)\1"`, false, []int32{0}},
		{`initial "abba" ~~ "(ab)\1"`, false, nil},
		{`initial "foo" ~~ "f(?=o)" == "f"`, false, []int32{0}},
		{`initial "fa" ~~ "f(?!o)"`, false, []int32{0}},
		{`initial "fo" ~~ "f(?!o)"`, false, nil},
		{`initial "x-abcabc" ~~ "(b)(c)a\1" == "bcab" \1 == "b" \-0 == 3`, false, []int32{0}},
		// offsets count bytes, also after non-ASCII text
		{`initial "éé-aab" ~~ "(a)\1b" \-0 == 5`, false, []int32{0}},
		{`initial "éé-aab" ~~ "a+b" \-0 == 5`, false, []int32{0}},
	})
}

// TestPlayerNameTrailingDots: the official program reads a player name
// without its surrounding blanks and its trailing dots (found by the
// differential tester): "Fischer, Robert J." is "Fischer, Robert J",
// "Sm.ith." "Sm.ith", and a name of dots only is no name.
func TestPlayerNameTrailingDots(t *testing.T) {
	game := "[Event \"e\"]\n[White \" Fischer, Robert J. . \"]\n[Black \"...\"]\n\n1. e4 *\n"
	runManualCases(t, game, []manualCase{
		{`initial player white == "Fischer, Robert J"`, false, []int32{0}},
		{`initial player black`, false, nil},
	})
}

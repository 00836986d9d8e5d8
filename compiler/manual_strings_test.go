package compiler

import (
	"testing"
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

// TestNewlineToken: str.html, X=str("pin" \n "mate") separates the words by
// a newline; while.html uses \n as a string too.
func TestNewlineToken(t *testing.T) {
	runManualCases(t, stringsGame, []manualCase{
		{`initial str("pin" \n "mate") == "pin\nmate"`, false, []int32{0}},
		{`initial #\n == 1`, false, []int32{0}},
		{`initial "a\nb" ~~ \n \-0 == 1`, false, []int32{0}},
	})
}

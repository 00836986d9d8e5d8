package compiler

import "testing"

// TestInlineRangeBounds: a function parameter used as a range bound (in
// line, find, consecutivemoves and the direction filters) is renamed with
// the rest of the body when the call is expanded: it is neither an unknown
// word nor the global variable of the same name.
func TestInlineRangeBounds(t *testing.T) {
	// the game of TestRangeBoundVariables: mainline nodes 0 start, 1 Qh5+
	// 2 Kf8 3 Qf3+ 4 Ke8 5 Qh5+ 6 Kf8; the variation 2.Qh6+ Ke8 3.Qh5+
	// Kf8 is 7-10
	game := "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n\n" +
		"1. Qh5+ Kf8 2. Qf3+ (2. Qh6+ Ke8 3. Qh5+ Kf8) 2... Ke8 3. Qh5+ Kf8 *\n"
	runManualCases(t, game, []manualCase{
		// the parameter alone (a single bound stands for both); the
		// range tests the longest match, here to the end of the game
		{`function f(Len){ line Len --> .{*} } f(3)`, false, []int32{4}},
		{`function f(Len){ line 5 Len --> .{*} } f(6)`, false, []int32{1, 2}},
		{`function f(Lo){ initial consecutivemoves Lo 5 (position 6 position 10) } f(1)`, true, []int32{0}},
		{`function f(Lo){ initial consecutivemoves Lo 5 (position 6 position 10) } f(2)`, true, nil},
		// an argument passed by name
		{`Six = 6 function f(Len){ line 5 Len --> .{*} } f(Six)`, false, []int32{1, 2}},
		// through a second call
		{`function g(X){ line X --> .{*} } function f(Y){ g(Y) } f(3)`, false, []int32{4}},
		// a global of the parameter's name is not what the body reads
		// (find and the direction filters take a variable bound only once
		// the name has been assigned a number)
		{`Len = 3 function f(Len){ line 5 Len --> .{*} } f(6)`, false, []int32{1, 2}},
		{`Num = 0 function f(Num){ find Num check } f(3)`, false, []int32{0, 1}},
		{`Num = 9 function f(Num){ find Num 2 check } f(2)`, false, []int32{2, 3}},
		{`Num = 9 function f(Num){ find 1 Num check } f(2)`, false, []int32{2, 3, 4, 5}},
		{`Hi = 6 function f(Hi){ up 1 Hi Ke1 & k } f(7)`, false, []int32{0, 1, 4, 5}},
		{`Lo = 1 function f(Lo){ up Lo 7 Ke1 & k } f(7)`, false, []int32{0, 1, 4, 5}},
		{`Lo = 1 function f(Lo){ initial consecutivemoves Lo 5 (position 6 position 10) } f(2)`, true, nil},
		// parameters passed crosswise are renamed once
		{`Ax = 100 Bx = 3 function g(Ax Bx){ line Ax --> .{*} } g(Bx Ax)`, false, []int32{4}},
		{`Ax = 100 Bx = 3 function g(Ax Bx){ line Ax Bx --> .{*} } g(Bx Ax)`, false, []int32{0, 1, 2, 3, 4}},
		{`Ax = 100 Bx = 3 function g(Ax Bx){ line Bx Ax --> .{*} } g(Bx Ax)`, false, nil},
	})
}

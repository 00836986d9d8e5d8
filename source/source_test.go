package source

import (
	"strings"
	"testing"
)

// TestErrorListCap: a list stops after MaxErrors errors, with one more
// entry saying so, which stays last when the list is sorted.
func TestErrorListCap(t *testing.T) {
	src := New("q.cql", strings.Repeat(") ", 100000))
	var l ErrorList
	for i := 100000 - 1; i >= 0; i-- {
		l.Add(src, Span{From: int32(2 * i), To: int32(2*i + 1)}, "unmatched ')'")
	}
	l.Sort()
	if len(l) != MaxErrors+1 {
		t.Fatalf("%d errors kept, want %d and the note", len(l), MaxErrors)
	}
	if last := l[len(l)-1].Msg; last != "too many errors: stopped after 20" {
		t.Errorf("the last entry is %q", last)
	}
	var other ErrorList
	for i := range MaxErrors {
		other.Add(src, Span{From: int32(2 * i), To: int32(2*i + 1)}, "another error")
	}
	var more ErrorList
	more.Append(l)
	more.Append(other)
	if len(more) != MaxErrors+1 {
		t.Errorf("appending two full lists kept %d entries", len(more))
	}
	if out := l.Pretty(); len(out) > 20000 {
		t.Errorf("21 errors on one line of 200,000 bytes print %d bytes", len(out))
	}
}

// TestPrettyLongLine: an error on a very long line shows a window of it
// around the caret, marked with "…" where it was cut, the caret under the
// offending text.
func TestPrettyLongLine(t *testing.T) {
	text := strings.Repeat("a ", 50000) + "BAD" + strings.Repeat(" b", 50000)
	src := New("q.cql", text)
	at := int32(strings.Index(text, "BAD"))
	e := &Error{Src: src, Span: Span{From: at, To: at + 3}, Msg: "bad"}
	lines := strings.Split(e.Pretty(), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "q.cql:1:100001: bad") {
		t.Fatalf("got %q", lines)
	}
	shown, caret := []rune(lines[1]), []rune(lines[2])
	if len(shown) > 200 || shown[2] != '…' || shown[len(shown)-1] != '…' {
		t.Errorf("the line shown is %q", lines[1])
	}
	col := strings.Index(lines[2], "^")
	if got := string(shown[col : col+3]); got != "BAD" || !strings.HasSuffix(string(caret), "^^^") {
		t.Errorf("the caret marks %q:\n%s\n%s", got, lines[1], lines[2])
	}
	short := &Error{Src: New("q.cql", "check }"), Span: Span{From: 6, To: 7}, Msg: "unmatched '}'"}
	if got, want := short.Pretty(), "q.cql:1:7: unmatched '}'\n  check }\n        ^\n"; got != want {
		t.Errorf("a short line: got %q, want %q", got, want)
	}
}

// TestLongMessages: a message quoting megabytes of text is cut in its
// middle, keeping its start and end.
func TestLongMessages(t *testing.T) {
	var l ErrorList
	src := New("q.cql", "x")
	l.Add(src, Span{}, "unknown word %s: change it with --limit x=1", strings.Repeat("x", 1<<20))
	msg := l[0].Msg
	if len(msg) > 1000 || !strings.HasPrefix(msg, "unknown word xxx") || !strings.HasSuffix(msg, "--limit x=1") || !strings.Contains(msg, "…") {
		t.Errorf("a message of %d bytes: %.100q", len(msg), msg)
	}
	if got := Shorten(strings.Repeat("é", 100), 60); len([]rune(got)) != 60 || !strings.HasSuffix(got, "…") {
		t.Errorf("Shorten: %q", got)
	}
	if got := Shorten("short", 60); got != "short" {
		t.Errorf("Shorten of a short text: %q", got)
	}
}

// TestPosition: offsets become 1-based lines and columns, the columns
// counting characters (a caret under text after "é" lines up), an offset
// past the end is the end, and a newline belongs to the line it ends.
func TestPosition(t *testing.T) {
	src := New("q.cql", "cql()\n\"é\" check\n\nmate")
	for _, c := range []struct{ off, line, col int }{
		{0, 1, 1},
		{5, 1, 6},   // the first newline
		{6, 2, 1},   // the quote opening line 2
		{10, 2, 4},  // after "é" (two bytes, one character) and its quotes: the blank
		{11, 2, 5},  // check
		{17, 3, 1},  // the empty line 3
		{18, 4, 1},  // mate
		{22, 4, 5},  // the end
		{500, 4, 5}, // past the end
	} {
		if line, col := src.Position(c.off); line != c.line || col != c.col {
			t.Errorf("offset %d: %d:%d, want %d:%d", c.off, line, col, c.line, c.col)
		}
	}
}

// TestLineText: a line without its newline (nor the \r of a \r\n),
// "" for a line number out of range.
func TestLineText(t *testing.T) {
	src := New("q.cql", "cql()\r\ncheck\n\nmate")
	for n, want := range map[int]string{0: "", 1: "cql()", 2: "check", 3: "", 4: "mate", 5: ""} {
		if got := src.LineText(n); got != want {
			t.Errorf("line %d: %q, want %q", n, got, want)
		}
	}
}

// TestSnippet: a span's text for a message, cut at its first newline and
// after 37 bytes of a long one, with "..." where cut; a span past the end
// is cut there, one starting past it is "".
func TestSnippet(t *testing.T) {
	long := "a" + strings.Repeat("b", 50)
	src := New("q.cql", "check {mate\nstalemate} "+long)
	at := int32(strings.Index(src.Text, long))
	for _, c := range []struct {
		sp   Span
		want string
	}{
		{Span{0, 5}, "check"},
		{Span{6, 22}, "{mate..."},
		{Span{at, at + 51}, "a" + strings.Repeat("b", 36) + "..."},
		{Span{at + 40, 1000}, strings.Repeat("b", 11)},
		{Span{1000, 1001}, ""},
		{Span{-1, 3}, ""},
	} {
		if got := src.Snippet(c.sp); got != c.want {
			t.Errorf("%v: %q, want %q", c.sp, got, c.want)
		}
	}
}

// TestJoin is the smallest span covering both, in either order.
func TestJoin(t *testing.T) {
	for _, c := range [][3]Span{
		{{2, 5}, {7, 9}, {2, 9}},
		{{7, 9}, {2, 5}, {2, 9}},
		{{2, 9}, {3, 4}, {2, 9}},
	} {
		if got := Join(c[0], c[1]); got != c[2] {
			t.Errorf("Join(%v, %v) = %v, want %v", c[0], c[1], got, c[2])
		}
	}
}

// TestPrettyCaret: the caret line marks the span under its line, counted
// in characters, a tab shown as a blank so that it stays in line; an
// empty span is one caret; a span running past its line stops at the
// line's end.
func TestPrettyCaret(t *testing.T) {
	src := New("q.cql", "cql()\n\t\"é\" chek 1\nmate")
	at := int32(strings.Index(src.Text, "chek"))
	for _, c := range []struct {
		sp   Span
		want string
	}{
		{Span{at, at + 4}, "q.cql:2:6: unknown\n   \"é\" chek 1\n       ^^^^\n"},
		{Span{at, at}, "q.cql:2:6: unknown\n   \"é\" chek 1\n       ^\n"},
		{Span{at + 5, at + 12}, "q.cql:2:11: unknown\n   \"é\" chek 1\n            ^\n"},
	} {
		e := &Error{Src: src, Span: c.sp, Msg: "unknown"}
		if got := e.Pretty(); got != c.want {
			t.Errorf("%v:\n%s\nwant\n%s", c.sp, got, c.want)
		}
		if got, want := e.Error(), strings.SplitN(c.want, "\n", 2)[0]; got != want {
			t.Errorf("Error(): %q, want %q", got, want)
		}
	}
}

// TestErrorListOrder: Sort puts the errors in source order, Error names
// the first and counts the others, Err is nil for an empty list.
func TestErrorListOrder(t *testing.T) {
	var l ErrorList
	if l.Err() != nil || l.Error() != "no errors" {
		t.Fatalf("an empty list: %v, %q", l.Err(), l.Error())
	}
	src := New("q.cql", "a b\nc")
	l.Add(src, Span{4, 5}, "third")
	l.Add(src, Span{0, 1}, "first")
	l.Add(src, Span{2, 3}, "second %d", 2)
	l.Sort()
	var msgs []string
	for _, e := range l {
		msgs = append(msgs, e.Msg)
	}
	if got := strings.Join(msgs, ", "); got != "first, second 2, third" {
		t.Errorf("sorted: %s", got)
	}
	if got := l.Err().Error(); got != "q.cql:1:1: first (and 2 more errors)" {
		t.Errorf("Error(): %q", got)
	}
}

// TestErrorListOnceEach: an error with the place and message of one
// already in the list is not added again (a block checked once per
// transformed copy finds its errors in each), and does not count toward
// the cap; the same message elsewhere is another error.
func TestErrorListOnceEach(t *testing.T) {
	src := New("q.cql", "shift flipcolor { Ka1 chekc chekc }")
	var l ErrorList
	for range 40 {
		l.Add(src, Span{From: 22, To: 27}, "unknown word chekc: did you mean check?")
	}
	l.Add(src, Span{From: 28, To: 33}, "unknown word chekc: did you mean check?")
	if len(l) != 2 || l[0].Span.From != 22 || l[1].Span.From != 28 {
		t.Errorf("got %d errors, want the two places once each:\n%s", len(l), l.Pretty())
	}
}

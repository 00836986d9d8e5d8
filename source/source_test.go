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
	var more ErrorList
	more.Append(l)
	more.Append(l)
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

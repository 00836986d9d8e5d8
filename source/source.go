// Package source holds CQL query text, byte spans into it, and positioned
// errors that print with a caret under the offending text.
package source

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Source is one query text with its name (file name or "-cql").
type Source struct {
	Name  string
	Text  string
	lines []int // byte offset of the start of each line
}

// New makes a Source and indexes its lines.
func New(name, text string) *Source {
	s := &Source{Name: name, Text: text, lines: []int{0}}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			s.lines = append(s.lines, i+1)
		}
	}
	return s
}

// Span is a half-open byte range [From, To) of a Source.
type Span struct{ From, To int32 }

// Join is the smallest span covering a and b.
func Join(a, b Span) Span {
	if b.From < a.From {
		a.From = b.From
	}
	if b.To > a.To {
		a.To = b.To
	}
	return a
}

// Position converts a byte offset into a 1-based line and column; the
// column counts characters, not bytes, so carets line up under UTF-8 text.
func (s *Source) Position(off int) (line, col int) {
	if off > len(s.Text) {
		off = len(s.Text)
	}
	i := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	return i + 1, utf8.RuneCountInString(s.Text[s.lines[i]:off]) + 1
}

// LineText is the text of 1-based line n without its newline.
func (s *Source) LineText(n int) string {
	if n < 1 || n > len(s.lines) {
		return ""
	}
	start := s.lines[n-1]
	end := len(s.Text)
	if n < len(s.lines) {
		end = s.lines[n] - 1
	}
	return strings.TrimRight(s.Text[start:end], "\r")
}

// Snippet is the span's text, shortened for messages.
func (s *Source) Snippet(sp Span) string {
	from, to := int(sp.From), int(sp.To)
	if from < 0 || from > len(s.Text) {
		return ""
	}
	if to > len(s.Text) {
		to = len(s.Text)
	}
	t := s.Text[from:to]
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		t = t[:i] + "..."
	}
	if len(t) > 40 {
		t = t[:37] + "..."
	}
	return t
}

// Error is a message about a span of a source.
type Error struct {
	Src  *Source
	Span Span
	Msg  string
}

func (e *Error) Error() string {
	line, col := e.Src.Position(int(e.Span.From))
	return fmt.Sprintf("%s:%d:%d: %s", e.Src.Name, line, col, e.Msg)
}

// Pretty renders the error with the offending source line and a caret
// marking the span:
//
//	q.cql:3:7: unexpected '}'
//	  check }
//	        ^
func (e *Error) Pretty() string {
	line, col := e.Src.Position(int(e.Span.From))
	text := e.Src.LineText(line)
	width := 1
	if e.Span.To > e.Span.From {
		endLine, endCol := e.Src.Position(int(e.Span.To))
		if endLine == line {
			width = endCol - col
		} else {
			width = utf8.RuneCountInString(text) - col + 1
		}
	}
	if width < 1 {
		width = 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s\n", e.Src.Name, line, col, e.Msg)
	b.WriteString("  ")
	b.WriteString(strings.ReplaceAll(text, "\t", " "))
	b.WriteString("\n  ")
	b.WriteString(strings.Repeat(" ", col-1))
	b.WriteString(strings.Repeat("^", width))
	b.WriteByte('\n')
	return b.String()
}

// ErrorList collects errors in source order.
type ErrorList []*Error

// maxErrors caps the list: after a few dozen errors the rest are noise
// caused by the first ones.
const maxErrors = 20

// Add appends an error unless the list is full.
func (l *ErrorList) Add(src *Source, sp Span, format string, args ...any) {
	if len(*l) < maxErrors {
		*l = append(*l, &Error{Src: src, Span: sp, Msg: fmt.Sprintf(format, args...)})
	}
}

// Sort orders the errors by position.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Span.From < l[j].Span.From })
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Pretty renders every error with its caret snippet.
func (l ErrorList) Pretty() string {
	var b strings.Builder
	for _, e := range l {
		b.WriteString(e.Pretty())
	}
	return b.String()
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

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

// Shorten cuts s to at most max characters, marking the cut with "…":
// messages quote the query's text, which may be one token megabytes long.
func Shorten(s string, max int) string {
	if len(s) <= max || utf8.RuneCountInString(s) <= max {
		return s
	}
	i, n := 0, 0
	for i < len(s) && n < max-1 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return s[:i] + "…"
}

// Error is a message about a span of a source.
type Error struct {
	Src  *Source
	Span Span
	Msg  string
	// more marks the last entry of a full list, which says that errors
	// were left out
	more bool
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
	at := min(max(int(e.Span.From)-e.Src.lines[line-1], 0), len(text))
	to := min(max(int(e.Span.To)-e.Src.lines[line-1], at), len(text))
	text, caret := lineWindow(text, at, to)
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s\n", e.Src.Name, line, col, e.Msg)
	b.WriteString("  ")
	b.WriteString(strings.ReplaceAll(text, "\t", " "))
	b.WriteString("\n  ")
	b.WriteString(caret)
	b.WriteByte('\n')
	return b.String()
}

// An error shows the whole line of its position up to maxWholeLine bytes,
// and windowWidth characters around its caret of a longer line.
const (
	maxWholeLine = 240
	windowWidth  = 160
)

// lineWindow is the part of line shown under a message, about
// windowWidth characters around the span [at, to) (byte offsets in
// line), with "…" where the line was cut, and the caret line marking the
// span (at least one character).
func lineWindow(line string, at, to int) (text, caret string) {
	if len(line) <= maxWholeLine {
		return line, strings.Repeat(" ", utf8.RuneCountInString(line[:at])) +
			strings.Repeat("^", max(1, utf8.RuneCountInString(line[at:to])))
	}
	from, end := at, at
	for n := 0; from > 0 && n < windowWidth/2; n++ {
		_, size := utf8.DecodeLastRuneInString(line[:from])
		from -= size
	}
	for n := utf8.RuneCountInString(line[from:at]); end < len(line) && n < windowWidth; n++ {
		_, size := utf8.DecodeRuneInString(line[end:])
		end += size
	}
	pad := utf8.RuneCountInString(line[from:at])
	width := max(1, utf8.RuneCountInString(line[at:min(to, end)]))
	text = line[from:end]
	if from > 0 {
		text = "…" + text
		pad++
	}
	if end < len(line) {
		text += "…"
	}
	return text, strings.Repeat(" ", pad) + strings.Repeat("^", width)
}

// ErrorList collects errors in source order.
type ErrorList []*Error

// MaxErrors caps the list: after twenty errors the rest are mostly noise
// caused by the first ones. A full list ends with one more entry saying
// that the others were left out.
const MaxErrors = 20

// maxMessage bounds one message, whatever text it quotes: a longer one
// keeps its start and its end (where limit messages say how to change
// the limit).
const maxMessage = 600

// Add appends an error unless the list is full.
func (l *ErrorList) Add(src *Source, sp Span, format string, args ...any) {
	l.add(&Error{Src: src, Span: sp, Msg: fmt.Sprintf(format, args...)})
}

// Append adds the errors of m, within the cap.
func (l *ErrorList) Append(m ErrorList) {
	for _, e := range m {
		if !e.more {
			l.add(e)
		}
	}
}

func (l *ErrorList) add(e *Error) {
	if l.has(e) {
		return
	}
	switch {
	case len(*l) < MaxErrors:
		e.Msg = shortenMiddle(e.Msg, maxMessage)
		*l = append(*l, e)
	case len(*l) == MaxErrors:
		*l = append(*l, &Error{Src: e.Src, Span: e.Span, more: true,
			Msg: fmt.Sprintf("too many errors: stopped after %d", MaxErrors)})
	}
}

// has reports whether the list holds an error with e's place and
// message: a query checked once per transformed copy of a block (shift
// flipcolor { ... } makes 20) finds the same error in each, and the user
// wants it once.
func (l ErrorList) has(e *Error) bool {
	for _, o := range l {
		if o.Src == e.Src && o.Span == e.Span && o.Msg == shortenMiddle(e.Msg, maxMessage) {
			return true
		}
	}
	return false
}

// shortenMiddle cuts s to about max bytes by leaving out its middle.
func shortenMiddle(s string, max int) string {
	if len(s) <= max {
		return s
	}
	head, tail := s[:max/2], s[len(s)-max/3:]
	for len(head) > 0 && !utf8.ValidString(head) {
		head = head[:len(head)-1]
	}
	for len(tail) > 0 && !utf8.ValidString(tail) {
		tail = tail[1:]
	}
	return head + " … " + tail
}

// Sort orders the errors by position, the note that errors were left
// out last.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].more != l[j].more {
			return l[j].more
		}
		return l[i].Span.From < l[j].Span.From
	})
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

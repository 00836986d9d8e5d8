// Package cqls reads queries in the old S-expression language of CQL 3
// and Scidb's CQL-S, `(match (position :movefrom N :check :flipcolor))`,
// and builds the syntax tree of the equivalent CQL 6 query: the same
// nodes the CQL 6 parser builds, so the checker, the code generator and
// `cqlvm translate` (the syntax package's printer) need nothing of their
// own for the old language.
package cqls

import (
	"strings"

	"github.com/cqlvm/cqlvm/source"
)

// tokKind is the kind of a token of the old language.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tOpen            // (
	tClose           // )
	tKeyword         // :name, or !:name (neg)
	tString          // "..."
	tWord            // anything else: a designator, a range, a pawn attribute, ...
)

var tokNames = [...]string{"end of file", "'('", "')'", "keyword", "string", "word"}

// token is one token. Text is the keyword's name without its colon, the
// string's contents, or the word as written.
type token struct {
	kind tokKind
	text string
	neg  bool // !:keyword
	span source.Span
}

func (t token) String() string {
	text := source.Shorten(t.text, 60) // the token may be megabytes long
	switch t.kind {
	case tKeyword:
		if t.neg {
			return "'!:" + text + "'"
		}
		return "':" + text + "'"
	case tString:
		return `"` + text + `"`
	case tWord:
		return "'" + text + "'"
	}
	return tokNames[t.kind]
}

// comment is a `;` comment of the query, kept for `cqlvm translate`.
type comment struct {
	text string // without the semicolons
	off  int
}

// lexer splits the query text into tokens.
type lexer struct {
	src      *source.Source
	text     string
	pos      int
	comments []comment
	errs     *source.ErrorList
}

// lex returns the tokens of src, ending with tEOF, and its comments.
func lex(src *source.Source, errs *source.ErrorList) ([]token, []comment) {
	lx := &lexer{src: src, text: src.Text, errs: errs}
	var toks []token
	for {
		t := lx.next()
		toks = append(toks, t)
		if t.kind == tEOF {
			return toks, lx.comments
		}
	}
}

func (lx *lexer) errorf(from, to int, format string, args ...any) {
	lx.errs.Add(lx.src, source.Span{From: int32(from), To: int32(to)}, format, args...)
}

func (lx *lexer) next() token {
	lx.skipSpaceAndComments()
	start := lx.pos
	t := token{span: source.Span{From: int32(start), To: int32(start)}}
	if lx.pos >= len(lx.text) {
		return t
	}
	switch c := lx.text[lx.pos]; {
	case c == '(':
		t.kind = tOpen
		lx.pos++
	case c == ')':
		t.kind = tClose
		lx.pos++
	case c == '"':
		lx.scanString(&t)
	case (c == ':' || strings.HasPrefix(lx.text[lx.pos:], "!:")) && lx.keywordFollows():
		t.kind = tKeyword
		if c == '!' {
			t.neg = true
			lx.pos++
		}
		lx.pos++
		from := lx.pos
		for lx.pos < len(lx.text) && isKeywordChar(lx.text[lx.pos]) {
			lx.pos++
		}
		t.text = lx.text[from:lx.pos]
	default:
		t.kind = tWord
		lx.scanWord()
		t.text = lx.text[start:lx.pos]
	}
	t.span.To = int32(lx.pos)
	return t
}

// keywordFollows reports whether the colon at (or after the ! at) the
// current position starts a keyword: a lone ':' is a word (it separates
// the two ranges of :goodbishop).
func (lx *lexer) keywordFollows() bool {
	i := lx.pos + 1
	if lx.text[lx.pos] == '!' {
		i++
	}
	return i < len(lx.text) && lx.text[i] >= 'a' && lx.text[i] <= 'z'
}

func isKeywordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '*'
}

func (lx *lexer) skipSpaceAndComments() {
	for lx.pos < len(lx.text) {
		switch c := lx.text[lx.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			lx.pos++
		case c == ';':
			start := lx.pos
			for lx.pos < len(lx.text) && lx.text[lx.pos] != '\n' {
				lx.pos++
			}
			text := strings.TrimLeft(lx.text[start:lx.pos], ";")
			lx.comments = append(lx.comments, comment{text: strings.TrimRight(text, " \t\r"), off: start})
		default:
			return
		}
	}
}

func (lx *lexer) scanString(t *token) {
	t.kind = tString
	start := lx.pos
	lx.pos++
	var b strings.Builder
	for lx.pos < len(lx.text) && lx.text[lx.pos] != '"' && lx.text[lx.pos] != '\n' {
		if lx.text[lx.pos] == '\\' && lx.pos+1 < len(lx.text) {
			lx.pos++
		}
		b.WriteByte(lx.text[lx.pos])
		lx.pos++
	}
	// a CQL 6 string holds no newline and no quote: the translation
	// could not write one
	switch {
	case lx.pos >= len(lx.text) || lx.text[lx.pos] == '\n':
		lx.errorf(start, lx.pos, "the string is never closed on its line")
		lx.pos = len(lx.text) // what follows would only echo this error
	case strings.ContainsAny(b.String(), "\"\n"):
		lx.errorf(start, lx.pos+1, "a string cannot hold a quote or a newline (CQL 6 strings have no escapes)")
		lx.pos++
	default:
		lx.pos++
	}
	t.text = b.String()
}

// scanWord reads up to a blank, a parenthesis, a quote or a comment. A
// parenthesised count glued to a word, as in the pawn attribute
// `triple(4)`, belongs to the word.
func (lx *lexer) scanWord() {
	for lx.pos < len(lx.text) {
		c := lx.text[lx.pos]
		if c == '(' && lx.pos > 0 && isAttrChar(lx.text[lx.pos-1]) && lx.countFollows() {
			lx.pos = strings.IndexByte(lx.text[lx.pos:], ')') + lx.pos + 1
			continue
		}
		if strings.IndexByte(" \t\n\r\f()\";", c) >= 0 {
			return
		}
		lx.pos++
	}
}

func isAttrChar(c byte) bool { return c >= 'a' && c <= 'z' || c == '!' }

// countFollows reports whether the '(' at the current position opens
// `(digits)`.
func (lx *lexer) countFollows() bool {
	i := lx.pos + 1
	for i < len(lx.text) && lx.text[i] >= '0' && lx.text[i] <= '9' {
		i++
	}
	return i > lx.pos+1 && i < len(lx.text) && lx.text[i] == ')'
}

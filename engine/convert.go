package engine

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// The query-text tools of the official program's options (-a, -u,
// -utf8, -html, -colorize, -lex): they read a query with the CQL 6 lexer
// and run nothing. The command reaches the syntax package through them.

// ToUnicode spells a query with the CQL 6.2 Unicode symbols where the
// official `cql -u` does; a query with a lexical error is not
// converted: the error comes back instead.
func ToUnicode(src *source.Source) (string, error) { return syntax.ToUnicode(src) }

// ToASCII spells a query without Unicode symbols (`cql -a`).
func ToASCII(src *source.Source) (string, error) { return syntax.ToASCII(src) }

// HighlightHTML renders a query as the spans of `cql -colorize`, one per
// token, classed for colouring.
func HighlightHTML(src *source.Source) string { return syntax.HighlightHTML(src) }

// Token is one token of a query (-lex): the name of its kind and where
// it is.
type Token struct {
	Kind string
	Span source.Span
}

// Tokens returns the tokens of a query, up to its end, and the lexical
// errors met on the way.
func Tokens(src *source.Source) ([]Token, source.ErrorList) {
	var errs source.ErrorList
	var out []Token
	for _, t := range syntax.Lex(src, &errs) {
		if t.Kind == syntax.TEOF {
			break
		}
		out = append(out, Token{t.Kind.String(), t.Span})
	}
	return out, errs
}

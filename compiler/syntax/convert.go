package syntax

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/cqlvm/cqlvm/source"
)

// The converters rewrite a query token by token, from the lexer's spans:
// a token with another spelling is replaced, and every byte between two
// tokens (spaces, comments, line breaks) is kept as it is, so converting
// an ASCII query to Unicode and back gives the same bytes.

// ToUnicode spells a query with the CQL 6.2 Unicode symbols where the
// official `cql -u` does: piece letters as chess glyphs, operators as
// mathematical symbols (& ∩, -- ――, >= ≥), and the words path, focus,
// flip, flipcolor and currentposition as ⊢ ◎ ✵ ⬓ ∙. A query with a
// lexical error is not converted: the error comes back instead.
func ToUnicode(src *source.Source) (string, error) {
	return rewrite(src, unicodeSpeller.spell)
}

// ToASCII spells a query without Unicode symbols (`cql -a`).
func ToASCII(src *source.Source) (string, error) {
	return rewrite(src, asciiSpeller.spell)
}

// rewrite replaces each token's text by spell's spelling of it.
func rewrite(src *source.Source, spell func(t Token, text string) string) (string, error) {
	var errs source.ErrorList
	toks := Lex(src, &errs)
	if len(errs) > 0 {
		return "", errs
	}
	var b strings.Builder
	at := 0
	files := headerFileNames(toks, src.Text)
	for i, t := range toks {
		from, to := int(t.Span.From), int(t.Span.To)
		if from < at {
			continue // inside a file name of the header
		}
		b.WriteString(src.Text[at:from])
		if end, ok := files[i]; ok {
			b.WriteString(src.Text[from:end]) // input F.pgn: a name, not tokens
			at = end
			continue
		}
		text := src.Text[from:to]
		out := spell(t, text)
		// a word spelled for a symbol must not run into a neighbouring word
		if out == "" {
			out = text
		}
		if out != text && isIdentStart(out[0]) && from > 0 && isIdentChar(src.Text[from-1]) {
			out = " " + out
		}
		if out != text && isIdentChar(out[len(out)-1]) && to < len(src.Text) && isIdentChar(src.Text[to]) {
			out += " "
		}
		b.WriteString(out)
		at = to
	}
	b.WriteString(src.Text[at:])
	return b.String(), nil
}

// unicodeWords are the words and operators `cql -u` writes as symbols.
// The arrows of line (--> <--) keep their ASCII spelling, as they do in
// the official converter.
var unicodeWords = map[string]string{
	"currentposition": "∙", "curpos": "∙", "path": "⊢", "focus": "◎", "flip": "✵", "flipcolor": "⬓",
	"|": "∪", "&": "∩", "|=": "∪=", "&=": "∩=", "->": "→", "<-": "←", "!=": "≠", "<=": "≤", ">=": "≥",
	"[<]": "≺", "[<=]": "≼", "[>]": "≻", "[>=]": "≽", "--": "――", "[x]": "×",
	"[forall]": "∀", "[element]": "∊",
}

// pieceLetters and pieceSymbols spell the same piece types, letter for
// glyph; ◭ is [Aa].
const (
	pieceLetters = "KQRBNPkqrbnpAa_"
	pieceSymbols = "♔♕♖♗♘♙♚♛♜♝♞♟△▲□"
	anyPieceSym  = "◭"
)

// speller spells the tokens that have two spellings: words and
// operators, and piece designators; the others keep their text.
type speller struct {
	word  func(t Token, text string) string
	desig func(text string) string
}

func (sp speller) spell(t Token, text string) string {
	switch t.Kind {
	case TIdent, TPunct:
		return sp.word(t, text)
	case TDesig:
		return sp.desig(text)
	}
	return text
}

var (
	unicodeSpeller = speller{func(_ Token, text string) string {
		if u, ok := unicodeWords[text]; ok {
			return u
		}
		return text
	}, unicodeDesignator}
	// the lexer reads a symbol as its ASCII spelling
	asciiSpeller = speller{func(t Token, text string) string {
		if t.Text != "" {
			return t.Text
		}
		return text
	}, asciiDesignator}
)

// unicodeDesignator writes the piece part of a designator in glyphs
// (`[RN]a1` ♖♘a1, `[Aa]` ◭, `.` ▦); the square part stays.
func unicodeDesignator(text string) string {
	pieces, squares, whole, ok := designatorParts(text, ".", "▦")
	if !ok {
		return whole
	}
	list := strings.TrimSuffix(strings.TrimPrefix(pieces, "["), "]")
	if list == "Aa" || list == "aA" {
		return anyPieceSym + squares
	}
	letters, glyphs := 0, 0
	var b strings.Builder
	for _, r := range list {
		if i := strings.IndexRune(pieceLetters, r); i >= 0 {
			letters++
			b.WriteRune([]rune(pieceSymbols)[i])
		} else {
			glyphs++
			b.WriteRune(r)
		}
	}
	if letters > 0 && glyphs > 0 {
		return text // [Q♖]: the official converter leaves a mixed list alone
	}
	return b.String() + squares // glyphs need no brackets: [♕♖]a1 is ♕♖a1
}

// designatorParts splits a designator for a converter: ok false when
// there is no piece part to convert, whole then being the new text (all
// squares spelled from as to, or the text as it is).
func designatorParts(text, all, to string) (pieces, squares, whole string, ok bool) {
	if text == all {
		return "", "", to, false
	}
	pieces, squares = splitDesignator(text)
	return pieces, squares, text, pieces != ""
}

// splitDesignator cuts a designator's text into its piece part (a
// letter, a bracketed list of letters or a run of glyphs) and its square
// part; pieces is "" when there is no piece part.
func splitDesignator(text string) (pieces, squares string) {
	if strings.HasPrefix(text, "[") {
		end := strings.IndexByte(text, ']')
		if end <= 1 { // [] is the empty set
			return "", text
		}
		for _, r := range text[1:end] {
			if !strings.ContainsRune(pieceLetters+pieceSymbols+anyPieceSym, r) {
				return "", text // a square list [a1,c3]
			}
		}
		return text[:end+1], text[end+1:]
	}
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !strings.ContainsRune(pieceSymbols+anyPieceSym, r) {
			break
		}
		i += size
	}
	if i > 0 {
		return text[:i], text[i:]
	}
	// one letter, unless the text is a square (a1, a-h1): a file letter
	// followed by a rank digit or a range
	if strings.ContainsRune(pieceLetters, rune(text[0])) && !isSquareStart(text) {
		return text[:1], text[1:]
	}
	return "", text
}

// isSquareStart reports whether a designator text starts with a square
// or a file range rather than a piece letter: b1, a-h2.
func isSquareStart(text string) bool {
	if len(text) < 2 || text[0] < 'a' || text[0] > 'h' {
		return false
	}
	return text[1] >= '1' && text[1] <= '8' || text[1] == '-'
}

// asciiDesignator writes the glyphs of a designator's piece part as
// letters, bracketed when there are several: ♘♞ [Nn], ◭ [Aa], ▦ .
func asciiDesignator(text string) string {
	pieces, squares, whole, ok := designatorParts(text, "▦", ".")
	if !ok {
		return whole
	}
	bracketed := strings.HasPrefix(pieces, "[")
	list := strings.TrimSuffix(strings.TrimPrefix(pieces, "["), "]")
	var letters strings.Builder
	for _, r := range list {
		if r == []rune(anyPieceSym)[0] {
			letters.WriteString("Aa")
			continue
		}
		if i := strings.IndexRune(pieceSymbols, r); i >= 0 {
			letters.WriteByte(pieceLetters[utf8.RuneCountInString(pieceSymbols[:i])])
			continue
		}
		letters.WriteRune(r)
	}
	l := letters.String()
	if bracketed || len(l) > 1 {
		l = "[" + l + "]"
	}
	return l + squares
}

// HTMLClass is the class `cql -html` gives a token's span (pygments.css
// and external.css on gadycosteff.com style them): k keywords,
// identifier, piecedesignator, dash, s strings and punctuation; numbers
// have none. The official program classes currentposition, curpos and
// focus with the punctuation, and writes /// without a span (observed),
// which is kept.
func HTMLClass(t Token) string {
	switch t.Kind {
	case TIdent:
		switch t.Text {
		case "currentposition", "curpos", "focus", "path":
			return "s"
		}
		// next is reserved in cqlvm but an identifier to the official lexer
		if IsReserved(t.Text) && t.Text != "next" || t.Text == "o-o" || t.Text == "o-o-o" {
			return "k"
		}
		return "identifier"
	case TDesig:
		if t.Text == "." || t.Text == "▦" || t.Text == "[]" {
			return "s" // the official lexer reads these as punctuation
		}
		return "piecedesignator"
	case TNumber, TGroup:
		return ""
	case TPunct:
		if t.Text == "--" || t.Text == "[x]" {
			return "dash"
		}
	case TComment:
		return ""
	}
	return "s"
}

// HighlightHTML renders a query as the spans of `cql -colorize`: each
// token in a span of its HTMLClass, the text between tokens in class c
// (comments and layout). After a lexical error the rest of the text is
// one c span, as the official program renders it.
func HighlightHTML(src *source.Source) string {
	var errs source.ErrorList
	toks := Lex(src, &errs)
	stop := len(src.Text)
	if len(errs) > 0 {
		stop = int(errs[0].Span.From)
	}
	var b strings.Builder
	span := func(class, text string) {
		if class == "" {
			b.WriteString(htmlSymbols(text))
			return
		}
		fmt.Fprintf(&b, `<span class="%s">%s</span>`, class, htmlSymbols(text))
	}
	at := 0
	files := headerFileNames(toks, src.Text)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		from, to := int(t.Span.From), int(t.Span.To)
		if t.Kind == TEOF || to > stop {
			break
		}
		if from < at {
			continue // part of a header file name
		}
		if from > at {
			span("c", src.Text[at:from])
		}
		class := HTMLClass(t)
		if n := braceRepetition(toks[i:]); n > 0 {
			// {2,5} after a constituent of line or path is one token of
			// the official lexer, written without a span; {*} {+} {?}
			// are punctuation
			class = ""
			if toks[i+1].Kind == TPunct && toks[i+1].Text != "," {
				class = "s"
			}
			to, i = int(toks[i+n-1].Span.To), i+n-1
		}
		if end, ok := files[i]; ok {
			// the official lexer reads `input F.pgn` as one string
			to, class = end, "s"
		}
		span(class, src.Text[from:to])
		at = to
	}
	if at < len(src.Text) {
		span("c", src.Text[at:])
	}
	return b.String()
}

// htmlEscape escapes what HTML needs (&, <, >) and leaves quotes, as the
// official program does.
func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// headerFileNames finds the input and output words of a cql( ) header:
// for the index of each, the end of the file name after it, which is a
// name and not tokens (a '.' in it is no designator).
func headerFileNames(toks []Token, text string) map[int]int {
	files := map[int]int{}
	depth := 0 // 1: inside the header's parentheses
	for i, t := range toks {
		switch {
		case t.Text == "(" && i > 0 && toks[i-1].Kind == TIdent && toks[i-1].Text == "cql":
			depth = 1
		case depth > 0 && t.Text == "(":
			depth++
		case depth > 0 && t.Text == ")":
			depth--
		case depth == 1 && t.Kind == TIdent && (t.Text == "input" || t.Text == "output"):
			files[i] = headerFileEnd(text, int(t.Span.To))
		}
	}
	return files
}

// headerFileEnd is the end of the file name after input or output in a
// header: the next space or closing parenthesis.
func headerFileEnd(text string, at int) int {
	i := at
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	for i < len(text) && !strings.ContainsRune(" \t\n\r)", rune(text[i])) {
		i++
	}
	return i
}

// braceRepetition is the number of tokens of a repetition in braces at
// the start of toks ({3} {2,} {,4} {1,5} {*} {+} {?}, written without
// spaces), 0 if there is none.
func braceRepetition(toks []Token) int {
	if len(toks) < 3 || toks[0].Text != "{" || toks[0].Kind != TPunct {
		return 0
	}
	for i := 1; i < len(toks) && i < 5; i++ {
		t := toks[i]
		if t.SpaceBefore {
			return 0
		}
		switch {
		case t.Kind == TPunct && t.Text == "}":
			if i == 1 {
				return 0
			}
			return i + 1
		case t.Kind == TNumber, t.Kind == TPunct && t.Text == ",":
		case t.Kind == TPunct && (t.Text == "*" || t.Text == "+" || t.Text == "?") && i == 1:
		default:
			return 0
		}
	}
	return 0
}

// htmlSymbols escapes text for HTML and writes each CQL Unicode symbol
// as the official page does: a span whose title is its ASCII spelling
// and whose class lets the style sheet pick a font that has it.
func htmlSymbols(text string) string {
	var b strings.Builder
	for _, r := range text {
		sym, ok := symbolHTML[r]
		switch {
		case !ok:
			b.WriteString(htmlEscape(string(r)))
		case sym.title == "":
			fmt.Fprintf(&b, `<span class="%s">&#x%X;</span>`, sym.class, r)
		default:
			fmt.Fprintf(&b, `<span title="%s" class="%s">&#x%X;</span>`, htmlEscape(sym.title), sym.class, r)
		}
	}
	return b.String()
}

// symbolHTML are the title and class of each Unicode symbol on the
// official page (observed with cql -html on Unicode queries).
var symbolHTML = func() map[rune]struct{ title, class string } {
	m := map[rune]struct{ title, class string }{}
	for _, r := range "♔♕♖♗♘♙♚♛♜♝♞♟" {
		m[r] = struct{ title, class string }{"", "figurine"}
	}
	for _, e := range []struct{ sym, title, class string }{
		{"△", "A", "triangleu"}, {"▲", "a", "triangleu"}, {"◭", "Aa", "triangleu"},
		{"□", "_", "whitesquareu"}, {"▦", ".", "allu"}, {"―", "--", "dashu"}, {"×", "[x]", "timesu"},
		{"✵", "flip", "flipu"}, {"⬓", "flipcolor", "flipcoloru"}, {"◎", "focus", "focusu"}, {"⊢", "path", "pathu"},
		{"∩", "&", "mathu"}, {"∪", "|", "mathu"}, {"≥", ">=", "mathu"}, {"≤", "<=", "mathu"}, {"≠", "!=", "mathu"},
		{"→", "->", "mathu"}, {"←", "<-", "mathu"}, {"≺", "[<]", "mathu"}, {"≼", "[<=]", "mathu"},
		{"≻", "[>]", "mathu"}, {"≽", "[>=]", "mathu"}, {"∊", "[element]", "mathu"}, {"∀", "[forall]", "mathu"},
		{"∙", "currentposition", "mathu"},
	} {
		m[[]rune(e.sym)[0]] = struct{ title, class string }{e.title, e.class}
	}
	return m
}()

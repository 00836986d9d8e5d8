package syntax

import (
	"strings"
	"unicode/utf8"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/source"
)

// Lex splits a query into tokens. It normalises CQL 6.2 Unicode symbols to
// their ASCII spellings so that the parser sees one language. Lexical
// errors are collected; the token stream ends with TEOF either way.
func Lex(src *source.Source, errs *source.ErrorList) []Token {
	lx := &lexer{src: src, text: src.Text, errs: errs, space: true}
	if strings.HasPrefix(lx.text, "\uFEFF") {
		lx.pos = 3
	}
	var toks []Token
	if len(src.Text) > bigText {
		toks = make([]Token, 0, countTokens(src))
	}
	for {
		t := lx.next()
		toks = append(toks, t)
		if t.Kind == TEOF {
			return toks
		}
	}
}

// bigText is the size of a text whose tokens are counted before they
// are made: a slice grown by appending a million tokens peaks at twice
// their memory.
const bigText = 64 << 10

// countTokens is the number of tokens Lex makes of src.
func countTokens(src *source.Source) int {
	var errs source.ErrorList
	lx := &lexer{src: src, text: src.Text, errs: &errs, space: true}
	if strings.HasPrefix(lx.text, "\uFEFF") {
		lx.pos = 3
	}
	for n := 1; ; n++ {
		if lx.next().Kind == TEOF {
			return n
		}
	}
}

type lexer struct {
	src   *source.Source
	text  string
	pos   int
	errs  *source.ErrorList
	space bool // whitespace seen since the last token
	// header follows the cql( ) header at the start of a query, whose
	// input and output take file names, not tokens
	header headerState
}

// headerState is where the lexer stands in the cql( ) header.
type headerState struct {
	tokens   int  // tokens made so far, up to 2 (cql and its parenthesis come first)
	depth    int  // parentheses open inside the header
	fileNext bool // the next token is the file name after input or output
}

// see follows the header with token t: after `input` or `output` at the
// header's own level comes a file name (a-5k.pgn, 1e5.pgn), which the
// parser reads as text up to a blank or ')', so it is one token, whatever
// its characters would make elsewhere.
func (h *headerState) see(t Token) {
	h.fileNext = false
	switch {
	case h.tokens == 0:
		h.tokens = 1
		if t.Kind != TIdent || t.Text != "cql" {
			h.tokens = 2 // no header
		}
		return
	case h.tokens == 1:
		h.tokens = 2
		if t.Kind == TPunct && t.Text == "(" {
			h.depth = 1
		}
		return
	case h.depth == 0:
		return
	}
	switch {
	case t.Kind == TPunct && t.Text == "(":
		h.depth++
	case t.Kind == TPunct && t.Text == ")":
		h.depth--
	case h.depth == 1 && t.Kind == TIdent && (t.Text == "input" || t.Text == "output"):
		h.fileNext = true
	}
}

func (lx *lexer) errorf(from, to int, format string, args ...any) {
	lx.errs.Add(lx.src, source.Span{From: int32(from), To: int32(to)}, format, args...)
}

func (lx *lexer) next() Token {
	lx.skipSpaceAndComments()
	start := lx.pos
	t := Token{SpaceBefore: lx.space}
	lx.space = false
	if lx.pos >= len(lx.text) {
		t.Kind = TEOF
		t.Span = source.Span{From: int32(start), To: int32(start)}
		return t
	}
	if c := lx.text[lx.pos]; lx.header.fileNext && c != '"' && c != ')' {
		lx.scanFileName(&t)
	} else {
		lx.scan(&t)
	}
	t.Span = source.Span{From: int32(start), To: int32(lx.pos)}
	if t.Text == "" {
		t.Text = lx.text[start:lx.pos]
	}
	lx.header.see(t)
	return t
}

// scanFileName reads a file name in the header: up to a blank or ')'.
func (lx *lexer) scanFileName(t *Token) {
	t.Kind = TIdent
	for lx.pos < len(lx.text) && !strings.ContainsRune(" \t\r\n)", rune(lx.text[lx.pos])) {
		lx.pos++
	}
}

func (lx *lexer) skipSpaceAndComments() {
	for lx.pos < len(lx.text) {
		c := lx.text[lx.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			lx.pos++
		case strings.HasPrefix(lx.text[lx.pos:], "///") && !strings.HasPrefix(lx.text[lx.pos:], "////"):
			return // the comment filter, a token (four slashes or more make a plain comment)
		case strings.HasPrefix(lx.text[lx.pos:], "//") || c == ';':
			// the official program reads `;` as the start of a comment
			// to the end of the line, as `//`
			end := strings.IndexByte(lx.text[lx.pos:], '\n')
			if end < 0 {
				lx.pos = len(lx.text)
			} else {
				lx.pos += end
			}
		case strings.HasPrefix(lx.text[lx.pos:], "/*"):
			end := strings.Index(lx.text[lx.pos+2:], "*/")
			if end < 0 {
				lx.errorf(lx.pos, lx.pos+2, "unterminated '/*' comment")
				lx.pos = len(lx.text)
			} else {
				lx.pos += end + 4
			}
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(lx.text[lx.pos:])
			if r != '\u00A0' && r != '\uFEFF' {
				return
			}
			lx.pos += size
		default:
			return
		}
		lx.space = true
	}
}

// puncts lists ASCII operators, longest first so that the first match wins.
var puncts = []string{
	"[element]", "[forall]", "[>=]", "[<=]", "-->", "<--", "[x]", "[>]", "[<]",
	"==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "=?", "->", "<-", "--", "~~",
	"{", "}", "(", ")", "[", "]", ",", ":", "+", "-", "*", "/", "%", "#", "&", "|", "~",
	"=", "<", ">", "?", "!",
}

func (lx *lexer) scan(t *Token) {
	rest := lx.text[lx.pos:]
	c := rest[0]
	for _, u := range unicodeSeqs { // the Unicode symbols of more than one character (kinds.go)
		if strings.HasPrefix(rest, u.seq) {
			t.Kind, t.Text = TPunct, u.text
			lx.pos += len(u.seq)
			return
		}
	}
	switch {
	case strings.HasPrefix(rest, "///"):
		lx.scanTripleSlash(t)
		return
	case c == '"':
		lx.scanString(t)
		return
	case c == '\\':
		if lx.scanNewline(t) || lx.scanGroup(t) {
			return
		}
	case c >= '0' && c <= '9':
		lx.scanNumber(t)
		return
	}
	if lx.scanHyphenKeyword(t) || lx.scanDesignator(t) {
		return
	}
	if isIdentStart(c) {
		end := lx.pos
		for end < len(lx.text) && isIdentChar(lx.text[end]) {
			end++
		}
		t.Kind = TIdent
		lx.pos = end
		return
	}
	if c >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(rest)
		if op, ok := unicodeOps[r]; ok { // the symbols of kinds.go
			t.Kind, t.Text = op.kind, op.text
			lx.pos += size
			return
		}
		lx.errorf(lx.pos, lx.pos+size, "unexpected character %q", r)
		lx.pos += size
		t.Kind = TPunct
		return
	}
	for _, p := range puncts {
		if strings.HasPrefix(rest, p) {
			t.Kind, t.Text = TPunct, p
			lx.pos += len(p)
			return
		}
	}
	lx.errorf(lx.pos, lx.pos+1, "unexpected character %q", c)
	lx.pos++
	t.Kind = TPunct
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// identAt reports whether an identifier character follows at offset i.
func (lx *lexer) identAt(i int) bool { return i < len(lx.text) && isIdentChar(lx.text[i]) }

// scanHyphenKeyword reads the castling keywords o-o and o-o-o, the only
// keywords that contain hyphens.
func (lx *lexer) scanHyphenKeyword(t *Token) bool {
	for _, kw := range []string{"o-o-o", "o-o"} {
		if strings.HasPrefix(lx.text[lx.pos:], kw) && !lx.identAt(lx.pos+len(kw)) {
			t.Kind, t.Text = TIdent, kw
			lx.pos += len(kw)
			return true
		}
	}
	return false
}

// scanTripleSlash reads the comment filter `///`; its arguments are the
// tokens that follow on the same line (the parser collects them).
func (lx *lexer) scanTripleSlash(t *Token) {
	lx.pos += 3
	t.Kind, t.Text = TComment, "///"
}

// scanString reads a quoted string. A backslash is an ordinary character
// there, as in the official program: "\d" is a backslash and a d (what a
// regular expression wants), "\n" two characters, and no escape hides a
// quote, so a string cannot hold '"'.
func (lx *lexer) scanString(t *Token) {
	start := lx.pos
	lx.pos++
	end := strings.IndexAny(lx.text[lx.pos:], "\"\n")
	if end < 0 || lx.text[lx.pos+end] == '\n' {
		if end < 0 {
			end = len(lx.text) - lx.pos
		}
		lx.errorf(start, lx.pos+end, "quoted string runs past the end of the line")
		t.Kind, t.Str = TString, lx.text[lx.pos:lx.pos+end]
		lx.pos += end
		return
	}
	t.Kind, t.Str = TString, lx.text[lx.pos:lx.pos+end]
	lx.pos += end + 1
}

// scanNewline reads `\n` standing alone, a string of one newline
// (str.html: `str("pin" \n "mate")`; while.html: `while (S~~\n) ...`).
func (lx *lexer) scanNewline(t *Token) bool {
	if !strings.HasPrefix(lx.text[lx.pos:], `\n`) || lx.identAt(lx.pos+2) {
		return false
	}
	lx.pos += 2
	t.Kind, t.Str = TString, "\n"
	return true
}

// scanGroup reads a regular-expression group reference: \0, \1, \-1.
func (lx *lexer) scanGroup(t *Token) bool {
	i := lx.pos + 1
	neg := i < len(lx.text) && lx.text[i] == '-'
	if neg {
		i++
	}
	j := i
	for j < len(lx.text) && lx.text[j] >= '0' && lx.text[j] <= '9' {
		j++
	}
	if j == i {
		return false
	}
	n := parseDigits(lx.text[i:j])
	if neg {
		n = -n
	}
	t.Kind, t.Num = TGroup, n
	lx.pos = j
	return true
}

func (lx *lexer) scanNumber(t *Token) {
	rest := lx.text[lx.pos:]
	for _, r := range []string{"1/2-1/2", "1-0", "0-1"} {
		if strings.HasPrefix(rest, r) && !lx.identAt(lx.pos+len(r)) {
			t.Kind, t.Text = TResult, r
			lx.pos += len(r)
			return
		}
	}
	end := lx.pos
	for end < len(lx.text) && lx.text[end] >= '0' && lx.text[end] <= '9' {
		end++
	}
	if lx.identAt(end) {
		lx.errorf(lx.pos, end+1, "malformed number")
	}
	t.Kind = TNumber
	t.Num = parseDigits(lx.text[lx.pos:end])
	lx.pos = end
}

func parseDigits(s string) int64 {
	var n int64
	for i := 0; i < len(s); i++ {
		n = n*10 + int64(s[i]-'0')
		if n > 1<<40 {
			return 1 << 40 // out of range; the checker reports it
		}
	}
	return n
}

// pieceGlyphs are the Unicode piece-type designators.
var pieceGlyphs = map[rune]PieceMask{
	'♔': 1 << bitboard.WhiteKing, '♕': 1 << bitboard.WhiteQueen, '♖': 1 << bitboard.WhiteRook,
	'♗': 1 << bitboard.WhiteBishop, '♘': 1 << bitboard.WhiteKnight, '♙': 1 << bitboard.WhitePawn,
	'♚': 1 << bitboard.BlackKing, '♛': 1 << bitboard.BlackQueen, '♜': 1 << bitboard.BlackRook,
	'♝': 1 << bitboard.BlackBishop, '♞': 1 << bitboard.BlackKnight, '♟': 1 << bitboard.BlackPawn,
	'△': MaskWhite, '▲': MaskBlack, '□': MaskEmpty, '◭': MaskWhite | MaskBlack,
}

// pieceLetterMask is the mask of an ASCII piece-type letter, 0 if none.
func pieceLetterMask(c byte) PieceMask {
	switch c {
	case 'A':
		return MaskWhite
	case 'a':
		return MaskBlack
	case '_':
		return MaskEmpty
	}
	if i := strings.IndexByte("PNBRQK", c); i >= 0 {
		return 1 << (i + 1)
	}
	if i := strings.IndexByte("pnbrqk", c); i >= 0 {
		return 1 << (i + 9)
	}
	return 0
}

// scanDesignator reads a piece designator: an optional piece-type part
// followed by an optional square part, at least one of them present.
// Designators win over identifiers (`a1`, `n`, `Ka1` are designators), but
// a word that continues with identifier characters (`Kasparov`, `all`) is
// not a designator.
func (lx *lexer) scanDesignator(t *Token) bool {
	rest := lx.text[lx.pos:]
	if strings.HasPrefix(rest, "[]") {
		t.Kind = TDesig
		t.Desig = Designator{Pieces: MaskAll, HasSquares: true}
		lx.pos += 2
		return true
	}
	if rest[0] == '.' {
		t.Kind = TDesig
		t.Desig = Designator{Pieces: MaskAll, Squares: bitboard.Full}
		lx.pos++
		return true
	}
	if r, size := utf8.DecodeRuneInString(rest); r == '▦' {
		t.Kind = TDesig
		t.Desig = Designator{Pieces: MaskAll, Squares: bitboard.Full}
		lx.pos += size
		return true
	}
	// Try piece part + square part and the square part alone, and take
	// the longer: `a1` is the square a1 (not black pieces followed by
	// "1"), `a-h1` is the first rank, `ab2` is a black piece on b2.
	d, end, ok := lx.pieceThenSquares(lx.pos)
	if sq, send, sok := lx.squarePart(lx.pos); sok && !lx.identAt(send) && (!ok || send > end) {
		d, end, ok = Designator{Pieces: MaskAll, Squares: sq, HasSquares: true}, send, true
	}
	if !ok {
		return false
	}
	t.Kind, t.Desig = TDesig, d
	lx.refuseDescendingRanges(lx.pos, end)
	lx.pos = end
	return true
}

// refuseDescendingRanges reports each range of the designator text
// [from, to) that goes down (`c8-2`, `h-a1`), which the official program
// refuses ("bad rank range"); the designator keeps the squares between
// the two ends. A dash in a designator is always a range's.
func (lx *lexer) refuseDescendingRanges(from, to int) {
	for i := from + 1; i+1 < to; i++ {
		if lx.text[i] != '-' {
			continue
		}
		lo, hi := lx.text[i-1], lx.text[i+1]
		if lo <= hi {
			continue
		}
		switch {
		case isFileChar(lo) && isFileChar(hi):
			lx.errorf(i-1, i+2, "descending file range %c-%c: a file range goes from a toward h (write %c-%c)", lo, hi, hi, lo)
		case isRankChar(lo) && isRankChar(hi):
			lx.errorf(i-1, i+2, "descending rank range %c-%c: a rank range goes from 1 toward 8 (write %c-%c)", lo, hi, hi, lo)
		}
	}
}

func isFileChar(c byte) bool { return c >= 'a' && c <= 'h' }
func isRankChar(c byte) bool { return c >= '1' && c <= '8' }

func (lx *lexer) pieceThenSquares(pos int) (Designator, int, bool) {
	mask, end, bracketed := lx.piecePart(pos)
	if mask == 0 {
		return Designator{}, 0, false
	}
	d := Designator{Pieces: mask, Squares: bitboard.Full, HasPieces: true}
	if sq, send, ok := lx.squarePart(end); ok {
		d.Squares, d.HasSquares = sq, true
		end = send
		bracketed = lx.text[send-1] == ']'
	}
	// A word such as "Kasparov" or "all" is an identifier, not K or a
	// followed by junk. After a closing bracket an identifier may follow
	// directly (`[Aa]x` declares a piece variable).
	if !bracketed && lx.identAt(end) {
		return Designator{}, 0, false
	}
	return d, end, true
}

// piecePart reads an ASCII letter, a run of Unicode piece glyphs, or a
// bracketed list such as [RNb_]. It returns the mask (0 if none), the end
// offset, and whether the part ended with a bracket or glyph.
func (lx *lexer) piecePart(pos int) (PieceMask, int, bool) {
	if pos >= len(lx.text) {
		return 0, pos, false
	}
	c := lx.text[pos]
	if c == '[' {
		var mask PieceMask
		i := pos + 1
		for i < len(lx.text) && lx.text[i] != ']' {
			m, size := lx.pieceChar(i)
			if m == 0 {
				return 0, pos, false
			}
			mask |= m
			i += size
		}
		if i >= len(lx.text) || i == pos+1 {
			return 0, pos, false
		}
		return mask, i + 1, true
	}
	if m := pieceLetterMask(c); m != 0 {
		return m, pos + 1, false
	}
	var mask PieceMask
	i := pos
	for i < len(lx.text) {
		r, size := utf8.DecodeRuneInString(lx.text[i:])
		m, ok := pieceGlyphs[r]
		if !ok {
			break
		}
		mask |= m
		i += size
	}
	return mask, i, mask != 0
}

func (lx *lexer) pieceChar(i int) (PieceMask, int) {
	if m := pieceLetterMask(lx.text[i]); m != 0 {
		return m, 1
	}
	r, size := utf8.DecodeRuneInString(lx.text[i:])
	return pieceGlyphs[r], size
}

// squarePart reads `e4`, `a-h4`, `e1-8`, `a-d1-4` or a bracketed,
// comma-separated list of those.
func (lx *lexer) squarePart(pos int) (bitboard.Set, int, bool) {
	if pos < len(lx.text) && lx.text[pos] == '[' {
		var set bitboard.Set
		i := pos + 1
		for {
			s, end, ok := lx.simpleSquares(i)
			if !ok {
				return 0, pos, false
			}
			set |= s
			i = end
			if i < len(lx.text) && lx.text[i] == ',' {
				i++
				continue
			}
			if i < len(lx.text) && lx.text[i] == ']' {
				return set, i + 1, true
			}
			return 0, pos, false
		}
	}
	return lx.simpleSquares(pos)
}

func (lx *lexer) simpleSquares(pos int) (bitboard.Set, int, bool) {
	f1, f2, i, ok := lx.rangeOf(pos, 'a', 'h')
	if !ok {
		return 0, pos, false
	}
	r1, r2, j, ok := lx.rangeOf(i, '1', '8')
	if !ok {
		return 0, pos, false
	}
	if f1 > f2 {
		f1, f2 = f2, f1
	}
	if r1 > r2 {
		r1, r2 = r2, r1
	}
	var set bitboard.Set
	for f := f1; f <= f2; f++ {
		for r := r1; r <= r2; r++ {
			set |= bitboard.SquareSet(bitboard.MakeSquare(f, r))
		}
	}
	return set, j, true
}

// rangeOf reads `x` or `x-y` with lo <= x,y <= hi, returning 0-based values.
func (lx *lexer) rangeOf(pos int, lo, hi byte) (int, int, int, bool) {
	in := func(i int) bool { return i < len(lx.text) && lx.text[i] >= lo && lx.text[i] <= hi }
	if !in(pos) {
		return 0, 0, pos, false
	}
	a := int(lx.text[pos] - lo)
	if pos+2 < len(lx.text) && lx.text[pos+1] == '-' && in(pos+2) {
		return a, int(lx.text[pos+2] - lo), pos + 3, true
	}
	return a, a, pos + 1, true
}

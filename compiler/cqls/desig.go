package cqls

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// CQL 3 piece designators: an optional piece part and an optional square
// part, as in CQL 6, but `.` is an EMPTY square (CQL 6 `_`), `?` is any
// piece or an empty square (CQL 6 `.`), `U` any piece, and in the square
// part `?` stands for every file or every rank (`?8`, `a?`, `?[3-6]`).
// File and rank parts may be ranges (`a-c`, `1-3`) or bracketed lists of
// them (`[bg]7`, `?[1-7]`); the square part may be a bracketed list of
// squares (`[f1,h1,h3]`, `[?2,?7]`).

// pieceMask is the mask of one piece letter of the old language, 0 if
// the character is none.
func pieceMask(c byte) syntax.PieceMask {
	switch c {
	case '.':
		return syntax.MaskEmpty
	case '?':
		return syntax.MaskAll
	case 'A':
		return syntax.MaskWhite
	case 'a':
		return syntax.MaskBlack
	case 'U':
		return syntax.MaskWhite | syntax.MaskBlack
	}
	for i, l := range "PNBRQK" {
		if byte(l) == c {
			return 1 << (i + 1)
		}
	}
	for i, l := range "pnbrqk" {
		if byte(l) == c {
			return 1 << (i + 9)
		}
	}
	return 0
}

// pieceGlyphs are the chess symbols CQL-S writes for the piece letters.
var pieceGlyphs = map[rune]byte{
	'♔': 'K', '♕': 'Q', '♖': 'R', '♗': 'B', '♘': 'N', '♙': 'P',
	'♚': 'k', '♛': 'q', '♜': 'r', '♝': 'b', '♞': 'n', '♟': 'p',
}

// asciiPieces spells the chess symbols of a word as piece letters.
func asciiPieces(w string) string {
	if utf8.ValidString(w) && strings.IndexFunc(w, func(r rune) bool { return r >= 0x80 }) < 0 {
		return w
	}
	var b strings.Builder
	for _, r := range w {
		if c, ok := pieceGlyphs[r]; ok {
			b.WriteByte(c)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// parseDesig reads a whole word as a designator.
func parseDesig(w string) (syntax.Designator, error) {
	w = asciiPieces(w)
	if strings.HasPrefix(w, "[") && strings.ContainsAny(w[:strings.IndexByte(w+"]", ']')], "+*") {
		return syntax.Designator{}, fmt.Errorf("'%s' names pieces in hand ([+], [*]): drops are a rule of Crazyhouse and Bughouse, and cqlvm reads standard chess only", w)
	}
	// Both readings, piece part first and square part alone, are tried;
	// the one that reads the whole word wins, the square reading first
	// (`a1` is a square, `a` black pieces).
	if sq, end, ok := squarePart(w, 0); ok && end == len(w) {
		return syntax.Designator{Pieces: syntax.MaskAll, Squares: sq, HasSquares: true}, nil
	}
	mask, end, ok := piecePart(w)
	if !ok {
		return syntax.Designator{}, fmt.Errorf("'%s' is not a piece designator", w)
	}
	d := syntax.Designator{Pieces: mask, Squares: bitboard.Full, HasPieces: true}
	if end == len(w) {
		return d, nil
	}
	sq, send, ok := squarePart(w, end)
	if !ok || send != len(w) {
		return syntax.Designator{}, fmt.Errorf("'%s' is not a piece designator: cannot read the squares '%s'", w, w[end:])
	}
	d.Squares, d.HasSquares = sq, true
	return d, nil
}

// piecePart reads one piece letter or a bracketed list of them.
func piecePart(w string) (syntax.PieceMask, int, bool) {
	if w == "" {
		return 0, 0, false
	}
	if w[0] != '[' {
		m := pieceMask(w[0])
		return m, 1, m != 0
	}
	var mask syntax.PieceMask
	i := 1
	for ; i < len(w) && w[i] != ']'; i++ {
		m := pieceMask(w[i])
		if m == 0 {
			return 0, 0, false
		}
		mask |= m
	}
	if i >= len(w) {
		return 0, 0, false
	}
	// `[]` is the empty piece list: no piece at all
	return mask, i + 1, true
}

// squarePart reads a square part from offset i: `[sq,sq,...]` or one
// file part followed by one rank part.
func squarePart(w string, i int) (bitboard.Set, int, bool) {
	if i < len(w) && w[i] == '[' {
		var set bitboard.Set
		j := i + 1
		for {
			s, end, ok := simpleSquares(w, j)
			if !ok {
				break
			}
			set |= s
			j = end
			if j < len(w) && w[j] == ',' {
				j++
				continue
			}
			if j < len(w) && w[j] == ']' {
				return set, j + 1, true
			}
			break
		}
		// not a list of squares: perhaps a list of files, `[bg]7`
	}
	return simpleSquares(w, i)
}

func simpleSquares(w string, i int) (bitboard.Set, int, bool) {
	files, j, ok := coordPart(w, i, 'a', 'h')
	if !ok {
		return 0, i, false
	}
	ranks, k, ok := coordPart(w, j, '1', '8')
	if !ok {
		return 0, i, false
	}
	var set bitboard.Set
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if files&(1<<f) != 0 && ranks&(1<<r) != 0 {
				set |= bitboard.SquareSet(bitboard.MakeSquare(f, r))
			}
		}
	}
	return set, k, true
}

// coordPart reads a file (lo 'a') or rank (lo '1') part: `x`, `x-y`, `?`
// or a bracketed list of those; the result has bit n for coordinate n.
func coordPart(w string, i int, lo, hi byte) (uint8, int, bool) {
	if i >= len(w) {
		return 0, i, false
	}
	if w[i] == '?' {
		return 0xff, i + 1, true
	}
	if w[i] != '[' {
		return coordRange(w, i, lo, hi)
	}
	var bits uint8
	j := i + 1
	for j < len(w) && w[j] != ']' {
		b, end, ok := coordRange(w, j, lo, hi)
		if !ok {
			return 0, i, false
		}
		bits |= b
		j = end
		if j < len(w) && w[j] == ',' {
			j++
		}
	}
	if j >= len(w) || bits == 0 {
		return 0, i, false
	}
	return bits, j + 1, true
}

func coordRange(w string, i int, lo, hi byte) (uint8, int, bool) {
	in := func(k int) bool { return k < len(w) && w[k] >= lo && w[k] <= hi }
	if !in(i) {
		return 0, i, false
	}
	a, b, end := w[i]-lo, w[i]-lo, i+1
	if i+2 < len(w) && w[i+1] == '-' && in(i+2) {
		b, end = w[i+2]-lo, i+3
	}
	if a > b {
		a, b = b, a
	}
	var bits uint8
	for c := a; c <= b; c++ {
		bits |= 1 << c
	}
	return bits, end, true
}

// isDesigWord reports whether a word reads as a designator (and so is not
// a range or some other argument).
func isDesigWord(w string) bool {
	_, err := parseDesig(w)
	return err == nil
}

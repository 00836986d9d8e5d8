package pgn

import "bytes"

// Lexical rules shared by the Reader (which must find where games end) and the
// Parser (which must read them): both have to agree on what is a comment, a
// tag, a token and a result, or a game would be cut in one place and parsed
// as if it ended in another.

// byteClass sorts bytes for the hot loops.
type byteClass uint8

const (
	clsToken   byteClass = iota // part of a token (move, number, glyph, result, garbage)
	clsSpace                    // separates tokens; commas count as spaces
	clsNewline                  // '\n' or '\r'
	clsDelim                    // a one-byte token of its own: { } ( ) [ ] ; $
)

var classOf = func() (t [256]byte) {
	for _, c := range " \t\f\v," {
		t[c] = byte(clsSpace)
	}
	t['\n'] = byte(clsNewline)
	t['\r'] = byte(clsNewline)
	for _, c := range "{}()[];$" {
		t[c] = byte(clsDelim)
	}
	return t
}()

func class(c byte) byteClass { return byteClass(classOf[c]) }

// isBlank reports whether c is a space, a comma or a line break.
func isBlank(c byte) bool {
	k := class(c)
	return k == clsSpace || k == clsNewline
}

// tokenEnd returns the end of the token that starts at data[i]: the first
// space, line break or delimiter at or after i, or len(data).
func tokenEnd(data []byte, i int) int {
	for i < len(data) && classOf[data[i]] == byte(clsToken) {
		i++
	}
	return i
}

// Results as the Game records them.
const (
	resultWhite   = "1-0"
	resultBlack   = "0-1"
	resultDraw    = "1/2-1/2"
	resultUnknown = "*"
)

// parseResult reports whether tok is a game termination marker, and which.
// Besides the four standard markers it accepts "1/2" and "½-½" for a draw,
// en dashes or other Unicode hyphens in place of '-', in UTF-8 or in
// Windows-1252 (0xBD is '½', 0x96 the en dash), and the forfeits "+--"
// (White wins) and "--+" (Black wins).
func parseResult(tok []byte) (string, bool) {
	if len(tok) == 0 || isLetter(tok[0]) || tok[len(tok)-1] == '.' || len(tok) > 16 { // moves, move numbers
		return "", false
	}
	if r, ok := resultSpelling(tok); ok || isASCII(tok) {
		return r, ok
	}
	var buf [32]byte
	return resultSpelling(normalizeDashes(buf[:0], tok))
}

// resultSpelling recognises the ASCII spellings of results.
func resultSpelling(tok []byte) (string, bool) {
	switch string(tok) {
	case resultWhite, "+--": // "+--": a forfeit, as ChessBase writes it
		return resultWhite, true
	case resultBlack, "--+":
		return resultBlack, true
	case resultDraw, "1/2":
		return resultDraw, true
	case resultUnknown:
		return resultUnknown, true
	}
	return "", false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// normalizeDashes appends tok to dst with Unicode hyphens and dashes turned
// into '-' and the fraction '½' into "1/2".
func normalizeDashes(dst, tok []byte) []byte {
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < 0x80 {
			dst = append(dst, c)
			continue
		}
		switch {
		case c == 0xC2 && i+1 < len(tok) && tok[i+1] == 0xBD: // ½
			dst = append(dst, "1/2"...)
			i++
		case c == 0xE2 && i+2 < len(tok) && tok[i+1] == 0x80 && tok[i+2] >= 0x90 && tok[i+2] <= 0x95: // U+2010..U+2015
			dst = append(dst, '-')
			i += 2
		case c == 0xE2 && i+2 < len(tok) && tok[i+1] == 0x88 && tok[i+2] == 0x92: // U+2212 minus sign
			dst = append(dst, '-')
			i += 2
		case c == 0xBD: // Windows-1252 ½
			dst = append(dst, "1/2"...)
		case c == 0x96 || c == 0x97: // Windows-1252 en and em dash
			dst = append(dst, '-')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// isFirstMoveNumber reports whether tok is "1." or starts with "1." followed
// by a move ("1.e4"), but not "1..." (a Black move, which cannot start a
// tagless game).
func isFirstMoveNumber(tok []byte) bool {
	return len(tok) >= 2 && tok[0] == '1' && tok[1] == '.' && (len(tok) == 2 || tok[2] != '.')
}

// isWrapper reports whether data[i:] starts with the forum wrapper "[pgn]" or
// "[/pgn]", which some sites put around a game; it returns the wrapper's length.
func isWrapper(data []byte, i int) (int, bool) {
	rest := data[i:]
	for _, w := range [...]string{"[pgn]", "[/pgn]"} {
		if len(rest) >= len(w) && string(rest[:len(w)]) == w {
			return len(w), true
		}
	}
	return 0, false
}

// skipTag returns the end of the tag that starts with the '[' at data[i]:
// just after its closing ']', or at the line break that ends an unterminated
// tag (a tag never spans lines), or len(data). A ']' inside the quoted value
// does not close the tag; backslash escapes the next byte inside the value.
// closed reports whether the ']' was found.
func skipTag(data []byte, i int) (end int, closed bool) {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\n', '\r':
			return j, false
		case ']':
			return j + 1, true
		case '"':
			if j = quotedEnd(data, j); j >= len(data) || data[j] != '"' {
				return j, false
			}
		}
	}
	return len(data), false
}

// quotedEnd returns the index of the '"' that closes the string opened at
// data[i], or of the line break or end of data that comes first.
func quotedEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '"', '\n', '\r':
			return j
		case '\\':
			if j+1 < len(data) && data[j+1] != '\n' && data[j+1] != '\r' {
				j++
			}
		}
	}
	return len(data)
}

// lineEnd returns the index of the first line break at or after i, or len(data).
func lineEnd(data []byte, i int) int {
	if k := bytes.IndexAny(data[i:], "\r\n"); k >= 0 {
		return i + k
	}
	return len(data)
}

// commentEnd returns the index just after the '}' that closes the brace
// comment opened at data[i], or -1 when the comment is not closed.
func commentEnd(data []byte, i int) int {
	if k := bytes.IndexByte(data[i+1:], '}'); k >= 0 {
		return i + 1 + k + 1
	}
	return -1
}

package pgn

import "bytes"

// gameSkip walks through the rest of a game that is over the game-bytes
// limit to find where the next game starts, a piece of input at a time,
// so that the Reader never holds more of the game than the limit. It
// follows the rules of cutGame where they decide where a game ends (a
// tag after movetext, a result outside variations, a first move number
// after an empty line, comments that hide all of these) with a few
// bytes of state instead of the game's bytes. It only has to be right
// for the games that reach it, which real files do not have.
type gameSkip struct {
	state     skipState
	lineStart bool // only blanks since the start of the line
	lastCR    bool // the last byte seen is '\r'
	breaks    int  // line breaks since the last element
	movetext  bool // a move, a comment or a parenthesis was seen
	tags      bool // a tag was seen
	depth     int  // open variations
	// in a tag: inside its quoted value, after a backslash there
	quoted, escaped bool
	// inToken: the data ended inside a token too long to end a game,
	// whose rest comes first in the next piece; full: the data of this
	// call fill the Reader's buffer, so none of it can be given again
	inToken, full bool
}

type skipState uint8

const (
	skipPlain   skipState = iota
	skipBrace             // in a brace comment, up to the '}'
	skipLine              // in a ';' comment or an escape line, up to the line break
	skipTagPair           // in a tag, up to its ']' or the line break
)

// longestDeciding is longer than any token that can end a game (results,
// first move numbers): a longer token cut by the end of the data is
// skipped at once instead of being kept for the next piece.
const longestDeciding = 64

func newGameSkip(col0 bool) *gameSkip { return &gameSkip{lineStart: col0} }

// scan walks data, the input that follows what earlier calls consumed;
// full says that data fill the Reader's buffer. It returns how many bytes
// it consumed and whether the next game starts there; when it does not,
// the bytes from n on (at most a short token) must be given again with
// what follows.
func (s *gameSkip) scan(data []byte, atEOF, full bool) (n int, found bool) {
	i := 0
	s.full = full
	if s.inToken {
		i = tokenEnd(data, 0)
		if i == len(data) {
			return i, false
		}
		s.inToken = false
	}
	for i < len(data) {
		switch s.state {
		case skipBrace:
			k := bytes.IndexByte(data[i:], '}')
			if k < 0 {
				return len(data), false
			}
			i += k + 1
			s.state = skipPlain
			continue
		case skipLine, skipTagPair:
			k := s.lineRestEnd(data[i:])
			if k < 0 {
				return len(data), false
			}
			i += k
			s.state = skipPlain
			continue
		}
		c := data[i]
		switch class(c) {
		case clsNewline:
			if c == '\r' || !s.lastCR {
				s.breaks++
			}
			s.lastCR = c == '\r'
			s.lineStart = true
			i++
			continue
		case clsSpace:
			s.lastCR = false
			i++
			continue
		}
		s.lastCR = false
		next, ends, more := s.element(data, i, atEOF)
		if more {
			return i, false
		}
		if ends {
			return next, true
		}
		s.lineStart, s.breaks = false, 0
		i = next
	}
	return len(data), false
}

// lineRestEnd is where the line (or the tag) being skipped ends in b: the
// index of the line break (or just after the tag's ']'), or -1.
func (s *gameSkip) lineRestEnd(b []byte) int {
	if s.state != skipTagPair {
		return bytes.IndexAny(b, "\r\n")
	}
	for j := 0; j < len(b); j++ { // as skipTag: a ']' in the quoted value does not close the tag
		switch c := b[j]; {
		case c == '\n' || c == '\r':
			return j
		case s.escaped:
			s.escaped = false
		case c == '\\' && s.quoted:
			s.escaped = true
		case c == '"':
			s.quoted = !s.quoted
		case c == ']' && !s.quoted:
			return j + 1
		}
	}
	return -1
}

// element looks at the element that starts with the non-blank byte
// data[i]: it returns where the walk goes on, or, with ends, where the
// next game starts. more asks for the bytes after data.
func (s *gameSkip) element(data []byte, i int, atEOF bool) (next int, ends, more bool) {
	c := data[i]
	switch {
	case c == '{':
		s.state, s.movetext = skipBrace, true
	case c == ';':
		s.state = skipLine
	case c == '%' && s.lineStart:
		s.state = skipLine
	case c == '[':
		if s.lineStart && (s.movetext || s.tags && s.breaks >= 2) {
			return i, true, false
		}
		if !s.movetext {
			s.state, s.tags = skipTagPair, true
			s.quoted, s.escaped = false, false
		}
	case c == '(':
		s.depth++
		s.movetext = true
	case c == ')':
		s.depth = max(s.depth-1, 0)
		s.movetext = true
	case class(c) == clsToken:
		e := tokenEnd(data, i)
		if e == len(data) && !atEOF {
			if e-i < longestDeciding && (i > 0 || !s.full) {
				return 0, false, true
			}
			s.inToken, s.movetext = true, true // too long to end a game
			return e, false, false
		}
		tok := data[i:e]
		if _, ok := parseResult(tok); ok && s.depth == 0 {
			return e, true, false
		}
		if s.lineStart && s.breaks >= 2 && s.movetext && s.depth == 0 && isFirstMoveNumber(tok) {
			return i, true, false
		}
		s.movetext = true
		return e, false, false
	}
	return i + 1, false, false
}

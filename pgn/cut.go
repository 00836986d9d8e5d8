package pgn

// maxTagNames bounds the tag names a cut remembers to spot a repeated tag;
// the tag sections of real games are far shorter.
const maxTagNames = 64

// gameCut is the state of cutGame while it walks through one game.
type gameCut struct {
	data      []byte
	atEOF     bool // data holds the rest of the input
	lastEnd   int  // end of the last byte that belongs to the game
	lineStart bool // only blanks since the start of the current line
	col0      bool // the next byte is the first of its line
	breaks    int  // line breaks since the last byte of the game
	movetext  bool // a token or parenthesis outside tags and comments was seen
	depth     int  // open variations
	nTags     int
	tags      [maxTagNames][2]int32 // name spans of the tags seen, for repeats
}

// cutGame finds the end of the game that starts at data[0], a byte that is
// not blank; col0 tells whether data[0] starts a line. It returns the
// length of the game's bytes (without trailing blanks) and where the search
// for the next game resumes. ok is false when data ends before the game can
// be seen to end and atEOF is false: then more input is needed and cutGame
// must be called again on the longer data.
func cutGame(data []byte, col0, atEOF bool) (length, next int, ok bool) {
	return cutGameRuns(data, col0, atEOF, true)
}

// cutGameRuns is cutGame; with runs false it walks movetext token by token,
// the plain reading that the tests hold the run-skipping one to.
func cutGameRuns(data []byte, col0, atEOF, runs bool) (length, next int, ok bool) {
	c := gameCut{data: data, atEOF: atEOF, lineStart: true, col0: col0}
	i := 0
	for i < len(data) {
		b := data[i]
		switch class(b) {
		case clsNewline:
			if !(b == '\n' && i > 0 && data[i-1] == '\r') {
				c.breaks++
			}
			c.lineStart, c.col0 = true, true
			i++
			continue
		case clsSpace:
			c.col0 = false
			i++
			continue
		case clsToken:
			if isLetter(b) { // a move: the common case, kept out of step
				j := tokenEnd(data, i)
				if runs {
					j = plainRunEnd(data, i, j)
				}
				if c.truncated(j) {
					return 0, 0, false
				}
				c.movetext = true
				c.lastEnd, c.breaks = trimSpaceEnd(data, i, j), 0
				c.lineStart, c.col0 = false, false
				i = j
				continue
			}
		}
		j, state := c.step(i)
		switch state {
		case stepNeedMore:
			return 0, 0, false
		case stepGameEnds:
			return c.lastEnd, i, true
		case stepResult:
			end, next, more := c.afterResult(j)
			if more {
				return 0, 0, false
			}
			return end, next, true
		case stepIgnored: // an escape line is not content, but not an empty line either
			c.breaks = 0
		case stepContent:
			c.lastEnd = j
			c.breaks = 0
		}
		c.lineStart, c.col0 = false, false
		i = j
	}
	if !atEOF {
		return 0, 0, false
	}
	return c.lastEnd, len(data), true
}

// plainBytes are the bytes of a stretch of movetext in which every token is
// content: spaces, and the ASCII token bytes that no result can do
// without. A token made of them is a move, a move number or garbage, and
// none of those ends a game unless it opens a line.
var plainBytes = func() (t [256]bool) {
	for c := 0; c < 0x80; c++ {
		k := class(byte(c))
		t[c] = k == clsSpace || k == clsToken && c != '-' && c != '/' && c != '*'
	}
	return t
}()

// plainRunEnd extends the move data[i:tokEnd] over the plain tokens after
// it on the same line, up to the start of the first token that is not
// plain. Most lines of movetext are one move number and such a run, so
// the cutter looks at their bytes once, and at no token.
func plainRunEnd(data []byte, i, tokEnd int) int {
	j := tokEnd
	for j < len(data) && plainBytes[data[j]] {
		j++
	}
	if j < len(data) && class(data[j]) == clsToken { // stopped inside a token: leave it whole to step
		for j > tokEnd && class(data[j-1]) == clsToken {
			j--
		}
	}
	return j
}

// trimSpaceEnd returns the end of data[i:j] without its trailing spaces;
// data[i] is not a space.
func trimSpaceEnd(data []byte, i, j int) int {
	for j > i && class(data[j-1]) == clsSpace {
		j--
	}
	return j
}

type stepState uint8

const (
	stepContent  stepState = iota // the bytes belong to the game
	stepIgnored                   // an escape line: skipped, not content
	stepNeedMore                  // the element may run past the end of the data
	stepGameEnds                  // a new game starts at this byte
	stepResult                    // a result token ends the game
)

// step looks at the element that starts with the non-blank byte data[i] and
// returns its end.
func (c *gameCut) step(i int) (int, stepState) {
	data := c.data
	switch data[i] {
	case '%':
		if !c.col0 {
			break
		}
		e := lineEnd(data, i)
		if c.truncated(e) {
			return e, stepNeedMore
		}
		return e, stepIgnored
	case '{':
		e := commentEnd(data, i)
		if e < 0 { // unterminated: the game runs to the end, the parser reports it
			e = len(data)
		}
		if c.truncated(e) {
			return e, stepNeedMore
		}
		return e, stepContent
	case ';':
		e := lineEnd(data, i)
		if c.truncated(e) {
			return e, stepNeedMore
		}
		return e, stepContent
	case '[':
		return c.bracket(i)
	case '(':
		c.depth++
		c.movetext = true
		return i + 1, stepContent
	case ')':
		if c.depth > 0 {
			c.depth--
		}
		c.movetext = true
		return i + 1, stepContent
	}
	if class(data[i]) == clsDelim { // a stray '}', ']' or '$'
		c.movetext = true
		return i + 1, stepContent
	}
	return c.token(i)
}

// bracket handles a '[': a tag, a wrapper, or the start of the next game.
func (c *gameCut) bracket(i int) (int, stepState) {
	data := c.data
	if n, ok := isWrapper(data, i); ok {
		if c.lineStart && c.movetext && data[i+1] != '/' {
			return i, stepGameEnds
		}
		return i + n, stepContent
	}
	if len(data)-i < 6 && !c.atEOF && isWrapperPrefix(data[i:]) {
		return len(data), stepNeedMore
	}
	if c.lineStart && c.movetext {
		return i, stepGameEnds
	}
	if c.movetext { // a '[' inside movetext: garbage for the parser to report
		return i + 1, stepContent
	}
	name := tagName(data, i)
	if c.lineStart && c.breaks >= 2 && c.repeatsTag(name) {
		return i, stepGameEnds
	}
	e, _ := skipTag(data, i)
	if c.truncated(e) {
		return e, stepNeedMore
	}
	c.rememberTag(name)
	return e, stepContent
}

// isWrapperPrefix reports whether b could be the start of "[pgn]" or "[/pgn]".
func isWrapperPrefix(b []byte) bool {
	for _, w := range [...]string{"[pgn]", "[/pgn]"} {
		if len(b) < len(w) && string(b) == w[:len(b)] {
			return true
		}
	}
	return false
}

// token handles a run of token bytes: a result ends the game, a first move
// number after an empty line starts the next one.
func (c *gameCut) token(i int) (int, stepState) {
	data := c.data
	e := tokenEnd(data, i)
	if c.truncated(e) {
		return e, stepNeedMore
	}
	tok := data[i:e]
	hadMovetext := c.movetext
	c.movetext = true
	if isLetter(tok[0]) { // a move, the common case
		return e, stepContent
	}
	if _, ok := parseResult(tok); ok && c.depth == 0 {
		return e, stepResult
	}
	if c.lineStart && c.breaks >= 2 && hadMovetext && c.depth == 0 && isFirstMoveNumber(tok) {
		return i, stepGameEnds
	}
	return e, stepContent
}

// truncated reports whether an element that reaches e might continue in
// input not yet read.
func (c *gameCut) truncated(e int) bool { return e == len(c.data) && !c.atEOF }

// longEscape is an escape line after a result too long to wait for its
// end: the game ends before it, whatever follows it (a Reader's buffer
// can hold no more than a game and its lookahead).
const longEscape = 4 << 10

// afterResult decides where a game whose result token ends at data[j]
// ends. Comments after the result belong to the game when a tag or the end
// of the input follows them (engine logs put a summary there); when
// movetext follows, they open the next game. more reports that the data
// ended before this could be decided.
func (c *gameCut) afterResult(j int) (end, next int, more bool) {
	data := c.data
	end = j
	col0 := false
	for k := j; k < len(data); {
		b := data[k]
		switch {
		case isBlank(b):
			col0 = b == '\n' || b == '\r'
			k++
			continue
		case b == '%' && col0, b == ';':
			e := lineEnd(data, k)
			if c.truncated(e) && b == '%' && e-k > longEscape {
				return j, k, false // not content: left for the Reader to pass by
			}
			if c.truncated(e) {
				return 0, 0, true
			}
			if b == ';' {
				end = e
			}
			k = e
		case b == '{':
			e := commentEnd(data, k)
			if e < 0 && !c.atEOF {
				return 0, 0, true
			}
			if e < 0 { // unterminated: the next game reports it
				return j, j, false
			}
			end, k = e, e
		case b == '[':
			if n, ok := isWrapper(data, k); ok && data[k+1] == '/' {
				end, k = k+n, k+n
				break
			}
			if !c.atEOF && isWrapperPrefix(data[k:]) {
				return 0, 0, true
			}
			return end, k, false
		default:
			return j, j, false
		}
		col0 = false
	}
	if !c.atEOF {
		return 0, 0, true
	}
	return end, len(data), false
}

// tagName returns the span of the name of the tag that starts at data[i].
func tagName(data []byte, i int) [2]int32 {
	s := i + 1
	for s < len(data) && class(data[s]) == clsSpace {
		s++
	}
	e := s
	for e < len(data) && class(data[e]) == clsToken && data[e] != '"' {
		e++
	}
	return [2]int32{int32(s), int32(e)}
}

func (c *gameCut) rememberTag(name [2]int32) {
	if c.nTags < maxTagNames && name[1] > name[0] {
		c.tags[c.nTags] = name
		c.nTags++
	}
}

func (c *gameCut) repeatsTag(name [2]int32) bool {
	n := c.data[name[0]:name[1]]
	for _, t := range c.tags[:c.nTags] {
		if string(c.data[t[0]:t[1]]) == string(n) {
			return true
		}
	}
	return false
}

package pgn

import (
	"fmt"
	"unicode/utf8"

	"github.com/cqlvm/cqlvm/limits"
)

// Parser turns RawGames into Games. Its zero value is ready to use; it keeps
// scratch memory between games, so one Parser belongs to one goroutine.
type Parser struct {
	// tagText holds the text of the tag values of the game being read,
	// tagValues which tag's it is (setTagValues)
	tagText   []byte
	tagValues []tagSpan
	// CastlingFromPlacement makes a FEN setup's castling rights those its
	// piece placement allows (king and rook on their home squares),
	// whatever its castling field says. The official CQL program reads
	// FENs that way; cqlvm sets this to give the same answers.
	CastlingFromPlacement bool
	// Limits are the limits in force (nil: the defaults): a game with
	// more moves than game-positions or variations nested deeper than
	// variation-depth gets an error naming the limit and no positions.
	Limits *limits.Values

	raw  *RawGame
	g    *Game
	skim bool // ParseHeader: read the movetext without playing its moves
	data []byte
	err  *Error // the game's error, once one is found

	// the game-positions and variation-depth limits, and the moves read
	maxMoves, maxDepth, moves int

	// Movetext state.
	cur       int32       // the node the next move continues from
	lineMoved bool        // the current line (mainline or variation) has a move
	marker    bool        // the last token was a move number or a parenthesis
	pending   []string    // comments waiting for the next move (its PreComments)
	open      []openParen // the variations being read, innermost last
	lastChild []int32     // per node, its last child so far
	branched  bool        // some node has more than one child

	utf8State int8  // whether data is valid UTF-8: 0 not known yet, 1 yes, -1 no
	tagAt     []int // offset of each tag in data, for messages about tags
	scratch   []byte
	decoded   []byte    // a text decoded from Windows-1252
	arena     textArena // the strings of comments and tags
	spare     []Node    // the other half of the double buffer used by renumber
	order     []int32
}

// openParen is an open variation: where it was opened and the move it is
// an alternative to, where the enclosing line goes on when it closes.
type openParen struct {
	at  int   // offset of the '('
	cur int32 // the move the variation is an alternative to
}

// Parse reads raw into g, reusing g's backing arrays. Problems are recorded
// in g.Errors; Parse never panics and never fails as a whole.
func (p *Parser) Parse(raw *RawGame, g *Game) {
	p.dropHugeArrays(g)
	g.Reset()
	g.Number, g.File, g.Offset, g.Line = raw.Number, raw.File, raw.Offset, raw.Line
	if raw.Err != nil { // not read: over game-bytes
		g.Errors = append(g.Errors, raw.Err)
		return
	}
	p.maxMoves, p.maxDepth, p.moves = p.Limits.Int(limits.GamePositions), p.Limits.Int(limits.VariationDepth), 0
	p.raw, p.g, p.data, p.err = raw, g, raw.Data, nil
	p.utf8State = 0
	p.tagAt = p.tagAt[:0]
	p.pending = p.pending[:0]
	p.open = p.open[:0]
	p.lastChild = p.lastChild[:0]
	p.branched = false

	var rootComments []string
	i := p.tagSection(&rootComments)
	if p.err == nil {
		p.setupRoot(rootComments)
	}
	if p.err == nil {
		p.movetext(i)
		p.finishMovetext()
	}
	if p.err != nil {
		g.Errors = append(g.Errors, p.err)
		if p.err.Limit != nil { // skipped, not searched up to the error
			g.Nodes = g.Nodes[:0]
		}
	}
	if p.branched && len(g.Nodes) > 0 {
		p.renumber()
	}
	p.raw, p.g, p.data = nil, nil, nil
}

// ParseHeader reads only what a game says about itself: its tags, its
// start position (g.Nodes holds just the root) and the movetext's result,
// without playing the moves, which is most of the work of Parse. A query
// whose game-level conditions (tags, result, game number) fail can skip
// the game after this. Move errors are not found here.
func (p *Parser) ParseHeader(raw *RawGame, g *Game) {
	p.skim = true
	p.Parse(raw, g)
	p.skim = false
	if len(g.Nodes) > 1 {
		g.Nodes = g.Nodes[:1]
		g.Nodes[0].FirstChild = -1
	}
}

// keptNodes is the most nodes a Parser and its Game keep for the next
// game: the arrays of a huge game are let go rather than held for the
// rest of the run.
const keptNodes = 1 << 16

func (p *Parser) dropHugeArrays(g *Game) {
	if cap(g.Nodes) > keptNodes {
		g.Nodes = nil
	}
	if cap(p.spare) > keptNodes {
		p.spare = nil
	}
	if cap(p.lastChild) > keptNodes || cap(p.order) > keptNodes {
		p.lastChild, p.order = nil, nil
	}
}

// overLimit records that the game is over limit id, at data offset at.
func (p *Parser) overLimit(at int, id limits.ID, detail string) {
	p.fail(at, "")
	if lim := p.Limits.Exceeded(id, detail); p.err.Msg == "" {
		p.err.Msg, p.err.Limit = lim.Error(), lim
	}
}

// fail records the game's error at data offset at, unless one is recorded.
func (p *Parser) fail(at int, format string, args ...any) {
	if p.err != nil {
		return
	}
	line, col := p.position(at)
	p.err = &Error{
		File:   p.raw.File,
		Game:   p.raw.Number,
		Line:   line,
		Col:    col,
		Offset: p.raw.Offset + int64(at),
		Msg:    clipText(fmt.Sprintf(format, clipArgs(args)...), maxMessageBytes),
	}
}

// An error message echoes the text it is about (a token, a tag's value),
// which a hostile game can make megabytes long: the echo is cut to
// maxEchoBytes, the whole message to maxMessageBytes, so that one game
// gives one line of a readable length.
const maxEchoBytes, maxMessageBytes = 80, 300

// clipArgs cuts the text arguments of a message (strings, byte slices,
// errors) to maxEchoBytes.
func clipArgs(args []any) []any {
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = clipText(v, maxEchoBytes)
		case []byte:
			args[i] = clipText(v, maxEchoBytes)
		case error:
			args[i] = clipText(v.Error(), maxEchoBytes)
		}
	}
	return args
}

// clipText is s, cut to at most n bytes on a character boundary with
// the number of bytes left out.
func clipText[T string | []byte](s T, n int) string {
	if len(s) <= n {
		return string(s)
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return string(s[:cut]) + fmt.Sprintf("... (%d bytes more)", len(s)-cut)
}

// position converts a data offset into a file line and column.
func (p *Parser) position(at int) (line, col int) {
	line = max(p.raw.Line, 1)
	lineStart := -1 // data offset where the line of at starts; -1: before data
	for i := 0; i < at && i < len(p.data); i++ {
		c := p.data[i]
		if c == '\n' && i > 0 && p.data[i-1] == '\r' {
			lineStart = i + 1
			continue
		}
		if c == '\n' || c == '\r' {
			line++
			lineStart = i + 1
		}
	}
	if lineStart < 0 {
		startCol := p.raw.Col
		if startCol < 1 {
			startCol = 1
		}
		return line, startCol + at
	}
	return line, at - lineStart + 1
}

// atLineStart reports whether data[i] is the first byte of a line.
func (p *Parser) atLineStart(i int) bool {
	if i == 0 {
		return p.raw.Col <= 1
	}
	c := p.data[i-1]
	return c == '\n' || c == '\r'
}

// text converts bytes of the game to a string, decoding Windows-1252 when
// the game is not valid UTF-8.
func (p *Parser) text(b []byte) string {
	if isASCII(b) || p.isUTF8() {
		return p.arena.string(b)
	}
	p.decoded = appendCP1252(p.decoded[:0], b)
	return p.arena.string(p.decoded)
}

func (p *Parser) isUTF8() bool {
	if p.utf8State == 0 {
		p.utf8State = -1
		if utf8.Valid(p.data) {
			p.utf8State = 1
		}
	}
	return p.utf8State > 0
}

// comment reads the brace or semicolon comment at data[i]. Runs of blanks
// inside it become one space and the ends are trimmed, so that a comment
// keeps its text however it is wrapped across lines.
func (p *Parser) comment(i int) (string, int) {
	data := p.data
	var body []byte
	var end int
	if data[i] == ';' {
		end = lineEnd(data, i)
		body = data[i+1 : end]
	} else {
		end = commentEnd(data, i)
		if end < 0 {
			p.fail(i, "unterminated comment")
			return "", len(data)
		}
		body = data[i+1 : end-1]
	}
	return p.text(squeezeBlanks(&p.scratch, body)), end
}

// squeezeBlanks returns b with its ends trimmed and each run of spaces, tabs
// and line breaks replaced by one space; it uses *buf only when it must,
// and then copies the words between the blanks whole.
func squeezeBlanks(buf *[]byte, b []byte) []byte {
	for len(b) > 0 && commentBlank[b[0]] {
		b = b[1:]
	}
	for len(b) > 0 && commentBlank[b[len(b)-1]] {
		b = b[:len(b)-1]
	}
	k := 0 // the first blank that is not a single space
	for ; k < len(b); k++ {
		if c := b[k]; commentBlank[c] && (c != ' ' || commentBlank[b[k+1]]) {
			break
		}
	}
	if k == len(b) {
		return b
	}
	out := append((*buf)[:0], b[:k]...)
	for k < len(b) { // at a run of blanks, which the trimmed b ends before
		out = append(out, ' ')
		for commentBlank[b[k]] {
			k++
		}
		word := k
		for k < len(b) && !commentBlank[b[k]] {
			k++
		}
		out = append(out, b[word:k]...)
	}
	*buf = out
	return out
}

// commentBlank marks the blanks inside a comment (where a comma is text).
var commentBlank = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true, '\v': true}

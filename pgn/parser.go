package pgn

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"cqlvm/bitboard"
)

// Parser turns RawGames into Games. Its zero value is ready to use; it keeps
// scratch memory between games, so one Parser belongs to one goroutine.
type Parser struct {
	raw  *RawGame
	g    *Game
	data []byte
	err  *Error // the game's error, once one is found

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
	spare     []Node // the other half of the double buffer used by renumber
	order     []int32
}

// openParen is an open variation: where it was opened and what to restore
// when it closes.
type openParen struct {
	at        int   // offset of the '('
	cur       int32 // the move the variation is an alternative to
	lineMoved bool
}

// Parse reads raw into g, reusing g's backing arrays. Problems are recorded
// in g.Errors; Parse never panics and never fails as a whole.
func (p *Parser) Parse(raw *RawGame, g *Game) {
	g.Reset()
	g.Number, g.File, g.Offset, g.Line = raw.Number, raw.File, raw.Offset, raw.Line
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
	}
	if p.branched {
		p.renumber()
	}
	p.raw, p.g, p.data = nil, nil, nil
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
		Msg:    fmt.Sprintf(format, args...),
	}
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

// tagSection reads the tags and the comments around them, up to the first
// movetext byte, whose offset it returns.
func (p *Parser) tagSection(comments *[]string) int {
	data := p.data
	i := 0
	for i < len(data) && p.err == nil {
		c := data[i]
		switch {
		case isBlank(c):
			i++
		case c == '%' && p.atLineStart(i):
			i = lineEnd(data, i)
		case c == '{' || c == ';':
			var text string
			text, i = p.comment(i)
			*comments = append(*comments, text)
		case c == '[':
			if n, ok := isWrapper(data, i); ok {
				i += n
				continue
			}
			i = p.tag(i)
		default:
			return i
		}
	}
	return i
}

// tag reads the tag that starts with the '[' at data[i] and returns its end.
// A tag never spans lines: one that lacks its closing ']' ends with its line,
// and a value that lacks its closing quote ends at the last ']' of the line;
// a tag that lacks both is an error.
func (p *Parser) tag(i int) int {
	data := p.data
	end, _ := skipTag(data, i)
	j := i + 1
	for j < end && class(data[j]) == clsSpace {
		j++
	}
	nameStart := j
	for j < end && class(data[j]) == clsToken && data[j] != '"' {
		j++
	}
	name := data[nameStart:j]
	for j < end && class(data[j]) == clsSpace {
		j++
	}
	if len(name) == 0 || j >= end || data[j] != '"' {
		p.fail(i, "malformed tag")
		return end
	}
	valueStart := j + 1
	valueEnd, quoted := closingQuote(data, valueStart, end)
	if quoted {
		k := valueEnd + 1
		for k < end && class(data[k]) == clsSpace {
			k++
		}
		if k < end && data[k] != ']' {
			p.fail(k, "malformed tag")
			return end
		}
	} else {
		// The closing quote is missing: the value runs to the last ']' of
		// the line, if there is one.
		rb := lastByte(data[valueStart:end], ']')
		if rb < 0 {
			p.fail(i, "unterminated tag")
			return end
		}
		valueEnd = valueStart + rb
	}
	p.g.Tags = append(p.g.Tags, Tag{Name: p.tagName(name), Value: p.tagValue(data[valueStart:valueEnd])})
	p.tagAt = append(p.tagAt, i)
	return end
}

// closingQuote finds the unescaped '"' that closes a tag value starting at
// data[from], before end.
func closingQuote(data []byte, from, end int) (int, bool) {
	for k := from; k < end; k++ {
		switch data[k] {
		case '\\':
			k++
		case '"':
			return k, true
		}
	}
	return end, false
}

// lastByte is the index of the last c in b, or -1.
func lastByte(b []byte, c byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == c {
			return i
		}
	}
	return -1
}

// commonTagNames avoids allocating the names that nearly every game has.
var commonTagNames = func() map[string]string {
	m := map[string]string{}
	for _, n := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"ECO", "WhiteElo", "BlackElo", "PlyCount", "EventDate", "FEN", "SetUp", "Variant",
		"Annotator", "TimeControl", "Termination", "Opening", "Source", "WhiteTitle", "BlackTitle"} {
		m[n] = n
	}
	return m
}()

func (p *Parser) tagName(b []byte) string {
	if s, ok := commonTagNames[string(b)]; ok {
		return s
	}
	return p.text(b)
}

// tagValue decodes a tag value: the escapes \" and \\, and the encoding.
func (p *Parser) tagValue(b []byte) string {
	if lastByte(b, '\\') < 0 {
		return p.text(b)
	}
	buf := p.scratch[:0]
	for k := 0; k < len(b); k++ {
		if b[k] == '\\' && k+1 < len(b) && (b[k+1] == '"' || b[k+1] == '\\') {
			k++
		}
		buf = append(buf, b[k])
	}
	p.scratch = buf
	return p.text(buf)
}

// text converts bytes of the game to a string, decoding Windows-1252 when
// the game is not valid UTF-8.
func (p *Parser) text(b []byte) string {
	if isASCII(b) || p.isUTF8() {
		return string(b)
	}
	return string(appendCP1252(nil, b))
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
// and line breaks replaced by one space; it uses *buf only when it must.
func squeezeBlanks(buf *[]byte, b []byte) []byte {
	for len(b) > 0 && isCommentBlank(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isCommentBlank(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	clean := true
	for k, c := range b {
		if isCommentBlank(c) && (c != ' ' || isCommentBlank(b[k+1])) {
			clean = false
			break
		}
	}
	if clean {
		return b
	}
	out := (*buf)[:0]
	for k := 0; k < len(b); k++ {
		if !isCommentBlank(b[k]) {
			out = append(out, b[k])
			continue
		}
		out = append(out, ' ')
		for k+1 < len(b) && isCommentBlank(b[k+1]) {
			k++
		}
	}
	*buf = out
	return out
}

// isCommentBlank is a blank inside a comment (where a comma is text).
func isCommentBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// Variant names, compared after lower-casing and dropping blanks, '-' and '_'.
var (
	standardVariants = map[string]bool{"": true, "standard": true, "chess": true, "normal": true,
		"fromposition": true, "classical": true, "regular": true}
	chess960Variants = map[string]bool{"chess960": true, "960": true, "fischerandom": true,
		"fischerrandom": true, "frc": true, "fischerrandomchess": true, "chess960fischerrandom": true}
)

func variantKey(v string) string {
	b := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == ' ' || c == '-' || c == '_' || c == '\t':
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// setupRoot creates the root node from the FEN and Variant tags.
func (p *Parser) setupRoot(comments []string) {
	g := p.g
	chess960 := false
	for k, t := range g.Tags {
		if t.Name != "Variant" {
			continue
		}
		switch key := variantKey(t.Value); {
		case chess960Variants[key]:
			chess960 = true
		case !standardVariants[key]:
			p.fail(p.tagAt[k], "unsupported variant %q", t.Value)
			return
		}
	}
	pos, ok := p.startPosition()
	if !ok {
		return
	}
	if chess960 {
		pos.Chess960 = true
	}
	g.Nodes = append(g.Nodes[:0], Node{Parent: -1, FirstChild: -1, NextSibling: -1, Pos: pos, Comments: comments})
	p.lastChild = append(p.lastChild[:0], -1)
	p.cur, p.lineMoved, p.marker = 0, false, false
}

// startPosition reads the FEN tag. An empty FEN tag alone is a placeholder
// for the standard start; with SetUp "1" (and so is a SetUp "1" without a
// FEN tag) the start position is unknown.
func (p *Parser) startPosition() (bitboard.Position, bool) {
	fenAt, setUpAt := -1, -1
	for k, t := range p.g.Tags {
		switch {
		case t.Name == "FEN" && fenAt < 0:
			fenAt = k
		case t.Name == "SetUp" && strings.TrimSpace(t.Value) == "1" && setUpAt < 0:
			setUpAt = k
		}
	}
	var fen string
	if fenAt >= 0 {
		fen = strings.TrimSpace(p.g.Tags[fenAt].Value)
	}
	switch {
	case fen != "":
		pos, err := bitboard.ParseFEN(fen)
		if err != nil {
			p.fail(p.tagAt[fenAt], "bad FEN %q: %v", fen, err)
			return pos, false
		}
		return pos, true
	case setUpAt >= 0 && fenAt >= 0:
		p.fail(p.tagAt[fenAt], "empty FEN tag with SetUp \"1\"")
		return bitboard.Position{}, false
	case setUpAt >= 0:
		p.fail(p.tagAt[setUpAt], "SetUp \"1\" without a FEN tag")
		return bitboard.Position{}, false
	}
	return standardStart, true
}

// standardStart is the usual start position, set up once.
var standardStart = bitboard.NewPosition()

// movetext reads the moves from data[i] to the end of the game or the first
// error.
func (p *Parser) movetext(i int) {
	data := p.data
	for i < len(data) && p.err == nil {
		c := data[i]
		switch class(c) {
		case clsSpace, clsNewline:
			i++
		case clsDelim:
			i = p.delimiter(i)
		default:
			if c == '%' && p.atLineStart(i) {
				i = lineEnd(data, i)
				continue
			}
			i = p.token(i)
		}
	}
}

// delimiter handles the one-byte token at data[i] and returns where to go on.
func (p *Parser) delimiter(i int) int {
	data := p.data
	switch data[i] {
	case '{', ';':
		text, end := p.comment(i)
		if p.err == nil {
			p.addComment(text)
		}
		return end
	case '(':
		p.openVariation(i)
	case ')':
		p.closeVariation(i)
	case '$':
		return p.nag(i)
	case '[':
		if n, ok := isWrapper(data, i); ok {
			return i + n
		}
		p.fail(i, "tag in movetext")
	default:
		p.fail(i, "unexpected %q", data[i])
	}
	return i + 1
}

// addComment files a comment: after a move it belongs to that move; after a
// move number or a parenthesis it waits for the next move.
func (p *Parser) addComment(text string) {
	if p.marker {
		p.pending = append(p.pending, text)
		return
	}
	n := &p.g.Nodes[p.cur]
	n.Comments = append(n.Comments, text)
}

// flushPending gives waiting comments to node n, after its move.
func (p *Parser) flushPending(n int32) {
	if len(p.pending) == 0 {
		return
	}
	node := &p.g.Nodes[n]
	node.Comments = append(node.Comments, p.pending...)
	p.pending = p.pending[:0]
}

func (p *Parser) openVariation(i int) {
	if !p.lineMoved {
		p.fail(i, "variation before any move")
		return
	}
	p.flushPending(p.cur)
	p.open = append(p.open, openParen{at: i, cur: p.cur, lineMoved: p.lineMoved})
	p.cur = p.g.Nodes[p.cur].Parent
	p.lineMoved, p.marker = false, true
}

func (p *Parser) closeVariation(i int) {
	if len(p.open) == 0 {
		p.fail(i, "unmatched )")
		return
	}
	top := p.open[len(p.open)-1]
	p.open = p.open[:len(p.open)-1]
	if p.lineMoved {
		p.flushPending(p.cur)
	} else {
		p.flushPending(top.cur) // an empty variation: keep its comments
	}
	p.cur, p.lineMoved, p.marker = top.cur, top.lineMoved, true
}

// nag reads "$n" at data[i].
func (p *Parser) nag(i int) int {
	data := p.data
	j := i + 1
	v := 0
	for j < len(data) && data[j] >= '0' && data[j] <= '9' && v <= 255 {
		v = v*10 + int(data[j]-'0')
		j++
	}
	if j == i+1 || v > 255 || (j < len(data) && class(data[j]) == clsToken) {
		p.fail(i, "bad NAG %q", data[i:tokenEnd(data, i+1)])
		return j
	}
	p.addNAG(uint8(v))
	return j
}

// addNAG gives a NAG to the last move (or the root before any move).
func (p *Parser) addNAG(v uint8) {
	n := &p.g.Nodes[p.cur]
	n.NAGs = append(n.NAGs, v)
}

// token handles the token that starts at data[i] and returns its end.
func (p *Parser) token(i int) int {
	data := p.data
	end := tokenEnd(data, i)
	tok := data[i:end]
	if r, ok := parseResult(tok); ok {
		return p.result(i, end, r)
	}
	if c := tok[0]; c >= '0' && c <= '9' {
		if n := moveNumberLen(tok); n > 0 {
			p.marker = true
			return i + n
		}
	}
	if tok[0] == '.' { // an ellipsis, maybe glued to the move: "16. ..Kf8"
		n := 1
		for n < len(tok) && tok[n] == '.' {
			n++
		}
		p.marker = true
		return i + n
	}
	if string(tok) == "e.p." || string(tok) == "ep" {
		return end
	}
	if !isLetter(tok[0]) || len(tok) == 1 { // moves start with a letter; glyphs don't, or are one "N"
		if nag, ok := glyphs[string(tok)]; ok {
			p.addNAG(nag)
			return end
		}
	}
	p.move(i, tok)
	return end
}

// moveNumberLen returns the length of the move number ("12", "12.",
// "12...") at the start of tok, or 0 when tok does not start with one
// (as in "0-0").
func moveNumberLen(tok []byte) int {
	n := 0
	for n < len(tok) && tok[n] >= '0' && tok[n] <= '9' {
		n++
	}
	if n < len(tok) && tok[n] != '.' {
		return 0
	}
	for n < len(tok) && tok[n] == '.' {
		n++
	}
	return n
}

// result handles a termination marker: it ends the game, except inside a
// variation, where some annotators write one and it means nothing. Only
// comments may follow it; they go to the last move.
func (p *Parser) result(i, end int, r string) int {
	if len(p.open) > 0 {
		return end
	}
	p.g.Result = r
	p.marker = false
	data := p.data
	for k := end; k < len(data) && p.err == nil; {
		switch c := data[k]; {
		case isBlank(c):
			k++
		case c == '%' && p.atLineStart(k):
			k = lineEnd(data, k)
		case c == '{' || c == ';':
			var text string
			text, k = p.comment(k)
			if p.err == nil {
				p.addComment(text)
			}
		case c == '[' && string(data[k:min(k+6, len(data))]) == "[/pgn]":
			k += 6
		default:
			p.fail(k, "text after the result")
		}
	}
	return len(data)
}

// glyphs are the standalone annotation symbols and their NAG numbers.
var glyphs = map[string]uint8{
	"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6,
	"□": 7, "=": 10, "∞": 13, "⩲": 14, "+=": 14, "⩱": 15, "=+": 15,
	"±": 16, "+/-": 16, "∓": 17, "-/+": 17, "+-": 18, "-+": 19,
	"+/=": 14, "=/+": 15, "=/∞": 44, "⇆": 132, "N": 146,
}

// suffixGlyphs are the glyphs that may be glued to a move.
var suffixGlyphs = map[string]uint8{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// move plays the SAN (or UCI) move tok, found at data[i].
func (p *Parser) move(i int, tok []byte) {
	san, nag := splitSuffixGlyph(tok)
	san = trimEP(san)
	if !isASCII(san) {
		san = normalizeDashes(p.scratch[:0], san)
		p.scratch = san
	}
	parent := p.cur
	pos := &p.g.Nodes[parent].Pos
	m, err := pos.ParseSAN(san)
	if err != nil && looksLikeUCI(san) {
		if um, uerr := pos.ParseUCI(san); uerr == nil {
			m, err = um, nil
		}
	}
	if err != nil {
		p.fail(i, "%s", p.moveMessage(tok, err))
		return
	}
	n := p.addNode(parent, m)
	if nag != 0 {
		p.g.Nodes[n].NAGs = append(p.g.Nodes[n].NAGs, nag)
	}
	if len(p.pending) > 0 {
		p.g.Nodes[n].PreComments = append([]string(nil), p.pending...)
		p.pending = p.pending[:0]
	}
	p.cur, p.lineMoved, p.marker = n, true, false
}

// moveMessage says why tok is not a move.
func (p *Parser) moveMessage(tok []byte, err error) string {
	text := p.text(tok)
	var me *bitboard.MoveError
	if !errors.As(err, &me) {
		return fmt.Sprintf("illegal move %s: %v", text, err)
	}
	kind := me.Kind.Error()
	if errors.Is(err, bitboard.ErrBadNotation) {
		kind = "unknown token"
	}
	if me.Detail == "" {
		return fmt.Sprintf("%s %s", kind, text)
	}
	return fmt.Sprintf("%s %s: %s", kind, text, me.Detail)
}

// splitSuffixGlyph separates a glued glyph ("e4!?") from the move.
func splitSuffixGlyph(tok []byte) ([]byte, uint8) {
	n := len(tok)
	for n > 0 && (tok[n-1] == '!' || tok[n-1] == '?') {
		n--
	}
	if n == len(tok) || n == 0 {
		return tok, 0
	}
	return tok[:n], suffixGlyphs[string(tok[n:])]
}

// trimEP drops "e.p." or "ep" glued to an en-passant capture ("exf6ep").
func trimEP(san []byte) []byte {
	n := len(san)
	switch {
	case n > 4 && string(san[n-4:]) == "e.p.":
		return san[:n-4]
	case n > 2 && string(san[n-2:]) == "ep" && san[n-3] >= '1' && san[n-3] <= '8':
		return san[:n-2]
	}
	return san
}

// looksLikeUCI reports whether s has the shape of a UCI move: e2e4, e7e8q.
func looksLikeUCI(s []byte) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
		s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8'
}

// addNode appends the node reached by playing m after parent and links it
// into the tree.
func (p *Parser) addNode(parent int32, m bitboard.Move) int32 {
	g := p.g
	idx := int32(len(g.Nodes))
	if len(g.Nodes) < cap(g.Nodes) {
		g.Nodes = g.Nodes[:idx+1]
	} else {
		g.Nodes = append(g.Nodes, Node{})
	}
	n := &g.Nodes[idx]
	pn := &g.Nodes[parent]
	n.Parent, n.FirstChild, n.NextSibling = parent, -1, -1
	n.Ply, n.Depth = pn.Ply+1, pn.Depth
	n.Move = m
	n.Pos = pn.Pos
	n.Pos.Play(m)
	n.PreComments, n.Comments, n.NAGs = nil, nil, nil
	if pn.FirstChild < 0 {
		pn.FirstChild = idx
	} else {
		g.Nodes[p.lastChild[parent]].NextSibling = idx
		n.Depth++
		p.branched = true
	}
	p.lastChild[parent] = idx
	p.lastChild = append(p.lastChild, -1)
	return idx
}

// finishMovetext checks what is still open at the end of the game.
func (p *Parser) finishMovetext() {
	if len(p.g.Nodes) == 0 {
		return
	}
	if len(p.pending) > 0 {
		p.flushPending(p.cur)
	}
	if p.err == nil && len(p.open) > 0 {
		p.fail(p.open[0].at, "unterminated variation")
	}
}

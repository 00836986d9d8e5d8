package pgn

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cqlvm/cqlvm/bitboard"
)

// WriteOptions controls WriteGame.
type WriteOptions struct {
	// LineWidth is the longest movetext line; 0 means 79. Words longer than
	// the line (a long URL in a comment) are written on a line of their own.
	// Tag lines are never wrapped.
	LineWidth int
	// Official writes the game as the official program does: its tags in
	// its order and forms (eachCQLTag: the Seven Tag Roster, a missing one
	// as "?", normalised dates, Elos and ECO, the other tags in file order,
	// FEN last), and of several comments at one place only the last, the
	// one its reader keeps (`1. e4 {a} {b}` is written `1.e4 {b}`).
	Official bool
	// MaxBytes, when positive, cuts a game whose text would be longer:
	// its first MaxBytes bytes are kept and TruncatedMark closes it, as
	// the official program does at the end of its output buffer
	// (-outputbuffer). Zero writes every game whole.
	MaxBytes int
}

// TruncatedMark ends a game cut at WriteOptions.MaxBytes; the official
// program writes these words, and readers of its output look for them.
const TruncatedMark = "game truncated by CQL"

// WriteGame writes g as PGN in the layout of the official CQL 6.2, byte
// for byte (checked against its outputs in cmd/cqlvm's tests): the tags
// (in file order, or in CQL's order with opt.Official), an empty line, the
// comments before the first move on a line of their own, the movetext
// wrapped at the line width, the result, and two empty lines. Every
// movetext word is followed by a space, which stays at the end of a line;
// a word that would pass the width starts a new line, so a move number
// ("12.", glued to its move) or a comment's "{" may end a line. SAN is
// regenerated from the positions; a Black move after a comment or a
// variation gets its number ("2...Nc6"); variations are written
// "( 1.d4 d5 )", NAGs as "$n" and comments in braces (a comment that
// contains '}' is written after ';' instead).
//
// The result token is g.Result, else the Result tag when it holds a valid
// result, else "*". Reading the output back gives the same tags, tree,
// comments and NAGs. The error returned is w's.
func WriteGame(w io.Writer, g *Game, opt WriteOptions) error {
	_, err := w.Write(AppendGame(nil, g, opt))
	return err
}

// AppendGame appends g to dst as WriteGame writes it. Appending to a
// reused slice spares the per-byte calls and the copy of a buffered writer,
// which cost as much as the rest of writing a game.
func AppendGame(dst []byte, g *Game, opt WriteOptions) []byte {
	start := len(dst)
	gw := gameWriter{out: dst, width: opt.LineWidth, lastCommentOnly: opt.Official}
	if gw.width <= 0 {
		gw.width = 79
	}
	if opt.Official {
		eachCQLTag(g, gw.tag) // the seven roster tags at least
	} else {
		for _, t := range g.Tags {
			gw.tag(t)
		}
	}
	if opt.Official || len(g.Tags) > 0 {
		gw.out = append(gw.out, '\n')
	}
	if len(g.Nodes) > 0 {
		root := &g.Nodes[0]
		gw.rootComments(gw.kept(root.Comments), len(root.NAGs) > 0)
		for i, v := range root.NAGs {
			gw.asciiToken(strconv.AppendUint(append(gw.buf[:0], '$'), uint64(v), 10), i < len(root.NAGs)-1, true)
		}
		gw.newline() // the moves start on a line of their own
		if first := root.FirstChild; first >= 0 {
			gw.line(g.Nodes, first, true)
		}
	}
	gw.token([]byte(gameResult(g)), false, true)
	out := append(gw.out, "\n\n\n"...)
	if opt.MaxBytes > 0 && len(out)-start > opt.MaxBytes {
		out = append(out[:start+opt.MaxBytes], TruncatedMark+" } * \n\n\n\n"...)
	}
	return out
}

// gameResult picks the result token to write.
func gameResult(g *Game) string {
	if g.Result != "" {
		return g.Result
	}
	if v, ok := g.Tag("Result"); ok {
		if r, ok := parseResult([]byte(strings.TrimSpace(v))); ok {
			return r
		}
	}
	return resultUnknown
}

type gameWriter struct {
	out        []byte
	width      int
	col        int  // length of the current movetext line, with its trailing space
	afterParen bool // the last word written was "(" or ")"
	buf        []byte
	sanBuf     []byte // a move's SAN, composed (san)
	// lastCommentOnly: WriteOptions.Official
	lastCommentOnly bool
}

func (gw *gameWriter) tag(t Tag) {
	b := append(gw.out, '[')
	b = append(b, t.Name...)
	b = append(b, " \""...)
	// a loop of its own, not strings.ContainsAny: values are short, and
	// that took most of the time of writing the tags
	v := t.Value
	for i := 0; i < len(v); i++ {
		if c := v[i]; c == '"' || c == '\\' {
			b = append(b, v[:i]...)
			b, v = append(b, '\\', c), v[i+1:]
			i = -1
		}
	}
	b = append(b, v...)
	gw.out = append(b, "\"]\n"...)
}

// newline ends the current movetext line, if it has anything.
func (gw *gameWriter) newline() {
	if gw.col > 0 {
		gw.out = append(gw.out, '\n')
		gw.col = 0
	}
}

// token writes one movetext token as the official program does: a token
// that would pass the line width starts a new line (unless mayWrap is
// false or the line is empty); after it comes a space when spaceAfter
// is set, or the end of the line if the space does not fit. So lines
// keep their trailing space, a move number ("12.") is glued to its move
// but may end a line, and so may "{" before a comment's first word.
func (gw *gameWriter) token(b []byte, spaceAfter, mayWrap bool) {
	// width counts characters, not bytes: a comment in French wraps where
	// the official program, which writes one byte per character, wraps it
	gw.place(b, utf8.RuneCount(b), spaceAfter, mayWrap)
}

// asciiToken is token for text known to be ASCII: moves, numbers, NAGs.
func (gw *gameWriter) asciiToken(b []byte, spaceAfter, mayWrap bool) {
	gw.place(b, len(b), spaceAfter, mayWrap)
}

// place writes token b, n characters wide (see token).
func (gw *gameWriter) place(b []byte, n int, spaceAfter, mayWrap bool) {
	placeText(gw, b, n, spaceAfter, mayWrap)
}

// placeText is place for a token in bytes or in a string (a comment's
// words are written straight from it).
func placeText[T string | []byte](gw *gameWriter, b T, n int, spaceAfter, mayWrap bool) {
	if mayWrap && gw.col > 0 && gw.col+n > gw.width {
		gw.out = append(gw.out, '\n')
		gw.col = 0
	}
	gw.out = append(gw.out, b...)
	gw.col += n
	gw.afterParen = false
	if spaceAfter {
		gw.separate()
	}
}

// separate ends a token: a space, or a new line where a space would pass
// the line's width.
func (gw *gameWriter) separate() {
	if gw.col+1 <= gw.width {
		gw.out = append(gw.out, ' ')
		gw.col++
		return
	}
	gw.out = append(gw.out, '\n')
	gw.col = 0
}

// word writes a token followed by a space.
func (gw *gameWriter) word(s string) { gw.asciiToken([]byte(s), true, true) }

// line writes the line of play that starts with node first: its moves, and
// after each move the variations that are alternatives to it. The
// alternatives to first itself are written only when withSiblings is set:
// inside a variation they belong to the enclosing line.
func (gw *gameWriter) line(nodes []Node, first int32, withSiblings bool) {
	forceNumber := true
	for c := first; c >= 0; c = nodes[c].FirstChild {
		gw.move(nodes, c, forceNumber)
		forceNumber = len(nodes[c].Comments) > 0
		if c == first && !withSiblings {
			continue
		}
		for s := nodes[c].NextSibling; s >= 0; s = nodes[s].NextSibling {
			gw.word("(")
			gw.afterParen = true
			gw.line(nodes, s, false)
			gw.word(")")
			gw.afterParen = true
			forceNumber = true
		}
	}
}

// move writes node c's move with its number, comments and NAGs. A Black
// move gets its number when forceNumber is set (after a comment or a
// variation) or when comments come before it.
func (gw *gameWriter) move(nodes []Node, c int32, forceNumber bool) {
	n := &nodes[c]
	pos := &nodes[n.Parent].Pos
	pre := gw.kept(n.PreComments)
	body, mark := gw.san(nodes, n, pos)
	if len(pre) == 0 {
		gw.plainMove(pos, body, mark, forceNumber)
		gw.nags(n.NAGs)
		gw.comments(gw.kept(n.Comments))
		return
	}
	// Comments before a move are read back as such only after a
	// parenthesis or a move number, so elsewhere the number goes first.
	if gw.afterParen {
		gw.comments(pre)
		gw.asciiToken(gw.moveNumber(gw.buf[:0], pos, true), false, true)
	} else {
		gw.asciiToken(gw.moveNumber(gw.buf[:0], pos, true), true, true)
		gw.comments(pre)
	}
	gw.sanToken(body, mark)
	gw.nags(n.NAGs)
	gw.comments(gw.kept(n.Comments))
}

// san is node n's move in SAN, its body and its check or mate mark (0
// for none): the text the move was read from when it is what the writer
// would compose (a game from the store has none), else composed into
// gw.sanBuf. A null move is "--", with the mark only when read as "--"
// (as bitboard.Position.AppendSANAfter writes it).
func (gw *gameWriter) san(nodes []Node, n *Node, pos *bitboard.Position) (body []byte, mark byte) {
	if len(n.SAN) > 0 {
		if body, ok := pos.CanonicalSANBody(n.SAN, n.Move); ok {
			return body, checkMark(nodes, n)
		}
	}
	gw.sanBuf = pos.AppendSANBody(gw.sanBuf[:0], n.Move)
	if n.Move.Flags&bitboard.FlagNull != 0 {
		return gw.sanBuf, 0
	}
	return gw.sanBuf, checkMark(nodes, n)
}

// plainMove writes a move with no comments before it, its number if due
// and its SAN (body and check mark), straight into the output: the
// tokens asciiToken would write, without copying them through a buffer.
func (gw *gameWriter) plainMove(pos *bitboard.Position, body []byte, mark byte, forceNumber bool) {
	if pos.Side == bitboard.White || forceNumber {
		var digits [24]byte
		number := gw.moveNumber(digits[:0], pos, true)
		if gw.col > 0 && gw.col+len(number) > gw.width {
			gw.out = append(gw.out, '\n')
			gw.col = 0
		}
		gw.out = append(gw.out, number...)
		gw.col += len(number)
	}
	gw.sanToken(body, mark)
}

// sanToken writes a move's SAN, body and mark, as asciiToken writes a
// token with a space after it, straight into the output.
func (gw *gameWriter) sanToken(body []byte, mark byte) {
	n := len(body)
	if mark != 0 {
		n++
	}
	if gw.col > 0 && gw.col+n > gw.width {
		gw.out = append(gw.out, '\n')
		gw.col = 0
	}
	gw.out = append(gw.out, body...)
	if mark != 0 {
		gw.out = append(gw.out, mark)
	}
	gw.col += n
	gw.afterParen = false
	gw.separate()
}

// checkMark is the check or mate mark of node n's move ('+', '#'), or 0,
// as bitboard.AppendCheckMark writes it. A standard position in check
// that the game continues from by a move is not mate: the parser and the
// game store keep only legal moves, so that move is one, and the search
// for a legal move, most of the cost of writing a checking move, is
// spared. A null move proves nothing (it is read in check too).
func checkMark(nodes []Node, n *Node) byte {
	pos := &n.Pos
	if pos.Variant == bitboard.Standard {
		if !pos.InCheck() {
			return 0
		}
		for c := n.FirstChild; c >= 0; c = nodes[c].NextSibling {
			if nodes[c].Move.Flags&bitboard.FlagNull == 0 {
				return '+'
			}
		}
	}
	var mark [1]byte
	if m := bitboard.AppendCheckMark(mark[:0], pos); len(m) > 0 {
		return m[0]
	}
	return 0
}

// kept are the comments of one place that the writer writes: all, or the
// last with WriteOptions.Official.
func (gw *gameWriter) kept(cs []string) []string {
	if gw.lastCommentOnly && len(cs) > 1 {
		return cs[len(cs)-1:]
	}
	return cs
}

// moveNumber appends "12." before a White move, and "12..." before a Black
// move when asked to.
func (gw *gameWriter) moveNumber(b []byte, pos *bitboard.Position, force bool) []byte {
	if pos.Side == bitboard.Black && !force {
		return b
	}
	if n := pos.FullMove; n < 10 {
		b = append(b, byte('0'+max(n, 1)))
	} else if n < 100 {
		b = append(b, byte('0'+n/10), byte('0'+n%10))
	} else {
		b = strconv.AppendInt(b, int64(n), 10)
	}
	if pos.Side == bitboard.Black {
		return append(b, "..."...)
	}
	return append(b, '.')
}

func (gw *gameWriter) nags(nags []uint8) {
	for _, v := range nags {
		gw.asciiToken(strconv.AppendUint(append(gw.buf[:0], '$'), uint64(v), 10), true, true)
	}
}

// comments writes each comment in braces, wrapping it at its spaces; a
// comment that contains '}' cannot be in braces and goes after ';' to the
// end of its line.
func (gw *gameWriter) comments(cs []string) {
	for _, c := range cs {
		gw.comment(c, true, true)
	}
}

// rootComments writes the comments before the first move: the official
// program never starts a new line for their closing brace, and ends the
// last of them with the line.
func (gw *gameWriter) rootComments(cs []string, more bool) {
	for i, c := range cs {
		gw.comment(c, more || i < len(cs)-1, false)
	}
}

var (
	lineBreaksToSpaces    = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")
	openBrace, closeBrace = []byte{'{'}, []byte{'}'}
)

// comment writes "{", the words of c (a run of blanks keeps its empty
// words, as the official program does), and "}"; closeMayWrap says
// whether the closing brace may start a new line.
func (gw *gameWriter) comment(c string, spaceAfter, closeMayWrap bool) {
	if strings.IndexByte(c, '}') >= 0 {
		gw.token([]byte(";"+c), false, true)
		gw.newline()
		return
	}
	if strings.IndexByte(c, '\n') >= 0 || strings.IndexByte(c, '\r') >= 0 {
		c = lineBreaksToSpaces.Replace(c)
	}
	gw.asciiToken(openBrace, false, true)
	// width counts characters (see token): in an ASCII comment, bytes
	if isASCII(c) {
		gw.asciiWords(c)
	} else {
		gw.words(c)
	}
	gw.asciiToken(closeBrace, spaceAfter, closeMayWrap)
}

// words writes the words of c, a space after each but the last, each
// word placed as a token (see token).
func (gw *gameWriter) words(c string) {
	for {
		end := strings.IndexByte(c, ' ')
		if end < 0 {
			break
		}
		placeText(gw, c[:end], utf8.RuneCountInString(c[:end]), true, true)
		c = c[end+1:]
	}
	placeText(gw, c, utf8.RuneCountInString(c), false, true)
}

// asciiWords is words for ASCII text, which it writes a line at a time:
// the words that fit on the current line with the space after each go
// as they are, as placing them one by one would write them (a comment of
// a path or a line is mostly such runs). The word that does not fit is
// placed as a token, which starts the next line.
func (gw *gameWriter) asciiWords(c string) {
	for {
		if gw.col+len(c) <= gw.width { // the rest fits: no word wraps
			gw.out = append(gw.out, c...)
			gw.col += len(c)
			gw.afterParen = false
			return
		}
		// the last space that still fits ends a run of whole words that
		// fit with their spaces; the word after it does not fit
		if fit := gw.width - gw.col; fit > 0 {
			if s := strings.LastIndexByte(c[:min(fit, len(c))], ' '); s >= 0 {
				gw.out = append(gw.out, c[:s+1]...)
				gw.col += s + 1
				gw.afterParen = false
				c = c[s+1:]
			}
		}
		end := strings.IndexByte(c, ' ')
		if end < 0 {
			placeText(gw, c, len(c), false, true)
			return
		}
		placeText(gw, c[:end], end, true, true)
		c = c[end+1:]
	}
}

// sevenTagRoster are the tags every PGN game has, in their order.
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Official lists g's tags as the official CQL writes them (see
// WriteOptions.Official).
func Official(g *Game) []Tag {
	out := make([]Tag, 0, len(g.Tags)+len(sevenTagRoster))
	eachCQLTag(g, func(t Tag) { out = append(out, t) })
	return out
}

// eachCQLTag calls f with g's tags in the official CQL's order: the Seven
// Tag Roster (a missing one as "?", a missing result as the game's),
// WhiteElo, BlackElo, ECO and EventDate as the official program reads
// them (CQLElo, CQLECO, CQLDate: a value it cannot read is left out), the
// other tags in file order, and FEN last. The writer calls it for every
// game it writes, so it builds no list, and it looks at each tag's name
// once.
func eachCQLTag(g *Game, f func(Tag)) {
	var first [placedTags]int32 // 1 + the index of the first tag of each placed name, 0 if none
	hasFEN := false
	for i, t := range g.Tags {
		switch k := placedTag(t.Name); {
		case k >= 0 && first[k] == 0:
			first[k] = int32(i + 1)
		case k == fenTag:
			hasFEN = true
		}
	}
	value := func(k int) (string, bool) {
		if first[k] == 0 {
			return "", false
		}
		return g.Tags[first[k]-1].Value, true
	}
	for k, name := range sevenTagRoster {
		v, ok := value(k)
		switch {
		case ok:
		case name == "Result":
			v = gameResult(g)
		default:
			v = "?"
		}
		if name == "Date" {
			v = CQLDate(v)
		}
		f(Tag{name, v})
	}
	for _, k := range [...]int{whiteEloTag, blackEloTag} {
		if v, ok := value(k); ok {
			if v, ok = CQLElo(v); ok {
				f(Tag{placedTagNames[k], v})
			}
		}
	}
	if v, ok := value(ecoTag); ok {
		if v, ok = CQLECO(v); ok {
			f(Tag{"ECO", v})
		}
	}
	if v, ok := value(eventDateTag); ok {
		if v = CQLDate(v); v != unknownDate {
			f(Tag{"EventDate", v})
		}
	}
	for _, t := range g.Tags {
		if placedTag(t.Name) == notPlaced {
			f(t)
		}
	}
	if hasFEN {
		for _, t := range g.Tags {
			if t.Name == "FEN" {
				f(t)
			}
		}
	}
}

// The tags eachCQLTag writes in places of their own: the Seven Tag Roster
// (0 to 6, in its order), then these.
const (
	whiteEloTag = len(sevenTagRoster) + iota
	blackEloTag
	ecoTag
	eventDateTag
	placedTags // the number of the above
	fenTag     = -2
	notPlaced  = -1
)

// placedTagNames are the names of the placed tags, by number.
var placedTagNames = [placedTags]string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "ECO", "EventDate"}

// placedTag is the number of the placed tag called name, fenTag for FEN
// (written last, every one of them), or notPlaced.
func placedTag(name string) int {
	switch name {
	case "FEN":
		return fenTag
	case "Event":
		return 0
	case "Site":
		return 1
	case "Date":
		return 2
	case "Round":
		return 3
	case "White":
		return 4
	case "Black":
		return 5
	case "Result":
		return 6
	case "WhiteElo":
		return whiteEloTag
	case "BlackElo":
		return blackEloTag
	case "ECO":
		return ecoTag
	case "EventDate":
		return eventDateTag
	}
	return notPlaced
}

// CQLElo is a WhiteElo or BlackElo value as the official program writes
// it: read as C's atoi reads it, left out when 0 (empty, "?"), and 4000
// when it is negative or above 4000.
func CQLElo(v string) (string, bool) {
	if len(v) > 0 && len(v) <= 4 && v[0] >= '1' && v[0] <= '9' && strings.Trim(v, "0123456789") == "" && cAtoi(v) <= 4000 {
		return v, true // written as read: most Elos are
	}
	n := cAtoi(v)
	switch {
	case n == 0:
		return "", false
	case n < 0 || n > 4000:
		n = 4000
	}
	return strconv.Itoa(n), true
}

// CQLECO is an ECO value as the official program writes it: a letter A to
// E (either case, written upper case), two digits where a missing one is
// 0 ("B5" is B50, "A" A00), and a lower-case letter after them if there is
// one ("C42a"); anything else after the digits is dropped ("C123" is
// C12), and a value that does not start so ("?", "Z99", "B1x") is left
// out.
func CQLECO(v string) (string, bool) {
	if len(v) == 3 && v[0] >= 'A' && v[0] <= 'E' && v[1] >= '0' && v[1] <= '9' && v[2] >= '0' && v[2] <= '9' {
		return v, true // written as read: most codes are
	}
	if v == "" {
		return "", false
	}
	c := v[0] &^ 0x20 // upper case
	if c < 'A' || c > 'E' {
		return "", false
	}
	out := []byte{c, '0', '0'}
	for i := 1; i <= 2 && i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return "", false
		}
		out[i] = v[i]
	}
	if len(v) > 3 && v[3] >= 'a' && v[3] <= 'z' {
		out = append(out, v[3])
	}
	return string(out), true
}

const unknownDate = "????.??.??"

// CQLDate is a Date or EventDate tag's value as the official program
// writes it: year, month and day are read as C's atoi reads them from the
// parts between dots ("2013.5.6" is 2013.05.06, "99" the year 0099, "201?"
// the year 0201, "x5" and "" 0), and written with four and two digits,
// "?"s where a part is unknown: a year that is not 1 to 2047 (the official
// program keeps no later year), a month 0 or a day not 1 to 31. A month
// below 0 or above 12 makes the day unknown as well ("2013.24.7" is
// 2013.??.??, "2013.0.5" 2013.??.05). A missing Date is "?", so unknown.
func CQLDate(v string) string {
	if isCQLDate(v) {
		return v // written as read: most dates are
	}
	var parts [3]string
	n := 0
	for rest := v; n < 3; n++ {
		dot := strings.IndexByte(rest, '.')
		if dot < 0 {
			parts[n] = rest
			n++
			break
		}
		parts[n], rest = rest[:dot], rest[dot+1:]
	}
	out := []byte(unknownDate)
	if y := cAtoi(parts[0]); y >= 1 && y <= 2047 {
		out = appendPadded(out[:0], y, 4)
		out = append(out, unknownDate[4:]...)
	}
	if n < 2 {
		return string(out)
	}
	m := cAtoi(parts[1])
	if m < 0 || m > 12 {
		return string(out)
	}
	if m > 0 {
		appendPadded(out[5:5], m, 2)
	}
	if n > 2 {
		if d := cAtoi(parts[2]); d >= 1 && d <= 31 {
			appendPadded(out[8:8], d, 2)
		}
	}
	return string(out)
}

// isCQLDate reports whether v is a date CQLDate writes as it is: four
// digits of a year 1 to 2047 or "????", two of a month 1 to 12 or "??"
// and two of a day 1 to 31 or "??", with dots between.
func isCQLDate(v string) bool {
	if len(v) != 10 || v[4] != '.' || v[7] != '.' {
		return false
	}
	field := func(s string, lo, hi int) bool {
		if strings.Trim(s, "?") == "" {
			return true
		}
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
			n = n*10 + int(s[i]-'0')
		}
		return n >= lo && n <= hi
	}
	return field(v[:4], 1, 2047) && field(v[5:7], 1, 12) && field(v[8:], 1, 31)
}

// appendPadded appends n in width digits, zeros first.
func appendPadded(b []byte, n, width int) []byte {
	var digits [8]byte
	i := len(digits)
	for ; n > 0 || i == len(digits); n /= 10 {
		i--
		digits[i] = byte('0' + n%10)
	}
	for k := len(digits) - i; k < width; k++ {
		b = append(b, '0')
	}
	return append(b, digits[i:]...)
}

// cAtoi reads a number as C's atoi does: blanks, a sign, then digits up to
// the first other byte; 0 when there are none. Long runs of digits stay
// large (they are out of every range above).
func cAtoi(s string) int {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] >= '\t' && s[i] <= '\r') {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	n := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if n < 1<<30 {
			n = n*10 + int(s[i]-'0')
		}
	}
	if neg {
		return -n
	}
	return n
}

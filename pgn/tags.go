package pgn

import (
	"bytes"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

// The tag section: tags, the comments around them, and the start position
// that the FEN and Variant tags give.

// tagSection reads the tags and the comments around them, up to the first
// movetext byte, whose offset it returns.
func (p *Parser) tagSection(comments *[]string) int {
	p.tagText, p.tagValues = p.tagText[:0], p.tagValues[:0]
	defer p.setTagValues()
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
	if end, ok := p.plainTag(i); ok {
		return end
	}
	return p.anyTag(i)
}

// anyTag is tag for any tag, however written.
func (p *Parser) anyTag(i int) int {
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
	valueStart, valueEnd := j+1, quotedEnd(data, j)
	if valueEnd < end && data[valueEnd] == '"' {
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
		rb := bytes.LastIndexByte(data[valueStart:end], ']')
		if rb < 0 {
			p.fail(i, "unterminated tag")
			return end
		}
		valueEnd = valueStart + rb
	}
	p.g.Tags = append(p.g.Tags, Tag{Name: p.tagName(name)})
	p.tagValue(data[valueStart:valueEnd], false)
	p.tagAt = append(p.tagAt, i)
	return end
}

// plainTag reads the tag at data[i] when it is written as nearly all are,
// [Name "value"] with a value of ASCII bytes and no escapes, in one pass,
// and returns its end; false leaves it to tag, which reads it to the same
// tag. tag's general reading went over a value four times (finding the
// tag's end, then the value's, then looking for escapes and other
// encodings), a tenth of the time of reading a game.
func (p *Parser) plainTag(i int) (int, bool) {
	data := p.data
	j := i + 1
	for j < len(data) && class(data[j]) == clsSpace {
		j++
	}
	nameStart := j
	for j < len(data) && class(data[j]) == clsToken && data[j] != '"' {
		j++
	}
	nameEnd := j
	for j < len(data) && class(data[j]) == clsSpace {
		j++
	}
	if nameEnd == nameStart || j >= len(data) || data[j] != '"' {
		return 0, false
	}
	valueStart := j + 1
	k := valueStart
	for k < len(data) && plainValueByte(data[k]) {
		k++
	}
	if k >= len(data) || data[k] != '"' {
		return 0, false
	}
	valueEnd := k
	for k++; k < len(data) && class(data[k]) == clsSpace; k++ {
	}
	if k >= len(data) || data[k] != ']' {
		return 0, false
	}
	p.g.Tags = append(p.g.Tags, Tag{Name: p.tagName(data[nameStart:nameEnd])})
	p.tagValue(data[valueStart:valueEnd], true)
	p.tagAt = append(p.tagAt, i)
	return k + 1, true
}

// plainValueByte reports whether c may be in a value plainTag reads:
// printable ASCII, not a quote or an escape (a tab goes to tag).
func plainValueByte(c byte) bool { return c >= ' ' && c < 0x80 && c != '"' && c != '\\' }

// tagSpan is where the value of tag k lies in the tag section's text.
type tagSpan struct{ k, start, end int }

// setTagValues gives the tags their values: the text of every value of
// the game, gathered by tagValue, becomes one string, which the values
// share (one allocation for a game's tags, not one for each).
func (p *Parser) setTagValues() {
	if len(p.tagValues) == 0 {
		return
	}
	all := p.arena.string(p.tagText)
	for _, v := range p.tagValues {
		p.g.Tags[v.k].Value = all[v.start:v.end]
	}
}

// tagName returns the name of a tag without allocating the names that
// nearly every game has (a switch on the bytes: a map lookup hashed every
// name, a fiftieth of a plain search's time).
func (p *Parser) tagName(b []byte) string {
	switch string(b) {
	case "Event":
		return "Event"
	case "Site":
		return "Site"
	case "Date":
		return "Date"
	case "Round":
		return "Round"
	case "White":
		return "White"
	case "Black":
		return "Black"
	case "Result":
		return "Result"
	case "ECO":
		return "ECO"
	case "WhiteElo":
		return "WhiteElo"
	case "BlackElo":
		return "BlackElo"
	case "PlyCount":
		return "PlyCount"
	case "EventDate":
		return "EventDate"
	case "FEN":
		return "FEN"
	case "SetUp":
		return "SetUp"
	case "Variant":
		return "Variant"
	case "Annotator":
		return "Annotator"
	case "TimeControl":
		return "TimeControl"
	case "Termination":
		return "Termination"
	case "Opening":
		return "Opening"
	case "Source":
		return "Source"
	case "WhiteTitle":
		return "WhiteTitle"
	case "BlackTitle":
		return "BlackTitle"
	}
	return p.text(b)
}

// tagValue decodes the value of the last tag: the escapes \" and \\, and
// the encoding (none when plain: ASCII without escapes). The values that
// most games have are constants; the others are added to the section's
// text (setTagValues).
func (p *Parser) tagValue(b []byte, plain bool) {
	k := len(p.g.Tags) - 1
	if v, ok := commonTagValue(b); ok {
		p.g.Tags[k].Value = v
		return
	}
	start := len(p.tagText)
	if plain {
		p.tagText = append(p.tagText, b...)
		p.tagValues = append(p.tagValues, tagSpan{k, start, len(p.tagText)})
		return
	}
	if bytes.IndexByte(b, '\\') >= 0 {
		buf := p.scratch[:0]
		for i := 0; i < len(b); i++ {
			if b[i] == '\\' && i+1 < len(b) && (b[i+1] == '"' || b[i+1] == '\\') {
				i++
			}
			buf = append(buf, b[i])
		}
		p.scratch = buf
		b = buf
	}
	if isASCII(b) || p.isUTF8() {
		p.tagText = append(p.tagText, b...)
	} else {
		p.tagText = appendCP1252(p.tagText, b)
	}
	p.tagValues = append(p.tagValues, tagSpan{k, start, len(p.tagText)})
}

// commonTagValue returns the values that nearly every game has in some tag
// without allocating them.
func commonTagValue(b []byte) (string, bool) {
	switch string(b) {
	case "?":
		return "?", true
	case "1-0":
		return "1-0", true
	case "0-1":
		return "0-1", true
	case "1/2-1/2":
		return "1/2-1/2", true
	case "*":
		return "*", true
	case "-":
		return "-", true
	case "????.??.??":
		return "????.??.??", true
	case "":
		return "", true
	}
	return "", false
}

// Variant names, compared after lower-casing and dropping blanks, '-' and '_'.
var (
	standardVariants = map[string]bool{"": true, "standard": true, "chess": true, "normal": true,
		"fromposition": true, "classical": true, "regular": true}
	chess960Variants = map[string]bool{"chess960": true, "960": true, "fischerandom": true,
		"fischerrandom": true, "frc": true, "fischerrandomchess": true, "chess960fischerrandom": true}
	// otherVariants are the variants with rules of their own, as Lichess,
	// fairy-stockfish, Scid and PyChess spell them.
	otherVariants = map[string]bitboard.Variant{
		"crazyhouse": bitboard.Crazyhouse, "zh": bitboard.Crazyhouse, "house": bitboard.Crazyhouse,
		"antichess": bitboard.Antichess, "giveaway": bitboard.Antichess, "suicide": bitboard.Antichess,
		"anti":   bitboard.Antichess,
		"atomic": bitboard.Atomic, "atom": bitboard.Atomic, "atomicchess": bitboard.Atomic,
		"giveawaychess": bitboard.Antichess, "suicidechess": bitboard.Antichess,
		"hordechess": bitboard.Horde, "race": bitboard.RacingKings, "racing": bitboard.RacingKings,
		"threecheckchess": bitboard.ThreeCheck,
		"kingofthehill":   bitboard.KingOfTheHill, "koth": bitboard.KingOfTheHill,
		"threecheck": bitboard.ThreeCheck, "3check": bitboard.ThreeCheck, "3checks": bitboard.ThreeCheck,
		"horde":       bitboard.Horde,
		"racingkings": bitboard.RacingKings, "racingkings8x8": bitboard.RacingKings,
	}
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
	variant := bitboard.Standard
	for k, t := range g.Tags {
		if t.Name != "Variant" {
			continue
		}
		key := variantKey(t.Value)
		switch v, known := otherVariants[key]; {
		case chess960Variants[key]:
			chess960 = true
		case known:
			variant = v
		case !standardVariants[key]:
			p.fail(p.tagAt[k], "unsupported variant %q", t.Value)
			return
		}
	}
	pos, ok := p.startPosition(variant)
	if !ok {
		return
	}
	if chess960 {
		pos.Chess960 = true
	}
	if p.CastlingFromPlacement && !chess960 && variant != bitboard.Antichess {
		// without a Chess960 Variant tag the game is standard chess, even
		// when its castling field looks like X-FEN (Antichess has no
		// castling to derive)
		pos.Chess960 = false
		pos.CastleRooks = placementCastling(&pos)
	}
	g.Nodes = append(g.Nodes[:0], Node{Parent: -1, FirstChild: -1, NextSibling: -1, Pos: pos, Comments: comments})
	p.lastChild = append(p.lastChild[:0], -1)
	p.cur, p.lineMoved, p.marker = 0, false, false
}

// startPosition reads the FEN tag, a position of variant v. A missing or
// empty FEN tag means the variant's start, unless SetUp is "1": then the
// start position is unknown.
func (p *Parser) startPosition(v bitboard.Variant) (bitboard.Position, bool) {
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
		pos, err := bitboard.ParseVariantFEN(fen, v)
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
	case v != bitboard.Standard:
		return bitboard.StartPosition(v), true
	}
	return standardStart, true
}

// standardStart is the usual start position, set up once.
var standardStart = bitboard.NewPosition()

// placementCastling: the castling rights a standard position's piece
// placement allows: a king on e1 (e8) with a rook on h1 or a1 (h8, a8).
func placementCastling(p *bitboard.Position) bitboard.Set {
	var rights bitboard.Set
	for _, side := range []struct {
		king      bitboard.Piece
		rook      bitboard.Piece
		k, qr, kr string
	}{
		{bitboard.WhiteKing, bitboard.WhiteRook, "e1", "a1", "h1"},
		{bitboard.BlackKing, bitboard.BlackRook, "e8", "a8", "h8"},
	} {
		k, _ := bitboard.ParseSquare(side.k)
		if p.Board[k] != side.king {
			continue
		}
		for _, r := range []string{side.qr, side.kr} {
			sq, _ := bitboard.ParseSquare(r)
			if p.Board[sq] == side.rook {
				rights |= bitboard.SquareSet(sq)
			}
		}
	}
	return rights
}

// HasWhiteTag reports whether a game's text has a line starting with a
// White tag. CQL's lastgamenumber counts such games (engine.Run); a game
// index counts them too.
func HasWhiteTag(data []byte) bool {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("[White ")) {
			return true
		}
	}
	return false
}

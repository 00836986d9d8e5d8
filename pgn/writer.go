package pgn

import (
	"bufio"
	"strconv"
	"strings"

	"cqlvm/bitboard"
)

// WriteOptions controls WriteGame.
type WriteOptions struct {
	// LineWidth is the longest movetext line; 0 means 79. Words longer than
	// the line (a long URL in a comment) are written on a line of their own.
	// Tag lines are never wrapped.
	LineWidth int
}

// WriteGame writes g as PGN in the style of the official CQL: the tags in
// file order, an empty line, the comments before the first move on lines of
// their own, the movetext wrapped to the line width, the result, and two
// empty lines. SAN is regenerated from the positions, move
// numbers are glued to the moves ("1.e4"), a Black move after a comment or
// a variation gets its number ("2...Nc6"), variations are written
// "( 1.d4 d5 )", NAGs as "$n" and comments in braces (a comment that
// contains '}' is written after ';' instead).
//
// The result token is g.Result, else the Result tag when it holds a valid
// result, else "*". Reading the output back gives the same tags, tree,
// comments and NAGs. The error returned is w's.
func WriteGame(w *bufio.Writer, g *Game, opt WriteOptions) error {
	gw := gameWriter{w: w, width: opt.LineWidth}
	if gw.width <= 0 {
		gw.width = 79
	}
	for _, t := range g.Tags {
		gw.tag(t)
	}
	if len(g.Tags) > 0 {
		w.WriteByte('\n')
	}
	if len(g.Nodes) > 0 {
		root := &g.Nodes[0]
		gw.comments(root.Comments)
		gw.nags(root.NAGs)
		gw.newline() // the moves start on a line of their own
		if first := root.FirstChild; first >= 0 {
			gw.line(g.Nodes, first, true)
		}
	}
	gw.word(gameResult(g))
	w.WriteString("\n\n\n")
	_, err := w.Write(nil)
	return err
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
	w          *bufio.Writer
	width      int
	col        int  // length of the current movetext line
	afterParen bool // the last word written was "(" or ")"
	buf        []byte
}

func (gw *gameWriter) tag(t Tag) {
	w := gw.w
	w.WriteByte('[')
	w.WriteString(t.Name)
	w.WriteString(" \"")
	for i := 0; i < len(t.Value); i++ {
		if c := t.Value[i]; c == '"' || c == '\\' {
			w.WriteByte('\\')
		}
		w.WriteByte(t.Value[i])
	}
	w.WriteString("\"]\n")
}

// newline ends the current movetext line, if it has anything.
func (gw *gameWriter) newline() {
	if gw.col > 0 {
		gw.w.WriteByte('\n')
		gw.col = 0
	}
}

// word writes one movetext word, starting a new line when it would not fit.
func (gw *gameWriter) word(s string) {
	gw.wordBytes([]byte(s))
}

func (gw *gameWriter) wordBytes(b []byte) {
	switch {
	case gw.col == 0:
	case gw.col+1+len(b) > gw.width:
		gw.w.WriteByte('\n')
		gw.col = 0
	default:
		gw.w.WriteByte(' ')
		gw.col++
	}
	gw.w.Write(b)
	gw.col += len(b)
	gw.afterParen = false
}

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
	pre := n.PreComments
	// Comments before a move are read back as such only after a
	// parenthesis or a move number, so elsewhere the number goes first.
	preFirst := len(pre) > 0 && gw.afterParen
	if preFirst {
		gw.comments(pre)
	}
	b := gw.moveNumber(gw.buf[:0], pos, forceNumber || len(pre) > 0)
	if len(pre) > 0 && !preFirst {
		gw.wordBytes(b)
		gw.comments(pre)
		b = b[:0]
	}
	b = pos.AppendSANAfter(b, n.Move, &n.Pos)
	gw.wordBytes(b)
	gw.buf = b
	gw.nags(n.NAGs)
	gw.comments(n.Comments)
}

// moveNumber appends "12." before a White move, and "12..." before a Black
// move when asked to.
func (gw *gameWriter) moveNumber(b []byte, pos *bitboard.Position, force bool) []byte {
	if pos.Side == bitboard.Black && !force {
		return b
	}
	b = strconv.AppendInt(b, int64(max(pos.FullMove, 1)), 10)
	if pos.Side == bitboard.Black {
		return append(b, "..."...)
	}
	return append(b, '.')
}

func (gw *gameWriter) nags(nags []uint8) {
	for _, v := range nags {
		gw.wordBytes(strconv.AppendUint(append(gw.buf[:0], '$'), uint64(v), 10))
	}
}

// comments writes each comment in braces, wrapping it at its spaces; a
// comment that contains '}' cannot be in braces and goes after ';' to the
// end of its line.
func (gw *gameWriter) comments(cs []string) {
	for _, c := range cs {
		if strings.IndexByte(c, '}') >= 0 {
			gw.word(";" + c)
			gw.newline()
			continue
		}
		words := strings.Split(c, " ")
		words[0] = "{" + words[0]
		words[len(words)-1] += "}"
		for _, w := range words {
			gw.word(w)
		}
	}
}

package pgn

import (
	"errors"
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/limits"
)

// Movetext: moves, numbers, comments, NAGs, variations and the result,
// built into the game tree as they come.

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

// addComment files a comment. After a move, and after a ')' or a move
// number that follow one, it belongs to the line's last move, as in the
// official program (`e5 (1...c5) {c} 2. {d} Nf3` comments e5 twice, and
// originalcomment there is the last, d). At the start of a line (after
// '(' or before the first move) it waits for the line's first move.
func (p *Parser) addComment(text string) {
	if p.marker && !p.lineMoved {
		p.pending = append(p.pending, text)
		return
	}
	n := &p.g.Nodes[p.cur]
	n.Comments = p.arena.appendString(n.Comments, text)
}

// flushPending gives waiting comments to node n, after its move.
func (p *Parser) flushPending(n int32) {
	if len(p.pending) == 0 {
		return
	}
	node := &p.g.Nodes[n]
	for _, text := range p.pending {
		node.Comments = p.arena.appendString(node.Comments, text)
	}
	p.pending = p.pending[:0]
}

// openVariation starts a variation at the '(' at data[i]: an alternative to
// the last move of the current line, played from the position before it.
func (p *Parser) openVariation(i int) {
	if !p.lineMoved {
		p.fail(i, "variation before any move")
		return
	}
	if len(p.open) >= p.maxDepth {
		p.overLimit(i, limits.VariationDepth, fmt.Sprintf("game skipped: variations nested more than %d deep", p.maxDepth))
		return
	}
	p.flushPending(p.cur)
	p.open = append(p.open, openParen{at: i, cur: p.cur})
	if !p.skim { // skimming plays no moves: everything hangs on the root
		p.cur = p.g.Nodes[p.cur].Parent
	}
	p.lineMoved, p.marker = false, true
}

// closeVariation ends the innermost variation at the ')' at data[i]; the
// enclosing line goes on after the move the variation was an alternative to.
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
	p.cur, p.lineMoved, p.marker = top.cur, true, true
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
	if isLetter(tok[0]) && len(tok) > 1 && !isEPMark(tok) { // the common case: a move
		p.move(i, tok)
		return end
	}
	if r, ok := parseResult(tok); ok {
		return p.result(i, end, r)
	}
	switch c := tok[0]; {
	case c >= '0' && c <= '9':
		if n := moveNumberLen(tok); n > 0 {
			p.marker = true
			return i + n
		}
	case c == '.': // an ellipsis, maybe glued to the move: "16. ..Kf8"
		n := 1
		for n < len(tok) && tok[n] == '.' {
			n++
		}
		p.marker = true
		return i + n
	}
	if isEPMark(tok) {
		return end
	}
	if nag, ok := glyphs[string(tok)]; ok {
		p.addNAG(nag)
		return end
	}
	p.move(i, tok)
	return end
}

// isEPMark reports whether tok is "e.p." or "ep", written after an
// en-passant capture.
func isEPMark(tok []byte) bool { return string(tok) == "e.p." || string(tok) == "ep" }

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
	if p.moves++; p.moves > p.maxMoves {
		p.overLimit(i, limits.GamePositions, fmt.Sprintf("game skipped: more than %d positions", p.maxMoves))
		return
	}
	if p.skim {
		p.lineMoved, p.marker = true, false
		return
	}
	san, nag := splitSuffixGlyph(tok)
	san = trimEP(san)
	normalized := !isASCII(san)
	if normalized {
		san = normalizeDashes(p.scratch[:0], san)
		p.scratch = san
	}
	parent := p.cur
	n := p.newNode(i)
	// the move is read into its node, not returned (ParseSANTo says why)
	mv := &p.g.Nodes[n].Move
	pos := &p.g.Nodes[parent].Pos
	err := pos.ParseSANTo(mv, san)
	if err != nil && looksLikeUCI(san) {
		if um, uerr := pos.ParseUCI(san); uerr == nil {
			*mv, err = um, nil
		}
	}
	if err != nil {
		p.g.Nodes = p.g.Nodes[:n]
		p.fail(i, "%s", p.moveMessage(tok, err))
		return
	}
	p.linkNode(parent, n)
	// san may be in p.scratch, which the next move overwrites; only text
	// that is still the input's can be kept. Whether it is canonical is
	// left to the writer: most games read are never written.
	if !normalized {
		p.g.Nodes[n].SAN = san
	}
	if nag != 0 {
		p.g.Nodes[n].NAGs = append(p.g.Nodes[n].NAGs, nag)
	}
	if len(p.pending) > 0 {
		p.g.Nodes[n].PreComments = p.arena.appendString(nil, p.pending[0])
		p.g.Nodes[n].PreComments = append(p.g.Nodes[n].PreComments, p.pending[1:]...)
		p.pending = p.pending[:0]
	}
	p.cur, p.lineMoved, p.marker = n, true, false
}

// moveMessage says why tok is not a move: "unknown token Sf3", "ambiguous
// move Nd2: 2 knights can move to d2" or "illegal move Nf6: no knight can
// move to f6".
func (p *Parser) moveMessage(tok []byte, err error) string {
	text := p.text(tok)
	var me *bitboard.MoveError
	switch {
	case errors.Is(err, bitboard.ErrBadNotation):
		return "unknown token " + text
	case !errors.As(err, &me) || me.Detail == "":
		return fmt.Sprintf("illegal move %s: %v", text, err)
	case errors.Is(err, bitboard.ErrAmbiguous):
		return fmt.Sprintf("ambiguous move %s: %s", text, me.Detail)
	}
	return fmt.Sprintf("illegal move %s: %s", text, me.Detail)
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

// newNode appends a node for the move at data offset at, to be linked by
// linkNode once its Move is known.
func (p *Parser) newNode(at int) int32 {
	g := p.g
	idx := int32(len(g.Nodes))
	if len(g.Nodes) == cap(g.Nodes) {
		p.growNodes(at)
	}
	g.Nodes = g.Nodes[:idx+1]
	return idx
}

// growNodes makes room for more nodes, the move at data offset at next.
// A long game grows its nodes to the size the rest of its text promises
// (as many moves again per byte as so far) in one step, where append
// would copy a huge array many times over, each copy live beside the
// next while it is made. The promise is never more than game-positions
// allows, so a game whose first moves are dense and the rest comments
// takes no more than a game at the limit.
func (p *Parser) growNodes(at int) {
	nodes := p.g.Nodes
	n := len(nodes)
	want := n + n/2 + 64
	if at > 0 && n >= 1024 {
		promised := int64(n) * int64(len(p.data)) / int64(at)
		want = int(max(int64(want), min(promised+promised/8, int64(satAdd(p.maxMoves, 2)))))
	}
	want = max(min(want, satAdd(p.maxMoves, 2)), n+1)
	bigger := make([]Node, n, want)
	copy(bigger, nodes)
	p.g.Nodes = bigger
}

// linkNode makes node idx, whose Move is set, the position after that
// move from parent, and links it into the tree.
func (p *Parser) linkNode(parent, idx int32) {
	g := p.g
	n := &g.Nodes[idx]
	pn := &g.Nodes[parent]
	n.Parent, n.FirstChild, n.NextSibling = parent, -1, -1
	n.Ply, n.Depth = pn.Ply+1, pn.Depth
	n.Pos = pn.Pos
	n.Pos.PlayMove(&n.Move)
	n.PreComments, n.Comments, n.NAGs, n.SAN = nil, nil, nil, nil
	if pn.FirstChild < 0 {
		pn.FirstChild = idx
	} else {
		g.Nodes[p.lastChild[parent]].NextSibling = idx
		n.Depth++
		p.branched = true
	}
	p.lastChild[parent] = idx
	p.lastChild = append(p.lastChild, -1)
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

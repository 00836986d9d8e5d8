package cqls

import (
	"strconv"
	"strings"

	"cqlvm/bitboard"
	"cqlvm/compiler/syntax"
	"cqlvm/source"
)

// lineMove is one move of a :line string.
type lineMove struct {
	from, to    syntax.Designator
	capture     bool   // x: an enemy piece stands on the target
	enPassant   bool   // e.p.
	sign        string // "+", "++", "#" or ""
	number      int64  // the move number written before it, 0 if none
	white       int    // 1 White, -1 Black, 0 not known from the text
	pawnImplied bool   // no piece written on the from square
}

// lowerLine: `:line "e2-e4 e7-e5 ..."` is `line --> {Pe2--e4} --> ...`:
// long algebraic moves whose squares may be designators; a pawn moves
// when no piece is written; `x` captures an enemy piece on the target,
// `+`, `++` and `#` test the position after the move, `e.p.` makes it an
// en passant capture, and move numbers `N.` / `N...` fix the move number
// and side at that step.
func lowerLine(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	moves := p.lineMoves(a.str)
	colorMoves(moves)
	concat := &syntax.Node{Kind: syntax.KSeqConcat, Span: sp}
	for _, m := range moves {
		concat.Args = append(concat.Args, &syntax.Node{Kind: syntax.KSeqFilter, Span: sp, Args: []*syntax.Node{p.lineStep(m, sp)}})
	}
	l.add(&syntax.Node{Kind: syntax.KLine, Span: sp, Seq: &syntax.Seq{Body: concat}})
}

// lineMoves reads the moves of the string.
func (p *parser) lineMoves(s token) []*lineMove {
	var moves []*lineMove
	var number int64
	white := 0
	fail := func(format string, args ...any) { p.failf(s.span, ":line: "+format, args...) }
	for _, w := range strings.Fields(s.text) {
		if w == "*" {
			p.failf(s.span, "cqlvm cannot run a transposition-invariant :line (ending in *) yet: it needs the moves played out at translation time; use :fen with the position reached")
		}
		if w == "e.p." {
			if len(moves) == 0 {
				fail("'e.p.' must follow a move")
			}
			moves[len(moves)-1].enPassant = true
			continue
		}
		// a move number, alone or before the move
		if i := strings.IndexByte(w, '.'); i > 0 && isDigits(w[:i]) {
			number, _ = strconv.ParseInt(w[:i], 10, 64)
			rest := w[i:]
			white = 1
			if strings.HasPrefix(rest, "...") {
				white = -1
			}
			w = strings.TrimLeft(rest, ".")
			if w == "" {
				continue
			}
		}
		m := p.lineMove(w, fail)
		m.number, number = number, 0
		if white != 0 {
			m.white, white = white, 0
		}
		moves = append(moves, m)
	}
	if len(moves) == 0 {
		fail("no moves in the line")
	}
	return moves
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// lineMove reads one move `FROM-TO` or `FROMxTO` with its signs.
func (p *parser) lineMove(w string, fail func(string, ...any)) *lineMove {
	m := &lineMove{}
	if strings.HasSuffix(w, "e.p.") {
		m.enPassant, w = true, strings.TrimSuffix(w, "e.p.")
	}
	for _, sign := range []string{"++", "+", "#"} {
		if strings.HasSuffix(w, sign) {
			m.sign, w = sign, strings.TrimSuffix(w, sign)
			break
		}
	}
	depth := 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '[':
			depth++
		case c == ']':
			depth--
		case depth == 0 && (c == '-' || c == 'x') && i > 0:
			from, err1 := parseDesig(w[:i])
			to, err2 := parseDesig(w[i+1:])
			if err1 != nil || err2 != nil {
				continue
			}
			if to.HasPieces {
				fail("'%s': the target of a move is a square, not a piece", w)
			}
			m.from, m.to, m.capture = from, to, c == 'x'
			m.pawnImplied = !from.HasPieces
			m.white = colorOf(from.Pieces)
			return m
		}
	}
	fail("'%s' is not a move in long algebraic notation such as e2-e4, Ng1-f3 or d5xe6", w)
	return nil
}

// colorOf is 1 for white pieces only, -1 for black only, 0 otherwise.
func colorOf(m syntax.PieceMask) int {
	m &^= syntax.MaskEmpty
	switch {
	case m == 0 || m&syntax.MaskWhite != 0 && m&syntax.MaskBlack != 0:
		return 0
	case m&syntax.MaskWhite != 0:
		return 1
	}
	return -1
}

// colorMoves gives every move a side: the moves alternate, from the first
// one whose side the text fixes (White when none does).
func colorMoves(moves []*lineMove) {
	anchor, side := 0, 1
	for i, m := range moves {
		if m.white != 0 {
			anchor, side = i, m.white
			break
		}
	}
	for i, m := range moves {
		if m.white == 0 {
			m.white = side
			if (i-anchor)%2 != 0 {
				m.white = -side
			}
		}
	}
}

// lineStep is the filter of one step of the line: the dash of the move,
// with the move number and side when a number was written.
func (p *parser) lineStep(m *lineMove, sp source.Span) *syntax.Node {
	from := m.from
	own, enemy := syntax.PieceMask(syntax.MaskWhite), syntax.PieceMask(syntax.MaskBlack)
	pawn := syntax.PieceMask(1 << bitboard.WhitePawn)
	if m.white < 0 {
		own, enemy, pawn = enemy, own, 1<<bitboard.BlackPawn
	}
	_ = own
	if m.pawnImplied {
		from.Pieces, from.HasPieces = pawn, true
	}
	to := m.to
	if m.capture && !m.enPassant {
		to.Pieces, to.HasPieces = enemy, true
	}
	d := &syntax.Dash{Left: desig(from, sp), Right: desig(to, sp), DashSpan: sp}
	switch m.sign {
	case "+":
		d.Targets = append(d.Targets, simple(syntax.KCheck, sp))
	case "#":
		d.Targets = append(d.Targets, simple(syntax.KMate, sp))
	case "++":
		d.Targets = append(d.Targets, conj(sp, p.template(sp, doubleCheck)))
	}
	if m.enPassant {
		d.Targets = append(d.Targets, simple(syntax.KEnPassant, sp))
	}
	dash := &syntax.Node{Kind: syntax.KDash, Span: sp, Dash: d}
	if m.number == 0 {
		return &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: []*syntax.Node{dash}}
	}
	side := syntax.KWtm
	if m.white < 0 {
		side = syntax.KBtm
	}
	return &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: []*syntax.Node{
		cmp("==", simple(syntax.KMoveNumber, sp), number(m.number, sp)), simple(side, sp), dash}}
}

package cqls

import (
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// lineMove is one move of a :line string.
type lineMove struct {
	from, to    syntax.Designator
	capture     bool             // x: an enemy piece stands on the target
	enPassant   bool             // e.p.
	sign        string           // "+", "++", "#" or ""
	number      int64            // the move number written before it, 0 if none
	white       int              // 1 White, -1 Black, 0 not known from the text
	pawnImplied bool             // no piece written on the from square
	castle      syntax.Kind      // KOO or KOOO for O-O and O-O-O, else 0
	promote     syntax.PieceMask // =Q: the white letters of the piece types, else 0
}

// lowerLine: `:line "e2-e4 e7-e5 ..."` is `line --> {Pe2--e4} --> ...`:
// long algebraic moves whose squares may be designators; a pawn moves
// when no piece is written; `x` captures an enemy piece on the target,
// `+`, `++` and `#` test the position after the move, `e.p.` makes it an
// en passant capture, and move numbers `N.` / `N...` fix the move number
// and side at that step.
func lowerLine(p *parser, l *plist, a *args) {
	if f := strings.Fields(a.str.text); len(f) > 0 && f[len(f)-1] == "*" {
		lowerLineStar(p, l, a)
		return
	}
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
			p.failf(s.span, ":line: '*' (a transposition-invariant line) must end the string")
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
	switch strings.ReplaceAll(w, "0", "O") {
	case "O-O":
		m.castle = syntax.KOO
		return m
	case "O-O-O":
		m.castle = syntax.KOOO
		return m
	}
	// a promotion: e7-e8=Q, or e7-e8Q
	if i := strings.LastIndexByte(w, '='); i > 0 {
		m.promote = promotionType(w[i+1:], fail)
		w = w[:i]
	} else if n := len(w); n > 2 && strings.IndexByte("QRBN", w[n-1]) >= 0 && w[n-2] >= '1' && w[n-2] <= '8' {
		m.promote = promotionType(w[n-1:], fail)
		w = w[:n-1]
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

// promotionType reads the piece letters after '=' of a promotion.
func promotionType(s string, fail func(string, ...any)) syntax.PieceMask {
	var m syntax.PieceMask
	for i := 0; i < len(s); i++ {
		if j := strings.IndexByte("NBRQ", s[i]); j >= 0 {
			m |= 1 << (bitboard.WhiteKnight + bitboard.Piece(j))
			continue
		}
		if s[i] != '[' && s[i] != ']' {
			fail("'%s' is not a piece to promote to: write Q, R, B or N", s)
		}
	}
	if m == 0 {
		fail("'=' must be followed by the piece promoted to: Q, R, B or N")
	}
	return m
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
	if m.castle != 0 {
		return p.lineCastle(m, sp)
	}
	from := m.from
	enemy, pawn := syntax.PieceMask(syntax.MaskBlack), syntax.PieceMask(1<<bitboard.WhitePawn)
	if m.white < 0 {
		enemy, pawn = syntax.MaskWhite, 1<<bitboard.BlackPawn
	}
	if m.pawnImplied {
		from.Pieces, from.HasPieces = pawn, true
	}
	to := m.to
	if m.capture && !m.enPassant {
		to.Pieces, to.HasPieces = enemy, true
	}
	d := &syntax.Dash{Left: desig(from, sp), Right: desig(to, sp), DashSpan: sp}
	if m.promote != 0 {
		d.Promote = &syntax.Node{Kind: syntax.KTypeNameDesig, Span: sp,
			Desig: syntax.Designator{Pieces: m.promote, Squares: bitboard.Full, HasPieces: true}}
	}
	p.lineTargets(d, m, sp)
	return p.lineNumbered(m, &syntax.Node{Kind: syntax.KDash, Span: sp, Dash: d}, sp)
}

// lineCastle is a castling step: the king of the mover castles.
func (p *parser) lineCastle(m *lineMove, sp source.Span) *syntax.Node {
	king := syntax.PieceMask(1 << bitboard.WhiteKing)
	if m.white < 0 {
		king = 1 << bitboard.BlackKing
	}
	d := &syntax.Dash{Left: pieces(king, sp), Targets: []*syntax.Node{simple(m.castle, sp)}, DashSpan: sp}
	p.lineTargets(d, m, sp)
	return p.lineNumbered(m, &syntax.Node{Kind: syntax.KDash, Span: sp, Dash: d}, sp)
}

// lineTargets adds the tests of the position after the move: its sign,
// en passant.
func (p *parser) lineTargets(d *syntax.Dash, m *lineMove, sp source.Span) {
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
}

// lineNumbered is the step's filter: the dash, after the move number and
// side when a number was written.
func (p *parser) lineNumbered(m *lineMove, dash *syntax.Node, sp source.Span) *syntax.Node {
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

// standardStart is the board of the usual start position, White to move.
const standardStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

// lowerLineStar: `:line* "e2-e4 e7-e6 d2-d4 d7-d5"` and `:line "... *"`,
// the transposition-invariant line: the moves are played at translation
// time from the usual start position, and the list tests the position
// reached, by any order of moves: its board and side to move (the seed:
// en passant rights are ignored; castling rights are not compared, as
// with :fen). The line starts "in the current start position": it is
// played from the usual one, so only games starting there match
// (`initialposition:{fen ... wtm}`). Each move names its from and to
// squares (a piece letter, x, signs and move numbers may be written and
// are checked against the move played).
func lowerLineStar(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	text := strings.TrimSpace(a.str.text)
	text = strings.TrimSpace(strings.TrimSuffix(text, "*"))
	moves := p.lineMoves(token{kind: a.str.kind, text: text, span: a.str.span})
	colorMoves(moves)
	pos, err := bitboard.ParseFEN(standardStart + " w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	fail := func(format string, args ...any) { p.failf(a.str.span, "%s: "+format, append([]any{a.kw}, args...)...) }
	for i, m := range moves {
		if (m.white > 0) != (pos.Side == bitboard.White) {
			fail("move %d is written for the side that is not to move", i+1)
		}
		mv, ok := linePlayed(&pos, m)
		if !ok {
			fail("move %d is not a legal move from the position reached (the line is played from the usual start position; each move names its from and to squares)", i+1)
		}
		pos.Play(mv)
		switch {
		case m.sign == "#" && !pos.IsCheckmate(),
			(m.sign == "+" || m.sign == "++") && !pos.InCheck(),
			m.sign == "++" && pos.Checkers().Count() < 2:
			fail("move %d does not give the %s its sign says", i+1, map[string]string{"+": "check", "++": "double check", "#": "mate"}[m.sign])
		}
	}
	board := strings.Fields(pos.FEN())[0]
	side := syntax.KWtm
	if pos.Side == bitboard.Black {
		side = syntax.KBtm
	}
	start := conj(sp, []*syntax.Node{{Kind: syntax.KFen, Span: sp, Str: standardStart, Flags: syntax.FlagAll}, simple(syntax.KWtm, sp)})
	l.add(&syntax.Node{Kind: syntax.KFen, Span: sp, Str: board, Flags: syntax.FlagAll})
	l.add(simple(side, sp))
	l.add(p.colon(sp, syntax.KInitialPosition, start))
}

// linePlayed finds the legal move of pos that m describes: from and to
// single squares (or castling), the piece written on the from square,
// a capture when x is written, the promotion piece.
func linePlayed(pos *bitboard.Position, m *lineMove) (bitboard.Move, bool) {
	for _, mv := range pos.LegalMoves(nil) {
		if m.castle != 0 {
			if mv.Is(bitboard.FlagCastle) && mv.CastlesShort() == (m.castle == syntax.KOO) {
				return mv, true
			}
			continue
		}
		if mv.Is(bitboard.FlagCastle) || m.from.Squares != bitboard.SquareSet(mv.From) || m.to.Squares != bitboard.SquareSet(mv.To) {
			continue
		}
		mover := mv.Piece
		if m.pawnImplied && mover.Type() != bitboard.Pawn || !m.pawnImplied && !m.from.Pieces.Has(mover) {
			continue
		}
		if m.capture != mv.Is(bitboard.FlagCapture) || m.enPassant && !mv.Is(bitboard.FlagEnPassant) {
			continue
		}
		if (m.promote == 0) != (mv.Promo == bitboard.NoType) ||
			mv.Promo != bitboard.NoType && !m.promote.Has(bitboard.MakePiece(bitboard.White, mv.Promo)) {
			continue
		}
		return mv, true
	}
	return bitboard.Move{}, false
}

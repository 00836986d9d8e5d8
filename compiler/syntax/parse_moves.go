package syntax

import "github.com/cqlvm/cqlvm/source"

// parseMove parses the parameters of `move`.
func (p *Parser) parseMove(t Token) *Node {
	m := &MoveParams{}
	n := &Node{Kind: KMove, Move: m}
	for !p.failed() {
		w := p.tok()
		if w.Kind != TIdent {
			break
		}
		switch w.Text {
		case "from", "to", "capture", "captures", "enpassantsquare":
			p.advance()
			arg := p.parseExpr(levelParam + 1)
			if arg == nil {
				p.errorf(w.Span, "expected a set after '%s'", w.Text)
				return nil
			}
			p.setMoveSet(m, w, arg)
			continue
		case "promote":
			p.advance()
			m.Promote = p.parseTypeName(w, false)
			if m.Promote == nil {
				return nil
			}
			continue
		case "comment":
			p.advance()
			m.Comment = p.parseComment(w)
			if m.Comment == nil {
				return nil
			}
			continue
		}
		if !p.moveFlag(m, w.Text) {
			break
		}
		p.advance()
	}
	n.Span = p.spanFrom(t.Span.From)
	if m.Count && !m.Legal && !m.PseudoLegal {
		p.errorf(n.Span, "the 'count' keyword in 'move' can only be used with 'legal' or 'pseudolegal'")
		return nil
	}
	// combinations no move has, refused as the official program does
	ep := m.EnPassant || m.EnPassantSquare != nil
	switch {
	case m.Legal && m.PseudoLegal:
		p.errorf(n.Span, "'move' cannot be both 'legal' and 'pseudolegal'")
	case (m.Legal || m.PseudoLegal) && m.Previous:
		p.errorf(n.Span, "'move' cannot have both 'legal' or 'pseudolegal' and 'previous'")
	case (m.Legal || m.PseudoLegal) && (m.Null || m.Primary || m.Secondary || m.Promote != nil):
		p.errorf(n.Span, "'null', 'primary', 'secondary' and 'promote' cannot be used with 'move legal' or 'move pseudolegal'")
	case m.Null && (m.Promote != nil || ep):
		p.errorf(n.Span, "'move null' cannot have 'promote', 'enpassant' or 'enpassantsquare': a null move is neither")
	case ep && m.Promote != nil:
		p.errorf(n.Span, "a move cannot be both an en passant capture and a promotion")
	default:
		return n
	}
	return nil
}

func (p *Parser) setMoveSet(m *MoveParams, w Token, arg *Node) {
	name := w.Text
	if name == "captures" {
		name = "capture" // the official program's other spelling
	}
	slot := map[string]**Node{"from": &m.From, "to": &m.To, "capture": &m.Capture, "enpassantsquare": &m.EnPassantSquare}[name]
	if *slot != nil {
		p.errorf(w.Span, "'%s' given twice in move", name)
		return
	}
	*slot = arg
	if m.First == "" && name != "enpassantsquare" {
		m.First = name
	}
}

func (p *Parser) moveFlag(m *MoveParams, word string) bool {
	flags := map[string]*bool{
		"previous": &m.Previous, "legal": &m.Legal, "pseudolegal": &m.PseudoLegal,
		"count": &m.Count, "enpassant": &m.EnPassant, "null": &m.Null,
		"primary": &m.Primary, "secondary": &m.Secondary, "o-o": &m.OO, "o-o-o": &m.OOO,
		"castle": &m.Castle,
	}
	f, ok := flags[word]
	if ok {
		*f = true
	}
	return ok
}

// parseTypeName reads the promotion type of a dash or of move promote: a
// piece designator without squares (`Q`, `[RBN]`) or a string of piece
// letters ("RBN"; "" and "." are every type, as the official program reads
// them). After a dash's '=' (filter true) any string filter may stand, a
// whole expression such as `T + "N"` (but not `T and check`, which is no
// string), as in the official program; its value is read when the dash runs
// (vm.PromoteMask). `move promote` takes no such filter (the official
// program: "missing piece designator following 'promote'").
func (p *Parser) parseTypeName(after Token, filter bool) *Node {
	t := p.tok()
	switch {
	case t.Kind == TDesig && !t.Desig.HasSquares:
		p.advance()
		return &Node{Kind: KTypeNameDesig, Span: t.Span, Desig: t.Desig}
	case filter && canStartFilter(t) && t.Kind != TDesig:
		p.noDash++
		n := p.parseExpr(levelOr)
		p.noDash--
		if n != nil && n.Kind == KString {
			return p.typeLetters(n.Span, n.Str)
		}
		return n
	case t.Kind == TString:
		p.advance()
		return p.typeLetters(t.Span, t.Str)
	}
	if filter {
		p.errorf(t.Span, "expected a piece type such as Q, [RBN] or \"RBN\", or a string filter, after '%s'", after.Text)
	} else {
		p.errorf(t.Span, "expected a piece type such as Q, [RBN] or \"RBN\" after '%s'", after.Text)
	}
	return nil
}

// typeLetters is the typename designator of a string literal of piece
// letters; "" and "." are every type a pawn promotes to.
func (p *Parser) typeLetters(span source.Span, s string) *Node {
	var mask PieceMask
	if s == "" || s == "." {
		s = "QRBN"
	}
	for i := 0; i < len(s); i++ {
		m := pieceLetterMask(s[i])
		if m == 0 || m == MaskEmpty {
			p.errorf(span, "%q is not a piece type letter", s[i])
			return nil
		}
		mask |= m
	}
	return &Node{Kind: KTypeNameDesig, Span: span, Desig: Designator{Pieces: mask, HasPieces: true}}
}

// startsGluedDash reports whether the current token is a dash (-- or [x])
// written directly after the previous token, which makes the previous
// set filter its left side.
func (p *Parser) startsGluedDash() bool {
	t := p.tok()
	return t.Kind == TPunct && (t.Text == "--" || t.Text == "[x]") && !t.SpaceBefore
}

// parseDash parses `--G=T(targets)` after its left side (nil if none).
// The right side, promotion and targets must touch the dash: `R-- e4` is
// a dash from a rook followed by the filter e4.
func (p *Parser) parseDash(left *Node, from int32) *Node {
	tok := p.advance()
	d := &Dash{Left: left, Capture: tok.Text == "[x]", DashSpan: tok.Span}
	if r := p.tok(); !r.SpaceBefore && canStartDashRight(r) {
		p.noDash++
		d.Right = p.parseExpr(levelArrow)
		p.noDash--
		if d.Right == nil {
			return nil
		}
	}
	if p.isPunct("=") && !p.tok().SpaceBefore {
		eq := p.advance()
		d.Promote = p.parseTypeName(eq, true)
		if d.Promote == nil {
			return nil
		}
	}
	if p.isPunct("(") && !p.tok().SpaceBefore {
		open := p.advance()
		for !p.isPunct(")") {
			if p.tok().Kind == TEOF || p.failed() {
				p.errorf(open.Span, "the '(' of the dash targets is never closed")
				return nil
			}
			f := p.parseFilter()
			if f == nil {
				return nil
			}
			d.Targets = append(d.Targets, f)
		}
		p.advance()
		if p.isPunct("(") && !p.spacedParenAfterDashOK() {
			// the official program refuses it too ("There is a '('
			// character immediately following a -- filter"): a second
			// list of targets was likely meant
			p.errorf(p.tok().Span, "a '(' follows the targets of '%s': put the targets in one (...), or braces around a filter that follows", tok.Text)
			return nil
		}
	} else if p.isPunct("(") && !p.spacedParenAfterDashOK() {
		p.errorf(p.tok().Span, "no space may separate '%s' from the '(' of its targets: write %s(...), or braces for a filter that follows", tok.Text, tok.Text)
		return nil
	}
	if p.pathDashes >= 0 {
		p.pathDashes++
	}
	return &Node{Kind: KDash, Dash: d, Span: p.spanFrom(from)}
}

// spacedParenAfterDashOK reports whether "-- (" may be read as a dash
// followed by something in parentheses. The official program refuses it
// ("There must be no whitespace between the '--' filter and the '('"),
// except after the first dash of a path, where the parentheses group the
// constituents that follow (path -- (check)).
func (p *Parser) spacedParenAfterDashOK() bool {
	return p.pathDashes == 0
}

// canStartDashRight reports whether t can begin the right side of a dash.
func canStartDashRight(t Token) bool {
	switch t.Kind {
	case TDesig, TIdent:
		return !(t.Kind == TIdent && (t.Text == "or" || t.Text == "and" || t.Text == "in" ||
			t.Text == "attacks" || t.Text == "attackedby"))
	case TPunct:
		return t.Text == "~" || t.Text == "#"
	}
	return false
}

// parseLegalDash: `legal F--G(...)` / `pseudolegal ...`.
func (p *Parser) parseLegalDash(t Token) *Node {
	n := p.parseExpr(levelArrow)
	if n == nil || n.Kind != KDash {
		p.errorf(p.spanFrom(t.Span.From), "expected a dash filter (such as --(o-o)) after '%s'", t.Text)
		return nil
	}
	p.markLegal(t, n.Dash)
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) markLegal(t Token, d *Dash) {
	if t.Text == "legal" {
		d.Legal = true
	} else {
		d.PseudoLegal = true
	}
	if d.Capture {
		p.errorf(d.DashSpan, "'legal' and 'pseudolegal' are not supported with capturing dashes '[x]'; use -- instead")
		return
	}
	if d.Promote != nil {
		p.errorf(d.Promote.Span, "illegal target in dash following '%s --': promotion is not supported", t.Text)
		return
	}
	for _, tg := range d.Targets {
		switch tg.Kind {
		case KCastle, KOO, KOOO, KEnPassant:
		default:
			p.errorf(tg.Span, "illegal target in dash following '%s --': only castle, o-o, o-o-o and enpassant are allowed", t.Text)
			return
		}
	}
}

// parseCountMoves: `countmoves [legal|pseudolegal] dash`.
func (p *Parser) parseCountMoves(t Token) *Node {
	var legal Token
	if p.isIdent("legal") || p.isIdent("pseudolegal") {
		legal = p.advance()
	}
	d := p.parseExpr(levelArrow)
	if d == nil || d.Kind != KDash {
		p.errorf(p.spanFrom(t.Span.From), "expected a dash filter after 'countmoves'")
		return nil
	}
	if legal.Kind == TIdent {
		p.markLegal(legal, d.Dash)
	}
	return p.node(KCountMoves, p.spanFrom(t.Span.From), d)
}

// parseCurrentMove: `currentmove dash` (currentmove.html: "currentmove x
// where x is any ―― filter"). The dash is matched against the move that
// led to the current position, which is a move of the game: legal and
// pseudolegal, which choose generated moves instead, are refused.
func (p *Parser) parseCurrentMove(t Token) *Node {
	if p.isIdent("legal") || p.isIdent("pseudolegal") {
		p.errorf(p.tok().Span, "'%s' does not apply after 'currentmove': the current move is the game's move into this position", p.tok().Text)
		return nil
	}
	d := p.parseExpr(levelArrow)
	if d == nil || d.Kind != KDash {
		p.errorf(p.spanFrom(t.Span.From), "expected a dash filter (such as R--) after 'currentmove'")
		return nil
	}
	return p.node(KCurrentMove, p.spanFrom(t.Span.From), d)
}

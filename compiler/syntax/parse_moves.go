package syntax

import (
	"strings"

	"cqlvm/source"
)

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

// ---- line ----

// parseLine: `line [range] [params] --> C --> C ...` (or `<--`).
func (p *Parser) parseLine(t Token) *Node {
	n := &Node{Kind: KLine, Seq: &Seq{}}
	for {
		if p.rangeBounds(n, anyVar, false) {
			continue
		}
		w := p.tok()
		if w.Kind != TIdent {
			break
		}
		f, ok := map[string]uint32{
			"firstmatch": FlagFirstMatch, "lastposition": FlagLastPosition, "singlecolor": FlagSingleColor,
			"quiet": FlagQuiet, "nestban": FlagNestBan, "primary": FlagPrimary, "secondary": FlagSecondary,
		}[w.Text]
		if !ok {
			break
		}
		n.Flags |= f
		p.advance()
	}
	arrow := p.tok()
	if !p.isPunct("-->") && !p.isPunct("<--") {
		p.errorf(arrow.Span, "expected --> or <-- after 'line'")
		return nil
	}
	n.Seq.Backward = arrow.Text == "<--"
	if n.Seq.Backward && n.Flags&(FlagNestBan|FlagPrimary|FlagSecondary) != 0 {
		// features.md §9.1: a backward line takes no nestban, primary or
		// secondary (a position has one parent)
		p.errorf(p.spanFrom(t.Span.From), "a line looking back (<--) cannot have nestban, primary or secondary")
		return nil
	}
	p.inSeq++
	n.Seq.Body = p.parseSeqChain(arrow.Text, false)
	p.inSeq--
	if n.Seq.Body == nil {
		return nil
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// parseSeqChain parses `--> C --> C ...`: each element is preceded by the
// arrow. Inside a group the first element has no arrow before it.
func (p *Parser) parseSeqChain(arrow string, grouped bool) *Node {
	ok := p.enter()
	defer p.leave()
	if !ok {
		return nil
	}
	chain := &Node{Kind: KSeqConcat}
	start := p.tok().Span.From
	first := true
	for {
		if !(grouped && first) {
			if !p.acceptPunct(arrow) {
				break
			}
		}
		first = false
		e := p.parseSeqElem(arrow)
		if e == nil {
			return nil
		}
		chain.Args = append(chain.Args, e)
	}
	chain.Span = p.spanFrom(start)
	if len(chain.Args) == 0 {
		p.errorf(p.tok().Span, "expected a constituent after %s", arrow)
		return nil
	}
	return chain
}

// parseSeqElem parses one constituent with its repetition suffixes.
func (p *Parser) parseSeqElem(arrow string) *Node {
	var atom *Node
	if p.isPunct("(") {
		open := p.advance()
		atom = p.parseSeqChain(arrow, true)
		if atom == nil {
			return nil
		}
		if !p.acceptPunct(")") {
			p.errorf(p.tok().Span, "malformed expression inside %s filter: expected ')' to close the group at %s", arrow, p.where(open))
			return nil
		}
		if len(atom.Args) == 1 {
			atom = atom.Args[0]
		}
	} else {
		f := p.parseFilter()
		if f == nil {
			p.errorf(p.tok().Span, "expected a filter after %s", arrow)
			return nil
		}
		atom = &Node{Kind: KSeqFilter, Span: f.Span, Args: []*Node{f}}
	}
	return p.parseRepetitions(atom)
}

// parseRepetitions applies * + ? {n} {n,} {,m} {n,m} {+} {*} suffixes.
func (p *Parser) parseRepetitions(atom *Node) *Node {
	for {
		at := p.tok()
		lo, hi, ok := p.repetition()
		if !ok {
			return atom
		}
		if canMatchNothing(atom) {
			// features.md §9.1: wildcards cannot apply to a constituent
			// that can match the empty sequence
			p.errorf(source.Join(atom.Span, at.Span), "a repetition cannot apply to a constituent that can match no position at all")
			return nil
		}
		atom = &Node{Kind: KSeqRepeat, Span: p.spanFrom(atom.Span.From), Args: []*Node{atom}, Int: lo, Int2: hi}
	}
}

// canMatchNothing reports whether a line constituent can match an empty
// sequence of positions.
func canMatchNothing(n *Node) bool {
	switch n.Kind {
	case KSeqRepeat:
		return n.Int == 0 || canMatchNothing(n.Args[0])
	case KSeqConcat:
		for _, a := range n.Args {
			if !canMatchNothing(a) {
				return false
			}
		}
		return true
	case KSeqAlt:
		for _, a := range n.Args {
			if canMatchNothing(a) {
				return true
			}
		}
	}
	return false
}

// repetition consumes a repetition suffix; hi < 0 means unbounded.
func (p *Parser) repetition() (lo, hi int64, ok bool) {
	if (p.isPunct("*") || p.isPunct("+")) && isRelation(p.peek(1)) {
		// the official program reads `check*>5` as a multiplication
		// missing its right side and rejects it
		op := p.tok()
		p.errorf(source.Join(op.Span, p.peek(1).Span), "'%s' before '%s' is an arithmetic operator, not a repetition: write check{%s} > 5, or {line --> check%s} > 5", op.Text, p.peek(1).Text, op.Text, op.Text)
		return 0, 0, false
	}
	switch {
	case p.isPunct("*"):
		p.advance()
		return 0, -1, true
	case p.isPunct("+"):
		p.advance()
		return 1, -1, true
	case p.isPunct("?"):
		p.advance()
		return 0, 1, true
	case p.isPunct("{") && p.braceRepetitionAhead():
		return p.braceRepetition()
	}
	return 0, 0, false
}

// atSeqRepetition reports whether the parser stands on a repetition suffix
// rather than on a binary operator: `check*` followed by --> or the end.
func (p *Parser) atSeqRepetition(left *Node) bool {
	t := p.tok()
	if t.Kind != TPunct {
		return false
	}
	switch t.Text {
	case "*", "+":
		// after a filter without a value (a move, a test) it cannot be
		// arithmetic: `Back-- +` repeats the move
		return producesNoValue(left) || !canStartFilter(p.peek(1)) || p.peek(1).Kind == TPunct && p.peek(1).Text == "{" && p.braceRepetitionAt(1)
	case "?":
		return true
	case "{":
		return !t.SpaceBefore && p.braceRepetitionAhead()
	}
	return false
}

// isRelation reports whether t is a comparison operator.
func isRelation(t Token) bool {
	if t.Kind != TPunct {
		return false
	}
	switch t.Text {
	case "<", "<=", ">", ">=", "==", "!=":
		return true
	}
	return false
}

func (p *Parser) braceRepetitionAhead() bool { return p.braceRepetitionAt(0) }

// braceRepetitionAt recognises {n} {n,} {,m} {n,m} {n m} {+} {*} at offset k.
func (p *Parser) braceRepetitionAt(k int) bool {
	if t := p.peek(k); t.Kind != TPunct || t.Text != "{" {
		return false
	}
	i := k + 1
	t := p.peek(i)
	if t.Kind == TPunct && (t.Text == "+" || t.Text == "*") {
		return p.peek(i+1).Kind == TPunct && p.peek(i+1).Text == "}"
	}
	sawNum := false
	for j := 0; j < 4; j++ {
		t := p.peek(i + j)
		switch {
		case t.Kind == TNumber:
			sawNum = true
		case t.Kind == TPunct && t.Text == ",":
		case t.Kind == TPunct && t.Text == "}":
			return sawNum
		default:
			return false
		}
	}
	return false
}

func (p *Parser) braceRepetition() (lo, hi int64, ok bool) {
	open := p.advance()
	if p.acceptPunct("+") {
		p.expectPunct("}", "after {+")
		return 1, -1, true
	}
	if p.acceptPunct("*") {
		p.expectPunct("}", "after {*")
		return 0, -1, true
	}
	var nums []int64
	comma := false
	for !p.isPunct("}") {
		t := p.advance()
		switch {
		case t.Kind == TNumber:
			nums = append(nums, t.Num)
		case t.Kind == TPunct && t.Text == ",":
			if len(nums) == 0 {
				nums = append(nums, 0)
			}
			comma = true
		default:
			p.errorf(t.Span, "malformed repetition {...} at %s", p.where(open))
			return 0, 0, false
		}
	}
	p.advance()
	switch {
	case len(nums) == 1 && !comma:
		return nums[0], nums[0], true
	case len(nums) == 1 && comma:
		return nums[0], -1, true
	case len(nums) == 2:
		if nums[1] < nums[0] {
			p.errorf(open.Span, "repetition {%d,%d} has its bounds reversed", nums[0], nums[1])
		}
		return nums[0], nums[1], true
	}
	p.errorf(open.Span, "malformed repetition {...}")
	return 0, 0, false
}

// ---- path ----

// parsePath parses the 6.2 `path` filter: parameters, then constituents
// that are dash filters (each consumes one move) or other filters (each
// tests the position reached so far), with grouping and repetition.
// The constituents run on across line breaks, whatever the indentation,
// until a blank line (the official program's layout rule: a filter after
// an empty line follows the path).
func (p *Parser) parsePath(t Token) *Node {
	n := &Node{Kind: KPath, Seq: &Seq{}}
	first := p.pos
	if !p.pathParams(n) {
		return nil
	}
	p.inSeq++
	outer := p.pathDashes
	p.pathDashes = 0
	n.Seq.Body = p.parsePathElems(t, false)
	p.pathDashes = outer
	p.inSeq--
	if n.Seq.Body == nil {
		return nil
	}
	if !p.noMoveCountingWords(first, p.pos) {
		return nil
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// noMoveCountingWords refuses the words legal and countmoves among the
// tokens first..end of a path outside braces, as the official program
// does (the -- after them could be read as a constituent of the path);
// inside {} they are ordinary filters.
func (p *Parser) noMoveCountingWords(first, end int) bool {
	depth := 0
	for i := first; i < end && i < len(p.toks); i++ {
		tk := p.toks[i]
		switch {
		case tk.Kind == TPunct && tk.Text == "{":
			depth++
		case tk.Kind == TPunct && tk.Text == "}":
			depth--
		case depth == 0 && tk.Kind == TIdent && (tk.Text == "legal" || tk.Text == "countmoves"):
			p.errorf(tk.Span, "'%s' is not allowed at the top level of a path: the -- after it would be read as a constituent of the path; put braces around the filter, as in {%s --}", tk.Text, tk.Text)
			return false
		}
	}
	return true
}

func (p *Parser) pathParams(n *Node) bool {
	for {
		if lo, hi, ok := p.optRange(); ok {
			n.Int, n.Int2, n.HasRange = lo, hi, true
			continue
		}
		w := p.tok()
		if w.Kind != TIdent {
			return true
		}
		switch w.Text {
		case "firstmatch", "lastposition", "nestban", "primary", "singlecolor", "keepallbest",
			"quiet", "verbose", "piecepath":
			n.Flags |= map[string]uint32{"firstmatch": FlagFirstMatch, "lastposition": FlagLastPosition,
				"nestban": FlagNestBan, "primary": FlagPrimary, "singlecolor": FlagSingleColor,
				"keepallbest": FlagKeepAllBest, "quiet": FlagQuiet}[w.Text]
			p.advance()
		case "title":
			p.advance()
			s := p.advance()
			if s.Kind != TString {
				p.errorf(s.Span, "expected a quoted title after 'title'")
				return false
			}
			n.Seq.Title = s.Str
		case "focus":
			p.advance()
			if p.acceptIdent("capture") {
				n.Seq.FocusCapture = true
			}
			n.Seq.Focus = p.parseExpr(levelArrow)
			if n.Seq.Focus == nil {
				p.errorf(w.Span, "expected a set after 'focus'")
				return false
			}
		case "max":
			p.advance()
			n.Flags |= FlagMax
			// a whole filter: `max pathcountunfocused >= 4` maximises the
			// comparison, whose value is its left side's
			n.Seq.Max = p.parseExpr(levelOr)
			if n.Seq.Max == nil {
				p.errorf(w.Span, "expected a filter after 'max'")
				return false
			}
		default:
			return true
		}
	}
}

// parsePathElems parses constituents up to the end of the path (or the
// closing parenthesis of a group).
func (p *Parser) parsePathElems(t Token, grouped bool) *Node {
	ok := p.enter()
	defer p.leave()
	if !ok {
		return nil
	}
	seq := &Node{Kind: KSeqConcat}
	start := p.tok().Span.From
	for !p.failed() {
		if !p.pathContinues(seq, grouped) {
			break
		}
		e := p.parsePathElem(t)
		if e == nil {
			return nil
		}
		seq.Args = append(seq.Args, e)
		p.pathRepetitions(seq)
	}
	seq.Span = p.spanFrom(start)
	if len(seq.Args) == 0 && !p.failed() {
		p.errorf(p.tok().Span, "expected a constituent (such as a move --) after '%s'", t.Text)
		return nil
	}
	return seq
}

// pathContinues decides whether the next token belongs to the path.
func (p *Parser) pathContinues(seq *Node, grouped bool) bool {
	tk := p.tok()
	// from and to, parameters after move and pin, are filters here (the
	// official program: `path -- to == f1` tests the path's last move)
	fromTo := tk.Kind == TIdent && (tk.Text == "from" || tk.Text == "to")
	if tk.Kind == TEOF || p.isPunct("}") || p.isPunct(")") || !canStartFilter(tk) && !fromTo && !p.isPunct("--") && !p.isPunct("[x]") {
		return false
	}
	if len(seq.Args) == 0 || grouped || !p.onNewLine() {
		return true
	}
	// on a new line: a word that names nothing yet cannot be a
	// constituent (x = path ... / x:stalemate: x is not bound inside
	// its own assignment), and a blank line ends the list
	if tk.Kind == TIdent && !IsReserved(tk.Text) && !p.bound[tk.Text] && p.funcs[tk.Text] == nil {
		return false
	}
	return !p.blankLineBefore()
}

// blankLineBefore reports whether an empty line (nothing but white space)
// separates the current token from the previous one. A line holding a
// comment is not empty, and neither are the lines inside a /* */ comment.
func (p *Parser) blankLineBefore() bool {
	if p.pos == 0 {
		return false
	}
	text := p.src.Text[p.toks[p.pos-1].Span.To:p.tok().Span.From]
	lineEmpty := false // the current line has shown nothing but white space since its start
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			if lineEmpty {
				return true
			}
			lineEmpty = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		case strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return false
			}
			i += end + 3
			lineEmpty = false
		default: // a // comment: the rest of its line
			lineEmpty = false
			if nl := strings.IndexByte(text[i:], '\n'); nl >= 0 {
				i += nl - 1
			} else {
				i = len(text)
			}
		}
	}
	return false
}

// onNewLine reports whether the current token starts a new line.
func (p *Parser) onNewLine() bool {
	if p.pos == 0 {
		return true
	}
	prevLine, _ := p.src.Position(int(p.toks[p.pos-1].Span.To))
	line, _ := p.src.Position(int(p.tok().Span.From))
	return line != prevLine
}

func (p *Parser) parsePathElem(t Token) *Node {
	var atom *Node
	if p.isPunct("(") {
		open := p.advance()
		atom = p.parsePathElems(t, true)
		if atom == nil {
			return nil
		}
		if !p.acceptPunct(")") {
			p.errorf(p.tok().Span, "expected ')' to close the group opened at %s", p.where(open))
			return nil
		}
	} else {
		f := p.parseExpr(levelOr)
		if f == nil {
			p.errorf(p.tok().Span, "expected a constituent after '%s'", t.Text)
			return nil
		}
		kind := KSeqFilter
		if f.Kind == KDash {
			kind = KSeqDash
		}
		atom = &Node{Kind: kind, Span: f.Span, Args: []*Node{f}}
	}
	return atom
}

// pathRepetitions applies repetition suffixes to the last constituent:
// after a dash or a group, to it; after a filter, to the whole step from
// the preceding dash through that filter (`-- {forced} +` repeats the
// move together with its test).
func (p *Parser) pathRepetitions(seq *Node) {
	for {
		lo, hi, ok := p.repetition()
		if !ok {
			return
		}
		last := len(seq.Args) - 1
		from := last
		if seq.Args[last].Kind == KSeqFilter {
			for j := last; j >= 0; j-- {
				if seq.Args[j].Kind == KSeqDash {
					from = j
					break
				}
			}
		}
		body := seq.Args[last]
		if from < last {
			body = &Node{Kind: KSeqConcat, Span: seq.Args[from].Span, Args: append([]*Node(nil), seq.Args[from:]...)}
		}
		rep := &Node{Kind: KSeqRepeat, Span: p.spanFrom(body.Span.From), Args: []*Node{body}, Int: lo, Int2: hi}
		seq.Args = append(seq.Args[:from], rep)
	}
}

package syntax

import "strings"

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

package syntax

import (
	"fmt"
	"strings"

	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
)

// Precedence levels, lowest first, after the CQL 6.2 precedence table.
// A prefix filter at level L parses its argument at level L+1; binary
// operators are left associative except relations and ':'.
const (
	levelBody   = 4 // bodies of transforms, find, sort, ...: a whole `or` expression
	levelOr     = 4
	levelAnd    = 5
	levelNot    = 6
	levelIn     = 7
	levelRel    = 8
	levelPrefix = 9 // makesquare abs sqrt position, right sides of += ...
	levelHash   = 10
	levelAdd    = 11
	levelCase   = 12
	levelNeg    = 13
	levelMul    = 14
	levelRank   = 15 // rank file between power type pieceid, `in` of piece/square
	levelArrow  = 16 // the arrows -> <- (→ ←): looser than | and &, unlike the words attacks/attackedby
	levelUnion  = 17
	levelInter  = 18
	levelCompl  = 19
	levelAttack = 20
	levelParam  = 21 // from/to/through parameters of pin and move
	levelDir    = 22 // direction filters, light, dark
	levelIndex  = 23 // x[...] and the left side of ~~
	levelColon  = 24
)

// Header is the parsed `cql( ... )` header.
type Header struct {
	Span          source.Span
	Input, Output string
	Variations    bool
	MatchCount    [2]int64
	HasMatchCount bool
	SortMatch     bool
	GameNumber    [2]int64
	HasGameNumber bool
	Result        string
	Silent, Quiet bool
	MatchString   *string
}

// File is a parsed query: header and body filters.
type File struct {
	Src       *source.Source
	Header    Header
	HasHeader bool
	Body      []*Node
	Funcs     map[string]*Node
}

// Parser turns tokens into an AST.
type Parser struct {
	src    *source.Source
	toks   []Token
	pos    int
	errs   *source.ErrorList
	funcs  map[string]*Node
	bound  map[string]bool // the variable names given a value so far in the text (bind)
	inSeq  int             // > 0 inside line constituents: postfix * + ? are repetitions
	noDash int             // > 0 while parsing the right side of a dash
	// pathDashes counts the dashes of the path being parsed (-1: not in a
	// path); only its first may be followed by a spaced "(" (see
	// parseDash).
	pathDashes int
	noColon    int // > 0 inside x[...] (':' separates slice bounds) and in position N (':' ends N)
	noSetOps   int // > 0 in position N: a set operator (& | ~ -> attacks ...) ends N, as ':' does
	// numVars are the variables assigned a number so far: only they can
	// bound a range where a set could stand (`up 1 Sq` with Sq a set)
	numVars map[string]bool
	// strArgs is true directly among the arguments of str, comment and
	// message (not inside braces or parentheses there): a string literal
	// after an implicit-search filter is then the next argument.
	strArgs bool
	// limits bound the text's size and nesting (nil: the defaults)
	limits *limits.Values
	// depth is the nesting of the filter being parsed (0 at the top
	// level); past the nesting limit the parse stops (tooDeep) rather
	// than recursing further.
	depth   int
	tooDeep bool
}

// withStrArgs sets strArgs for the parse of a nested construct and
// returns the function restoring the outer value.
func (p *Parser) withStrArgs(on bool) func() {
	old := p.strArgs
	p.strArgs = on
	return func() { p.strArgs = old }
}

// ParseFile parses a whole query: the `cql(...)` header (required unless
// requireHeader is false) followed by one or more body filters.
func ParseFile(src *source.Source, requireHeader bool) (*File, source.ErrorList) {
	return ParseFileWith(src, requireHeader, nil)
}

// ParseFileWith is ParseFile within the limits lim (nil: the defaults)
// on the text's size (query-bytes) and nesting (nesting).
func ParseFileWith(src *source.Source, requireHeader bool, lim *limits.Values) (*File, source.ErrorList) {
	var errs source.ErrorList
	f := &File{Src: src, Funcs: map[string]*Node{}}
	if err := TextTooLarge(src, lim); err != nil {
		return f, source.ErrorList{err}
	}
	toks := Lex(src, &errs)
	p := &Parser{src: src, toks: toks, errs: &errs, funcs: f.Funcs, bound: map[string]bool{}, pathDashes: -1, limits: lim}
	if p.isIdent("cql") {
		f.HasHeader = true
		p.parseHeader(&f.Header)
	} else if requireHeader {
		p.errorf(p.tok().Span, "expected 'cql' to start the query, got %s", p.tok())
		return f, errs
	}
	p.depth = -1 // the top-level filters' parseExpr makes it 0
	for p.tok().Kind != TEOF && len(errs) == 0 {
		if p.isPunct("}") || p.isPunct(")") {
			p.errorf(p.tok().Span, "unmatched %s", p.tok())
			break
		}
		if n := p.parseFilter(); n != nil {
			f.Body = append(f.Body, n)
		}
	}
	if len(f.Body) == 0 && len(errs) == 0 {
		p.errorf(p.tok().Span, "expected one or more filters after the cql header, got none")
	}
	if len(errs) == 0 {
		p.checkTreeDepth(f)
	}
	errs.Sort()
	return f, errs
}

// ParseBody parses filters with no header (the -cql command-line option).
func ParseBody(src *source.Source) ([]*Node, map[string]*Node, source.ErrorList) {
	return ParseBodyWith(src, nil)
}

// ParseBodyWith is ParseBody within the limits lim (nil: the defaults).
func ParseBodyWith(src *source.Source, lim *limits.Values) ([]*Node, map[string]*Node, source.ErrorList) {
	f, errs := ParseFileWith(src, false, lim)
	if f.HasHeader && len(errs) == 0 {
		// its settings would be lost: never ignore them silently
		errs.Add(src, f.Header.Span, "a cql(...) header is not allowed here: only the query file has one (give its settings in that file's header or as options)")
	}
	return f.Body, f.Funcs, errs
}

// TextTooLarge is the error of a query text over the query-bytes limit,
// placed at the first byte past it; nil when the text fits.
func TextTooLarge(src *source.Source, lim *limits.Values) *source.Error {
	max := lim.Int(limits.QueryBytes)
	if len(src.Text) <= max {
		return nil
	}
	detail := fmt.Sprintf("the query text has %d bytes", len(src.Text))
	return &source.Error{Src: src, Span: source.Span{From: int32(min(max, len(src.Text))), To: int32(min(max, len(src.Text)))},
		Msg: lim.Exceeded(limits.QueryBytes, detail).Error()}
}

// enter goes one level deeper into nested filters; false, with the error
// (once), past the nesting limit, after which the parse stops: the
// tokens left are skipped so that every caller returns at once.
// Each enter is paired with a leave, whatever it returned.
func (p *Parser) enter() bool {
	p.depth++
	if max := p.limits.Int(limits.Nesting); p.depth > max && !p.tooDeep {
		t := p.tok()
		p.errs.Add(p.src, t.Span, "%s", p.limits.Exceeded(limits.Nesting, fmt.Sprintf("filters nested more than %d deep at %s", max, t)))
		p.tooDeep = true
		p.pos = len(p.toks) - 1
	}
	return !p.tooDeep
}

func (p *Parser) leave() { p.depth-- }

// checkTreeDepth refuses a syntax tree deeper than the nesting limit:
// chained operators (a or b or c ..., 1 + 1 + ...) nest their left sides
// without parentheses, and every later pass recurses over the tree.
func (p *Parser) checkTreeDepth(f *File) {
	max := p.limits.Int(limits.Nesting)
	roots := f.Body
	for _, fn := range f.Funcs {
		roots = append(roots, fn)
	}
	if n := Deeper(roots, max); n != nil {
		p.errs.Add(p.src, n.Span, "%s", p.limits.Exceeded(limits.Nesting, fmt.Sprintf("filters (or chained operators) nested more than %d deep at %q", max, p.src.Snippet(n.Span))))
	}
}

// Deeper returns a node nested more than max levels under one of roots
// (a root is level 0), or nil. It walks with a stack of its own: it is
// what keeps the recursive passes from too deep a tree.
func Deeper(roots []*Node, max int) *Node {
	type item struct {
		n     *Node
		depth int
	}
	var stack []item
	for _, r := range roots {
		if r != nil {
			stack = append(stack, item{r, 0})
		}
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.depth > max {
			return it.n
		}
		eachChild(it.n, false, func(_ string, c **Node) {
			if *c != nil {
				stack = append(stack, item{*c, it.depth + 1})
			}
		})
	}
	return nil
}

// ---- token helpers ----

func (p *Parser) tok() Token { return p.toks[p.pos] }

func (p *Parser) peek(k int) Token {
	if p.pos+k < len(p.toks) {
		return p.toks[p.pos+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *Parser) advance() Token {
	t := p.toks[p.pos]
	if t.Kind != TEOF {
		p.pos++
	}
	return t
}

func (p *Parser) prevEnd() int32 {
	if p.pos == 0 {
		return 0
	}
	return p.toks[p.pos-1].Span.To
}

func (p *Parser) isPunct(s string) bool { t := p.tok(); return t.Kind == TPunct && t.Text == s }
func (p *Parser) isIdent(s string) bool { t := p.tok(); return t.Kind == TIdent && t.Text == s }

func (p *Parser) acceptPunct(s string) bool {
	if p.isPunct(s) {
		p.advance()
		return true
	}
	return false
}

func (p *Parser) acceptIdent(s string) bool {
	if p.isIdent(s) {
		p.advance()
		return true
	}
	return false
}

func (p *Parser) expectPunct(s, context string) bool {
	if p.acceptPunct(s) {
		return true
	}
	p.errorf(p.tok().Span, "expected '%s' %s, got %s", s, context, p.tok())
	return false
}

func (p *Parser) errorf(sp source.Span, format string, args ...any) {
	if p.tooDeep {
		return // the nesting error says it all: the rest is its echo
	}
	for i, a := range args {
		if s, ok := a.(string); ok { // a name of the query, maybe megabytes long
			args[i] = source.Shorten(s, maxQuoted)
		}
	}
	if sp.To == sp.From && int(sp.From) >= len(p.src.Text) {
		format += " (end of file)"
	}
	p.errs.Add(p.src, sp, format, args...)
}

func (p *Parser) failed() bool { return len(*p.errs) > 0 }

func (p *Parser) node(k Kind, sp source.Span, args ...*Node) *Node {
	if (k == KAssign || k == KPieceAssign) && len(args) > 0 && args[0].Kind == KVar {
		p.bind(args[0].Str)
	}
	return &Node{Kind: k, Span: sp, Args: args}
}

// bind records that the text so far gives name a value (an assignment, a
// loop, echo or function parameter, a dictionary): from here on the name
// can start a filter, which matters where a path's constituents end.
func (p *Parser) bind(name string) { p.bound[name] = true }

func (p *Parser) spanFrom(from int32) source.Span { return source.Span{From: from, To: p.prevEnd()} }

// ---- header ----

func (p *Parser) parseHeader(h *Header) {
	start := p.advance().Span.From
	if !p.expectPunct("(", "after 'cql'") {
		return
	}
	for !p.isPunct(")") && !p.failed() {
		t := p.advance()
		if t.Kind != TIdent {
			p.errorf(t.Span, "unexpected %s in the cql header; expected a header parameter or ')'", t)
			return
		}
		p.headerParam(h, t)
	}
	p.expectPunct(")", "to close the cql header")
	h.Span = p.spanFrom(start)
}

func (p *Parser) headerParam(h *Header, t Token) {
	switch t.Text {
	case "input":
		h.Input = p.headerWord("input")
	case "output":
		h.Output = p.headerWord("output")
	case "variations":
		h.Variations = true
	case "silent":
		h.Silent = true
	case "quiet":
		h.Quiet = true
	case "matchcount":
		h.MatchCount, h.HasMatchCount = p.headerRange("matchcount"), true
	case "gamenumber":
		h.GameNumber, h.HasGameNumber = p.headerRange("gamenumber"), true
	case "sort":
		if !p.acceptIdent("matchcount") {
			p.errorf(p.tok().Span, "expected 'matchcount' after 'sort' in the cql header")
			return
		}
		h.MatchCount, h.HasMatchCount, h.SortMatch = p.headerRange("matchcount"), true, true
	case "result":
		r, ok := p.resultValue()
		if !ok {
			return
		}
		h.Result = r.Str
	case "matchstring":
		s := p.advance()
		if s.Kind != TString {
			p.errorf(s.Span, "expected a quoted string after 'matchstring'")
			return
		}
		h.MatchString = &s.Str
	default:
		p.errorf(t.Span, "unknown cql header parameter %s", t)
	}
}

// headerWord reads a file name: a quoted string or the raw text up to the
// next blank or ')'.
func (p *Parser) headerWord(what string) string {
	t := p.tok()
	if t.Kind == TString {
		p.advance()
		return t.Str
	}
	if t.Kind == TEOF || p.isPunct(")") {
		p.errorf(t.Span, "expected a file name after '%s'", what)
		return ""
	}
	from := t.Span.From
	to := from
	for to < int32(len(p.src.Text)) && !strings.ContainsRune(" \t\r\n)", rune(p.src.Text[to])) {
		to++
	}
	for p.tok().Kind != TEOF && p.tok().Span.From < to {
		p.advance()
	}
	return p.src.Text[from:to]
}

func (p *Parser) headerRange(what string) [2]int64 {
	lo, hi, ok := p.optRange()
	if !ok {
		p.errorf(p.tok().Span, "expected a range of numbers such as '1 20' after '%s'", what)
	}
	return [2]int64{lo, hi}
}

// optRange reads one or two integer literals (the second defaults to the
// first). Negative numbers are written with a leading '-'.
func (p *Parser) optRange() (lo, hi int64, ok bool) {
	lo, ok = p.optInt()
	if !ok {
		return 0, 0, false
	}
	hi, ok2 := p.optInt()
	if !ok2 {
		hi = lo
	}
	return lo, hi, true
}

func (p *Parser) optInt() (int64, bool) {
	t := p.tok()
	if t.Kind == TNumber {
		p.advance()
		return t.Num, true
	}
	if p.isPunct("-") && p.peek(1).Kind == TNumber && !p.peek(1).SpaceBefore {
		p.advance()
		return -p.advance().Num, true
	}
	return 0, false
}

// ---- filters ----

// parseFilter parses one whole filter (an `or` expression).
func (p *Parser) parseFilter() *Node { return p.parseExpr(levelOr) }

// parseExpr parses a filter whose binary operators all have level >= min.
func (p *Parser) parseExpr(min int) *Node {
	ok := p.enter()
	defer p.leave()
	if !ok {
		return nil
	}
	left := p.parseUnary(min)
	if left == nil {
		return nil
	}
	for !p.failed() {
		if min <= levelUnion && p.noDash == 0 && p.startsGluedDash() {
			left = p.parseDash(left, left.Span.From)
			continue
		}
		if p.inSeq > 0 && p.atSeqRepetition(left) {
			return left
		}
		op, kind, level, rightAssoc := p.binaryOp()
		if op == "" || level < min {
			return left
		}
		if level == levelRel && producesNoValue(left) {
			// `find all check >= 10` is (find all check) >= 10: a
			// relation needs a value on its left, so a logical filter
			// ends the operand here and the enclosing filter takes the
			// comparison (the official parser does the same)
			return left
		}
		opTok := p.advance()
		if op == "[" {
			left = p.parseIndex(left)
			if left == nil {
				return nil
			}
			continue
		}
		if opTok.Kind == TPunct && (opTok.Text == "->" || opTok.Text == "<-") {
			left = p.parseArrowChain(left, opTok)
			continue
		}
		nextMin := level + 1
		if rightAssoc {
			nextMin = level
		}
		right := p.parseExpr(nextMin)
		if right == nil {
			p.errorf(opTok.Span, "missing right side of '%s'", op)
			return left
		}
		left = p.binary(kind, op, left, right)
	}
	return left
}

// otherArrow is the arrow of the other direction.
func otherArrow(a string) string {
	if a == "->" {
		return "<-"
	}
	return "->"
}

// parseArrowChain parses what follows the first arrow of x1 -> x2 [-> x3
// ...] (or of the same chain of <-). Two operands are the binary arrow,
// attacks or attackedby. A longer chain of one kind of arrow is a single
// filter about pins and interferences (attackarrow.html, ternary and n-ary
// forms; attackedarrow.html, chains), not nested binary arrows: R->n->k is
// "n pinned by R", where (R->n)->k would ask whether the rooks attacking n
// attack k. A chain goes one way: an arrow of the other kind after it is
// an error (the official program refuses `K<-K->K` too), since neither
// reading is what a writer of it can be sure of; parentheses choose.
func (p *Parser) parseArrowChain(first *Node, arrow Token) *Node {
	args := []*Node{first}
	for {
		right := p.parseExpr(levelArrow + 1)
		if right == nil {
			p.errorf(arrow.Span, "missing right side of '%s'", arrow.Text)
			break
		}
		args = append(args, right)
		if other := otherArrow(arrow.Text); p.isPunct(other) {
			p.errorf(p.peek(0).Span, "'%s' cannot follow '%s' in one chain of arrows: put parentheses around one side", other, arrow.Text)
			break
		}
		if !p.isPunct(arrow.Text) {
			break
		}
		arrow = p.advance()
	}
	switch {
	case len(args) == 1:
		return first
	case len(args) == 2 && arrow.Text == "->":
		return p.binary(KAttacks, arrow.Text, args[0], args[1])
	case len(args) == 2:
		return p.binary(KAttackedBy, arrow.Text, args[0], args[1])
	}
	n := p.node(KArrowChain, source.Join(first.Span, args[len(args)-1].Span), args...)
	if arrow.Text == "<-" {
		n.Flags |= FlagBackward
	}
	return n
}

// binaryOp classifies the current token as a binary operator (binaryOps,
// from the kinds table): its spelling, kind, precedence and associativity.
func (p *Parser) binaryOp() (op string, kind Kind, level int, rightAssoc bool) {
	t := p.tok()
	if t.Kind != TIdent && t.Kind != TPunct {
		return "", 0, 0, false
	}
	b, ok := binaryOps[t.Text]
	switch {
	case !ok,
		t.Text == "[" && t.SpaceBefore,                                    // x [...]: a new filter, not an index
		t.Text == ":" && p.noColon > 0,                                    // x[i:j]: the colon of a slice
		p.noSetOps > 0 && b.level >= levelArrow && b.level <= levelAttack: // position 0 & position 1
		return "", 0, 0, false
	}
	return t.Text, b.kind, b.level, b.rightAssoc
}

// binary builds the node of binary operator op of kind k.
func (p *Parser) binary(k Kind, op string, l, r *Node) *Node {
	n := p.node(k, source.Join(l.Span, r.Span), l, r)
	switch k {
	case KCmp, KAncestry:
		n.Str = op
	case KRegex:
		if r.Kind != KString {
			p.errorf(r.Span, "the right side of ~~ must be a string literal")
		}
	}
	return n
}

// canStartFilter reports whether t can begin a filter.
func canStartFilter(t Token) bool {
	switch t.Kind {
	case TEOF:
		return false
	case TIdent:
		switch t.Text {
		case "or", "and", "in", "attacks", "attackedby", "then", "else", "from", "to",
			"through", "capture", "captures", "promote":
			return false
		}
		return true
	case TPunct:
		switch t.Text {
		case "(", "{", "#", "~", "-", "--", "[x]", "[forall]", "[":
			return true
		}
		return false
	}
	return true
}

// producesNoValue reports whether n is a logical filter, one that can
// never be the left side of a relation.
func producesNoValue(n *Node) bool {
	switch n.Kind {
	case KTrue, KFalse, KWtm, KBtm, KCheck, KMate, KStalemate, KInitial, KTerminal,
		KMainline, KVariation, KVirtualMainline, KTry, KNot, KAnd, KOr, KIn, KResult,
		KComment, KMessage, KCastle, KOO, KOOO, KEnPassant, KNullMove, KPrimary, KSecondary,
		KAssign, KPieceAssign, KAncestor, KDescendant, KHasNAG, KIsBound, KIsUnbound, KUnbind:
		return true
	case KMove:
		return n.Move.First == "" && !n.Move.Count
	case KDash:
		return len(n.Dash.Targets) == 0
	}
	return false
}

type wordParser func(p *Parser, t Token) *Node

// wordParsers are the parse functions of the keywords whose kinds the
// kinds table reads with a function of their own (formOwn), direction,
// transform and tag keywords aside.
var wordParsers map[string]wordParser

func init() {
	wordParsers = map[string]wordParser{
		"move":             (*Parser).parseMove,
		"legal":            (*Parser).parseLegalDash,
		"pseudolegal":      (*Parser).parseLegalDash,
		"countmoves":       (*Parser).parseCountMoves,
		"currentmove":      (*Parser).parseCurrentMove,
		"pin":              (*Parser).parsePin,
		"ray":              (*Parser).parseRay,
		"makesquare":       (*Parser).parseMakeSquare,
		"square":           (*Parser).parseSquareLoop,
		"piece":            (*Parser).parsePieceLoop,
		"if":               (*Parser).parseIf,
		"while":            (*Parser).parseWhile,
		"find":             (*Parser).parseFind,
		"echo":             (*Parser).parseEcho,
		"consecutivemoves": (*Parser).parseConsecutiveMoves,
		"sort":             (*Parser).parseSort,
		"comment":          (*Parser).parseComment,
		"message":          (*Parser).parseComment,
		"function":         (*Parser).parseFunction,
		"persistent":       (*Parser).parsePersistent,
		"atomic":           (*Parser).parsePersistent,
		"player":           (*Parser).parsePlayer,
		"elo":              (*Parser).parseElo,
		"result":           (*Parser).parseResult,
		"tag":              (*Parser).parseTag,
		"removetag":        (*Parser).parseRemoveTag,
		"fen":              (*Parser).parseFen,
		"similarposition":  (*Parser).parseSimilarPosition,
		"originalcomment":  (*Parser).parseOriginalComment,
		"hhdb":             (*Parser).parseHHDB,
		"hascomment":       (*Parser).parseOriginalComment,
		"child":            (*Parser).parseChild,
		"str":              (*Parser).parseStr,
		"readfile":         (*Parser).parseReadFile,
		"line":             (*Parser).parseLine,
		"path":             (*Parser).parsePath,
		"dictionary":       (*Parser).parseDictionary,
		"string":           (*Parser).parseStringLoop,
		"local":            (*Parser).parseDictionary,
		"eval":             (*Parser).parseEval,
		"evalmate":         (*Parser).parseEvalMate,
		"clock":            (*Parser).parseClock,
		"emt":              (*Parser).parseEmt,
		"engineeval":       (*Parser).parseEngineEval,
		"variant":          (*Parser).parseVariantName,
		"checkcount":       (*Parser).parseCheckCount,
		"inhand":           (*Parser).parseInHand,
		"drop":             (*Parser).parseDrop,
	}
}

// parseWord parses a filter starting with an identifier.
func (p *Parser) parseWord(min int) *Node {
	t := p.tok()
	if kw, ok := keywordTable[t.Text]; ok {
		return p.parseKeyword(t, kw)
	}
	if IsReserved(t.Text) {
		p.advance()
		p.errorf(t.Span, "unexpected keyword '%s'", t.Text)
		return nil
	}
	if next := p.peek(1); next.Kind == TPunct && next.Text == "(" && p.funcs[t.Text] == nil && len(t.Text) >= 6 {
		// a misspelt filter: `consecutivemovers (x y)` would otherwise be
		// a variable followed by a parenthesised filter, and the error
		// would come later, far from the word
		if k := Suggest(t.Text); k != "" {
			p.advance()
			p.errorf(t.Span, "unknown word '%s': did you mean '%s'?", t.Text, k)
			return nil
		}
	}
	return p.parseIdentifier()
}

// parseKeyword parses a filter that starts with a keyword, as its kind's
// form in the kinds table says.
func (p *Parser) parseKeyword(t Token, kw keyword) *Node {
	switch kw.form {
	case formSimple:
		p.advance()
		return &Node{Kind: kw.kind, Span: t.Span}
	case formPrefix:
		p.advance()
		return p.prefix(kw.kind, t, kw.level)
	case formBody:
		p.advance()
		b := p.body(t)
		if b == nil {
			return nil
		}
		return p.node(kw.kind, source.Join(t.Span, b.Span), b)
	case formTwoArg:
		p.advance()
		args := p.parseArgList(t.Text)
		if args != nil && len(args) != 2 {
			p.errorf(p.spanFrom(t.Span.From), "'%s' takes two arguments, got %d", t.Text, len(args))
			return nil
		}
		return p.node(kw.kind, p.spanFrom(t.Span.From), args...)
	case formList:
		p.advance()
		args := p.parseArgList(t.Text)
		if args == nil {
			return nil
		}
		if len(args) == 0 {
			p.errorf(p.spanFrom(t.Span.From), "'%s' needs at least one argument", t.Text)
			return nil
		}
		if kw.kind == KXray {
			return p.checkRayLength(t, &Node{Kind: KXray, Args: args, Span: p.spanFrom(t.Span.From)})
		}
		return p.node(kw.kind, p.spanFrom(t.Span.From), args...)
	}
	switch w := kw.word; {
	case w.dir != 0:
		return p.parseDirection(w.dir)
	case w.tk != 0:
		return p.parseTransform(w.tk)
	case w.tag != "":
		// a tag keyword: a string filter with implicit search
		p.advance()
		return p.implicitSearch(&Node{Kind: KTagValue, Span: t.Span, Str: w.tag})
	}
	p.advance()
	return wordParsers[t.Text](p, t)
}

package syntax

import (
	"strings"

	"cqlvm/source"
)

// TransformNamed is the transform a keyword names (the command line's
// -flipcolor and the like).
func TransformNamed(word string) (TransformKind, bool) {
	k, ok := transformKeywords[word]
	return k, ok
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
		"removetag":        (*Parser).parseTag,
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

// implicitSearch turns `player white "Adams"` into `"Adams" in player
// white`, except directly among the arguments of str, comment and message,
// where the literal is the next argument (str.html).
func (p *Parser) implicitSearch(n *Node) *Node {
	if p.strArgs {
		return n
	}
	return p.searchLiteral(n)
}

// searchLiteral reads a string literal after n as a search in n's value.
func (p *Parser) searchLiteral(n *Node) *Node {
	if s := p.tok(); s.Kind == TString {
		p.advance()
		lit := &Node{Kind: KString, Span: s.Span, Str: s.Str}
		return p.node(KIn, source.Join(n.Span, s.Span), lit, n)
	}
	return n
}

// parseIdentifier: variable reference, assignment, function call, square
// loop `x [element] S body`, or indexing.
func (p *Parser) parseIdentifier() *Node {
	return p.identifierFrom(p.advance())
}

// identifierFrom is parseIdentifier once the name t has been read.
func (p *Parser) identifierFrom(t Token) *Node {
	v := &Node{Kind: KVar, Span: t.Span, Str: t.Text}
	if fn, ok := p.funcs[t.Text]; ok && p.isPunct("(") {
		return p.parseCall(t, fn)
	}
	if p.acceptPunct("[element]") {
		return p.loopAfterIn(KSquareLoop, t, t.Text, false)
	}
	target := v
	if p.isPunct("[") && !p.tok().SpaceBefore {
		p.advance()
		target = p.parseIndex(v)
		if target == nil {
			return nil
		}
	}
	if op := p.tok(); op.Kind == TPunct {
		switch op.Text {
		case "=", "+=", "-=", "*=", "/=", "%=", "=?", "|=", "&=":
			p.advance()
			level := levelHash
			if op.Text == "=" || op.Text == "=?" {
				level = levelHash
			}
			rhs := p.parseExpr(level)
			if rhs == nil {
				p.errorf(op.Span, "missing right side of '%s'", op.Text)
				return nil
			}
			n := p.node(KAssign, source.Join(t.Span, rhs.Span), target, rhs)
			n.Str = op.Text
			if target == v && (isNumericUpdate(op.Text) || p.looksNumeric(rhs)) {
				if p.numVars == nil {
					p.numVars = map[string]bool{}
				}
				p.numVars[t.Text] = true
			}
			return n
		}
	}
	return target
}

// isNumericUpdate reports whether an assignment operator makes its
// variable numeric: -= *= /= %= do; = and =? take the type of their right
// side, += appends to strings too, and |= &= update sets.
func isNumericUpdate(op string) bool {
	switch op {
	case "-=", "*=", "/=", "%=":
		return true
	}
	return false
}

// parseIndex parses the inside of x[...] after the '[': an index `x[i]`
// or a slice `x[i:j]`.
func (p *Parser) parseIndex(x *Node) *Node {
	p.noColon++
	defer func() { p.noColon-- }()
	var from, to *Node
	if !p.isPunct(":") {
		from = p.parseFilter()
	}
	if p.acceptPunct(":") {
		if !p.isPunct("]") {
			to = p.parseFilter()
		}
		if !p.expectPunct("]", "to close the slice") {
			return nil
		}
		if from == nil {
			from = &Node{Kind: KNumber, Span: x.Span}
		}
		n := p.node(KSlice, p.spanFrom(x.Span.From), x, from)
		if to != nil {
			n.Args = append(n.Args, to)
		}
		return n
	}
	if !p.expectPunct("]", "to close the index") || from == nil {
		return nil
	}
	return p.node(KStrIndex, p.spanFrom(x.Span.From), x, from)
}

func (p *Parser) parseCall(name Token, fn *Node) *Node {
	args := p.parseArgList(name.Text)
	if args == nil && !p.failed() {
		args = []*Node{}
	}
	if p.failed() {
		return nil
	}
	if len(args) != len(fn.Params) {
		p.errorf(p.spanFrom(name.Span.From), "function %s takes %d arguments but got %d", name.Text, len(fn.Params), len(args))
		return nil
	}
	n := p.node(KCall, p.spanFrom(name.Span.From), args...)
	n.Str = name.Text
	return n
}

func (p *Parser) parseDirection(d Dir) *Node {
	t := p.advance()
	n := &Node{Kind: KDirection, Dirs: d}
	p.rangeBounds(n, numericVar, true)
	arg := p.parseExpr(levelIndex)
	if arg == nil {
		p.errorf(t.Span, "expected a set after '%s'", t.Text)
		return nil
	}
	n.Args = []*Node{arg}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseTransform(tk TransformKind) *Node {
	t := p.advance()
	n := &Node{Kind: KTransform, TKind: tk}
	if tk == TReverseColor {
		// one member: no count and no range (the official program reads
		// reversecolor 1 F as the body 1, and refuses reversecolor count)
		if c := p.tok(); c.Kind == TIdent && c.Text == "count" {
			p.errorf(c.Span, "'reversecolor' takes no 'count': it has a single transform; expected a filter")
			return nil
		}
	} else if p.acceptIdent("count") {
		n.Flags |= FlagCount
	} else if count := p.transformRange(); count > 0 {
		lo, _ := p.optInt()
		hi := lo
		if count == 2 {
			hi, _ = p.optInt()
		}
		n.Int, n.Int2, n.HasRange = lo, hi, true
	}
	b := p.body(t)
	if b == nil {
		return nil
	}
	n.Args = []*Node{b}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// transformRange is how many of the numbers ahead (0, 1 or 2) are the
// range of a transform; the rest begin its body. As in the official
// program, a number is in the range when the token after it is another
// number or can begin the body: flipcolor.html writes `⬓2==△→♚` (the body
// 2==△→♚), `rotate90 2 4 F` has a range of two, `flip 1 2 ~K` a range of
// one and the body 2. A '-' is not a sign here: `flipcolor 1 -1 < 0` is
// the body 1 - 1 < 0.
func (p *Parser) transformRange() int {
	switch {
	case p.peek(0).Kind != TNumber:
		return 0
	case p.peek(1).Kind == TNumber && canStartRangedBody(p.peek(2)):
		return 2
	case p.peek(1).Kind == TNumber || canStartRangedBody(p.peek(1)):
		return 1
	}
	return 0
}

// canStartRangedBody reports whether t can begin the body after a range
// (of a transform, find or a direction). As in the official program a
// prefix '~', '#', '-' or '∀' and the designators '.' and '▦' cannot: in
// `flipcolor 1 ~K` and `find 1 100 #K > 0` the last number is the body
// (which it then reports as a likely unexpected parse), and `up 1 .` is
// refused; `find 1 100 (#K > 0)` and `up 1 (.)` say what was meant.
func canStartRangedBody(t Token) bool {
	switch {
	case t.Kind == TPunct && (t.Text == "~" || t.Text == "#" || t.Text == "-" || t.Text == "[forall]"):
		return false
	case t.Kind == TDesig && (t.Text == "." || t.Text == "▦"):
		return false
	}
	return canStartFilter(t)
}

func (p *Parser) parsePin(t Token) *Node {
	n := &Node{Kind: KPin, Args: make([]*Node, 3), Int: -1}
	for {
		var slot int
		switch {
		case p.isIdent("from"):
			slot = 0
		case p.isIdent("through"):
			slot = 1
		case p.isIdent("to"):
			slot = 2
		default:
			n.Span = p.spanFrom(t.Span.From)
			if n.Int < 0 {
				n.Int = 1 // the value of a bare pin is the pinned pieces
			}
			return n
		}
		kw := p.advance()
		if n.Args[slot] != nil {
			p.errorf(kw.Span, "'%s' given twice in pin", kw.Text)
			return nil
		}
		arg := p.parseExpr(levelParam + 1)
		if arg == nil {
			p.errorf(kw.Span, "expected a set after '%s'", kw.Text)
			return nil
		}
		n.Args[slot] = arg
		if n.Int < 0 {
			n.Int = int64(slot)
		}
	}
}

func (p *Parser) parseRay(t Token) *Node {
	n := &Node{Kind: KRay}
	for {
		w := p.tok()
		if w.Kind != TIdent {
			break
		}
		if d, ok := directionKeywords[w.Text]; ok {
			n.Dirs |= d
			p.advance()
			continue
		}
		if w.Text == "attack" {
			n.Flags |= FlagAttack
			p.advance()
			continue
		}
		break
	}
	n.Args = p.parseArgList("ray")
	if n.Args == nil {
		return nil
	}
	n.Span = p.spanFrom(t.Span.From)
	return p.checkRayLength(t, n)
}

// checkRayLength: a ray's arguments lie on consecutive squares of one
// line, so there are between two and eight of them.
func (p *Parser) checkRayLength(t Token, n *Node) *Node {
	switch {
	case len(n.Args) < 2:
		p.errorf(n.Span, "'%s' needs at least two arguments", t.Text)
		return nil
	case len(n.Args) > 8:
		p.errorf(n.Span, "'%s' takes at most eight arguments (a ray has at most eight squares), got %d", t.Text, len(n.Args))
		return nil
	}
	return n
}

func (p *Parser) parseMakeSquare(t Token) *Node {
	if p.isPunct("(") {
		args := p.parseArgList("makesquare")
		if args == nil {
			return nil
		}
		if len(args) != 1 && len(args) != 2 {
			p.errorf(p.spanFrom(t.Span.From), "makesquare takes a string or a file and a rank")
			return nil
		}
		return p.node(KMakeSquare, p.spanFrom(t.Span.From), args...)
	}
	return p.prefix(KMakeSquare, t, levelIndex)
}

// parseSquareLoop: `square [all] x in S body`.
func (p *Parser) parseSquareLoop(t Token) *Node { return p.parseLoopDecl(t, KSquareLoop) }

// parsePieceLoop: `piece [all] x in S body` or `piece x = S`.
func (p *Parser) parsePieceLoop(t Token) *Node { return p.parseLoopDecl(t, KPieceLoop) }

func (p *Parser) parseLoopDecl(t Token, kind Kind) *Node {
	all := p.acceptIdent("all")
	name := p.advance()
	if name.Kind != TIdent || IsReserved(name.Text) {
		p.errorf(name.Span, "expected a variable name after '%s', got %s", t.Text, name)
		return nil
	}
	if kind == KPieceLoop && !all && p.acceptPunct("=") {
		rhs := p.parseExpr(levelArrow)
		if rhs == nil {
			p.errorf(name.Span, "missing right side of the piece assignment")
			return nil
		}
		return p.node(KPieceAssign, p.spanFrom(t.Span.From), &Node{Kind: KVar, Span: name.Span, Str: name.Text}, rhs)
	}
	if !p.acceptIdent("in") && !p.acceptPunct("[element]") {
		p.errorf(p.tok().Span, "expected 'in' after the %s variable %s", t.Text, name.Text)
		return nil
	}
	return p.loopAfterIn(kind, t, name.Text, all)
}

func (p *Parser) parseIf(t Token) *Node {
	test := p.parseFilter()
	if test == nil {
		p.errorf(t.Span, "missing test after 'if'")
		return nil
	}
	p.acceptIdent("then")
	if !canStartFilter(p.tok()) {
		p.errorf(p.tok().Span, "missing consequent following 'if testfilter' or 'if testfilter then'")
		return nil
	}
	then := p.parseFilter()
	if then == nil {
		return nil
	}
	n := p.node(KIf, source.Span{}, test, then)
	if p.acceptIdent("else") {
		els := p.parseFilter()
		if els == nil {
			p.errorf(p.tok().Span, "missing filter after 'else'")
			return nil
		}
		n.Args = append(n.Args, els)
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseWhile(t Token) *Node {
	if !p.expectPunct("(", "after 'while'") {
		return nil
	}
	test := p.parseFilter()
	if test == nil || !p.expectPunct(")", "after the while test") {
		return nil
	}
	b := p.body(t)
	if b == nil {
		return nil
	}
	return p.node(KWhile, p.spanFrom(t.Span.From), test, b)
}

func (p *Parser) parseFind(t Token) *Node {
	n := &Node{Kind: KFind}
	for {
		switch {
		case p.acceptIdent("all"), p.acceptIdent("count"):
			// find count is accepted by the official program and counts
			// as find all does
			n.Flags |= FlagAll
		case p.acceptIdent("quiet"):
			n.Flags |= FlagQuiet
		case p.acceptPunct("<--"):
			n.Flags |= FlagBackward
		default:
			if p.rangeBounds(n, numericVar, true) {
				continue
			}
			b := p.body(t)
			if b == nil {
				return nil
			}
			n.Args = []*Node{b}
			n.Span = p.spanFrom(t.Span.From)
			return n
		}
	}
}

func (p *Parser) parseEcho(t Token) *Node {
	n := &Node{Kind: KEcho}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	if !p.expectPunct("(", "after 'echo'") {
		return nil
	}
	for i := 0; i < 2; i++ {
		v := p.advance()
		if v.Kind != TIdent || IsReserved(v.Text) {
			p.errorf(v.Span, "expected two variable names in echo (source target)")
			return nil
		}
		n.Params = append(n.Params, v.Text)
		p.bind(v.Text)
	}
	if !p.expectPunct(")", "after the echo variables") {
		return nil
	}
	if p.isIdent("in") && p.peek(1).Kind == TIdent && p.peek(1).Text == "all" {
		p.advance()
		p.advance()
		n.Flags |= FlagInAll
	}
	if !canStartFilter(p.tok()) {
		p.errorf(p.tok().Span, "expected filter following 'echo(...)'")
		return nil
	}
	b := p.parseFilter()
	if b == nil {
		return nil
	}
	n.Args = []*Node{b}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseConsecutiveMoves(t Token) *Node {
	n := &Node{Kind: KConsecutiveMoves}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	p.rangeBounds(n, anyVar, false)
	args := p.parseArgList("consecutivemoves")
	if args == nil {
		return nil
	}
	if len(args) != 2 {
		p.errorf(p.spanFrom(t.Span.From), "consecutivemoves takes two positions")
		return nil
	}
	n.Args = args
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseSort(t Token) *Node {
	n := &Node{Kind: KSort}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	explicit := false
	if p.acceptIdent("min") {
		n.Flags |= FlagMin
		explicit = true
	} else if p.acceptIdent("max") {
		explicit = true
	}
	if s := p.tok(); s.Kind == TString && (s.Str != "" || !explicit) {
		p.advance()
		n.Str = s.Str
	} else if explicit {
		// the official message asks for a nonempty documentation string
		p.errorf(s.Span, "when 'max' or 'min' follows 'sort' a nonempty documentation string must follow, for example sort min \"npieces\" ...")
		return nil
	}
	if num := p.tok(); num.Kind == TNumber {
		p.errorf(num.Span, "following 'sort' saw the number %d; ranges are no longer supported in 'sort'", num.Num)
		return nil
	}
	b := p.body(t)
	if b == nil {
		return nil
	}
	n.Args = []*Node{b}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// parseComment handles `comment (args)`, `comment arg`, `message ...`.
func (p *Parser) parseComment(t Token) *Node {
	n := &Node{Kind: KComment}
	if t.Text == "message" {
		n.Kind = KMessage
	}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	if p.isPunct("(") {
		n.Args = p.parseStrArgList(t.Text)
		if n.Args == nil && p.failed() {
			return nil
		}
	} else {
		a := p.parseExpr(levelIn)
		if a == nil {
			p.errorf(t.Span, "expected arguments after '%s'", t.Text)
			return nil
		}
		n.Args = []*Node{a}
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseFunction(t Token) *Node {
	name := p.advance()
	if name.Kind != TIdent || IsReserved(name.Text) {
		p.errorf(name.Span, "expected a function name after 'function'")
		return nil
	}
	n := &Node{Kind: KFuncDef, Str: name.Text}
	if !p.expectPunct("(", "after the function name") {
		return nil
	}
	for !p.isPunct(")") {
		v := p.advance()
		if v.Kind != TIdent || IsReserved(v.Text) {
			p.errorf(v.Span, "expected a parameter name, got %s", v)
			return nil
		}
		n.Params = append(n.Params, v.Text)
		p.bind(v.Text)
	}
	p.advance()
	if !p.isPunct("{") {
		p.errorf(p.tok().Span, "expected '{' to start the body of function %s", name.Text)
		return nil
	}
	p.funcs[name.Text] = n // visible inside its own body so recursion is reported, not looped
	b := p.parseCompound()
	if b == nil {
		return nil
	}
	n.Args = []*Node{b}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

// parsePersistent: `persistent [quiet] x = F`, `persistent x += F`,
// `atomic x = F`, `persistent dictionary D`.
func (p *Parser) parsePersistent(t Token) *Node {
	n := &Node{Kind: KPersistent}
	if t.Text == "atomic" {
		n.Flags |= FlagLocal // atomic: restored on path backtracking
	}
	if p.acceptIdent("quiet") {
		n.Flags |= FlagQuiet
	}
	if p.isIdent("dictionary") {
		d := p.advance()
		dict := p.parseDictionary(d)
		if dict != nil {
			dict.Flags |= FlagPersistent
		}
		return dict
	}
	v := p.tok()
	if v.Kind != TIdent || IsReserved(v.Text) {
		p.errorf(v.Span, "expected a variable after '%s'", t.Text)
		return nil
	}
	inner := p.parseIdentifier()
	if inner == nil {
		return nil
	}
	n.Args = []*Node{inner}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseDictionary(t Token) *Node {
	n := &Node{Kind: KDictDecl}
	if t.Text == "local" {
		n.Flags |= FlagLocal
		if !p.acceptIdent("dictionary") {
			p.errorf(p.tok().Span, "expected 'dictionary' after 'local'")
			return nil
		}
	}
	name := p.advance()
	if name.Kind != TIdent || IsReserved(name.Text) {
		p.errorf(name.Span, "expected a dictionary name")
		return nil
	}
	n.Str = name.Text
	p.bind(name.Text)
	if p.isPunct("[") && !p.tok().SpaceBefore {
		// `dictionary D["tmp"]="none"` (dictionary.html): the declaration
		// and a first assignment, which tells the checker the key and
		// value types before any other use of D
		assign := p.identifierFrom(name)
		if assign == nil {
			return nil
		}
		if assign.Kind != KAssign || assign.Args[0].Kind != KStrIndex {
			p.errorf(assign.Span, "a dictionary declaration can only be followed by an assignment to an entry: dictionary %s[key] = value", name.Text)
			return nil
		}
		n.Args = []*Node{assign}
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parsePlayer(t Token) *Node {
	n := &Node{Kind: KPlayer}
	if p.acceptIdent("white") {
		n.Int = 1
	} else if p.acceptIdent("black") {
		n.Int = 2
	}
	n.Span = p.spanFrom(t.Span.From)
	return p.implicitSearch(n)
}

func (p *Parser) parseElo(t Token) *Node {
	n := &Node{Kind: KElo}
	if p.acceptIdent("white") {
		n.Int = 1
	} else if p.acceptIdent("black") {
		n.Int = 2
	}
	n.Span = p.spanFrom(t.Span.From)
	return n
}

func (p *Parser) parseResult(t Token) *Node {
	r, ok := p.resultValue()
	if !ok {
		return nil
	}
	return &Node{Kind: KResult, Span: source.Join(t.Span, r.Span), Str: r.Str}
}

// resultValue reads the result after `result` (the filter or the header
// parameter): 1-0, 0-1 or 1/2-1/2, bare or quoted as the official
// program also reads it; the token's Str is the result.
func (p *Parser) resultValue() (Token, bool) {
	r := p.advance()
	switch {
	case r.Kind == TResult:
		r.Str = r.Text
		return r, true
	case r.Kind == TString && (r.Str == "1-0" || r.Str == "0-1" || r.Str == "1/2-1/2"):
		return r, true
	}
	p.errorf(r.Span, "expected 1-0, 0-1 or 1/2-1/2 after 'result'")
	return r, false
}

// builtinTags are tags that `tag "X"` may not name (CQL 6.2 rejects names
// close to the built-in tag filters).
var builtinTags = map[string]bool{
	"white": true, "black": true, "event": true, "site": true, "date": true, "round": true,
	"result": true, "eco": true, "eventdate": true, "whiteelo": true, "blackelo": true, "fen": true,
}

func (p *Parser) parseTag(t Token) *Node {
	var nameNode *Node
	if p.isPunct("(") {
		args := p.parseArgList(t.Text)
		if len(args) != 1 {
			p.errorf(p.spanFrom(t.Span.From), "'%s' takes one tag name", t.Text)
			return nil
		}
		nameNode = args[0]
	} else {
		s := p.advance()
		if s.Kind != TString {
			p.errorf(s.Span, "expected a quoted tag name after '%s'", t.Text)
			return nil
		}
		nameNode = &Node{Kind: KString, Span: s.Span, Str: s.Str}
	}
	if t.Text == "removetag" {
		if nameNode.Kind == KString && builtinTags[strings.ToLower(nameNode.Str)] {
			p.errorf(nameNode.Span, "CQL 6.2 does not support 'tag' or 'settag' with tag names close to built-in tag names: %s", nameNode.Str)
			return nil
		}
		return p.node(KRemoveTag, p.spanFrom(t.Span.From), nameNode)
	}
	if name := nameNode.Str; nameNode.Kind == KString {
		switch {
		case tagNamesRejected[name]:
			p.errorf(nameNode.Span, "CQL 6.2 does not support 'tag' or 'settag' with tag names close to built-in tag names: %s", name)
			return nil
		case name != "White" && name != "Black" && (strings.HasPrefix(name, "White") || strings.HasPrefix(name, "Black")):
			p.errorf(nameNode.Span, "tag names that begin with 'White' or 'Black' cannot be used in CQL 6.2: %s", name)
			return nil
		}
	}
	// not an implicit search: the official program reads a literal after
	// tag "X" as the next filter or argument (comment(tag "X" "!") writes
	// the value and "!")
	return &Node{Kind: KTagValue, Span: p.spanFrom(t.Span.From), Str: nameNode.Str}
}

// tagNamesRejected are the names `tag` refuses, as the official program
// does: not the built-in tags' own spellings (tag "White", tag "ECO" and
// tag "EventDate" read those tags) but these other spellings of them,
// found by trying each name in lower case, upper case and capitalised
// ("round", "eCO" and "Eventdate" are accepted, and so is any name not
// listed); Round and Result in any of those forms.
var tagNamesRejected = map[string]bool{
	"white": true, "WHITE": true, "black": true, "BLACK": true,
	"event": true, "EVENT": true, "site": true, "SITE": true, "date": true, "DATE": true,
	"Round": true, "ROUND": true, "Result": true, "result": true, "RESULT": true,
	"Eco": true, "eco": true, "eventdate": true, "EVENTDATE": true, "Fen": true, "fen": true,
}

func (p *Parser) parseFen(t Token) *Node {
	n := &Node{Kind: KFen, Span: t.Span}
	if s := p.tok(); s.Kind == TString && !p.strArgs {
		p.advance()
		n.Str = s.Str
		n.Flags |= FlagAll // compare mode
		n.Span = source.Join(t.Span, s.Span)
	}
	return n
}

// parseSimilarPosition parses similarposition [notransform] "FILE".
// (The manual's nosort parameter, about the order of the output, is
// not read.)
func (p *Parser) parseSimilarPosition(t Token) *Node {
	n := &Node{Kind: KSimilarPosition, Span: t.Span}
	if p.acceptIdent("notransform") {
		n.Flags |= FlagAll
	}
	s := p.tok()
	if s.Kind != TString {
		p.errorf(s.Span, "expected the quoted name of a PGN file after similarposition")
		return nil
	}
	p.advance()
	n.Str = s.Str
	n.Span = source.Join(t.Span, s.Span)
	return n
}

// parseOriginalComment parses originalcomment, and hascomment, its CQL 6.0
// synonym. A string literal naming a NAG ("$6", or "?!" from the table of
// glyphs) tests for that NAG; any other literal is an implicit search.
func (p *Parser) parseOriginalComment(t Token) *Node {
	if s := p.tok(); s.Kind == TString {
		if nag, ok := nagLiteral(s.Str); ok {
			p.advance()
			return &Node{Kind: KHasNAG, Span: source.Join(t.Span, s.Span), Int: int64(nag)}
		}
	}
	// implicitsearch.html: originalcomment is "almost" an implicit search
	// filter, not one; its literal stays a search among str's arguments
	n := &Node{Kind: KOriginalComment, Span: t.Span}
	return p.searchLiteral(n)
}

// nagGlyphs are the annotation symbols CQL reads as NAGs.
var nagGlyphs = map[string]int{
	"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6, "=": 10,
	"+/=": 14, "=/+": 15, "+/-": 16, "-/+": 17, "+-": 18, "-+": 19,
}

// nagLiteral reports the NAG a string literal names: "$" and a number
// below 256, or one of nagGlyphs.
func nagLiteral(s string) (int, bool) {
	if n, ok := nagGlyphs[s]; ok {
		return n, true
	}
	if len(s) < 2 || s[0] != '$' {
		return 0, false
	}
	n := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		if n > 255 {
			return 0, false
		}
	}
	return n, true
}

func (p *Parser) parseChild(t Token) *Node {
	n := &Node{Kind: KChild, Span: t.Span}
	// child (N) with a blank is child(N) too, as the official program
	// reads it: "child (check)" is an error there, not child then (check)
	if p.isPunct("(") {
		args := p.parseArgList("child")
		if len(args) != 1 {
			p.errorf(p.spanFrom(t.Span.From), "child takes one argument")
			return nil
		}
		n.Args = args
		n.Span = p.spanFrom(t.Span.From)
	}
	return n
}

func (p *Parser) parseStr(t Token) *Node {
	if p.isPunct("(") {
		args := p.parseStrArgList("str")
		if args == nil {
			return nil
		}
		return p.node(KStr, p.spanFrom(t.Span.From), args...)
	}
	return p.prefix(KStr, t, levelArrow)
}

func (p *Parser) parseReadFile(t Token) *Node {
	return p.prefix(KReadFile, t, levelArrow)
}

// parseStringLoop: `string k in D body` iterates the keys of dictionary D
// (the CQL 6.1 spelling of `k [element] D body`).
func (p *Parser) parseStringLoop(t Token) *Node {
	name := p.advance()
	if name.Kind != TIdent || IsReserved(name.Text) {
		p.errorf(name.Span, "expected a variable name after 'string'")
		return nil
	}
	if !p.acceptIdent("in") && !p.acceptPunct("[element]") {
		p.errorf(p.tok().Span, "expected 'in' after 'string %s'", name.Text)
		return nil
	}
	n := p.loopAfterIn(KElementLoop, t, name.Text, false)
	return n
}

// boundRule says whether an identifier at the parser's position is a
// numeric variable bounding a range rather than what follows the range.
type boundRule func(p *Parser) bool

// numericVar: where a set could follow the range, as in `find n check` or
// `up n 7 d4`, a bound is a variable assigned a number earlier in the
// query (range.html: "A numeric variable can be used as one of the
// integers in a range").
func numericVar(p *Parser) bool {
	next := p.peek(1)
	return p.numVars[p.tok().Text] && canStartFilter(next) && !(next.Kind == TPunct && next.Text == "[" && !next.SpaceBefore)
}

// looksNumeric reports whether n is plainly a number: a literal, a filter
// whose value is always a number (rank, file, type, max, ...), a variable
// assigned a number earlier, or arithmetic on such (enough to know a
// variable's type while parsing, as `up Gap K` after `Gap = rank k - rank K`
// needs).
func (p *Parser) looksNumeric(n *Node) bool {
	switch n.Kind {
	case KNumber, KCount, KAbs, KSqrt, KTimes, KDiv, KMod, KPly, KMoveNumber, KDepth, KPower,
		KRank, KFile, KType, KColorType, KPieceId, KSideToMove, KPositionId, KGameNumber,
		KLastGameNumber, KYear, KElo, KCountMoves, KMax, KMin, KInt, KIndexOf:
		return true
	case KNeg:
		return p.looksNumeric(n.Args[0])
	case KPlus, KMinus:
		return p.looksNumeric(n.Args[0]) || p.looksNumeric(n.Args[1])
	case KVar:
		return p.numVars[n.Str]
	}
	return false
}

// boundFollowedByBody reports whether the integer at the current token
// is followed by another bound or by what can begin a body.
func (p *Parser) boundFollowedByBody() bool {
	next := p.peek(1)
	return next.Kind == TNumber || canStartRangedBody(next)
}

// anyVar: where nothing but a range can stand (before the arrows of a
// line or the parentheses of consecutivemoves) any variable name is one.
func anyVar(p *Parser) bool { return true }

// rangeBounds reads an optional range of one or two bounds, each an
// integer or (when rule allows) a numeric variable, into n. Where a body
// follows the range (beforeBody), an integer is a bound only when what
// follows it is another bound or can begin the body (canStartRangedBody).
func (p *Parser) rangeBounds(n *Node, rule boundRule, beforeBody bool) bool {
	if n.HasRange {
		if t := p.tok(); t.Kind == TNumber && (!beforeBody || p.boundFollowedByBody()) || t.Kind == TIdent && !IsReserved(t.Text) && rule(p) {
			p.errorf(t.Span, "a range has one or two bounds; this is a third")
			p.advance()
		}
		return false
	}
	var bounds []*Node
	constant := true
	for len(bounds) < 2 {
		t := p.tok()
		if beforeBody && t.Kind == TNumber && !p.boundFollowedByBody() {
			break
		}
		if v, ok := p.optInt(); ok {
			bounds = append(bounds, &Node{Kind: KNumber, Span: p.spanFrom(t.Span.From), Int: v})
			continue
		}
		if t.Kind != TIdent || IsReserved(t.Text) || p.funcs[t.Text] != nil || !rule(p) {
			break
		}
		p.advance()
		bounds = append(bounds, &Node{Kind: KVar, Span: t.Span, Str: t.Text})
		constant = false
	}
	switch {
	case len(bounds) == 0:
		return false
	case len(bounds) == 1:
		bounds = append(bounds, bounds[0])
	}
	n.HasRange = true
	if constant {
		n.Int, n.Int2 = bounds[0].Int, bounds[1].Int
	} else {
		n.Bounds = bounds
	}
	return true
}

package syntax

import (
	"strings"

	"cqlvm/source"
)

// simpleKeywords are filters written as a bare keyword.
var simpleKeywords = map[string]Kind{
	"true": KTrue, "false": KFalse,
	"wtm": KWtm, "btm": KBtm, "check": KCheck, "mate": KMate, "stalemate": KStalemate,
	"initial": KInitial, "terminal": KTerminal, "mainline": KMainline, "variation": KVariation,
	"virtualmainline": KVirtualMainline, "try": KTry,
	"puremate": KPureMate, "purestalemate": KPureStalemate, "modelmate": KModelMate,
	"modelstalemate": KModelStalemate, "idealmate": KIdealMate, "idealstalemate": KIdealStalemate,
	"sidetomove": KSideToMove, "white": KWhite, "black": KBlack,
	"ply": KPly, "movenumber": KMoveNumber, "positionid": KPositionId, "depth": KDepth,
	"gamenumber": KGameNumber, "lastgamenumber": KLastGameNumber, "year": KYear,
	"currentposition": KCurrentPosition, "curpos": KCurrentPosition,
	"initialposition": KInitialPosition, "parent": KParent,
	"from": KFrom, "to": KTo, "castle": KCastle, "o-o": KOO, "o-o-o": KOOO,
	"enpassant": KEnPassant, "enpassantsquare": KEnPassantSquare, "nullmove": KNullMove,
	"primary": KPrimary, "secondary": KSecondary,
	"passedpawns": KPassedPawns, "isolatedpawns": KIsolatedPawns,
	"doubledpawns": KDoubledPawns, "connectedpawns": KConnectedPawns,
	"currenttransform": KCurrentTransform,
	"removecomment":    KRemoveComment, "pathcount": KPathCount,
	"pathcountunfocused": KPathCountUnfocused, "pathstart": KPathStart, "pathlastposition": KPathLastPosition,
}

// prefixKeywords take one argument parsed at the given level.
var prefixKeywords = map[string]struct {
	kind  Kind
	level int
}{
	"not":       {KNot, levelNot + 1},
	"rank":      {KRank, levelUnion},
	"file":      {KFile, levelUnion},
	"type":      {KType, levelUnion},
	"colortype": {KColorType, levelUnion},
	"power":     {KPower, levelUnion},
	"pieceid":   {KPieceId, levelUnion},
	"piecename": {KPieceName, levelUnion},
	"typename":  {KTypeName, levelUnion},
	"light":     {KLight, levelIndex},
	"dark":      {KDark, levelIndex},
	"abs":       {KAbs, levelHash},
	"sqrt":      {KSqrt, levelHash},
	"position":  {KPosition, levelHash},
	"int":       {KInt, levelAdd}, // below +: int "32" + "1" is int "321" (int.html)
	"ascii":     {KAscii, levelUnion},
	"lowercase": {KLower, levelUnion},
	"uppercase": {KUpper, levelUnion},
	"unbind":    {KUnbind, levelIndex},
	"isbound":   {KIsBound, levelIndex},
	"isunbound": {KIsUnbound, levelIndex},
}

// bodyKeywords take one whole filter as their body.
var bodyKeywords = map[string]Kind{
	"notransform": KNoTransform,
	"loop":        KLoop,
	"assert":      KAssert,
}

// twoArgKeywords take exactly two parenthesised arguments.
var twoArgKeywords = map[string]Kind{
	"between": KBetween, "lca": KLca, "ancestor": KAncestor, "descendant": KDescendant,
	"distance": KDistance, "indexof": KIndexOf,
}

// listKeywords take a parenthesised list of arguments.
var listKeywords = map[string]Kind{
	"max": KMax, "min": KMin, "xray": KXray, "settag": KSetTag, "writefile": KWriteFile,
}

// directionKeywords map direction filters to direction bits.
var directionKeywords = map[string]Dir{
	"up": DirUp, "down": DirDown, "left": DirLeft, "right": DirRight,
	"northeast": DirNE, "northwest": DirNW, "southeast": DirSE, "southwest": DirSW,
	"vertical": DirVertical, "horizontal": DirHorizontal, "diagonal": DirDiagonal,
	"orthogonal": DirOrthogonal, "anydirection": DirAny,
	"maindiagonal": DirMainDiag, "offdiagonal": DirOffDiag,
}

var transformKeywords = map[string]TransformKind{
	"flipcolor": TFlipColor, "reversecolor": TReverseColor, "flip": TFlip, "flipdihedral": TFlip,
	"flipvertical": TFlipVertical, "fliphorizontal": TFlipHorizontal, "rotate90": TRotate90,
	"rotate45": TRotate45, "shift": TShift, "shifthorizontal": TShiftHorizontal,
	"shiftvertical": TShiftVertical,
}

// TransformNamed is the transform a keyword names (the command line's
// -flipcolor and the like).
func TransformNamed(word string) (TransformKind, bool) {
	k, ok := transformKeywords[word]
	return k, ok
}

// tagKeywords are string filters reading a PGN tag, with implicit search.
var tagKeywords = map[string]string{
	"event": "Event", "site": "Site", "date": "Date", "eventdate": "EventDate", "eco": "ECO",
}

// reserved words that may not name variables even though they are not
// parsed as filters on their own.
var otherReserved = map[string]bool{
	"cql": true, "then": true, "else": true, "in": true, "or": true, "and": true,
	"attacks": true, "attackedby": true, "through": true, "capture": true, "promote": true,
	"all": true, "quiet": true, "count": true, "previous": true, "null": true,
	"firstmatch": true, "lastposition": true, "nestban": true, "singlecolor": true,
	"focus": true, "local": true, "attack": true, "title": true,
	"verbose": true, "keepallbest": true, "piecepath": true, "input": true, "output": true,
	"variations": true, "matchcount": true, "matchstring": true, "silent": true,
	"next": true, "consecutivemovers": false,
	// the rest of the 6.2 reserved words: filters cqlvm does not have,
	// parameters of filters it has, and words kept for later versions
	"any": true, "arrow": true, "attacked": true, "by": true, "captures": true,
	"dihedral": true, "equal": true, "extension": true,
	"hhdb": true, "nosort": true, "oldline": true,
	"pathdebug": true, "pgn": true,
	"similarposition": true, "substring": true, "transform": true,
}

// IsReserved reports whether word is a CQL keyword.
func IsReserved(word string) bool {
	if _, ok := simpleKeywords[word]; ok {
		return true
	}
	if _, ok := prefixKeywords[word]; ok {
		return true
	}
	if _, ok := bodyKeywords[word]; ok {
		return true
	}
	if _, ok := twoArgKeywords[word]; ok {
		return true
	}
	if _, ok := listKeywords[word]; ok {
		return true
	}
	if _, ok := directionKeywords[word]; ok {
		return true
	}
	if _, ok := transformKeywords[word]; ok {
		return true
	}
	if _, ok := tagKeywords[word]; ok {
		return true
	}
	if _, ok := wordParsers[word]; ok {
		return true
	}
	return otherReserved[word] || strings.HasPrefix(word, "__CQL") || strings.HasPrefix(word, "cql__")
}

type wordParser func(p *Parser, t Token) *Node

var wordParsers map[string]wordParser

func init() {
	wordParsers = map[string]wordParser{
		"move":              (*Parser).parseMove,
		"legal":             (*Parser).parseLegalDash,
		"pseudolegal":       (*Parser).parseLegalDash,
		"countmoves":        (*Parser).parseCountMoves,
		"currentmove":       (*Parser).parseCurrentMove,
		"pin":               (*Parser).parsePin,
		"ray":               (*Parser).parseRay,
		"makesquare":        (*Parser).parseMakeSquare,
		"square":            (*Parser).parseSquareLoop,
		"piece":             (*Parser).parsePieceLoop,
		"if":                (*Parser).parseIf,
		"while":             (*Parser).parseWhile,
		"find":              (*Parser).parseFind,
		"echo":              (*Parser).parseEcho,
		"consecutivemoves":  (*Parser).parseConsecutiveMoves,
		"sort":              (*Parser).parseSort,
		"comment":           (*Parser).parseComment,
		"message":           (*Parser).parseComment,
		"function":          (*Parser).parseFunction,
		"persistent":        (*Parser).parsePersistent,
		"atomic":            (*Parser).parsePersistent,
		"player":            (*Parser).parsePlayer,
		"elo":               (*Parser).parseElo,
		"result":            (*Parser).parseResult,
		"tag":               (*Parser).parseTag,
		"removetag":         (*Parser).parseTag,
		"fen":               (*Parser).parseFen,
		"originalcomment":   (*Parser).parseOriginalComment,
		"hascomment":        (*Parser).parseOriginalComment,
		"child":             (*Parser).parseChild,
		"str":               (*Parser).parseStr,
		"readfile":          (*Parser).parseReadFile,
		"line":              (*Parser).parseLine,
		"path":              (*Parser).parsePath,
		"dictionary":        (*Parser).parseDictionary,
		"string":            (*Parser).parseStringLoop,
		"local":             (*Parser).parseDictionary,
		"consecutivemovers": nil,
	}
	delete(wordParsers, "consecutivemovers")
}

// parseWord parses a filter starting with an identifier.
func (p *Parser) parseWord(min int) *Node {
	t := p.tok()
	if k, ok := simpleKeywords[t.Text]; ok {
		p.advance()
		return &Node{Kind: k, Span: t.Span}
	}
	if pk, ok := prefixKeywords[t.Text]; ok {
		p.advance()
		return p.prefix(pk.kind, t, pk.level)
	}
	if k, ok := bodyKeywords[t.Text]; ok {
		p.advance()
		b := p.body(t)
		if b == nil {
			return nil
		}
		return p.node(k, source.Join(t.Span, b.Span), b)
	}
	if k, ok := twoArgKeywords[t.Text]; ok {
		p.advance()
		args := p.parseArgList(t.Text)
		if args != nil && len(args) != 2 {
			p.errorf(p.spanFrom(t.Span.From), "'%s' takes two arguments, got %d", t.Text, len(args))
			return nil
		}
		return p.node(k, p.spanFrom(t.Span.From), args...)
	}
	if k, ok := listKeywords[t.Text]; ok {
		p.advance()
		args := p.parseArgList(t.Text)
		if args == nil {
			return nil
		}
		if len(args) == 0 {
			p.errorf(p.spanFrom(t.Span.From), "'%s' needs at least one argument", t.Text)
			return nil
		}
		if k == KXray {
			return p.checkRayLength(t, &Node{Kind: KXray, Args: args, Span: p.spanFrom(t.Span.From)})
		}
		return p.node(k, p.spanFrom(t.Span.From), args...)
	}
	if d, ok := directionKeywords[t.Text]; ok {
		return p.parseDirection(d)
	}
	if tk, ok := transformKeywords[t.Text]; ok {
		return p.parseTransform(tk)
	}
	if tag, ok := tagKeywords[t.Text]; ok {
		p.advance()
		n := &Node{Kind: KTagValue, Span: t.Span, Str: tag}
		return p.implicitSearch(n)
	}
	if wp, ok := wordParsers[t.Text]; ok {
		p.advance()
		return wp(p, t)
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
		case "=", "+=", "-=", "*=", "/=", "%=", "=?":
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
			if target == v && (op.Text != "=" && op.Text != "=?" && op.Text != "+=" || looksNumeric(rhs)) {
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
	p.rangeBounds(n, numericVar)
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
	if p.acceptIdent("count") {
		n.Flags |= FlagCount
	} else if p.rangeBeforeFilter() {
		lo, hi, _ := p.optRange()
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

// rangeBeforeFilter reports whether the tokens ahead are a range followed
// by a filter. After a transform a number may instead begin the body:
// flipcolor.html writes `⬓2==△→♚`, while `rotate90 2 4 F` has a range.
func (p *Parser) rangeBeforeFilter() bool {
	k := 0
	for n := 0; n < 2; n++ {
		switch {
		case p.peek(k).Kind == TNumber:
			k++
		case p.peek(k).Kind == TPunct && p.peek(k).Text == "-" && p.peek(k+1).Kind == TNumber && !p.peek(k+1).SpaceBefore:
			k += 2
		default:
			return n > 0 && canStartFilter(p.peek(k))
		}
		if canStartFilter(p.peek(k)) && p.peek(k).Kind != TNumber {
			return true
		}
	}
	return canStartFilter(p.peek(k))
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
		rhs := p.parseExpr(levelUnion)
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
		case p.acceptIdent("all"):
			n.Flags |= FlagAll
		case p.acceptIdent("quiet"):
			n.Flags |= FlagQuiet
		case p.acceptPunct("<--"):
			n.Flags |= FlagBackward
		default:
			if p.rangeBounds(n, numericVar) {
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
	p.rangeBounds(n, anyVar)
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
	r := p.advance()
	if r.Kind != TResult {
		p.errorf(r.Span, "expected 1-0, 0-1 or 1/2-1/2 after 'result'")
		return nil
	}
	return &Node{Kind: KResult, Span: source.Join(t.Span, r.Span), Str: r.Text}
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
	if nameNode.Kind == KString && builtinTags[strings.ToLower(nameNode.Str)] {
		p.errorf(nameNode.Span, "CQL 6.2 does not support 'tag' or 'settag' with tag names close to built-in tag names: %s", nameNode.Str)
		return nil
	}
	if t.Text == "removetag" {
		return p.node(KRemoveTag, p.spanFrom(t.Span.From), nameNode)
	}
	// implicitsearch.html does not list `tag`: its literal stays a search
	// even among the arguments of str
	n := &Node{Kind: KTagValue, Span: p.spanFrom(t.Span.From), Str: nameNode.Str}
	return p.searchLiteral(n)
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
	if p.isPunct("(") && !p.tok().SpaceBefore {
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
	return p.prefix(KStr, t, levelUnion)
}

func (p *Parser) parseReadFile(t Token) *Node {
	return p.prefix(KReadFile, t, levelUnion)
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

// looksNumeric reports whether n is plainly a number: a literal or
// arithmetic on such (enough to know a variable's type while parsing).
func looksNumeric(n *Node) bool {
	switch n.Kind {
	case KNumber, KCount, KAbs, KSqrt, KTimes, KDiv, KMod, KPly, KMoveNumber, KDepth, KPower:
		return true
	case KNeg:
		return looksNumeric(n.Args[0])
	case KPlus, KMinus:
		return looksNumeric(n.Args[0]) || looksNumeric(n.Args[1])
	case KVar:
		return false
	}
	return false
}

// anyVar: where nothing but a range can stand (before the arrows of a
// line or the parentheses of consecutivemoves) any variable name is one.
func anyVar(p *Parser) bool { return true }

// rangeBounds reads an optional range of one or two bounds, each an
// integer or (when rule allows) a numeric variable, into n.
func (p *Parser) rangeBounds(n *Node, rule boundRule) bool {
	if n.HasRange {
		if t := p.tok(); t.Kind == TNumber || t.Kind == TIdent && !IsReserved(t.Text) && rule(p) {
			p.errorf(t.Span, "a range has one or two bounds; this is a third")
			p.advance()
		}
		return false
	}
	var bounds []*Node
	constant := true
	for len(bounds) < 2 {
		t := p.tok()
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

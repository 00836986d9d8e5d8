package syntax

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

// Format prints a parsed query as CQL 6 source: the header, then the body
// filters one to a line. Parsing the text again gives the same Dump for
// every filter (format_test.go). The spellings come from the kinds table:
// the first word of a kind is how it is printed.
func Format(f *File) (string, error) {
	var b strings.Builder
	b.WriteString(FormatHeader(f.Header))
	b.WriteByte('\n')
	for _, n := range f.Body {
		s, err := FormatNode(n)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// FormatHeader prints a cql(...) header.
func FormatHeader(h Header) string {
	var ps []string
	if h.Input != "" {
		ps = append(ps, "input "+quote(h.Input))
	}
	if h.Output != "" {
		ps = append(ps, "output "+quote(h.Output))
	}
	if h.Variations {
		ps = append(ps, "variations")
	}
	if h.HasMatchCount {
		word := "matchcount"
		if h.SortMatch {
			word = "sort matchcount"
		}
		ps = append(ps, fmt.Sprintf("%s %d %d", word, h.MatchCount[0], h.MatchCount[1]))
	}
	if h.HasGameNumber {
		ps = append(ps, fmt.Sprintf("gamenumber %d %d", h.GameNumber[0], h.GameNumber[1]))
	}
	if h.Result != "" {
		ps = append(ps, "result "+h.Result)
	}
	if h.Silent {
		ps = append(ps, "silent")
	}
	if h.Quiet {
		ps = append(ps, "quiet")
	}
	if h.MatchString != nil {
		ps = append(ps, "matchstring "+quote(*h.MatchString))
	}
	return "cql(" + strings.Join(ps, " ") + ")"
}

// FormatNode prints one filter as CQL 6 source.
func FormatNode(n *Node) (s string, err error) {
	pr := &printer{}
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(formatError); ok {
				err = e
				return
			}
			panic(r)
		}
	}()
	pr.expr(n)
	return pr.b.String(), nil
}

type formatError struct{ error }

// printer writes CQL 6 text; indent is the depth of the braces around
// what it writes (a long {...} is written one constituent a line).
type printer struct {
	b      strings.Builder
	indent int
}

// lineWidth is the length beyond which a compound filter is written one
// constituent a line.
const lineWidth = 72

func (pr *printer) word(s string) { pr.b.WriteString(s) }

// sp writes a blank unless the text so far ends with one or an opening
// bracket.
func (pr *printer) sp() {
	s := pr.b.String()
	if s != "" && !strings.HasSuffix(s, " ") && !strings.HasSuffix(s, "(") && !strings.HasSuffix(s, "{") {
		pr.b.WriteByte(' ')
	}
}

// firstWord is the spelling a kind is printed with.
func firstWord(k Kind) string {
	if ws := kinds[k].words; len(ws) > 0 {
		return ws[0].Text
	}
	panic(formatError{fmt.Errorf("cannot print a %s filter as CQL 6", k)})
}

// atomic kinds print as one token or a bracketed whole: they need no
// parentheses as operands.
func atomic(n *Node) bool {
	switch n.Kind {
	case KNumber, KString, KDesig, KVar, KTrue, KFalse, KCompound, KGroup, KEmptySet, KTypeNameDesig, KCount, KCall,
		KElo, KResult, KChild, KEval, KEvalMate, KClock, KEmt, KEngineEval,
		KVariantName, KCheckCount, KInHand, KDrop:
		return true
	}
	return kinds[n.Kind].form == formSimple
}

// operand prints n where an operand stands: in parentheses (which the
// parser drops) unless it is atomic.
func (pr *printer) operand(n *Node) {
	if atomic(n) {
		pr.expr(n)
		return
	}
	pr.word("(")
	pr.expr(n)
	pr.word(")")
}

// strength is how tightly a printed filter holds together: the lowest
// operator level that can stand next to it without parentheses.
func strength(n *Node) int {
	if atomic(n) {
		return levelColon + 1
	}
	info := kinds[n.Kind]
	switch info.form {
	case formInfix, formInfixR:
		return binaryLevel(n)
	case formPrefix:
		return info.level
	}
	if n.Kind == KNot {
		return levelNot + 1
	}
	return 0
}

// binaryLevel is the precedence of a binary operator node as written.
func binaryLevel(n *Node) int {
	return kinds[n.Kind].level
}

// operandAt prints n as an operand next to an operator of level: in
// parentheses when it holds together less tightly than that.
func (pr *printer) operandAt(n *Node, level int) {
	if strength(n) > level {
		pr.expr(n)
		return
	}
	pr.word("(")
	pr.expr(n)
	pr.word(")")
}

// body prints the body of find, a transform, ...: the parser reads a
// whole filter there, so it needs no parentheses.
func (pr *printer) body(n *Node) { pr.expr(n) }

func (pr *printer) args(ns []*Node) {
	pr.word("(")
	for i, a := range ns {
		if i > 0 {
			pr.word(" ")
		}
		pr.operand(a)
	}
	pr.word(")")
}

func (pr *printer) expr(n *Node) {
	if n == nil {
		panic(formatError{fmt.Errorf("cannot print a missing filter")})
	}
	if !HasCQL6Spelling(n.Kind) {
		name := n.Kind.String()
		if old := kinds[n.Kind].old; len(old) > 0 {
			name = old[0].Text
		}
		panic(formatError{fmt.Errorf("%s is a CQL-S built-in that CQL 6 cannot write: cqlvm runs the query, but it has no CQL 6 translation", name)})
	}
	if f, ok := ownPrinters[n.Kind]; ok {
		f(pr, n)
		return
	}
	info := kinds[n.Kind]
	switch info.form {
	case formSimple:
		pr.word(firstWord(n.Kind))
	case formPrefix:
		pr.word(firstWord(n.Kind) + " ")
		pr.operandAt(n.Args[0], info.level-1)
	case formBody:
		pr.word(firstWord(n.Kind) + " ")
		pr.body(n.Args[0])
	case formTwoArg, formList:
		pr.word(firstWord(n.Kind))
		pr.args(n.Args)
	case formInfix, formInfixR:
		op := firstWord(n.Kind)
		if n.Kind == KCmp || n.Kind == KAncestry {
			op = n.Str
		}
		level := binaryLevel(n)
		pr.operandAt(n.Args[0], level)
		pr.word(" " + op + " ")
		pr.operandAt(n.Args[1], level)
	default:
		panic(formatError{fmt.Errorf("cannot print a %s filter as CQL 6", n.Kind)})
	}
}

// ownPrinters print the kinds whose syntax is their own.
var ownPrinters map[Kind]func(pr *printer, n *Node)

func init() {
	ownPrinters = map[Kind]func(pr *printer, n *Node){
		KNumber:   func(pr *printer, n *Node) { pr.word(strconv.FormatInt(n.Int, 10)) },
		KString:   func(pr *printer, n *Node) { pr.word(quote(n.Str)) },
		KVar:      func(pr *printer, n *Node) { pr.word(n.Str) },
		KDesig:    func(pr *printer, n *Node) { pr.word(DesignatorString(n.Desig)) },
		KGroup:    printGroup,
		KEmptySet: func(pr *printer, n *Node) { pr.word("[]") },
		KTypeNameDesig: func(pr *printer, n *Node) {
			letters := PieceMaskString(n.Desig.Pieces)
			if n.Desig.Squares == 0 {
				// written as a string of letters ("RBN")
				letters = quote(strings.Trim(letters, "[]"))
			}
			pr.word(letters)
		},
		KCompound: printCompound,
		KNot:      func(pr *printer, n *Node) { pr.word("not "); pr.operandAt(n.Args[0], levelNot) },
		KNeg:      func(pr *printer, n *Node) { pr.word("-"); pr.operand(n.Args[0]) },
		KCompl:    func(pr *printer, n *Node) { pr.word("~"); pr.operand(n.Args[0]) },
		KCount:    func(pr *printer, n *Node) { pr.word("#"); pr.operand(n.Args[0]) },
		KIf: func(pr *printer, n *Node) {
			pr.word("if ")
			pr.operand(n.Args[0])
			pr.word(" ")
			pr.operand(n.Args[1])
			if len(n.Args) > 2 && n.Args[2] != nil {
				pr.word(" else ")
				pr.operand(n.Args[2])
			}
		},
		KColon: func(pr *printer, n *Node) {
			pr.operand(n.Args[0])
			pr.word(":")
			pr.operand(n.Args[1])
		},
		KAssign: func(pr *printer, n *Node) {
			pr.expr(n.Args[0])
			pr.word(" " + n.Str + " ")
			pr.operand(n.Args[1])
		},
		KElo:         func(pr *printer, n *Node) { pr.word("elo" + colorWord(n.Int)) },
		KEval:        printAnnotation,
		KEvalMate:    printAnnotation,
		KClock:       printAnnotation,
		KEmt:         printAnnotation,
		KEngineEval:  printAnnotation,
		KCheckCount:  printAnnotation,
		KInHand:      printAnnotation,
		KVariantName: func(pr *printer, n *Node) { pr.word("variant") },
		KDrop:        func(pr *printer, n *Node) { pr.word("drop") },
		KPlayer:      func(pr *printer, n *Node) { pr.word("player" + colorWord(n.Int)) },
		KResult:      func(pr *printer, n *Node) { pr.word("result " + n.Str) },
		KTagValue:    printTag,
		KSimilarPosition: func(pr *printer, n *Node) {
			pr.word("similarposition")
			if n.Flags&FlagAll != 0 {
				pr.word(" notransform")
			}
			pr.word(" " + quote(n.Str))
		},
		KFen: func(pr *printer, n *Node) {
			pr.word("fen")
			if n.Flags&FlagAll != 0 {
				pr.word(" " + quote(n.Str))
			}
		},
		KDirection:  printDirection,
		KRay:        printRay,
		KSquareLoop: printLoop("square"),
		KPieceLoop:  printLoop("piece"),
		KFind:       printFind,
		KTransform:  printTransform,
		KDash:       printDash,
		KLine:       printLine,
		KChild: func(pr *printer, n *Node) {
			pr.word("child")
			if len(n.Args) > 0 && n.Args[0] != nil {
				pr.args(n.Args[:1])
			}
		},
		KRegex: func(pr *printer, n *Node) {
			pr.operand(n.Args[0])
			pr.word(" ~~ ")
			pr.operand(n.Args[1])
		},
		KCountMoves: func(pr *printer, n *Node) {
			pr.word("countmoves ")
			pr.expr(n.Args[0])
		},
		KCurrentMove: func(pr *printer, n *Node) {
			pr.word("currentmove ")
			pr.expr(n.Args[0])
		},
		KStrIndex: func(pr *printer, n *Node) {
			pr.operand(n.Args[0])
			pr.word("[")
			pr.expr(n.Args[1])
			pr.word("]")
		},
		KSlice: func(pr *printer, n *Node) {
			pr.operand(n.Args[0])
			pr.word("[")
			pr.expr(n.Args[1])
			pr.word(":")
			if len(n.Args) > 2 {
				pr.expr(n.Args[2])
			}
			pr.word("]")
		},
		KPin:        printPin,
		KMakeSquare: func(pr *printer, n *Node) { pr.word("makesquare"); pr.args(n.Args) },
		KWhile: func(pr *printer, n *Node) {
			pr.word("while (")
			pr.expr(n.Args[0])
			pr.word(") ")
			pr.operand(n.Args[1])
		},
		KEcho: func(pr *printer, n *Node) {
			pr.word("echo ")
			if n.Flags&FlagQuiet != 0 {
				pr.word("quiet ")
			}
			pr.word("(" + strings.Join(n.Params, " ") + ") ")
			if n.Flags&FlagInAll != 0 {
				pr.word("in all ")
			}
			pr.operand(n.Args[0])
		},
		KConsecutiveMoves: func(pr *printer, n *Node) {
			pr.word("consecutivemoves")
			if n.Flags&FlagQuiet != 0 {
				pr.word(" quiet")
			}
			pr.rangeOf(n)
			pr.word(" ")
			pr.args(n.Args)
		},
		KSort: func(pr *printer, n *Node) {
			pr.word("sort ")
			if n.Flags&FlagQuiet != 0 {
				pr.word("quiet ")
			}
			if n.Flags&FlagMin != 0 {
				pr.word("min ")
			}
			if n.Str != "" {
				pr.word(quote(n.Str) + " ")
			}
			pr.operand(n.Args[0])
		},
		KComment: printComment("comment"),
		KMessage: printComment("message"),
		KFuncDef: func(pr *printer, n *Node) {
			pr.word("function " + n.Str + "(" + strings.Join(n.Params, " ") + ") ")
			pr.expr(n.Args[0])
		},
		KCall: func(pr *printer, n *Node) {
			pr.word(n.Str)
			if len(n.Args) == 0 {
				pr.word("()")
				return
			}
			pr.args(n.Args)
		},
		KPersistent: func(pr *printer, n *Node) {
			if n.Flags&FlagLocal != 0 {
				pr.word("atomic ")
			} else {
				pr.word("persistent ")
			}
			if n.Flags&FlagQuiet != 0 {
				pr.word("quiet ")
			}
			pr.expr(n.Args[0])
		},
		KDictDecl: func(pr *printer, n *Node) {
			switch {
			case n.Flags&FlagPersistent != 0:
				pr.word("persistent ")
			case n.Flags&FlagLocal != 0:
				pr.word("local ")
			}
			pr.word("dictionary ")
			if len(n.Args) > 0 {
				pr.expr(n.Args[0])
				return
			}
			pr.word(n.Str)
		},
		KStr: func(pr *printer, n *Node) { pr.word("str"); pr.args(n.Args) },
		KReadFile: func(pr *printer, n *Node) {
			pr.word("readfile ")
			pr.operand(n.Args[0])
		},
		KRemoveTag:       func(pr *printer, n *Node) { pr.word("removetag "); pr.operand(n.Args[0]) },
		KOriginalComment: func(pr *printer, n *Node) { pr.word("originalcomment") },
		KHasNAG:          func(pr *printer, n *Node) { pr.word(fmt.Sprintf(`originalcomment "$%d"`, n.Int)) },
		KHHDB:            printHHDB,
		KArrowChain: func(pr *printer, n *Node) {
			arrow := " -> "
			if n.Flags&FlagBackward != 0 {
				arrow = " <- "
			}
			for i, a := range n.Args {
				if i > 0 {
					pr.word(arrow)
				}
				pr.operand(a)
			}
		},
		KPieceAssign: func(pr *printer, n *Node) {
			pr.word("piece ")
			pr.expr(n.Args[0])
			pr.word(" = ")
			pr.operand(n.Args[1])
		},
		KElementLoop: func(pr *printer, n *Node) {
			pr.word("string " + n.Str + " in ")
			pr.operand(n.Args[0])
			pr.word(" ")
			pr.operand(n.Args[1])
		},
		KMove: printMove,
		KPath: printPath,
	}
}

// printPath prints a path in parentheses: a path's constituents run on
// over lines, and the closing parenthesis is what surely ends them.
func printPath(pr *printer, n *Node) {
	pr.word("(path")
	pr.rangeOf(n)
	for _, f := range []struct {
		flag uint32
		word string
	}{{FlagFirstMatch, "firstmatch"}, {FlagLastPosition, "lastposition"}, {FlagNestBan, "nestban"},
		{FlagPrimary, "primary"}, {FlagSingleColor, "singlecolor"}, {FlagKeepAllBest, "keepallbest"}, {FlagQuiet, "quiet"}} {
		if n.Flags&f.flag != 0 {
			pr.word(" " + f.word)
		}
	}
	if n.Seq.Title != "" {
		pr.word(" title " + quote(n.Seq.Title))
	}
	if n.Seq.Focus != nil {
		pr.word(" focus ")
		if n.Seq.FocusCapture {
			pr.word("capture ")
		}
		pr.operand(n.Seq.Focus)
	}
	if n.Seq.Max != nil {
		pr.word(" max ")
		pr.operand(n.Seq.Max)
	}
	pr.word(" ")
	pr.pathElems(n.Seq.Body, true)
	pr.word(")")
}

// pathElems prints path constituents; a sequence inside the top one is a
// group, in parentheses.
func (pr *printer) pathElems(n *Node, top bool) {
	switch n.Kind {
	case KSeqConcat:
		if !top {
			pr.word("(")
		}
		for i, c := range n.Args {
			if i > 0 {
				pr.word(" ")
			}
			pr.pathElems(c, false)
		}
		if !top {
			pr.word(")")
		}
	case KSeqDash:
		pr.expr(n.Args[0])
	case KSeqFilter:
		// bare: a parenthesis would open a group
		pr.expr(n.Args[0])
	case KSeqRepeat:
		pr.pathElems(n.Args[0], false)
		pr.word(repetition(n.Int, n.Int2))
	default:
		panic(formatError{fmt.Errorf("cannot print a %s path constituent as CQL 6", n.Kind)})
	}
}

func printPin(pr *printer, n *Node) {
	pr.word("pin")
	for i, w := range []string{"from", "through", "to"} {
		if n.Args[i] != nil {
			pr.word(" " + w + " ")
			pr.operand(n.Args[i])
		}
	}
}

func printComment(word string) func(pr *printer, n *Node) {
	return func(pr *printer, n *Node) {
		pr.word(word + " ")
		if n.Flags&FlagQuiet != 0 {
			pr.word("quiet ")
		}
		pr.args(n.Args)
	}
}

func printHHDB(pr *printer, n *Node) {
	if n.Str != "" && (n.Str[0] == '(' || n.Str[0] == '<') {
		pr.word("hhdb " + quote(n.Str))
		return
	}
	pr.word("hhdb " + n.Str)
}

func printMove(pr *printer, n *Node) {
	m := n.Move
	pr.word("move")
	for _, f := range []struct {
		on   bool
		word string
	}{{m.Previous, "previous"}, {m.Legal, "legal"}, {m.PseudoLegal, "pseudolegal"}, {m.Count, "count"},
		{m.EnPassant, "enpassant"}, {m.Null, "null"}, {m.Primary, "primary"}, {m.Secondary, "secondary"},
		{m.OO, "o-o"}, {m.OOO, "o-o-o"}, {m.Castle, "castle"}} {
		if f.on {
			pr.word(" " + f.word)
		}
	}
	sets := map[string]*Node{"from": m.From, "to": m.To, "capture": m.Capture}
	order := []string{"from", "to", "capture"}
	if m.First != "" {
		// the first written set is the filter's value: keep it first
		order = append([]string{m.First}, order...)
	}
	done := map[string]bool{}
	for _, w := range order {
		if sets[w] != nil && !done[w] {
			done[w] = true
			pr.word(" " + w + " ")
			pr.operand(sets[w])
		}
	}
	if m.EnPassantSquare != nil {
		pr.word(" enpassantsquare ")
		pr.operand(m.EnPassantSquare)
	}
	if m.Promote != nil {
		pr.word(" promote ")
		pr.operand(m.Promote)
	}
	if m.Comment != nil {
		pr.word(" ")
		pr.expr(m.Comment)
	}
}

// printCompound writes {F G ...} on one line when it is short, else
// one constituent a line, indented.
func printCompound(pr *printer, n *Node) {
	parts := make([]string, len(n.Args))
	long := false
	for i, a := range n.Args {
		sub := &printer{indent: pr.indent + 1}
		sub.expr(a)
		parts[i] = sub.b.String()
		long = long || strings.Contains(parts[i], "\n")
	}
	one := "{" + strings.Join(parts, " ") + "}"
	if !long && len(one)+2*pr.indent <= lineWidth {
		pr.word(one)
		return
	}
	pad := strings.Repeat("  ", pr.indent+1)
	pr.word("{\n")
	for _, part := range parts {
		pr.word(pad + part + "\n")
	}
	pr.word(strings.Repeat("  ", pr.indent) + "}")
}

// printAnnotation prints an annotation filter with its view, and
// engineeval with its search.
func printAnnotation(pr *printer, n *Node) {
	pr.word(kinds[n.Kind].words[0].Text)
	if n.Kind == KEngineEval {
		pr.word(fmt.Sprintf(" %s %d", n.Str, n.Int2))
	}
	if n.Int == ViewSideToMove {
		pr.word(" sidetomove")
	} else {
		pr.word(colorWord(n.Int))
	}
}

func colorWord(which int64) string {
	switch which {
	case 1:
		return " white"
	case 2:
		return " black"
	}
	return ""
}

func printGroup(pr *printer, n *Node) {
	if n.Flags&FlagOffset != 0 {
		pr.word(fmt.Sprintf(`\-%d`, n.Int))
		return
	}
	pr.word(fmt.Sprintf(`\%d`, n.Int))
}

func printTag(pr *printer, n *Node) {
	for _, w := range kinds[KTagValue].words {
		if w.tag != "" && w.tag == n.Str {
			pr.word(w.Text)
			return
		}
	}
	pr.word("tag " + quote(n.Str))
}

// dirWords spells a direction set: one word when one names it exactly,
// else the words of its single directions.
func dirWords(d Dir) string {
	ws := kinds[KDirection].words
	for _, w := range ws {
		if w.dir == d {
			return w.Text
		}
	}
	var out []string
	for _, w := range ws {
		if w.dir&d == w.dir && isSingleDir(w.dir) {
			out = append(out, w.Text)
		}
	}
	return strings.Join(out, " ")
}

func isSingleDir(d Dir) bool { return d != 0 && d&(d-1) == 0 }

func (pr *printer) rangeOf(n *Node) {
	if len(n.Bounds) > 0 {
		pr.sp()
		pr.operand(n.Bounds[0])
		if len(n.Bounds) > 1 && n.Bounds[1] != n.Bounds[0] {
			pr.word(" ")
			pr.operand(n.Bounds[1])
		}
		return
	}
	if n.HasRange {
		pr.sp()
		if n.Int == n.Int2 {
			pr.word(strconv.FormatInt(n.Int, 10))
		} else {
			pr.word(fmt.Sprintf("%d %d", n.Int, n.Int2))
		}
	}
}

func printDirection(pr *printer, n *Node) {
	pr.word(dirWords(n.Dirs))
	pr.rangeOf(n)
	pr.word(" ")
	pr.operand(n.Args[0])
}

func printRay(pr *printer, n *Node) {
	pr.word("ray")
	if n.Flags&FlagAttack != 0 {
		pr.word(" attack")
	}
	if n.Dirs != 0 {
		pr.word(" " + dirWords(n.Dirs))
	}
	pr.word(" ")
	pr.args(n.Args)
}

func printLoop(word string) func(pr *printer, n *Node) {
	return func(pr *printer, n *Node) {
		pr.word(word + " ")
		if n.Flags&FlagAll != 0 {
			pr.word("all ")
		}
		pr.word(n.Str + " in ")
		pr.operand(n.Args[0])
		pr.word(" ")
		pr.operand(n.Args[1])
	}
}

func printFind(pr *printer, n *Node) {
	pr.word("find")
	if n.Flags&FlagAll != 0 {
		pr.word(" all")
	}
	pr.rangeOf(n)
	if n.Flags&FlagBackward != 0 {
		pr.word(" <--")
	}
	if n.Flags&FlagQuiet != 0 {
		pr.word(" quiet")
	}
	pr.word(" ")
	pr.body(n.Args[0])
}

func printTransform(pr *printer, n *Node) {
	if name, ok := OldTransformNames[n.TKind]; ok {
		panic(formatError{fmt.Errorf("%s is a CQL-S transform that CQL 6 cannot write: cqlvm runs the query, but it has no CQL 6 translation", name)})
	}
	for _, w := range kinds[KTransform].words {
		if w.tk == n.TKind {
			pr.word(w.Text)
			break
		}
	}
	if n.Flags&FlagCount != 0 {
		pr.word(" count")
	}
	pr.rangeOf(n)
	pr.word(" ")
	pr.body(n.Args[0])
}

// printDash prints X--Y=T(F ...): the sides glued to the dash.
func printDash(pr *printer, n *Node) {
	d := n.Dash
	if d.Legal {
		pr.word("legal ")
	}
	if d.PseudoLegal {
		pr.word("pseudolegal ")
	}
	if d.Left != nil {
		pr.operand(d.Left)
	}
	if d.Capture {
		pr.word("[x]")
	} else {
		pr.word("--")
	}
	// the right side and the promotion are written bare: a parenthesis
	// after the dash would open its targets, and the parser reads a whole
	// union or string expression there
	if d.Right != nil {
		pr.expr(d.Right)
	}
	if d.Promote != nil {
		pr.word("=")
		pr.expr(d.Promote)
	}
	if len(d.Targets) > 0 {
		pr.word("(")
		for i, t := range d.Targets {
			if i > 0 {
				pr.word(" ")
			}
			pr.expr(t)
		}
		pr.word(")")
	}
}

var lineFlags = []struct {
	flag uint32
	word string
}{{FlagFirstMatch, "firstmatch"}, {FlagLastPosition, "lastposition"}, {FlagSingleColor, "singlecolor"},
	{FlagQuiet, "quiet"}, {FlagNestBan, "nestban"}, {FlagPrimary, "primary"}, {FlagSecondary, "secondary"}}

func printLine(pr *printer, n *Node) {
	pr.word("line")
	pr.rangeOf(n)
	for _, f := range lineFlags {
		if n.Flags&f.flag != 0 {
			pr.word(" " + f.word)
		}
	}
	arrow := "-->"
	if n.Seq.Backward {
		arrow = "<--"
	}
	pr.seq(n.Seq.Body, arrow, true)
}

// seq prints the constituents of a line, each after the arrow (top) or
// inside a group.
func (pr *printer) seq(n *Node, arrow string, top bool) {
	switch n.Kind {
	case KSeqConcat:
		for i, c := range n.Args {
			if top || i > 0 {
				pr.word(" " + arrow + " ")
			}
			pr.seq(c, arrow, false)
		}
		return
	case KSeqFilter:
		if top {
			pr.word(" " + arrow + " ")
		}
		// in parentheses a filter is a group of one constituent: itself
		pr.operand(n.Args[0])
		return
	case KSeqRepeat:
		if top {
			pr.word(" " + arrow + " ")
		}
		if a := n.Args[0]; a.Kind == KSeqConcat {
			pr.word("(")
			pr.seq(a, arrow, false)
			pr.word(")")
		} else {
			pr.seq(a, arrow, false)
		}
		pr.word(repetition(n.Int, n.Int2))
		return
	}
	panic(formatError{fmt.Errorf("cannot print a %s line constituent as CQL 6", n.Kind)})
}

func repetition(lo, hi int64) string {
	switch {
	case lo == 0 && hi < 0:
		return "*"
	case lo == 1 && hi < 0:
		return "+"
	case lo == 0 && hi == 1:
		return "?"
	case hi < 0:
		return fmt.Sprintf("{%d,}", lo)
	case lo == hi:
		return fmt.Sprintf("{%d}", lo)
	}
	return fmt.Sprintf("{%d,%d}", lo, hi)
}

// quote writes a CQL string literal: the lexer reads the text between the
// quotes as it stands (a backslash is an ordinary character), so a string
// holding a quote or a newline has no literal; a lone newline is the
// token \n.
func quote(s string) string {
	if s == "\n" {
		return `\n`
	}
	if strings.ContainsAny(s, "\"\n") {
		panic(formatError{fmt.Errorf("the string %q has no CQL 6 literal (it holds a quote or a newline)", s)})
	}
	return `"` + s + `"`
}

// DesignatorString prints a designator in CQL 6 notation: the piece part
// (none for every piece and the empty square), then the square part (none
// for every square), `.` for every square whatever stands there.
func DesignatorString(d Designator) string {
	if d.Pieces == 0 {
		return "[]"
	}
	pieces := PieceMaskString(d.Pieces)
	if d.Squares == bitboard.Full && !d.HasSquares || d.Squares == bitboard.Full && pieces != "" {
		if pieces == "" {
			return "."
		}
		return pieces
	}
	if d.Squares == 0 {
		return "[]"
	}
	return pieces + SquaresString(d.Squares)
}

// SquaresString prints a set of squares as rectangles `a-c1-3`, a
// bracketed list of them when there are several.
func SquaresString(s bitboard.Set) string {
	var parts []string
	left := s
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if !has(left, f, r) {
				continue
			}
			// widest run of files on this rank, then as many ranks up as
			// the whole run fits
			f2 := f
			for f2+1 < 8 && has(s, f2+1, r) {
				f2++
			}
			r2 := r
			for r2+1 < 8 && rowIn(s, f, f2, r2+1) {
				r2++
			}
			for x := f; x <= f2; x++ {
				for y := r; y <= r2; y++ {
					left &^= bitboard.SquareSet(bitboard.MakeSquare(x, y))
				}
			}
			parts = append(parts, span('a', f, f2)+span('1', r, r2))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func has(s bitboard.Set, f, r int) bool {
	return s&bitboard.SquareSet(bitboard.MakeSquare(f, r)) != 0
}

func rowIn(s bitboard.Set, f1, f2, r int) bool {
	for f := f1; f <= f2; f++ {
		if !has(s, f, r) {
			return false
		}
	}
	return true
}

func span(base byte, a, b int) string {
	if a == b {
		return string(base + byte(a))
	}
	return string(base+byte(a)) + "-" + string(base+byte(b))
}

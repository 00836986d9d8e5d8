package compiler

import (
	"strings"
	"testing"

	"cqlvm/bitboard"
	ast "cqlvm/compiler/syntax"
	"cqlvm/source"
)

// Every node kind goes through the checker's dispatch (infer) and the
// generator's (value, test): each kind below has a query producing it,
// which must compile, and both passes must have handled that kind. A
// kind missing from a switch falls to its default, an internal error; a
// new kind must be added here (or to kindsNotDispatched, with a reason).

var kindExamples = []struct {
	kind  ast.Kind
	query string
}{
	// literals
	{ast.KNumber, "x = 3"},
	{ast.KString, `x = "a"`},
	{ast.KDesig, "K"},
	{ast.KTrue, "true"},
	{ast.KFalse, "not false"},
	{ast.KGroup, `"abc" ~~ "a(b)c" and \1 == "b"`},
	// logic
	{ast.KCompound, "{check mate}"},
	{ast.KAnd, "check and mate"},
	{ast.KOr, "check or mate"},
	{ast.KNot, "not check"},
	{ast.KIf, "if check then mate else stalemate"},
	{ast.KColon, "parent:check"},
	{ast.KNoTransform, "flipcolor {notransform K}"},
	{ast.KAssert, "assert check"},
	// sets and arithmetic
	{ast.KUnion, "K | Q"},
	{ast.KInter, "K & Q"},
	{ast.KMinus, "K - Q"},
	{ast.KCompl, "~K"},
	{ast.KCount, "#K == 1"},
	{ast.KIn, "K in ."},
	{ast.KAttacks, "K attacks Q"},
	{ast.KAttackedBy, "K attackedby Q"},
	{ast.KArrowChain, "Q -> K -> R"},
	{ast.KPlus, "1 + #K > 0"},
	{ast.KTimes, "2 * #K > 0"},
	{ast.KDiv, "6 / #K > 0"},
	{ast.KMod, "6 % #K > 0"},
	{ast.KNeg, "-#K < 0"},
	{ast.KCmp, "#K < 2"},
	{ast.KAbs, "abs #K > 0"},
	{ast.KSqrt, "sqrt #K > 0"},
	{ast.KMax, "max(1 #K) > 0"},
	{ast.KMin, "min(1 #K) > 0"},
	// status and game facts
	{ast.KWtm, "wtm"},
	{ast.KBtm, "btm"},
	{ast.KCheck, "check"},
	{ast.KMate, "mate"},
	{ast.KStalemate, "stalemate"},
	{ast.KInitial, "initial"},
	{ast.KTerminal, "terminal"},
	{ast.KMainline, "mainline"},
	{ast.KVariation, "variation"},
	{ast.KVirtualMainline, "virtualmainline"},
	{ast.KTry, "try"},
	{ast.KPureMate, "puremate"},
	{ast.KPureStalemate, "purestalemate"},
	{ast.KModelMate, "modelmate"},
	{ast.KModelStalemate, "modelstalemate"},
	{ast.KIdealMate, "idealmate"},
	{ast.KIdealStalemate, "idealstalemate"},
	{ast.KSideToMove, "sidetomove == white"},
	{ast.KWhite, "sidetomove == white"},
	{ast.KBlack, "sidetomove == black"},
	{ast.KPly, "ply > 2"},
	{ast.KMoveNumber, "movenumber > 2"},
	{ast.KPositionId, "positionid > 2"},
	{ast.KDepth, "depth > 2"},
	{ast.KGameNumber, "gamenumber > 2"},
	{ast.KLastGameNumber, "lastgamenumber > 2"},
	{ast.KYear, "year > 2000"},
	{ast.KElo, "elo white > 2000"},
	{ast.KResult, "result 1-0"},
	{ast.KPlayer, `player white "Kasparov"`},
	{ast.KTagValue, `event "Open"`},
	{ast.KFen, `fen == "x"`},
	{ast.KSetTag, `settag("Custom" "x")`},
	{ast.KRemoveTag, `removetag("Custom")`},
	{ast.KOriginalComment, `originalcomment == "x"`},
	{ast.KHasNAG, `originalcomment "$1"`},
	{ast.KSimilarPosition, `similarposition "x.pgn"`},
	{ast.KHHDB, `hhdb prize == 1`},
	{ast.KRemoveComment, "removecomment"},
	// geometry
	{ast.KDirection, "up K"},
	{ast.KLight, "light K"},
	{ast.KDark, "dark K"},
	{ast.KBetween, "between(K Q)"},
	{ast.KPin, "pin"},
	{ast.KRay, "ray(Q K)"},
	{ast.KXray, "xray(Q r K)"},
	{ast.KMakeSquare, "makesquare(1 1)"},
	{ast.KPower, "power A > 3"},
	{ast.KRank, "rank K == 1"},
	{ast.KFile, "file K == 1"},
	{ast.KType, "type K == 6"},
	{ast.KColorType, "colortype K == 6"},
	{ast.KPieceName, `piecename K == "king"`},
	{ast.KTypeName, `typename K == "king"`},
	{ast.KPieceId, "pieceid K > 0"},
	{ast.KPassedPawns, "passedpawns"},
	{ast.KIsolatedPawns, "isolatedpawns"},
	{ast.KDoubledPawns, "doubledpawns"},
	{ast.KConnectedPawns, "connectedpawns"},
	// variables and loops
	{ast.KVar, "x = K x"},
	{ast.KAssign, "x = 1"},
	{ast.KPieceAssign, "piece x = K"},
	{ast.KPersistent, "persistent count1 += 1"},
	{ast.KUnbind, "x = 1 unbind x"},
	{ast.KIsBound, "x = 1 isbound x"},
	{ast.KIsUnbound, "x = 1 isunbound x"},
	{ast.KSquareLoop, "square x in A check"},
	{ast.KPieceLoop, "piece x in A check"},
	{ast.KLoop, "x = 0 loop {x += 1 x < 3}"},
	{ast.KWhile, "x = 0 while (x < 3) x += 1"},
	{ast.KDictDecl, "dictionary D D[1] = 2"},
	{ast.KElementLoop, `dictionary D D["a"] = 1 string key in D check`},
	// strings
	{ast.KStrIndex, `"abc"[1] == "b"`},
	{ast.KSlice, `"abc"[1:2] == "b"`},
	{ast.KRegex, `"abc" ~~ "b"`},
	{ast.KStr, `str(K) == "x"`},
	{ast.KLower, `lowercase "A" == "a"`},
	{ast.KUpper, `uppercase "a" == "A"`},
	{ast.KInt, `int "32" > 1`},
	{ast.KAscii, `ascii "a" > 1`},
	{ast.KIndexOf, `indexof("b" "abc") > 0`},
	// positions and navigation
	{ast.KCurrentPosition, "x = currentposition"},
	{ast.KInitialPosition, "x = initialposition"},
	{ast.KParent, "x = parent"},
	{ast.KChild, "x = child"},
	{ast.KPosition, "x = position 0"},
	{ast.KFind, "find check"},
	{ast.KEcho, "echo (s t) {s & t == .}"},
	{ast.KLca, "x = lca(parent currentposition)"},
	{ast.KAncestor, "ancestor(parent currentposition)"},
	{ast.KDescendant, "descendant(parent currentposition)"},
	{ast.KDistance, "distance(parent currentposition) > 0"},
	{ast.KConsecutiveMoves, "consecutivemoves(parent currentposition) > 0"},
	{ast.KAncestry, "parent [<] currentposition"},
	// moves
	{ast.KMove, "move from K"},
	{ast.KDash, "K--e4"},
	{ast.KCountMoves, "countmoves K-- > 1"},
	{ast.KCurrentMove, "currentmove K--"},
	{ast.KFrom, "from & K"},
	{ast.KTo, "to & K"},
	{ast.KCastle, "castle"},
	{ast.KOO, "o-o"},
	{ast.KOOO, "o-o-o"},
	{ast.KEnPassant, "enpassant"},
	{ast.KEnPassantSquare, "enpassantsquare"},
	{ast.KNullMove, "nullmove"},
	{ast.KPrimary, "primary"},
	{ast.KSecondary, "secondary"},
	{ast.KLine, "line --> check --> mate"},
	{ast.KPath, "path --(check)"},
	{ast.KPathCount, "path --(pathcount > 1)"},
	{ast.KPathCountUnfocused, "path focus A --(pathcountunfocused > 1)"},
	{ast.KPathStart, "path --(x = pathstart)"},
	{ast.KPathLastPosition, "path -- x = pathlastposition"},
	// transforms
	{ast.KOrbit, "flipcolor K"},
	// output
	{ast.KSort, "sort #A"},
	{ast.KComment, `comment("x")`},
	{ast.KMessage, `message("x")`},
}

// kindsCheckOnly are kinds the checker rewrites into another kind, so
// that the generator never sees them.
var kindsCheckOnly = map[ast.Kind]struct{ query, becomes string }{
	ast.KCurrentTransform: {`flipcolor {comment(currenttransform)}`, "a string literal"},
}

// kindsHandBuilt are kinds the switches handle that the parser does not
// make: their nodes are built here.
var kindsHandBuilt = map[ast.Kind]string{
	ast.KEmptySet: "[] is parsed as a designator of no squares",
}

// kindsBuiltin are the CQL-S built-ins, which have no CQL 6 spelling:
// the old-syntax front end builds them, as these builders do (with the
// fields ast.go documents).
var kindsBuiltin = map[ast.Kind]func() *ast.Node{
	ast.KExchangeEvaluation: func() *ast.Node { return &ast.Node{Kind: ast.KExchangeEvaluation} },
	ast.KMaxSwapEvaluation: func() *ast.Node {
		return &ast.Node{Kind: ast.KMaxSwapEvaluation, Args: []*ast.Node{builtDesig(ast.MaskWhite), builtDesig(ast.MaskAll)}}
	},
	ast.KPawnCount: func() *ast.Node {
		return &ast.Node{Kind: ast.KPawnCount, Str: "passed", Args: []*ast.Node{builtDesig(ast.MaskAll)}}
	},
	ast.KOpposition: func() *ast.Node { return &ast.Node{Kind: ast.KOpposition, Int: 1} },
	ast.KGoodBishop: func() *ast.Node {
		return &ast.Node{Kind: ast.KGoodBishop, Int: 3, Args: []*ast.Node{builtDesig(ast.MaskWhite),
			builtNumber(50), builtNumber(100), builtNumber(50), builtNumber(100)}}
	},
	ast.KCannotWin:           func() *ast.Node { return &ast.Node{Kind: ast.KCannotWin, Int: 2} },
	ast.KMatingMaterial:      func() *ast.Node { return &ast.Node{Kind: ast.KMatingMaterial} },
	ast.KGameIsOver:          func() *ast.Node { return &ast.Node{Kind: ast.KGameIsOver} },
	ast.KHalfmoveClock:       func() *ast.Node { return &ast.Node{Kind: ast.KHalfmoveClock} },
	ast.KFiftyMoveRule:       func() *ast.Node { return &ast.Node{Kind: ast.KFiftyMoveRule} },
	ast.KRepetitionCount:     func() *ast.Node { return &ast.Node{Kind: ast.KRepetitionCount} },
	ast.KThreefoldRepetition: func() *ast.Node { return &ast.Node{Kind: ast.KThreefoldRepetition} },
	ast.KTakesLastPiece:      func() *ast.Node { return &ast.Node{Kind: ast.KTakesLastPiece} },
	ast.KStartPosition:       func() *ast.Node { return &ast.Node{Kind: ast.KStartPosition} },
	ast.KShuffleChess:        func() *ast.Node { return &ast.Node{Kind: ast.KShuffleChess} },
	ast.KEvaluation:          func() *ast.Node { return &ast.Node{Kind: ast.KEvaluation, Str: "depth", Int2: 4} },
	ast.KMoveEvaluation:      func() *ast.Node { return &ast.Node{Kind: ast.KMoveEvaluation, Str: "movetime", Int2: 100, Int: 1} },
}

func builtDesig(pieces ast.PieceMask) *ast.Node {
	return &ast.Node{Kind: ast.KDesig, Desig: ast.Designator{Pieces: pieces, Squares: ^bitboard.Set(0), HasPieces: true}}
}

func builtNumber(n int64) *ast.Node { return &ast.Node{Kind: ast.KNumber, Int: n} }

// kindsUnsupported are kinds the parser makes that the compiler rejects.
var kindsUnsupported = map[ast.Kind]string{
	ast.KFuncDef:   "check or function f() { check }", // a definition nested in a filter
	ast.KReadFile:  `readfile "a"`,
	ast.KWriteFile: `writefile("a" "b")`,
}

// kindsNotDispatched never reach either switch.
var kindsNotDispatched = map[ast.Kind]string{
	ast.KBad:           "the zero kind, never made",
	ast.KLegalFilter:   "reserved, never made by the parser",
	ast.KCall:          "replaced by the function's body before checking (inline.go)",
	ast.KDictIndex:     "reserved: D[k] is parsed as KStrIndex and told apart by the checker",
	ast.KTypeNameDesig: "the promotion designator of a move or dash (=Q), read by the generator as a field",
	ast.KSeqFilter:     "a constituent of line or path, checked and compiled by them",
	ast.KSeqConcat:     "a constituent of line or path, checked and compiled by them",
	ast.KSeqAlt:        "a constituent of line or path, checked and compiled by them",
	ast.KSeqRepeat:     "a constituent of line or path, checked and compiled by them",
	ast.KSeqDash:       "a constituent of path, checked and compiled by it",
	ast.KTransform:     "expanded into KOrbit before checking (transform.go)",
	ast.KQuiet:         "reserved, never made by the parser",
}

// compileSeeing compiles query (without header) and returns the kinds
// each pass handled and the error.
func compileSeeing(query string) (map[string]map[ast.Kind]bool, error) {
	seen := map[string]map[ast.Kind]bool{"check": {}, "gen": {}}
	opt := Options{kindSeen: func(pass string, k ast.Kind) { seen[pass][k] = true }}
	_, err := Compile(source.New("f.cql", query), opt)
	return seen, err
}

func TestEveryKindIsListed(t *testing.T) {
	listed := map[ast.Kind]int{}
	for _, e := range kindExamples {
		listed[e.kind]++
	}
	for k := range kindsCheckOnly {
		listed[k]++
	}
	for k := range kindsUnsupported {
		listed[k]++
	}
	for k := range kindsHandBuilt {
		listed[k]++
	}
	for k := range kindsBuiltin {
		listed[k]++
		if ast.HasCQL6Spelling(k) {
			t.Errorf("kind %d has a CQL 6 spelling: give it an example query, not a builder", k)
		}
	}
	for k := ast.KBad; k < ast.NumKinds; k++ {
		if _, ok := kindsBuiltin[k]; !ok && !ast.HasCQL6Spelling(k) {
			t.Errorf("kind %d has no CQL 6 spelling: kindsBuiltin must build it", k)
		}
	}
	for k := range kindsNotDispatched {
		listed[k]++
	}
	for k := ast.KBad; k < ast.NumKinds; k++ {
		switch listed[k] {
		case 0:
			t.Errorf("kind %d has no example in dispatch_test.go", k)
		case 1:
		default:
			t.Errorf("kind %d is listed %d times in dispatch_test.go", k, listed[k])
		}
	}
}

func TestEveryKindIsDispatched(t *testing.T) {
	for _, e := range kindExamples {
		seen, err := compileSeeing(e.query)
		if err != nil {
			t.Errorf("kind %d: %s: %v", e.kind, e.query, err)
			continue
		}
		for _, pass := range []string{"check", "gen"} {
			if !seen[pass][e.kind] {
				t.Errorf("kind %d: %s: the %s pass never handled it", e.kind, e.query, pass)
			}
		}
	}
	for k, e := range kindsCheckOnly {
		seen, err := compileSeeing(e.query)
		if err != nil || !seen["check"][k] || seen["gen"][k] {
			t.Errorf("kind %d: %s: error %v, checked %v, generated %v; want it checked, then generated as %s",
				k, e.query, err, seen["check"][k], seen["gen"][k], e.becomes)
		}
	}
	for k, q := range kindsUnsupported {
		seen, err := compileSeeing(q)
		if err == nil || !strings.Contains(err.Error(), "not supported yet") || !seen["check"][k] {
			t.Errorf("kind %d: %s: error %v, checked %v; want it checked and reported unsupported", k, q, err, seen["check"][k])
		}
	}
}

// dispatchNode checks a hand-built node and compiles its value, as
// Compile would, and returns the errors and the kinds each pass handled.
func dispatchNode(n *ast.Node) (source.ErrorList, map[string]map[ast.Kind]bool) {
	seen := map[string]map[ast.Kind]bool{"check": {}, "gen": {}}
	src := source.New("f.cql", "check")
	var errs source.ErrorList
	c := &checker{nodeInfo: newNodeInfo(), src: src, errs: &errs, vars: map[string]*variable{}, slots: &slotAlloc{},
		kindSeen: func(pass string, k ast.Kind) { seen[pass][k] = true }}
	c.check(n)
	g := newGen(src, &errs, c.slots)
	g.nodeInfo, g.kindSeen = c.nodeInfo, c.kindSeen
	g.value(n, g.newLabel())
	return errs, seen
}

func TestHandBuiltKinds(t *testing.T) {
	for k := range kindsHandBuilt {
		errs, seen := dispatchNode(&ast.Node{Kind: k, Span: source.Span{From: 0, To: 5}})
		if len(errs) > 0 || !seen["check"][k] || !seen["gen"][k] {
			t.Errorf("kind %d: errors %v, checked %v, generated %v", k, errs, seen["check"][k], seen["gen"][k])
		}
	}
}

// TestBuiltinKinds: each CQL-S built-in, as the front end builds it,
// goes through both passes without error.
func TestBuiltinKinds(t *testing.T) {
	for k, build := range kindsBuiltin {
		errs, seen := dispatchNode(build())
		if len(errs) > 0 || !seen["check"][k] || !seen["gen"][k] {
			t.Errorf("kind %d: errors %v, checked %v, generated %v", k, errs, seen["check"][k], seen["gen"][k])
		}
	}
}

// TestDispatchDefaults: a kind neither switch knows is an internal error
// in both passes, not a silent success.
func TestDispatchDefaults(t *testing.T) {
	errs, _ := dispatchNode(&ast.Node{Kind: ast.KSeqConcat, Span: source.Span{From: 0, To: 5}})
	if len(errs) != 2 {
		t.Fatalf("got errors %v, want one from each pass", errs)
	}
	for _, e := range errs {
		if !strings.Contains(e.Msg, "internal error") {
			t.Errorf("got %q, want an internal error", e.Msg)
		}
	}
}

package compiler

import (
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/engine/knowledge"
	"github.com/cqlvm/cqlvm/source"
)

// Every node kind goes through the checker's dispatch (infer) and the
// generator's (value, test): each kind below has a query producing it,
// which must compile, and both passes must have handled that kind. A
// kind missing from a switch falls to its default, an internal error; a
// new kind must be added here (or to kindsNotDispatched, with a reason).

var kindExamples = []struct {
	kind  syntax.Kind
	query string
}{
	// literals
	{syntax.KNumber, "x = 3"},
	{syntax.KString, `x = "a"`},
	{syntax.KDesig, "K"},
	{syntax.KTrue, "true"},
	{syntax.KFalse, "not false"},
	{syntax.KGroup, `"abc" ~~ "a(b)c" and \1 == "b"`},
	// logic
	{syntax.KCompound, "{check mate}"},
	{syntax.KAnd, "check and mate"},
	{syntax.KOr, "check or mate"},
	{syntax.KNot, "not check"},
	{syntax.KIf, "if check then mate else stalemate"},
	{syntax.KColon, "parent:check"},
	{syntax.KNoTransform, "flipcolor {notransform K}"},
	{syntax.KAssert, "assert check"},
	// sets and arithmetic
	{syntax.KUnion, "K | Q"},
	{syntax.KInter, "K & Q"},
	{syntax.KMinus, "K - Q"},
	{syntax.KCompl, "~K"},
	{syntax.KCount, "#K == 1"},
	{syntax.KIn, "K in ."},
	{syntax.KAttacks, "K attacks Q"},
	{syntax.KAttackedBy, "K attackedby Q"},
	{syntax.KArrowChain, "Q -> K -> R"},
	{syntax.KPlus, "1 + #K > 0"},
	{syntax.KTimes, "2 * #K > 0"},
	{syntax.KDiv, "6 / #K > 0"},
	{syntax.KMod, "6 % #K > 0"},
	{syntax.KNeg, "-#K < 0"},
	{syntax.KCmp, "#K < 2"},
	{syntax.KAbs, "abs #K > 0"},
	{syntax.KSqrt, "sqrt #K > 0"},
	{syntax.KMax, "max(1 #K) > 0"},
	{syntax.KMin, "min(1 #K) > 0"},
	// status and game facts
	{syntax.KWtm, "wtm"},
	{syntax.KBtm, "btm"},
	{syntax.KCheck, "check"},
	{syntax.KMate, "mate"},
	{syntax.KStalemate, "stalemate"},
	{syntax.KInitial, "initial"},
	{syntax.KTerminal, "terminal"},
	{syntax.KMainline, "mainline"},
	{syntax.KVariation, "variation"},
	{syntax.KVirtualMainline, "virtualmainline"},
	{syntax.KTry, "try"},
	{syntax.KPureMate, "puremate"},
	{syntax.KPureStalemate, "purestalemate"},
	{syntax.KModelMate, "modelmate"},
	{syntax.KModelStalemate, "modelstalemate"},
	{syntax.KIdealMate, "idealmate"},
	{syntax.KIdealStalemate, "idealstalemate"},
	{syntax.KSideToMove, "sidetomove == white"},
	{syntax.KWhite, "sidetomove == white"},
	{syntax.KBlack, "sidetomove == black"},
	{syntax.KPly, "ply > 2"},
	{syntax.KMoveNumber, "movenumber > 2"},
	{syntax.KPositionId, "positionid > 2"},
	{syntax.KDepth, "depth > 2"},
	{syntax.KGameNumber, "gamenumber > 2"},
	{syntax.KLastGameNumber, "lastgamenumber > 2"},
	{syntax.KYear, "year > 2000"},
	{syntax.KElo, "elo white > 2000"},
	{syntax.KResult, "result 1-0"},
	{syntax.KPlayer, `player white "Kasparov"`},
	{syntax.KTagValue, `event "Open"`},
	{syntax.KFen, `fen == "x"`},
	{syntax.KSetTag, `settag("Custom" "x")`},
	{syntax.KRemoveTag, `removetag("Custom")`},
	{syntax.KOriginalComment, `originalcomment == "x"`},
	{syntax.KHasNAG, `originalcomment "$1"`},
	{syntax.KSimilarPosition, `similarposition "x.pgn"`},
	{syntax.KHHDB, `hhdb prize == 1`},
	{syntax.KRemoveComment, "removecomment"},
	// geometry
	{syntax.KDirection, "up K"},
	{syntax.KLight, "light K"},
	{syntax.KDark, "dark K"},
	{syntax.KBetween, "between(K Q)"},
	{syntax.KPin, "pin"},
	{syntax.KRay, "ray(Q K)"},
	{syntax.KXray, "xray(Q r K)"},
	{syntax.KMakeSquare, "makesquare(1 1)"},
	{syntax.KPower, "power A > 3"},
	{syntax.KRank, "rank K == 1"},
	{syntax.KFile, "file K == 1"},
	{syntax.KType, "type K == 6"},
	{syntax.KColorType, "colortype K == 6"},
	{syntax.KPieceName, `piecename K == "king"`},
	{syntax.KTypeName, `typename K == "king"`},
	{syntax.KPieceId, "pieceid K > 0"},
	{syntax.KPassedPawns, "passedpawns"},
	{syntax.KIsolatedPawns, "isolatedpawns"},
	{syntax.KDoubledPawns, "doubledpawns"},
	{syntax.KConnectedPawns, "connectedpawns"},
	// variables and loops
	{syntax.KVar, "x = K x"},
	{syntax.KAssign, "x = 1"},
	{syntax.KPieceAssign, "piece x = K"},
	{syntax.KPersistent, "persistent count1 += 1"},
	{syntax.KUnbind, "x = 1 unbind x"},
	{syntax.KIsBound, "x = 1 isbound x"},
	{syntax.KIsUnbound, "x = 1 isunbound x"},
	{syntax.KSquareLoop, "square x in A check"},
	{syntax.KPieceLoop, "piece x in A check"},
	{syntax.KLoop, "x = 0 loop {x += 1 x < 3}"},
	{syntax.KWhile, "x = 0 while (x < 3) x += 1"},
	{syntax.KDictDecl, "dictionary D D[1] = 2"},
	{syntax.KElementLoop, `dictionary D D["a"] = 1 string key in D check`},
	// strings
	{syntax.KStrIndex, `"abc"[1] == "b"`},
	{syntax.KSlice, `"abc"[1:2] == "b"`},
	{syntax.KRegex, `"abc" ~~ "b"`},
	{syntax.KStr, `str(K) == "x"`},
	{syntax.KLower, `lowercase "A" == "a"`},
	{syntax.KUpper, `uppercase "a" == "A"`},
	{syntax.KInt, `int "32" > 1`},
	{syntax.KAscii, `ascii "a" > 1`},
	{syntax.KIndexOf, `indexof("b" "abc") > 0`},
	// positions and navigation
	{syntax.KCurrentPosition, "x = currentposition"},
	{syntax.KInitialPosition, "x = initialposition"},
	{syntax.KParent, "x = parent"},
	{syntax.KChild, "x = child"},
	{syntax.KPosition, "x = position 0"},
	{syntax.KFind, "find check"},
	{syntax.KEcho, "echo (s t) {s & t == .}"},
	{syntax.KLca, "x = lca(parent currentposition)"},
	{syntax.KAncestor, "ancestor(parent currentposition)"},
	{syntax.KDescendant, "descendant(parent currentposition)"},
	{syntax.KDistance, "distance(parent currentposition) > 0"},
	{syntax.KConsecutiveMoves, "consecutivemoves(parent currentposition) > 0"},
	{syntax.KAncestry, "parent [<] currentposition"},
	// moves
	{syntax.KMove, "move from K"},
	{syntax.KDash, "K--e4"},
	{syntax.KCountMoves, "countmoves K-- > 1"},
	{syntax.KCurrentMove, "currentmove K--"},
	{syntax.KFrom, "from & K"},
	{syntax.KTo, "to & K"},
	{syntax.KCastle, "castle"},
	{syntax.KOO, "o-o"},
	{syntax.KOOO, "o-o-o"},
	{syntax.KEnPassant, "enpassant"},
	{syntax.KEnPassantSquare, "enpassantsquare"},
	{syntax.KNullMove, "nullmove"},
	{syntax.KPrimary, "primary"},
	{syntax.KSecondary, "secondary"},
	{syntax.KLine, "line --> check --> mate"},
	{syntax.KPath, "path --(check)"},
	{syntax.KPathCount, "path --(pathcount > 1)"},
	{syntax.KPathCountUnfocused, "path focus A --(pathcountunfocused > 1)"},
	{syntax.KPathStart, "path --(x = pathstart)"},
	{syntax.KPathLastPosition, "path -- x = pathlastposition"},
	// transforms
	{syntax.KOrbit, "flipcolor K"},
	// output
	{syntax.KSort, "sort #A"},
	{syntax.KComment, `comment("x")`},
	{syntax.KMessage, `message("x")`},
	// annotations
	{syntax.KEval, "(parent:eval) - eval >= 300"},
	{syntax.KEvalMate, "evalmate sidetomove > 0"},
	{syntax.KClock, "clock black < 30"},
	{syntax.KEmt, "emt > 60"},
	{syntax.KEngineEval, "engineeval depth 8 sidetomove > 200"},
	// variants
	{syntax.KVariantName, `variant == "Crazyhouse"`},
	{syntax.KCheckCount, "checkcount white >= 2"},
	{syntax.KInHand, `"Q" in inhand white`},
	{syntax.KDrop, "drop & [Nn]"},
}

// kindsCheckOnly are kinds the checker rewrites into another kind, so
// that the generator never sees them.
var kindsCheckOnly = map[syntax.Kind]struct{ query, becomes string }{
	syntax.KCurrentTransform: {`flipcolor {comment(currenttransform)}`, "a string literal"},
}

// kindsHandBuilt are kinds the switches handle that the parser does not
// make: their nodes are built here.
var kindsHandBuilt = map[syntax.Kind]string{
	syntax.KEmptySet: "[] is parsed as a designator of no squares",
}

// kindsBuiltin are the CQL-S built-ins, which have no CQL 6 spelling:
// the old-syntax front end builds them, as these builders do (with the
// fields ast.go documents).
var kindsBuiltin = map[syntax.Kind]func() *syntax.Node{
	syntax.KExchangeEvaluation: func() *syntax.Node { return &syntax.Node{Kind: syntax.KExchangeEvaluation} },
	syntax.KMaxSwapEvaluation: func() *syntax.Node {
		return &syntax.Node{Kind: syntax.KMaxSwapEvaluation, Args: []*syntax.Node{builtDesig(syntax.MaskWhite), builtDesig(syntax.MaskAll)}}
	},
	syntax.KPawnCount: func() *syntax.Node {
		return &syntax.Node{Kind: syntax.KPawnCount, Str: "passed", Args: []*syntax.Node{builtDesig(syntax.MaskAll)}}
	},
	syntax.KOpposition: func() *syntax.Node { return &syntax.Node{Kind: syntax.KOpposition, Int: 1} },
	syntax.KGoodBishop: func() *syntax.Node {
		return &syntax.Node{Kind: syntax.KGoodBishop, Int: 3, Args: []*syntax.Node{builtDesig(syntax.MaskWhite),
			builtNumber(50), builtNumber(100), builtNumber(50), builtNumber(100)}}
	},
	syntax.KCannotWin:           func() *syntax.Node { return &syntax.Node{Kind: syntax.KCannotWin, Int: 2} },
	syntax.KMatingMaterial:      func() *syntax.Node { return &syntax.Node{Kind: syntax.KMatingMaterial} },
	syntax.KGameIsOver:          func() *syntax.Node { return &syntax.Node{Kind: syntax.KGameIsOver} },
	syntax.KHalfmoveClock:       func() *syntax.Node { return &syntax.Node{Kind: syntax.KHalfmoveClock} },
	syntax.KFiftyMoveRule:       func() *syntax.Node { return &syntax.Node{Kind: syntax.KFiftyMoveRule} },
	syntax.KRepetitionCount:     func() *syntax.Node { return &syntax.Node{Kind: syntax.KRepetitionCount} },
	syntax.KThreefoldRepetition: func() *syntax.Node { return &syntax.Node{Kind: syntax.KThreefoldRepetition} },
	syntax.KTakesLastPiece:      func() *syntax.Node { return &syntax.Node{Kind: syntax.KTakesLastPiece} },
	syntax.KStartPosition:       func() *syntax.Node { return &syntax.Node{Kind: syntax.KStartPosition} },
	syntax.KShuffleChess:        func() *syntax.Node { return &syntax.Node{Kind: syntax.KShuffleChess} },
	syntax.KEvaluation:          func() *syntax.Node { return &syntax.Node{Kind: syntax.KEvaluation, Str: "depth", Int2: 4} },
	syntax.KMoveEvaluation: func() *syntax.Node {
		return &syntax.Node{Kind: syntax.KMoveEvaluation, Str: "movetime", Int2: 100, Int: 1}
	},
}

func builtDesig(pieces syntax.PieceMask) *syntax.Node {
	return &syntax.Node{Kind: syntax.KDesig, Desig: syntax.Designator{Pieces: pieces, Squares: ^bitboard.Set(0), HasPieces: true}}
}

func builtNumber(n int64) *syntax.Node { return &syntax.Node{Kind: syntax.KNumber, Int: n} }

// kindsUnsupported are kinds the parser makes that the compiler rejects.
var kindsUnsupported = map[syntax.Kind]string{
	syntax.KFuncDef:   "check or function f() { check }", // a definition nested in a filter
	syntax.KReadFile:  `readfile "a"`,
	syntax.KWriteFile: `writefile("a" "b")`,
}

// kindsNotDispatched never reach either switch.
var kindsNotDispatched = map[syntax.Kind]string{
	syntax.KBad:           "the zero kind, never made",
	syntax.KLegalFilter:   "reserved, never made by the parser",
	syntax.KCall:          "replaced by the function's body before checking (function.go)",
	syntax.KDictIndex:     "reserved: D[k] is parsed as KStrIndex and told apart by the checker",
	syntax.KTypeNameDesig: "the promotion designator of a move or dash (=Q), read by the generator as a field",
	syntax.KSeqFilter:     "a constituent of line or path, checked and compiled by them",
	syntax.KSeqConcat:     "a constituent of line or path, checked and compiled by them",
	syntax.KSeqAlt:        "a constituent of line or path, checked and compiled by them",
	syntax.KSeqRepeat:     "a constituent of line or path, checked and compiled by them",
	syntax.KSeqDash:       "a constituent of path, checked and compiled by it",
	syntax.KTransform:     "expanded into KOrbit before checking (transform.go)",
	syntax.KQuiet:         "reserved, never made by the parser",
}

// compileSeeing compiles query (without header) and returns the kinds
// each pass handled and the error.
func compileSeeing(query string) (map[string]map[syntax.Kind]bool, error) {
	seen := map[string]map[syntax.Kind]bool{"check": {}, "gen": {}}
	opt := Options{kindSeen: func(pass string, k syntax.Kind) { seen[pass][k] = true }}
	_, err := Compile(source.New("f.cql", query), opt)
	return seen, err
}

func TestEveryKindIsListed(t *testing.T) {
	listed := map[syntax.Kind]int{}
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
		if syntax.HasCQL6Spelling(k) {
			t.Errorf("kind %d has a CQL 6 spelling: give it an example query, not a builder", k)
		}
	}
	for k := syntax.KBad; k < syntax.NumKinds; k++ {
		if _, ok := kindsBuiltin[k]; !ok && !syntax.HasCQL6Spelling(k) {
			t.Errorf("kind %d has no CQL 6 spelling: kindsBuiltin must build it", k)
		}
	}
	for k := range kindsNotDispatched {
		listed[k]++
	}
	for k := syntax.KBad; k < syntax.NumKinds; k++ {
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
func dispatchNode(n *syntax.Node) (source.ErrorList, map[string]map[syntax.Kind]bool) {
	seen := map[string]map[syntax.Kind]bool{"check": {}, "gen": {}}
	src := source.New("f.cql", "check")
	var errs source.ErrorList
	c := &checker{nodeInfo: newNodeInfo(), src: src, errs: &errs, vars: map[string]*variable{}, slots: &slotAlloc{}, chess: knowledge.Chess,
		kindSeen: func(pass string, k syntax.Kind) { seen[pass][k] = true }}
	c.check(n)
	g := newGen(src, &errs, c.slots)
	g.nodeInfo, g.kindSeen, g.prog.Chess = c.nodeInfo, c.kindSeen, c.chess
	g.value(n, g.newLabel())
	return errs, seen
}

func TestHandBuiltKinds(t *testing.T) {
	for k := range kindsHandBuilt {
		errs, seen := dispatchNode(&syntax.Node{Kind: k, Span: source.Span{From: 0, To: 5}})
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
	errs, _ := dispatchNode(&syntax.Node{Kind: syntax.KSeqConcat, Span: source.Span{From: 0, To: 5}})
	if len(errs) != 2 {
		t.Fatalf("got errors %v, want one from each pass", errs)
	}
	for _, e := range errs {
		if !strings.Contains(e.Msg, "internal error") {
			t.Errorf("got %q, want an internal error", e.Msg)
		}
	}
}

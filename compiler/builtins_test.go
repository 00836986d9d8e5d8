package compiler

import (
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/engine/knowledge"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/uci"
	"github.com/cqlvm/cqlvm/vm"
)

// The CQL-S built-ins run end to end: nodes built as the old-syntax front
// end builds them (CQL 6 nodes parsed from text around them), compiled
// through Options.Reader and run on small games. The chess answers
// themselves are tested in package positional; these tests check the
// wiring: which position and move each kind looks at, its value, its
// colour under flipcolor, its failures.

// cql6 parses one CQL 6 filter, to put around or inside built nodes.
func cql6(t *testing.T, text string) *syntax.Node {
	t.Helper()
	body, _, errs := syntax.ParseBody(source.New("part.cql", text))
	if len(errs) > 0 || len(body) != 1 {
		t.Fatalf("%s: %v", text, errs)
	}
	return body[0]
}

// compare is the node `n op k`.
func compare(n *syntax.Node, op string, k int64) *syntax.Node {
	return &syntax.Node{Kind: syntax.KCmp, Str: op, Args: []*syntax.Node{n, builtNumber(k)}}
}

// compileBuilt compiles a body of built nodes.
func compileBuilt(t *testing.T, body ...*syntax.Node) (*Query, error) {
	t.Helper()
	return Compile(source.New("built.cql", ""), Options{Reader: builtFile(body), Chess: knowledge.Chess})
}

// builtFile is a Reader that gives the body, as the old-syntax front end
// gives its translation.
func builtFile(body []*syntax.Node) func(*source.Source) (*syntax.File, source.ErrorList, bool) {
	file := &syntax.File{Body: body, Funcs: map[string]*syntax.Node{}}
	return func(*source.Source) (*syntax.File, source.ErrorList, bool) { return file, nil, true }
}

// builtMatches runs a body of built nodes on every position of a game
// (variations included) and returns the matching nodes.
func builtMatches(t *testing.T, game string, engine vm.Evaluator, body ...*syntax.Node) []int32 {
	t.Helper()
	q, err := compileBuilt(t, body...)
	if err != nil {
		t.Fatalf("%s: %v", syntax.Dump(body[0]), err)
	}
	g := readGames(t, strings.NewReader(game), "built.pgn", 1)[0]
	m := vm.NewMachine(q.Program)
	m.Engine = engine
	m.Errors = func(s string) { t.Errorf("runtime error: %s", s) }
	return matches(m, treeOf(g, true))
}

type builtCase struct {
	name string
	body []*syntax.Node
	want []int32
}

func runBuiltCases(t *testing.T, game string, cases []builtCase) {
	t.Helper()
	for _, c := range cases {
		if got := builtMatches(t, game, nil, c.body...); !slices.Equal(got, c.want) {
			t.Errorf("%s: matches %v, want %v", c.name, got, c.want)
		}
	}
}

func node(k syntax.Kind) *syntax.Node { return kindsBuiltin[k]() }

func TestBuiltinExchange(t *testing.T) {
	// 1. exd5 wins the knight for the pawn (+2); 1... exd5 wins the pawn
	// back, undefended (+1); the last position has no next move; 2. Kd2
	// captures nothing.
	game := `[FEN "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1"]

1. exd5 exd5 2. Kd2 *`
	see := &syntax.Node{Kind: syntax.KExchangeEvaluation}
	maxSwap := func(from, to string) *syntax.Node {
		return &syntax.Node{Kind: syntax.KMaxSwapEvaluation, Args: []*syntax.Node{cql6(t, from), cql6(t, to)}}
	}
	runBuiltCases(t, game, []builtCase{
		{"exchange == 2", []*syntax.Node{compare(see, "==", 2)}, []int32{0}},
		{"exchange >= 1", []*syntax.Node{compare(see, ">=", 1)}, []int32{0, 1}},
		{"exchange defined", []*syntax.Node{see}, []int32{0, 1}},
		// White's pawn takes the knight whoever is to move; after 1. exd5
		// White's best is a quiet king move (0), then the pawn is gone
		{"maxswap of White", []*syntax.Node{compare(maxSwap("A", "."), "==", 2)}, []int32{0}},
		{"maxswap of the pawn", []*syntax.Node{maxSwap("P", ".")}, []int32{0, 1}},
		{"maxswap to an empty target", []*syntax.Node{maxSwap("A", "h8")}, nil},
	})
}

func TestBuiltinPawnCount(t *testing.T) {
	// White a2 b2 d4, Black d5: a2 b2 are passed; after 1. b4 too
	game := `[FEN "4k3/8/8/3p4/3P4/8/PP6/4K3 w - - 0 1"]

1. b4 Ke7 2. b5 *`
	count := func(desig, attrs string) *syntax.Node {
		return &syntax.Node{Kind: syntax.KPawnCount, Str: attrs, Args: []*syntax.Node{cql6(t, desig)}}
	}
	runBuiltCases(t, game, []builtCase{
		{"passed", []*syntax.Node{compare(count("P", "passed"), "==", 2)}, []int32{0, 1, 2, 3}},
		{"passed islands", []*syntax.Node{compare(count("P", "passed-islands"), "==", 1)}, []int32{0, 1, 2, 3}},
		{"duo", []*syntax.Node{compare(count("P", "duo"), "==", 2)}, []int32{0}},
		{"advanced", []*syntax.Node{compare(count("P", "advanced"), ">", 0)}, []int32{3}},
		{"blocked both colours", []*syntax.Node{compare(count("[Pp]", "blocked!"), "==", 2)}, []int32{0, 1, 2, 3}},
		{"the designator's squares", []*syntax.Node{compare(count("Pa-c1-8", "passed"), "==", 2)}, []int32{0, 1, 2, 3}},
	})
	if _, err := compileBuilt(t, count("P", "passed-islands-files")); err == nil || !strings.Contains(err.Error(), "must end the attribute list") {
		t.Errorf("a bad attribute chain: error %v", err)
	}
}

func TestBuiltinStatus(t *testing.T) {
	// Ke4 against Ke6: even distances, so the side not to move has the
	// opposition; after 1... Kd6 the file distance is odd, so the side to
	// move has it
	game := `[FEN "8/8/4k3/8/4K3/8/8/B7 w - - 0 1"]

1. Bb2 Kd6 2. Bc3 *`
	whiteOpp := &syntax.Node{Kind: syntax.KOpposition, Int: 1}
	stmOpp := &syntax.Node{Kind: syntax.KOpposition}
	runBuiltCases(t, game, []builtCase{
		{"white king", []*syntax.Node{whiteOpp}, []int32{1, 2}},
		{"side to move's king", []*syntax.Node{stmOpp}, []int32{2, 3}},
		{"flipcolor: either king", []*syntax.Node{cql6Transform(t, "flipcolor", whiteOpp)}, []int32{0, 1, 2, 3}},
		{"white cannot win", []*syntax.Node{&syntax.Node{Kind: syntax.KCannotWin, Int: 1}}, []int32{0, 1, 2, 3}},
		{"black cannot win", []*syntax.Node{&syntax.Node{Kind: syntax.KCannotWin, Int: 2}}, []int32{0, 1, 2, 3}},
		{"mating material", []*syntax.Node{node(syntax.KMatingMaterial)}, nil},
		{"game is over", []*syntax.Node{node(syntax.KGameIsOver)}, []int32{0, 1, 2, 3}},
	})
	// 1. Bxh7 takes Black's last man but the king; 1... Kxh7 White's
	game = `[FEN "8/7p/4k3/8/8/8/4K3/1B6 w - - 0 1"]

1. Bxh7 Kf7 2. Ke3 Kg7 3. Kf4 Kxh7 *`
	runBuiltCases(t, game, []builtCase{
		{"takes the last piece", []*syntax.Node{node(syntax.KTakesLastPiece)}, []int32{0, 5}},
	})
	game = `[FEN "8/8/4k3/8/4K3/8/8/R7 w - - 0 1"]

1. Ra6+ Kd7 *`
	runBuiltCases(t, game, []builtCase{
		{"a rook: White can win", []*syntax.Node{&syntax.Node{Kind: syntax.KCannotWin, Int: 1}}, nil},
		{"flipcolor cannotwin: one side can", []*syntax.Node{cql6Transform(t, "flipcolor", &syntax.Node{Kind: syntax.KCannotWin, Int: 1})}, []int32{0, 1, 2}},
		{"mating material", []*syntax.Node{node(syntax.KMatingMaterial)}, []int32{0, 1, 2}},
		{"game is over", []*syntax.Node{node(syntax.KGameIsOver)}, nil},
	})
}

// cql6Transform wraps a built node in a CQL 6 transform, as the front end
// does for the transforms of a position list.
func cql6Transform(t *testing.T, transform string, body *syntax.Node) *syntax.Node {
	n := cql6(t, transform+" {true}")
	n.Args[0] = body
	return n
}

func TestBuiltinGoodBishop(t *testing.T) {
	// the bishop c1 is on a dark square: Black's a7 b6 g7 are dark (3 of
	// 4), White's a2 b3 e4 light (3 of 4)
	game := `[FEN "4k3/p5p1/1p6/7p/4P3/1P6/P4P2/2B1K3 w - - 0 1"]

1. f3 *`
	good := func(percent int64, lo1, hi1, lo2, hi2 int64) *syntax.Node {
		return &syntax.Node{Kind: syntax.KGoodBishop, Int: percent, Args: []*syntax.Node{cql6(t, "B"),
			builtNumber(lo1), builtNumber(hi1), builtNumber(lo2), builtNumber(hi2)}}
	}
	runBuiltCases(t, game, []builtCase{
		{"counts", []*syntax.Node{good(0, 3, 3, 3, 3)}, []int32{0}},
		// after f2-f3 the f-pawn is on a light square too
		{"counts after f3", []*syntax.Node{good(0, 3, 3, 4, 4)}, []int32{1}},
		{"percentages over 50", []*syntax.Node{good(3, 51, 100, 51, 100)}, []int32{0, 1}},
		{"75 percent exactly", []*syntax.Node{good(1, 75, 75, 0, 1000)}, []int32{0, 1}},
		{"second range too high", []*syntax.Node{good(2, 0, 1000, 80, 100)}, []int32{1}},
		{"its value is the bishop", []*syntax.Node{&syntax.Node{Kind: syntax.KCmp, Str: "==", Args: []*syntax.Node{good(0, 0, 9, 0, 9), cql6(t, "c1")}}}, []int32{0, 1}},
		// 3 of 4 is 75%: not more than 75%, not less
		{"over 75 percent, strictly", []*syntax.Node{good(syntax.GoodBishopPercent1|syntax.GoodBishopStrictLo1, 75, 100, 0, 9)}, nil},
		{"under 75 percent, strictly", []*syntax.Node{good(syntax.GoodBishopPercent1|syntax.GoodBishopStrictHi1, 0, 75, 0, 9)}, nil},
		{"over 74 percent, strictly", []*syntax.Node{good(syntax.GoodBishopPercent1|syntax.GoodBishopStrictLo1, 74, 100, 0, 9)}, []int32{0, 1}},
		// the second range: 3 of 4 own pawns off the colour, then 4 of 4
		{"own pawns under 100 percent, strictly", []*syntax.Node{good(syntax.GoodBishopPercent2|syntax.GoodBishopStrictHi2, 0, 9, 0, 100)}, []int32{0}},
		{"own pawns over 75 percent, strictly", []*syntax.Node{good(syntax.GoodBishopPercent2|syntax.GoodBishopStrictLo2, 0, 9, 75, 100)}, []int32{1}},
		{"a knight is no bishop", []*syntax.Node{&syntax.Node{Kind: syntax.KGoodBishop, Args: []*syntax.Node{cql6(t, "[Nb]"),
			builtNumber(0), builtNumber(9), builtNumber(0), builtNumber(9)}}}, nil},
	})
	// no enemy pawns: 0% of them
	runBuiltCases(t, `[FEN "4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1"]

*`, []builtCase{
		{"over 50 percent of none", []*syntax.Node{good(syntax.GoodBishopPercent1|syntax.GoodBishopStrictLo1, 50, 100, 0, 9)}, nil},
		{"at most 30 percent of none", []*syntax.Node{good(syntax.GoodBishopPercent1, 0, 30, 0, 9)}, []int32{0}},
	})
}

func TestBuiltinClocksAndRepetitions(t *testing.T) {
	game := `[FEN "4k3/8/8/8/8/8/8/4K2R w - - 98 60"]

1. Kf1 Kf8 2. Ke1 Ke8 *`
	runBuiltCases(t, game, []builtCase{
		{"halfmove clock <= 99", []*syntax.Node{compare(node(syntax.KHalfmoveClock), "<=", 99)}, []int32{0, 1}},
		{"fifty-move rule", []*syntax.Node{node(syntax.KFiftyMoveRule)}, []int32{2}},
	})
	// the start position occurs at plies 0, 4 and 8 (the knights go out
	// and back twice); a variation repeats it too but is not the mainline
	game = `1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 (3. Nc3 Nc6 4. Nb1 Nb8) 3... Nf6 4. Ng1 Ng8 5. Nf3 *`
	// pre-order: the mainline is nodes 0..9 (node = ply), the variation
	// 10..13; its last position is the start position a third time
	runBuiltCases(t, game, []builtCase{
		{"threefold", []*syntax.Node{node(syntax.KThreefoldRepetition)}, []int32{8}},
		{"repetition count 3", []*syntax.Node{compare(node(syntax.KRepetitionCount), "==", 3)}, []int32{8, 9, 13}},
		{"repetition count 2", []*syntax.Node{compare(node(syntax.KRepetitionCount), "==", 2)}, []int32{4, 5, 6, 7}},
	})
}

func TestBuiltinEvaluation(t *testing.T) {
	path, err := uci.Find("")
	if err != nil {
		t.Skipf("the engine evaluations need a UCI engine: %v", err)
	}
	ev := &uci.Evaluator{Path: path, Cache: uci.NewCache()}
	defer ev.Close()
	// 1. Ra8# : White mates in one at node 0, Black is mated at node 1
	game := `[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]

1. Ra8# *`
	eval := func(view int64) *syntax.Node {
		return &syntax.Node{Kind: syntax.KEvaluation, Str: "depth", Int2: 4, Int: view}
	}
	cases := []builtCase{
		{"side to move mates", []*syntax.Node{compare(eval(0), ">=", uci.MateValue-1)}, []int32{0}},
		{"side to move is mated", []*syntax.Node{compare(eval(0), "==", -uci.MateValue)}, []int32{1}},
		{"White's view", []*syntax.Node{compare(eval(1), ">=", uci.MateValue-1)}, []int32{0, 1}},
		{"Black's view", []*syntax.Node{compare(eval(2), "<=", -(uci.MateValue - 1))}, []int32{0, 1}},
		{"flipcolor turns White's view into Black's", []*syntax.Node{cql6Transform(t, "flipcolor", compare(eval(1), "<=", -(uci.MateValue-1)))}, []int32{0, 1}},
		// mate in one (99999) to mate (100000) in White's view: +1; none at the start
		{"move evaluation", []*syntax.Node{compare(&syntax.Node{Kind: syntax.KMoveEvaluation, Str: "movetime", Int2: 50, Int: 1}, "==", 1)}, []int32{1}},
	}
	for _, c := range cases {
		if got := builtMatches(t, game, knowledge.Evaluator{Evaluator: ev}, c.body...); !slices.Equal(got, c.want) {
			t.Errorf("%s: matches %v, want %v", c.name, got, c.want)
		}
	}
	// each position and limit is searched once however often it is asked
	if n := ev.Cache.Searches(); n != 4 {
		t.Errorf("%d searches, want 4: two positions, each at depth 4 and for 50ms", n)
	}
}

// Without an engine the evaluation fails and says why, once a game.
func TestBuiltinEvaluationWithoutEngine(t *testing.T) {
	q, err := compileBuilt(t, node(syntax.KEvaluation))
	if err != nil {
		t.Fatal(err)
	}
	if !q.Program.NeedsEngine {
		t.Error("the program does not say it needs an engine")
	}
	g := readGames(t, strings.NewReader("1. e4 e5 *"), "built.pgn", 1)[0]
	m := vm.NewMachine(q.Program)
	var errs []string
	m.Errors = func(s string) { errs = append(errs, s) }
	if got := matches(m, treeOf(g, false)); len(got) != 0 {
		t.Errorf("matches %v without an engine", got)
	}
	if len(errs) != 1 || !strings.Contains(errs[0], "no UCI engine") {
		t.Errorf("errors %q, want one saying there is no engine", errs)
	}
	if q, _ := compileBuilt(t, node(syntax.KOpposition)); q.Program.NeedsEngine {
		t.Error("a program without evaluations needs an engine")
	}
}

// TestPawnCountAgreesWithCQL6: where CQL 6 has a filter for a pawn
// attribute (passedpawns, isolatedpawns, doubledpawns, connectedpawns),
// :pawncount counts the same pawns at every position of sample.pgn.
func TestPawnCountAgreesWithCQL6(t *testing.T) {
	games := gamesFromFile(t, "../testdata/pgn/sample.pgn", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
	for attr, filter := range map[string]string{"passed": "passedpawns", "isolated": "isolatedpawns", "double": "doubledpawns", "connected": "connectedpawns"} {
		count := &syntax.Node{Kind: syntax.KPawnCount, Str: attr, Args: []*syntax.Node{cql6(t, "[Pp]")}}
		// not: the positions where the two counts differ
		differ := &syntax.Node{Kind: syntax.KNot, Args: []*syntax.Node{{Kind: syntax.KCmp, Str: "==", Args: []*syntax.Node{count, cql6(t, "#"+filter)}}}}
		q, err := compileBuilt(t, differ)
		if err != nil {
			t.Fatal(err)
		}
		m := vm.NewMachine(q.Program)
		positions := 0
		for i, g := range games {
			tree := treeOf(g, true)
			positions += len(tree.Nodes)
			if got := matches(m, tree); len(got) > 0 {
				t.Errorf("%s: game %d: %s and %s differ at nodes %v", attr, i+1, attr, filter, got)
			}
		}
		if positions < 500 {
			t.Fatalf("only %d positions compared", positions)
		}
	}
}

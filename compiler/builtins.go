package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// The CQL-S built-ins: kinds with no CQL 6 spelling, built only by the
// old-syntax front end with the fields ast.go documents for each. Their
// chess knowledge is in package positional, their engine access in
// package uci; the ops are in vm/builtins.go. How the old keywords
// lower (R is a range: a comparison, or two, of the number):
//
//	:exchangeevaluation lo hi       R(KExchangeEvaluation), in pawns
//	:maxswapevaluation X Y r        R(KMaxSwapEvaluation{X, Y})
//	:pawncount D ATTRS r            R(KPawnCount{D} Str ATTRS); r% see ast.go
//	:pawncountdifference D ATTRS r  R(KPawnCount{D & A} - KPawnCount{D & a})
//	:opposition [K|k]               KOpposition Int 0, 1 (K) or 2 (k)
//	:goodbishop B r1 : r2           KGoodBishop{B, lo1, hi1, lo2, hi2} Int bits
//	:whitecannotwin, :blackcannot.. KCannotWin Int 1, 2
//	:matingmaterial, :gameisover    KMatingMaterial, KGameIsOver (not: :nomatingmaterial)
//	:halfmoveclocklimit n           KHalfmoveClock <= n (CQL 6's fen reads
//	                                the clocks as 0 1: no rewrite sees them)
//	:fiftymoverule                  KFiftyMoveRule
//	:repetitioncount r              R(KRepetitionCount)
//	:threefoldrepetition            KThreefoldRepetition
//	:takeslastpiece                 KTakesLastPiece
//	:ischess960                     KStartPosition >= 0
//	:startposition N,M              KStartPosition == N or == M
//	:isshufflechess                 KShuffleChess
//	:evaluation ... lo hi mode      R(KEvaluation) in centipawns; Int the view
//	:moveevaluation X Y ...         the move into the position from X to Y,
//	                                and R(KMoveEvaluation)

// checkExchange types :exchangeevaluation (no arguments).
func (c *checker) checkExchange(n *syntax.Node) Type {
	c.needChess(n)
	return TNum
}

func (c *checker) checkMaxSwap(n *syntax.Node) Type {
	c.needChess(n)
	c.expect(n.Args[0], "the moving pieces of :maxswapevaluation", TSet)
	c.expect(n.Args[1], "the target squares of :maxswapevaluation", TSet)
	return TNum
}

// checkPawnCount types :pawncount and reads its attribute chain, whose
// errors point at the node.
func (c *checker) checkPawnCount(n *syntax.Node) Type {
	c.expect(n.Args[0], "the pawns of :pawncount", TSet)
	if !c.needChess(n) {
		return TNum
	}
	if _, err := c.chess.PawnQuery(n.Str); err != nil {
		c.errorf(n, ":pawncount: %v", err)
	}
	return TNum
}

func (c *checker) checkGoodBishop(n *syntax.Node) Type {
	c.needChess(n)
	c.expect(n.Args[0], "the bishops of :goodbishop", TSet)
	for _, b := range n.Args[1:] {
		c.expect(b, "a bound of :goodbishop", TNum)
	}
	return TSet
}

// checkBuiltinColor types the tests that name a colour in Int.
func (c *checker) checkBuiltinColor(n *syntax.Node) Type {
	c.needChess(n)
	if n.Int < 0 || n.Int > 2 || n.Kind == syntax.KCannotWin && n.Int == 0 {
		c.errorf(n, "internal error: colour %d of %s", n.Int, n.Kind)
	}
	return TLog
}

// checkBuiltinTest types the tests without arguments.
func (c *checker) checkBuiltinTest(n *syntax.Node) Type {
	c.needChess(n)
	return TLog
}

// checkBuiltinNumber types the numbers without arguments.
func (c *checker) checkBuiltinNumber(n *syntax.Node) Type {
	c.needChess(n)
	return TNum
}

// needChess reports whether the caller gave the chess knowledge the
// built-ins ask about (Options.Chess), and if not reports it at n.
func (c *checker) needChess(n *syntax.Node) bool {
	if c.chess == nil {
		c.errorf(n, "internal error: %s needs the chess knowledge of compiler.Options.Chess", n.Kind)
		return false
	}
	return true
}

// checkEvaluation types :evaluation and :moveevaluation: the search
// amount must fit the instruction.
func (c *checker) checkEvaluation(n *syntax.Node) Type {
	switch {
	case n.Str != "depth" && n.Str != "movetime":
		c.errorf(n, "internal error: the search of %s is %q, not depth or movetime", n.Kind, n.Str)
	case n.Int2 < 1 || n.Int2 > vm.MaxA:
		c.errorf(n, "the %s of an engine search must be from 1 to %d", n.Str, vm.MaxA)
	case n.Int < 0 || n.Int > 2:
		c.errorf(n, "internal error: view %d of %s", n.Int, n.Kind)
	}
	if c.refuseEngine != "" {
		// the reason is the program's, not the query's: not cut as a
		// quoted name would be (errorf)
		c.errs.Add(c.src, n.Span, "%s asks a chess engine: %s", engineWord(n.Kind), c.refuseEngine)
	}
	c.needEngine = true
	return TNum
}

// engineWord is how a query spells a filter that asks the engine:
// engineeval, or the CQL-S :evaluation, which has no CQL 6 word.
func engineWord(k syntax.Kind) string {
	if w := syntax.KeywordOf(k); w != "" {
		return w
	}
	return ":" + k.String()
}

func (g *gen) genExchange(n *syntax.Node, fail int) {
	g.jump(vm.OpExchange, 0, 0, fail)
}

func (g *gen) genMaxSwap(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	g.value(n.Args[1], fail)
	g.jump(vm.OpMaxSwap, 0, 0, fail)
}

func (g *gen) genPawnCount(n *syntax.Node, fail int) {
	q, err := g.prog.Chess.PawnQuery(n.Str)
	if err != nil {
		g.placeholder(n) // reported by the checker
		return
	}
	g.value(n.Args[0], fail)
	g.emit(vm.OpPawnCount, 0, len(g.prog.PawnQueries), 0)
	g.prog.PawnQueries = append(g.prog.PawnQueries, q)
}

func (g *gen) genGoodBishop(n *syntax.Node, fail int) {
	g.value(n.Args[0], fail)
	for _, b := range n.Args[1:] {
		g.numValue(b, fail)
	}
	var flags uint8
	for bit, flag := range map[int64]uint8{
		syntax.GoodBishopPercent1: vm.BishopPercent1, syntax.GoodBishopPercent2: vm.BishopPercent2,
		syntax.GoodBishopStrictLo1: vm.BishopStrictLo1, syntax.GoodBishopStrictHi1: vm.BishopStrictHi1,
		syntax.GoodBishopStrictLo2: vm.BishopStrictLo2, syntax.GoodBishopStrictHi2: vm.BishopStrictHi2,
	} {
		if n.Int&bit != 0 {
			flags |= flag
		}
	}
	g.emit(vm.OpGoodBishop, flags, 0, 0)
}

// builtinTests are the built-in tests' ops.
var builtinTests = map[syntax.Kind]uint8{
	syntax.KOpposition: vm.BuiltinOpposition, syntax.KCannotWin: vm.BuiltinCannotWin,
	syntax.KMatingMaterial: vm.BuiltinMatingMaterial, syntax.KGameIsOver: vm.BuiltinGameIsOver,
	syntax.KFiftyMoveRule: vm.BuiltinFiftyMoveRule, syntax.KThreefoldRepetition: vm.BuiltinThreefold,
	syntax.KTakesLastPiece: vm.BuiltinTakesLastPiece, syntax.KShuffleChess: vm.BuiltinShuffleChess,
}

func (g *gen) genBuiltinTest(n *syntax.Node, fail int) {
	g.jump(vm.OpBuiltinTest, builtinTests[n.Kind], int(n.Int), fail)
}

func (g *gen) genBuiltinNumber(n *syntax.Node, fail int) {
	what := map[syntax.Kind]uint8{syntax.KHalfmoveClock: vm.BuiltinHalfmoveClock, syntax.KRepetitionCount: vm.BuiltinRepetitionCount,
		syntax.KStartPosition: vm.BuiltinStartPosition}[n.Kind]
	g.emit(vm.OpBuiltinNum, what, 0, 0)
}

func (g *gen) genEvaluation(n *syntax.Node, fail int) {
	x := uint8(n.Int) & vm.EvalView
	if n.Str == "movetime" {
		x |= vm.EvalMoveTime
	}
	if n.Kind == syntax.KMoveEvaluation {
		x |= vm.EvalDifference
	}
	g.jump(vm.OpEvaluate, x, int(n.Int2), fail)
}

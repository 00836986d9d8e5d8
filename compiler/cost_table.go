package compiler

import "github.com/cqlvm/cqlvm/compiler/syntax"

// The cost classes of the kinds of filter: how much work evaluating a
// node of the kind at one position takes, roughly, its operands aside.
// The planner's cheap-first ordering (opt.CheapFirst) tests the cheap
// filters of a conjunction before the costly ones. A class only ever
// decides an order, never an answer: a kind in the wrong class makes
// some queries slower, not wrong, so a kind not listed here is cheap.
type cost uint8

const (
	costCheap  cost = iota // a few operations on the board, the tags or the move just played
	costMoves              // generates the position's moves (mate, move legal, exchanges)
	costLoop               // repeats its body over squares, pieces or values
	costSearch             // walks other positions of the game (find, line, echo) or asks an engine
)

var costNames = [...]string{costCheap: "cheap", costMoves: "moves", costLoop: "loop", costSearch: "search"}

func (c cost) String() string { return costNames[c] }

// kindCost lists the kinds that are not cheap.
var kindCost = map[syntax.Kind]cost{
	syntax.KMate: costMoves, syntax.KStalemate: costMoves, syntax.KPureMate: costMoves,
	syntax.KPureStalemate: costMoves, syntax.KModelMate: costMoves, syntax.KModelStalemate: costMoves,
	syntax.KIdealMate: costMoves, syntax.KIdealStalemate: costMoves, syntax.KLegalFilter: costMoves,
	syntax.KExchangeEvaluation: costMoves, syntax.KMaxSwapEvaluation: costMoves, syntax.KTakesLastPiece: costMoves,
	syntax.KCannotWin: costMoves, syntax.KMatingMaterial: costMoves, syntax.KGameIsOver: costMoves,
	syntax.KRepetitionCount: costMoves, syntax.KThreefoldRepetition: costMoves, syntax.KCountMoves: costMoves,

	syntax.KSquareLoop: costLoop, syntax.KPieceLoop: costLoop, syntax.KElementLoop: costLoop,
	syntax.KLoop: costLoop, syntax.KWhile: costLoop, syntax.KCall: costLoop, syntax.KTransform: costLoop,
	syntax.KOrbit: costLoop, syntax.KDescendant: costLoop, syntax.KAncestor: costLoop, syntax.KAncestry: costLoop,

	syntax.KFind: costSearch, syntax.KEcho: costSearch, syntax.KLine: costSearch, syntax.KPath: costSearch,
	syntax.KConsecutiveMoves: costSearch, syntax.KEvaluation: costSearch, syntax.KMoveEvaluation: costSearch,
	syntax.KSimilarPosition: costSearch, syntax.KReadFile: costSearch, syntax.KHHDB: costSearch,
	syntax.KEngineEval: costSearch,
}

// nodeCost is the class of node n itself: its kind's, or for a move
// filter or dash over generated moves, costMoves.
func nodeCost(n *syntax.Node) cost {
	switch {
	case n.Kind == syntax.KMove && n.Move != nil && (n.Move.Legal || n.Move.PseudoLegal):
		return costMoves
	case n.Kind == syntax.KDash && n.Dash != nil && (n.Dash.Legal || n.Dash.PseudoLegal):
		return costMoves
	}
	return kindCost[n.Kind]
}

// costOf is the class of evaluating n: the highest of its nodes'.
func costOf(n *syntax.Node) cost {
	c := costCheap
	syntax.Walk(n, func(d *syntax.Node) bool {
		c = max(c, nodeCost(d))
		return c < costSearch
	})
	return c
}

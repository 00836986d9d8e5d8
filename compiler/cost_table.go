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
// filter or dash over generated moves, costMoves; the orbit of a
// transform with a few members (flipcolor, flip, rotate90, ...) adds no
// class to theirs: it is at most eight evaluations, while a shift's up
// to 225 make it a loop.
func nodeCost(n *syntax.Node) cost {
	switch {
	case n.Kind == syntax.KOrbit && len(n.Args) <= fewMembers:
		return costCheap
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

// fewMembers is the most members an orbit may have and still add no
// class to theirs.
const fewMembers = 8

// Estimated work of evaluating a node once, in units of a test of the
// board: the planner's order among filters of one class, so that a
// piece test goes before counting attacks. Like the classes, it decides
// an order, never an answer.
const (
	workTest    = 1  // a node that reads a bitboard, a tag or a number
	workAttacks = 16 // attacks, pins, rays: the attack sets of several pieces
	workMoves   = 64 // a node of class costMoves: the position's moves
	workSquares = 64 // a square loop's domain, when not written as a set
	workPieces  = 16 // a piece loop's domain
	workSearch  = 1 << 20
)

// attackWork lists the cheap kinds that work out attack sets.
var attackWork = map[syntax.Kind]bool{
	syntax.KAttacks: true, syntax.KAttackedBy: true, syntax.KPin: true, syntax.KRay: true,
	syntax.KXray: true, syntax.KBetween: true,
}

// workOf estimates the work of evaluating n once: its own, its operands'
// once (an orbit's members are its operands), a loop's body as often as
// it repeats it.
func workOf(n *syntax.Node) int {
	class := nodeCost(n)
	if class == costSearch {
		return workSearch
	}
	own, times := workTest, 1
	switch {
	case class == costMoves:
		own = workMoves
	case attackWork[n.Kind]:
		own = workAttacks
	case n.Kind == syntax.KSquareLoop:
		times = workSquares
	case n.Kind == syntax.KPieceLoop, n.Kind == syntax.KElementLoop, n.Kind == syntax.KLoop,
		n.Kind == syntax.KWhile, n.Kind == syntax.KCall:
		times = workPieces
	}
	body := 0
	for _, c := range syntax.Children(n) {
		body += workOf(c)
	}
	return min(workSearch, own+times*body)
}

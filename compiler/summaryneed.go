package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// The summary need: a condition every game the query can match meets,
// tested on the game's summary in a game store (vm/summary) so that the
// run skips the games that fail it without reading their moves. It is
// derived from the filters the body requires at the matching position:
// each required filter this file understands (a piece count, a ply from
// below, check,
// mate, a promotion, a null move, a castling, a whole board (boardneed.go),
// and the and, or, find and line of such filters) needs some position or move of the game to have a
// property, which the summary records for the positions the search
// visits. Anything else needs nothing (summary.Anything), so the need is
// necessary whatever the query: a game that fails it has no position
// where the body can match.

// summaryNeed sets the program's need, if skipping a game cannot change
// anything but that game's (empty) result: no persistent variables or
// dictionaries, which every game's positions update, and no messages,
// files written or assertions, which every position may print.
func (g *gen) summaryNeed(body []*syntax.Node) {
	if g.prog.HasPersistent() || slices.ContainsFunc(body, printsOrReports) {
		return
	}
	needs := []summary.Need{boardNeed(body)}
	for _, n := range body {
		needs = append(needs, filterNeed(n))
	}
	need := summary.And(needs...)
	if need.Op == summary.Anything || !g.use(opt.SummaryPrune) {
		return
	}
	g.prog.Need = need
}

// printsOrReports reports whether some filter under n may print, write
// a file or stop the run with a report.
func printsOrReports(n *syntax.Node) bool {
	return syntax.Any(n, func(c *syntax.Node) bool { return nodeEffects(c)&(fxMessage|fxReport) != 0 })
}

// filterNeed is what a position where filter n matches needs of the
// game's summary.
func filterNeed(n *syntax.Node) summary.Need {
	switch n.Kind {
	case syntax.KCompound, syntax.KAnd:
		operands := chainOperands(n)
		needs := []summary.Need{boardNeed(operands)}
		for _, a := range operands {
			needs = append(needs, filterNeed(a))
		}
		return summary.And(needs...)
	case syntax.KOr:
		var needs []summary.Need
		for _, a := range chainOperands(n) {
			needs = append(needs, filterNeed(a))
		}
		return summary.Or(needs...)
	case syntax.KFind:
		// a find matches when the body matches at some position of the
		// tree, before or after; all, or a range that may allow none,
		// count instead
		if n.HasRange || n.Flags&syntax.FlagAll != 0 || len(n.Args) != 1 {
			return summary.Need{}
		}
		return filterNeed(n.Args[0])
	case syntax.KLine:
		// a line matches when its pattern does, along positions of the
		// tree
		if n.Seq == nil || n.Seq.Body == nil {
			return summary.Need{}
		}
		return seqNeed(n.Seq.Body)
	case syntax.KCheck:
		return summary.Need{Op: summary.Fact, Flags: summary.Check}
	case syntax.KMate:
		return summary.Need{Op: summary.Fact, Flags: summary.Mate}
	case syntax.KStalemate:
		return summary.Need{Op: summary.Fact, Flags: summary.Stalemate}
	case syntax.KDesig:
		// a set as a filter: not empty
		return countNeed(n, ">=", 1)
	case syntax.KNot:
		// not S, for a set S of the whole board: S is empty
		if n.Args[0].Kind == syntax.KDesig {
			return countNeed(n.Args[0], "==", 0)
		}
	case syntax.KCmp:
		if len(n.Args) != 2 {
			return summary.Need{}
		}
		if k := n.Args[1]; k.Kind == syntax.KNumber {
			return compareNeed(n.Args[0], n.Str, k.Int)
		}
		if k := n.Args[0]; k.Kind == syntax.KNumber {
			return compareNeed(n.Args[1], mirrored[n.Str], k.Int)
		}
	case syntax.KMove:
		return moveNeed(n.Move)
	case syntax.KFen:
		if n.Flags&syntax.FlagAll != 0 { // fen "pattern", not the position's FEN
			return fenBoardNeed(n.Str)
		}
	}
	return summary.Need{}
}

// seqNeed is what a line's pattern needs to match: every constituent of
// a sequence that must occur at least once matches at some position.
func seqNeed(n *syntax.Node) summary.Need {
	switch n.Kind {
	case syntax.KSeqFilter:
		if len(n.Args) == 1 {
			return filterNeed(n.Args[0])
		}
	case syntax.KSeqConcat:
		var needs []summary.Need
		for _, a := range n.Args {
			needs = append(needs, seqNeed(a))
		}
		return summary.And(needs...)
	case syntax.KSeqAlt:
		var needs []summary.Need
		for _, a := range n.Args {
			needs = append(needs, seqNeed(a))
		}
		return summary.Or(needs...)
	case syntax.KSeqRepeat:
		if n.Int >= 1 && len(n.Args) == 1 {
			return seqNeed(n.Args[0])
		}
	}
	return summary.Need{}
}

// mirrored is the operator of a comparison with its sides swapped.
var mirrored = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}

// compareNeed is the need of `x op k` for a number k: a count of pieces
// (countNeed), or the ply bounded from below (some position reaches it).
func compareNeed(x *syntax.Node, op string, k int64) summary.Need {
	if x.Kind != syntax.KPly {
		return countNeed(x, op, k)
	}
	lo := k
	switch op {
	case ">=", "==":
	case ">":
		lo = k + 1
	default:
		return summary.Need{}
	}
	if lo <= 0 {
		return summary.Need{}
	}
	return summary.Need{Op: summary.Ply, Lo: int(min(lo, summary.NoBound))}
}

// countNeed is the need of `S op k` for a piece designator S (or #S):
// some position has a count of S's pieces in the range the comparison
// allows. A designator of some squares only counts at most the pieces
// of the whole board, which bounds the count from above only: its
// ranges keep no upper bound.
func countNeed(n *syntax.Node, op string, k int64) summary.Need {
	if n.Kind == syntax.KCount && len(n.Args) == 1 {
		n = n.Args[0]
	}
	if n.Kind != syntax.KDesig || n.Desig.Pieces&syntax.MaskEmpty != 0 || n.Desig.Pieces == 0 {
		return summary.Need{}
	}
	lo, hi := int64(0), int64(summary.NoBound)
	switch op {
	case ">=":
		lo = k
	case ">":
		lo = k + 1
	case "<=":
		hi = k
	case "<":
		hi = k - 1
	case "==":
		lo, hi = k, k
	default:
		return summary.Need{}
	}
	if n.Desig.Squares != bitboard.Full {
		hi = summary.NoBound
	}
	lo, hi = max(lo, 0), min(hi, summary.NoBound)
	if lo == 0 && hi == summary.NoBound {
		return summary.Need{}
	}
	count := summary.Need{Op: summary.Count, Pieces: uint16(n.Desig.Pieces), Lo: int(lo), Hi: int(hi)}
	return summary.And(count, filePawnsNeed(n.Desig, lo))
}

// pawns are the pawn pieces' bits.
const pawns = syntax.PieceMask(1<<bitboard.WhitePawn | 1<<bitboard.BlackPawn)

// filePawnsNeed is the need of at least lo of the designator d's pieces
// on its squares, when they are pawns and its squares one file: that
// many pawns on one file (summary.FilePawns).
func filePawnsNeed(d syntax.Designator, lo int64) summary.Need {
	if lo < 2 || d.Pieces&^pawns != 0 || d.Pieces == 0 {
		return summary.Need{}
	}
	for f := range 8 {
		if d.Squares == bitboard.Set(0x0101010101010101)<<f {
			return summary.Need{Op: summary.FilePawns, Pieces: uint16(d.Pieces), Lo: int(min(lo, 8))}
		}
	}
	return summary.Need{}
}

// moveNeed is the need of a move filter over the game's moves (not the
// generated ones, nor a count of moves, which may be 0): a promotion to
// one of the types of its promote, a null move, a castling.
func moveNeed(m *syntax.MoveParams) summary.Need {
	if m == nil || m.Legal || m.PseudoLegal || m.Count {
		return summary.Need{}
	}
	var needs []summary.Need
	if p := m.Promote; p != nil && p.Kind == syntax.KTypeNameDesig {
		var mask uint16
		for t := bitboard.Knight; t <= bitboard.Queen; t++ {
			if p.Desig.Pieces.Has(bitboard.MakePiece(bitboard.White, t)) || p.Desig.Pieces.Has(bitboard.MakePiece(bitboard.Black, t)) {
				mask |= 1<<bitboard.MakePiece(bitboard.White, t) | 1<<bitboard.MakePiece(bitboard.Black, t)
			}
		}
		needs = append(needs, summary.Need{Op: summary.Promote, Pieces: mask})
	}
	if m.Null {
		needs = append(needs, summary.Need{Op: summary.Fact, Flags: summary.NullMove})
	}
	if m.OO || m.OOO || m.Castle {
		needs = append(needs, summary.Need{Op: summary.Fact, Flags: summary.Castle})
	}
	return summary.And(needs...)
}

// chainOperands are the operands of n and of the filters of n's kind
// nested in it, in order: a chain of 20,000 ors is one disjunction of
// 20,000 needs, made in linear time, where needs made level by level
// copied the chain's needs at every level.
func chainOperands(n *syntax.Node) []*syntax.Node {
	var out []*syntax.Node
	stack := []*syntax.Node{n}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if top.Kind != n.Kind {
			out = append(out, top)
			continue
		}
		for i := len(top.Args) - 1; i >= 0; i-- {
			stack = append(stack, top.Args[i])
		}
	}
	return out
}

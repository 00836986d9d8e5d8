package compiler

import "github.com/cqlvm/cqlvm/compiler/syntax"

// The effect facts of each kind of filter: what evaluating a node of the
// kind (its operands aside) reads and what it changes. The optimizations
// of compiler/opt rely on them (a find body with no effect that reads
// only the position and variables can be memoised; an echo test with no
// effect can be left out for a target that fails anyway; a condition that
// reads only the game's tags can be tested once per game). Every kind
// must be listed: TestEveryKindHasEffects fails on one that is not, so a
// new kind cannot be taken for pure by default.
type effect uint16

const (
	fxComputes effect = 1 << iota // listed: computes its value from its operands
	fxVar                         // reads a variable
	fxPosition                    // reads the current position's board
	fxTree                        // reads the game tree: moves, other positions, piece identities
	fxGame                        // reads the game's tags or number
	// fxState reads what is neither a variable, the position, the tree
	// nor the game: regular-expression groups, dictionaries, the path
	// under way, the castling view of a move, a file, an engine
	fxState
	fxAssign  // binds, assigns or unbinds a variable or a dictionary entry
	fxComment // adds or removes comments, tags or sort values (output)
	fxMessage // prints, or reads or writes a file
	fxGroups  // sets the regular-expression groups
	fxReport  // may stop the run with a report
)

// fxEffects are the effects proper: leaving a filter without them
// unevaluated, or evaluating it once more, changes nothing but time.
const fxEffects = fxAssign | fxComment | fxMessage | fxGroups | fxReport

// kindEffects is the table of effect facts, indexed by kind.
var kindEffects = [syntax.NumKinds]effect{
	// literals and pure computation
	syntax.KNumber: fxComputes, syntax.KString: fxComputes, syntax.KTrue: fxComputes, syntax.KFalse: fxComputes,
	syntax.KEmptySet: fxComputes, syntax.KCompound: fxComputes, syntax.KAnd: fxComputes, syntax.KOr: fxComputes,
	syntax.KNot: fxComputes, syntax.KIf: fxComputes, syntax.KNoTransform: fxComputes,
	syntax.KUnion: fxComputes, syntax.KInter: fxComputes, syntax.KMinus: fxComputes, syntax.KCompl: fxComputes,
	syntax.KCount: fxComputes, syntax.KIn: fxComputes, syntax.KPlus: fxComputes, syntax.KTimes: fxComputes,
	syntax.KDiv: fxComputes, syntax.KMod: fxComputes, syntax.KNeg: fxComputes, syntax.KCmp: fxComputes,
	syntax.KAbs: fxComputes, syntax.KSqrt: fxComputes, syntax.KMax: fxComputes, syntax.KMin: fxComputes,
	syntax.KDirection: fxComputes, syntax.KLight: fxComputes, syntax.KDark: fxComputes,
	syntax.KMakeSquare: fxComputes, syntax.KRank: fxComputes, syntax.KFile: fxComputes,
	syntax.KStrIndex: fxComputes, syntax.KSlice: fxComputes, syntax.KStr: fxComputes, syntax.KLower: fxComputes,
	syntax.KUpper: fxComputes, syntax.KInt: fxComputes, syntax.KAscii: fxComputes, syntax.KIndexOf: fxComputes,
	syntax.KTypeNameDesig: fxComputes, syntax.KIsBound: fxVar, syntax.KIsUnbound: fxVar, syntax.KVar: fxVar,
	syntax.KFuncDef: fxComputes, // defines; the calls are inlined

	// the board
	syntax.KDesig: fxPosition, syntax.KAttacks: fxPosition, syntax.KAttackedBy: fxPosition,
	syntax.KArrowChain: fxPosition, syntax.KBetween: fxComputes, syntax.KPin: fxPosition, syntax.KRay: fxPosition,
	syntax.KXray: fxPosition, syntax.KPower: fxPosition, syntax.KType: fxPosition, syntax.KColorType: fxPosition,
	syntax.KPieceName: fxPosition, syntax.KTypeName: fxPosition, syntax.KPassedPawns: fxPosition,
	syntax.KIsolatedPawns: fxPosition, syntax.KDoubledPawns: fxPosition, syntax.KConnectedPawns: fxPosition,
	syntax.KWtm: fxPosition, syntax.KBtm: fxPosition, syntax.KSideToMove: fxPosition, syntax.KWhite: fxComputes,
	syntax.KBlack: fxComputes, syntax.KCheck: fxPosition, syntax.KMate: fxPosition, syntax.KStalemate: fxPosition,
	syntax.KPureMate: fxPosition, syntax.KPureStalemate: fxPosition, syntax.KModelMate: fxPosition,
	syntax.KModelStalemate: fxPosition, syntax.KIdealMate: fxPosition, syntax.KIdealStalemate: fxPosition,
	syntax.KFen: fxPosition, syntax.KLegalFilter: fxPosition | fxTree,
	syntax.KExchangeEvaluation: fxPosition, syntax.KMaxSwapEvaluation: fxPosition, syntax.KPawnCount: fxPosition,
	syntax.KOpposition: fxPosition, syntax.KGoodBishop: fxPosition, syntax.KCannotWin: fxPosition,
	syntax.KMatingMaterial: fxPosition, syntax.KTakesLastPiece: fxPosition | fxTree,
	syntax.KHalfmoveClock: fxPosition, syntax.KFiftyMoveRule: fxPosition,

	// the game tree: moves, other positions, piece identities
	syntax.KInitial: fxTree, syntax.KTerminal: fxTree, syntax.KMainline: fxTree, syntax.KVariation: fxTree,
	syntax.KVirtualMainline: fxTree, syntax.KTry: fxTree, syntax.KPly: fxTree, syntax.KMoveNumber: fxTree,
	syntax.KPositionId: fxTree, syntax.KDepth: fxTree, syntax.KPieceId: fxTree, syntax.KColon: fxTree,
	syntax.KCurrentPosition: fxTree, syntax.KInitialPosition: fxTree, syntax.KParent: fxTree, syntax.KChild: fxTree,
	syntax.KPosition: fxTree, syntax.KLca: fxTree, syntax.KAncestor: fxTree, syntax.KDescendant: fxTree,
	syntax.KDistance: fxTree, syntax.KAncestry: fxTree, syntax.KMove: fxTree, syntax.KDash: fxTree,
	syntax.KCountMoves: fxTree, syntax.KCurrentMove: fxTree, syntax.KCastle: fxTree, syntax.KOO: fxTree,
	syntax.KOOO: fxTree, syntax.KEnPassant: fxTree, syntax.KEnPassantSquare: fxTree, syntax.KNullMove: fxTree,
	syntax.KPrimary: fxTree, syntax.KSecondary: fxTree, syntax.KHasNAG: fxTree, syntax.KOriginalComment: fxTree,
	syntax.KGameIsOver: fxTree, syntax.KRepetitionCount: fxTree, syntax.KThreefoldRepetition: fxTree,
	syntax.KStartPosition: fxTree, syntax.KShuffleChess: fxTree,
	// the castling view the last dash chose
	syntax.KFrom: fxTree | fxState, syntax.KTo: fxTree | fxState,

	// the game
	syntax.KGameNumber: fxGame, syntax.KLastGameNumber: fxGame, syntax.KYear: fxGame, syntax.KElo: fxGame,
	syntax.KResult: fxGame, syntax.KPlayer: fxGame, syntax.KTagValue: fxGame, syntax.KHHDB: fxGame | fxTree,

	// searches: they comment where they match (unless quiet) and bind
	syntax.KFind:             fxTree | fxComment,
	syntax.KEcho:             fxTree | fxComment | fxAssign,
	syntax.KLine:             fxTree | fxComment,
	syntax.KPath:             fxTree | fxComment,
	syntax.KConsecutiveMoves: fxTree | fxComment,
	syntax.KSeqFilter:        fxTree, syntax.KSeqConcat: fxTree, syntax.KSeqAlt: fxTree, syntax.KSeqRepeat: fxTree,
	syntax.KSeqDash:   fxTree,
	syntax.KPathCount: fxState, syntax.KPathCountUnfocused: fxState, syntax.KPathStart: fxState,
	syntax.KPathLastPosition: fxState,

	// variables, loops, dictionaries
	syntax.KAssign: fxAssign, syntax.KPieceAssign: fxAssign | fxTree, syntax.KPersistent: fxAssign | fxState,
	syntax.KUnbind: fxAssign, syntax.KSquareLoop: fxAssign, syntax.KPieceLoop: fxAssign | fxTree,
	syntax.KLoop: fxReport, syntax.KWhile: fxReport, syntax.KDictIndex: fxState, syntax.KDictDecl: fxAssign | fxState,
	syntax.KElementLoop: fxAssign | fxState,
	// a call not inlined: anything
	syntax.KCall: fxEffects | fxState | fxTree | fxPosition | fxGame | fxVar,

	// strings and regular expressions
	syntax.KRegex: fxGroups, syntax.KGroup: fxState,

	// transforms (expanded before code generation)
	syntax.KTransform: fxComputes, syntax.KOrbit: fxComputes, syntax.KCurrentTransform: fxComputes,

	// output and other effects
	syntax.KComment: fxComment, syntax.KSort: fxComment | fxAssign, syntax.KMessage: fxMessage,
	syntax.KSetTag: fxComment, syntax.KRemoveTag: fxComment, syntax.KRemoveComment: fxComment,
	syntax.KAssert: fxReport, syntax.KReadFile: fxMessage | fxState, syntax.KWriteFile: fxMessage,
	syntax.KSimilarPosition: fxComment | fxState | fxPosition,
	syntax.KEvaluation:      fxState | fxPosition, syntax.KMoveEvaluation: fxState | fxTree,
	syntax.KQuiet: fxEffects | fxState,

	// annotation commands of the moves' comments, and an engine
	syntax.KEval: fxTree, syntax.KEvalMate: fxTree, syntax.KClock: fxTree, syntax.KEmt: fxTree,
	syntax.KEngineEval:  fxState | fxPosition,
	syntax.KVariantName: fxPosition, syntax.KCheckCount: fxPosition, syntax.KInHand: fxPosition, syntax.KDrop: fxTree,
}

// nodeEffects is what node n itself (its operands aside) reads and does:
// its kind's facts, with those its fields add.
func nodeEffects(n *syntax.Node) effect {
	fx := kindEffects[n.Kind]
	if n.Kind == syntax.KMove && (n.Move == nil || n.Move.Comment != nil) {
		fx |= fxComment
	}
	if (n.Kind == syntax.KLine || n.Kind == syntax.KPath) && n.Flags&syntax.FlagNestBan != 0 {
		// a match records its positions, which later matches may not
		// use again: state that outlives the filter, as an assignment
		fx |= fxAssign
	}
	return fx
}

// effectsOf is what evaluating n reads and does, operands included.
func effectsOf(n *syntax.Node) effect {
	var fx effect
	syntax.Walk(n, func(c *syntax.Node) bool {
		fx |= nodeEffects(c)
		return true
	})
	return fx
}

// pureTest reports whether evaluating n changes nothing: no assignment,
// comment, message, regular-expression groups or report, so that leaving
// it unevaluated where the filter it is part of fails anyway, or
// evaluating it once more, changes nothing but time.
func pureTest(n *syntax.Node) bool { return effectsOf(n)&fxEffects == 0 }

// memoTest reports whether n is a pure test whose value is a function of
// the position it is evaluated at (with its tree and game) and of the
// variables it reads: evaluated again there with the same variables, it
// gives the same answer, so it may be remembered.
func memoTest(n *syntax.Node) bool { return effectsOf(n)&(fxEffects|fxState) == 0 }

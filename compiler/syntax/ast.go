package syntax

import (
	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/source"
)

// Kind is the kind of an AST node.
type Kind uint16

// Node kinds. Comments give the meaning of the fields each kind uses.
const (
	KBad Kind = iota

	// Literals and constants.
	KNumber   // Int
	KString   // Str
	KDesig    // Desig: piece designator (a set of squares)
	KTrue     //
	KFalse    //
	KGroup    // Int: regex group reference \n; Flags&FlagOffset: its offset \-n
	KEmptySet // [] when written as a literal

	// Logic and structure.
	KCompound // Args: constituents
	KAnd      // Args[0] and Args[1]
	KOr       // Args[0] or Args[1]
	KNot      // not Args[0]
	KIf       // Args: test, then [, else]
	KColon    // Args[0]:Args[1] (evaluate Args[1] at position Args[0])
	KNoTransform
	KAssert

	// Sets and arithmetic.
	KUnion      // Args[0] | Args[1]
	KInter      // Args[0] & Args[1]
	KMinus      // Args[0] - Args[1]: set difference or numeric subtraction
	KCompl      // ~Args[0]
	KCount      // #Args[0]: set size, string length or dictionary size
	KIn         // Args[0] in Args[1]
	KAttacks    // Args[0] attacks Args[1]
	KAttackedBy // Args[0] attackedby Args[1]
	KArrowChain // Args: x1 -> x2 -> ... -> xn (n >= 3); Flags&FlagBackward: x1 <- x2 <- ... <- xn
	KPlus       // Args[0] + Args[1]: addition or string concatenation
	KTimes      // *
	KDiv        // /
	KMod        // %
	KNeg        // unary -
	KCmp        // Args[0] Op Args[1]; Str holds the operator ("<", "==", ...)
	KAbs
	KSqrt
	KMax // Args
	KMin // Args

	// Position status and game facts (no arguments unless stated).
	KWtm
	KBtm
	KCheck
	KMate
	KStalemate
	KInitial
	KTerminal
	KMainline
	KVariation
	KVirtualMainline
	KTry
	KPureMate
	KPureStalemate
	KModelMate
	KModelStalemate
	KIdealMate
	KIdealStalemate
	KLegalFilter // Flags: legal / pseudolegal as a stand-alone set? (reserved)
	KSideToMove
	KWhite // value 1
	KBlack // value -1
	KPly
	KMoveNumber
	KPositionId
	KDepth
	KGameNumber
	KLastGameNumber
	KYear
	KElo       // Int: 0 the higher of the two ratings, 1 white, 2 black
	KResult    // Str: "1-0", "0-1", "1/2-1/2"
	KPlayer    // Int: 0 either, 1 white, 2 black
	KTagValue  // Str: tag name (event, site, date, eventdate, eco, tag "X")
	KFen       // Str: FEN to compare with; empty = value of the current FEN
	KSetTag    // Args: name, value
	KRemoveTag // Args: name
	KOriginalComment
	KHasNAG // Int: the move into the current position carries NAG $Int
	// KSimilarPosition: Str the submissions file; FlagAll: notransform
	KSimilarPosition
	KRemoveComment
	KHHDB // Str: the hhdb keyword (HHDBKeywords)

	// Geometry.
	KDirection // Dirs, Int/Int2: range (HasRange), Args[0]
	KLight     // Args[0]
	KDark      // Args[0]
	KBetween   // Args[0], Args[1]
	KPin       // Args: from, through, to (nil if absent); Int: index of first written (0 from 1 through 2 to)
	KRay       // Dirs (0 = all), Flags&FlagAttack for `ray attack`, Args
	KXray      // Args
	KMakeSquare
	KPower
	KRank
	KFile
	KType
	KColorType
	KPieceName
	KTypeName
	KPieceId
	KPassedPawns
	KIsolatedPawns
	KDoubledPawns
	KConnectedPawns

	// Variables, functions and loops.
	KVar         // Str: name
	KAssign      // Args[0] (KVar), Args[1]; Str: "=", "+=", ..., "|=", "&=", "=?"
	KPieceAssign // piece x = Args[1]
	KPersistent  // Args[0]: assignment or variable; Flags: quiet
	KUnbind      // Args[0]
	KIsBound     // Args[0]
	KIsUnbound   // Args[0]
	KSquareLoop  // Str: var; Args: set, body; Flags: all
	KPieceLoop   // Str: var; Args: set, body; Flags: all
	KFuncDef     // Str: name; Params; Args[0]: body
	KCall        // Str: name; Args
	KLoop        // Args[0]
	KWhile       // Args: test, body
	KDictIndex   // Args: dictionary var, key
	KDictDecl    // Str: name; Flags: local/persistent; Args[0]: optional first assignment D[k] = v
	KElementLoop // Str: var; Args: dictionary, body (string k in D)

	// Strings.
	KStrIndex // Args: string, index
	KSlice    // Args: string, from, to (nil = end)
	KRegex    // Args[0] ~~ Args[1] (a string literal)
	KStr      // Args
	KLower
	KUpper
	KInt
	KAscii
	KIndexOf
	KTypeNameDesig // typename designator in =T or ="RBN": Pieces

	// Positions and navigation.
	KCurrentPosition
	KInitialPosition
	KParent
	KChild    // Args[0] optional index
	KPosition // Args[0]: position id
	KFind     // Args[0] body; Flags: backward/all/quiet; HasRange
	KEcho     // Params: source, target names; Args[0] body; Flags: quiet, inall
	KLca      // Args: x, y
	KAncestor
	KDescendant
	KDistance
	KConsecutiveMoves // Args: x, y; HasRange; Flags: quiet
	KAncestry         // Str: "[<]" ...; Args

	// Moves.
	KMove            // MoveParams
	KDash            // Dash
	KCountMoves      // Args[0]: a dash
	KCurrentMove     // Args[0]: a dash, tested against the move into this position
	KFrom            // from (the move into this position)
	KTo              // to
	KCastle          // castle
	KOO              // o-o
	KOOO             // o-o-o
	KEnPassant       // enpassant
	KEnPassantSquare // enpassantsquare
	KNullMove        // nullmove
	KPrimary         // primary
	KSecondary       // secondary
	KLine            // Seq
	KPath            // Seq
	KSeqFilter       // a line/path constituent wrapping one filter
	KSeqConcat       // Args
	KSeqAlt          // Args (path only, via |)
	KSeqRepeat       // Args[0]; Int, Int2 (Int2 < 0 = unbounded)
	KSeqDash         // path step: Args[0] a KDash
	KPathCount       // pathcount
	KPathCountUnfocused
	KPathStart        // the start of the path being searched, or of the last matching one
	KPathLastPosition // the last position of the last matching path
	KCurrentTransform //
	KTransform        // Transform: TKind; Args[0] body; Flags: count; HasRange
	KOrbit            // an expanded transform: Args are the distinct members; Flags: count; HasRange

	// Output.
	KSort    // Str: doc; Flags: min/quiet; Args[0]
	KComment // Args
	KMessage // Args; Flags: quiet
	KQuiet   // quiet as a body-level filter (reserved)
	KReadFile
	KWriteFile

	// CQL-S built-ins. CQL 6 has no spelling for them: the old-syntax
	// front end (the reader of `(match (position ...))`) builds them, with
	// exactly the fields each comment gives; kinds.go names the CQL-S
	// keywords each stands for. "The next move" is the move from the
	// current position to its first child in the searched tree (CQL-S's
	// move keywords look at the move about to be played).

	// KExchangeEvaluation: no fields. Number: the static exchange
	// evaluation, in pawns, of the next move (:exchangeevaluation); fails
	// when there is none or it captures nothing.
	KExchangeEvaluation
	// KMaxSwapEvaluation: Args[0] the moving pieces, Args[1] the target
	// squares (sets). Number: the best static exchange evaluation, in
	// pawns, of a legal move from Args[0] to Args[1], the colours of the
	// pieces of Args[0] asked as if each were to move
	// (:maxswapevaluation); fails when there is no such move.
	KMaxSwapEvaluation
	// KPawnCount: Args[0] the pawns (a set: the designator), Str the
	// attribute chain as written ("double!-forefront-duo",
	// "!inside-passed-files"). Number: the count the chain gives
	// (:pawncount). A percentage range refers to the pawns of the
	// designator (the seed's examples: "[a-d?] blocked! >=50%" is half
	// the queen-side pawns, and never holds without any): write it
	// `#(D & [Pp]) > 0 and 100 * count >= 50 * #(D & [Pp])`.
	// :pawncountdifference D ATTRS is the count of D & A less that of
	// D & a; with two designators, the first's less the second's.
	KPawnCount
	// KOpposition: Int 0 the king of the side to move, 1 White's king,
	// 2 Black's. Test: that king has the opposition (:opposition [K|k]).
	KOpposition
	// KGoodBishop: Args[0] the bishops (a set); Args[1], Args[2] the low
	// and high bound of the enemy pawns on the bishop's square colour,
	// Args[3], Args[4] those of the own pawns on the other colour
	// (numbers; an open bound is a large number); Int the GoodBishop*
	// bits: which range is a percentage (of all enemy pawns, of all own
	// pawns; none is 0%) and which bound is strict (>50% is low bound 50,
	// strict). Set: the bishops of Args[0] within both ranges
	// (:goodbishop).
	KGoodBishop
	// KCannotWin: Int 1 White, 2 Black. Test: that side has a bare king
	// or a king and one minor piece (:whitecannotwin, :blackcannotwin).
	KCannotWin
	// KMatingMaterial: no fields. Test: either side can still mate
	// (:matingmaterial).
	KMatingMaterial
	// KGameIsOver: no fields. Test: mate, stalemate or no mating
	// material (:gameisover).
	KGameIsOver
	// KHalfmoveClock: no fields. Number: the half-move clock of the
	// position (:halfmoveclocklimit n is KHalfmoveClock <= n).
	KHalfmoveClock
	// KFiftyMoveRule: no fields. Test: the first mainline position whose
	// half-move clock reaches 100 (:fiftymoverule).
	KFiftyMoveRule
	// KRepetitionCount: no fields. Number: how often the position (board,
	// side to move, castling and en-passant rights) has occurred on the
	// way from the start, this time included (:repetitioncount).
	KRepetitionCount
	// KThreefoldRepetition: no fields. Test: the first mainline position
	// that occurs for the third time (:threefoldrepetition).
	KThreefoldRepetition
	// KEvaluation: Str "depth" or "movetime", Int2 the plies or the
	// milliseconds, Int the view: 0 the side to move's, 1 White's
	// (absolute), 2 Black's (absolute under a colour flip). Number: the
	// engine's score in centipawns; a mate in n moves is 100000-n, being
	// mated in n is -(100000-n), so any mate found is beyond ±90000
	// (:evaluation: its bounds in pawns times 100, unlimited ones left
	// out; its mate form "depth d mate", a mate within d plies either
	// way, is abs(score) >= 100000 - (d+1)/2). It fails when the engine
	// cannot give a score (the run's diagnostics say why).
	KEvaluation
	// KMoveEvaluation: the fields of KEvaluation. Number: the score of
	// the position less that of its parent, both in the view Int (the
	// side to move's view is the current position's) (:moveevaluation;
	// its two designators test the move into the position); fails at the
	// start.
	KMoveEvaluation
	// KTakesLastPiece: no fields. Test: the next move captures the last
	// man the opponent has besides its king (:takeslastpiece, an
	// antichess keyword the seed lists but does not describe: this is
	// its reading in standard chess, where the king is never taken).
	KTakesLastPiece
	// KStartPosition: no fields. Number: the standard (Scharnagl) number,
	// 0 to 959, of the game's start position when it is a Chess960 start
	// position (518 the standard one), else -1 (:ischess960 is
	// KStartPosition >= 0; :startposition N,M is == N or == M).
	KStartPosition
	// KShuffleChess: no fields. Test: the game starts from a shuffle-chess
	// position: the pawns on their ranks, each side's eight pieces on its
	// back rank in any order, Black's mirroring White's, White to move
	// (:isshufflechess; every Chess960 start is one).
	KShuffleChess

	// The annotation filters, cqlvm extensions of CQL 6 (parse_annotations.go).
	// Int is the view (ViewNatural, ViewWhite, ViewBlack, ViewSideToMove).

	// KEval: Number: the [%eval] of the move into the position, in
	// centipawns from the view's side (ViewWhite by default); a mate in n
	// is 100000-n, being mated in n -(100000-n). Fails without one.
	KEval
	// KEvalMate: Number: the n of an [%eval #n], the moves to mate,
	// positive when the view's side mates (ViewWhite by default); fails
	// when the evaluation is not a mate or there is none.
	KEvalMate
	// KClock: Number: the remaining time in seconds of [%clk]: by default
	// (ViewNatural) of the side that just moved, from the comment of the
	// move into the position; with a colour, of that side, from this
	// move's comment or the one before; with ViewSideToMove, from the
	// one before. Fails without one.
	KClock
	// KEmt: Number: the seconds of [%emt], the time the move took, with
	// the views of KClock.
	KEmt
	// KEngineEval: Str "depth" or "movetime", Int2 the plies or the
	// milliseconds, Int the view (ViewWhite by default). Number: a UCI
	// engine's score, counted as KEvaluation's; fails when the engine
	// cannot give one.
	KEngineEval

	// The variant filters, cqlvm extensions of CQL 6 (parse_variants.go).

	// KVariantName: String: the game's variant as Lichess names it
	// ("Standard", "Chess960", "Crazyhouse", "Atomic", ...).
	KVariantName
	// KCheckCount: Number: the checks the view's side has given so far
	// (Three-check; 0 in other variants). Int the view; ViewNatural is
	// the side that just moved.
	KCheckCount
	// KInHand: String: the pieces in hand (Crazyhouse) as FEN letters,
	// White's upper case first. Int the view; ViewNatural is both sides'.
	KInHand
	// KDrop: Set: the square the move into the position dropped a piece
	// on; fails where that move is not a drop.
	KDrop

	NumKinds // the number of kinds: not a kind, it ends the list
)

// Views of the annotation filters (Node.Int): whose side a value is
// from. A colour flip swaps ViewWhite and ViewBlack.
const (
	ViewNatural    = 0 // the command's own: the mover's clock
	ViewWhite      = 1
	ViewBlack      = 2
	ViewSideToMove = 3
)

// Flag bits used by several kinds.
const (
	FlagQuiet uint32 = 1 << iota
	FlagAll
	FlagBackward
	FlagMin
	FlagInAll
	FlagCount
	FlagAttack
	FlagLocal
	FlagPersistent
	FlagFirstMatch
	FlagLastPosition
	FlagNestBan
	FlagPrimary
	FlagSecondary
	FlagSingleColor
	FlagLegal
	FlagPseudoLegal
	FlagCapture
	FlagMax
	FlagKeepAllBest
	FlagPieceVar // assignment declares a piece variable ([Aa]x = ...)
	FlagExplicitMax
	FlagOffset // KGroup: \-n, the offset of group n rather than its text
)

// The bits of KGoodBishop's Int.
const (
	GoodBishopPercent1  int64 = 1 << iota // the first range is a percentage
	GoodBishopPercent2                    // the second range is a percentage
	GoodBishopStrictLo1                   // > rather than >= the first low bound
	GoodBishopStrictHi1                   // < rather than <= the first high bound
	GoodBishopStrictLo2
	GoodBishopStrictHi2
)

// Dir is the direction set of KDirection and KRay; the bits are
// bitboard's, their single owner.
type Dir = bitboard.Dir

// The direction bits, under the names the parser and compiler use.
const (
	DirUp         = bitboard.DirUp
	DirDown       = bitboard.DirDown
	DirLeft       = bitboard.DirLeft
	DirRight      = bitboard.DirRight
	DirNE         = bitboard.DirNE
	DirNW         = bitboard.DirNW
	DirSE         = bitboard.DirSE
	DirSW         = bitboard.DirSW
	DirVertical   = bitboard.DirVertical
	DirHorizontal = bitboard.DirHorizontal
	DirOrthogonal = bitboard.DirOrthogonal
	DirDiagonal   = bitboard.DirDiagonal
	DirMainDiag   = bitboard.DirMainDiag
	DirOffDiag    = bitboard.DirOffDiag
	DirAny        = bitboard.DirAny
)

// TransformKind names a transform keyword.
type TransformKind uint8

const (
	TFlipColor TransformKind = iota + 1
	TReverseColor
	TFlip
	TFlipVertical
	TFlipHorizontal
	TRotate90
	TRotate45
	TShift
	TShiftHorizontal
	TShiftVertical
	// the CQL-S transforms CQL 6 cannot spell (OldTransformNames): only
	// the old-syntax front end builds them
	TFlipDiagonal
	TShiftDiagonal
	TShiftMainDiagonal
	TShiftOffDiagonal
)

// OldTransformNames are the CQL-S keywords of the transforms that have no
// CQL 6 spelling.
var OldTransformNames = map[TransformKind]string{
	TFlipDiagonal:      ":flipdiagonal",
	TShiftDiagonal:     ":shiftdiagonal",
	TShiftMainDiagonal: ":shiftmaindiagonal",
	TShiftOffDiagonal:  ":shiftoffdiagonal",
}

// MoveParams are the parameters of the `move` filter.
type MoveParams struct {
	From, To, Capture, Promote, EnPassantSquare *Node
	Comment                                     *Node
	First                                       string // first of from/to/capture written: its value is the filter's value
	Previous, Legal, PseudoLegal, Count         bool
	EnPassant, Null, Primary, Secondary         bool
	OO, OOO, Castle                             bool
}

// Dash is a `F--G=T(targets)` filter.
type Dash struct {
	Left, Right *Node       // nil: all squares
	Promote     *Node       // typename designator, or a string filter (P--=T); nil if absent
	Targets     []*Node     // filters evaluated in the position after the move
	Capture     bool        // [x]
	Legal       bool        // legal prefix
	PseudoLegal bool        // pseudolegal prefix
	DashSpan    source.Span // the -- or [x] token
}

// Seq holds the parameters of `line` and `path`.
type Seq struct {
	Backward     bool  // <--
	Focus        *Node // path focus set
	FocusCapture bool
	Max          *Node // path max filter
	Title        string
	Body         *Node // the pattern (KSeq* nodes)
}

// Node is one AST node. The parser uses one struct for every kind: most
// kinds need only Args, and one shape keeps transforms and printers small.
type Node struct {
	Kind     Kind
	Span     source.Span
	Args     []*Node
	Str      string
	Int      int64
	Int2     int64
	HasRange bool
	// Bounds are the range's bounds [lo, hi] when one of them is a numeric
	// variable (KVar or KNumber nodes); with constant bounds, Int and Int2.
	// A single bound stands for both: Bounds[1] is Bounds[0], one node
	// (Walk visits it once; Rewrite and Clone keep it shared).
	Bounds []*Node
	Flags  uint32
	Desig  Designator
	Dirs   Dir
	TKind  TransformKind
	Params []string
	Move   *MoveParams
	Dash   *Dash
	Seq    *Seq
}

// String is the designator's squares, as a square set is written.
func (d Designator) String() string { return d.Squares.String() }

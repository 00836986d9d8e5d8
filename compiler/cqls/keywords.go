package cqls

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// keyword is one keyword of the old language: what follows it, how it is
// lowered to CQL 6 nodes, and its `cqlvm help` line; status says, for a
// keyword cqlvm cannot run, why (for `cqlvm help`).
type keyword struct {
	shape  shape
	lower  lowerFunc
	help   string
	status string
}

// entry is the entry of a keyword cqlvm runs.
func entry(sh shape, lower lowerFunc, help string) keyword {
	return keyword{sh, lower, help, ""}
}

// refused is the entry of a keyword cqlvm cannot give a meaning; why says
// why, in the error and in `cqlvm help`.
func refused(sh shape, why, help string) keyword {
	return keyword{sh, refuse(why), help, "cqlvm cannot run it: " + why}
}

// lowerFunc adds to the position list l the CQL 6 meaning of a keyword
// with arguments a (or records what applies to the whole list).
type lowerFunc func(p *parser, l *plist, a *args)

// positionKeywords is the one table of the position-list keywords: every
// keyword of the CQL-S manual's index. Each is lowered to nodes of
// existing CQL 6 kinds where CQL 6 has an equivalent or a rewrite, or
// to a CQL-S built-in (entry); the keywords that cannot have a meaning
// here (refused) still read all their arguments, so the query's syntax
// is checked, and then stop with an error that says why.
var positionKeywords map[string]keyword

// buildTables builds the keyword tables, once, when the old language is
// first read or listed: most runs never read it, and a table built by a
// package initializer is built by every start of cqlvm.
var buildTables = sync.OnceFunc(func() {
	buildPositionKeywords()
	buildMatchKeywords()
	buildRelationKeywords()
})

func buildPositionKeywords() {
	positionKeywords = map[string]keyword{
		// logic
		":and":  entry(shLists, lowerAnd, "(position :and ((position ...) ...)): every sub-list matches"),
		":or":   entry(shLists, lowerOr, "(position :or ((position ...) ...)): some sub-list matches"),
		":xor":  entry(shLists, lowerXor, "(position :xor ((position ...) ...)): exactly one sub-list matches"),
		":not":  entry(shOptList, lowerNot, ":not (position ...) negates the sub-list; a bare :not negates the list it stands in"),
		":cond": entry(shLists, lowerCond, ":cond ((position C1) (position E1) ...): E of the first matching C decides; (position) as last C is the default"),

		// simple keywords
		":wtm":                 entry(shNone, test(syntax.KWtm), "White is to move"),
		":btm":                 entry(shNone, test(syntax.KBtm), "Black is to move"),
		":check":               entry(shNone, test(syntax.KCheck), "the side to move is in check"),
		":nocheck":             entry(shNone, negated(syntax.KCheck), "old spelling of !:check"),
		":mate":                entry(shNone, test(syntax.KMate), "the side to move is mated"),
		":stalemate":           entry(shNone, test(syntax.KStalemate), "the side to move is stalemated"),
		":initial":             entry(shNone, test(syntax.KInitial), "the first position of the game"),
		":terminal":            entry(shNone, test(syntax.KTerminal), "the last position of the game"),
		":final":               entry(shNone, test(syntax.KTerminal), "the last position of the game (same as :terminal)"),
		":insidevariation":     entry(shNone, test(syntax.KVariation), "the position is inside a variation"),
		":variations":          entry(shNone, lowerVariations, "search the variations too (header variations)"),
		":variationsonly":      entry(shNone, lowerVariationsOnly, "search only inside variations"),
		":doublecheck":         entry(shNone, rewrite(doubleCheck), "the side to move is in double check"),
		":contactcheck":        entry(shNone, rewrite(contactCheck), "a check that cannot be blocked (knight, adjacent checker, or double check)"),
		":fen":                 entry(shString, lowerFen, `:fen "FEN": the board (and side to move) of FEN`),
		":castling":            entry(shDesig, lowerCastling, "castling rights: K, Q (White king/queen side), k, q; [KQ] is exactly one of them"),
		":fiftymoverule":       entry(shNone, test(syntax.KFiftyMoveRule), "the first mainline position whose halfmove clock reaches 100"),
		":halfmoveclocklimit":  entry(shRange, lowerHalfmoveClock, ":halfmoveclocklimit n: the halfmove clock is at most n"),
		":whitecannotwin":      entry(shNone, colorTest(syntax.KCannotWin, 1), "White has a bare king, or king and one minor piece"),
		":blackcannotwin":      entry(shNone, colorTest(syntax.KCannotWin, 2), "Black has a bare king, or king and one minor piece"),
		":markall":             entry(shNone, noop, "CQL 3: mark every matching square; no meaning in CQL-S, no effect here"),
		":noannotate":          entry(shNone, noop, "CQL 3: no annotations of the matches; no meaning in CQL-S, no effect here"),
		":threefoldrepetition": entry(shNone, test(syntax.KThreefoldRepetition), "the first mainline position that occurs for the third time"),
		":matingmaterial":      entry(shNone, test(syntax.KMatingMaterial), "either side has mating material"),
		":nomatingmaterial":    entry(shNone, negated(syntax.KMatingMaterial), "neither side has mating material"),
		":gameisover":          entry(shNone, test(syntax.KGameIsOver), "mate, stalemate or no mating material"),
		":endgame":             refused(shNone, noEndgame, "an endgame position (Chess Assistant definition)"),
		":losing":              entry(shNone, rewrite(losing), "Antichess: one side has lost all its pieces (never in other variants)"),
		":mustcapture":         entry(shNone, rewrite(mustCapture), "Antichess: the side to move must capture (never in other variants)"),
		":catureforced":        refused(shNone, variantOnly("Antichess"), "Antichess: a capture is forced"),
		":obligation":          refused(shNone, variantOnly("Antichess"), "Antichess: the side to move has an obligation"),
		":donthasobligation":   refused(shNone, variantOnly("Antichess"), "Antichess: the side to move has no obligation"),
		":takeslastpiece":      entry(shNone, test(syntax.KTakesLastPiece), "the next move takes the opponent's last man besides the king (an Antichess keyword, read for standard chess)"),
		":checkcount":          entry(shWords, lowerCheckCount, "Three-check: :checkcount N, the move gave its side's N-th check; :checkcount +W+B, White has given W checks and Black B"),

		// transforms
		":flip":              entry(shNone, transform(syntax.TFlip), "the eight dihedral images"),
		":flipdihedral":      entry(shNone, transform(syntax.TFlip), "the eight dihedral images (same as :flip)"),
		":flipcolor":         entry(shNone, transform(syntax.TFlipColor), "also with colours swapped and ranks mirrored"),
		":fliphorizontal":    entry(shNone, transform(syntax.TFlipHorizontal), "also mirrored left to right"),
		":flipvertical":      entry(shNone, transform(syntax.TFlipVertical), "also mirrored top to bottom"),
		":shift":             entry(shNone, transform(syntax.TShift), "also shifted anywhere on the board"),
		":shifthorizontal":   entry(shNone, transform(syntax.TShiftHorizontal), "also shifted along the ranks"),
		":shiftvertical":     entry(shNone, transform(syntax.TShiftVertical), "also shifted along the files"),
		":flipdiagonal":      entry(shNone, transform(syntax.TFlipDiagonal), "also reflected in the a1-h8 and in the a8-h1 diagonal (no CQL 6 spelling)"),
		":shiftdiagonal":     entry(shNone, transform(syntax.TShiftDiagonal), "also shifted along either diagonal direction (no CQL 6 spelling)"),
		":shiftmaindiagonal": entry(shNone, transform(syntax.TShiftMainDiagonal), "also shifted along the a1-h8 direction (no CQL 6 spelling)"),
		":shiftoffdiagonal":  entry(shNone, transform(syntax.TShiftOffDiagonal), "also shifted along the a8-h1 direction (no CQL 6 spelling)"),
		":inside":            entry(shTwoDesig, lowerInside, ":inside D S: some piece of D (shifted) stands on S (not shifted)"),

		// piece configuration
		":piececount":           entry(shDesigRange, count(pieceCount), ":piececount D r: the number of pieces of D"),
		":piececountdifference": entry(shTwoDesigRange, count(pieceCountDifference), ":piececountdifference D1 D2 r: #D1 - #D2"),
		":power":                entry(shDesigRange, count(powerOf), ":power D r: the material value of D (P 1, N 3, B 3, R 5, Q 9)"),
		":powerdifference":      entry(shDesigRange, count(powerDifference), ":powerdifference D r: the value of White's pieces of D minus Black's"),
		":attackcount":          entry(shTwoDesigRange, lowerAttackCount, ":attackcount X Y r: the number of (attacker on X, attacked Y) pairs"),
		":ray":                  entry(shRay, ray(0, 0), ":ray (G1 ... Gk) [r]: the designators on one line, empty squares between"),
		":rayattack":            entry(shRay, ray(0, syntax.FlagAttack), ":rayattack (G1 ... Gk) [r]: a ray starting with a line piece moving that way"),
		":raydiagonal":          entry(shRay, ray(syntax.DirDiagonal, 0), "a diagonal :ray"),
		":rayorthogonal":        entry(shRay, ray(syntax.DirOrthogonal, 0), "an orthogonal :ray"),
		":rayhorizontal":        entry(shRay, ray(syntax.DirHorizontal, 0), "a horizontal :ray"),
		":rayvertical":          entry(shRay, ray(syntax.DirVertical, 0), "a vertical :ray"),
		":opposition":           entry(shOptDesig, lowerOpposition, ":opposition [K|k]: the king (of the side to move without K or k) has the opposition"),
		":goodbishop":           entry(shGoodBishop, lowerGoodBishop, ":goodbishop [B] r : r: the bishops with r of the enemy pawns on their colour and r of their own off it (counts or %)"),
		":pawncount":            entry(shPawnCount, lowerPawnCount, ":pawncount [P] ATTRIBUTES r: pawns with the attributes (a % range: of the pawns of the designator)"),
		":pawncountdifference":  entry(shPawnCountDiff, lowerPawnCountDifference, ":pawncountdifference [P] ATTRIBUTES r: White's count minus Black's"),
		":powerdifference*":     refused(shDesigRange, "its meaning is not described in the CQL-S manual; use :powerdifference", "a variant of :powerdifference"),

		// moves
		":movefrom":       entry(shDesig, lowerMoveFrom, ":movefrom D: the next move is made by a piece of D"),
		":moveto":         entry(shDesig, lowerMoveTo, ":moveto D: the next move goes to D (tested before the move: :moveto . is no capture)"),
		":promote":        entry(shDesig, lowerPromote, ":promote T[sq]: the next move promotes to T (on sq)"),
		":promotion":      entry(shDesig, lowerPromote, "same as :promote"),
		":enpassant":      entry(shNone, moveTarget(syntax.KEnPassant), "the next move is an en passant capture"),
		":noenpassant":    entry(shNone, notMoveTarget(syntax.KEnPassant), "old spelling of !:enpassant"),
		":null":           entry(shNone, moveTarget(syntax.KNullMove), "the next move is a null move"),
		":isnull":         entry(shNone, moveTarget(syntax.KNullMove), "the next move is a null move"),
		":iscastling":     entry(shOptDesig, lowerIsCastling, ":iscastling [K Q k q]: the next move castles (K White short, Q White long, ...)"),
		":nocastling":     entry(shNone, notMoveTarget(syntax.KCastle), "the next move is not castling"),
		":ischeck":        entry(shNone, moveTarget(syntax.KCheck), "the next move gives check"),
		":ismate":         entry(shNone, moveTarget(syntax.KMate), "the next move mates"),
		":isstalemate":    entry(shNone, moveTarget(syntax.KStalemate), "the next move stalemates"),
		":isdoublecheck":  entry(shNone, moveRewrite(doubleCheck), "the next move gives double check"),
		":iscontactcheck": entry(shNone, moveRewrite(contactCheck), "the next move gives a contact check"),
		":forced":         entry(shNone, rewrite("countmoves legal -- == 1"), "the side to move has exactly one legal move"),
		":nopiecedrop":    entry(shNone, rewrite(noPieceDrop), "Crazyhouse: the next move drops no piece (always so in other variants)"),
		":movenumber":     entry(shRange, countFromEnd(syntax.KMoveNumber, "movenumber"), ":movenumber r: the move number (end, end-N: from the end of the game)"),
		":halfmovenumber": entry(shRange, countFromEnd(syntax.KPly, "ply"), ":halfmovenumber r: the number of half-moves played (end, end-N: from the end of the game)"),

		// sequences
		":sequence":       entry(shLists, lowerSequence(false), ":sequence ((position ...) ...): the lists match successive positions"),
		":gappedsequence": entry(shLists, lowerSequence(true), ":gappedsequence ((position ...) ...): the lists match in order, with gaps"),
		":gappedequence":  entry(shLists, lowerSequence(true), "misspelling of :gappedsequence in the CQL-S manual"),
		":run":            entry(shRun, lowerRun, ":run n (position ...): in a sequence, the list matches n or more positions in a row"),
		":line":           entry(shString, lowerLine, `:line "e2-e4 e7-e5 ...": the moves follow (long algebraic, designators allowed)`),
		":line*":          entry(shString, lowerLineStar, `:line* "e2-e4 e7-e6 ...": the position the line reaches from the usual start, by any order of moves, in games that start there (also :line "... *")`),

		// game information
		":result":         entry(shResult, lowerResult, ":result 1-0|0-1|1/2-1/2"),
		":whiteelo":       entry(shRange, elo(1), ":whiteelo r: White's rating (0: unrated)"),
		":blackelo":       entry(shRange, elo(2), ":blackelo r: Black's rating (0: unrated)"),
		":elo":            entry(shRange, elo(0), ":elo r: the higher rating (0: unrated)"),
		":whiterating":    refused(shWords, noRating, "a rating of White other than Elo"),
		":blackrating":    refused(shWords, noRating, "a rating of Black other than Elo"),
		":ischess960":     entry(shNone, lowerIsChess960, "the game starts from a Chess960 position (the standard one, 518, included)"),
		":isshufflechess": entry(shNone, test(syntax.KShuffleChess), "the game starts from a shuffle-chess position (every Chess960 start included)"),
		":startposition":  entry(shWords, lowerStartPosition, ":startposition N,M,...: the game starts from the Chess960 position numbered N or M ... (518: the usual start), or is of the variant a FICS identifier names (crazyhouse, suicide, atomic, wild/fr, ...)"),
		":variant":        entry(shWords, lowerVariant, ":variant V,W,...: the game is of variant V or W ... (Normal, Chess960, Crazyhouse, Antichess, Atomic, KingOfTheHill, ThreeCheck, Horde, RacingKings)"),

		// counting and accumulators
		":matchcount":                  entry(shRange, lowerMatchCount, ":matchcount r: the list matches r positions of the game"),
		":pretransformmatchcount":      entry(shRange, lowerPretransform, ":pretransformmatchcount r: the list matches r positions in one transformed copy"),
		":repetitioncount":             entry(shRange, count(numberOf(syntax.KRepetitionCount)), ":repetitioncount r: how often the position has occurred, this time included"),
		":pretransformrepetitioncount": refused(shRange, noPretransformRepetition, ":pretransformrepetitioncount r: (only named in the manual's index)"),
		":accumulate":                  entry(shName, lowerAccumulate(false), ":accumulate NAME: NAME counts the transformed copies of the list that match the position"),
		":accumulate*":                 entry(shName, lowerAccumulate(true), ":accumulate* NAME: the same, counted for each colour apart (:flipcolor)"),
		":sumrange":                    entry(shNameRange, lowerSumRange, ":sumrange NAME r: the accumulator NAME lies in r at this position (for the colour of the copy, with :accumulate*)"),
		":reset":                       refused(shName, noReset, ":reset NAME: clear the accumulator after a transformation"),
		":relation":                    entry(shRelation, lowerRelation, ":relation (SPEC): some later position of the game stands in the relation SPEC to this one (see the relation specifier keywords)"),
		":tagmatch":                    entry(shNameDesig, lowerTagMatch, ":tagmatch NAME D: the piece tagged NAME (:forany NAME ... in the match list) stands where it matches D"),

		// controlling keywords
		":cut":       entry(shOptList, lowerCut, ":cut [(position ...)]: stop searching the game after the first match of the list"),
		":exclude":   entry(shOptList, lowerExclude, ":exclude [(position ...)]: drop the game if the list matches anywhere"),
		":following": entry(shNone, reportAt(syntax.KParent), "report the position after the match (the list matched at the parent)"),
		":preceding": entry(shNone, reportAt(syntax.KChild), "report the position before the match (the list matches at the next position)"),
		":skip":      refused(shNone, noFlow, "skip the matching position"),

		// analysis
		":evaluation":         entry(shWords, lowerEvaluation, ":evaluation depth d|movetime ms (mate | lo hi sidetomove|absolute): the engine's score in pawns"),
		":moveevaluation":     entry(shWords, lowerMoveEvaluation, ":moveevaluation [X Y] depth d|movetime ms lo hi sidetomove|absolute: the change of the engine's score"),
		":exchangeevaluation": entry(shWords, lowerExchange, ":exchangeevaluation lo [hi]: the static exchange value of the next move, in pawns"),
		":maxswapevaluation":  entry(shWords, lowerMaxSwap, ":maxswapevaluation [X Y] r: the best static exchange value of a move from X to Y"),
		":maxswapvalue":       entry(shWords, lowerMaxSwap, "Chess Assistant's :maxswapevaluation"),
		":endgameevaluation":  refused(shWords, noTablebases, "the tablebase value of the position"),
		":endgameevaluation*": refused(shWords, noTablebases, "the tablebase value of the position"),
	}
}

const (
	noRating                 = "CQL 6 reads Elo ratings only: use :whiteelo / :blackelo"
	standardOnly             = "it names the rules of a chess variant, and cqlvm reads standard chess and Chess960 only (for Chess960 start positions use :ischess960 or :startposition)"
	noReset                  = "the CQL-S manual (Scidb \"CQL - The position list\") says it clears the accumulator \"after applying a transformation\" but not after which of the list's transformations, so what the accumulator then counts is not defined: count the copies of the inner transforms in a list of their own, e.g. tripled pawns are (position :piececount Pd2-7 3 6 :shifthorizontal :flipcolor)"
	noFlow                   = "the CQL-S manual (Scidb \"CQL - The position list\") says only that \"a matching position can be skipped\", not which position, nor whether it still counts as a match of the list or for :matchcount: leave the position out with a test, (position ... :not (position CONDITION))"
	noEndgame                = "the CQL-S manual (Scidb \"CQL - The position list\", taken from Chess Assistant 9) defines it by a formula of :piececount and :power whose piece symbols are lost in the copy cqlvm has (\":piececount [] 0 3\"), and no other source gives it: write the material condition you mean, e.g. (position :piececount [Qq] 0 :power [RBNrbn] 0 10)"
	noPretransformRepetition = "the CQL-S manual names it only in its index, without a description, and the repetition count of a position does not change with the list's transforms, so a count per transformed copy has no evident meaning: use :repetitioncount"
	noTablebases             = "it needs endgame tablebases, which cqlvm does not have"
)

func variantOnly(v string) string {
	return "it is a rule of " + v + ", and cqlvm reads standard chess only"
}

// positionKeyword reads keyword t of a position list and its arguments,
// and lowers it into l. `!:kw` is `:not (position :kw)`.
func (p *parser) positionKeyword(l *plist, t token) {
	name := ":" + t.text
	kw, ok := positionKeywords[name]
	if !ok {
		if _, ok := matchKeywords[name]; ok {
			p.failf(t.span, "%s is a match-list keyword: write it in (match ...), outside the position lists", t)
		}
		p.unknown(t, positionKeywords, "position-list keyword")
	}
	a := p.readArgs(t, kw.shape)
	if !t.neg {
		kw.lower(p, l, a)
		return
	}
	sub := &plist{span: t.span}
	kw.lower(p, sub, a)
	if len(sub.transforms) > 0 || sub.matchCount != nil || sub.pretransform != nil || len(sub.cuts) > 0 || sub.hasCutSelf ||
		sub.excludes || sub.run != nil || sub.bareNot || sub.shiftTo != 0 || len(sub.items) == 0 && sub.move == nil {
		p.failf(t.span, "%s cannot be negated: only keywords that test a position can", t)
	}
	l.add(not(conj(t.span, p.filters(sub))))
}

// unknown reports an unknown keyword, with the closest known one.
func (p *parser) unknown(t token, table map[string]keyword, what string) {
	var names []string
	for k := range table {
		names = append(names, k)
	}
	sort.Strings(names)
	msg := fmt.Sprintf("unknown %s ':%s'", what, t.text)
	if s := syntax.SuggestAmong(":"+t.text, names); s != "" {
		msg += fmt.Sprintf(" (did you mean '%s'?)", s)
	}
	p.failf(t.span, "%s", msg)
}

// Keywords lists the keywords of the old language with their help lines
// (and, for those cqlvm cannot run, why), for `cqlvm help`.
func Keywords() map[string]string {
	buildTables()
	out := map[string]string{}
	for _, table := range []map[string]keyword{positionKeywords, matchKeywords, relationKeywords} {
		for k, kw := range table {
			if _, ok := out[k]; ok {
				continue
			}
			out[k] = kw.help
			if kw.status != "" {
				out[k] += " [" + kw.status + "]"
			}
		}
	}
	return out
}

// refuse is the lowering of a keyword that has no meaning cqlvm can give
// it; why says why.
func refuse(why string) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		p.failf(p.argSpan(a.kw), "cqlvm cannot run %s: %s", a.kw, why)
	}
}

func test(k syntax.Kind) lowerFunc {
	return func(p *parser, l *plist, a *args) { l.add(simple(k, a.kw.span)) }
}

func negated(k syntax.Kind) lowerFunc {
	return func(p *parser, l *plist, a *args) { l.add(not(simple(k, a.kw.span))) }
}

// noop is the lowering of the CQL 3 keywords that, as the CQL-S manual
// says, have no meaning in CQL-S (:markall, :noannotate), and of
// :forany/:eithercolor, which the match list handles itself.
func noop(p *parser, l *plist, a *args) {}

func lowerVariations(p *parser, l *plist, a *args) { p.file.Header.Variations = true }

func lowerVariationsOnly(p *parser, l *plist, a *args) {
	p.file.Header.Variations = true
	l.add(simple(syntax.KVariation, a.kw.span))
}

func transform(tk syntax.TransformKind) lowerFunc {
	return func(p *parser, l *plist, a *args) { l.transform(tk) }
}

// rewrite lowers a keyword to fixed CQL 6 text.
func rewrite(text string) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		l.add(conj(a.kw.span, p.template(a.kw.span, text)))
	}
}

// The CQL 6 rewrites of keywords without a filter of their own
// (shared/spec/cqls-mapping.md).
const (
	doubleCheck  = "flipcolor {btm #(A attacks k) >= 2}"
	contactCheck = "flipcolor {btm check {#(A attacks k) >= 2 or not ((A attacks k) & ~(N | anydirection 1 k))}}"
)

// lowerHalfmoveClock: the built-in clock (CQL 6's fen reads the clocks as
// 0 1, so no rewrite of the FEN sees them).
func lowerHalfmoveClock(p *parser, l *plist, a *args) {
	r := *a.ranges[0]
	r.op = "<="
	l.add(p.inRange(simple(syntax.KHalfmoveClock, a.kw.span), &r))
}

// colorTest is a built-in test of one side (Int 1 White, 2 Black).
func colorTest(k syntax.Kind, side int64) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		l.add(&syntax.Node{Kind: k, Span: a.kw.span, Int: side})
	}
}

// lowerOpposition: without a designator the king of the side to move;
// K is White's king, k Black's.
func lowerOpposition(p *parser, l *plist, a *args) {
	var side int64
	if len(a.desigs) > 0 {
		switch d := a.desigs[0].Desig; {
		case d.HasSquares || d.Pieces != 1<<bitboard.WhiteKing && d.Pieces != 1<<bitboard.BlackKing:
			p.failf(a.desigs[0].Span, ":opposition takes K (White's king) or k (Black's)")
		case d.Pieces == 1<<bitboard.WhiteKing:
			side = 1
		default:
			side = 2
		}
	}
	l.add(&syntax.Node{Kind: syntax.KOpposition, Span: p.argSpan(a.kw), Int: side})
}

// pawnCountOf is the built-in count of the pawns of d with the
// attributes.
func pawnCountOf(d *syntax.Node, attrs string, sp source.Span) *syntax.Node {
	return &syntax.Node{Kind: syntax.KPawnCount, Span: sp, Str: attrs, Args: []*syntax.Node{d}}
}

// pawnDesig is the designator of :pawncount, White's pawns when none is
// written (the manual's examples count White's).
func pawnDesig(a *args, pawns syntax.PieceMask) *syntax.Node {
	if len(a.desigs) > 0 {
		return a.desigs[0]
	}
	return pieces(pawns, a.kw.span)
}

// lowerPawnCount: the count in range; a percentage range is of the pawns
// of the designator, `#(D & [Pp]) > 0 and 100 * count op pct * #(D & [Pp])`.
func lowerPawnCount(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	d := pawnDesig(a, 1<<bitboard.WhitePawn)
	n := pawnCountOf(d, a.words[0].text, sp)
	r := a.ranges[0]
	if !r.pct {
		l.add(p.inRange(n, r))
		return
	}
	all := countOf(binary(syntax.KInter, syntax.Clone(d), pieces(1<<bitboard.WhitePawn|1<<bitboard.BlackPawn, sp)))
	scaled := binary(syntax.KTimes, number(100, sp), n)
	share := func(pct int64) *syntax.Node { return binary(syntax.KTimes, number(pct, sp), syntax.Clone(all)) }
	var test *syntax.Node
	if r.op != "" {
		test = cmp(r.op, scaled, share(r.lo))
	} else {
		test = binary(syntax.KAnd, cmp(">=", scaled, share(r.lo)), cmp("<=", syntax.Clone(scaled), share(r.hi)))
	}
	l.add(binary(syntax.KAnd, cmp(">", syntax.Clone(all), number(0, sp)), test))
}

// lowerPawnCountDifference: the count of White's pawns of the designator
// less Black's.
func lowerPawnCountDifference(p *parser, l *plist, a *args) {
	sp := p.argSpan(a.kw)
	d := pawnDesig(a, 1<<bitboard.WhitePawn|1<<bitboard.BlackPawn)
	attrs := a.words[0].text
	white := pawnCountOf(binary(syntax.KInter, d, pieces(syntax.MaskWhite, sp)), attrs, sp)
	black := pawnCountOf(binary(syntax.KInter, syntax.Clone(d), pieces(syntax.MaskBlack, sp)), attrs, sp)
	l.add(p.inRange(binary(syntax.KMinus, white, black), a.ranges[0]))
}

func lowerFen(p *parser, l *plist, a *args) {
	fields := strings.Fields(a.str.text)
	if len(fields) == 0 {
		p.failf(a.str.span, ":fen needs a FEN such as \"8/8/8/8/8/8/8/K6k w - - 0 1\"")
	}
	l.add(&syntax.Node{Kind: syntax.KFen, Span: p.argSpan(a.kw), Str: fields[0], Flags: syntax.FlagAll})
	if len(fields) > 1 {
		switch fields[1] {
		case "w":
			l.add(simple(syntax.KWtm, a.str.span))
		case "b":
			l.add(simple(syntax.KBtm, a.str.span))
		}
	}
}

// lowerCastling tests castling rights on the castling field of the FEN:
// one letter is that right; a bracketed list of several is exactly one
// of them (the CQL-S manual's reading).
func lowerCastling(p *parser, l *plist, a *args) {
	d := a.desigs[0]
	rights := map[bitboard.Piece]string{bitboard.WhiteKing: "K", bitboard.WhiteQueen: "Q", bitboard.BlackKing: "k", bitboard.BlackQueen: "q"}
	var tests []*syntax.Node
	for _, pc := range []bitboard.Piece{bitboard.WhiteKing, bitboard.WhiteQueen, bitboard.BlackKing, bitboard.BlackQueen} {
		if d.Desig.Pieces.Has(pc) {
			tests = append(tests, p.template(a.kw.span, `fen ~~ "^\S+ [wb] \S*`+rights[pc]+`"`)[0])
		}
	}
	if len(tests) == 0 || d.Desig.HasSquares || d.Desig.Pieces&^(1<<bitboard.WhiteKing|1<<bitboard.WhiteQueen|1<<bitboard.BlackKing|1<<bitboard.BlackQueen) != 0 {
		p.failf(d.Span, ":castling takes the letters K, Q, k and q (White king side, White queen side, ...)")
	}
	if len(tests) == 1 {
		l.add(tests[0])
		return
	}
	l.add(p.exactlyOne(a.kw, tests))
}

func lowerInside(p *parser, l *plist, a *args) {
	s := &syntax.Node{Kind: syntax.KNoTransform, Span: a.desigs[1].Span, Args: []*syntax.Node{a.desigs[1]}}
	l.add(binary(syntax.KInter, a.desigs[0], s))
}

func countOf(d *syntax.Node) *syntax.Node {
	return &syntax.Node{Kind: syntax.KCount, Span: d.Span, Args: []*syntax.Node{d}}
}

func power(d *syntax.Node) *syntax.Node {
	return &syntax.Node{Kind: syntax.KPower, Span: d.Span, Args: []*syntax.Node{d}}
}

// count lowers a keyword whose last argument is a range on a number.
func count(value func(p *parser, a *args) *syntax.Node) lowerFunc {
	return func(p *parser, l *plist, a *args) { l.add(p.inRange(value(p, a), a.ranges[0])) }
}

// countFromEnd tests a number of the position, whose range may count
// from the end of the game: end is its value at the game's last position
// (the first terminal position ahead, the mainline's end when variations
// are not searched).
func countFromEnd(k syntax.Kind, word string) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		r := a.ranges[0]
		var atEnd *syntax.Node
		if r.loEnd || r.hiEnd {
			atEnd = p.template(a.kw.span, "(find quiet terminal):"+word)[0]
		}
		l.add(p.inRangeEnd(simple(k, a.kw.span), r, atEnd))
	}
}

func numberOf(k syntax.Kind) func(p *parser, a *args) *syntax.Node {
	return func(p *parser, a *args) *syntax.Node { return simple(k, a.kw.span) }
}

func pieceCount(p *parser, a *args) *syntax.Node { return countOf(a.desigs[0]) }

func pieceCountDifference(p *parser, a *args) *syntax.Node {
	return binary(syntax.KMinus, countOf(a.desigs[0]), countOf(a.desigs[1]))
}

func powerOf(p *parser, a *args) *syntax.Node { return power(a.desigs[0]) }

func powerDifference(p *parser, a *args) *syntax.Node {
	d := a.desigs[0]
	return binary(syntax.KMinus, power(binary(syntax.KInter, d, pieces(syntax.MaskWhite, d.Span))),
		power(binary(syntax.KInter, syntax.Clone(d), pieces(syntax.MaskBlack, d.Span))))
}

// lowerAttackCount counts (attacker, target) pairs: `square all` so that
// an empty target set counts 0 instead of failing.
func lowerAttackCount(p *parser, l *plist, a *args) {
	ac, y := p.freshName("ac"), p.freshName("y")
	text := fmt.Sprintf("%[1]s = 0 square all %[2]s in hole1 {%[1]s += #(hole2 attacks %[2]s)}", ac, y)
	nodes := p.template(a.kw.span, text, a.desigs[1], a.desigs[0])
	v := &syntax.Node{Kind: syntax.KVar, Span: a.kw.span, Str: ac}
	l.add(conj(a.kw.span, append(nodes, p.inRange(v, a.ranges[0]))))
}

// ray lowers :ray and its kin. Without a range, or with >=1, it is CQL 6
// ray; a count of rays counts the squares of the first designator that
// start one.
func ray(dirs syntax.Dir, flags uint32) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		sp := p.argSpan(a.kw)
		r := &syntax.Node{Kind: syntax.KRay, Span: sp, Dirs: dirs, Flags: flags, Args: a.desigs}
		if len(a.ranges) == 0 || a.ranges[0].op == ">=" && a.ranges[0].lo == 1 {
			l.add(r)
			return
		}
		s := p.freshName("s")
		r.Args = append([]*syntax.Node{{Kind: syntax.KVar, Span: sp, Str: s}}, a.desigs[1:]...)
		loop := &syntax.Node{Kind: syntax.KSquareLoop, Span: sp, Str: s,
			Args: []*syntax.Node{a.desigs[0], {Kind: syntax.KCompound, Span: sp, Args: []*syntax.Node{r}}}}
		l.add(p.inRange(countOf(loop), a.ranges[0]))
	}
}

func lowerMoveFrom(p *parser, l *plist, a *args) {
	m := l.moveOf(a.kw.span)
	m.from = intersect(m.from, a.desigs[0])
}

func lowerMoveTo(p *parser, l *plist, a *args) {
	m := l.moveOf(a.kw.span)
	m.to = intersect(m.to, a.desigs[0])
}

func lowerPromote(p *parser, l *plist, a *args) {
	m := l.moveOf(a.kw.span)
	if m.promote != nil {
		p.failf(a.kw.span, "a position list describes one next move: :promote is given twice")
	}
	m.promote = a.desigs[0]
}

// moveTarget adds a test of the position after the next move to the dash.
func moveTarget(k syntax.Kind) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		m := l.moveOf(a.kw.span)
		m.targets = append(m.targets, simple(k, a.kw.span))
	}
}

func moveRewrite(text string) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		m := l.moveOf(a.kw.span)
		m.targets = append(m.targets, conj(a.kw.span, p.template(a.kw.span, text)))
	}
}

// notMoveTarget is `not --(k)`: the next move is not of that sort (also
// when there is no next move).
func notMoveTarget(k syntax.Kind) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		d := &syntax.Node{Kind: syntax.KDash, Span: a.kw.span, Dash: &syntax.Dash{Targets: []*syntax.Node{simple(k, a.kw.span)}, DashSpan: a.kw.span}}
		l.add(not(d))
	}
}

// lowerIsCastling: without a designator any castling; K, Q, k, q are
// White short, White long, Black short, Black long.
func lowerIsCastling(p *parser, l *plist, a *args) {
	if len(a.desigs) == 0 {
		moveTarget(syntax.KCastle)(p, l, a)
		return
	}
	d := a.desigs[0]
	sp := a.kw.span
	var alts []*syntax.Node
	for _, c := range []struct {
		pc   bitboard.Piece
		side syntax.Kind
		kind syntax.Kind
	}{{bitboard.WhiteKing, syntax.KWtm, syntax.KOO}, {bitboard.WhiteQueen, syntax.KWtm, syntax.KOOO},
		{bitboard.BlackKing, syntax.KBtm, syntax.KOO}, {bitboard.BlackQueen, syntax.KBtm, syntax.KOOO}} {
		if d.Desig.Pieces.Has(c.pc) {
			dash := &syntax.Node{Kind: syntax.KDash, Span: sp, Dash: &syntax.Dash{Targets: []*syntax.Node{simple(c.kind, sp)}, DashSpan: sp}}
			alts = append(alts, &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: []*syntax.Node{simple(c.side, sp), dash}})
		}
	}
	if len(alts) == 0 || d.Desig.HasSquares {
		p.failf(d.Span, ":iscastling takes the letters K, Q, k and q (White short, White long, Black short, Black long)")
	}
	l.add(orAll(alts))
}

func orAll(ns []*syntax.Node) *syntax.Node {
	n := ns[0]
	for _, m := range ns[1:] {
		n = binary(syntax.KOr, n, m)
	}
	return n
}

func lowerResult(p *parser, l *plist, a *args) {
	l.add(&syntax.Node{Kind: syntax.KResult, Span: p.argSpan(a.kw), Str: a.str.text})
}

// elo tests a rating; 0 stands for "no rating": `:whiteelo 0` is an
// unrated White, and a range written from 0 (`0 2300`) includes him.
func elo(which int64) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		r := a.ranges[0]
		e := &syntax.Node{Kind: syntax.KElo, Span: a.kw.span, Int: which}
		unrated := not(syntax.Clone(e))
		switch {
		case r.op == "==" && r.lo == 0:
			l.add(unrated)
		case r.op == "" && r.lo == 0:
			l.add(binary(syntax.KOr, unrated, p.inRange(e, r)))
		default:
			l.add(p.inRange(e, r))
		}
	}
}

// lowerPretransform: the game matches when one transformed copy of the
// list matches r positions: `initial T find r quiet {L}`.
func lowerPretransform(p *parser, l *plist, a *args) {
	if l.pretransform != nil || l.matchCount != nil {
		p.failf(a.kw.span, "a position list takes one :matchcount or :pretransformmatchcount")
	}
	l.pretransform = a.ranges[0]
}

func lowerMatchCount(p *parser, l *plist, a *args) {
	if l.pretransform != nil {
		p.failf(a.kw.span, "a position list takes one :matchcount or :pretransformmatchcount")
	}
	if l.matchCount != nil {
		p.failf(a.kw.span, ":matchcount is given twice in this position list")
	}
	l.matchCount = a.ranges[0]
}

func lowerAnd(p *parser, l *plist, a *args) {
	var ns []*syntax.Node
	for _, s := range a.lists {
		ns = append(ns, p.node(s))
	}
	l.add(&syntax.Node{Kind: syntax.KCompound, Span: p.argSpan(a.kw), Args: ns})
}

func lowerOr(p *parser, l *plist, a *args) {
	var ns []*syntax.Node
	for _, s := range a.lists {
		ns = append(ns, p.node(s))
	}
	l.add(orAll(ns))
}

func lowerXor(p *parser, l *plist, a *args) {
	var ns []*syntax.Node
	for _, s := range a.lists {
		ns = append(ns, p.node(s))
	}
	l.add(p.exactlyOne(a.kw, ns))
}

// exactlyOne is the test that exactly one of the filters matches: for
// two small ones, `{A and not B} or {B and not A}`; else a counter (which
// writes each filter once: nested xors would double at every level).
func (p *parser) exactlyOne(kw token, ns []*syntax.Node) *syntax.Node {
	sp := kw.span
	if len(ns) == 1 {
		return ns[0]
	}
	if len(ns) == 2 && small(ns[0]) && small(ns[1]) {
		a, b := ns[0], ns[1]
		left := &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: []*syntax.Node{binary(syntax.KAnd, a, not(b))}}
		right := &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: []*syntax.Node{binary(syntax.KAnd, syntax.Clone(b), not(syntax.Clone(a)))}}
		return binary(syntax.KOr, left, right)
	}
	xc := p.freshName("xc")
	v := func() *syntax.Node { return &syntax.Node{Kind: syntax.KVar, Span: sp, Str: xc} }
	assign := func(op string, x int64) *syntax.Node {
		return &syntax.Node{Kind: syntax.KAssign, Span: sp, Str: op, Args: []*syntax.Node{v(), number(x, sp)}}
	}
	body := []*syntax.Node{assign("=", 0)}
	for _, n := range ns {
		body = append(body, &syntax.Node{Kind: syntax.KIf, Span: sp, Args: []*syntax.Node{n, assign("+=", 1)}})
	}
	body = append(body, cmp("==", v(), number(1, sp)))
	return &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: body}
}

// small reports whether a filter is small enough to be written twice.
func small(n *syntax.Node) bool {
	size := 0
	syntax.Walk(n, func(*syntax.Node) bool { size++; return size <= 8 })
	return size <= 8
}

func lowerNot(p *parser, l *plist, a *args) {
	if len(a.lists) == 0 {
		l.bareNot = true
		return
	}
	l.add(not(p.node(a.lists[0])))
}

// lowerCond: clauses and associations in pairs; an odd last list, or a
// pair whose clause is the empty list, is the default. Without a default
// no clause matching is no match.
func lowerCond(p *parser, l *plist, a *args) {
	lists := a.lists
	sp := p.argSpan(a.kw)
	var build func(i int) *syntax.Node
	build = func(i int) *syntax.Node {
		switch {
		case i >= len(lists):
			return simple(syntax.KFalse, sp)
		case i == len(lists)-1:
			return p.node(lists[i])
		case isEmptyList(lists[i]):
			return p.node(lists[i+1])
		}
		return &syntax.Node{Kind: syntax.KIf, Span: sp, Args: []*syntax.Node{p.node(lists[i]), p.node(lists[i+1]), build(i + 2)}}
	}
	l.add(build(0))
}

func isEmptyList(l *plist) bool {
	return len(l.items) == 0 && l.move == nil && len(l.transforms) == 0 && !l.bareNot && len(l.cuts) == 0
}

// lowerCut: `:cut (L)` counts the list's matches up to the first position
// matching L (that one included); a bare :cut stops at the list's own
// first match.
func lowerCut(p *parser, l *plist, a *args) {
	sp := a.kw.span
	if len(a.lists) == 0 {
		l.hasCutSelf, l.cutSelf = true, sp
		return
	}
	l.cuts = append(l.cuts, not(p.colon(sp, syntax.KParent, p.find(sp, syntax.FlagBackward, nil, p.node(a.lists[0])))))
}

// lowerExclude: `:exclude (L)` drops the games in which L matches
// anywhere; a bare :exclude drops the games the list itself matches.
func lowerExclude(p *parser, l *plist, a *args) {
	sp := a.kw.span
	if len(a.lists) == 0 {
		l.excludes = true
		return
	}
	l.cuts = append(l.cuts, not(p.colon(sp, syntax.KInitialPosition, p.find(sp, 0, nil, p.node(a.lists[0])))))
}

// reportAt: :following and :preceding move the reported position one
// step from the match: `parent:{L}` or `child:{L}`.
func reportAt(where syntax.Kind) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		if l.shiftTo != 0 {
			p.failf(a.kw.span, "a position list takes one :following or :preceding")
		}
		l.shiftTo, l.shiftToSpan = where, a.kw.span
	}
}

func lowerRun(p *parser, l *plist, a *args) {
	if l.run != nil || len(l.items) > 0 {
		p.failf(a.kw.span, ":run must be the only element of its position list")
	}
	if a.n < 1 {
		p.failf(a.kw.span, ":run needs a count of at least 1")
	}
	l.run = &runSpec{n: a.n, list: a.lists[0], span: p.argSpan(a.kw)}
}

// lowerSequence: `line --> L1 --> L2 ...`; the gapped form allows any
// positions before each element, the first included (the manual defines
// it by inserting (position) anywhere).
func lowerSequence(gapped bool) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		sp := p.argSpan(a.kw)
		concat := &syntax.Node{Kind: syntax.KSeqConcat, Span: sp}
		for _, s := range a.lists {
			if gapped {
				gap := &syntax.Node{Kind: syntax.KSeqFilter, Span: s.span, Args: []*syntax.Node{everySquare(s.span)}}
				concat.Args = append(concat.Args, &syntax.Node{Kind: syntax.KSeqRepeat, Span: s.span, Int: 0, Int2: -1, Args: []*syntax.Node{gap}})
			}
			concat.Args = append(concat.Args, p.seqElement(s))
		}
		l.add(&syntax.Node{Kind: syntax.KLine, Span: sp, Seq: &syntax.Seq{Body: concat}})
	}
}

// seqElement is one element of a sequence: its list, or a :run of it.
func (p *parser) seqElement(s *plist) *syntax.Node {
	if r := s.run; r != nil {
		s.run = nil
		if !isEmptyList(s) {
			p.failf(r.span, ":run must be the only element of its position list")
		}
		f := &syntax.Node{Kind: syntax.KSeqFilter, Span: r.span, Args: []*syntax.Node{p.node(r.list)}}
		return &syntax.Node{Kind: syntax.KSeqRepeat, Span: r.span, Int: r.n, Int2: -1, Args: []*syntax.Node{f}}
	}
	return &syntax.Node{Kind: syntax.KSeqFilter, Span: s.span, Args: []*syntax.Node{p.node(s)}}
}

// matchKeywords are the keywords of the match list itself.
var matchKeywords map[string]keyword

// matchKeyword reads keyword t of the match list m.
func (p *parser) matchKeyword(m *matchList, t token) {
	name := ":" + t.text
	kw, ok := matchKeywords[name]
	if !ok {
		if _, ok := positionKeywords[name]; ok {
			p.failf(t.span, "%s is a position-list keyword: write it inside (position ...)", t)
		}
		p.unknown(t, matchKeywords, "match-list keyword")
	}
	a := p.readArgs(t, kw.shape)
	l := &plist{span: t.span}
	if t.neg {
		// `!:kw` is `:not (match :kw)` (the Scidb manual: (match
		// !:ischess960)), for the keywords that test the game
		kw.lower(p, l, a)
		if len(l.items) == 0 || t.text == "forany" || t.text == "eithercolor" || t.text == "sort" {
			p.failf(t.span, "%s cannot be negated in a match list: only keywords that test the game can", t)
		}
		m.filters = append(m.filters, not(conj(t.span, l.items)))
		return
	}
	kw.lower(p, l, a)
	if t.text == "eithercolor" || t.text == "forany" && len(a.words) == 0 {
		m.eachColor = t
	}
	m.filters = append(m.filters, l.items...)
}

func buildMatchKeywords() {
	matchKeywords = map[string]keyword{
		":variations":     entry(shNone, lowerVariations, "search the variations too"),
		":result":         entry(shResult, func(p *parser, l *plist, a *args) { p.file.Header.Result = a.str.text }, ":result 1-0|0-1|1/2-1/2: the game's result"),
		":pgn":            entry(shString, func(p *parser, l *plist, a *args) { p.file.Header.Input = a.str.text }, `:pgn "FILE": the input database`),
		":output":         entry(shString, func(p *parser, l *plist, a *args) { p.file.Header.Output = a.str.text }, `:output "FILE": the output file`),
		":silent":         entry(shNone, func(p *parser, l *plist, a *args) { p.file.Header.Silent = true }, "no comments in the output"),
		":gamenumber":     entry(shRange, lowerGameNumber, ":gamenumber r: only these games"),
		":year":           entry(shRange, count(numberOf(syntax.KYear)), ":year r: the year of the game"),
		":elo":            entry(shRange, elo(0), ":elo r: the higher rating"),
		":player":         entry(shString, player(0), `:player "NAME": either player's name contains NAME`),
		":white":          entry(shString, player(1), `:white "NAME": White's name contains NAME`),
		":black":          entry(shString, player(2), `:black "NAME": Black's name contains NAME`),
		":site":           entry(shString, tagContains("Site"), `:site "S": the Site tag contains S`),
		":event":          entry(shString, tagContains("Event"), `:event "S": the Event tag contains S`),
		":forany":         entry(shOptNameDesig, lowerForany, ":forany NAME D: NAME tags a piece of the initial position that is, or becomes, of the type of D (at most two tags; see :tagmatch); a bare :forany: the game with the colours reversed too"),
		":eithercolor":    entry(shNone, noop, "match the game with the colours reversed too"),
		":rating":         refused(shWords, noRating, "a rating other than Elo"),
		":sort":           entry(shWords, lowerSort, ":sort KEY: sort the output by KEY: year, elo (the higher rating), whiteelo, blackelo or gamenumber, highest first"),
		":ischess960":     entry(shNone, lowerIsChess960, "the game starts from a Chess960 position (the standard one, 518, included)"),
		":isshufflechess": entry(shNone, test(syntax.KShuffleChess), "the game starts from a shuffle-chess position (every Chess960 start included)"),
		":startposition":  entry(shWords, lowerStartPosition, ":startposition N,M,...: the game starts from the Chess960 position numbered N or M ... (518: the usual start), or is of the variant a FICS identifier names (crazyhouse, suicide, atomic, wild/fr, ...)"),
		":variant":        entry(shWords, lowerVariant, ":variant V,W,...: the game is of variant V or W ... (Normal, Chess960, Crazyhouse, Antichess, Atomic, KingOfTheHill, ThreeCheck, Horde, RacingKings)"),
	}
}

func lowerGameNumber(p *parser, l *plist, a *args) {
	p.file.Header.GameNumber, p.file.Header.HasGameNumber = countBounds(a.ranges[0]), true
}

func player(which int64) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		pl := &syntax.Node{Kind: syntax.KPlayer, Span: a.kw.span, Int: which}
		l.add(binary(syntax.KIn, &syntax.Node{Kind: syntax.KString, Span: a.str.span, Str: a.str.text}, pl))
	}
}

func tagContains(tag string) lowerFunc {
	return func(p *parser, l *plist, a *args) {
		t := &syntax.Node{Kind: syntax.KTagValue, Span: a.kw.span, Str: tag}
		l.add(binary(syntax.KIn, &syntax.Node{Kind: syntax.KString, Span: a.str.span, Str: a.str.text}, t))
	}
}

// startPosition is the built-in number of the game's start position.
func startPosition(sp source.Span) *syntax.Node { return simple(syntax.KStartPosition, sp) }

// lowerIsChess960: the start position has a Chess960 number.
func lowerIsChess960(p *parser, l *plist, a *args) {
	l.add(cmp(">=", startPosition(a.kw.span), number(0, a.kw.span)))
}

// lowerStartPosition: a comma-separated list of Chess960 numbers; FICS
// variant identifiers name variants, which cqlvm does not read.
func lowerStartPosition(p *parser, l *plist, a *args) {
	var alts []*syntax.Node
	for _, w := range a.words {
		for _, f := range strings.Split(w.text, ",") {
			if f == "" {
				continue
			}
			n, err := strconv.Atoi(f)
			if err != nil {
				// a FICS variant identifier: the game is of that variant
				v := p.variantTest(w.span, f)
				if v == nil {
					p.failf(w.span, "%s %s: neither a Chess960 number (0 to 959) nor a variant cqlvm reads (crazyhouse, suicide, giveaway, atomic, kingofthehill, threecheck, horde, racingkings, wild/fr)", a.kw, f)
				}
				alts = append(alts, v)
				continue
			}
			if n < 0 || n > 959 {
				p.failf(w.span, "%s: %d is not a Chess960 number (0 to 959)", a.kw, n)
			}
			alts = append(alts, cmp("==", startPosition(w.span), number(int64(n), w.span)))
		}
	}
	if len(alts) == 0 {
		p.failf(a.kw.span, "%s needs a comma-separated list of start position numbers", a.kw)
	}
	l.add(orAll(alts))
}

// sortKeys are the game values :sort can sort by, as CQL 6 numbers.
var sortKeys = map[string]func(sp source.Span) *syntax.Node{
	"year":       func(sp source.Span) *syntax.Node { return simple(syntax.KYear, sp) },
	"elo":        func(sp source.Span) *syntax.Node { return &syntax.Node{Kind: syntax.KElo, Span: sp} },
	"whiteelo":   func(sp source.Span) *syntax.Node { return &syntax.Node{Kind: syntax.KElo, Span: sp, Int: 1} },
	"blackelo":   func(sp source.Span) *syntax.Node { return &syntax.Node{Kind: syntax.KElo, Span: sp, Int: 2} },
	"gamenumber": func(sp source.Span) *syntax.Node { return simple(syntax.KGameNumber, sp) },
}

// lowerSort: `:sort KEY` is `{sort "KEY" VALUE} or true`: the output is
// sorted by the value, highest first, and a game without it (no date, no
// rating) is still matched (CQL 6's sort fails where its value does).
func lowerSort(p *parser, l *plist, a *args) {
	if len(a.words) != 1 || sortKeys[strings.ToLower(strings.TrimPrefix(a.words[0].text, ":"))] == nil {
		p.failf(p.argSpan(a.kw), "%s takes one key: year, elo, whiteelo, blackelo or gamenumber", a.kw)
	}
	w := a.words[0]
	key := strings.ToLower(strings.TrimPrefix(w.text, ":"))
	sp := p.argSpan(a.kw)
	s := &syntax.Node{Kind: syntax.KSort, Span: sp, Str: key, Args: []*syntax.Node{sortKeys[key](w.span)}}
	l.add(binary(syntax.KOr, &syntax.Node{Kind: syntax.KCompound, Span: sp, Args: []*syntax.Node{s}}, simple(syntax.KTrue, sp)))
}

package syntax

import (
	"fmt"
	"sort"
	"strings"
)

// This file is the one place that says, for every Kind, how it is written
// and what it is called: its keywords and operators with their Unicode
// spellings and `cqlvm help` lines, how the parser reads them (and, for
// binary operators, their precedence), its name in dumps and in the
// checker's messages. Keywords that are not kinds of their own (parameters
// such as `all` or `quiet`, header words, reserved words) are in
// otherWords below. The parser's keyword tables, IsReserved, the lexer's
// Unicode symbols and `cqlvm help` are derived from these two tables.

// Word is one spelling of a filter, operator or parameter, with its help.
type Word struct {
	Text    string   // the ASCII spelling: a keyword or an operator (or a help topic such as "{}")
	Unicode []string // CQL 6.2 Unicode spellings, which the lexer reads as Text
	Syntax  string   // help: how it is written
	Meaning string   // help: what it does, in one line
	See     string   // no help line of its own: `cqlvm help` shows See's

	dir   Dir           // a direction keyword of KDirection: its directions
	tk    TransformKind // a transform keyword of KTransform
	tag   string        // a tag keyword of KTagValue: the PGN tag it reads
	level int           // a binary operator whose precedence is not its kind's
}

// form says how the parser reads a kind's words.
type form uint8

const (
	formNone   form = iota // no word of its own: the parser builds the kind from other syntax
	formOwn                // a parse function of its own (wordParsers, parsePunctOperand, ...)
	formSimple             // a bare keyword
	formPrefix             // keyword, then one argument parsed at level
	formBody               // keyword, then one whole filter
	formTwoArg             // keyword(A B)
	formList               // keyword(A ...), at least one argument
	formInfix              // binary operator of precedence level, left associative
	formInfixR             // binary operator of precedence level, right associative
)

// kindInfo is everything the syntax package knows about one Kind.
type kindInfo struct {
	name  string // Kind.String(): unique, used by Dump
	words []Word // keywords and operators that denote the kind, with their help
	form  form
	level int // formPrefix: the argument's level; formInfix*: the operator's precedence
	// feature is the stem of the files that hold the kind in each layer
	// (parse_line.go, compiler/line.go, vm/line.go for "line"); the
	// README's "Where a filter lives" lists them (features_test.go). A
	// kind never built has none.
	feature string
	// msg names the kind in the checker's messages ("" is "this filter").
	msg string
	// noWord says, for a kind without words, how it comes about (and so
	// why it has no help line): internal, a literal, another kind's syntax.
	noWord string
	// extension marks a filter of cqlvm's own, which CQL 6.2 does not
	// have: its help says so, and the official-compatible `cql` command
	// refuses it unless asked (IsExtension).
	extension bool
	// old are the CQL-S keywords (written with their colon) that the
	// old-syntax front end lowers to a kind with no CQL 6 spelling: such a
	// kind has no words and no form, and `cqlvm help` shows these.
	old []Word
}

// lastKind is the last Kind constant.
const lastKind = NumKinds - 1

var kinds = [lastKind + 1]kindInfo{
	KBad: {name: "bad", noWord: "internal: the zero Kind, never built"},

	// literals and constants
	KNumber:   {name: "number", feature: "arith", noWord: "literal: an integer such as 3 or -1"},
	KString:   {name: "string", feature: "strings", noWord: `literal: a quoted string such as "Kasparov"`},
	KDesig:    {name: "desig", feature: "sets", noWord: "literal: a piece designator such as Ra1, [Qq]d-e4-5, ♔, ▦ or ."},
	KTrue:     {name: "true", feature: "logic", form: formSimple, words: []Word{{Text: "true", Syntax: "true", Meaning: "always matches"}}},
	KFalse:    {name: "false", feature: "logic", form: formSimple, words: []Word{{Text: "false", Syntax: "false", Meaning: "never matches"}}},
	KGroup:    {name: "group", feature: "strings", noWord: `literal: a regular-expression group reference \1 or \-1 (see ~~)`},
	KEmptySet: {name: "emptyset", feature: "sets", noWord: "internal: an empty set built by the compiler"},

	// logic and structure
	KCompound:    {name: "compound", feature: "logic", form: formOwn, words: []Word{{Text: "{}", Syntax: "{ F G ... }", Meaning: "compound filter: all constituents match; its value is the last one's"}, {Text: "()", Syntax: "( F )", Meaning: "grouping"}}},
	KAnd:         {name: "and", feature: "logic", form: formInfix, level: levelAnd, words: []Word{{Text: "and", Syntax: "F and G", Meaning: "both match (G is not evaluated when F fails)"}}},
	KOr:          {name: "or", feature: "logic", form: formInfix, level: levelOr, words: []Word{{Text: "or", Syntax: "F or G", Meaning: "either matches (G is not evaluated when F matches)"}}},
	KNot:         {name: "not", feature: "logic", form: formPrefix, level: levelNot + 1, words: []Word{{Text: "not", Syntax: "not F", Meaning: "F does not match; comments made by F are dropped"}}},
	KIf:          {name: "if", feature: "logic", form: formOwn, words: []Word{{Text: "if", Syntax: "if T [then] F [else G]", Meaning: "F where T matches, G (or a match) where it does not"}}},
	KColon:       {name: "colon", feature: "navigation", form: formInfixR, level: levelColon, words: []Word{{Text: ":", Syntax: "P : F", Meaning: "evaluates F at the position P (for example parent:check)"}}},
	KNoTransform: {name: "notransform", feature: "transform", form: formBody, words: []Word{{Text: "notransform", Syntax: "notransform F", Meaning: "F is not changed by the transforms around it"}}},
	KAssert:      {name: "assert", feature: "logic", form: formBody, words: []Word{{Text: "assert", Syntax: "assert F", Meaning: "stops the run with an error if F does not match"}}},

	// sets and arithmetic
	KUnion: {name: "union", feature: "sets", form: formInfix, level: levelUnion, msg: "'|'", words: []Word{{Text: "|", Syntax: "X | Y", Meaning: "union of two square sets", Unicode: []string{"∪"}}}},
	KInter: {name: "inter", feature: "sets", form: formInfix, level: levelInter, msg: "'&'", words: []Word{{Text: "&", Syntax: "X & Y", Meaning: "intersection of two square sets", Unicode: []string{"∩"}}}},
	KMinus: {name: "minus", feature: "arith", form: formInfix, level: levelAdd, msg: "'-'", words: []Word{{Text: "-", Syntax: "A - B / -A", Meaning: "difference of two numbers, or the squares of set A not in set B; -A is the negated number"}}},
	KCompl: {name: "compl", feature: "sets", form: formOwn, msg: "'~'", words: []Word{{Text: "~", Syntax: "~X", Meaning: "the squares not in X"}}},
	KCount: {name: "count", feature: "arith", form: formOwn, words: []Word{{Text: "#", Syntax: "#X", Meaning: "number of squares of X (also length of a string, size of a dictionary)"}}},
	KIn:    {name: "in", feature: "sets", form: formInfix, level: levelIn, words: []Word{{Text: "in", Syntax: "X in Y", Meaning: "X is a subset of Y (true when X is empty); for strings, substring"}}},
	KAttacks: {name: "attacks", feature: "sets", form: formInfix, level: levelAttack, msg: "attacks", words: []Word{
		{Text: "attacks", Syntax: "X attacks Y  (X -> Y)", Meaning: "the squares of X whose piece attacks a square of Y"},
		{Text: "->", Syntax: "X -> Y  /  X1 -> X2 -> ... -> Xn", Meaning: "same as attacks, but binding looser than | and & (B->r|q is B->(r|q)); a chain: the squares of X1 whose line piece would attack Xn if one square of each of X2..Xn-1, met in order, were empty (R->n->k: n pinned by R)", Unicode: []string{"→"}, level: levelArrow},
	}},
	KAttackedBy: {name: "attackedby", feature: "sets", form: formInfix, level: levelAttack, msg: "attackedby", words: []Word{
		{Text: "attackedby", Syntax: "X attackedby Y  (X <- Y)", Meaning: "the squares of X attacked by a piece on Y"},
		{Text: "<-", Syntax: "X <- Y  /  X1 <- X2 <- ... <- Xn", Meaning: "same as attackedby, but binding looser than | and &; a chain holds when Xn -> ... -> X1 does; value: the squares of X1 it reaches", Unicode: []string{"←"}, level: levelArrow},
	}},
	KArrowChain: {name: "arrowchain", feature: "sets", msg: "a chain of '->'", noWord: "X1 -> X2 -> X3 ... or X1 <- X2 <- X3 ...: three or more operands of one arrow (see ->, <-)"},
	KPlus:       {name: "plus", feature: "arith", form: formInfix, level: levelAdd, msg: "'+'", words: []Word{{Text: "+", Syntax: "A + B", Meaning: "sum of two numbers, or the concatenation of two strings"}}},
	KTimes:      {name: "times", feature: "arith", form: formInfix, level: levelMul, msg: "'*'", words: []Word{{Text: "*", Syntax: "A * B", Meaning: "product of two numbers"}}},
	KDiv:        {name: "div", feature: "arith", form: formInfix, level: levelMul, msg: "'/'", words: []Word{{Text: "/", Syntax: "A / B", Meaning: "quotient of two numbers, rounded towards zero"}}},
	KMod:        {name: "mod", feature: "arith", form: formInfix, level: levelMul, msg: "'%'", words: []Word{{Text: "%", Syntax: "A % B", Meaning: "remainder of the division of two numbers"}}},
	KNeg:        {name: "neg", feature: "arith", msg: "unary '-'", noWord: "-A, the negation of a number (see -)"},
	KCmp: {name: "cmp", feature: "arith", form: formInfixR, level: levelRel, words: []Word{
		{Text: "==", Syntax: "A == B  (also <, <=, >, >=, !=)", Meaning: "compares numbers, strings, positions, or sets (== and != only; a set with a number compares its size); value: A"},
		{Text: "!=", Unicode: []string{"≠"}, See: "=="},
		{Text: "<", See: "=="},
		{Text: "<=", Unicode: []string{"≤"}, See: "=="},
		{Text: ">", See: "=="},
		{Text: ">=", Unicode: []string{"≥"}, See: "=="},
	}},
	KAbs:  {name: "abs", feature: "arith", form: formPrefix, level: levelHash, msg: "abs", words: []Word{{Text: "abs", Syntax: "abs N", Meaning: "absolute value"}}},
	KSqrt: {name: "sqrt", feature: "arith", form: formPrefix, level: levelHash, msg: "sqrt", words: []Word{{Text: "sqrt", Syntax: "sqrt N", Meaning: "integer square root"}}},
	KMax:  {name: "max", feature: "arith", form: formList, msg: "max", words: []Word{{Text: "max", Syntax: "max(A B ...)", Meaning: "the largest value (numbers or strings)"}}},
	KMin:  {name: "min", feature: "arith", form: formList, msg: "min", words: []Word{{Text: "min", Syntax: "min(A B ...)", Meaning: "the smallest value (numbers or strings)"}}},

	// position status and game facts
	KWtm:             {name: "wtm", feature: "status", form: formSimple, words: []Word{{Text: "wtm", Syntax: "wtm", Meaning: "White is to move"}}},
	KBtm:             {name: "btm", feature: "status", form: formSimple, words: []Word{{Text: "btm", Syntax: "btm", Meaning: "Black is to move"}}},
	KCheck:           {name: "check", feature: "status", form: formSimple, words: []Word{{Text: "check", Syntax: "check", Meaning: "the side to move is in check"}}},
	KMate:            {name: "mate", feature: "status", form: formSimple, words: []Word{{Text: "mate", Syntax: "mate", Meaning: "the side to move is checkmated"}}},
	KStalemate:       {name: "stalemate", feature: "status", form: formSimple, words: []Word{{Text: "stalemate", Syntax: "stalemate", Meaning: "the side to move is stalemated"}}},
	KInitial:         {name: "initial", feature: "status", form: formSimple, words: []Word{{Text: "initial", Syntax: "initial", Meaning: "the start position of the game"}}},
	KTerminal:        {name: "terminal", feature: "status", form: formSimple, words: []Word{{Text: "terminal", Syntax: "terminal", Meaning: "a position with no further move in the searched game tree"}}},
	KMainline:        {name: "mainline", feature: "status", form: formSimple, words: []Word{{Text: "mainline", Syntax: "mainline", Meaning: "the position is on the mainline (also a header parameter and -mainline)"}}},
	KVariation:       {name: "variation", feature: "status", form: formSimple, words: []Word{{Text: "variation", Syntax: "variation", Meaning: "the position is inside a variation"}}},
	KVirtualMainline: {name: "virtualmainline", feature: "status", form: formSimple, words: []Word{{Text: "virtualmainline", Syntax: "virtualmainline", Meaning: "every White move on the path from the start is a mainline move"}}},
	KTry:             {name: "try", feature: "status", form: formSimple, words: []Word{{Text: "try", Syntax: "try", Meaning: "exactly one White move on the path from the start is a variation move (a try)"}}},
	KPureMate:        {name: "puremate", feature: "status", form: formSimple, words: []Word{{Text: "puremate", Syntax: "puremate", Meaning: "a pure mate: every square around the mated king is guarded or blocked once"}}},
	KPureStalemate:   {name: "purestalemate", feature: "status", form: formSimple, words: []Word{{Text: "purestalemate", Syntax: "purestalemate", Meaning: "a pure stalemate"}}},
	KModelMate:       {name: "modelmate", feature: "status", form: formSimple, words: []Word{{Text: "modelmate", Syntax: "modelmate", Meaning: "a model mate: a pure mate using every White piece but king and pawns"}}},
	KModelStalemate:  {name: "modelstalemate", feature: "status", form: formSimple, words: []Word{{Text: "modelstalemate", Syntax: "modelstalemate", Meaning: "a model stalemate"}}},
	KIdealMate:       {name: "idealmate", feature: "status", form: formSimple, words: []Word{{Text: "idealmate", Syntax: "idealmate", Meaning: "an ideal mate: a pure mate using every piece on the board"}}},
	KIdealStalemate:  {name: "idealstalemate", feature: "status", form: formSimple, words: []Word{{Text: "idealstalemate", Syntax: "idealstalemate", Meaning: "an ideal stalemate"}}},
	KLegalFilter:     {name: "legalfilter", noWord: "reserved: never built (legal and pseudolegal are read as prefixes of a dash or parameters of move)"},
	KSideToMove:      {name: "sidetomove", feature: "info", form: formSimple, words: []Word{{Text: "sidetomove", Syntax: "sidetomove", Meaning: "1 when White is to move, -1 when Black is"}}},
	KWhite:           {name: "white", feature: "info", form: formSimple, words: []Word{{Text: "white", Syntax: "white", Meaning: "the number 1 (compare with sidetomove); also a parameter of player and elo"}}},
	KBlack:           {name: "black", feature: "info", form: formSimple, words: []Word{{Text: "black", Syntax: "black", Meaning: "the number -1 (compare with sidetomove); also a parameter of player and elo"}}},
	KPly:             {name: "ply", feature: "info", form: formSimple, words: []Word{{Text: "ply", Syntax: "ply", Meaning: "half-moves from the start position"}}},
	KMoveNumber:      {name: "movenumber", feature: "info", form: formSimple, words: []Word{{Text: "movenumber", Syntax: "movenumber", Meaning: "the number of the next move (the start is move 1)"}}},
	KPositionId:      {name: "positionid", feature: "info", form: formSimple, words: []Word{{Text: "positionid", Syntax: "positionid", Meaning: "the position's number in pre-order (the start is 0)"}}},
	KDepth:           {name: "depth", feature: "info", form: formSimple, words: []Word{{Text: "depth", Syntax: "depth", Meaning: "the number of variations entered on the path from the start"}}},
	KGameNumber:      {name: "gamenumber", feature: "info", form: formSimple, words: []Word{{Text: "gamenumber", Syntax: "gamenumber", Meaning: "the game's number in the input (also a header parameter and -gamenumber)"}}},
	KLastGameNumber:  {name: "lastgamenumber", feature: "info", form: formSimple, words: []Word{{Text: "lastgamenumber", Syntax: "lastgamenumber", Meaning: "the number of the last game of the input"}}},
	KYear:            {name: "year", feature: "info", form: formSimple, words: []Word{{Text: "year", Syntax: "year", Meaning: "the year of the Date tag"}}},
	KElo:             {name: "elo", feature: "info", form: formOwn, words: []Word{{Text: "elo", Syntax: "elo [white|black]", Meaning: "a player's rating (WhiteElo, BlackElo); without a colour the higher of the two"}}},
	KResult:          {name: "result", feature: "info", form: formOwn, words: []Word{{Text: "result", Syntax: "result 1-0|0-1|1/2-1/2", Meaning: "the game ended with this result (also a header parameter)"}}},
	KPlayer:          {name: "player", feature: "info", form: formOwn, words: []Word{{Text: "player", Syntax: "player [white|black] [\"S\"]", Meaning: "the players' names; with a string, the name contains it"}}},
	KTagValue: {name: "tagvalue", feature: "info", form: formOwn, words: []Word{
		{Text: "tag", Syntax: "tag \"NAME\"", Meaning: "the value of any PGN tag"},
		{Text: "event", Syntax: "event [\"S\"]", Meaning: "the Event tag; with a string, the tag contains it", tag: "Event"},
		{Text: "site", Syntax: "site [\"S\"]", Meaning: "the Site tag; with a string, the tag contains it", tag: "Site"},
		{Text: "date", Syntax: "date [\"S\"]", Meaning: "the Date tag; with a string, the tag contains it", tag: "Date"},
		{Text: "eventdate", Syntax: "eventdate [\"S\"]", Meaning: "the EventDate tag; with a string, the tag contains it", tag: "EventDate"},
		{Text: "eco", Syntax: "eco [\"S\"]", Meaning: "the ECO tag; with a string, the tag contains it", tag: "ECO"},
	}},
	KSimilarPosition: {name: "similarposition", feature: "info", form: formOwn, words: []Word{{Text: "similarposition", Syntax: "similarposition [notransform] \"FILE.pgn\"", Meaning: "the number of the first game of FILE with a mainline position similar to the current one (commented there): the same side to move and the same board up to the rotations and reflections (pawnless) or a left-right reflection and a horizontal shift (with pawns); notransform: the same board"}}},
	KFen:             {name: "fen", feature: "info", form: formOwn, words: []Word{{Text: "fen", Syntax: "fen / fen \"FEN\"", Meaning: "the position's FEN (string), or: the board equals that of FEN (which may use A, a, . and _ for a square)"}}},
	KSetTag:          {name: "settag", feature: "output", form: formList, words: []Word{{Text: "settag", Syntax: "settag(\"NAME\" VALUE)", Meaning: "sets a tag of the output game"}}},
	KRemoveTag:       {name: "removetag", feature: "output", form: formOwn, words: []Word{{Text: "removetag", Syntax: "removetag \"NAME\"", Meaning: "removes a tag from the output game (CQLi extension)"}}},
	KOriginalComment: {name: "originalcomment", feature: "info", form: formOwn, words: []Word{{Text: "originalcomment", Syntax: "originalcomment [\"S\"]", Meaning: "the PGN comment of this position; with a string, it contains it, or with a NAG (\"$6\" or \"?!\") the move carries it"}, {Text: "hascomment", Syntax: "hascomment [\"S\"]", Meaning: "the same as originalcomment (the CQL 6.0 spelling)"}}},
	KHasNAG:          {name: "hasnag", feature: "info", noWord: `originalcomment "$6" or originalcomment "?!": the move carries a NAG (see originalcomment)`},
	KHHDB:            {name: "hhdb", feature: "hhdb", form: formOwn, words: []Word{{Text: "hhdb", Syntax: "hhdb KEYWORD [\"S\"]", Meaning: "a field of the HHdb endgame study database from the tags and comments: award, prize, hm, commendation, special, max, egdiagram (numbers); composer, gbr, stipulation, diagram, firstcomment, search (strings); cooked, sound, unsound, dual, TT, \"(c)\", \"<main>\", mainline, ... (see the README)"}}},
	KRemoveComment:   {name: "removecomment", feature: "output", form: formSimple, words: []Word{{Text: "removecomment", Syntax: "removecomment", Meaning: "removes the PGN comments of this position from the output"}}},

	// geometry
	KDirection: {name: "direction", feature: "sets", form: formOwn, msg: "a direction filter", words: []Word{
		{Text: "up", Syntax: "up [RANGE] X", Meaning: "squares reachable from X going up (towards rank 8)", dir: DirUp},
		{Text: "down", Syntax: "down [RANGE] X", Meaning: "squares reachable from X going down (towards rank 1)", dir: DirDown},
		{Text: "left", Syntax: "left [RANGE] X", Meaning: "squares reachable from X going left (towards the a-file)", dir: DirLeft},
		{Text: "right", Syntax: "right [RANGE] X", Meaning: "squares reachable from X going right (towards the h-file)", dir: DirRight},
		{Text: "northeast", Syntax: "northeast [RANGE] X", Meaning: "squares reachable from X diagonally up and right", dir: DirNE},
		{Text: "northwest", Syntax: "northwest [RANGE] X", Meaning: "squares reachable from X diagonally up and left", dir: DirNW},
		{Text: "southeast", Syntax: "southeast [RANGE] X", Meaning: "squares reachable from X diagonally down and right", dir: DirSE},
		{Text: "southwest", Syntax: "southwest [RANGE] X", Meaning: "squares reachable from X diagonally down and left", dir: DirSW},
		{Text: "vertical", Syntax: "vertical [RANGE] X", Meaning: "squares reachable from X up or down", dir: DirVertical},
		{Text: "horizontal", Syntax: "horizontal [RANGE] X", Meaning: "squares reachable from X left or right", dir: DirHorizontal},
		{Text: "diagonal", Syntax: "diagonal [RANGE] X", Meaning: "squares reachable from X along the diagonals", dir: DirDiagonal},
		{Text: "orthogonal", Syntax: "orthogonal [RANGE] X", Meaning: "squares reachable from X along ranks and files", dir: DirOrthogonal},
		{Text: "anydirection", Syntax: "anydirection [RANGE] X", Meaning: "squares reachable from X in any of the eight directions", dir: DirAny},
		{Text: "maindiagonal", Syntax: "maindiagonal [RANGE] X", Meaning: "squares reachable from X along the a1-h8 direction", dir: DirMainDiag},
		{Text: "offdiagonal", Syntax: "offdiagonal [RANGE] X", Meaning: "squares reachable from X along the a8-h1 direction", dir: DirOffDiag},
	}},
	KLight:          {name: "light", feature: "sets", form: formPrefix, level: levelIndex, msg: "light", words: []Word{{Text: "light", Syntax: "light X", Meaning: "the light squares of X"}}},
	KDark:           {name: "dark", feature: "sets", form: formPrefix, level: levelIndex, msg: "dark", words: []Word{{Text: "dark", Syntax: "dark X", Meaning: "the dark squares of X"}}},
	KBetween:        {name: "between", feature: "sets", form: formTwoArg, words: []Word{{Text: "between", Syntax: "between(X Y)", Meaning: "the squares strictly between a square of X and one of Y on a line"}}},
	KPin:            {name: "pin", feature: "sets", form: formOwn, words: []Word{{Text: "pin", Syntax: "pin [from X] [through Y] [to Z]", Meaning: "pinned pieces (or pinners, or pinned-to pieces): the set of the first parameter given"}}},
	KRay:            {name: "ray", feature: "sets", form: formOwn, words: []Word{{Text: "ray", Syntax: "ray [DIRECTIONS] (X1 X2 ... Xn)", Meaning: "a straight ray from X1 through X2..Xn with empty squares between; value: the squares of Xn"}}},
	KXray:           {name: "xray", feature: "sets", form: formList, words: []Word{{Text: "xray", Syntax: "xray (X1 X2 ... Xn)", Meaning: "like ray attack, but the squares of X2..Xn-1 may be occupied"}}},
	KMakeSquare:     {name: "makesquare", feature: "sets", form: formOwn, words: []Word{{Text: "makesquare", Syntax: "makesquare(FILE RANK) / makesquare STRING", Meaning: "the square with these coordinates (1-8) or name (\"e4\")"}}},
	KPower:          {name: "power", feature: "pieces", form: formPrefix, level: levelArrow, msg: "power", words: []Word{{Text: "power", Syntax: "power X", Meaning: "material value of the pieces on X (P 1, N 3, B 3, R 5, Q 9, K 0)"}}},
	KRank:           {name: "rank", feature: "pieces", form: formPrefix, level: levelArrow, msg: "rank", words: []Word{{Text: "rank", Syntax: "rank X", Meaning: "the rank (1-8) of the single square of X"}}},
	KFile:           {name: "file", feature: "pieces", form: formPrefix, level: levelArrow, msg: "file", words: []Word{{Text: "file", Syntax: "file X", Meaning: "the file (1-8) of the single square of X"}}},
	KType:           {name: "type", feature: "pieces", form: formPrefix, level: levelArrow, msg: "type", words: []Word{{Text: "type", Syntax: "type X", Meaning: "the piece type (empty 0, P 1 ... K 6) on the single square of X"}}},
	KColorType:      {name: "colortype", feature: "pieces", form: formPrefix, level: levelArrow, msg: "colortype", words: []Word{{Text: "colortype", Syntax: "colortype X", Meaning: "the piece type on the single square of X (0 if empty), negative for Black"}}},
	KPieceName:      {name: "piecename", feature: "pieces", form: formPrefix, level: levelArrow, msg: "piecename", words: []Word{{Text: "piecename", Syntax: "piecename X", Meaning: "the letter of the piece on the single square of X (\"Q\", \"q\")"}}},
	KTypeName:       {name: "typename", feature: "pieces", form: formPrefix, level: levelArrow, msg: "typename", words: []Word{{Text: "typename", Syntax: "typename X", Meaning: "the upper-case letter of the piece type on the single square of X"}}},
	KPieceId:        {name: "pieceid", feature: "pieces", form: formPrefix, level: levelArrow, msg: "pieceid", words: []Word{{Text: "pieceid", Syntax: "pieceid X", Meaning: "a number identifying the piece on the single square of X across moves"}}},
	KPassedPawns:    {name: "passedpawns", feature: "pieces", form: formSimple, words: []Word{{Text: "passedpawns", Syntax: "passedpawns", Meaning: "the passed pawns"}}},
	KIsolatedPawns:  {name: "isolatedpawns", feature: "pieces", form: formSimple, words: []Word{{Text: "isolatedpawns", Syntax: "isolatedpawns", Meaning: "the isolated pawns"}}},
	KDoubledPawns:   {name: "doubledpawns", feature: "pieces", form: formSimple, words: []Word{{Text: "doubledpawns", Syntax: "doubledpawns", Meaning: "the doubled pawns"}}},
	KConnectedPawns: {name: "connectedpawns", feature: "pieces", form: formSimple, words: []Word{{Text: "connectedpawns", Syntax: "connectedpawns", Meaning: "the pawns with a friendly pawn on an adjacent file"}}},

	// variables, functions and loops
	KVar: {name: "var", feature: "variables", noWord: "a variable name"},
	KAssign: {name: "assign", feature: "variables", form: formOwn, words: []Word{
		{Text: "=", Syntax: "x = F", Meaning: "binds variable x to the value of F (a set assignment always matches)"},
		{Text: "=?", Syntax: "x =? S", Meaning: "binds x to the set S, failing when S is empty"},
		{Text: "+=", Syntax: "x += N  (also -=, *=, /=, %=)", Meaning: "updates the numeric variable x with the value of N (+= also appends to a string)"},
		{Text: "-=", See: "+="},
		{Text: "*=", See: "+="},
		{Text: "/=", See: "+="},
		{Text: "%=", See: "+="},
		{Text: "|=", Syntax: "x |= S  (also &=)", Meaning: "updates the set variable x with its union (&=: intersection) with the set S", Unicode: []string{"∪="}},
		{Text: "&=", See: "|=", Unicode: []string{"∩="}},
	}},
	KPieceAssign: {name: "pieceassign", feature: "variables", noWord: "piece x = S or [Aa]x = S (see piece)"},
	KPersistent:  {name: "persistent", feature: "variables", form: formOwn, words: []Word{{Text: "persistent", Syntax: "persistent [quiet] x = F", Meaning: "a variable kept across games and printed at the end of the run"}, {Text: "atomic", Syntax: "atomic x = F", Meaning: "a variable restored when path backtracks"}}},
	KUnbind:      {name: "unbind", feature: "variables", form: formPrefix, level: levelIndex, words: []Word{{Text: "unbind", Syntax: "unbind x / unbind D[k]", Meaning: "removes the value of x (or a dictionary entry)"}}},
	KIsBound:     {name: "isbound", feature: "variables", form: formPrefix, level: levelIndex, words: []Word{{Text: "isbound", Syntax: "isbound x", Meaning: "x has a value"}}},
	KIsUnbound:   {name: "isunbound", feature: "variables", form: formPrefix, level: levelIndex, words: []Word{{Text: "isunbound", Syntax: "isunbound x", Meaning: "x has no value"}}},
	KSquareLoop:  {name: "squareloop", feature: "loops", form: formOwn, words: []Word{{Text: "square", Syntax: "square [all] x in S F", Meaning: "the squares x of S where F matches (with all: F matches on every square)"}}},
	KPieceLoop:   {name: "pieceloop", feature: "loops", form: formOwn, words: []Word{{Text: "piece", Syntax: "piece [all] x in S F / piece x = S", Meaning: "the pieces x on S where F matches; piece x = S binds a piece that is then followed as it moves"}}},
	KFuncDef:     {name: "funcdef", feature: "function", form: formOwn, words: []Word{{Text: "function", Syntax: "function f(x y) { F }", Meaning: "defines f; f(A B) evaluates F with x, y bound to A, B"}}},
	KCall:        {name: "call", feature: "function", noWord: "f(A B): a call of a function (see function)"},
	KLoop:        {name: "loop", feature: "loops", form: formBody, words: []Word{{Text: "loop", Syntax: "loop F", Meaning: "evaluates F again while it matches; matches if F matched once"}}},
	KWhile:       {name: "while", feature: "loops", form: formOwn, words: []Word{{Text: "while", Syntax: "while (T) F", Meaning: "evaluates F while T matches; always matches"}}},
	KDictIndex:   {name: "dictindex", noWord: "reserved: never built (D[k] is a strindex)"},
	KDictDecl:    {name: "dictdecl", feature: "dict", form: formOwn, words: []Word{{Text: "dictionary", Syntax: "dictionary D / dictionary D[k] = v / D[k] = v", Meaning: "a table from keys to values (local dictionary: cleared per game); a first assignment may follow the declaration"}, {Text: "local", Syntax: "local dictionary D", Meaning: "a dictionary emptied at each game"}}},
	KElementLoop: {name: "elementloop", feature: "dict", form: formOwn, words: []Word{{Text: "string", Syntax: "string k in D F", Meaning: "iteration over the string keys of a dictionary"}}},

	// strings
	KStrIndex: {name: "strindex", feature: "strings", form: formInfix, level: levelIndex, words: []Word{
		{Text: "[", Syntax: "S[i] / S[i:j] / D[k]", Meaning: "the character of string S at index i (from 0), a slice of S, or the entry of dictionary D at key k"},
	}},
	KSlice:         {name: "slice", feature: "strings", noWord: "S[i:j], a slice of a string (see [)"},
	KRegex:         {name: "regex", feature: "strings", form: formInfix, level: levelIndex, words: []Word{{Text: "~~", Syntax: "S ~~ \"REGEX\"", Meaning: "the first match of the regular expression in S (\\1 ... are its groups)"}}},
	KStr:           {name: "str", feature: "output", form: formOwn, words: []Word{{Text: "str", Syntax: "str(A ...) / str A", Meaning: "the values as a string (sets as square lists)"}}},
	KLower:         {name: "lowercase", feature: "strings", form: formPrefix, level: levelArrow, words: []Word{{Text: "lowercase", Syntax: "lowercase S", Meaning: "S in lower case"}}},
	KUpper:         {name: "uppercase", feature: "strings", form: formPrefix, level: levelArrow, words: []Word{{Text: "uppercase", Syntax: "uppercase S", Meaning: "S in upper case"}}},
	KInt:           {name: "int", feature: "strings", form: formPrefix, level: levelAdd, words: []Word{{Text: "int", Syntax: "int S", Meaning: "the number written in S"}}}, // below +: int "32" + "1" is int "321" (int.html)
	KAscii:         {name: "ascii", feature: "strings", form: formPrefix, level: levelArrow, words: []Word{{Text: "ascii", Syntax: "ascii S / ascii N", Meaning: "the code of a one-character string, or the character of a code"}}},
	KIndexOf:       {name: "indexof", feature: "strings", form: formTwoArg, words: []Word{{Text: "indexof", Syntax: "indexof(A B)", Meaning: "the position of A in B, from 0; fails when A is not in B"}}},
	KTypeNameDesig: {name: "typenamedesig", feature: "moves", noWord: `the piece types of a promotion, =Q or ="RBN" (see --)`},

	// positions and navigation
	KCurrentPosition:  {name: "currentposition", feature: "navigation", form: formSimple, words: []Word{{Text: "currentposition", Syntax: "currentposition", Meaning: "the current position (also curpos)", Unicode: []string{"∙"}}, {Text: "curpos", Syntax: "curpos", Meaning: "the current position"}}},
	KInitialPosition:  {name: "initialposition", feature: "navigation", form: formSimple, words: []Word{{Text: "initialposition", Syntax: "initialposition", Meaning: "the start position of the game"}}},
	KParent:           {name: "parent", feature: "navigation", form: formSimple, words: []Word{{Text: "parent", Syntax: "parent", Meaning: "the position before the last move (fails at the start)"}}},
	KChild:            {name: "child", feature: "navigation", form: formOwn, words: []Word{{Text: "child", Syntax: "child / child(N)", Meaning: "the position after the mainline move (or the N-th move, 0 = mainline)"}}},
	KPosition:         {name: "position", feature: "navigation", form: formPrefix, level: levelHash, words: []Word{{Text: "position", Syntax: "position N", Meaning: "the position whose positionid is N"}}},
	KFind:             {name: "find", feature: "find", form: formOwn, words: []Word{{Text: "find", Syntax: "find [all|RANGE] [<--] [quiet] F", Meaning: "the first later position (or earlier with <--) where F matches; with all or a range, how many"}}},
	KEcho:             {name: "echo", feature: "echo", form: formOwn, words: []Word{{Text: "echo", Syntax: "echo [quiet] (s t) [in all] F", Meaning: "F holds with t as the current position for some other position t of the game (s is this one)"}}},
	KLca:              {name: "lca", feature: "navigation", form: formTwoArg, words: []Word{{Text: "lca", Syntax: "lca(X Y)", Meaning: "the last position common to the paths to X and Y"}}},
	KAncestor:         {name: "ancestor", feature: "navigation", form: formTwoArg, words: []Word{{Text: "ancestor", Syntax: "ancestor(X Y)", Meaning: "position X comes before position Y on the same path"}}},
	KDescendant:       {name: "descendant", feature: "navigation", form: formTwoArg, words: []Word{{Text: "descendant", Syntax: "descendant(X Y)", Meaning: "position X comes after position Y on the same path"}}},
	KDistance:         {name: "distance", feature: "navigation", form: formTwoArg, words: []Word{{Text: "distance", Syntax: "distance(X Y)", Meaning: "the number of moves between positions X and Y through their lca"}}},
	KConsecutiveMoves: {name: "consecutivemoves", feature: "navigation", form: formOwn, words: []Word{{Text: "consecutivemoves", Syntax: "consecutivemoves [quiet] [RANGE] (X Y)", Meaning: "the longest run of identical moves leading from lca(X Y) towards X and Y"}}},
	KAncestry: {name: "ancestry", feature: "navigation", form: formInfixR, level: levelRel, words: []Word{
		{Text: "[<]", Unicode: []string{"≺"}, Syntax: "P [<] Q  (also [<=], [>], [>=])", Meaning: "position P is an ancestor of position Q ([<=]: or is Q; [>], [>=]: a descendant)"},
		{Text: "[<=]", Unicode: []string{"≼"}, See: "[<]"},
		{Text: "[>]", Unicode: []string{"≻"}, See: "[<]"},
		{Text: "[>=]", Unicode: []string{"≽"}, See: "[<]"},
	}},

	// moves
	KMove: {name: "move", feature: "moves", form: formOwn, words: []Word{{Text: "move", Syntax: "move [previous|legal|pseudolegal] [from X] [to Y] [capture Z] [promote T] ...", Meaning: "a move (of the game, or generated) with these properties exists; value: the set of the first of from, to, capture"}}},
	KDash: {name: "dash", feature: "moves", form: formOwn, words: []Word{
		{Text: "--", Syntax: "X--Y[(F ...)]  X[x]Y  X--Y=T", Meaning: "a move of the game from X to Y (capture with [x], promotion with =T: a type such as Q or [RN], or a string filter whose letters name the types); F is evaluated after it", Unicode: []string{"――"}},
		{Text: "[x]", Syntax: "X[x]Y", Meaning: "a capturing move of the game from X that captures on Y (en passant: Y is the captured pawn's square)", Unicode: []string{"×"}},
		{Text: "legal", Syntax: "legal X--Y / move legal ...", Meaning: "use the legal moves of the position instead of the game's moves"},
		{Text: "pseudolegal", Syntax: "pseudolegal X--Y / move pseudolegal ...", Meaning: "use the pseudolegal moves (the king may be left in check)"},
	}},
	KCountMoves:         {name: "countmoves", feature: "moves", form: formOwn, words: []Word{{Text: "countmoves", Syntax: "countmoves [legal|pseudolegal] X--Y", Meaning: "the number of such moves"}}},
	KCurrentMove:        {name: "currentmove", feature: "moves", form: formOwn, words: []Word{{Text: "currentmove", Syntax: "currentmove X--Y[(F ...)]", Meaning: "the move that led to this position goes from X to Y (X, Y taken before it) and F holds after it"}}},
	KFrom:               {name: "from", feature: "moves", form: formSimple, words: []Word{{Text: "from", Syntax: "from / move from X", Meaning: "the square the last move left (after castling the king's and the rook's; in a dash target, the moving piece's; empty at the start); parameter of move and pin"}}},
	KTo:                 {name: "to", feature: "moves", form: formSimple, words: []Word{{Text: "to", Syntax: "to / move to Y", Meaning: "the square the last move went to (after castling the king's and the rook's; in a dash target, the moving piece's); parameter of move and pin"}}},
	KCastle:             {name: "castle", feature: "moves", form: formSimple, words: []Word{{Text: "castle", Syntax: "castle", Meaning: "the last move was castling"}}},
	KOO:                 {name: "o-o", feature: "moves", form: formSimple, words: []Word{{Text: "o-o", Syntax: "o-o", Meaning: "the last move was kingside castling"}}},
	KOOO:                {name: "o-o-o", feature: "moves", form: formSimple, words: []Word{{Text: "o-o-o", Syntax: "o-o-o", Meaning: "the last move was queenside castling"}}},
	KEnPassant:          {name: "enpassant", feature: "moves", form: formSimple, words: []Word{{Text: "enpassant", Syntax: "enpassant", Meaning: "the last move was an en-passant capture"}}},
	KEnPassantSquare:    {name: "enpassantsquare", feature: "moves", form: formSimple, words: []Word{{Text: "enpassantsquare", Syntax: "enpassantsquare", Meaning: "the square of the pawn captured en passant by the last move"}}},
	KNullMove:           {name: "nullmove", feature: "moves", form: formSimple, words: []Word{{Text: "nullmove", Syntax: "nullmove", Meaning: "the last move was a null move (-- in the PGN)"}}},
	KPrimary:            {name: "primary", feature: "moves", form: formSimple, words: []Word{{Text: "primary", Syntax: "primary", Meaning: "the last move is the first (mainline) move from its position"}}},
	KSecondary:          {name: "secondary", feature: "moves", form: formSimple, words: []Word{{Text: "secondary", Syntax: "secondary", Meaning: "the last move starts a variation"}}},
	KLine:               {name: "line", feature: "line", form: formOwn, words: []Word{{Text: "line", Syntax: "line [PARAMETERS] --> F1 --> F2 ...", Meaning: "a sequence of consecutive positions matching F1, F2, ... (repetitions allowed); value: its length"}}},
	KPath:               {name: "path", feature: "path", form: formOwn, words: []Word{{Text: "path", Syntax: "path [PARAMETERS] X--Y(F) X--Y ...", Meaning: "a sequence of moves each matching its dash filter (6.2 successor of line); value: its length, or with max F the greatest value of F", Unicode: []string{"⊢"}}}},
	KSeqFilter:          {name: "seqfilter", feature: "line", noWord: "internal: a filter constituent of a line or path"},
	KSeqConcat:          {name: "seqconcat", feature: "line", noWord: "internal: consecutive constituents of a line or path"},
	KSeqAlt:             {name: "seqalt", feature: "line", noWord: "internal: alternatives in a path (no parser builds it yet)"},
	KSeqRepeat:          {name: "seqrepeat", feature: "line", noWord: "internal: a repeated constituent (*, +, ?, {m,n}) of a line or path"},
	KSeqDash:            {name: "seqdash", feature: "path", noWord: "internal: a dash step of a path"},
	KPathCount:          {name: "pathcount", feature: "path", form: formSimple, words: []Word{{Text: "pathcount", Syntax: "pathcount", Meaning: "the moves of the enclosing path so far; outside a path, the length of the last path that matched"}}},
	KPathCountUnfocused: {name: "pathcountunfocused", feature: "path", form: formSimple, words: []Word{{Text: "pathcountunfocused", Syntax: "pathcountunfocused", Meaning: "the moves since the path's start that it passed over (not focused): all of them less pathcount (experimental)"}}},
	KPathStart:          {name: "pathstart", feature: "path", form: formSimple, words: []Word{{Text: "pathstart", Syntax: "pathstart", Meaning: "the first position of the current path match (experimental)"}}},
	KPathLastPosition:   {name: "pathlastposition", feature: "path", form: formSimple, words: []Word{{Text: "pathlastposition", Syntax: "pathlastposition", Meaning: "the last position of the current path match (experimental)"}}},
	KCurrentTransform:   {name: "currenttransform", feature: "transform", form: formSimple, words: []Word{{Text: "currenttransform", Syntax: "currenttransform", Meaning: "the name of the transform in force, as a string"}}},
	KTransform: {name: "transform", feature: "transform", form: formOwn, words: []Word{
		{Text: "flipcolor", Syntax: "flipcolor [count|RANGE] F", Meaning: "F or F with colours swapped and the board mirrored rank-wise", Unicode: []string{"⬓"}, tk: TFlipColor},
		{Text: "reversecolor", Syntax: "reversecolor F", Meaning: "F with colours swapped only (not F itself)", tk: TReverseColor},
		{Text: "flip", Syntax: "flip [count|RANGE] F", Meaning: "F under any of the 8 symmetries of the board (also flipdihedral)", Unicode: []string{"✵"}, tk: TFlip},
		{Text: "flipdihedral", Syntax: "flipdihedral F", Meaning: "same as flip", tk: TFlip},
		{Text: "flipvertical", Syntax: "flipvertical F", Meaning: "F or F mirrored a-file to h-file", tk: TFlipVertical},
		{Text: "fliphorizontal", Syntax: "fliphorizontal F", Meaning: "F or F mirrored rank 1 to rank 8", tk: TFlipHorizontal},
		{Text: "rotate90", Syntax: "rotate90 F", Meaning: "F under any of the 4 rotations of the board", tk: TRotate90},
		{Text: "rotate45", Syntax: "rotate45 F", Meaning: "F with its directions rotated by 45 degrees", tk: TRotate45},
		{Text: "shift", Syntax: "shift F", Meaning: "F moved by any translation that keeps its squares on the board", tk: TShift},
		{Text: "shifthorizontal", Syntax: "shifthorizontal F", Meaning: "F moved sideways", tk: TShiftHorizontal},
		{Text: "shiftvertical", Syntax: "shiftvertical F", Meaning: "F moved up or down", tk: TShiftVertical},
	}},
	KOrbit: {name: "orbit", feature: "transform", noWord: "internal: a transform expanded by the compiler"},

	// output
	KSort:      {name: "sort", feature: "output", form: formOwn, words: []Word{{Text: "sort", Syntax: "sort [quiet] [min|max] [\"DOC\"] F", Meaning: "orders the output games by the best value of F in each (max by default)"}}},
	KComment:   {name: "comment", feature: "output", form: formOwn, words: []Word{{Text: "comment", Syntax: "comment(A ...) / comment A", Meaning: "adds the values as a comment at this position in the output; always matches"}, {Text: "///", Syntax: "/// TEXT", Meaning: "a comment filter: the rest of the line, as with comment (6.2)"}}},
	KMessage:   {name: "message", feature: "output", form: formOwn, words: []Word{{Text: "message", Syntax: "message [quiet] (A ...)", Meaning: "prints the values while the query runs"}}},
	KQuiet:     {name: "quietfilter", noWord: "reserved: never built (quiet is a parameter)"},
	KReadFile:  {name: "readfile", feature: "strings", form: formOwn, words: []Word{{Text: "readfile", Syntax: "readfile \"FILE\"", Meaning: "the contents of a file, as a string"}}},
	KWriteFile: {name: "writefile", feature: "output", form: formList, words: []Word{{Text: "writefile", Syntax: "writefile(\"FILE\" S)", Meaning: "appends S to a file"}}},

	// CQL-S built-ins: no CQL 6 spelling (see ast.go for their fields)
	KExchangeEvaluation: {name: "exchangeevaluation", feature: "builtins", old: []Word{{Text: ":exchangeevaluation", Syntax: "(position :exchangeevaluation LO HI)", Meaning: "the static exchange evaluation of the next move, a capture, in pawns, lies in LO..HI"}}},
	KMaxSwapEvaluation:  {name: "maxswapevaluation", feature: "builtins", old: []Word{{Text: ":maxswapevaluation", Syntax: "(position :maxswapevaluation [FROM TO] RANGE)", Meaning: "the best static exchange evaluation of a move of FROM's pieces to TO, in pawns, lies in RANGE"}}},
	KPawnCount: {name: "pawncount", feature: "builtins", old: []Word{
		{Text: ":pawncount", Syntax: "(position :pawncount D ATTR-ATTR-... RANGE)", Meaning: "the pawns of D with the chained attributes (passed, isolated, double, duo, chained, backward, candidate, ...; !attr; a counting word last) number RANGE"},
		{Text: ":pawncountdifference", Syntax: "(position :pawncountdifference D [E] ATTRS RANGE)", Meaning: "the White minus the Black count of :pawncount D ATTRS (or D's minus E's) lies in RANGE"},
	}},
	KOpposition: {name: "opposition", feature: "builtins", old: []Word{{Text: ":opposition", Syntax: "(position :opposition [K|k])", Meaning: "that king (else the side to move's) has the opposition, by the kings' places and the side to move alone"}}},
	KGoodBishop: {name: "goodbishop", feature: "builtins", old: []Word{{Text: ":goodbishop", Syntax: "(position :goodbishop B R1 : R2)", Meaning: "a bishop of B has R1 enemy pawns on its square colour and R2 own pawns off it (counts or percentages)"}}},
	KCannotWin: {name: "cannotwin", feature: "builtins", old: []Word{
		{Text: ":whitecannotwin", Syntax: "(position :whitecannotwin)", Meaning: "White has a bare king, or a king and one minor piece"},
		{Text: ":blackcannotwin", Syntax: "(position :blackcannotwin)", Meaning: "Black has a bare king, or a king and one minor piece"},
	}},
	KMatingMaterial:      {name: "matingmaterial", feature: "builtins", old: []Word{{Text: ":matingmaterial", Syntax: "(position :matingmaterial)", Meaning: "either side can still mate (not K-K, K+minor-K, or K+B-K+B with bishops on one colour)"}}},
	KGameIsOver:          {name: "gameisover", feature: "builtins", old: []Word{{Text: ":gameisover", Syntax: "(position :gameisover)", Meaning: "mate, stalemate, or no mating material"}}},
	KHalfmoveClock:       {name: "halfmoveclock", feature: "builtins", old: []Word{{Text: ":halfmoveclocklimit", Syntax: "(position :halfmoveclocklimit N)", Meaning: "at most N half-moves since the last capture or pawn move"}}},
	KFiftyMoveRule:       {name: "fiftymoverule", feature: "builtins", old: []Word{{Text: ":fiftymoverule", Syntax: "(position :fiftymoverule)", Meaning: "the first mainline position after fifty moves without a capture or pawn move"}}},
	KRepetitionCount:     {name: "repetitioncount", feature: "builtins", old: []Word{{Text: ":repetitioncount", Syntax: "(position :repetitioncount RANGE)", Meaning: "the position (with side to move, castling and en-passant rights) has occurred RANGE times so far"}}},
	KThreefoldRepetition: {name: "threefoldrepetition", feature: "builtins", old: []Word{{Text: ":threefoldrepetition", Syntax: "(position :threefoldrepetition)", Meaning: "the first mainline position occurring for the third time"}}},
	KEvaluation:          {name: "evaluation", feature: "builtins", old: []Word{{Text: ":evaluation", Syntax: "(position :evaluation depth D|movetime MS LO HI sidetomove|absolute / ... mate)", Meaning: "a UCI engine's score of the position (in pawns) lies in LO..HI, or it finds a mate (needs stockfish or --engine)"}}},
	KStartPosition: {name: "startposition", feature: "builtins", old: []Word{
		{Text: ":ischess960", Syntax: "(position :ischess960)", Meaning: "the game starts from a Chess960 position (the standard one, 518, included)"},
		{Text: ":startposition", Syntax: "(position :startposition N,M,...)", Meaning: "the game starts from the Chess960 position numbered N or M ... (standard numbering, 518 the usual start)"}}},
	KShuffleChess:   {name: "shufflechess", feature: "builtins", old: []Word{{Text: ":isshufflechess", Syntax: "(position :isshufflechess)", Meaning: "the game starts from a shuffle-chess position: pawns on their ranks, the pieces of the back rank in any order, Black mirroring White (every Chess960 start included)"}}},
	KTakesLastPiece: {name: "takeslastpiece", feature: "builtins", old: []Word{{Text: ":takeslastpiece", Syntax: "(position :takeslastpiece)", Meaning: "the next move takes the opponent's last man besides the king"}}},
	KMoveEvaluation: {name: "moveevaluation", feature: "builtins", old: []Word{{Text: ":moveevaluation", Syntax: "(position :moveevaluation FROM TO depth D|movetime MS LO HI sidetomove|absolute)", Meaning: "the engine's score of the position less that of the one before lies in LO..HI (needs stockfish or --engine)"}}},
	// annotation commands and engines: cqlvm extensions of CQL 6
	KEval:        {name: "eval", feature: "annotations", form: formOwn, extension: true, words: []Word{{Text: "eval", Syntax: "eval [white|black|sidetomove]", Meaning: "the [%eval] of the move into the position, in centipawns from White's side (or that side's); a mate in N is 100000-N, being mated -(100000-N); fails without one"}}},
	KEvalMate:    {name: "evalmate", feature: "annotations", form: formOwn, extension: true, words: []Word{{Text: "evalmate", Syntax: "evalmate [white|black|sidetomove]", Meaning: "the N of an [%eval #N]: the moves to mate, positive when White (or that side) mates; fails when the evaluation is not a mate"}}},
	KClock:       {name: "clock", feature: "annotations", form: formOwn, extension: true, words: []Word{{Text: "clock", Syntax: "clock [white|black|sidetomove]", Meaning: "the [%clk] remaining time in seconds of the side that just moved (or of that side, as of this position); fails without one"}}},
	KEmt:         {name: "emt", feature: "annotations", form: formOwn, extension: true, words: []Word{{Text: "emt", Syntax: "emt [white|black|sidetomove]", Meaning: "the time in seconds the last move took (or that side's last move): its [%emt], else worked out from the [%clk] clocks and the TimeControl tag; fails when they cannot tell"}}},
	KVariantName: {name: "variant", feature: "variants", form: formOwn, extension: true, words: []Word{{Text: "variant", Syntax: "variant", Meaning: `the game's variant as Lichess names it: "Standard", "Chess960", "Crazyhouse", "Antichess", "Atomic", "King of the Hill", "Three-check", "Horde" or "Racing Kings"`}}},
	KCheckCount:  {name: "checkcount", feature: "variants", form: formOwn, extension: true, words: []Word{{Text: "checkcount", Syntax: "checkcount [white|black|sidetomove]", Meaning: "the checks the side that just moved (or that side) has given so far in Three-check; 0 in other variants"}}},
	KInHand:      {name: "inhand", feature: "variants", form: formOwn, extension: true, words: []Word{{Text: "inhand", Syntax: "inhand [white|black|sidetomove]", Meaning: `the pieces in hand in Crazyhouse as FEN letters, White's first ("QPPn"), or that side's; "" elsewhere`}}},
	KDrop:        {name: "drop", feature: "variants", form: formOwn, extension: true, words: []Word{{Text: "drop", Syntax: "drop", Meaning: "the square the move into the position dropped a piece on (Crazyhouse); fails where that move is not a drop"}}},
	KEngineEval:  {name: "engineeval", feature: "annotations", form: formOwn, extension: true, words: []Word{{Text: "engineeval", Syntax: "engineeval [depth D|movetime MS] [white|black|sidetomove]", Meaning: "a UCI engine's score of the position in centipawns, counted as eval (default depth 12; needs stockfish or --engine)"}}},
}

// otherWords are the keywords and symbols that are not kinds of their
// own: parameters of filters, words of the cql header, separators, and
// reserved words. Every identifier among them is reserved.
var otherWords = []Word{
	{Text: "then", Syntax: "if T then F", Meaning: "optional word between the test and the branch of if"},
	{Text: "else", Syntax: "if T F else G", Meaning: "the branch of if taken when T does not match"},
	{Text: "cql", Syntax: "cql(PARAMETERS) FILTERS", Meaning: "the header that starts every query file; the parameters set input, output, variations, ..."},
	{Text: "through", Syntax: "pin through Y", Meaning: "parameter of pin: the pinned pieces"},
	{Text: "attack", Syntax: "ray attack (X1 ... Xn)", Meaning: "parameter of ray: X1 must be a line piece moving along the ray"},
	{Text: "all", Syntax: "square all x in S F / find all F", Meaning: "parameter: every square must match (square, piece), count all positions (find)"},
	{Text: "[forall]", Unicode: []string{"∀"}, See: "all"},
	{Text: "[element]", Unicode: []string{"∊"}, See: "in"},
	{Text: "―――", See: "--"},
	{Text: "count", Syntax: "flipcolor count F / move legal count", Meaning: "parameter: the number of matching copies (transforms) or moves (move legal)"},
	{Text: "previous", Syntax: "move previous ...", Meaning: "parameter of move: the move that led to this position"},
	{Text: "capture", Syntax: "move capture Z", Meaning: "parameter of move: the move captures on Z"},
	{Text: "promote", Syntax: "move promote T", Meaning: "parameter of move: the move promotes to T"},
	{Text: "null", Syntax: "move null", Meaning: "parameter of move: a null move"},
	{Text: "quiet", Syntax: "quiet", Meaning: "parameter (sort, find, echo, line, message, persistent): no automatic comments; header: no match strings"},
	{Text: "-->", Syntax: "line --> F --> G", Meaning: "separates the constituents of a forward line"},
	{Text: "<--", Syntax: "line <-- F <-- G / find <-- F", Meaning: "backward line, or find searching earlier positions"},
	{Text: "firstmatch", Syntax: "line firstmatch ...", Meaning: "parameter of line and path: stop at the first match"},
	{Text: "lastposition", Syntax: "line lastposition ...", Meaning: "parameter of line and path: the value is the last position of the match"},
	{Text: "nestban", Syntax: "line nestban ...", Meaning: "parameter of line and path: a match may not start inside an earlier one (a path may start at the last position of one)"},
	{Text: "singlecolor", Syntax: "line singlecolor ...", Meaning: "parameter of line and path: only positions with the same side to move"},
	{Text: "focus", Syntax: "path focus [capture] S ...", Meaning: "parameter of path: only moves of the pieces in S count", Unicode: []string{"◎"}},
	{Text: "piecepath", Syntax: "path piecepath ...", Meaning: "parameter of path: comment the path of the focused piece"},
	{Text: "keepallbest", Syntax: "path keepallbest ...", Meaning: "parameter of path: keep the comments of every best match"},
	{Text: "title", Syntax: "path title \"S\" ...", Meaning: "parameter of path: a title for its comments"},
	{Text: "verbose", Syntax: "path verbose ...", Meaning: "parameter of path: more comments"},
	{Text: "pathdebug", Syntax: "path pathdebug ...", Meaning: "parameter of path: debugging output"},
	{Text: "variations", Syntax: "cql(variations)", Meaning: "header parameter: search the variations too"},
	{Text: "silent", Syntax: "cql(silent)", Meaning: "header parameter: no comments in the output at all"},
	{Text: "matchcount", Syntax: "cql(matchcount N [M]) / sort matchcount", Meaning: "header parameter: how many positions of a game must match"},
	{Text: "matchstring", Syntax: "cql(matchstring \"S\")", Meaning: "header parameter: the comment at matched positions (default CQL)"},
	{Text: "input", Syntax: "cql(input FILE)", Meaning: "header parameter: the PGN file to search"},
	{Text: "output", Syntax: "cql(output FILE)", Meaning: "header parameter: the PGN file to write"},
	// the rest of the 6.2 reserved words: filters cqlvm does not have,
	// and words kept for later versions
	{Text: "captures", Syntax: "move captures Z", Meaning: "parameter of move: another spelling of capture (the official program's); elsewhere a reserved word"},
	{Text: "oldline", Syntax: "oldline ...", Meaning: "reserved (the CQL 5 line)"},
	{Text: "dihedral", Syntax: "dihedral F", Meaning: "reserved (old name of flip)"},
	{Text: "transform", Syntax: "transform", Meaning: "reserved"},
	{Text: "equal", Syntax: "equal", Meaning: "reserved"},
	{Text: "any", Syntax: "any", Meaning: "reserved"},
	{Text: "arrow", Syntax: "arrow", Meaning: "reserved"},
	{Text: "attacked", Syntax: "attacked", Meaning: "reserved (see attackedby)"},
	{Text: "by", Syntax: "by", Meaning: "reserved"},
	{Text: "extension", Syntax: "extension", Meaning: "reserved"},
	{Text: "substring", Syntax: "substring", Meaning: "reserved (use S[i:j])"},
	{Text: "pgn", Syntax: "pgn", Meaning: "reserved"},
	{Text: "nosort", Syntax: "nosort", Meaning: "reserved"},
	{Text: "next", Syntax: "next", Meaning: "reserved"},
}

// String is the kind's name in kinds, as Dump prints it.
func (k Kind) String() string {
	if int(k) < len(kinds) && kinds[k].name != "" {
		return kinds[k].name
	}
	return fmt.Sprintf("Kind(%d)", uint16(k))
}

// MessageName names a node's filter or operator in the checker's
// messages: "'|'", "attacks", "a direction filter", ... or "this filter".
func MessageName(n *Node) string {
	if n.Kind == KArrowChain && n.Flags&FlagBackward != 0 {
		return "a chain of '<-'"
	}
	if int(n.Kind) < len(kinds) && kinds[n.Kind].msg != "" {
		return kinds[n.Kind].msg
	}
	return "this filter"
}

// Words is every word of the language: the kinds' in Kind order, then the
// words that are not kinds. `cqlvm help` is made from it. The meaning of
// an extension's word ends with ExtensionNote.
func Words() []Word {
	var ws []Word
	for _, k := range kinds {
		for _, w := range k.words {
			if k.extension && w.Meaning != "" {
				w.Meaning += ExtensionNote
			}
			ws = append(ws, w)
		}
	}
	return append(ws, otherWords...)
}

// ExtensionNote ends the help line of a filter of cqlvm's own.
const ExtensionNote = " (cqlvm extension, not in CQL 6.2)"

// KeywordOf is the first spelling of kind k ("" for a kind without one).
func KeywordOf(k Kind) string {
	if int(k) < len(kinds) && len(kinds[k].words) > 0 {
		return kinds[k].words[0].Text
	}
	return ""
}

// IsExtension reports whether kind k is a filter of cqlvm's own, not in
// CQL 6.2, which the official-compatible command refuses unless asked.
func IsExtension(k Kind) bool { return int(k) < len(kinds) && kinds[k].extension }

// OldWords are the CQL-S keywords of the kinds that have no CQL 6
// spelling, in Kind order: `cqlvm help` lists them apart.
func OldWords() []Word {
	var ws []Word
	for _, k := range kinds {
		ws = append(ws, k.old...)
	}
	return ws
}

// HasCQL6Spelling reports whether the parser of CQL 6 can make kind k:
// false for the CQL-S built-ins only the old-syntax front end builds.
func HasCQL6Spelling(k Kind) bool { return int(k) < len(kinds) && len(kinds[k].old) == 0 }

// NodeHasCQL6Spelling reports whether node n itself (not its arguments)
// can be written in CQL 6: its kind can, and a transform is not one of
// the CQL-S transforms CQL 6 lacks (OldTransformNames).
func NodeHasCQL6Spelling(n *Node) bool {
	if n.Kind == KTransform {
		_, old := OldTransformNames[n.TKind]
		return !old
	}
	return HasCQL6Spelling(n.Kind)
}

// isWord reports whether a spelling is an identifier (a keyword) rather
// than an operator or a help topic.
func isWord(s string) bool { return s != "" && isIdentStart(s[0]) }

// keyword is what parseWord needs to know about a filter keyword.
type keyword struct {
	kind  Kind
	form  form
	level int
	word  *Word
}

// binop is a binary operator: the kind it builds and its precedence.
type binop struct {
	kind       Kind
	level      int
	rightAssoc bool
}

// Derived from kinds and otherWords.
var (
	// keywordTable maps each keyword that starts a filter to its kind.
	keywordTable = map[string]keyword{}
	// binaryOps maps each binary operator, word or symbol, to its kind.
	binaryOps = map[string]binop{}
	// reserved are the keywords, which cannot name variables.
	reserved = map[string]bool{}
	// directionKeywords map direction filters to direction bits.
	directionKeywords = map[string]Dir{}
	// transformKeywords map transform filters to transforms.
	transformKeywords = map[string]TransformKind{}
	// unicodeOps maps the one-character CQL 6.2 Unicode symbols to the
	// ASCII tokens they stand for; unicodeSeqs are the longer symbols.
	unicodeOps  = map[rune]unicodeOp{}
	unicodeSeqs []unicodeSeq
)

type unicodeOp struct {
	kind TokKind
	text string
}

type unicodeSeq struct{ seq, text string }

func init() {
	add := func(w *Word) {
		if isWord(w.Text) {
			reserved[w.Text] = true
		}
		for _, u := range w.Unicode {
			kind := TPunct
			if isWord(w.Text) {
				kind = TIdent
			}
			if r := []rune(u); len(r) == 1 {
				unicodeOps[r[0]] = unicodeOp{kind, w.Text}
			} else {
				unicodeSeqs = append(unicodeSeqs, unicodeSeq{u, w.Text})
			}
		}
	}
	for k := range kinds {
		info := &kinds[k]
		for i := range info.words {
			w := &info.words[i]
			add(w)
			switch {
			case info.form == formInfix || info.form == formInfixR:
				level := info.level
				if w.level != 0 {
					level = w.level
				}
				binaryOps[w.Text] = binop{Kind(k), level, info.form == formInfixR}
			case isWord(w.Text):
				keywordTable[w.Text] = keyword{Kind(k), info.form, info.level, w}
			}
			if w.dir != 0 {
				directionKeywords[w.Text] = w.dir
			}
			if w.tk != 0 {
				transformKeywords[w.Text] = w.tk
			}
		}
	}
	for i := range otherWords {
		add(&otherWords[i])
	}
	// longest first, so that the first match wins
	sort.Slice(unicodeSeqs, func(i, j int) bool { return len(unicodeSeqs[i].seq) > len(unicodeSeqs[j].seq) })
}

// IsReserved reports whether word is a CQL keyword.
func IsReserved(word string) bool {
	return reserved[word] || strings.HasPrefix(word, "__CQL") || strings.HasPrefix(word, "cql__")
}

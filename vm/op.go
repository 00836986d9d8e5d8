package vm

import (
	"fmt"
	"strings"
)

// Op is a bytecode operation. Every instruction has the same shape (Inst):
// a small operand X, a medium operand A and a 32-bit operand B. The table
// opTable below is the single description of every op: its mnemonic and
// what each operand means; the disassembler and the tests derive from it.
type Op uint8

// Operand says how an instruction field is used and printed.
type Operand uint8

const (
	ONone     Operand = iota
	OJump             // B: target pc
	OSet              // B: index into Program.Sets
	OImm              // B (or A): immediate integer
	OStr              // B: index into Program.Strs
	OSlot             // A: variable slot
	OPieces           // A: piece-kind mask
	OCmp              // X: comparison operator
	ODir              // X: direction bits
	OType             // X: value type (for conversions)
	OCount            // A: number of items
	OSort             // A: sort key index
	OFlags            // X: flags
	ORangeLo          // A: the low end of a range, stored plus 8
	ORayArgs          // A: number of sets, plus 0x100 for attack
	OShape            // A: index into Program.Shapes
	OKeyValue         // X: a dictionary's key type (low nibble) and value type (high nibble)
)

var operandNames = [...]string{"none", "jump", "set", "imm", "str", "slot", "pieces", "cmp", "dir", "type", "count", "sort", "flags", "rangelo", "rayargs", "shape", "keyvalue"}

func (o Operand) String() string { return operandNames[o] }

// opInfo describes one op.
type opInfo struct {
	Name    string
	X, A, B Operand
	Doc     string
	// Flags name the values of X when X is OFlags (flagString prints X
	// with them).
	Flags []Flag
	// Next lists the instructions after this one (Next[0] at pc+1) that
	// the op relies on: echonext reads the target variable of the
	// storekeep after it; a fused op stands for its own instruction and
	// these, and reads some of their operands.
	Next []Follower
	// Fused: the op does the work of its Next instructions too; when it
	// falls through it goes on after them.
	Fused bool
	// Stack effect: values and strings popped, then pushed when the op
	// falls through. An op that jumps on failure jumps after its pops.
	Pop, Push, SPop, SPush int8
}

// Follower is an instruction an op relies on after it: the op it must
// have, and which of its operands the op reads at run time (no pass may
// change those while the op stands before it).
type Follower struct {
	Op    Op
	Reads Fields
}

// Fields is a set of an instruction's operands.
type Fields uint8

const (
	FieldX Fields = 1 << iota
	FieldA
	FieldB
)

// Flag names one value of part of an X operand: it holds when
// X&Mask == Value. A flag bit is a Flag whose Value is its Mask; a field
// of several choices is one Flag per value, all with the field's Mask.
type Flag struct {
	Mask, Value uint8
	Name        string
}

// bit names the one-bit flag mask.
func bit(mask uint8, name string) Flag { return Flag{mask, mask, name} }

// choice names the values 0, 1, ... of the field mask.
func choice(mask uint8, names ...string) []Flag {
	flags := make([]Flag, len(names))
	for v, name := range names {
		flags[v] = Flag{mask, uint8(v), name}
	}
	return flags
}

// Flags of the ops whose X is OFlags, named as the disassembler prints
// them.
var (
	annotationFlags = append(choice(AnnWhat, "eval", "evalmate", "clock", "emt"),
		Flag{3 << AnnViewShift, ViewWhite << AnnViewShift, "white"}, Flag{3 << AnnViewShift, ViewBlack << AnnViewShift, "black"},
		Flag{3 << AnnViewShift, ViewSideToMove << AnnViewShift, "sidetomove"})
	echoFlags = append(choice(EchoInAll, "others", "all"), bit(EchoSameBoard, "sameboard"),
		bit(EchoAfterSource, "after"), bit(EchoAfterOnly, "afteronly"), bit(EchoPlyWindow, "plywindow"))
	viewFlags       = choice(3, "natural", "white", "black", "sidetomove")
	forwardBackward = choice(1, "forward", "backward")
	quietFlag       = []Flag{bit(1, "quiet")}
	hhdbFields      = choice(0xff, HHDBFieldNames[:]...)
)

// flagString prints the X operand of an op whose X is OFlags: the names
// of the flags it holds, joined by |. An X with a bit that no flag
// names prints as a number.
func flagString(flags []Flag, x uint8) string {
	names, named := namedFlags(flags, x)
	if x&^named != 0 {
		return fmt.Sprintf("flags:%d", x)
	}
	return strings.Join(names, "|")
}

// StackEffect reports how in changes the value and string stack depths
// when it falls through, and the depths at which it leaves when it jumps.
func StackEffect(in Inst) (pop, push, spop, spush int) {
	info := opTable[in.Op]
	pop, push, spop, spush = int(info.Pop), int(info.Push), int(info.SPop), int(info.SPush)
	switch in.Op {
	case OpConcat:
		spop = int(in.A)
	case OpRay:
		pop, push = int(in.A&0xff), 1
	case OpArrowChain:
		pop = int(in.A)
	case OpDictSet, OpDictGet, OpDictDel, OpDictIterNext:
		pop, push, spop, spush = dictEffect(in)
	case OpLineOrPath:
		if in.X&LineBoundsOnStack != 0 {
			pop = 2
		}
	case OpStrSlice:
		pop = 1 + int(in.X)
	case OpToStr:
		if in.X == TypeStr {
			spop = 1
		} else {
			pop = 1
		}
	}
	return
}

// IsJump reports whether B of in is a jump target.
func IsJump(op Op) bool { return opTable[op].B == OJump }

// The ops. Conventions: "pop b, a" means b was pushed last. Tests that can
// fail jump to B ("fail target") and otherwise fall through; a failing
// instruction leaves the stacks as they were before its operands were
// pushed, and the catch site restores exact depths with setsp.
const (
	OpNop Op = iota
	OpFail
	OpMatch
	OpJump
	OpSetSP
	OpPop
	OpPopStr
	OpDup

	// Constants and piece designators.
	OpPushSet
	OpPushNum
	OpPushStr
	OpPieces
	OpPiecesIn
	OpPiece
	OpPieceIn

	// Square sets.
	OpUnion
	OpInter
	OpDiff
	OpCompl
	OpCount
	OpJEmpty
	OpAttacks
	OpAttackedBy
	OpArrowChain
	OpSubset
	OpLight
	OpDark
	OpDirection
	OpBetween
	OpPower
	OpSquareSetNum // pop set; fail unless one square; push rank/file/type...: X selects
	OpPin
	OpMakeSquare
	OpMakeSquareStr

	// Position status (jump to B when false).
	OpWtm
	OpBtm
	OpCheck
	OpMate
	OpStalemate
	OpInitial
	OpTerminal
	OpMainline
	OpVariation
	OpResult
	OpMateKind

	// Numbers.
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpMod
	OpNeg
	OpAbs
	OpSqrt
	OpCmpNum
	OpCmpSet
	OpCmpStr
	OpCmpPos

	// Variables.
	OpLoad
	OpLoadStr
	OpStore
	OpStoreStr
	OpUnbind
	OpMaxInto
	OpMaxIntoKeep
	OpJNotGreater

	// Comments.
	OpMarkComments
	OpTruncComments
	OpToStr
	OpConcat
	OpComment
	OpRemoveComment
	OpSetTag
	OpRemoveTag

	// Patterns.
	OpShapeAny

	OpEchoComment
	OpFoundMark
	OpFoundNumber

	// Moves and positions.
	OpMoveInit
	OpMoveNext
	OpMoveChild
	OpMoveSquare
	OpSaveCur
	OpRestCur
	OpSetCur
	OpCurPos
	OpParent
	OpChild
	OpPositionN
	OpLastMove // push from/to/e.p. square of the move into the current position (X)
	OpMoveIs   // jump unless the move into the current position has property X
	OpMoveFroms
	OpEchoToEnd
	OpEchoMemo
	OpEchoMemoFail
	OpEchoJoinStart
	OpEchoJoinNext
	OpKeyMix

	// Game facts and strings.
	OpInfoNum
	OpTag
	OpPlayers
	OpStrIn
	OpStrLen
	OpStrIndex
	OpStrSlice
	OpStrSetChar
	OpLower
	OpUpper
	OpStrToInt
	OpAscii
	OpChar
	OpIndexOf
	OpRegex
	OpGroup
	OpGroupOffset
	OpFen
	OpFenMatch
	OpOrigComment
	OpHasNAG
	OpSimilar
	OpHHDBTest
	OpHHDBNum
	OpHHDBStr
	OpPawns
	OpPieceName
	OpRay
	OpMessage

	// Loops, piece identities, sort.
	OpNextSquare
	OpPieceIDAt
	OpPieceSquare
	OpIsBound
	OpSortValue
	OpSortValueStr
	OpCountIter
	OpFindInit
	OpFindNext
	OpFindSkip
	OpFindFail
	OpFindPrune
	OpFindAnchor
	OpPieceSquareAt
	OpStoreKeep
	OpOrInto
	OpEchoInit
	OpEchoNext
	OpTreeRel
	OpTreeAnc
	OpSameSquares
	OpMinInto
	OpMaxIntoStr
	OpMinIntoStr
	OpLineOrPath
	OpConsecutive
	OpTry
	OpVirtualMainline
	OpReturn
	OpPathChild
	OpPathMove
	OpPathCount
	OpPathUnfocused
	OpPathPosition
	OpDictSet
	OpDictGet
	OpDictDel
	OpDictClear
	OpDictLen
	OpDictIterInit
	OpDictIterNext
	OpAssert
	OpAncestry
	OpRegexNext
	OpCastleView
	OpDirectionDyn
	OpPathCastleView
	OpPromoteMask
	OpPathMoveDyn
	OpTrace

	// CQL-S built-ins (builtins.go).
	OpExchange
	OpMaxSwap
	OpPawnCount
	OpGoodBishop
	OpBuiltinTest
	OpBuiltinNum
	OpEvaluate

	// Annotation commands (annotations.go).
	OpAnnotation

	// Chess variants (variants.go).
	OpVariantName
	OpCheckCount
	OpInHand
	OpDrop

	// Fused ops (compiler/peephole.go): each stands for the instruction
	// at its pc and the one or two after it, which stay in place for
	// other jumps into them; it runs them in one dispatch, skips them and
	// counts the steps they would have taken.
	OpStoreSet
	OpRestCurJump
	OpEchoNextCur
	OpNextSquareStore
	OpNextPiece
	OpPieceSquareStore
	OpMoveInitNext
	OpTruncCJump
	OpGotoVar

	opCount // sentinel: number of ops
)

// NumOps is the number of ops: they are Op(0) to Op(NumOps-1).
const NumOps = int(opCount)

var opTable = [opCount]opInfo{
	OpNop:    {Name: "nop", Doc: "do nothing (the zero Inst)"},
	OpFail:   {Name: "fail", Doc: "end: the position does not match"},
	OpMatch:  {Name: "match", Doc: "end: the position matches"},
	OpJump:   {Name: "jump", Doc: "jump to B", B: OJump},
	OpSetSP:  {Name: "setsp", A: OImm, B: OImm, Doc: "restore the value and string stack depths"},
	OpPop:    {Name: "pop", Doc: "pop a value", Pop: 1},
	OpPopStr: {Name: "popstr", Doc: "pop a string", SPop: 1},
	OpDup:    {Name: "dup", Doc: "push the value on top again", Pop: 1, Push: 2},

	OpPushSet:  {Name: "pushset", Doc: "push the square set Sets[B]", B: OSet, Push: 1},
	OpPushNum:  {Name: "pushnum", Doc: "push the number B", B: OImm, Push: 1},
	OpPushStr:  {Name: "pushstr", Doc: "push the string Strs[B]", B: OStr, SPush: 1},
	OpPieces:   {Name: "pieces", A: OPieces, Doc: "push the squares holding one of the piece kinds", Push: 1},
	OpPiece:    {Name: "piece", A: OPieces, Doc: "push the squares of the one piece kind in A (a fast pieces)", Push: 1},
	OpPieceIn:  {Name: "piecein", A: OPieces, B: OSet, Doc: "push the squares of the one piece kind in A within set B", Push: 1},
	OpPiecesIn: {Name: "piecesin", A: OPieces, B: OSet, Doc: "push pieces(A) & set B (a piece designator)", Push: 1},

	OpUnion:        {Name: "union", Doc: "pop b, a; push a | b", Pop: 2, Push: 1},
	OpInter:        {Name: "inter", Doc: "pop b, a; push a & b", Pop: 2, Push: 1},
	OpDiff:         {Name: "diff", Doc: "pop b, a; push a &^ b", Pop: 2, Push: 1},
	OpCompl:        {Name: "compl", Doc: "pop a set; push the squares not in it", Pop: 1, Push: 1},
	OpCount:        {Name: "count", Doc: "pop set; push its size", Pop: 1, Push: 1},
	OpJEmpty:       {Name: "jempty", B: OJump, Doc: "pop set; jump if empty", Pop: 1},
	OpAttacks:      {Name: "attacks", Doc: "pop b, a; push squares of a whose piece attacks a square of b", Pop: 2, Push: 1},
	OpAttackedBy:   {Name: "attackedby", Doc: "pop b, a; push squares of a attacked by a piece on b", Pop: 2, Push: 1},
	OpArrowChain:   {Name: "arrowchain", X: OFlags, Flags: forwardBackward, A: OCount, Doc: "pop A sets x1..xn; push the squares of x1 that begin an arrow chain x1->x2->...->xn (X=1, written x1<-...<-xn: those that end xn->...->x1)", Push: 1},
	OpSubset:       {Name: "subset", B: OJump, Doc: "pop b, a; jump unless a is a subset of b", Pop: 2},
	OpLight:        {Name: "light", Doc: "pop a set; push its light squares", Pop: 1, Push: 1},
	OpDark:         {Name: "dark", Doc: "pop a set; push its dark squares", Pop: 1, Push: 1},
	OpDirection:    {Name: "direction", X: ODir, A: ORangeLo, B: OImm, Doc: "pop set; push squares A..B steps away in the directions X", Pop: 1, Push: 1},
	OpBetween:      {Name: "between", Doc: "pop b, a; push the squares strictly between a square of a and one of b on a line", Pop: 2, Push: 1},
	OpPower:        {Name: "power", Doc: "pop a set; push the material on its squares (P1 N3 B3 R5 Q9 K0)", Pop: 1, Push: 1},
	OpSquareSetNum: {Name: "squarenum", X: OFlags, Flags: choice(3, "rank", "file", "type", "colortype"), B: OJump, Doc: "pop set; fail unless exactly one square; push its rank/file/type (X)", Pop: 1, Push: 1},

	OpPin:           {Name: "pin", X: OFlags, Flags: append(choice(0xf, "from", "through", "to"), bit(PinToGiven, "given")), Doc: "pop to, through, from; push the squares (X: from/through/to) of the pins", Pop: 3, Push: 1},
	OpMakeSquare:    {Name: "makesquare", B: OJump, Doc: "pop rank, file; push that square; jump if off the board", Pop: 2, Push: 1},
	OpMakeSquareStr: {Name: "makesquarestr", B: OJump, Doc: "pop a string such as \"e4\"; push that square; jump if not a square", SPop: 1, Push: 1},
	OpWtm:           {Name: "wtm", Doc: "jump unless White is to move", B: OJump},
	OpBtm:           {Name: "btm", Doc: "jump unless Black is to move", B: OJump},
	OpCheck:         {Name: "check", Doc: "jump unless the side to move is in check", B: OJump},
	OpMate:          {Name: "mate", Doc: "jump unless the side to move is mated", B: OJump},
	OpStalemate:     {Name: "stalemate", Doc: "jump unless the side to move is stalemated", B: OJump},
	OpInitial:       {Name: "initial", Doc: "jump unless the current position is the game's first", B: OJump},
	OpTerminal:      {Name: "terminal", Doc: "jump unless the current position has no move after it", B: OJump},
	OpMainline:      {Name: "mainline", Doc: "jump unless the current position is on the mainline", B: OJump},
	OpVariation:     {Name: "variation", Doc: "jump unless the current position is in a variation", B: OJump},
	OpMateKind:      {Name: "matekind", X: OFlags, Flags: choice(7, "puremate", "purestalemate", "modelmate", "modelstalemate", "idealmate", "idealstalemate"), Doc: "push the participants of a pure/model/ideal mate or stalemate (X); empty if it is not one", Push: 1},
	OpResult:        {Name: "result", A: OStr, B: OJump, Doc: "jump unless the game result is Strs[A]"},

	OpAdd:    {Name: "add", Doc: "pop b, a; push a + b (32-bit)", Pop: 2, Push: 1},
	OpSub:    {Name: "sub", Doc: "pop b, a; push a - b (32-bit)", Pop: 2, Push: 1},
	OpMul:    {Name: "mul", Doc: "pop b, a; push a * b (32-bit)", Pop: 2, Push: 1},
	OpDiv:    {Name: "div", B: OJump, Doc: "pop b, a; push a/b; jump if b == 0", Pop: 2, Push: 1},
	OpMod:    {Name: "mod", B: OJump, Doc: "pop b, a; push a%b; jump if b == 0", Pop: 2, Push: 1},
	OpNeg:    {Name: "neg", Doc: "pop a; push -a", Pop: 1, Push: 1},
	OpAbs:    {Name: "abs", Doc: "pop a; push |a|", Pop: 1, Push: 1},
	OpSqrt:   {Name: "sqrt", B: OJump, Doc: "integer square root; jump if negative", Pop: 1, Push: 1},
	OpCmpNum: {Name: "cmpnum", X: OCmp, B: OJump, Doc: "pop b, a; jump unless a X b; else push a", Pop: 2, Push: 1},
	OpCmpSet: {Name: "cmpset", X: OCmp, B: OJump, Doc: "pop b, a; jump unless a X b (set equality); else push a", Pop: 2, Push: 1},
	OpCmpStr: {Name: "cmpstr", X: OCmp, B: OJump, Doc: "pop strings b, a; jump unless a X b; else push a", SPop: 2, SPush: 1},
	OpCmpPos: {Name: "cmppos", X: OCmp, B: OJump, Doc: "pop positions b, a; jump unless a X b; else push a", Pop: 2, Push: 1},

	OpLoad:        {Name: "load", A: OSlot, B: OJump, Doc: "push variable A; jump if unbound", Push: 1},
	OpLoadStr:     {Name: "loadstr", Doc: "push string variable A; jump if unbound", A: OSlot, B: OJump, SPush: 1},
	OpStore:       {Name: "store", A: OSlot, Doc: "pop into variable A", Pop: 1},
	OpStoreStr:    {Name: "storestr", Doc: "pop a string into variable A", A: OSlot, SPop: 1},
	OpUnbind:      {Name: "unbind", Doc: "make variable A unbound", A: OSlot},
	OpMaxInto:     {Name: "maxinto", A: OSlot, Doc: "pop a number; store it in A if A is unbound or smaller", Pop: 1},
	OpJNotGreater: {Name: "jnotgreater", A: OSlot, B: OJump, Doc: "jump if variable A is bound and not less than the number on the stack (kept)"},
	OpMaxIntoKeep: {Name: "maxintokeep", A: OSlot, B: OImm, Doc: "maxinto A, keeping only the comments made since markc B by the best value (slots B+1, B+2 hold their range)", Pop: 1},

	OpMoveInit:        {Name: "moveinit", A: OSlot, B: OImm, Doc: "start iterating the candidate moves of move filter A with spec B"},
	OpMoveNext:        {Name: "movenext", A: OSlot, B: OJump, Doc: "advance move filter A to its next matching candidate; jump when none is left"},
	OpMoveChild:       {Name: "movechild", A: OSlot, Doc: "push the position reached by the current candidate of move filter A", Push: 1},
	OpMoveSquare:      {Name: "movesquare", X: OFlags, Flags: choice(3, "from", "to", "capture"), A: OSlot, Doc: "push the from/to/capture square (X) of the current candidate of A", Push: 1},
	OpSaveCur:         {Name: "savecur", A: OSlot, Doc: "save the current position in slot A"},
	OpRestCur:         {Name: "restcur", A: OSlot, Doc: "make the position in slot A current"},
	OpSetCur:          {Name: "setcur", Doc: "pop a position and make it current", Pop: 1},
	OpCurPos:          {Name: "curpos", Doc: "push the current position", Push: 1},
	OpParent:          {Name: "parent", B: OJump, Doc: "push the parent position; jump at the root", Push: 1},
	OpChild:           {Name: "child", B: OJump, Doc: "pop n; push the n-th child (0 = mainline); jump if none", Pop: 1, Push: 1},
	OpPositionN:       {Name: "positionn", B: OJump, Doc: "pop n; push the position with positionid n; jump if none", Pop: 1, Push: 1},
	OpLastMove:        {Name: "lastmove", X: OFlags, Flags: choice(3, "from", "to", "enpassantsquare"), Doc: "push the from/to/e.p. square (X) of the move into the current position", Push: 1},
	OpMoveIs:          {Name: "moveis", X: OFlags, Flags: choice(0xf, "from", "to", "epsquare", "castle", "o-o", "o-o-o", "enpassant", "nullmove", "primary", "secondary"), B: OJump, Doc: "jump unless the move into the current position has property X"},
	OpMoveFroms:       {Name: "movefroms", X: OFlags, Flags: []Flag{bit(FromsCastleRook, "castlerook")}, Doc: "push the from squares of the game's moves from the current position, with their rooks' for castling when X is FromsCastleRook", Push: 1},
	OpInfoNum:         {Name: "info", X: OFlags, Flags: choice(0xf, "ply", "movenumber", "positionid", "depth", "gamenumber", "lastgamenumber", "sidetomove", "year", "elo white", "elo black", "elo"), B: OJump, Doc: "push a number about the position or game (X); jump if unknown", Push: 1},
	OpTag:             {Name: "tag", A: OStr, B: OJump, Doc: "push the value of PGN tag Strs[A]; jump if the game has none", SPush: 1},
	OpPlayers:         {Name: "players", B: OJump, Doc: "push the White and Black tags joined by a backslash and n (two characters)", SPush: 1},
	OpStrIn:           {Name: "strin", B: OJump, Doc: "pop strings b, a; jump unless a occurs in b", SPop: 2},
	OpStrLen:          {Name: "strlen", Doc: "pop a string; push its length", SPop: 1, Push: 1},
	OpStrIndex:        {Name: "strindex", B: OJump, Doc: "pop index, string; push the character there (negative counts from the end); jump if out of range", Pop: 1, SPop: 1, SPush: 1},
	OpStrSlice:        {Name: "strslice", X: OFlags, Flags: choice(1, "to end", "range"), B: OJump, Doc: "pop [end,] start, string; push the substring (X=1: end given)", Pop: 1, SPop: 1, SPush: 1},
	OpStrSetChar:      {Name: "strsetchar", B: OJump, Doc: "pop index, strings x, s; push s with its character at the index (negative counts from the end) replaced by x; jump if out of range", Pop: 1, SPop: 2, SPush: 1},
	OpLower:           {Name: "lower", Doc: "pop a string; push it in lower case", SPop: 1, SPush: 1},
	OpUpper:           {Name: "upper", Doc: "pop a string; push it in upper case", SPop: 1, SPush: 1},
	OpStrToInt:        {Name: "int", B: OJump, Doc: "pop a string; push the number its digits (after an optional minus sign) spell; jump if it is anything else", SPop: 1, Push: 1},
	OpAscii:           {Name: "ascii", B: OJump, Doc: "pop a string; push the code of its first character; jump if empty", SPop: 1, Push: 1},
	OpChar:            {Name: "char", B: OJump, Doc: "pop a number; push the one-character string with that code", Pop: 1, SPush: 1},
	OpIndexOf:         {Name: "indexof", B: OJump, Doc: "pop strings b, a; push the index of a in b; jump if a is not in b", SPop: 2, Push: 1},
	OpRegex:           {Name: "regex", A: OImm, B: OJump, Doc: "pop a string; search regexp A in it; push the match and keep its groups, or jump", SPop: 1, SPush: 1},
	OpGroup:           {Name: "group", A: OImm, B: OJump, Doc: "push group A of the last successful ~~; jump if none", SPush: 1},
	OpGroupOffset:     {Name: "groupoffset", A: OImm, B: OJump, Doc: "push the offset of group A of the last successful ~~; jump if none", Push: 1},
	OpFen:             {Name: "fen", Doc: "push the FEN of the current position, its clocks as 0 1", SPush: 1},
	OpFenMatch:        {Name: "fenmatch", A: OStr, B: OJump, Doc: "jump unless the board matches the FEN board Strs[A]"},
	OpOrigComment:     {Name: "origcomment", B: OJump, Doc: "push the PGN comment after the move into the current position (with its NAGs as $n); jump if none", SPush: 1},
	OpHasNAG:          {Name: "hasnag", A: OImm, B: OJump, Doc: "jump unless the move into the current position carries the NAG $A"},
	OpSimilar:         {Name: "similar", X: OFlags, Flags: quietFlag, A: OImm, B: OJump, Doc: "push the number of the submissions game of Similar[A] with a position similar to the current one, commenting where it is (unless X=1: quiet); jump if none", Push: 1},
	OpHHDBTest:        {Name: "hhdbtest", X: OFlags, Flags: hhdbFields, B: OJump, Doc: "jump unless the hhdb field X (a code, marker or award kind) holds"},
	OpHHDBNum:         {Name: "hhdbnum", X: OFlags, Flags: hhdbFields, B: OJump, Doc: "push the number of hhdb field X; jump if the game has none", Push: 1},
	OpHHDBStr:         {Name: "hhdbstr", X: OFlags, Flags: hhdbFields, B: OJump, Doc: "push the string of hhdb field X; jump if the game has none", SPush: 1},
	OpPawns:           {Name: "pawns", X: OFlags, Flags: choice(3, "passed", "isolated", "doubled", "connected"), Doc: "push the passed/isolated/doubled/connected pawns (X)", Push: 1},
	OpPieceName:       {Name: "piecename", X: OFlags, Flags: choice(1, "piecename", "typename"), B: OJump, Doc: "pop a set; push the piece letter (X=1: upper case type) on its single square; jump unless one square", Pop: 1, SPush: 1},
	OpRay:             {Name: "ray", X: ODir, A: ORayArgs, Doc: "pop A&0xff sets; push the last squares of straight rays visiting them in order (A&0x100: attack)"},
	OpMessage:         {Name: "message", X: OFlags, Flags: quietFlag, Doc: "pop a string and print it after the current position and game number (X=1: quiet, the string alone)", SPop: 1},
	OpNextSquare:      {Name: "nextsquare", A: OSlot, B: OJump, Doc: "take the lowest square out of the set in slot A and push it; jump when the set is empty", Push: 1},
	OpPieceIDAt:       {Name: "pieceid", B: OJump, Doc: "pop a set; push the identity of the piece on its single occupied square; jump unless exactly one", Pop: 1, Push: 1},
	OpPieceSquare:     {Name: "piecesquare", A: OSlot, B: OJump, Doc: "push the square of the piece whose identity is in slot A (empty if it is gone); jump if unbound", Push: 1},
	OpIsBound:         {Name: "isbound", A: OSlot, B: OJump, Doc: "jump unless variable A is bound"},
	OpSortValue:       {Name: "sortvalue", A: OSort, B: OImm, Doc: "record the number on the stack as a value of sort key A, with the comments made since markc B", Pop: 1, Push: 1},
	OpSortValueStr:    {Name: "sortvaluestr", A: OSort, B: OImm, Doc: "record the string on the stack as a value of sort key A, with the comments made since markc B", SPop: 1, SPush: 1},
	OpCountIter:       {Name: "countiter", A: OSlot, B: OJump, Doc: "count an iteration in slot A; jump when the loop has run too long"},
	OpFindInit:        {Name: "findinit", X: OFlags, Flags: forwardBackward, A: OSlot, Doc: "start walking the subtree of the current position (X=1: its ancestors) in slots A, A+1"},
	OpFindNext:        {Name: "findnext", X: OFlags, Flags: forwardBackward, A: OSlot, B: OJump, Doc: "push the next position of the walk in slot A; jump when done", Push: 1},
	OpStoreKeep:       {Name: "storekeep", A: OSlot, Doc: "store the top of the stack into variable A, leaving it there (store A; load A)", Pop: 1, Push: 1},
	OpOrInto:          {Name: "orinto", A: OSlot, B: OImm, Doc: "add the squares of slot B to the set in slot A (load A; load B; union; store A: a loop's result)"},
	OpPieceSquareAt:   {Name: "piecesquareat", A: OSlot, B: OJump, Doc: "pop a position; push the square of piece variable A there (empty when captured); jump if A is unbound: P:X for a piece variable X without moving the current position", Pop: 1, Push: 1},
	OpFindSkip:        {Name: "findskip", X: OFlags, Flags: forwardBackward, A: OSlot, B: OImm, Doc: "advance the walk in slot A (X=1: the ancestors' walk) past the positions where the body of find memo B is known to fail with the current values of its variables"},
	OpFindPrune:       {Name: "findprune", A: OSlot, B: OImm, Doc: "skip, in the forward walk in slot A, the subtrees of the positions whose ply is above the number in slot B"},
	OpFindAnchor:      {Name: "findanchor", X: OFlags, Flags: forwardBackward, A: OSlot, B: OImm, Doc: "advance the walk in slot A (X=1: the ancestors' walk) to the next position where find anchor B holds, a conjunct the body needs"},
	OpFindFail:        {Name: "findfail", X: OFlags, Flags: forwardBackward, B: OImm, Doc: "record that the body of find memo B fails at the position on top of the stack with the current values of its variables"},
	OpEchoMemo:        {Name: "echomemo", X: OFlags, Flags: choice(1, "start", "advance"), A: OSlot, B: OImm, Doc: "start the echo walk in slot A with memo B's table for the current values of its variables, or advance it past the targets known to fail memo B's tests, never past its last target"},
	OpEchoMemoFail:    {Name: "echomemofail", A: OSlot, B: OImm, Doc: "record that the target in slot A fails the target tests of memo B with the current values of its variables"},
	OpEchoJoinStart:   {Name: "echojoinstart", A: OSlot, B: OImm, Doc: "pop the source's key and start the echo walk in slot A with join B's table for the current values of its variables (built at its first use)", Pop: 1},
	OpEchoJoinNext:    {Name: "echojoinnext", A: OSlot, B: OImm, Doc: "advance the echo walk in slot A to the next target whose key in join B's table is the source's, never past its last target"},
	OpKeyMix:          {Name: "keymix", Doc: "pop v, k; push the key k with v mixed into it (echo-key-join)", Pop: 2, Push: 1},
	OpEchoToEnd:       {Name: "echotoend", X: OFlags, Flags: echoFlags, A: OSlot, Doc: "move the echo walk in slot A (flags X) to its last target, which the next echonext gives"},
	OpEchoInit:        {Name: "echoinit", A: OSlot, B: OImm, Doc: "start walking every position of the searched tree in slot A; slot A+1 keeps B, the ply window of EchoPlyWindow"},
	OpEchoNext:        {Name: "echonext", X: OFlags, Flags: echoFlags, A: OSlot, B: OJump, Doc: "push the next position other than the current one (X: EchoInAll includes it, EchoSameBoard skips other boards, EchoAfterSource starts after the current one); jump when done", Push: 1, Next: []Follower{{OpStoreKeep, FieldA}}},
	OpTreeRel:         {Name: "treerel", X: OFlags, Flags: choice(1, "lca", "distance"), Doc: "pop positions y, x; push lca(x, y) or their distance (X)", Pop: 2, Push: 1},
	OpTreeAnc:         {Name: "treeanc", X: OFlags, Flags: choice(1, "ancestor", "descendant"), B: OJump, Doc: "pop positions y, x; jump unless x is a strict ancestor (X=0) / descendant (X=1) of y", Pop: 2},
	OpSameSquares:     {Name: "samesquares", Doc: "pop positions b, a; push the squares whose contents are the same in both", Pop: 2, Push: 1},
	OpMinInto:         {Name: "mininto", A: OSlot, Doc: "pop a number; store it in A if A is unbound or larger", Pop: 1},
	OpMaxIntoStr:      {Name: "maxintostr", A: OSlot, Doc: "pop a string; store it in A if A is unbound or smaller", SPop: 1},
	OpMinIntoStr:      {Name: "minintostr", A: OSlot, Doc: "pop a string; store it in A if A is unbound or larger", SPop: 1},
	OpLineOrPath:      {Name: "lineorpath", X: OFlags, Flags: append(choice(LineLastPosition, "length", "lastposition"), bit(LineBoundsOnStack, "rangeonstack")), A: OImm, B: OJump, Doc: "run the line or path filter Lines[A] (both search a pattern of positions; IsPath tells which): push the length of its longest match (X&1: its last position; X&2: pop hi, lo, its range); jump if none", Push: 1},
	OpConsecutive:     {Name: "consecutive", X: OFlags, Flags: quietFlag, Doc: "pop positions y, x; push the length of the longest run of identical consecutive moves on their paths from their common ancestor (X=1: quiet)", Pop: 2, Push: 1},
	OpTry:             {Name: "try", B: OJump, Doc: "jump unless exactly one White move on the path from the root is a variation (a try)"},
	OpVirtualMainline: {Name: "virtualmainline", B: OJump, Doc: "jump unless every White move on the path from the root is a primary move and none is null"},
	OpReturn:          {Name: "return", Doc: "end a value subroutine: pop its value", Pop: 1},
	OpPathChild:       {Name: "pathchild", Doc: "push the position the path constituent's move reaches", Push: 1},
	OpPathMove:        {Name: "pathmove", A: OImm, B: OJump, Doc: "pop to, from sets; jump unless the path constituent's move goes from a square of from to one of to and meets move spec A (recording, for pathcastleview, which castling pieces matched, focused ones only in a focused path); count the move in pathcount", Pop: 2},
	OpPathCount:       {Name: "pathcount", B: OJump, Doc: "push the number of moves of the path so far (outside a path: of the last path that matched); jump if no path has matched in this game", Push: 1},
	OpPathUnfocused:   {Name: "pathunfocused", B: OJump, Doc: "push the number of moves from the start of the path (outside a path: of the last one that matched) to the current position less pathcount; jump if no path has matched in this game", Push: 1},
	OpPathPosition:    {Name: "pathposition", X: OFlags, Flags: choice(1, "start", "last"), B: OJump, Doc: "push the start (X=0) or the last position (X=1) of the path being searched or else of the last matching one; jump if none", Push: 1},
	OpDictSet:         {Name: "dictset", X: OKeyValue, A: OImm, Doc: "pop value, key (their types in X); set the entry of dictionary A"},
	OpDictGet:         {Name: "dictget", X: OKeyValue, A: OImm, B: OJump, Doc: "pop key; push the entry of dictionary A; jump if absent"},
	OpDictDel:         {Name: "dictdel", X: OKeyValue, A: OImm, Doc: "pop key; remove it from dictionary A"},
	OpDictClear:       {Name: "dictclear", A: OImm, Doc: "empty dictionary A"},
	OpDictLen:         {Name: "dictlen", A: OImm, Doc: "push the number of entries of dictionary A", Push: 1},
	OpDictIterInit:    {Name: "dictiterinit", A: OSlot, B: OImm, Doc: "start iterating the keys of dictionary B with iterator slot A"},
	OpDictIterNext:    {Name: "dictiternext", X: OKeyValue, A: OSlot, B: OJump, Doc: "push the next key of the iteration in slot A; jump when done"},
	OpAssert:          {Name: "assert", B: OJump, Doc: "report a failed assertion (at this instruction's source) and jump"},
	OpAncestry:        {Name: "ancestry", X: OCmp, B: OJump, Doc: "pop positions b, a; jump unless a is an ancestor of b ([<] strict, [<=]) or a descendant ([>], [>=])", Pop: 2},
	OpRegexNext:       {Name: "regexnext", A: OImm, B: OJump, Doc: "like regex, but search from where the previous match of regexp A (in a while loop) ended", SPop: 1, SPush: 1},
	OpCastleView:      {Name: "castleview", A: OSlot, Doc: "let from/to at the current position give the squares of the castling piece (king or rook) that the current candidate of move filter A matched"},
	OpPathCastleView:  {Name: "pathcastleview", Doc: "let from/to at the current position give the squares of the castling piece that the path constituent's move matched (as pathmove recorded it)"},
	OpPromoteMask:     {Name: "promotemask", Doc: "pop a string; push the piece-type bits of the promotions it names (see PromoteMask)", SPop: 1, Push: 1},
	OpPathMoveDyn:     {Name: "pathmovedyn", A: OImm, B: OJump, Doc: "pop a promotion mask (promotemask), to, from sets; pathmove with that mask as the promotion requirement of move spec A", Pop: 3},
	OpDirectionDyn:    {Name: "directiondyn", X: ODir, Doc: "pop hi, lo, set; push the squares lo..hi steps away in the directions X", Pop: 3, Push: 1},
	OpMarkComments:    {Name: "markc", A: OSlot, Doc: "save the comment count in local A"},
	OpTruncComments:   {Name: "truncc", A: OSlot, Doc: "drop comments added since markc A"},
	OpToStr:           {Name: "tostr", X: OType, Doc: "pop a value of type X; push its text", SPush: 1},
	OpConcat:          {Name: "concat", A: OCount, Doc: "pop A strings; push them joined", SPush: 1},
	OpComment:         {Name: "comment", Doc: "pop a string; add it as a comment at the current position", SPop: 1},
	OpRemoveComment:   {Name: "removecomment", Doc: "drop the game's own comments at the current position from the output"},
	OpSetTag:          {Name: "settag", Doc: "pop a value and a tag name; set that tag of the output game", SPop: 2},
	OpRemoveTag:       {Name: "removetag", Doc: "pop a tag name; remove that tag from the output game", SPop: 1},
	OpEchoComment:     {Name: "echocomment", A: OStr, B: OStr, Doc: "pop the source position; comment the source and the current position (the target) with the names A and B and each other's place", Pop: 1},
	OpFoundMark:       {Name: "foundmark", A: OSlot, Doc: "leave a \"Found k of n\" placeholder at the current position for the find whose markc is A"},
	OpFoundNumber:     {Name: "foundnumber", A: OSlot, Doc: "number the placeholders of the find whose markc is A: Found 1 of n, ..."},
	OpShapeAny:        {Name: "shapeany", A: OShape, B: OJump, Doc: "jump to B unless one translate of a piece pattern of shape test A stands on the board"},
	OpExchange:        {Name: "exchange", B: OJump, Doc: "push the static exchange evaluation (pawns) of the next move (to the first child); jump if there is none or it captures nothing", Push: 1},
	OpMaxSwap:         {Name: "maxswap", B: OJump, Doc: "pop to, from sets; push the best static exchange evaluation of a legal move from a square of from to one of to (each colour on from asked as if to move); jump if there is none", Pop: 2, Push: 1},
	OpPawnCount:       {Name: "pawncount", A: OImm, Doc: "pop a set; push the count pawn query Program.PawnQueries[A] gives for its pawns", Pop: 1, Push: 1},
	OpGoodBishop:      {Name: "goodbishop", X: OFlags, Flags: []Flag{bit(BishopPercent1, "percent1"), bit(BishopPercent2, "percent2"), bit(BishopStrictLo1, "strictlo1"), bit(BishopStrictHi1, "stricthi1"), bit(BishopStrictLo2, "strictlo2"), bit(BishopStrictHi2, "stricthi2")}, Doc: "pop hi2, lo2, hi1, lo1, set; push the bishops of set with lo1..hi1 enemy pawns on their square colour and lo2..hi2 own pawns off it (X: the Bishop* flags, for percentages and strict bounds)", Pop: 5, Push: 1},
	OpBuiltinTest:     {Name: "builtintest", X: OFlags, Flags: choice(0xf, "opposition", "cannotwin", "matingmaterial", "gameisover", "fiftymoverule", "threefold", "takeslastpiece", "shufflechess"), A: OImm, B: OJump, Doc: "jump unless built-in test X (Builtin* constants) holds for colour A (0 the side to move, 1 White, 2 Black)"},
	OpBuiltinNum:      {Name: "builtinnum", X: OFlags, Flags: choice(3, "halfmoveclock", "repetitioncount", "startposition"), Doc: "push the number of built-in X (Builtin* constants)", Push: 1},
	OpAnnotation:      {Name: "annotation", X: OFlags, Flags: annotationFlags, B: OJump, Doc: "push the value of an annotation command of the move into the position (X&AnnWhat: [%eval] centipawns, its mate distance, [%clk] or [%emt] seconds) in the view X>>AnnViewShift; jump if the game has none", Push: 1},
	OpEvaluate:        {Name: "evaluate", X: OFlags, Flags: append(choice(EvalView, "tomove", "white", "black"), bit(EvalMoveTime, "movetime"), bit(EvalDifference, "difference")), A: OImm, B: OJump, Doc: "push the engine's score (centipawns) of the position, searched to depth A (X&EvalMoveTime: for A ms), in the view X&EvalView (X&EvalDifference: less its parent's score); jump if it cannot be had", Push: 1},
	OpVariantName:     {Name: "variantname", Doc: "push the name of the game's variant", SPush: 1},
	OpCheckCount:      {Name: "checkcount", X: OFlags, Flags: viewFlags, Doc: "push the checks given so far (Three-check) by the view X's side (natural: the side that just moved)", Push: 1},
	OpInHand:          {Name: "inhand", X: OFlags, Flags: viewFlags, Doc: "push the pieces in hand (Crazyhouse) as FEN letters, of the view X's side (natural: both)", SPush: 1},
	OpDrop:            {Name: "drop", B: OJump, Doc: "push the square the move into the position dropped a piece on; jump if that move is not a drop", Push: 1},
	OpTrace:           {Name: "trace", Doc: "record this pc (and, when marking squares, the result of the instruction before: marksquares.go), then run the original instruction at it (every instruction of a program made by Program.Traced)"},

	OpStoreSet:         {Name: "storeset", A: OSlot, B: OSet, Doc: "pushset B; store A (and skip that store)", Fused: true, Next: []Follower{{OpStore, 0}}},
	OpRestCurJump:      {Name: "restcurjump", A: OSlot, B: OJump, Doc: "restcur A; jump B", Fused: true, Next: []Follower{{OpJump, 0}}},
	OpEchoNextCur:      {Name: "echonextcur", X: OFlags, Flags: echoFlags, A: OSlot, B: OJump, Doc: "echonext X A B; storekeep; setcur (and skip those two): bind the target variable of the storekeep after it to the next position and make it current; jump when done", Fused: true, Next: []Follower{{OpStoreKeep, FieldA}, {OpSetCur, 0}}},
	OpNextSquareStore:  {Name: "nextsquarestore", A: OSlot, B: OJump, Doc: "nextsquare A B; storekeep; store (and skip those two): the next square of a square loop into the variables of the storekeep and the store after it", Fused: true, Next: []Follower{{OpStoreKeep, FieldA}, {OpStore, FieldA}}},
	OpNextPiece:        {Name: "nextpiece", A: OSlot, B: OJump, Doc: "nextsquare A B; storekeep; pieceidat; store (and skip those three): the next square of a piece loop into the storekeep's variable, its piece's identity into the store's", Fused: true, Next: []Follower{{OpStoreKeep, FieldA}, {OpPieceIDAt, FieldB}, {OpStore, FieldA}}},
	OpPieceSquareStore: {Name: "piecesquarestore", A: OSlot, B: OJump, Doc: "piecesquare A B; store (and skip that store): the square of piece A into the store's variable", Fused: true, Next: []Follower{{OpStore, FieldA}}},
	OpMoveInitNext:     {Name: "moveinitnext", A: OSlot, B: OImm, Doc: "moveinit A B; movenext (and skip it, failing to its target): the first candidate of a move filter", Fused: true, Next: []Follower{{OpMoveNext, FieldB}}},
	OpTruncCJump:       {Name: "trunccjump", A: OSlot, B: OJump, Doc: "truncc A; jump B", Fused: true, Next: []Follower{{OpJump, 0}}},
	OpGotoVar:          {Name: "gotovar", A: OSlot, B: OJump, Doc: "load A B; savecur; setcur (and skip those two): make the position in variable A current, saving the current one in the savecur's slot", Fused: true, Next: []Follower{{OpSaveCur, FieldA}, {OpSetCur, 0}}},
}

// namedFlags returns the names of the flags that hold in x, and the bits
// of x they name.
func namedFlags(flags []Flag, x uint8) (names []string, named uint8) {
	for _, f := range flags {
		if x&f.Mask == f.Value {
			names = append(names, f.Name)
			named |= f.Mask
		}
	}
	return names, named
}

// UnnamedX returns the bits of in's X that the op table does not
// explain: for an op whose X is OFlags, those that none of its flags
// names; for an op without an X operand, all of them.
func (in Inst) UnnamedX() uint8 {
	switch info := &opTable[in.Op]; info.X {
	case ONone:
		return in.X
	case OFlags:
		_, named := namedFlags(info.Flags, in.X)
		return in.X &^ named
	}
	return 0
}

// Operands says what the X, A and B fields of op hold.
func (op Op) Operands() (x, a, b Operand) {
	info := &opTable[op]
	return info.X, info.A, info.B
}

// Followers are the instructions after op that it relies on (see
// opInfo.Next).
func (op Op) Followers() []Follower { return opTable[op].Next }

// CheckFollowers reports the first instruction of code whose followers
// (Followers) are not the instructions after it.
func CheckFollowers(code []Inst) error {
	for pc, in := range code {
		for i, f := range in.Op.Followers() {
			at := pc + 1 + i
			if at >= len(code) || code[at].Op != f.Op {
				return fmt.Errorf("vm: %s at %d needs %s at %d", in.Op, pc, f.Op, at)
			}
		}
	}
	return nil
}

// OperandA says what the A field of op holds.
func (op Op) OperandA() Operand { return opTable[op].A }

// MaxA is the largest value the A field of an instruction holds.
const MaxA = 1<<16 - 1

func (op Op) String() string {
	if op < opCount && opTable[op].Name != "" {
		return opTable[op].Name
	}
	return "op?"
}

// Inst is one fixed-width instruction.
type Inst struct {
	Op Op
	X  uint8
	A  uint16
	B  int32
}

// dictEffect is the stack effect of the dictionary ops, which depends on
// the key and value types recorded in the instruction's X (key type in the
// low nibble, value type in the high one).
func dictEffect(in Inst) (pop, push, spop, spush int) {
	kt, vt := in.X&0xF, in.X>>4
	count := func(t uint8, val, str *int) {
		if t == TypeStr {
			*str++
		} else {
			*val++
		}
	}
	switch in.Op {
	case OpDictSet:
		count(kt, &pop, &spop)
		count(vt, &pop, &spop)
	case OpDictGet:
		count(kt, &pop, &spop)
		count(vt, &push, &spush)
	case OpDictDel:
		count(kt, &pop, &spop)
	case OpDictIterNext:
		count(kt, &push, &spush)
	}
	return
}

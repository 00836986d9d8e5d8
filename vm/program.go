package vm

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm/nfa"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// Program is compiled CQL: immutable once built and shared by every
// worker's Machine.
type Program struct {
	Code  []Inst
	Spans []source.Span // Spans[pc] is the source text that produced Code[pc]
	Src   *source.Source
	Entry int // first pc of the body

	Sets []bitboard.Set
	// Shapes are the piece patterns tested by shapeany (translated copies
	// of one pattern, as `shift {Kc3 Pe3}` expands to).
	Shapes []ShapeTest
	Strs   []string

	NumSlots  int      // variable and temporary slots
	SlotNames []string // for the disassembler; "" for temporaries
	// Persistent[s] is true for slots that keep their value across games.
	Persistent []bool

	Sorts []SortKey

	// Similar are the submissions files of the similarposition filters,
	// which the driver loads into Machine.Similar.
	Similar []SimilarSpec

	MoveSpecs []MoveSpec
	Regexps   []*Regexp
	// RegexIter[i] is the slot holding where the next search of regexp i
	// starts, for `while (s ~~ "re")`, which walks the successive matches.
	RegexIter map[int]int
	Lines     []LineSpec
	// FindMemos are the finds whose body has no effect and
	// depends only on the position it is tested at and on the variables
	// in Slots (at most MaxFindMemoSlots, none a string): where it failed
	// once it fails again while those variables keep their values, so
	// the walk skips such positions (OpFindSkip, OpFindFail). A find in
	// a loop over the game's positions then tests each position once per
	// value of its variables instead of once per start.
	FindMemos []FindMemo
	// FindAnchors are conjuncts of find bodies that read only the
	// position (find-anchor): the walk goes from one position where the
	// anchor holds to the next (OpFindAnchor), the body failing at the
	// others before it does anything.
	FindAnchors []FindAnchor
	// EchoJoins are the leading tests of echo bodies that equate values
	// at the target with values at the source (echo-key-join): the walk
	// goes only to the targets whose values are the source's
	// (OpEchoJoinNext).
	EchoJoins []EchoJoin
	// GameFilter is the entry of the game prefilter (conditions on the
	// game's tags, result and number alone), -1 when there is none.
	GameFilter int
	// Need is what a game's summary must meet for some position of the
	// game to match (summary.Anything when the compiler knows nothing):
	// a run over a game store skips the games that fail it.
	Need summary.Need
	// Opts are the optimizations that fired, in the order the compiler
	// took them (for the disassembler).
	Opts  []OptNote
	Dicts []DictSpec

	// Needs summarises what the program looks at, so the driver can skip
	// work (piece identities, comments) that no instruction uses.
	NeedsPieceIDs bool
	// ZeroInit are the persistent variables: they start bound to the zero
	// slot value (0, "" or the empty set) instead of unbound.
	ZeroInit []int
	// ConstSlots are compiler temporaries that hold one value for the
	// whole run (the square sets a move filter leaves unrestricted): the
	// machine sets them once instead of the code at every evaluation.
	ConstSlots []ConstSlot
	// PersistentVars are printed at the end of the run.
	PersistentVars      []PersistentVar
	NeedsLastGameNumber bool
	// PawnQueries are the attribute chains of the CQL-S :pawncount
	// (OpPawnCount).
	PawnQueries []PawnQuery
	// Chess is the chess knowledge the built-ins ask about: the
	// compiler's Options.Chess.
	Chess Chess
	// NeedsEngine: the program evaluates positions with a UCI engine
	// (OpEvaluate), so the driver gives each machine an Evaluator.
	NeedsEngine bool
	// DropsFailedComments: the planner skips, where the top level fails,
	// filters that comment (opt.CheapFirst), which is exact only when the
	// comments of a position that does not match are dropped (a machine
	// without AlwaysComment)
	DropsFailedComments bool

	// traced is the original code of a program made by Traced, whose Code
	// is all OpTrace.
	traced []Inst
}

// SortKey is one `sort` documentation string.
type SortKey struct {
	Doc   string
	Min   bool
	Quiet bool
	Str   bool // the key is a string
}

// Disassemble writes one line per instruction: pc, a '*' on the entry,
// the mnemonic, its operands resolved (sets as squares, jump targets), and
// the source line:col that produced it.
func (p *Program) Disassemble(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	for pc, in := range p.Code {
		mark := " "
		if pc == p.Entry {
			mark = "*"
		}
		fmt.Fprintf(tw, "%4d%s\t%s\t%s\t%s\n", pc, mark, in.Op, p.operands(in), p.where(pc))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return p.disassembleLines(w)
}

// disassembleLines prints the NFA of each line and path filter, with the
// entry pc of each constituent's test.
func (p *Program) disassembleLines(w io.Writer) error {
	if p.GameFilter >= 0 {
		fmt.Fprintf(w, "\ngame prefilter: code at %d\n", p.GameFilter)
	}
	if p.Need.Op != summary.Anything {
		fmt.Fprintf(w, "\nsummary need: %s\n", p.Need)
	}
	for i, l := range p.Lines {
		fmt.Fprintf(w, "\n%s #%d%s:\n", l.Name, i, lineFlags(&l))
		for k, entry := range l.Subs {
			kind := "test"
			for _, in := range l.NFA.Inst {
				if int(in.Arg) == k && in.Op == nfa.Filter {
					kind = "consume"
					if l.IsPath {
						kind = "move"
					}
				}
			}
			fmt.Fprintf(w, "  constituent %d: %s, code at %d\n", k, kind, entry)
		}
		if l.IsPath && l.Path.Focus >= 0 {
			fmt.Fprintf(w, "  focus set: code at %d\n", l.Path.Focus)
		}
		if _, err := io.WriteString(w, indent(l.NFA.String(), "  ")); err != nil {
			return err
		}
	}
	return nil
}

func lineFlags(l *LineSpec) string {
	var f []string
	add := func(on bool, s string) {
		if on {
			f = append(f, s)
		}
	}
	add(l.Backward, "backward")
	add(l.FirstMatch, "firstmatch")
	add(l.LastPosition, "lastposition")
	add(l.NestBan, "nestban")
	add(l.Primary, "primary")
	add(l.Secondary, "secondary")
	add(l.SingleColor, "singlecolor")
	add(l.Quiet, "quiet")
	switch {
	case l.RangeOnStack:
		f = append(f, "range from the stack")
	case l.HasRange:
		f = append(f, fmt.Sprintf("range %d-%d", l.Lo, l.Hi))
	}
	if len(f) == 0 {
		return ""
	}
	return " (" + strings.Join(f, " ") + ")"
}

func indent(s, pre string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(pre + l)
		}
	}
	return b.String()
}

// DisassembleString is Disassemble into a string.
func (p *Program) DisassembleString() string {
	var b strings.Builder
	p.Disassemble(&b)
	return b.String()
}

func (p *Program) where(pc int) string {
	if p.Src == nil || pc >= len(p.Spans) {
		return ""
	}
	sp := p.Spans[pc]
	line, col := p.Src.Position(int(sp.From))
	text := p.Src.Snippet(sp)
	return fmt.Sprintf("; %d:%d %s", line, col, text)
}

func (p *Program) operands(in Inst) string {
	info := opTable[in.Op]
	var parts []string
	if s := p.operand(info.X, int64(in.X), in); s != "" {
		parts = append(parts, s)
	}
	if s := p.operand(info.A, int64(in.A), in); s != "" {
		parts = append(parts, s)
	}
	if s := p.operand(info.B, int64(in.B), in); s != "" {
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

var cmpNames = [...]string{"<", "<=", "==", ">=", ">", "!="}

func (p *Program) operand(kind Operand, v int64, in Inst) string {
	switch kind {
	case ONone:
		return ""
	case OJump:
		return fmt.Sprintf("->%d", v)
	case OSet:
		if int(v) < len(p.Sets) {
			return CompactSetString(p.Sets[v])
		}
	case OImm, OCount:
		return fmt.Sprint(v)
	case ORangeLo:
		return fmt.Sprint(int(v) - 8)
	case ORayArgs:
		if v&0x100 != 0 {
			return fmt.Sprintf("%d attack", v&0xff)
		}
		return fmt.Sprint(v)
	case OStr:
		if int(v) < len(p.Strs) {
			return fmt.Sprintf("%q", p.Strs[v])
		}
	case OSlot:
		if int(v) < len(p.SlotNames) && p.SlotNames[v] != "" {
			return fmt.Sprintf("$%d(%s)", v, p.SlotNames[v])
		}
		return fmt.Sprintf("$%d", v)
	case OPieces:
		return PieceMaskString(uint16(v))
	case OCmp:
		if int(v) < len(cmpNames) {
			return cmpNames[v]
		}
	case ODir:
		return bitboard.Dir(v).String()
	case OType:
		return TypeString(uint8(v))
	case OKeyValue:
		return TypeString(uint8(v&0xf)) + ":" + TypeString(uint8(v>>4))
	case OFlags:
		return flagString(opTable[in.Op].Flags, uint8(v))
	case OShape:
		if int(v) < len(p.Shapes) {
			return p.Shapes[v].String()
		}
	case OSort:
		if int(v) < len(p.Sorts) {
			return fmt.Sprintf("sort#%d(%q)", v, p.Sorts[v].Doc)
		}
	}
	return fmt.Sprintf("%s:%d", kind, v)
}

// PieceMaskString prints a piece-kind mask (bit p for bitboard.Piece p,
// bit 0 for empty) as a CQL piece list.
func PieceMaskString(m uint16) string {
	var b strings.Builder
	for p := bitboard.Piece(1); p < 16; p++ {
		if m&(1<<p) != 0 {
			b.WriteByte(p.Letter())
		}
	}
	if m&1 != 0 {
		b.WriteByte('_')
	}
	return "[" + b.String() + "]"
}

// Value types, as used by conversions (tostr).
const (
	TypeSet uint8 = iota + 1
	TypeNum
	TypeStr
	TypePos
	TypePiece // a piece variable's square, printed with its piece letter
)

// TypeString names a value type.
func TypeString(t uint8) string {
	switch t {
	case TypeSet:
		return "set"
	case TypeNum:
		return "num"
	case TypeStr:
		return "str"
	case TypePos:
		return "pos"
	case TypePiece:
		return "piece"
	}
	return "?"
}

// HasPersistent reports whether some variable keeps its value across
// games; such programs must see the games one at a time, in order.
func (p *Program) HasPersistent() bool {
	for _, d := range p.Dicts {
		if !d.Local {
			return true
		}
	}
	for _, b := range p.Persistent {
		if b {
			return true
		}
	}
	return false
}

// CompactSetString prints a square set briefly for the disassembler:
// "all", "none", or runs of files per rank such as "[a-h2,e4]".
func CompactSetString(s bitboard.Set) string {
	switch s {
	case bitboard.Full:
		return "[all]"
	case 0:
		return "[]"
	}
	var parts []string
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; {
			if !s.Has(bitboard.MakeSquare(f, r)) {
				f++
				continue
			}
			g := f
			for g+1 < 8 && s.Has(bitboard.MakeSquare(g+1, r)) {
				g++
			}
			if g == f {
				parts = append(parts, bitboard.MakeSquare(f, r).String())
			} else {
				parts = append(parts, fmt.Sprintf("%c-%c%d", 'a'+f, 'a'+g, r+1))
			}
			f = g + 1
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// FindMemo is one memoised find: the slots its body reads.
type FindMemo struct {
	Slots []int
	// Save is the find's savecur slot: a find entered with a line's
	// linearization in force walks without the memo, since its later
	// targets are tested with the linearization back in force
	Save int
}

// MaxFindMemoSlots bounds the variables of a memoised find body.
const MaxFindMemoSlots = 4

// PersistentVar names a persistent variable to report after the run.
type PersistentVar struct {
	Name string
	Slot int
	Type uint8
}

// ConstSlot is a slot with the value it keeps for the whole run.
type ConstSlot struct {
	Slot  int
	Value uint64
}

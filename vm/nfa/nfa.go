// Package nfa holds the instruction set of the regular expressions of
// CQL's `line` and `path` filters, in the style of Go's regexp/syntax: a
// Thompson NFA whose only consuming instruction asks whether constituent
// k holds at the current position of the game, and a builder that makes
// it from a pattern with frag/patch lists.
//
// The executor lives in package vm, because the consuming instruction runs
// bytecode of the enclosing program.
package nfa

import (
	"fmt"
	"strings"
)

// Op is an NFA instruction kind.
type Op uint8

const (
	Fail   Op = iota // no match (pc 0, so that 0 can mean "no target")
	Filter           // consume one position if constituent Arg holds there; then go to Out
	Split            // go to both Out and Arg (Out preferred)
	Jmp              // go to Out
	Match            // a whole sequence matched
	Test             // go to Out if constituent Arg holds at the current position (consumes nothing)
)

var opNames = [...]string{"fail", "filter", "split", "jmp", "match", "test"}

func (o Op) String() string { return opNames[o] }

// Inst is one instruction.
type Inst struct {
	Op  Op
	Out uint32
	Arg uint32
}

// Prog is a compiled pattern.
type Prog struct {
	Inst  []Inst
	Start int
	// NumFilters is the number of constituents (Filter args are below it).
	NumFilters int
}

// String prints the program one instruction per line, like
// regexp/syntax's Prog.String: the start pc marked with '*'.
func (p *Prog) String() string {
	var b strings.Builder
	for pc, in := range p.Inst {
		mark := " "
		if pc == p.Start {
			mark = "*"
		}
		fmt.Fprintf(&b, "%3d%s %s", pc, mark, in.Op)
		switch in.Op {
		case Filter, Test:
			fmt.Fprintf(&b, " %d -> %d", in.Arg, in.Out)
		case Split:
			fmt.Fprintf(&b, " -> %d, %d", in.Out, in.Arg)
		case Jmp:
			fmt.Fprintf(&b, " -> %d", in.Out)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// MaxInst bounds the size of a compiled pattern: `{m,n}` repetition
// copies its operand n times, and a pattern like `(a{100}){100}` must not
// exhaust memory.
const MaxInst = 100000

// Node is a pattern to compile.
type Node struct {
	Kind     NodeKind
	Filter   int     // for KindFilter: the constituent index
	Sub      []*Node // for KindConcat / KindAlt / KindRepeat (one operand)
	Min, Max int     // for KindRepeat; Max < 0 means unbounded
}

// NodeKind classifies pattern nodes.
type NodeKind uint8

const (
	KindFilter NodeKind = iota
	KindTest            // a non-consuming test
	KindConcat
	KindAlt
	KindRepeat
)

// Compile builds the NFA of a pattern.
func Compile(n *Node, numFilters int) (*Prog, error) {
	c := &compiler{p: &Prog{NumFilters: numFilters}}
	c.inst(Fail)
	f := c.compile(n)
	if c.err != nil {
		return nil, c.err
	}
	m := c.inst(Match)
	if c.err != nil {
		return nil, c.err
	}
	f.out.patch(c.p, m)
	c.p.Start = int(f.start)
	return c.p, nil
}

// frag is a partly built piece: its entry and the list of its dangling exits.
type frag struct {
	start uint32
	out   patchList
	// nullable: the fragment can match the empty sequence
	nullable bool
}

// patchList is a list of instruction exits still to be filled, threaded
// through the Out/Arg fields themselves (as in regexp/syntax): each entry
// is pc<<1 | (0 for Out, 1 for Arg).
type patchList struct{ head, tail uint32 }

func makePatchList(n uint32) patchList { return patchList{n, n} }

func (l patchList) patch(p *Prog, val uint32) {
	for h := l.head; h != 0; {
		in := &p.Inst[h>>1]
		if h&1 == 0 {
			h = in.Out
			in.Out = val
		} else {
			h = in.Arg
			in.Arg = val
		}
	}
}

func (l1 patchList) append(p *Prog, l2 patchList) patchList {
	if l1.head == 0 {
		return l2
	}
	if l2.head == 0 {
		return l1
	}
	in := &p.Inst[l1.tail>>1]
	if l1.tail&1 == 0 {
		in.Out = l2.head
	} else {
		in.Arg = l2.head
	}
	return patchList{l1.head, l2.tail}
}

type compiler struct {
	p   *Prog
	err error
}

func (c *compiler) inst(op Op) uint32 {
	if len(c.p.Inst) >= MaxInst {
		if c.err == nil {
			c.err = fmt.Errorf("the pattern is too large (more than %d states); use smaller repetition counts", MaxInst)
		}
		return 0
	}
	c.p.Inst = append(c.p.Inst, Inst{Op: op})
	return uint32(len(c.p.Inst) - 1)
}

func (c *compiler) compile(n *Node) frag {
	if c.err != nil {
		return frag{}
	}
	switch n.Kind {
	case KindFilter:
		pc := c.inst(Filter)
		c.p.Inst[pc].Arg = uint32(n.Filter)
		return frag{start: pc, out: makePatchList(pc << 1)}
	case KindTest:
		pc := c.inst(Test)
		c.p.Inst[pc].Arg = uint32(n.Filter)
		return frag{start: pc, out: makePatchList(pc << 1), nullable: true}
	case KindConcat:
		if len(n.Sub) == 0 {
			return c.empty()
		}
		f := c.compile(n.Sub[0])
		for _, s := range n.Sub[1:] {
			g := c.compile(s)
			f = c.cat(f, g)
		}
		return f
	case KindAlt:
		f := c.compile(n.Sub[0])
		for _, s := range n.Sub[1:] {
			f = c.alt(f, c.compile(s))
		}
		return f
	case KindRepeat:
		return c.repeat(n)
	}
	c.err = fmt.Errorf("unknown pattern node")
	return frag{}
}

// empty matches the empty sequence.
func (c *compiler) empty() frag {
	pc := c.inst(Jmp)
	return frag{start: pc, out: makePatchList(pc << 1), nullable: true}
}

func (c *compiler) cat(f1, f2 frag) frag {
	f1.out.patch(c.p, f2.start)
	return frag{start: f1.start, out: f2.out, nullable: f1.nullable && f2.nullable}
}

func (c *compiler) alt(f1, f2 frag) frag {
	pc := c.inst(Split)
	c.p.Inst[pc].Out = f1.start
	c.p.Inst[pc].Arg = f2.start
	return frag{start: pc, out: f1.out.append(c.p, f2.out), nullable: f1.nullable || f2.nullable}
}

// quest: zero or one.
func (c *compiler) quest(f frag) frag {
	pc := c.inst(Split)
	c.p.Inst[pc].Out = f.start
	return frag{start: pc, out: f.out.append(c.p, makePatchList(pc<<1|1)), nullable: true}
}

// star: zero or more (greedy).
func (c *compiler) star(f frag) frag {
	pc := c.inst(Split)
	c.p.Inst[pc].Out = f.start
	f.out.patch(c.p, pc)
	return frag{start: pc, out: makePatchList(pc<<1 | 1), nullable: true}
}

// plus: one or more.
func (c *compiler) plus(f frag) frag {
	pc := c.inst(Split)
	c.p.Inst[pc].Out = f.start
	f.out.patch(c.p, pc)
	return frag{start: f.start, out: makePatchList(pc<<1 | 1), nullable: f.nullable}
}

// repeat expands {min,max} into min copies followed by max-min optional
// copies (or a star when unbounded).
func (c *compiler) repeat(n *Node) frag {
	if n.Min > MaxInst || n.Max > MaxInst {
		// every copy takes at least one instruction
		c.err = fmt.Errorf("the pattern is too large (a repetition count over %d); use smaller repetition counts", MaxInst)
		return frag{}
	}
	sub := n.Sub[0]
	var f frag
	have := false
	add := func(g frag) {
		if !have {
			f, have = g, true
			return
		}
		f = c.cat(f, g)
	}
	for i := 0; i < n.Min && c.err == nil; i++ {
		add(c.compile(sub))
	}
	switch {
	case n.Max < 0 && n.Min == 0:
		add(c.star(c.compile(sub)))
	case n.Max < 0:
		// the last mandatory copy repeats: x{2,} = x x+
		if n.Min == 1 {
			return c.plus(f)
		}
		add(c.star(c.compile(sub)))
	case n.Max > n.Min:
		// the optional copies nest, x{1,4} = x(x(x(x)?)?)?, as
		// regexp/syntax does: once one is skipped so are the rest, so a
		// search holds one state per count instead of one per subset
		opt := c.quest(c.compile(sub))
		for i := n.Min + 1; i < n.Max && c.err == nil; i++ {
			opt = c.quest(c.cat(c.compile(sub), opt))
		}
		add(opt)
	}
	if !have {
		return c.empty()
	}
	return f
}

// Linear reports whether the program has no Split: it matches one
// sequence of constituents, so that on a game tree (where one sequence of
// moves leads to a position) a search reaches each state at each position
// at most once.
func (p *Prog) Linear() bool {
	for _, in := range p.Inst {
		if in.Op == Split {
			return false
		}
	}
	return true
}

// Closure calls f with every state reachable from pc without consuming
// a position (following Jmp and Split) that is not a Jmp or Split
// itself: the Filter, Test, Match and Fail states a thread at pc stands
// for. Each is given once.
func (p *Prog) Closure(pc uint32, f func(pc uint32)) {
	seen := make([]bool, len(p.Inst))
	stack := []uint32{pc}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		switch in := p.Inst[pc]; in.Op {
		case Jmp:
			stack = append(stack, in.Out)
		case Split:
			stack = append(stack, in.Out, in.Arg)
		default:
			f(pc)
		}
	}
}

// SoleStartFilter reports constituent k when every state reachable from
// the start without consuming a position is a Filter of k: a sequence can
// then only match from a position where k holds.
func (p *Prog) SoleStartFilter() (int, bool) {
	k, ok := -1, true
	p.Closure(uint32(p.Start), func(pc uint32) {
		in := p.Inst[pc]
		if in.Op != Filter || k >= 0 && k != int(in.Arg) {
			ok = false
			return
		}
		k = int(in.Arg)
	})
	return k, ok && k >= 0
}

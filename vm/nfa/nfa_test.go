package nfa

import (
	"flag"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/nfa")

const goldenDir = "../../testdata/nfa"

// Pattern constructors.
func lit(k int) *Node      { return &Node{Kind: KindFilter, Filter: k} }
func test(k int) *Node     { return &Node{Kind: KindTest, Filter: k} }
func cat(s ...*Node) *Node { return &Node{Kind: KindConcat, Sub: s} }
func alt(s ...*Node) *Node { return &Node{Kind: KindAlt, Sub: s} }
func rep(n *Node, min, max int) *Node {
	return &Node{Kind: KindRepeat, Sub: []*Node{n}, Min: min, Max: max}
}
func star(n *Node) *Node  { return rep(n, 0, -1) }
func plus(n *Node) *Node  { return rep(n, 1, -1) }
func quest(n *Node) *Node { return rep(n, 0, 1) }

// patternString writes a pattern in regexp-like notation, for messages.
func patternString(n *Node) string {
	switch n.Kind {
	case KindFilter:
		return string(rune('a' + n.Filter))
	case KindTest:
		return "<" + string(rune('a'+n.Filter)) + ">"
	case KindConcat:
		var b strings.Builder
		b.WriteByte('(')
		for _, s := range n.Sub {
			b.WriteString(patternString(s))
		}
		b.WriteByte(')')
		return b.String()
	case KindAlt:
		var parts []string
		for _, s := range n.Sub {
			parts = append(parts, patternString(s))
		}
		return "(" + strings.Join(parts, "|") + ")"
	case KindRepeat:
		max := "inf"
		if n.Max >= 0 {
			max = strconv.Itoa(n.Max)
		}
		return patternString(n.Sub[0]) + "{" + strconv.Itoa(n.Min) + "," + max + "}"
	}
	return "?"
}

// goldenPatterns are compiled and printed; the printouts are kept under
// testdata/nfa.
var goldenPatterns = []struct {
	name string
	n    *Node
	k    int
}{
	{"filter", lit(0), 1},
	{"test", test(0), 1},
	{"concat", cat(lit(0), lit(1), lit(2)), 3},
	{"empty_concat", cat(), 0},
	{"alt", alt(lit(0), lit(1), lit(2)), 3},
	{"star", star(lit(0)), 1},
	{"plus", plus(lit(0)), 1},
	{"quest", quest(lit(0)), 1},
	{"repeat_exact", rep(lit(0), 3, 3), 1},
	{"repeat_range", rep(lit(0), 2, 4), 1},
	{"repeat_at_least", rep(lit(0), 2, -1), 1},
	{"repeat_zero", rep(lit(0), 0, 0), 1},
	{"repeat_upto", rep(lit(0), 0, 2), 1},
	{"nested_groups", cat(lit(0), star(cat(lit(1), quest(lit(2)))), lit(3)), 4},
	{"nested_stars", star(cat(star(lit(0)), star(lit(1)))), 2},
	{"alt_of_repeats", alt(rep(lit(0), 2, 2), plus(cat(lit(1), lit(2)))), 3},
	{"path_tests", cat(lit(0), test(1), star(cat(lit(2), test(3)))), 4},
	{"repeat_of_group", rep(cat(lit(0), alt(lit(1), lit(2))), 1, 3), 3},
}

func TestGolden(t *testing.T) {
	for _, g := range goldenPatterns {
		t.Run(g.name, func(t *testing.T) {
			p, err := Compile(g.n, g.k)
			if err != nil {
				t.Fatalf("compile %s: %v", patternString(g.n), err)
			}
			checkWellFormed(t, p)
			got := "# " + patternString(g.n) + "\n" + p.String()
			golden.CompareFile(t, filepath.Join(goldenDir, g.name+".golden"), got, *update, "vm/nfa")
		})
	}
}

// checkWellFormed: pc 0 is Fail, exactly one Match, every target in range,
// no instruction jumps to pc 0 (a dangling exit left unpatched), filter
// arguments below NumFilters, the start in range.
func checkWellFormed(t *testing.T, p *Prog) {
	t.Helper()
	if len(p.Inst) == 0 || p.Inst[0].Op != Fail {
		t.Fatalf("pc 0 is not fail:\n%s", p)
	}
	if p.Start <= 0 || p.Start >= len(p.Inst) {
		t.Fatalf("start %d out of range:\n%s", p.Start, p)
	}
	matches := 0
	for pc, in := range p.Inst {
		target := func(x uint32) {
			if x == 0 || int(x) >= len(p.Inst) {
				t.Fatalf("pc %d (%s) goes to %d:\n%s", pc, in.Op, x, p)
			}
		}
		switch in.Op {
		case Match:
			matches++
		case Filter, Test:
			target(in.Out)
			if int(in.Arg) >= p.NumFilters {
				t.Fatalf("pc %d tests constituent %d of %d", pc, in.Arg, p.NumFilters)
			}
		case Jmp:
			target(in.Out)
		case Split:
			target(in.Out)
			target(in.Arg)
		case Fail:
			if pc != 0 {
				t.Fatalf("fail at pc %d", pc)
			}
		}
	}
	if matches != 1 {
		t.Fatalf("%d match instructions:\n%s", matches, p)
	}
}

// An input is a sequence of positions; at each the constituents that hold
// are a bit mask. A consuming constituent (filter k) eats position i when
// bit k of cons[i] is set; a test k holds between positions, at index i,
// when bit k of tests[i] is set.
type input struct {
	cons  []uint8
	tests []uint8 // len(cons)+1
}

// refEnds is the reference matcher: the set (a bit mask of indexes) of the
// positions where a match of n starting at index i can end. It follows the
// structure of the pattern, not the compiled program.
func refEnds(n *Node, in input, i int) uint64 {
	switch n.Kind {
	case KindFilter:
		if i < len(in.cons) && in.cons[i]&(1<<n.Filter) != 0 {
			return 1 << (i + 1)
		}
		return 0
	case KindTest:
		if in.tests[i]&(1<<n.Filter) != 0 {
			return 1 << i
		}
		return 0
	case KindConcat:
		cur := uint64(1) << i
		for _, s := range n.Sub {
			cur = refStep(s, in, cur)
		}
		return cur
	case KindAlt:
		var out uint64
		for _, s := range n.Sub {
			out |= refEnds(s, in, i)
		}
		return out
	case KindRepeat:
		cur := uint64(1) << i
		for k := 0; k < n.Min; k++ {
			cur = refStep(n.Sub[0], in, cur)
		}
		all := cur
		if n.Max < 0 {
			for { // fixpoint of further repetitions
				next := all | refStep(n.Sub[0], in, all)
				if next == all {
					break
				}
				all = next
			}
			return all
		}
		for k := n.Min; k < n.Max; k++ {
			cur = refStep(n.Sub[0], in, cur)
			all |= cur
		}
		return all
	}
	panic("unknown node")
}

// refStep applies n once from every start index in the mask.
func refStep(n *Node, in input, starts uint64) uint64 {
	var out uint64
	for i := 0; i <= len(in.cons); i++ {
		if starts&(1<<i) != 0 {
			out |= refEnds(n, in, i)
		}
	}
	return out
}

// pikeEnds runs the compiled program over the input, Pike style: the set
// of states is advanced one position at a time, and the result is the set
// of indexes at which Match is reached.
func pikeEnds(p *Prog, in input) uint64 {
	var ends uint64
	var add func(set map[uint32]bool, pc uint32, i int)
	add = func(set map[uint32]bool, pc uint32, i int) {
		if set[pc] {
			return
		}
		set[pc] = true
		inst := p.Inst[pc]
		switch inst.Op {
		case Jmp:
			add(set, inst.Out, i)
		case Split:
			add(set, inst.Out, i)
			add(set, inst.Arg, i)
		case Test:
			if in.tests[i]&(1<<inst.Arg) != 0 {
				add(set, inst.Out, i)
			}
		}
	}
	cur := map[uint32]bool{}
	add(cur, uint32(p.Start), 0)
	for i := 0; ; i++ {
		for pc := range cur {
			if p.Inst[pc].Op == Match {
				ends |= 1 << i
			}
		}
		if i == len(in.cons) {
			return ends
		}
		next := map[uint32]bool{}
		for pc := range cur {
			inst := p.Inst[pc]
			if inst.Op == Filter && in.cons[i]&(1<<inst.Arg) != 0 {
				add(next, inst.Out, i+1)
			}
		}
		cur = next
	}
}

// randomPattern builds a random pattern over k constituents.
func randomPattern(rng *rand.Rand, k, depth int, tests bool) *Node {
	if depth == 0 || rng.IntN(4) == 0 {
		if tests && rng.IntN(4) == 0 {
			return test(rng.IntN(k))
		}
		return lit(rng.IntN(k))
	}
	switch rng.IntN(6) {
	case 0, 1:
		n := 1 + rng.IntN(3)
		var s []*Node
		for i := 0; i < n; i++ {
			s = append(s, randomPattern(rng, k, depth-1, tests))
		}
		return cat(s...)
	case 2:
		return alt(randomPattern(rng, k, depth-1, tests), randomPattern(rng, k, depth-1, tests))
	default:
		sub := randomPattern(rng, k, depth-1, tests)
		switch rng.IntN(7) {
		case 0:
			return star(sub)
		case 1:
			return plus(sub)
		case 2:
			return quest(sub)
		case 3:
			n := rng.IntN(4)
			return rep(sub, n, n)
		case 4:
			n := rng.IntN(3)
			return rep(sub, n, n+rng.IntN(3))
		case 5:
			return rep(sub, rng.IntN(4), -1)
		default:
			return cat()
		}
	}
}

func randomInput(rng *rand.Rand, k int, single bool) input {
	n := rng.IntN(9)
	in := input{cons: make([]uint8, n), tests: make([]uint8, n+1)}
	for i := range in.cons {
		if single {
			in.cons[i] = 1 << rng.IntN(k) // a string of constituent indexes
		} else {
			in.cons[i] = uint8(rng.IntN(1 << k))
		}
	}
	for i := range in.tests {
		in.tests[i] = uint8(rng.IntN(1 << k))
	}
	return in
}

// TestAgainstReference: the compiled programs accept exactly the sequences
// the patterns describe, from every start: the set of positions where a
// match ends is the same for the Pike simulation and the reference.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 1))
	patterns := 600
	if testing.Short() {
		patterns = 150
	}
	nonTrivial := 0
	for i := 0; i < patterns; i++ {
		k := 2 + rng.IntN(2)
		pat := randomPattern(rng, k, 4, i%2 == 1)
		p, err := Compile(pat, k)
		if err != nil {
			t.Fatalf("compile %s: %v", patternString(pat), err)
		}
		checkWellFormed(t, p)
		for j := 0; j < 40; j++ {
			in := randomInput(rng, k, j%2 == 0)
			want := refEnds(pat, in, 0)
			if got := pikeEnds(p, in); got != want {
				t.Fatalf("pattern %s on %v / tests %v: program ends at %b, reference at %b\n%s",
					patternString(pat), in.cons, in.tests, got, want, p)
			}
			if want != 0 && want != 1 {
				nonTrivial++
			}
		}
	}
	if nonTrivial < patterns {
		t.Errorf("only %d non-trivial matches: the random inputs are too poor", nonTrivial)
	}
}

// TestHandPicked: a few patterns with the sequences they must accept
// (a whole-sequence match) and reject.
func TestHandPicked(t *testing.T) {
	str := func(s string) input {
		in := input{cons: make([]uint8, len(s)), tests: make([]uint8, len(s)+1)}
		for i := range s {
			in.cons[i] = 1 << (s[i] - 'a')
		}
		return in
	}
	for _, c := range []struct {
		pat        *Node
		yes, no    []string
		numFilters int
	}{
		{rep(lit(0), 2, 3), []string{"aa", "aaa"}, []string{"", "a", "aaaa", "ab"}, 2},
		{rep(lit(0), 2, -1), []string{"aa", "aaaaaa"}, []string{"", "a", "aab"}, 2},
		{rep(lit(0), 1, -1), []string{"a", "aaaa"}, []string{""}, 2},
		{cat(lit(0), star(lit(1)), lit(0)), []string{"aa", "aba", "abbba"}, []string{"ab", "a", "abab"}, 2},
		{star(cat(star(lit(0)), lit(1))), []string{"", "b", "ab", "aabab"}, []string{"a", "ba"}, 2},
		{alt(cat(lit(0), lit(1)), cat(lit(1), lit(0))), []string{"ab", "ba"}, []string{"aa", "abba"}, 2},
		{rep(cat(lit(0), quest(lit(1))), 2, 2), []string{"aa", "aba", "abab", "aab"}, []string{"a", "abb", "aaa"}, 2},
		{rep(star(lit(0)), 3, 3), []string{"", "a", "aaaa"}, []string{"b"}, 2},
		{cat(), []string{""}, []string{"a"}, 1},
	} {
		p, err := Compile(c.pat, c.numFilters)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.yes {
			in := str(s)
			if pikeEnds(p, in)&(1<<len(s)) == 0 {
				t.Errorf("%s rejects %q", patternString(c.pat), s)
			}
		}
		for _, s := range c.no {
			in := str(s)
			if pikeEnds(p, in)&(1<<len(s)) != 0 {
				t.Errorf("%s accepts %q", patternString(c.pat), s)
			}
		}
	}
}

// TestMaxInst: the size limit is exact. a{n} takes n filters plus the
// leading fail and the final match.
func TestMaxInst(t *testing.T) {
	p, err := Compile(rep(lit(0), MaxInst-2, MaxInst-2), 1)
	if err != nil {
		t.Fatalf("a{%d} (exactly MaxInst instructions) failed: %v", MaxInst-2, err)
	}
	if len(p.Inst) != MaxInst {
		t.Errorf("a{%d} has %d instructions, want %d", MaxInst-2, len(p.Inst), MaxInst)
	}
	for _, pat := range []*Node{
		rep(lit(0), MaxInst, MaxInst),
		rep(rep(lit(0), 1000, 1000), 1000, 1000),
		rep(lit(0), 0, MaxInst),
		cat(rep(lit(0), MaxInst/2, MaxInst/2), rep(lit(1), MaxInst/2, MaxInst/2)),
		alt(rep(lit(0), 60000, 60000), rep(lit(1), 60000, 60000)),
	} {
		p, err := Compile(pat, 2)
		if err == nil {
			t.Errorf("%.40s compiled to %d instructions, want a size error", patternString(pat), len(p.Inst))
			continue
		}
		if p != nil {
			t.Errorf("an error came with a program")
		}
		if !strings.Contains(err.Error(), "too large") {
			t.Errorf("unexpected error %v", err)
		}
	}
	// a nested count just under the limit: (a{100}){100} is 10002 instructions
	p, err = Compile(rep(rep(lit(0), 100, 100), 100, 100), 1)
	if err != nil || len(p.Inst) != 10002 {
		t.Errorf("(a{100}){100}: %v, %d instructions", err, len(p.Inst))
	}
}

// TestMaxInstOffByOne: one filter more than fits leaves no room for the
// final match instruction, which must be an error too.
func TestMaxInstOffByOne(t *testing.T) {
	p, err := Compile(rep(lit(0), MaxInst-1, MaxInst-1), 1)
	if err == nil {
		t.Errorf("a{%d} compiled to %d instructions without a match instruction, want a size error", MaxInst-1, len(p.Inst))
	}
}

// TestHugeCountsFailFast: a repetition count far beyond the limit must
// fail at once, not after counting to it.
func TestHugeCountsFailFast(t *testing.T) {
	for _, pat := range []*Node{rep(lit(0), 0, 1<<40), rep(lit(0), 1<<40, 1<<40), rep(lit(0), 1<<40, -1)} {
		done := make(chan error, 1)
		go func() {
			_, err := Compile(pat, 1)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s compiled", patternString(pat))
			}
		case <-time.After(time.Second):
			t.Errorf("%s: no answer after a second", patternString(pat))
		}
	}
}

// TestSoleStartFilter: a pattern has a sole start filter exactly when
// every match begins with one and the same constituent.
func TestSoleStartFilter(t *testing.T) {
	for _, c := range []struct {
		pattern *Node
		k       int
		ok      bool
	}{
		{cat(lit(0), lit(1)), 0, true},
		{rep(lit(2), 6, -1), 2, true},
		{cat(plus(lit(1)), lit(0)), 1, true},
		{alt(cat(lit(0), lit(1)), cat(lit(0), lit(2))), 0, true},
		{cat(star(lit(0)), lit(1)), 0, false}, // may start with 1
		{alt(lit(0), lit(1)), 0, false},
		{cat(quest(lit(0)), lit(0)), 0, true},
		{star(lit(0)), 0, false},         // matches the empty sequence
		{cat(test(1), lit(0)), 0, false}, // a test first
	} {
		p, err := Compile(c.pattern, 3)
		if err != nil {
			t.Fatal(err)
		}
		k, ok := p.SoleStartFilter()
		if ok != c.ok || ok && k != c.k {
			t.Errorf("%s: SoleStartFilter = %d, %v; want %d, %v", patternString(c.pattern), k, ok, c.k, c.ok)
		}
	}
}

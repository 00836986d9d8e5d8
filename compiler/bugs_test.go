package compiler

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// Reproductions of bugs found while writing these tests, kept as
// regression tests now that each is fixed.

// startTree is a tree of the start position and 1. e4 e5.
func startTree(t *testing.T) *vm.Tree {
	g := readGames(t, strings.NewReader("[Event \"s\"]\n\n1. e4 e5 *\n"), "s.pgn", 1)[0]
	return treeOf(g, false)
}

// matchesAt compiles query and returns the matching nodes of tree, failing
// the test on a compile error, a panic or after the deadline.
func matchesAt(t *testing.T, query string, tree *vm.Tree, d time.Duration) []int32 {
	t.Helper()
	var got []int32
	err := guarded(d, func() error {
		q, err := compileText(query)
		if err != nil {
			return err
		}
		got = matches(vm.NewMachine(q.Program), tree)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return got
}

// TestKnownBugsRepetitionLimits: a line or path pattern over the NFA size
// limit must be reported as a compile error.
func TestKnownBugsRepetitionLimits(t *testing.T) {
	for _, query := range []string{
		"line --> check{100000}",
		"x = line --> check{100000}",
		"sort line --> check{200000}",
		"path --{100000}",
		"path (-- --){60000}",
		"line --> check{99999}",
		"line --> check{0,10000000000}",
		"line --> check{10000000000}",
		"line --> (check{1000}){1000}",
	} {
		var cerr error
		err := guarded(2*time.Second, func() error {
			_, cerr = compileText(query)
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", query, err)
			continue
		}
		var list source.ErrorList
		if !errors.As(cerr, &list) || !strings.Contains(list.Error(), "too large") {
			t.Errorf("%s: compile returned %v, want a \"too large\" error", query, cerr)
		}
	}
}

// TestKnownBugsCompileBlowup: nested transforms and nested function calls
// multiply the program; compiling must stay bounded (an error saying the
// query is too large would do).
func TestKnownBugsCompileBlowup(t *testing.T) {
	var chain strings.Builder
	chain.WriteString("function fa(x){x attacks k}\n")
	for c := 'b'; c <= 'z'; c++ {
		chain.WriteString("function f" + string(c) + "(x){f" + string(c-1) + "(x) or f" + string(c-1) + "(x)}\n")
	}
	chain.WriteString("fz(K)\n")
	for _, query := range []string{
		"flip flip flip flip flip flip flip Ka1",
		"shift shift shift shift Ka1",
		chain.String(),
	} {
		err := guarded(5*time.Second, func() error {
			_, _ = compileText(query)
			return nil
		})
		if err != nil {
			t.Errorf("%.40q: %v", query, err)
		}
	}
}

// TestKnownBugsDirectionRange: direction ranges beyond the board were
// clamped; the official program refuses them ("Invalid range (limit
// magnitude cannot exceed 7 ...)"), and so does cqlvm now, at compile time,
// without overflowing on huge bounds.
func TestKnownBugsDirectionRange(t *testing.T) {
	tree := startTree(t)
	if got := matchesAt(t, "up -7 1 a4 == a1-5", tree, 2*time.Second); !equalNodes(got, []int32{0, 1, 2}) {
		t.Errorf("up -7 1 a4 == a1-5 matches at %v, want every position", got)
	}
	runRejectCases(t, []rejectCase{
		{"up -10 1 a4 == a1-5", "invalid range -10..1", "up -10 1 a4"},
		{"down -20 -1 e4 == e5-8", "invalid range -20..-1", "down -20 -1 e4"},
		{"up 1 2000000000 a1 == a2-8", "invalid range 1..2000000000", "up 1 2000000000 a1"},
		{"anydirection -1000000 1000000 d4", "invalid range -1000000..1000000", "anydirection -1000000 1000000 d4"},
	})
}

// TestKnownBugsShiftSquareColors: a shift by an odd number of squares maps
// dark squares to light ones, so `light` must become `dark` in its member
// (as it does for shift 1 0); `light Kc1` never holds, so neither does
// `shift {light Kc1}`.
func TestKnownBugsShiftSquareColors(t *testing.T) {
	g := readGames(t, strings.NewReader("[Event \"s\"]\n[FEN \"7k/8/8/8/8/8/K7/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kb2 Kg8 *\n"), "s.pgn", 1)[0]
	tree := treeOf(g, false)
	if got := matchesAt(t, "shift {light Kc1}", tree, 2*time.Second); len(got) != 0 {
		t.Errorf("shift {light Kc1} matches at %v, want nowhere", got)
	}
	// with `dark` the member shift -2 1 (c1 to a2, odd: `light Ka2`) matches
	// the root, and shift -1 1 (c1 to b2, even: `dark Kb2`) the other two
	if got := matchesAt(t, "shift {dark Kc1}", tree, 2*time.Second); !equalNodes(got, []int32{0, 1, 2}) {
		t.Errorf("shift {dark Kc1} matches at %v, want [0 1 2]", got)
	}
}

func equalNodes(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestKnownBugsEmptyArgumentList: an empty argument list is an error, not
// a node without arguments.
func TestKnownBugsEmptyArgumentList(t *testing.T) {
	for _, query := range []string{"between()", "lca()", "ancestor()", "descendant()", "distance()", "indexof()", "max()", "xray()"} {
		var cerr error
		err := guarded(2*time.Second, func() error {
			_, cerr = compileText(query)
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", query, err)
			continue
		}
		var list source.ErrorList
		if !errors.As(cerr, &list) || list[0].Span.From != 0 {
			t.Errorf("%s: compile returned %v, want an error at the keyword", query, cerr)
		}
	}
}

// TestKnownBugsLoopBound: a loop whose body never fails is cut off, but
// only after 2^20 iterations at every position, however much each
// iteration costs; the run over one game must stay short, and the cut is
// reported once per game.
func TestKnownBugsLoopBound(t *testing.T) {
	tree := fuzzTrees(t)[0]
	for _, query := range []string{"x=0 loop{x}", "loop {true}", "loop {find check}", "while (true) {find check}"} {
		var reports []string
		err := guarded(60*time.Second, func() error {
			q, err := compileText(query)
			if err != nil {
				return err
			}
			m := vm.NewMachine(q.Program)
			// the 2^20 finds before the cut comment 1.1 million times,
			// past game-comments: the loop's own bound is tested here
			lim := limits.Defaults()
			lim.SetValue(limits.GameComments, limits.Unlimited)
			m.SetLimits(lim)
			m.Errors = func(msg string) { reports = append(reports, msg) }
			matches(m, tree)
			return nil
		})
		if err != nil {
			// the deadline guards against a hang; the bound itself is
			// counted in instructions, not time
			t.Fatalf("%s: %v", query, err)
		}
		if len(reports) != 1 || !strings.Contains(reports[0], "loop stopped after") {
			t.Errorf("%s: want one report of the loop being stopped in the game, got %q", query, reports)
		}
	}
}

// TestKnownBugsRayArgumentCount: a ray visits at most eight squares, so a
// ray of more than eight sets never matches; it must not crash either.
func TestKnownBugsRayArgumentCount(t *testing.T) {
	tree := startTree(t)
	for _, n := range []int{9, 255, 256, 257, 300} {
		for _, kw := range []string{"ray", "xray"} {
			query := kw + " (" + strings.TrimSpace(strings.Repeat(". ", n)) + ")"
			var got []int32
			var cerr error
			err := guarded(2*time.Second, func() error {
				q, err := compileText(query)
				if err != nil {
					cerr = err
					return nil
				}
				got = matches(vm.NewMachine(q.Program), tree)
				return nil
			})
			switch {
			case err != nil:
				t.Errorf("%s with %d arguments: %v", kw, n, err)
			case cerr == nil && len(got) > 0:
				t.Errorf("%s with %d arguments matches at %v", kw, n, got)
			}
		}
	}
}

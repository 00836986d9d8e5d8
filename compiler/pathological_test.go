package compiler

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/vm"
)

// Pathological line and path patterns (nested and ambiguous repetitions)
// evaluated at every position of a long game must finish quickly and give
// the right lengths.

// shuffleGame is a legal game of plies half-moves: both sides shuffle a
// knight out and back (1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 ...). It never checks.
func shuffleGame(plies int) string {
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	var b strings.Builder
	b.WriteString("[Event \"shuffle\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n")
	for i := 0; i < plies; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(moves[i%4])
		b.WriteByte(' ')
	}
	b.WriteString("*\n")
	return b.String()
}

func shuffleTree(tb testing.TB, plies int) *vm.Tree {
	g := readGames(tb, strings.NewReader(shuffleGame(plies)), "shuffle.pgn", 1)[0]
	if n := g.MainlineLen(); n != plies+1 {
		tb.Fatalf("the shuffle game has %d positions, want %d", n, plies+1)
	}
	return treeOf(g, false)
}

type longQuery struct {
	name, query string
	// want reports whether the query matches at ply p of a game of n plies
	want func(p, n int) bool
}

// The value of each line/path is compared with the length it must have,
// so a match at every expected ply checks the lengths too. N is replaced
// by the number of plies.
var longQueries = []longQuery{
	{"pairs then checks", "(line --> (. --> .)* --> check{0,}) == (N + 1 - ply) / 2 * 2",
		func(p, n int) bool { return p < n }}, // the last position alone is a match of length 0
	{"nested stars", "(line --> (check* --> .+)*) == N + 1 - ply",
		func(p, n int) bool { return true }},
	// the groups have lengths 2a+3b with a >= 1, so their concatenations
	// make every length but 1 and 3: three positions before the end the
	// longest match has length 2
	{"groups of two and three", "(line --> ((. --> .)+ --> (. --> . --> .)*)*) == N + 1 - ply",
		func(p, n int) bool { return p < n && p != n-2 }},
	{"backward", "(line <-- (. <-- .)* <-- .*) == ply + 1",
		func(p, n int) bool { return true }},
	{"no check at all", "line --> check{0,}",
		func(p, n int) bool { return false }},
	// S4: "range-repetition in CQL 6.1 has efficiency comparable to * and +"
	{"bounded repetition", "(line --> .{1,1000}) == N + 1 - ply",
		func(p, n int) bool { return true }},
	{"bounded repetition of a group", "(line --> (. --> .){1,600}) == (N + 1 - ply) / 2 * 2",
		func(p, n int) bool { return p < n }},
	{"path of ambiguous groups", "(path (-- --*)*) == N - ply",
		func(p, n int) bool { return p < n }},
	{"path nested pairs", "(path (-- (-- --)*)*) == N - ply",
		func(p, n int) bool { return p < n }},
	{"path with a test", "(path (-- --*)* not check) == N - ply",
		func(p, n int) bool { return p < n }},
	{"path firstmatch", "(path firstmatch (-- --*)*) >= 1",
		func(p, n int) bool { return p < n }},
}

func TestPathologicalLongGame(t *testing.T) {
	const plies = 500
	tree := shuffleTree(t, plies)
	for _, lq := range longQueries {
		t.Run(lq.name, func(t *testing.T) {
			query := strings.ReplaceAll(lq.query, "N", fmt.Sprint(plies))
			var got []int32
			var took time.Duration
			err := guarded(5*time.Second, func() error {
				q, err := compileText(query)
				if err != nil {
					return err
				}
				m := vm.NewMachine(q.Program)
				start := time.Now()
				got = matches(m, tree)
				took = time.Since(start)
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", query, err)
			}
			t.Logf("%s: %d positions in %v", query, len(tree.Nodes), took)
			checkLongMatches(t, query, got, plies, lq.want)
		})
	}
}

func checkLongMatches(t *testing.T, query string, got []int32, plies int, want func(p, n int) bool) {
	t.Helper()
	at := map[int32]bool{}
	for _, g := range got {
		at[g] = true
	}
	bad := 0
	for p := 0; p <= plies; p++ {
		if at[int32(p)] != want(p, plies) {
			if bad < 5 {
				t.Errorf("%s at ply %d: matched %v, want %v", query, p, at[int32(p)], want(p, plies))
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d wrong positions of %d", query, bad, plies+1)
	}
}

// TestPathologicalImpurePath: a path whose constituents assign variables
// cannot be memoised; with an ambiguous pattern the search grows
// exponentially and only the step bound stops it.
func TestPathologicalImpurePath(t *testing.T) {
	const plies = 100
	tree := shuffleTree(t, plies)
	for _, query := range []string{
		"(path (-- --*)* {x = 1}) == N - ply",
		"(path (-- --* {x = 1})*) == N - ply",
		"(path (--){1,}* C=0) == N - ply", // found by FuzzCompile: testdata/fuzz/FuzzCompile/4a8ea3e336b599fd
	} {
		query = strings.ReplaceAll(query, "N", fmt.Sprint(plies))
		var got []int32
		err := guarded(2*time.Second, func() error {
			q, err := compileText(query)
			if err != nil {
				return err
			}
			got = matches(vm.NewMachine(q.Program), tree)
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", query, err)
			continue
		}
		checkLongMatches(t, query, got, plies, func(p, n int) bool { return p < n })
	}
}

// BenchmarkLongLine evaluates pathological patterns at every position of
// games of growing length and reports the time per position: a line or
// path from each position runs to the end of the game, so the time per
// position should grow linearly with the length, not faster.
func BenchmarkLongLine(b *testing.B) {
	for _, lq := range []struct{ name, query string }{
		{"line", "line --> (. --> .)* --> check{0,}"},
		{"nested", "line --> (check* --> .+)*"},
		{"path", "path (-- --*)*"},
	} {
		q, err := compileText(lq.query)
		if err != nil {
			b.Fatal(err)
		}
		for _, plies := range []int{100, 200, 400, 800} {
			tree := shuffleTree(b, plies)
			b.Run(fmt.Sprintf("%s/plies=%d", lq.name, plies), func(b *testing.B) {
				m := vm.NewMachine(q.Program)
				positions := 0
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if len(matches(m, tree)) < plies {
						b.Fatalf("%s matches too rarely", lq.query)
					}
					positions += len(tree.Nodes)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(positions), "ns/position")
			})
		}
	}
}

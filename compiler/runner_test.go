package compiler

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/gametree"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// Helpers shared by the fuzz target, the pathological-query tests and the
// bug reproductions: reading games into machine trees the way the command
// does, and compiling and running queries under a deadline.

// treeOf gives the machine its view of a parsed game, as the command does.
func treeOf(g *pgn.Game, variations bool) *vm.Tree {
	t := &vm.Tree{}
	gametree.Build(t, g, variations)
	return t
}

// readGames parses up to max games of PGN text.
func readGames(tb testing.TB, r io.Reader, name string, max int) []*pgn.Game {
	tb.Helper()
	rd := pgn.NewReader(r, name)
	var p pgn.Parser
	p.CastlingFromPlacement = true
	var out []*pgn.Game
	for len(out) < max {
		raw, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		g := &pgn.Game{}
		p.Parse(raw, g)
		if err := g.Err(); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		out = append(out, g)
	}
	return out
}

// gamesFromFile reads the games numbered in want (1-based) from a PGN file.
func gamesFromFile(tb testing.TB, path string, want ...int) []*pgn.Game {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	most := 0
	for _, w := range want {
		most = max(most, w)
	}
	all := readGames(tb, f, path, most)
	var out []*pgn.Game
	for _, w := range want {
		if w > len(all) {
			tb.Fatalf("%s has only %d games", path, len(all))
		}
		out = append(out, all[w-1])
	}
	return out
}

// firstGames is the first n games of studies.pgn (variations, set-ups)
// and of games.pgn: the games on which a shortcut is compared with the
// plain program.
func firstGames(tb testing.TB, n int) []*pgn.Game {
	tb.Helper()
	var games []*pgn.Game
	for _, file := range []string{"../testdata/pgn/studies.pgn", "../testdata/pgn/games.pgn"} {
		f, err := os.Open(file)
		if err != nil {
			tb.Fatal(err)
		}
		games = append(games, readGames(tb, f, file, n)...)
		f.Close()
	}
	return games
}

// sameAnswers runs fast and slow (the same query with and without a
// shortcut, named by without) on every game, with variations, and fails
// unless they match the same positions and make the same comments; it
// returns the number of matched positions. A game whose summary fails
// fast's need is skipped by fast, as a run over a game store skips it:
// slow must match nothing there.
func sameAnswers(t *testing.T, query, without string, fast, slow *vm.Program, games []*pgn.Game) int {
	t.Helper()
	mf, ms := vm.NewMachine(fast), vm.NewMachine(slow)
	found := 0
	for gi, g := range games {
		tree := treeOf(g, true)
		want := matches(ms, tree)
		if sum := gametree.Summarize(g); !fast.Need.Holds(sum.Of(true)) {
			if len(want) > 0 {
				t.Fatalf("%s, game %d: skipped by its summary (need %s), but without %s it matches %v", query, gi+1, fast.Need, without, want)
			}
			continue
		}
		got := matches(mf, tree)
		if !slices.Equal(got, want) {
			t.Fatalf("%s, game %d: matches %v, without %s %v", query, gi+1, got, without, want)
		}
		if !slices.Equal(mf.Comments(), ms.Comments()) {
			t.Fatalf("%s, game %d: comments differ from those without %s", query, gi+1, without)
		}
		found += len(got)
	}
	return found
}

// guarded runs f in its own goroutine and returns its error, a panic
// (with its stack) as an error, or errTimeout after d. A timed-out f keeps
// running: the caller must fail the test.
func guarded(d time.Duration, f func() error) error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- &panicError{value: r, stack: string(debug.Stack())}
			}
		}()
		done <- f()
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		return errTimeout
	}
}

var errTimeout = errors.New("deadline exceeded")

type panicError struct {
	value any
	stack string
}

func (p *panicError) Error() string { return fmt.Sprintf("panic: %v\n%s", p.value, p.stack) }

// compileText compiles a query as the fuzz target does: no header needed.
func compileText(text string) (*Query, error) {
	return Compile(source.New("f.cql", text), Options{RequireHeader: false})
}

// matches runs the program at every node of the tree and returns the
// matching nodes.
func matches(m *vm.Machine, t *vm.Tree) []int32 {
	m.StartGame(t)
	var out []int32
	for i := range t.Nodes {
		if m.Match(int32(i)) {
			out = append(out, int32(i))
		}
	}
	return out
}

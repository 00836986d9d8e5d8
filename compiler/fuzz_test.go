package compiler

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// FuzzCompile feeds arbitrary text to the compiler. It must never panic or
// hang; an error must be a positioned source.ErrorList whose spans lie in
// the text; a compiled program must disassemble and run over a couple of
// real games (one with variations) without panicking, in bounded time,
// leaving comments only on nodes of the game.
//
//	go test ./compiler -run=^$ -fuzz=FuzzCompile -fuzztime=10m
func FuzzCompile(f *testing.F) {
	for _, dir := range []string{"../testdata/conformance/cases", "../testdata/compiler"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".cql") {
				return err
			}
			text, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f.Add(string(text))
			return nil
		})
		if err != nil {
			f.Fatal(err)
		}
	}
	for _, s := range []string{
		"line --> (. --> .)* --> check{0,}",
		"line --> (check* --> .+)*",
		"path (-- --*)*",
		"flipcolor shift {light Kc1 dark kh8}",
		"x = 0 loop {x += 1 x < 100}",
		"echo (s t) {distance(s t) > 3}",
		"piece Z in R echo (s t) {s < t  Z == s:Z  #A == s:#a  t:ply == s:ply + 4}",
		"piece P in [Pp] find {P & a-h8}",
		"sort min \"pieces\" #[Aa] comment(\"n=\" #[Aa])",
		"up -3 2 (K | k) & ~_",
		"ray attack (Q _ k)",
		"",
		"cql(variations) line singlecolor --> check{2,3}",
	} {
		f.Add(s)
	}
	trees := fuzzTrees(f)
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4000 {
			t.Skip("long inputs only slow the search down")
		}
		checkQuery(t, text, trees)
	})
}

var fuzzTreesOnce struct {
	sync.Once
	trees []*vm.Tree
}

// fuzzTrees are the games every fuzz input runs on: the first game of
// sample.pgn (mainline only) and the first study of studies.pgn with its
// variations.
func fuzzTrees(tb testing.TB) []*vm.Tree {
	fuzzTreesOnce.Do(func() {
		g1 := gamesFromFile(tb, "../testdata/pgn/sample.pgn", 1)[0]
		g2 := gamesFromFile(tb, "../testdata/pgn/studies.pgn", 1)[0]
		fuzzTreesOnce.trees = []*vm.Tree{treeOf(g1, false), treeOf(g2, true)}
		if len(g1.Nodes) < 40 || len(g2.Nodes) <= g2.MainlineLen() {
			tb.Fatalf("the fuzz games are too small: %d nodes, %d nodes of which %d mainline", len(g1.Nodes), len(g2.Nodes), g2.MainlineLen())
		}
	})
	return fuzzTreesOnce.trees
}

// What bounds the work of one input is the compile-work budget and the
// machine's own bounds (loop iterations, ...), counted in units of work,
// not time: the deadlines only catch a hang, so that a slow or loaded
// machine never fails the target.
const (
	compileDeadline = 2 * time.Minute
	runDeadline     = 2 * time.Minute
	// plainDeadline bounds the -O0 run a fuzz input is compared with:
	// the fuzzer takes an input that runs longer for a hang
	plainDeadline = 3 * time.Second
)

// fuzzWork is the compile-work budget of the fuzz target, ten times the
// work of the largest query of testdata and the conformance cases.
const fuzzWork = 100_000

var fuzzLimits = func() *limits.Values {
	v := limits.Defaults()
	v.SetValue(limits.CompileWork, fuzzWork)
	return v
}()

// checkQuery is the body of the fuzz target.
func checkQuery(t *testing.T, text string, trees []*vm.Tree) {
	var q *Query
	var cerr error
	err := guarded(compileDeadline, func() error {
		q, cerr = Compile(source.New("f.cql", text), Options{Limits: fuzzLimits})
		return nil
	})
	if err != nil {
		t.Fatalf("compiling %q: %v", text, err)
	}
	if cerr != nil {
		checkErrorList(t, text, cerr)
		return
	}
	// every instruction is spent from the budget: a program that compiled
	// within it cannot be larger
	if n := len(q.Program.Code); n > fuzzWork {
		t.Fatalf("compiling %q: %d instructions within a compile-work budget of %d", text, n, fuzzWork)
	}
	err = guarded(compileDeadline, func() error {
		if q.Program.DisassembleString() == "" {
			return errors.New("empty disassembly")
		}
		return nil
	})
	if err != nil {
		t.Fatalf("disassembling %q: %v", text, err)
	}
	err = guarded(runDeadline, func() error {
		m := vm.NewMachine(q.Program)
		m.LastGameNumber = 2
		for _, tr := range trees {
			matches(m, tr)
			for _, c := range m.Comments() {
				if c.Node < 0 || int(c.Node) >= len(tr.Nodes) {
					return errors.New("comment on node " + strconv.Itoa(int(c.Node)) + " of a game of " + strconv.Itoa(len(tr.Nodes)) + " nodes")
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("running %q: %v", text, err)
	}
	checkPlainAgrees(t, text, q.Program, trees)
}

// checkPlainAgrees compiles text with every optimization off (-O0) and
// fails unless that program matches the same positions with the same
// comments as the optimized one on every tree. A plain program that
// does not finish within the run deadline is not compared (it may be
// much slower; a hang of the optimized one is caught above).
func checkPlainAgrees(t *testing.T, text string, fast *vm.Program, trees []*vm.Tree) {
	plain, err := Compile(source.New("f.cql", text), Options{Limits: fuzzLimits, Disable: opt.All})
	if err != nil {
		t.Fatalf("%q compiles, but not with -O0: %v", text, err)
	}
	outcome := func(p *vm.Program, cancel *atomic.Bool) (out []string) {
		defer func() {
			// a cancelled machine stops by panicking, as the engine
			// expects (it recovers the stop)
			if r := recover(); r != nil {
				if cancel == nil || !cancel.Load() {
					panic(r)
				}
			}
		}()
		m := vm.NewMachine(p)
		m.LastGameNumber = 2
		m.Cancel = cancel
		for _, tr := range trees {
			out = append(out, fmt.Sprint(matches(m, tr), m.Comments()))
		}
		return out
	}
	// the plain program may be much slower (nested echoes without their
	// shortcuts): it is cancelled at the deadline and then not compared
	var cancelled atomic.Bool
	timer := time.AfterFunc(plainDeadline, func() { cancelled.Store(true) })
	want := outcome(plain.Program, &cancelled)
	if !timer.Stop() || cancelled.Load() {
		return
	}
	got := outcome(fast, nil)
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%q, game %d: the optimized program gives %s, the plain one (-O0) %s", text, i+1, got[i], want[i])
		}
	}
}

// checkErrorList: a compile error is a non-empty positioned list whose
// spans lie in the text, and it prints.
func checkErrorList(t *testing.T, text string, err error) {
	var list source.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("compiling %q: error %T %v is not a source.ErrorList", text, err, err)
	}
	if len(list) == 0 {
		t.Fatalf("compiling %q: an empty error list", text)
	}
	for _, e := range list {
		if e.Src == nil || e.Src.Text != text {
			t.Fatalf("compiling %q: error %q does not refer to the query text", text, e.Msg)
		}
		if e.Span.From < 0 || e.Span.To < e.Span.From || int(e.Span.To) > len(text) {
			t.Fatalf("compiling %q: error %q has span %v outside the %d bytes of text", text, e.Msg, e.Span, len(text))
		}
		if e.Msg == "" {
			t.Fatalf("compiling %q: an error without a message", text)
		}
	}
	if perr := guarded(compileDeadline, func() error { _ = list.Pretty(); return nil }); perr != nil {
		t.Fatalf("printing the errors of %q: %v", text, perr)
	}
}

package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// TestOptimizationRegistry walks compiler/opt's table: every entry is
// documented and has examples; on each example it fires (so the
// comparison below can fail), switching it off stops it, and the program
// with it off, and the plain program (-O0), give the same matches and
// comments on studies (with variations) and OTB games.
func TestOptimizationRegistry(t *testing.T) {
	kebab := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	games := firstGames(t, 60)
	for id := range opt.NumIDs {
		info := opt.Table[id]
		t.Run(info.Name, func(t *testing.T) {
			if !kebab.MatchString(info.Name) || len(info.Doc) < 80 || len(info.Examples) == 0 {
				t.Fatalf("entry %d: a kebab-case name, a doc of what it assumes and why it is exact, and examples are needed: %+v", id, info)
			}
			if !slices.Contains([]string{"codegen", "vm", "peephole"}, info.Layer) {
				t.Fatalf("%s: layer %q", info.Name, info.Layer)
			}
			found := 0
			for _, query := range info.Examples {
				full := compileDisabling(t, query, 0)
				if !fired(full, info.Name) {
					t.Errorf("%s: does not fire on its example %q", info.Name, query)
				}
				without := compileDisabling(t, query, opt.Set(0).With(id))
				if fired(without, info.Name) {
					t.Errorf("%s: fires on %q though switched off", info.Name, query)
				}
				found += sameAnswers(t, query, info.Name, full, without, games)
				sameAnswers(t, query, "any optimization", full, compileDisabling(t, query, opt.All), games)
			}
			if found == 0 {
				t.Errorf("%s: its examples match nowhere in %d games; the comparison shows nothing", info.Name, len(games))
			}
		})
	}
}

// TestOptimizationsAreAllListed compiles the examples of the registry,
// the conformance queries and the heavy benchmark queries, and checks
// that switching off exactly the optimizations a program lists gives the
// plain program: no optimization changes the code without being listed.
func TestOptimizationsAreAllListed(t *testing.T) {
	queries := registryExamples()
	queries = append(queries, queryFiles(t, "../testdata/conformance/cases/*/*.cql")...)
	queries = append(queries, queryFiles(t, "../bench/heavy/*.cql")...)
	if len(queries) < 100 {
		t.Fatalf("only %d queries found", len(queries))
	}
	for _, query := range queries {
		q, err := Compile(source.New("f.cql", query), Options{})
		if err != nil {
			continue // a conformance case about an error
		}
		// switching one off may let another fire where it did not
		// (the copies of a transform give jumps to thread): follow
		// until nothing new fires
		listed := listedOpts(t, q.Program)
		for {
			more := listed | listedOpts(t, compileDisabling(t, query, listed))
			if more == listed {
				break
			}
			listed = more
		}
		if got, want := codeOf(compileDisabling(t, query, listed)), codeOf(compileDisabling(t, query, opt.All)); got != want {
			t.Errorf("%q: with %s switched off the program is not the plain one", query, listed)
		}
	}
}

// listedOpts is the set of optimizations program p lists as fired.
func listedOpts(t *testing.T, p *vm.Program) opt.Set {
	t.Helper()
	var listed opt.Set
	for _, n := range p.Opts {
		id, ok := opt.Lookup(n.Name)
		if !ok {
			t.Fatalf("fired %q, which the registry lacks", n.Name)
		}
		listed = listed.With(id)
	}
	return listed
}

func registryExamples() []string {
	var qs []string
	for _, info := range opt.Table {
		qs = append(qs, info.Examples...)
	}
	return qs
}

// queryFiles reads the query files matching pattern.
func queryFiles(t *testing.T, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	var qs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, string(b))
	}
	return qs
}

// compileDisabling compiles query with the optimizations of disable off.
func compileDisabling(t *testing.T, query string, disable opt.Set) *vm.Program {
	t.Helper()
	q, err := Compile(source.New("f.cql", query), Options{Disable: disable})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return q.Program
}

func fired(p *vm.Program, name string) bool {
	return slices.ContainsFunc(p.Opts, func(n vm.OptNote) bool { return n.Name == name })
}

// codeOf is what the optimizations may change in a program: its code
// and the specifications its instructions name.
func codeOf(p *vm.Program) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v\n%+v\n%+v\n%v\n%+v\n%v\n", p.Code, p.FindMemos, p.Shapes, p.GameFilter, p.MoveSpecs, p.Need)
	for _, l := range p.Lines {
		fmt.Fprintf(&b, "%v %v %v %v %v %v %+v\n", l.StartTest, l.StartTested, l.Linear, l.Viable, l.Always, l.Subs, l.Path)
	}
	return b.String()
}

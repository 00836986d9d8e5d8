package compiler

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/cqls"
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/engine/knowledge"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// The op corpus: every query the repository keeps with its expected
// behaviour (the disassembly goldens, the conformance cases of CQL 6 and
// of the old CQL-S syntax, the examples of each node kind and of each
// optimization), compiled with and without the optimizations, which
// choose other ops. The tests below
// hold the op table (vm/op.go) to what the compiler emits.

// opCorpusQuery is one query of the corpus.
type opCorpusQuery struct {
	name, text string
	old        bool // in the old CQL-S syntax
}

// opCorpus reads the corpus; the error cases are left out, they make no
// code.
func opCorpus(t *testing.T) []opCorpusQuery {
	t.Helper()
	var out []opCorpusQuery
	for _, pattern := range []string{
		"../testdata/compiler/disasm/*.cql",
		"../testdata/conformance/cases/*/*.cql",
		"../testdata/conformance-cqls/cases/*/*.cqls",
	} {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			t.Fatalf("no queries match %s: %v", pattern, err)
		}
		for _, f := range files {
			if filepath.Base(filepath.Dir(f)) == "errors" {
				continue
			}
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, opCorpusQuery{f, string(text), strings.HasSuffix(f, ".cqls")})
		}
	}
	for _, e := range kindExamples {
		out = append(out, opCorpusQuery{"kind " + e.kind.String(), e.query, false})
	}
	for id, info := range opt.Table {
		for _, query := range info.Examples {
			out = append(out, opCorpusQuery{"example of " + opt.ID(id).String(), query, false})
		}
	}
	for _, e := range opExamples {
		out = append(out, opCorpusQuery{"example of " + e.op.String(), e.query, false})
	}
	return append(out, oldTranslations(t)...)
}

// oldTranslations are the queries of compiler/cqls's translation golden,
// which exemplifies every keyword of the old syntax: each old query that
// cqlvm runs, and its CQL 6 translation when it has one (the queries it
// refuses are left out).
func oldTranslations(t *testing.T) []opCorpusQuery {
	t.Helper()
	const golden = "cqls/testdata/translate.golden"
	text, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	var out []opCorpusQuery
	for _, entry := range strings.Split(string(text), "### ")[1:] {
		title, body, _ := strings.Cut(entry, "\n")
		query, translation, ok := strings.Cut(body, "\n---\n")
		if !ok {
			t.Fatalf("%s: entry %q has no ---", golden, title)
		}
		name := golden + ": " + title
		switch {
		case strings.HasPrefix(translation, "cql("):
			out = append(out, opCorpusQuery{name, query, true}, opCorpusQuery{name + " in CQL 6", translation, false})
		case strings.HasPrefix(translation, "format error:"): // runs, but has no CQL 6 text
			out = append(out, opCorpusQuery{name, query, true})
		}
	}
	return out
}

// opCorpusOptions are the compilations of each query: as cqlvm compiles
// it, quiet, with no optimization (the plain program), and with each
// optimization of the registry switched off alone.
func opCorpusOptions() map[string]Options {
	options := map[string]Options{
		"default": {},
		"quiet":   {Quiet: true},
		"-O0":     {Disable: opt.All},
	}
	for id := opt.ID(0); id < opt.NumIDs; id++ {
		options["-disable "+id.String()] = Options{Disable: opt.Set(0).With(id)}
	}
	return options
}

// compileOpCorpus compiles every query of the corpus with every option
// set and gives each program to f.
func compileOpCorpus(t *testing.T, f func(name string, p *vm.Program)) {
	t.Helper()
	options := opCorpusOptions()
	for _, q := range opCorpus(t) {
		for how, o := range options {
			if q.old {
				o.Reader, o.Chess = readOld, knowledge.Chess
			}
			compiled, err := Compile(source.New(filepath.Base(q.name), q.text), o)
			if err != nil {
				t.Errorf("%s (%s): %v", q.name, how, err)
				continue
			}
			f(q.name+" ("+how+")", compiled.Program)
		}
	}
}

// readOld reads a query of the old CQL-S syntax, as cqlvm does for a
// .cqls file.
func readOld(src *source.Source) (*syntax.File, source.ErrorList, bool) {
	f, errs := cqls.ParseFile(src)
	return f, errs, true
}

// opExamples show the ops that no other query of the corpus compiles to,
// one query each (TestOpExamples checks that it does).
var opExamples = []struct {
	op    vm.Op
	query string
}{
	{vm.OpStrSetChar, `S = "abc" S[1] = "x"`},
	{vm.OpRegexNext, `S = "a1b2" while (S ~~ "[0-9]") true`},
	{vm.OpPieceSquareAt, `piece X in [RrNn] {parent:X == X}`},
	{vm.OpMaxIntoStr, `max("a" "b") == "b"`},
	{vm.OpMinIntoStr, `min("a" "b") == "a"`},
	{vm.OpHHDBStr, `hhdb composer == "Kralin"`},
	{vm.OpEchoToEnd, "echo (s t) {t:mate  s:check}"},
	{vm.OpDictLen, `dictionary D["a"] = 1  #D == 1`},
	{vm.OpDictDel, `dictionary D["a"] = 1  unbind D["a"]`},
	{vm.OpDictClear, `dictionary D["a"] = 1  unbind D`},
	{vm.OpChar, `ascii 65 == "A"`},
	{vm.OpAnnotation, `flipcolor {btm (parent:eval) - eval >= 300}`},
}

// TestOpExamples: each example compiles to the op it shows.
func TestOpExamples(t *testing.T) {
	for _, e := range opExamples {
		q, err := compileText(e.query)
		if err != nil {
			t.Errorf("%s: %v", e.query, err)
			continue
		}
		if !slices.ContainsFunc(q.Program.Code, func(in vm.Inst) bool { return in.Op == e.op }) {
			t.Errorf("%s does not compile to %s, the op it is the example of", e.query, e.op)
		}
	}
}

// opsOnlyHandBuilt are the ops that no compiled query holds, each with
// the reason it exists all the same.
var opsOnlyHandBuilt = map[vm.Op]string{
	vm.OpNop:   "the zero Inst: fuse reads it past the end of the code, and tests blank instructions with it",
	vm.OpTrace: "Program.Traced (cqlvm -trace) puts it in place of every instruction of a traced copy of a program",
}

// TestOpTableMatchesTheCorpus holds the op table to the code of the
// corpus. Every op of the table is in some program, or in
// opsOnlyHandBuilt with its reason: an op that no query needs is dead
// and should go. In every program, each instruction's X is what its
// op's entry names (every flag bit has a name; an op without X leaves it
// 0), an operand the op does not have is 0, and the instructions an op
// relies on after it are there.
func TestOpTableMatchesTheCorpus(t *testing.T) {
	emitted := make([]bool, vm.NumOps)
	compileOpCorpus(t, func(name string, p *vm.Program) {
		for pc, in := range p.Code {
			emitted[in.Op] = true
			if bits := in.UnnamedX(); bits != 0 {
				t.Errorf("%s: %s at %d has X %#x, whose bits %#x the op table does not name", name, in.Op, pc, in.X, bits)
			}
			if _, a, b := in.Op.Operands(); a == vm.ONone && in.A != 0 || b == vm.ONone && in.B != 0 {
				t.Errorf("%s: %s at %d sets an operand it does not have: A %d, B %d", name, in.Op, pc, in.A, in.B)
			}
		}
		if err := vm.CheckFollowers(p.Code); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	})
	for op := vm.Op(0); int(op) < vm.NumOps; op++ {
		why, handBuilt := opsOnlyHandBuilt[op]
		switch {
		case !emitted[op] && !handBuilt:
			t.Errorf("no query of the corpus compiles to %s: add one that does, or remove the op", op)
		case emitted[op] && handBuilt:
			t.Errorf("%s is emitted, but opsOnlyHandBuilt says %q", op, why)
		}
	}
}

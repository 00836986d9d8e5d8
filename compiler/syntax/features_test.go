package syntax

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// feature is where one feature of the language lives in each layer: the
// kinds whose feature (in the kinds table) is name, their parse functions,
// check and code generation, the machine's code, and the tests. The README's
// "Where a filter lives" is this table with each feature's keywords
// (TestWhereAFilterLives); paths are from the repository's root.
type feature struct {
	name     string
	parse    []string // none: the kinds table's forms read its words (parse.go)
	compiler []string
	vm       []string // none: its opcodes run in the run loop of vm/machine.go
	tests    []string
}

var features = []feature{
	{name: "logic", parse: []string{"compiler/syntax/parse_logic.go"}, compiler: []string{"compiler/logic.go"}},
	{name: "arith", compiler: []string{"compiler/arith.go"}},
	{name: "sets", parse: []string{"compiler/syntax/parse_sets.go"}, compiler: []string{"compiler/sets.go"}, vm: []string{"vm/sets.go"},
		tests: []string{"compiler/manual_emptyset_test.go", "vm/sets_ref_test.go", "vm/direction_test.go"}},
	{name: "pieces", compiler: []string{"compiler/pieces.go"}, vm: []string{"vm/pieces.go"}},
	{name: "status", compiler: []string{"compiler/status.go"}, vm: []string{"vm/status.go", "vm/mates.go"},
		tests: []string{"compiler/virtualmainline_test.go"}},
	{name: "info", parse: []string{"compiler/syntax/parse_info.go"}, compiler: []string{"compiler/info.go"}, vm: []string{"vm/info.go", "vm/similar.go"},
		tests: []string{"vm/similar_test.go"}},
	{name: "hhdb", parse: []string{"compiler/syntax/parse_hhdb.go"}, compiler: []string{"compiler/hhdb.go"}, vm: []string{"vm/hhdb.go"},
		tests: []string{"compiler/hhdb_test.go"}},
	{name: "strings", parse: []string{"compiler/syntax/parse_strings.go"}, compiler: []string{"compiler/strings.go"}, vm: []string{"vm/strings.go", "vm/regex.go"},
		tests: []string{"compiler/manual_strings_test.go"}},
	{name: "output", parse: []string{"compiler/syntax/parse_output.go"}, compiler: []string{"compiler/output.go"}, vm: []string{"vm/output.go"}},
	{name: "variables", parse: []string{"compiler/syntax/parse_variables.go"}, compiler: []string{"compiler/variables.go"}},
	{name: "function", parse: []string{"compiler/syntax/parse_function.go"}, compiler: []string{"compiler/function.go"},
		tests: []string{"compiler/function_test.go"}},
	{name: "loops", parse: []string{"compiler/syntax/parse_loops.go"}, compiler: []string{"compiler/loops.go"},
		tests: []string{"compiler/loops_test.go"}},
	{name: "dict", parse: []string{"compiler/syntax/parse_dict.go"}, compiler: []string{"compiler/dict.go"}, vm: []string{"vm/dict.go"},
		tests: []string{"compiler/manual_dict_test.go"}},
	{name: "navigation", parse: []string{"compiler/syntax/parse_navigation.go"}, compiler: []string{"compiler/navigation.go"}, vm: []string{"vm/navigation.go", "vm/tree.go"},
		tests: []string{"compiler/navigation_test.go"}},
	{name: "find", parse: []string{"compiler/syntax/parse_find.go"}, compiler: []string{"compiler/find.go"}, vm: []string{"vm/find.go", "vm/findmemo.go"},
		tests: []string{"compiler/find_test.go"}},
	{name: "echo", parse: []string{"compiler/syntax/parse_echo.go"}, compiler: []string{"compiler/echo.go"}, vm: []string{"vm/echo.go"},
		tests: []string{"compiler/echo_test.go"}},
	{name: "moves", parse: []string{"compiler/syntax/parse_moves.go"}, compiler: []string{"compiler/moves.go"}, vm: []string{"vm/moves.go"},
		tests: []string{"compiler/manual_moves_test.go"}},
	{name: "line", parse: []string{"compiler/syntax/parse_line.go"}, compiler: []string{"compiler/line.go"}, vm: []string{"vm/line.go", "vm/nfa"},
		tests: []string{"compiler/line_test.go", "compiler/manual_line_test.go"}},
	{name: "path", parse: []string{"compiler/syntax/parse_path.go"}, compiler: []string{"compiler/path.go"}, vm: []string{"vm/path.go"},
		tests: []string{"compiler/manual_path_test.go", "compiler/pathological_test.go"}},
	{name: "transform", parse: []string{"compiler/syntax/parse_transform.go"}, compiler: []string{"compiler/transform.go", "compiler/orbit.go", "compiler/shape.go"}, vm: []string{"vm/shape.go"},
		tests: []string{"compiler/transform_test.go", "compiler/shape_test.go", "vm/shape_test.go"}},
	{name: "annotations", parse: []string{"compiler/syntax/parse_annotations.go"}, compiler: []string{"compiler/annotations.go"}, vm: []string{"vm/annotations.go"},
		tests: []string{"compiler/annotations_test.go", "vm/annotations_test.go", "pgn/commands_test.go", "engine/annotations_test.go"}},
	{name: "variants", parse: []string{"compiler/syntax/parse_variants.go"}, compiler: []string{"compiler/variants.go"}, vm: []string{"vm/variants.go"},
		tests: []string{"compiler/variants_test.go", "pgn/variant_test.go", "bitboard/variant_test.go", "bitboard/variant_perft_test.go"}},
	{name: "builtins", parse: []string{"compiler/cqls/builtins.go"}, compiler: []string{"compiler/builtins.go"}, vm: []string{"vm/builtins.go"},
		tests: []string{"compiler/builtins_test.go"}},
}

// parserCore are the parser's files that belong to no one feature.
var parserCore = []string{"parse.go", "parse_unary.go", "parse_range.go"}

const (
	featuresBegin = "<!-- features: generated by go test ./compiler/syntax -run TestWhereAFilterLives -update; do not edit -->\n"
	featuresEnd   = "<!-- end of features -->\n"
	repoRoot      = "../.."
)

// neverBuilt reports whether the parser never makes kind k, which so has no
// feature.
func neverBuilt(info kindInfo) bool {
	return strings.HasPrefix(info.noWord, "reserved: never built") || strings.HasPrefix(info.noWord, "internal: the zero Kind")
}

// featureWords are the spellings of the kinds of feature name, in the
// order of the kinds table, a literal by its kind's name in italics and a
// kind of the old CQL-S language only by its CQL-S keywords.
func featureWords(name string) []string {
	var out []string
	for _, info := range kinds {
		if info.feature != name {
			continue
		}
		if strings.HasPrefix(info.noWord, "literal:") {
			out = append(out, "*"+info.name+"*")
		}
		for _, w := range slices.Concat(info.words, info.old) {
			if s := "`" + strings.ReplaceAll(w.Text, "|", `\|`) + "`"; !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// featuresTable is the README's table of features.
func featuresTable() string {
	var b strings.Builder
	b.WriteString(featuresBegin + "\n") // blank lines keep the comments out of the table's block
	b.WriteString("| feature | keywords | parser | compiler | vm | tests |\n|---|---|---|---|---|---|\n")
	for _, f := range features {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", f.name, strings.Join(featureWords(f.name), " "),
			fileCell(f.parse, "compiler/syntax/", "kinds table"), fileCell(f.compiler, "compiler/", ""),
			fileCell(f.vm, "vm/", "run loop"), fileCell(f.tests, "", ""))
	}
	b.WriteString("\n" + featuresEnd)
	return b.String()
}

// fileCell lists paths without their common directory dir, or says none.
func fileCell(paths []string, dir, none string) string {
	if len(paths) == 0 {
		return none
	}
	var out []string
	for _, p := range paths {
		out = append(out, "`"+strings.TrimPrefix(p, dir)+"`")
	}
	return strings.Join(out, " ")
}

// TestWhereAFilterLives: the README's table of features is featuresTable
// (go test ./compiler/syntax -run TestWhereAFilterLives -update rewrites it).
func TestWhereAFilterLives(t *testing.T) {
	path := filepath.Join(repoRoot, "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	begin := strings.Index(readme, featuresBegin)
	end := strings.Index(readme, featuresEnd)
	if begin < 0 || end < begin {
		t.Fatalf("%s has no table of features between %q and %q (in \"Where a filter lives\")", path, featuresBegin, featuresEnd)
	}
	got, want := readme[begin:end+len(featuresEnd)], featuresTable()
	if got == want {
		return
	}
	if !*update {
		t.Fatalf("%s's table of features is stale: run go test ./compiler/syntax -run TestWhereAFilterLives -update", path)
	}
	if err := os.WriteFile(path, []byte(readme[:begin]+want+readme[end+len(featuresEnd):]), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFeatureFilesExist: every file the table of features names exists.
func TestFeatureFilesExist(t *testing.T) {
	for _, f := range features {
		if len(f.compiler) == 0 {
			t.Errorf("feature %s names no compiler file", f.name)
		}
		for _, p := range slices.Concat(f.parse, f.compiler, f.vm, f.tests) {
			if _, err := os.Stat(filepath.Join(repoRoot, p)); err != nil {
				t.Errorf("feature %s: %v", f.name, err)
			}
		}
	}
}

// TestEveryKindHasAFeature: each kind the parser can build names a
// feature of the table, and each feature has kinds.
func TestEveryKindHasAFeature(t *testing.T) {
	used := map[string]bool{}
	for _, info := range kinds {
		switch {
		case neverBuilt(info) && info.feature != "":
			t.Errorf("%s is never built but has the feature %s", info.name, info.feature)
		case neverBuilt(info):
		case !slices.ContainsFunc(features, func(f feature) bool { return f.name == info.feature }):
			t.Errorf("%s has the feature %q, which the table of features (features_test.go) lacks", info.name, info.feature)
		}
		used[info.feature] = true
	}
	for _, f := range features {
		if !used[f.name] {
			t.Errorf("feature %s has no kind", f.name)
		}
	}
}

// TestParseFilesNamedAfterFeatures: every parse_*.go file is the parser of
// one feature or of the core, and each keyword's own parse function is in
// the parse file of its kind's feature.
func TestParseFilesNamedAfterFeatures(t *testing.T) {
	owner := map[string]string{} // parse file: its feature
	for _, f := range features {
		for _, p := range f.parse {
			owner[filepath.Base(p)] = f.name
		}
	}
	declaredIn := parserMethodFiles(t)
	files, _ := filepath.Glob("parse*.go")
	for _, file := range files {
		if !strings.HasSuffix(file, "_test.go") && owner[file] == "" && !slices.Contains(parserCore, file) {
			t.Errorf("%s belongs to no feature of features_test.go and is not in parserCore", file)
		}
	}
	for word, parse := range wordParsers {
		name := runtime.FuncForPC(reflect.ValueOf(parse).Pointer()).Name()
		name = strings.TrimSuffix(name[strings.LastIndex(name, ".")+1:], "-fm")
		want := kinds[keywordTable[word].kind].feature
		if file := declaredIn[name]; owner[file] != want {
			t.Errorf("%s, the parser of %s (feature %s), is in %s, the parser of feature %q", name, word, want, file, owner[file])
		}
	}
}

// parserMethodFiles maps each method of Parser to the file declaring it.
func parserMethodFiles(t *testing.T) map[string]string { return methodFiles(t, ".") }

// methodFiles maps each method declared in the Go files of dir (tests
// aside) to the file's name.
func methodFiles(t *testing.T, dir string) map[string]string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	out := map[string]string{}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
				out[fd.Name.Name] = filepath.Base(path)
			}
		}
	}
	return out
}

// TestCompilerFilesNamedAfterFeatures: the check and code generation that
// the central switches (check.go's infer, gen.go's valueOrFail and test)
// call for a kind are in a compiler file of the kind's feature.
func TestCompilerFilesNamedAfterFeatures(t *testing.T) {
	kindOf := kindIdentifiers(t)
	declaredIn := methodFiles(t, filepath.Join(repoRoot, "compiler"))
	central := []string{"check.go", "gen.go"}
	for _, sw := range []struct{ file, fn string }{{"check.go", "infer"}, {"gen.go", "valueOrFail"}, {"gen.go", "test"}} {
		for _, c := range kindSwitchCases(t, filepath.Join(repoRoot, "compiler", sw.file), sw.fn) {
			file := declaredIn[c.method]
			if c.method == "" || slices.Contains(central, file) {
				continue // answered in the switch, or by a helper of the switch's own
			}
			for _, id := range c.kinds {
				f := featureNamed(kinds[kindOf[id]].feature)
				if f == nil || !slices.Contains(f.compiler, "compiler/"+file) {
					t.Errorf("%s: %s's %s is in compiler/%s, not in a compiler file of its feature %q", sw.fn, id, c.method, file, kinds[kindOf[id]].feature)
				}
			}
		}
	}
}

func featureNamed(name string) *feature {
	for i := range features {
		if features[i].name == name {
			return &features[i]
		}
	}
	return nil
}

// kindIdentifiers maps the Go name of each Kind constant (KUnion) to it,
// from the constants of ast.go, which count up from KBad.
func kindIdentifiers(t *testing.T) map[string]Kind {
	file, err := parser.ParseFile(token.NewFileSet(), "ast.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Kind{}
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST || len(gd.Specs) == 0 || gd.Specs[0].(*ast.ValueSpec).Names[0].Name != "KBad" {
			continue
		}
		for i, spec := range gd.Specs {
			out[spec.(*ast.ValueSpec).Names[0].Name] = Kind(i)
		}
	}
	if len(out) != int(NumKinds)+1 {
		t.Fatalf("ast.go: found %d Kind constants, want %d and NumKinds", len(out), NumKinds)
	}
	return out
}

// kindCase is one case of a switch on a node's kind: its kinds and the
// method of the checker or generator it calls ("" if none).
type kindCase struct {
	kinds  []string
	method string
}

// kindSwitchCases are the cases of the switches on n.Kind in function fn
// of a file of the compiler.
func kindSwitchCases(t *testing.T, path, fn string) []kindCase {
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []kindCase
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != fn || fd.Recv == nil {
			continue
		}
		recv := fd.Recv.List[0].Names[0].Name
		for _, stmt := range fd.Body.List {
			sw, ok := stmt.(*ast.SwitchStmt)
			if !ok || !isKindOfN(sw.Tag) {
				continue
			}
			for _, cc := range sw.Body.List {
				c := kindCase{method: calledMethod(cc.(*ast.CaseClause).Body, recv)}
				for _, e := range cc.(*ast.CaseClause).List {
					if sel, ok := e.(*ast.SelectorExpr); ok {
						c.kinds = append(c.kinds, sel.Sel.Name)
					}
				}
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no switch on n.Kind in %s", path, fn)
	}
	return out
}

func isKindOfN(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Kind" {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "n"
}

// calledMethod is the first method of recv that body calls.
func calledMethod(body []ast.Stmt, recv string) string {
	name := ""
	for _, stmt := range body {
		ast.Inspect(stmt, func(x ast.Node) bool {
			call, ok := x.(*ast.CallExpr)
			if !ok || name != "" {
				return name == ""
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == recv {
					name = sel.Sel.Name
					return false
				}
			}
			return true
		})
	}
	return name
}

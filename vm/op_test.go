package vm

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// TestOpTable walks every opcode: each has a unique lower-case name and
// a doc, its operands have printable kinds, the disassembler prints it,
// jump ops name their target, its flags and followers are well formed.
func TestOpTable(t *testing.T) {
	seen := map[string]Op{}
	p := &Program{Sets: []bitboard.Set{0}, Strs: []string{"s"}, SlotNames: []string{"x"},
		Sorts: []SortKey{{Doc: "d"}}}
	for op := Op(0); op < opCount; op++ {
		info := opTable[op]
		if info.Name == "" {
			t.Errorf("op %d has no entry in opTable", op)
			continue
		}
		if info.Name != strings.ToLower(info.Name) {
			t.Errorf("op %s: mnemonics are lower case", info.Name)
		}
		if prev, dup := seen[info.Name]; dup {
			t.Errorf("ops %d and %d are both named %q", prev, op, info.Name)
		}
		seen[info.Name] = op
		if op.String() != info.Name {
			t.Errorf("Op(%d).String() = %q, want %q", op, op.String(), info.Name)
		}
		for _, o := range []Operand{info.X, info.A, info.B} {
			if int(o) >= len(operandNames) {
				t.Errorf("op %s: operand kind %d has no name", info.Name, o)
			}
		}
		in := Inst{Op: op}
		p.Code = []Inst{in}
		text := p.DisassembleString()
		if !strings.Contains(text, info.Name) {
			t.Errorf("disassembly of %s lacks its name: %q", info.Name, text)
		}
		if info.B == OJump && !strings.Contains(text, "->0") {
			t.Errorf("disassembly of jump op %s lacks its target: %q", info.Name, text)
		}
		pop, push, spop, spush := StackEffect(in)
		if pop < 0 || push < 0 || spop < 0 || spush < 0 || push > 2 || spush > 1 {
			t.Errorf("op %s: implausible stack effect %d %d %d %d", info.Name, pop, push, spop, spush)
		}
		if info.Doc == "" {
			t.Errorf("op %s has no doc", info.Name)
		}
		checkFlags(t, op)
		checkFollowers(t, op)
	}
	if Op(opCount).String() != "op?" {
		t.Errorf("an unknown op prints %q", Op(opCount).String())
	}
}

// checkFlags: an op has flags exactly when its X is OFlags; each names a
// value within its mask, and the op's masks are fields that do not
// overlap, whose values have one name each.
func checkFlags(t *testing.T, op Op) {
	info := &opTable[op]
	if (info.X == OFlags) != (len(info.Flags) > 0) {
		t.Errorf("op %s: X is %s, with %d flags named: flags go with X OFlags, and OFlags needs them", info.Name, info.X, len(info.Flags))
	}
	names := map[string]bool{}
	values := map[[2]uint8]bool{}
	for _, f := range info.Flags {
		if f.Name == "" || strings.Contains(f.Name, "|") || names[f.Name] {
			t.Errorf("op %s: flag name %q is empty, holds the separator | or is there twice", info.Name, f.Name)
		}
		names[f.Name] = true
		if f.Mask == 0 || f.Value&^f.Mask != 0 || values[[2]uint8{f.Mask, f.Value}] {
			t.Errorf("op %s: flag %s (mask %#x, value %#x) is not a value of its mask, or not the only one", info.Name, f.Name, f.Mask, f.Value)
		}
		values[[2]uint8{f.Mask, f.Value}] = true
		for _, g := range info.Flags {
			if f.Mask != g.Mask && f.Mask&g.Mask != 0 {
				t.Errorf("op %s: flags %s and %s have overlapping masks %#x and %#x", info.Name, f.Name, g.Name, f.Mask, g.Mask)
			}
		}
	}
}

// checkFollowers: a fused op lists the instructions it stands for, and
// its doc names them; an op that is not fused lists only instructions
// it reads; what a follower is read for is an operand it has.
func checkFollowers(t *testing.T, op Op) {
	info := &opTable[op]
	if info.Fused && len(info.Next) == 0 {
		t.Errorf("op %s is fused but stands for no instruction after it", info.Name)
	}
	for _, f := range info.Next {
		if f.Op >= opCount || opTable[f.Op].Fused {
			t.Errorf("op %s: follower %s is not an op that is generated", info.Name, f.Op)
			continue
		}
		if info.Fused && !strings.Contains(info.Doc, f.Op.String()) {
			t.Errorf("op %s: its doc does not say it stands for %s", info.Name, f.Op)
		}
		if !info.Fused && f.Reads == 0 {
			t.Errorf("op %s relies on %s after it for nothing", info.Name, f.Op)
		}
		x, a, b := f.Op.Operands()
		for _, field := range []struct {
			bit  Fields
			kind Operand
		}{{FieldX, x}, {FieldA, a}, {FieldB, b}} {
			if f.Reads&field.bit != 0 && field.kind == ONone {
				t.Errorf("op %s reads an operand that %s does not have (fields %#x)", info.Name, f.Op, f.Reads)
			}
		}
		if f.Reads&^(FieldX|FieldA|FieldB) != 0 {
			t.Errorf("op %s: follower %s read for unknown fields %#x", info.Name, f.Op, f.Reads)
		}
	}
}

// TestFlagString: X prints as the names of the flags it holds, a value
// with a bit no flag names as a number, and X 0 of an op whose flags
// name no 0 as nothing.
func TestFlagString(t *testing.T) {
	for _, c := range []struct {
		op   Op
		x    uint8
		want string
	}{
		{OpEchoNext, 0, "others"},
		{OpEchoNext, EchoInAll | EchoSameBoard | EchoPlyWindow, "all|sameboard|plywindow"},
		{OpPin, PinTo | PinToGiven, "to|given"},
		{OpPin, 3, "flags:3"},
		{OpMessage, 0, ""},
		{OpMessage, 1, "quiet"},
		{OpMessage, 2, "flags:2"},
		{OpInfoNum, InfoEloMax, "elo"},
	} {
		if got := flagString(opTable[c.op].Flags, c.x); got != c.want {
			t.Errorf("%s with X %#x prints %q, want %q", c.op, c.x, got, c.want)
		}
	}
}

// TestEveryOperandKindIsUsed keeps the operand kinds honest: a kind that
// no op uses is dead and should go.
func TestEveryOperandKindIsUsed(t *testing.T) {
	used := map[Operand]bool{}
	for op := Op(0); op < opCount; op++ {
		info := opTable[op]
		used[info.X], used[info.A], used[info.B] = true, true, true
	}
	for o := Operand(1); int(o) < len(operandNames); o++ {
		if !used[o] {
			t.Errorf("operand kind %s is used by no op", o)
		}
	}
}

func TestCompactSetString(t *testing.T) {
	for _, c := range []struct {
		set  bitboard.Set
		want string
	}{
		{bitboard.Full, "[all]"},
		{0, "[]"},
		{0xFF << 8, "[a-h2]"},
		{1 | 1<<2 | 1<<3, "[a1,c-d1]"},
	} {
		if got := CompactSetString(c.set); got != c.want {
			t.Errorf("CompactSetString(%x) = %q, want %q", uint64(c.set), got, c.want)
		}
	}
}

// TestRunLoopExecutesEveryOp reads the package's source: every op of the
// const block has a case in the switch of Machine.run, and an op whose
// case hands it to a method that switches on the op again (fused,
// builtin) has a case there too. An op the table lists but the machine
// never runs would panic at run time.
func TestRunLoopExecutesEveryOp(t *testing.T) {
	methods := map[string]*ast.FuncDecl{}
	var opNames []string
	for _, f := range parsePackage(t) {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					methods[d.Name.Name] = d
				}
			case *ast.GenDecl:
				if names := constNames(d); len(names) > 0 && names[0] == "OpNop" {
					opNames = names
				}
			}
		}
	}
	if len(opNames) != int(opCount)+1 || opNames[opCount] != "opCount" {
		t.Fatalf("the const block of the ops has %d names, want the %d ops and opCount", len(opNames), opCount)
	}
	run := methods["run"]
	if run == nil {
		t.Fatal("no method run: the run loop has moved; tell this test where")
	}
	cases := opCases(run)
	for op := Op(0); op < opCount; op++ {
		name := opNames[op]
		clause, ok := cases[name]
		if !ok {
			t.Errorf("%s (%s) has no case in Machine.run", name, op)
			continue
		}
		for _, callee := range calledMethods(clause) {
			if inner := opCases(methods[callee]); len(inner) > 0 && inner[name] == nil {
				t.Errorf("Machine.run hands %s to %s, which has no case for it", name, callee)
			}
		}
	}
}

// parsePackage parses the package's files, its tests left out.
func parsePackage(t *testing.T) []*ast.File {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// constNames lists the names of a const block in order.
func constNames(d *ast.GenDecl) []string {
	if d.Tok != token.CONST {
		return nil
	}
	var names []string
	for _, spec := range d.Specs {
		for _, n := range spec.(*ast.ValueSpec).Names {
			names = append(names, n.Name)
		}
	}
	return names
}

// opCases maps the op names of the cases of the switch on in.Op in fn
// (nil when fn has none) to their clauses.
func opCases(fn *ast.FuncDecl) map[string]*ast.CaseClause {
	cases := map[string]*ast.CaseClause{}
	if fn == nil || fn.Body == nil {
		return cases
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || !isSelector(sw.Tag, "in", "Op") {
			return true
		}
		for _, stmt := range sw.Body.List {
			clause := stmt.(*ast.CaseClause)
			for _, e := range clause.List {
				if id, ok := e.(*ast.Ident); ok {
					cases[id.Name] = clause
				}
			}
		}
		return false
	})
	return cases
}

// calledMethods lists the methods of m that a clause calls.
func calledMethods(clause *ast.CaseClause) []string {
	var names []string
	for _, stmt := range clause.Body {
		ast.Inspect(stmt, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && isIdent(sel.X, "m") {
					names = append(names, sel.Sel.Name)
				}
			}
			return true
		})
	}
	return names
}

func isSelector(e ast.Expr, x, sel string) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && isIdent(s.X, x) && s.Sel.Name == sel
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

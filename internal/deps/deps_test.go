package deps

import (
	"go/build"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The imports are read from the source with go/build, not asked of the
// go command, so that the test cache sees the files and directories
// read and reruns the test when an import changes.

const module = "github.com/cqlvm/cqlvm"

// root is the module's directory, from this package's.
var root = filepath.Join("..", "..")

func inModule(path string) bool { return path == module || strings.HasPrefix(path, module+"/") }

// standard: the first element of a standard library path has no dot.
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// imports returns the non-test imports of a package of the module or of
// the standard library.
func imports(t *testing.T, path string) []string {
	t.Helper()
	var p *build.Package
	var err error
	if inModule(path) {
		p, err = build.Default.ImportDir(filepath.Join(root, strings.TrimPrefix(strings.TrimPrefix(path, module), "/")), 0)
	} else {
		p, err = build.Default.Import(path, "", 0)
	}
	if err != nil {
		t.Fatalf("reading the imports of %s: %v", path, err)
	}
	return p.Imports
}

// closure is pkg and every package it depends on, of the module and of
// the standard library; third-party packages are listed but not
// followed (none can import this module).
func closure(t *testing.T, pkg string) map[string]bool {
	t.Helper()
	seen := map[string]bool{}
	var visit func(string)
	visit = func(path string) {
		if seen[path] || path == "C" || path == "unsafe" {
			seen[path] = true
			return
		}
		seen[path] = true
		if !inModule(path) && !standard(path) {
			return
		}
		for _, imp := range imports(t, path) {
			visit(imp)
		}
	}
	visit(pkg)
	return seen
}

// TestMachineNeedsNoOutsideKnowledge: the machine and the compiler define
// what they ask of a UCI engine and of package positional
// (vm.Evaluator, vm.Chess) and engine hands them those, so neither
// spawns processes nor depends on the chess knowledge it only passes on.
func TestMachineNeedsNoOutsideKnowledge(t *testing.T) {
	banned := []string{"github.com/cqlvm/cqlvm/uci", "github.com/cqlvm/cqlvm/positional", "os/exec"}
	for _, pkg := range []string{"github.com/cqlvm/cqlvm/vm", "github.com/cqlvm/cqlvm/compiler"} {
		deps := closure(t, pkg)
		if !deps["github.com/cqlvm/cqlvm/bitboard"] || !deps["fmt"] {
			t.Fatalf("the closure of %s lacks bitboard or fmt, which it uses: %v", pkg, deps)
		}
		for _, b := range banned {
			if deps[b] {
				t.Errorf("%s depends on %s", pkg, b)
			}
		}
	}
}

// TestClosureSeesTheBannedPackages: the closure does reach what the test
// above bans, where it is imported.
func TestClosureSeesTheBannedPackages(t *testing.T) {
	deps := closure(t, "github.com/cqlvm/cqlvm/engine")
	for _, want := range []string{"github.com/cqlvm/cqlvm/uci", "github.com/cqlvm/cqlvm/positional", "os/exec"} {
		if !deps[want] {
			t.Errorf("the closure of cqlvm/engine lacks %s", want)
		}
	}
}

// frontEnds are the packages that talk to engine only, with the
// third-party and module packages each may import besides engine and its
// subpackages, report, diagram, source, limits, internal/... and the
// standard library.
var frontEnds = map[string][]string{
	"github.com/cqlvm/cqlvm/cmd/cqlvm": {"github.com/cqlvm/cqlvm/server", "github.com/spf13/pflag", "golang.org/x/term", "github.com/cqlvm/cqlvm/cmd/cqlvm/internal/supervise"},
	"github.com/cqlvm/cqlvm/server":    {"github.com/cqlvm/cqlvm/examples"},
}

func allowedForFrontEnd(path string, extra []string) bool {
	for _, p := range []string{"github.com/cqlvm/cqlvm/engine", "github.com/cqlvm/cqlvm/report", "github.com/cqlvm/cqlvm/diagram", "github.com/cqlvm/cqlvm/source", "github.com/cqlvm/cqlvm/limits"} {
		if path == p {
			return true
		}
	}
	if strings.HasPrefix(path, "github.com/cqlvm/cqlvm/engine/") || strings.HasPrefix(path, "github.com/cqlvm/cqlvm/internal/") {
		return true
	}
	if !inModule(path) && standard(path) {
		return true
	}
	return slices.Contains(extra, path)
}

// TestFrontEndsTalkToEngine: the command and the server import engine,
// not the compiler, the machine or the readers beneath it.
func TestFrontEndsTalkToEngine(t *testing.T) {
	for pkg, extra := range frontEnds {
		dir := filepath.Join(root, strings.TrimPrefix(pkg, module+"/"))
		p, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("reading the imports of %s: %v", pkg, err)
		}
		if !slices.Contains(p.Imports, "github.com/cqlvm/cqlvm/engine") {
			t.Errorf("%s does not import cqlvm/engine: %v", pkg, p.Imports)
		}
		for _, imp := range p.Imports {
			if allowedForFrontEnd(imp, extra) {
				continue
			}
			for _, pos := range p.ImportPos[imp] {
				file := filepath.ToSlash(filepath.Join(strings.TrimPrefix(pkg, module+"/"), filepath.Base(pos.Filename)))
				t.Errorf("%s imports %s, which it must reach through engine", file, imp)
			}
		}
	}
}

// TestSupervisorImportsOnlyTheStandardLibrary: the supervisor starts the
// command's child from its package initializer, which must run before
// the module's packages are initialized; a package of the module or a
// third party among its imports would be initialized first (and
// golang.org/x sorts after the engine's packages, and os/exec waits for
// path/filepath, which does too).
func TestSupervisorImportsOnlyTheStandardLibrary(t *testing.T) {
	p, err := build.Default.ImportDir(filepath.Join(root, "cmd/cqlvm/internal/supervise"), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range p.Imports {
		if inModule(imp) || !standard(imp) || imp == "os/exec" {
			t.Errorf("package supervise imports %s", imp)
		}
	}
}

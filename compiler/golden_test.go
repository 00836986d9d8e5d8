package compiler

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/internal/golden"
	"github.com/cqlvm/cqlvm/source"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/compiler")

const goldenDir = "../testdata/compiler"

// TestDisasmGolden compiles each testdata/compiler/disasm/*.cql and
// compares its disassembly with the .disasm file beside it.
func TestDisasmGolden(t *testing.T) {
	runGolden(t, "disasm", ".disasm", func(t *testing.T, src *source.Source) string {
		q, err := Compile(src, Options{RequireHeader: true})
		if err != nil {
			t.Fatalf("compile: %v", err)
		}
		return q.Program.DisassembleString()
	})
}

// TestErrorGolden checks that each testdata/compiler/errors/*.cql is
// rejected with the caret message in its .err file.
func TestErrorGolden(t *testing.T) {
	runGolden(t, "errors", ".err", func(t *testing.T, src *source.Source) string {
		_, err := Compile(src, Options{RequireHeader: true})
		var list source.ErrorList
		if !errors.As(err, &list) {
			t.Fatalf("compile returned %v, want a positioned error list", err)
		}
		return list.Pretty()
	})
}

func runGolden(t *testing.T, dir, ext string, render func(*testing.T, *source.Source) string) {
	files, err := filepath.Glob(filepath.Join(goldenDir, dir, "*.cql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs in %s: %v", dir, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := render(t, source.New(filepath.Base(f), string(text)))
			golden.CompareFile(t, strings.TrimSuffix(f, ".cql")+ext, got, *update, "compiler")
		})
	}
}

// Package golden compares a test's output with a golden file, or
// rewrites the file when the test runs with -update: the one helper the
// packages with goldens share (compiler, compiler/syntax, compiler/cqls,
// vm/nfa, pgn).
package golden

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Compare checks got against testdata/name, in the package's own
// testdata folder; with update it writes got there instead. pkg is the
// package's path, for the hint on how to rewrite the file (go test
// ./pkg -update).
func Compare(t testing.TB, name, got string, update bool, pkg string) {
	t.Helper()
	CompareFile(t, filepath.Join("testdata", name), got, update, pkg)
}

// CompareFile is Compare for a golden file at path (relative to the
// package's folder), for the goldens kept in the repository's testdata.
func CompareFile(t testing.TB, path, got string, update bool, pkg string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./%s -update to create it)", err, pkg)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs (-want +got; go test ./%s -update rewrites it):\n%s", path, pkg, diff)
	}
}

package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Helper()               {}

// TestCompare: -update writes the file, an equal text passes, a
// different one fails, a missing file fails.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	Compare(t, "a.golden", "one\n", true, "x")
	if b, err := os.ReadFile(filepath.Join("testdata", "a.golden")); err != nil || string(b) != "one\n" {
		t.Fatalf("update wrote %q, %v", b, err)
	}
	for _, tc := range []struct {
		name, got string
		fail      bool
	}{{"a.golden", "one\n", false}, {"a.golden", "two\n", true}, {"missing.golden", "one\n", true}} {
		r := &recorder{TB: t}
		Compare(r, tc.name, tc.got, false, "x")
		if r.failed != tc.fail {
			t.Errorf("%s with %q: failed %v, want %v", tc.name, tc.got, r.failed, tc.fail)
		}
	}
}

// TestCompareFile: a golden file outside the package's testdata (the
// repository's testdata/compiler, testdata/nfa...) is written and
// compared at the path given.
func TestCompareFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shared", "b.golden")
	CompareFile(t, path, "one\n", true, "x")
	if b, err := os.ReadFile(path); err != nil || string(b) != "one\n" {
		t.Fatalf("update wrote %q, %v", b, err)
	}
	for got, fail := range map[string]bool{"one\n": false, "two\n": true} {
		r := &recorder{TB: t}
		CompareFile(r, path, got, false, "x")
		if r.failed != fail {
			t.Errorf("%q: failed %v, want %v", got, r.failed, fail)
		}
	}
}

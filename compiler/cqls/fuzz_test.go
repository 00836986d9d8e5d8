package cqls

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cqlvm/cqlvm/source"
)

// FuzzParseFile: no text makes the parser panic, and every query it
// accepts prints as CQL 6 that parses back into the same tree. The seeds
// (the goldens' queries and the conformance cases) run in go test; go
// test -fuzz FuzzParseFile ./compiler/cqls explores further.
func FuzzParseFile(f *testing.F) {
	for _, tc := range translateTests {
		f.Add(tc.query)
	}
	for _, tc := range errorTests {
		f.Add(tc.query)
	}
	files, _ := filepath.Glob("../../testdata/conformance-cqls/cases/*/*.cqls")
	for _, path := range files {
		if b, err := os.ReadFile(path); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		file, errs := ParseFile(source.New("fuzz.cqls", text))
		if len(errs) > 0 {
			return
		}
		checkPrintsBack(t, text, file)
	})
}

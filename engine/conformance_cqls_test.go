package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The CQL 3 / CQL-S suite: every old-syntax query under
// testdata/conformance-cqls/cases is run directly, and its translation
// (Translate, as `cqlvm translate` prints it) is run as a CQL 6 query; both must give the answers
// in testdata/conformance-cqls/expected, which the official CQL 6.2 gave
// for the hand translations beside the cases (see its README). As with
// TestConformance, sample.pgn by default and CQLVM_CORPORA for more; the
// Chess960 games of ignore.tsv are left out of the comparison.

const cqlsDir = "../testdata/conformance-cqls"

func TestConformanceCQLS(t *testing.T) {
	corpora := []string{"sample"}
	if env := os.Getenv("CQLVM_CORPORA"); env != "" {
		corpora = strings.Split(env, ",")
	}
	cases, _ := filepath.Glob(filepath.Join(cqlsDir, "cases", "*", "*.cqls"))
	if len(cases) < 80 {
		t.Fatalf("found only %d CQL 3 cases", len(cases))
	}
	ignores := readIgnores(t)
	for _, corpus := range corpora {
		for _, path := range cases {
			name := strings.TrimSuffix(filepath.Base(path), ".cqls")
			path, corpus := path, corpus
			t.Run(corpus+"/"+name, func(t *testing.T) {
				t.Parallel()
				if err := runCQLSCase(t, path, name, corpus, ignores[corpus]); err != nil {
					t.Errorf("%s as written: %v", name, err)
				}
				text, err := Translate(path, "", Auto)
				if err != nil {
					t.Fatalf("translate: %v", err)
				}
				translated := filepath.Join(t.TempDir(), name+".cql")
				if err := os.WriteFile(translated, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := runCQLSCase(t, translated, name, corpus, ignores[corpus]); err != nil {
					t.Errorf("%s translated:\n%s\n%v", name, text, err)
				}
			})
		}
	}
}

// runCQLSCase runs one query on one corpus and compares the games and
// their matched positions with the expectation.
func runCQLSCase(t *testing.T, query, name, corpus string, ignore [][2]int) error {
	_, data, err := runConformanceQuery(query, corpus, 0, 0)
	if err != nil {
		return fmt.Errorf("%s", firstLine(err.Error()))
	}
	_, want := readExpected(t, filepath.Join(cqlsDir, "expected", corpus, name+".tsv"))
	want, _ = dropIgnored(want, ignore)
	got, _ := dropIgnored(summarizePGN(data), ignore)
	if diff := cmp.Diff(want, got); diff != "" {
		return fmt.Errorf("(game, matches) differ (-want +got):\n%s", diff)
	}
	return nil
}

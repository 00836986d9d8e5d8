package engine

import (
	"strconv"
	"strings"
	"testing"
)

// TestManualExamples runs the example queries of the CQL manual listed in
// testdata/examples/sample_counts.tsv over sample.pgn and compares the
// number of matched games with the official CQL 6.2's.
func TestManualExamples(t *testing.T) {
	rows := strings.Split(readText(t, "../testdata/examples/sample_counts.tsv"), "\n")
	n := 0
	for i, row := range rows {
		if row == "" || strings.HasPrefix(row, "#") {
			continue
		}
		f := strings.SplitN(row, "\t", 3)
		if len(f) != 3 {
			t.Fatalf("sample_counts.tsv:%d: want name, count and query", i+1)
		}
		name, query := f[0], f[2]
		want, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("sample_counts.tsv:%d: %v", i+1, err)
		}
		n++
		t.Run(name, func(t *testing.T) {
			q := loadText(t, query)
			o := q.Options()
			o.Inputs = []string{samplePGN}
			st, err := Run(q, o)
			if err != nil {
				t.Fatal(err)
			}
			if got := st.Matches; got != want {
				t.Errorf("%d games matched, official CQL 6.2 matches %d\nquery: %s", got, want, query)
			}
		})
	}
	if n < 70 {
		t.Fatalf("only %d examples read; the table has 79", n)
	}
}

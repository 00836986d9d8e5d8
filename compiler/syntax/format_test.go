package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/source"
)

// TestFormatRoundTrip: printing a parsed query and parsing the text again
// gives the same tree (the same Dump for every filter, the same header),
// for every query of the parser's goldens and of the conformance cases.
func TestFormatRoundTrip(t *testing.T) {
	queries := goldenQueries(t)
	files, _ := filepath.Glob("../../testdata/conformance/cases/*/*.cql")
	for _, f := range files {
		if strings.Contains(f, "/errors/") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		queries = append(queries, [2]string{f, string(b)})
	}
	if len(queries) < 300 {
		t.Fatalf("found only %d queries", len(queries))
	}
	for _, q := range queries {
		name, text := q[0], q[1]
		header := strings.HasPrefix(strings.TrimSpace(text), "cql")
		f, errs := ParseFile(source.New(name, text), header)
		if len(errs) > 0 {
			continue // a query of the error goldens
		}
		out, err := Format(f)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		g, errs := ParseFile(source.New(name+" (printed)", out), true)
		if len(errs) > 0 {
			t.Errorf("%s: the printed query does not parse: %v\n%s", name, errs, out)
			continue
		}
		if want, got := dumpAll(f), dumpAll(g); want != got {
			t.Errorf("%s: printed and parsed again, the tree differs\nprinted:\n%s\nwant %s\ngot  %s", name, out, want, got)
		}
		f.Header.Span, g.Header.Span = source.Span{}, source.Span{}
		if f.HasHeader && f.Header != g.Header && !sameHeader(f.Header, g.Header) {
			t.Errorf("%s: the header differs: %+v, printed %+v", name, f.Header, g.Header)
		}
	}
}

func sameHeader(a, b Header) bool {
	if (a.MatchString == nil) != (b.MatchString == nil) || a.MatchString != nil && *a.MatchString != *b.MatchString {
		return false
	}
	a.MatchString, b.MatchString = nil, nil
	return a == b
}

func dumpAll(f *File) string {
	var parts []string
	for _, n := range f.Body {
		parts = append(parts, Dump(n))
	}
	return strings.Join(parts, "\n")
}

// goldenQueries are the queries of testdata/parse.golden, with their names.
func goldenQueries(t *testing.T) [][2]string {
	b, err := os.ReadFile("testdata/parse.golden")
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	for _, block := range strings.Split(string(b), "### ")[1:] {
		name, rest, _ := strings.Cut(block, "\n")
		query, _, ok := strings.Cut(rest, "\n---\n")
		if ok {
			out = append(out, [2]string{name, query})
		}
	}
	return out
}

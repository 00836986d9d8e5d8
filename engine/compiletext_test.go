package engine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/source"
)

func TestCompileTextAppliesAHeader(t *testing.T) {
	for _, tc := range []struct {
		text       string
		variations bool
	}{
		{"cql(variations)\nmate", true},
		{"// a comment first\ncql(variations) mate", true},
		{"mate", false},
		{"(match :variations (position :check))", true}, // the old language's header
	} {
		q, err := CompileText("editor", tc.text, QueryOptions{})
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		if got := q.Options().Variations; got != tc.variations {
			t.Errorf("%q: variations %v, want %v", tc.text, got, tc.variations)
		}
	}
}

func TestCompileTextNamesTheTextInErrors(t *testing.T) {
	for _, text := range []string{"cql()\nmate pinn", "mate pinn"} {
		_, err := CompileText("editor", text, QueryOptions{})
		var list source.ErrorList
		if !errors.As(err, &list) || list[0].Src.Name != "editor" {
			t.Errorf("%q: %v, want an error in \"editor\"", text, err)
		}
	}
}

// TestCQLOptionHeader: a -cql text with a cql(...) header is the whole
// query when no query file is given, its header applied; beside a query
// file it is refused, never ignored. A variable whose name starts with
// cql is no header.
func TestCQLOptionHeader(t *testing.T) {
	q, err := Load("", QueryOptions{Extra: "cql(variations) variation move previous promote [NR]"})
	if err != nil {
		t.Fatal(err)
	}
	if !q.Options().Variations {
		t.Errorf("the -cql text's header (variations) was not applied")
	}
	if _, err := Load("", QueryOptions{Extra: "cqlx = 1 cqlx == 1"}); err != nil {
		t.Errorf("a variable named cqlx: %v", err)
	}
	file := filepath.Join(t.TempDir(), "q.cql")
	if err := os.WriteFile(file, []byte("cql() mate"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(file, QueryOptions{Extra: "cql(variations) check"})
	var list source.ErrorList
	if !errors.As(err, &list) || !strings.Contains(list[0].Msg, "header is not allowed here") || list[0].Src.Name != "-cql" {
		t.Errorf("a header in -cql beside a query file: %v, want it refused in -cql", err)
	}
}

// TestCqlOptionFunctions: a function defined in the -cql text can be
// called there (it used to crash the compiler), with the same answer as
// the query written in a file.
func TestCqlOptionFunctions(t *testing.T) {
	const body = `function plies(Lim){ply > Lim} plies(80) check`
	got := cqlOptionMatches(t, body, samplePGN)
	file := loadText(t, "cql() "+body)
	o := file.Options()
	o.Inputs = []string{samplePGN}
	st, err := Run(file, o)
	if err != nil {
		t.Fatal(err)
	}
	if st.Matches == 0 {
		t.Fatal("no game matched; the case tests nothing")
	}
	if got != st.Matches {
		t.Errorf("-cql: %d games, the same query in a file: %d", got, st.Matches)
	}
}

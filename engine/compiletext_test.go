package engine

import (
	"errors"
	"testing"

	"cqlvm/source"
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

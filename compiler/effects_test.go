package compiler

import (
	"testing"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// TestEveryKindHasEffects: every kind is listed in the table of effect
// facts, so that none is taken for pure by default.
func TestEveryKindHasEffects(t *testing.T) {
	for k := syntax.KBad + 1; k < syntax.NumKinds; k++ {
		if kindEffects[k] == 0 {
			t.Errorf("kind %v has no entry in kindEffects (compiler/effects_table.go): say what it reads and does", k)
		}
	}
}

// TestEffectFacts checks the facts of a few filters through the
// predicates the optimizations use.
func TestEffectFacts(t *testing.T) {
	cases := []struct {
		query          string
		noEffect, memo bool
	}{
		{"check", true, true},
		{"Q attacks k", true, true},
		{"x = 3", false, false},
		{`comment("a")`, false, false},
		{"find check", false, false}, // it comments where it finds
		{"find quiet check", false, false},
		{`message("a")`, false, false},
		{`"abc" ~~ "b"`, false, false},
		{"parent:check", true, true},
		{"K--=Q", true, true},
		{"move from K comment (\"c\")", false, false},
		{"from", true, false},
		{"pathcount", true, false},
		{`player white "Carlsen"`, true, true},
	}
	for _, c := range cases {
		n := parseOne(t, c.query)
		if got := pureTest(n); got != c.noEffect {
			t.Errorf("%s: no effect %v, want %v", c.query, got, c.noEffect)
		}
		if got := memoTest(n); got != c.memo {
			t.Errorf("%s: a function of the position %v, want %v", c.query, got, c.memo)
		}
	}
}

// parseOne parses a query of one filter.
func parseOne(t *testing.T, query string) *syntax.Node {
	t.Helper()
	body, _, errs := syntax.ParseBody(source.New("f.cql", query))
	if len(errs) > 0 || len(body) != 1 {
		t.Fatalf("%s: %v (%d filters)", query, errs, len(body))
	}
	return body[0]
}

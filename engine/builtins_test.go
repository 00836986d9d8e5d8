package engine

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/engine/knowledge"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/uci"
)

// evaluationQuery is a query that needs an engine, built as the CQL-S
// front end builds one: White's view of the position is a mate.
func evaluationQuery(t *testing.T) *Query {
	t.Helper()
	eval := &syntax.Node{Kind: syntax.KEvaluation, Str: "depth", Int2: 3, Int: 1}
	body := []*syntax.Node{{Kind: syntax.KCmp, Str: ">=", Args: []*syntax.Node{eval, {Kind: syntax.KNumber, Int: uci.MateValue - 1}}}}
	file := &syntax.File{Body: body, Funcs: map[string]*syntax.Node{}}
	reader := func(*source.Source) (*syntax.File, source.ErrorList, bool) { return file, nil, true }
	cq, err := compiler.Compile(source.New("built.cql", ""), compiler.Options{Reader: reader, Chess: knowledge.Chess})
	if err != nil {
		t.Fatal(err)
	}
	return &Query{compiled: cq}
}

// A query that evaluates positions fails at once, saying why, when the
// engine cannot be found.
func TestRunWithoutEngine(t *testing.T) {
	_, err := Run(evaluationQuery(t), Options{Inputs: []string{samplePGN}, Engine: "/nonexistent/engine"})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") || !strings.Contains(err.Error(), "chess engine") {
		t.Errorf("error %v does not say which engine is missing and why it is needed", err)
	}
	// a query without evaluations never looks for one
	if _, err := Run(loadText(t, "cql() mate"), Options{Inputs: []string{samplePGN}, Engine: "/nonexistent/engine"}); err != nil {
		t.Errorf("a query without evaluations: %v", err)
	}
}

// Two workers, each with its own engine, find the games ending in mate
// (a mate in one, then the mate itself, in White's view).
func TestRunWithEngine(t *testing.T) {
	if _, err := uci.Find(""); err != nil {
		t.Skipf("this test needs a UCI engine: %v", err)
	}
	games := `[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]

1. Ra8# 1-0

[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]

1. Ra7 h6 *

[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]

1. Ra8# 1-0
`
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(path, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	var matched []int
	_, err := Run(evaluationQuery(t), Options{Inputs: []string{path}, Threads: 2, OnGame: func(g *Game) {
		matched = append(matched, g.Matches)
	}})
	if err != nil {
		t.Fatal(err)
	}
	// the start is a mate in one for White; after Ra8# Black is mated,
	// after Ra7 h6 there is no mate
	if !slices.Equal(matched, []int{2, 1, 2}) {
		t.Errorf("matched positions per game %v, want [2 1 2]", matched)
	}
}

package gametree

import (
	"strings"
	"testing"

	"cqlvm/pgn"
	"cqlvm/vm"
)

func parse(t *testing.T, text string) *pgn.Game {
	t.Helper()
	var p pgn.Parser
	g := new(pgn.Game)
	p.Parse(&pgn.RawGame{Number: 1, Line: 1, Col: 1, Data: []byte(text)}, g)
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	return g
}

// After a huge game, the tree of the next small game does not keep the
// huge game's nodes, whose positions they point to.
func TestHugeGameNodesLetGo(t *testing.T) {
	huge := parse(t, strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", keptNodes/2)+"*")
	var tree vm.Tree
	Build(&tree, huge, true)
	if len(tree.Nodes) != 2*keptNodes+1 {
		t.Fatalf("%d nodes, want %d", len(tree.Nodes), 2*keptNodes+1)
	}
	Build(&tree, parse(t, "1. e4 e5 *"), true)
	if len(tree.Nodes) != 3 || cap(tree.Nodes) > keptNodes {
		t.Errorf("after a small game: %d nodes, capacity %d", len(tree.Nodes), cap(tree.Nodes))
	}
}

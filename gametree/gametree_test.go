package gametree

import (
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
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

// treeGame has a variation at Black's first move, comments and a NAG.
const treeGame = `[Event ""]
[White "Fischer, Robert J."]
[Black " Spassky "]
[ECO "Z99"]
[Opening "Ruy"]

1. e4! {first} {last} e5 (1... c5 {off} 2. Nf3) 2. Nf3 Nc6 *`

// link is a node's place in the tree.
type link struct{ parent, firstChild, nextSibling, end, ply, depth int32 }

func links(tree *vm.Tree) []link {
	var out []link
	for _, n := range tree.Nodes {
		out = append(out, link{n.Parent, n.FirstChild, n.NextSibling, n.End, n.Ply, n.Depth})
	}
	return out
}

// TestBuildWithVariations: the nodes are in mainline-first pre-order (the
// mainline, then each variation), linked as the game is, each subtree
// ending where the next begins, the positions the game's own.
func TestBuildWithVariations(t *testing.T) {
	g := parse(t, treeGame)
	var tree vm.Tree
	Build(&tree, g, true)
	want := []link{
		{-1, 1, -1, 7, 0, 0}, // the start
		{0, 2, -1, 7, 1, 0},  // 1. e4
		{1, 3, 5, 5, 2, 0},   // 1... e5, whose sibling is the variation
		{2, 4, -1, 5, 3, 0},  // 2. Nf3
		{3, -1, -1, 5, 4, 0}, // 2... Nc6
		{1, 6, -1, 7, 2, 1},  // 1... c5
		{5, -1, -1, 7, 3, 1}, // 2. Nf3 in the variation
	}
	if got := links(&tree); !slices.Equal(got, want) {
		t.Errorf("links:\n got %v\nwant %v", got, want)
	}
	for i := range tree.Nodes {
		if tree.Nodes[i].Pos != &g.Nodes[i].Pos || tree.Nodes[i].Move != g.Nodes[i].Move {
			t.Errorf("node %d does not share the game's position and move", i)
		}
	}
	if !tree.Variations || len(tree.OffComments) != 0 {
		t.Errorf("variations %v, comments left out %q", tree.Variations, tree.OffComments)
	}
	if got := tree.Comment(5); got != "off" {
		t.Errorf("the variation's comment: %q", got)
	}
}

// TestBuildMainline: without variations the tree is the mainline, the
// prefix of the nodes, no node with a sibling and every subtree running to
// the end; the variations' comments are kept aside (hhdb reads them).
func TestBuildMainline(t *testing.T) {
	var tree vm.Tree
	Build(&tree, parse(t, treeGame), false)
	want := []link{
		{-1, 1, -1, 5, 0, 0},
		{0, 2, -1, 5, 1, 0},
		{1, 3, -1, 5, 2, 0},
		{2, 4, -1, 5, 3, 0},
		{3, -1, -1, 5, 4, 0},
	}
	if got := links(&tree); !slices.Equal(got, want) {
		t.Errorf("links:\n got %v\nwant %v", got, want)
	}
	if tree.Variations || !slices.Equal(tree.OffComments, []string{"off"}) {
		t.Errorf("variations %v, comments left out %q", tree.Variations, tree.OffComments)
	}
}

// TestBuildAnnotationsAndTags: a move's comment is its last one and its
// NAGs are the game's; tags read as the official program's filters read
// them (names trimmed of blanks and trailing dots, an empty Event and an
// ECO code that is none are no tag, a missing Site is "?" and a missing
// Date unknown, other tags as written).
func TestBuildAnnotationsAndTags(t *testing.T) {
	var tree vm.Tree
	Build(&tree, parse(t, treeGame), true)
	if got := tree.Comment(1); got != "last" {
		t.Errorf("the comment of 1. e4: %q", got)
	}
	if got := tree.NAGs(1); !slices.Equal(got, []uint8{1}) {
		t.Errorf("the NAGs of 1. e4!: %v", got)
	}
	for name, want := range map[string]string{
		"White": "Fischer, Robert J", "Black": "Spassky", "Site": "?", "Date": "????.??.??", "Opening": "Ruy",
		"Event": "", "ECO": "",
	} {
		got, ok := tree.Tag(name)
		if got != want || ok != (want != "") {
			t.Errorf("tag %s: %q, %v; want %q", name, got, ok, want)
		}
	}
}

// Commands hands pgn's Has to the machine as it is: each bit must mean
// the same value in both packages.
func TestCommandBits(t *testing.T) {
	for _, bit := range [...][2]uint8{{pgn.HasEval, vm.CmdEval}, {pgn.HasMate, vm.CmdMate}, {pgn.HasClock, vm.CmdClock}, {pgn.HasEMT, vm.CmdEMT}} {
		if bit[0] != bit[1] {
			t.Errorf("pgn's bit %#x is the machine's %#x", bit[0], bit[1])
		}
	}
}

package compiler

import (
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/vm"
)

// virtualmainline holds at a position when every White move on its path
// from the start is its position's first move and none is a null move:
// the machine works the answers out once a game, and they must be those
// of walking each path, on studies with variations and OTB games.
func TestVirtualMainlineFollowsEachPath(t *testing.T) {
	q, err := compileText("virtualmainline")
	if err != nil {
		t.Fatal(err)
	}
	m := vm.NewMachine(q.Program)
	found := 0
	for gi, g := range firstGames(t, 150) {
		tree := treeOf(g, true)
		var want []int32
		for i := range tree.Nodes {
			on := true
			for n := int32(i); n > 0; n = tree.Nodes[n].Parent {
				nd := &tree.Nodes[n]
				if nd.Move.Is(bitboard.FlagNull) || nd.Pos.Side == bitboard.Black && tree.Nodes[nd.Parent].FirstChild != n {
					on = false
				}
			}
			if on {
				want = append(want, int32(i))
			}
		}
		if got := matches(m, tree); !slices.Equal(got, want) {
			t.Fatalf("game %d: virtualmainline at %v, want %v", gi+1, got, want)
		}
		found += len(tree.Nodes) - len(want)
	}
	if found == 0 {
		t.Error("no position off the virtual mainline: the comparison shows little")
	}
}

// Tree.IsAncestor, from the pre-order subtree ends, agrees with walking
// up to the latest common ancestor, on every pair of positions of games
// with variations.
func TestIsAncestorAgreesWithLCA(t *testing.T) {
	pairs := 0
	for gi, g := range firstGames(t, 60) {
		tree := treeOf(g, true)
		n := min(len(tree.Nodes), 120)
		for a := int32(0); a < int32(n); a++ {
			for b := int32(0); b < int32(n); b++ {
				if got, want := tree.IsAncestor(a, b), tree.LCA(a, b) == a; got != want {
					t.Fatalf("game %d: IsAncestor(%d, %d) = %v, LCA says %v", gi+1, a, b, got, want)
				}
				pairs++
			}
		}
	}
	if pairs == 0 {
		t.Error("no pair compared")
	}
}

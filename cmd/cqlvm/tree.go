package main

import (
	"strings"

	"cqlvm/pgn"
	"cqlvm/vm"
)

// buildTree gives the machine its view of a parsed game. Positions are
// shared, not copied. Without variations the machine sees only the
// mainline: in the mainline-first pre-order the mainline is the prefix
// Nodes[0:k], so the tree is that prefix with its variation links cut.
func buildTree(t *vm.Tree, g *pgn.Game, variations bool) {
	n := len(g.Nodes)
	if !variations {
		n = g.MainlineLen()
	}
	if cap(t.Nodes) < n {
		t.Nodes = make([]vm.Node, n)
	}
	t.Nodes = t.Nodes[:n]
	t.Number = g.Number
	t.Result = g.Result
	t.Variations = variations
	t.Tags = t.Tags[:0]
	for _, tg := range g.Tags {
		t.Tags = append(t.Tags, vm.Tag{Name: tg.Name, Value: tg.Value})
	}
	if t.Result == "" {
		t.Result, _ = g.Tag("Result")
	}
	for i := 0; i < n; i++ {
		src := &g.Nodes[i]
		dst := &t.Nodes[i]
		*dst = vm.Node{
			Pos:         &src.Pos,
			Move:        src.Move,
			Parent:      src.Parent,
			FirstChild:  src.FirstChild,
			NextSibling: src.NextSibling,
			Ply:         src.Ply,
			Depth:       src.Depth,
			NAGs:        src.NAGs,
		}
		if !variations {
			dst.NextSibling = -1
			if int(dst.FirstChild) >= n {
				dst.FirstChild = -1
			}
		}
		switch len(src.Comments) {
		case 0:
		case 1:
			dst.Comment = src.Comments[0]
		default:
			dst.Comment = strings.Join(src.Comments, " ")
		}
	}
	t.ComputeEnds()
}

// Package gametree gives the query machine its view of a game read by
// package pgn. It is the one place that joins the two, for the run
// engine and for the compiler's tests, which run queries on real games.
package gametree

import (
	"strings"

	"cqlvm/pgn"
	"cqlvm/vm"
)

// Build gives the machine its view of a parsed game, reusing t's arrays. Positions are
// shared, not copied. Without variations the machine sees only the
// mainline: in the mainline-first pre-order the mainline is the prefix
// Nodes[0:k], so the tree is that prefix with its variation links cut.
func Build(t *vm.Tree, g *pgn.Game, variations bool) {
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
		v := tg.Value
		switch tg.Name {
		case "White", "Black", "Date":
			// the official program reads player names and dates without
			// surrounding blanks (a Date of " 2007.??.??" is 2007, and
			// " Steinitz " sorts as "Steinitz"), other tags as written
			v = strings.TrimSpace(v)
		}
		t.Tags = append(t.Tags, vm.Tag{Name: tg.Name, Value: v})
	}
	// a missing Seven Tag Roster tag reads as "?", as the official program
	// has it (it sorts games without a White tag with the "?" ones)
	for _, name := range []string{"Event", "Site", "Date", "Round", "White", "Black"} {
		if _, ok := g.Tag(name); !ok {
			t.Tags = append(t.Tags, vm.Tag{Name: name, Value: "?"})
		}
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
		if k := len(src.Comments); k > 0 {
			// the official program keeps only the last comment after a move
			dst.Comment = src.Comments[k-1]
		}
	}
	t.OffComments = t.OffComments[:0]
	for i := n; i < len(g.Nodes); i++ {
		t.OffComments = append(t.OffComments, g.Nodes[i].Comments...)
	}
	t.ComputeEnds()
}

// Package gametree gives the query machine its view of a game read by
// package pgn. It is the one place that joins the two, for the run
// engine and for the compiler's tests, which run queries on real games.
package gametree

import (
	"strings"

	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// keptNodes is the most nodes a Tree keeps for the next game, as
// pgn.Parser keeps for its Game.
const keptNodes = 1 << 16

// Build gives the machine its view of a parsed game, reusing t's arrays. Positions are
// shared, not copied. Without variations the machine sees only the
// mainline: in the mainline-first pre-order the mainline is the prefix
// Nodes[0:k], so the tree is that prefix with its variation links cut.
func Build(t *vm.Tree, g *pgn.Game, variations bool) {
	n := len(g.Nodes)
	if !variations {
		n = g.MainlineLen()
	}
	if cap(t.Nodes) < n || cap(t.Nodes) > keptNodes && n <= keptNodes {
		// a huge game's nodes are let go: past n they would still point
		// into its positions and keep those alive
		t.Nodes = make([]vm.Node, n)
	}
	t.Nodes = t.Nodes[:n]
	t.Number = g.Number
	t.Result = g.Result
	t.Variations = variations
	t.SetTags(tags{g})
	if t.Result == "" {
		t.Result, _ = g.Tag("Result")
	}
	copyNodes(t.Nodes, g.Nodes[:n], variations)
	t.Annotations = annotations{g}
	t.OffComments = t.OffComments[:0]
	for i := n; i < len(g.Nodes); i++ {
		t.OffComments = append(t.OffComments, g.Nodes[i].Comments...)
	}
	if variations {
		t.ComputeEnds()
	}
}

// copyNodes gives the machine's nodes the links, moves and positions of
// the game's. Without variations, dst is the mainline: no node has a
// sibling, and every subtree runs to the end.
func copyNodes(dst []vm.Node, src []pgn.Node, variations bool) {
	end := int32(len(src))
	for i := range src {
		// field by field: a composite literal is built on the stack and
		// copied with wide loads that wait for its narrow stores (a
		// store-forwarding stall)
		s, d := &src[i], &dst[i]
		d.Pos, d.Move = &s.Pos, s.Move
		d.Parent, d.FirstChild, d.NextSibling = s.Parent, s.FirstChild, s.NextSibling
		d.End, d.Ply, d.Depth = end, s.Ply, s.Depth
	}
	if !variations {
		for i := range dst {
			dst[i].NextSibling = -1
		}
		if len(dst) > 0 && dst[len(dst)-1].FirstChild >= end { // (the mainline's last move has none)
			dst[len(dst)-1].FirstChild = -1
		}
	}
}

// tags lists the tags of a game as the official program's filters read
// them (tagValue); a missing Seven Tag Roster tag reads as "?", as the
// official program has it (it sorts games without a White tag with the
// "?" ones); a missing date as an unknown one.
type tags struct{ g *pgn.Game }

func (ts tags) AppendTags(dst []vm.Tag) []vm.Tag {
	for _, tg := range ts.g.Tags {
		if v, ok := tagValue(tg.Name, tg.Value); ok {
			dst = append(dst, vm.Tag{Name: tg.Name, Value: v})
		}
	}
	for _, name := range []string{"Event", "Site", "Date", "Round", "White", "Black", "EventDate"} {
		if _, ok := ts.g.Tag(name); !ok {
			v := "?"
			if name == "Date" || name == "EventDate" {
				v = pgn.CQLDate("") // unknown: ????.??.??
			}
			dst = append(dst, vm.Tag{Name: name, Value: v})
		}
	}
	return dst
}

// annotations reads the comments and NAGs of a tree's nodes from its
// game, whose node indexes are the tree's.
type annotations struct{ g *pgn.Game }

// Comment is the last comment after the move: the official program keeps
// only that one.
func (a annotations) Comment(node int32) string {
	if c := a.g.Nodes[node].Comments; len(c) > 0 {
		return c[len(c)-1]
	}
	return ""
}

func (a annotations) NAGs(node int32) []uint8 { return a.g.Nodes[node].NAGs }

// Commands reads the annotation commands of the move's comments, all of
// them (a command may sit in any), each time a filter asks: games nobody
// asks about pay nothing.
func (a annotations) CommandsTo(node int32, dst *vm.Commands) {
	var c pgn.Commands
	errs := a.g.CommandsTo(node, &c)
	// the bits of Has are the same in both packages (TestCommandBits)
	dst.Eval, dst.Mate, dst.Clock, dst.EMT, dst.Has, dst.Bad = c.Eval, c.Mate, c.Clock, c.EMT, c.Has, ""
	if len(errs) > 0 {
		dst.Bad = errs[0].Error()
	}
}

// MoveTime is the time the move took, from its [%emt] or else from the
// clocks and the TimeControl tag (pgn.Game.MoveTime).
func (a annotations) MoveTime(node int32) (int32, bool) { return a.g.MoveTime(node) }

// tagValue is a tag as the official program's filters read it (event,
// player, date, eco, tag "X"; found by experiment, issue 13): player names
// and dates without surrounding blanks (a Date of " 2007.??.??" is 2007,
// and " Steinitz " sorts as "Steinitz"); an empty Event, Site, Round,
// White or Black is no tag at all (the filter fails, while a missing one
// reads "?"); dates and ECO codes in their normal form, an ECO code that
// is not one being no tag. Other tags are as written, "" included.
func tagValue(name, v string) (string, bool) {
	switch name {
	case "White", "Black":
		// and without trailing dots: "Fischer, Robert J." reads
		// "Fischer, Robert J", "Smith . ." "Smith", "..." no name
		v = strings.TrimRight(strings.TrimSpace(v), ". \t")
		return v, v != ""
	case "Event", "Site", "Round":
		return v, v != ""
	case "Date", "EventDate":
		return pgn.CQLDate(v), true
	case "ECO":
		return pgn.CQLECO(v)
	}
	return v, true
}

// Summarize is the summary of a parsed game (vm/summary): of the
// positions of its mainline, which a search without variations visits,
// and of its whole tree.
func Summarize(g *pgn.Game) summary.Summary {
	var b summary.Builder
	mainline := g.MainlineLen()
	for i := range g.Nodes {
		n := &g.Nodes[i]
		b.Add(&n.Pos, n.Ply, &n.Move, i < mainline)
	}
	return b.Summary()
}

package main

import (
	"strconv"
	"strings"

	"cqlvm/pgn"
	"cqlvm/vm"
)

// annotate writes the query's comments into a matched game the way the
// official program does: at each node the texts added by the query, then
// the match string if the node matched, joined by blanks and appended to
// the node's last original comment (or as a new comment); the root's
// comment also gets "Game number N" first.
func annotate(g *pgn.Game, comments []vm.Comment, matched []int32, number int, cfg *runConfig, sortTexts []string) {
	if cfg.silent {
		return
	}
	added := map[int32][]string{}
	if !cfg.noHeader {
		added[0] = append(added[0], "Game number "+strconv.Itoa(number))
	}
	for _, c := range comments {
		if int(c.Node) >= len(g.Nodes) {
			continue
		}
		switch c.Kind {
		case vm.CommentText:
			added[c.Node] = append(added[c.Node], c.Text)
		case vm.CommentRemoveOriginal:
			g.Nodes[c.Node].Comments = nil
		case vm.CommentSetTag:
			setTag(g, c.Tag, c.Text)
		case vm.CommentRemoveTag:
			removeTag(g, c.Tag)
		}
	}
	if !cfg.quiet && cfg.matchString != "" {
		for _, n := range matched {
			added[n] = append(added[n], cfg.matchString)
		}
	}
	for n, texts := range added {
		text := strings.Join(texts, " ")
		if n == 0 && !cfg.noHeader {
			for _, st := range sortTexts {
				text += "  " + st
			}
		}
		appendComment(&g.Nodes[n], text)
	}
}

// appendComment adds text to the node's last comment, or as a new one.
func appendComment(n *pgn.Node, text string) {
	if text == "" {
		return
	}
	if k := len(n.Comments); k > 0 {
		n.Comments[k-1] = strings.TrimRight(n.Comments[k-1], " ") + " " + text
		return
	}
	n.Comments = append(n.Comments, text)
}

// setTag gives the output game tag name, replacing an existing value.
func setTag(g *pgn.Game, name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, pgn.Tag{Name: name, Value: value})
}

// removeTag drops tag name from the output game.
func removeTag(g *pgn.Game, name string) {
	kept := g.Tags[:0]
	for _, t := range g.Tags {
		if t.Name != name {
			kept = append(kept, t)
		}
	}
	g.Tags = kept
}

package main

import (
	"strconv"
	"strings"

	"cqlvm/pgn"
	"cqlvm/vm"
)

// annotate writes the query's comments into a matched game the way the
// official program does: at each node the texts in the order they were
// made while the game was searched, the match string of a matched node
// coming right after the texts made while matching it; joined by blanks
// and appended to the node's last original comment (or as a new
// comment). The root's comment gets "Game number N" first and the sort
// values last. spans[i] is the range of comments made while matching
// matched[i].
func annotate(g *pgn.Game, comments []vm.Comment, matched []int32, spans [][2]int, number int, cfg *runConfig, sortTexts []string) {
	if cfg.silent {
		return
	}
	added := map[int32][]string{}
	if !cfg.noHeader {
		added[0] = append(added[0], "Game number "+strconv.Itoa(number))
	}
	markMatches := !cfg.quiet && cfg.matchString != ""
	next := 0 // the next matched position whose match string is due
	addMatchesUpTo := func(at int) {
		for ; markMatches && next < len(matched) && spans[next][1] <= at; next++ {
			added[matched[next]] = append(added[matched[next]], cfg.matchString)
		}
	}
	for i, c := range comments {
		addMatchesUpTo(i)
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
	addMatchesUpTo(len(comments))
	for n, texts := range added {
		text := strings.Join(uniqueTexts(texts), " ")
		if n == 0 && !cfg.noHeader {
			for _, st := range sortTexts {
				text += "  " + st
			}
		}
		appendComment(&g.Nodes[n], text)
	}
}

// uniqueTexts drops repeats of a text at one node, as the official program
// does (two knights that find the same position leave one "Found").
func uniqueTexts(texts []string) []string {
	if len(texts) < 2 {
		return texts
	}
	seen := make(map[string]bool, len(texts))
	out := texts[:0:0]
	for _, t := range texts {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// maxCommentLength: the official program leaves out a comment it would
// make longer than this (its outputs keep comments of 2,824 bytes and drop
// ones of 4,536; 4,096 is the round number between). The node then keeps
// only its original comment.
const maxCommentLength = 4096

// appendComment adds text to the node's last comment, or as a new one.
func appendComment(n *pgn.Node, text string) {
	if text == "" {
		return
	}
	if k := len(n.Comments); k > 0 {
		joined := strings.TrimRight(n.Comments[k-1], " ") + " " + text
		if len(joined) <= maxCommentLength {
			n.Comments[k-1] = joined
		}
		return
	}
	if len(text) <= maxCommentLength {
		n.Comments = append(n.Comments, text)
	}
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

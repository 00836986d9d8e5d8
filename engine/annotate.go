package engine

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
)

// annotator writes the query's comments into matched games; it keeps its
// buffer from game to game.
type annotator struct {
	texts, sorted []nodeText
	counts        []int32
	group         []string
	buf           []byte   // the comment being built (appendComment)
	slab          []string // the game's new one-comment lists (oneComment)
}

// nodeText is a text to add to the comment of a node.
type nodeText struct {
	node int32
	text string
	// unique: the machine already dropped the repeats of this text at
	// its node (vm.Machine.DedupComments)
	unique bool
}

// annotate writes the query's comments into a matched game the way the
// official program does: at each node the texts in the order they were
// made while the game was searched, the match string of a matched node
// coming right after the texts made while matching it; joined by blanks
// and appended to the node's last original comment (or as a new
// comment). The root's comment gets "Game number N" first and the sort
// values last. spans[i] is the range of comments made while matching
// matched[i]. The texts of comments[:unique] are known to be unique at
// their node.
func (a *annotator) annotate(g *pgn.Game, comments []vm.Comment, unique int, matched []int32, spans [][2]int, number int, cfg *runConfig, sortTexts []string) {
	if cfg.Silent {
		return
	}
	a.slab = a.slab[:0] // the last game is written: its lists are free
	added := a.texts[:0]
	if !cfg.NoHeader {
		added = append(added, nodeText{node: 0, text: "Game number " + strconv.Itoa(number)})
	}
	markMatches := !cfg.Quiet && cfg.MatchString != ""
	next := 0 // the next matched position whose match string is due
	addMatchesUpTo := func(at int) {
		for ; markMatches && next < len(matched) && spans[next][1] <= at; next++ {
			added = append(added, nodeText{node: matched[next], text: cfg.MatchString})
		}
	}
	for i, c := range comments {
		addMatchesUpTo(i)
		if int(c.Node) >= len(g.Nodes) {
			continue
		}
		switch c.Kind {
		case vm.CommentText:
			added = append(added, nodeText{node: c.Node, text: c.Text, unique: i < unique})
		case vm.CommentRemoveOriginal:
			g.Nodes[c.Node].Comments = nil
		case vm.CommentSetTag:
			setTag(g, c.Tag, c.Text)
		case vm.CommentRemoveTag:
			removeTag(g, c.Tag)
		}
	}
	addMatchesUpTo(len(comments))
	// group the texts by node, each node's in the order they were made
	added = a.byNode(added, len(g.Nodes))
	group := a.group
	for i := 0; i < len(added); {
		n := added[i].node
		j := i
		for j < len(added) && added[j].node == n {
			j++
		}
		group = appendUnique(group[:0], added[i:j])
		i = j
		var sorts []string
		if n == 0 && !cfg.NoHeader {
			sorts = sortTexts
		}
		a.appendComment(&g.Nodes[n], group, sorts)
	}
	a.group = group[:0]
}

// byNode sorts texts by node, stably, counting the texts of each node
// first: a query with `find all` in a loop makes thousands of texts in a
// game, which a comparison sort took a sixth of its time to order.
func (a *annotator) byNode(texts []nodeText, nodes int) []nodeText {
	if inNodeOrder(texts) { // one text, or one at each matched position
		a.texts = texts[:0]
		return texts
	}
	counts := slices.Grow(a.counts[:0], nodes+1)[:nodes+1]
	clear(counts)
	for _, t := range texts {
		counts[t.node+1]++
	}
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	sorted := slices.Grow(a.sorted[:0], len(texts))[:len(texts)]
	for _, t := range texts {
		sorted[counts[t.node]] = t
		counts[t.node]++
	}
	// both buffers are kept for the next game; the texts' strings are
	// dropped once the game is written
	a.texts, a.sorted, a.counts = texts[:0], sorted[:0], counts
	return sorted
}

// inNodeOrder reports whether texts are already ordered by node: most
// games written have only the game number, or a text at each matched
// position in turn, and are spared counting texts at every node.
func inNodeOrder(texts []nodeText) bool {
	for i := 1; i < len(texts); i++ {
		if texts[i].node < texts[i-1].node {
			return false
		}
	}
	return true
}

// appendUnique appends the texts of one node to out, each once, as the
// official program writes them (two knights that find the same position
// leave one "Found"). A text marked unique repeats no other text so
// marked, so it is only looked for among the others kept before it (the
// match string, the game number), which are few: a node of a query with
// `find all` in a loop has hundreds of texts, and a set of them all took
// a fifth of the run.
func appendUnique(out []string, texts []nodeText) []string {
	var seen map[string]bool // every text kept, when many are not marked unique
	if countNotUnique(texts) > 16 {
		seen = make(map[string]bool, len(texts))
	}
	var others []string // the texts not marked unique kept so far
	for _, t := range texts {
		switch {
		case seen != nil:
			if seen[t.text] {
				continue
			}
			seen[t.text] = true
		case t.unique:
			if slices.Contains(others, t.text) {
				continue
			}
		default:
			if slices.Contains(out, t.text) {
				continue
			}
			others = append(others, t.text)
		}
		out = append(out, t.text)
	}
	return out
}

// countNotUnique counts the texts not marked unique.
func countNotUnique(texts []nodeText) int {
	n := 0
	for _, t := range texts {
		if !t.unique {
			n++
		}
	}
	return n
}

// maxCommentLength: the official program leaves out a comment it would
// make longer than this many bytes (measured with growing comments: a
// node's comment of 4,500 bytes, its original comment, the texts and the
// match string joined by blanks, is kept and one of 4,501 is not). The
// node then keeps only its original comment; at the root that drops the
// "Game number" text too.
const maxCommentLength = 4500

// appendComment adds the texts, joined by blanks, and the sort texts,
// each after two blanks, to the node's last comment (after a blank, its
// own trailing blanks dropped), or as a new comment. The comment is built
// in the annotator's buffer and made a string once, and a lone text is
// kept as it is: a path or a sort comments most nodes of a game.
func (a *annotator) appendComment(n *pgn.Node, texts, sortTexts []string) {
	k := len(n.Comments)
	if k == 0 && len(texts) == 1 && len(sortTexts) == 0 {
		if t := texts[0]; t != "" && len(t) <= maxCommentLength {
			n.Comments = a.oneComment(t)
		}
		return
	}
	b := a.buf[:0]
	if k > 0 {
		b = append(b, strings.TrimRight(n.Comments[k-1], " ")...)
		b = append(b, ' ')
	}
	start := len(b)
	for i, t := range texts {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, t...)
	}
	for _, st := range sortTexts {
		b = append(b, "  "...)
		b = append(b, st...)
	}
	a.buf = b[:0]
	switch {
	case len(b) == start, len(b) > maxCommentLength: // nothing to add, or too long
	case k > 0:
		n.Comments[k-1] = string(b)
	default:
		n.Comments = a.oneComment(string(b))
	}
}

// oneComment is a list of one comment, c, cut from the annotator's slab
// of lists, which is emptied for every game: the game is written and
// dropped before the next is annotated.
func (a *annotator) oneComment(c string) []string {
	if len(a.slab) == cap(a.slab) {
		a.slab = make([]string, 0, max(64, 2*cap(a.slab)))
	}
	a.slab = append(a.slab, c)
	i := len(a.slab)
	return a.slab[i-1 : i : i]
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

package main

import (
	"strings"
)

// Kind is the CQL type a generated node has.
type Kind uint8

// The node kinds: the five value types of CQL plus Any, for items of a
// compound or of the query body (and declarations) that are not typed
// operands.
const (
	KSet Kind = iota
	KNum
	KLog
	KPos
	KStr
	KAny
)

var kindNames = [...]string{"set", "number", "logical", "position", "string", "any"}

func (k Kind) String() string { return kindNames[k] }

// Precedence levels, loosely following the table in features.md §7: a
// higher number binds tighter. A node placed in a slot that needs a level
// above its own is wrapped in parentheses when rendered.
const (
	pLow    = 3 // transforms, find, if, sort, loops: their bodies extend
	pOr     = 4
	pAnd    = 5
	pNot    = 6
	pIn     = 7
	pCmp    = 8
	pAbs    = 9
	pHash   = 10
	pAdd    = 11
	pMul    = 14
	pRank   = 15
	pUnion  = 16
	pInter  = 17
	pCompl  = 18
	pAttack = 19
	pDir    = 21
	pColon  = 23
	pAtom   = 100
)

// Node is one node of a generated query. Parts is the node's template: a
// string is literal text, an int is the index of a child in Kids, rendered
// in a slot that needs precedence Need[i] (parenthesised when the child
// binds looser). A list node (compound braces, the query body) has no
// template: it renders Open, its Kids separated by Seps, then Close, and
// its kids may be dropped by the shrinker.
type Node struct {
	Kind  Kind
	Prec  int
	Parts []any
	Kids  []*Node
	Need  []int

	List  bool
	Open  string
	Close string
	Seps  []string // len(Kids)-1 separators

	// Keep marks a node the shrinker must not replace (declarations whose
	// names later nodes use are handled by the disagreement check instead;
	// Keep is for syntax that only parses in one shape, e.g. a dash's sides).
	Keep bool
}

// leaf is an atomic node with fixed text.
func leaf(k Kind, text string) *Node {
	return &Node{Kind: k, Prec: pAtom, Parts: []any{text}}
}

// slot is a child placed in a template with the precedence it needs.
type slot struct {
	n    *Node
	need int
}

// op builds a node from a template of strings and slots.
func op(k Kind, prec int, parts ...any) *Node {
	n := &Node{Kind: k, Prec: prec}
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			n.Parts = append(n.Parts, p)
		case slot:
			n.Parts = append(n.Parts, len(n.Kids))
			n.Kids = append(n.Kids, p.n)
			n.Need = append(n.Need, p.need)
		case *Node:
			n.Parts = append(n.Parts, len(n.Kids))
			n.Kids = append(n.Kids, p)
			n.Need = append(n.Need, 0)
		default:
			panic("op: bad part")
		}
	}
	return n
}

// at places n in a slot needing precedence need.
func at(n *Node, need int) slot { return slot{n, need} }

// list builds a list node.
func list(k Kind, open, close string, kids []*Node, seps []string) *Node {
	return &Node{Kind: k, Prec: pAtom, List: true, Open: open, Close: close, Kids: kids, Seps: seps}
}

// Render returns the query text of the node.
func (n *Node) Render() string {
	var sb strings.Builder
	n.render(&sb)
	return sb.String()
}

func (n *Node) render(sb *strings.Builder) {
	if n.List {
		sb.WriteString(n.Open)
		for i, k := range n.Kids {
			if i > 0 {
				sb.WriteString(n.Seps[i-1])
			}
			s := k.Render()
			if needsBraces(s) {
				s = "{" + s + "}"
			}
			sb.WriteString(s)
		}
		sb.WriteString(n.Close)
		return
	}
	last := "" // the text part before the current kid
	for _, p := range n.Parts {
		switch p := p.(type) {
		case string:
			sb.WriteString(p)
			last = p
		case int:
			k := n.Kids[p]
			if afterRangeNeedsParens(last, k.Render()) {
				sb.WriteString("(")
				k.render(sb)
				sb.WriteString(")")
				continue
			}
			if n.Need[p] == pLow {
				// a body right after a keyword that takes a range
				// (find, transforms, sort) must not start with a number; parentheses,
				// not braces: the reference rejects a compound {6} holding a number
				if t := strings.TrimLeft(k.Render(), " \t\n"); t != "" && t[0] >= '0' && t[0] <= '9' {
					sb.WriteString("(")
					k.render(sb)
					sb.WriteString(")")
					continue
				}
			}
			if k.Prec < n.Need[p] {
				sb.WriteString("(")
				k.render(sb)
				sb.WriteString(")")
			} else {
				k.render(sb)
			}
		}
	}
}

// continuers are words that, at the start of an item of a list, could be
// read as a parameter or continuation of the item before it (move from K /
// legal --, child / (1), player white / "x", x = 3 / -1 ...). Such items
// are wrapped in braces.
var continuers = map[string]bool{
	"to": true, "from": true, "capture": true, "promote": true, "legal": true,
	"pseudolegal": true, "previous": true, "count": true, "through": true,
	"o-o": true, "o-o-o": true, "castle": true, "null": true, "primary": true,
	"secondary": true, "enpassant": true, "enpassantsquare": true, "comment": true,
	"in": true, "all": true, "else": true, "then": true, "quiet": true,
	"white": true, "black": true,
}

// afterRangeNeedsParens reports whether body, placed after the text
// before (which may end with a range of numbers), must be parenthesised:
// after a range a body cannot begin with ~ # - . ▦ or ∀ (both programs
// read `find 1 100 #K > 0` as find 1 {100}, `up 1 .` as up applied to 1).
func afterRangeNeedsParens(before, body string) bool {
	b := strings.TrimRight(before, " \t\n")
	if b == "" || b[len(b)-1] < '0' || b[len(b)-1] > '9' {
		return false
	}
	t := strings.TrimLeft(body, " \t\n")
	for _, p := range []string{"~", "#", "-", ".", "▦", "∀", "[forall]"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

func needsBraces(s string) bool {
	t := strings.TrimLeft(s, " \t\n")
	if t == "" {
		return false
	}
	switch t[0] {
	case '-', '"', '(', '[', '*', '+', '?', ':', '<', '=', '>', '!', '&', '|':
		return true
	}
	if strings.HasPrefix(t, "――") || strings.HasPrefix(t, "×") || strings.HasPrefix(t, "∊") {
		return true
	}
	end := strings.IndexAny(t, " \t\n({[")
	if end < 0 {
		end = len(t)
	}
	return continuers[t[:end]]
}

// clone deep-copies the tree.
func (n *Node) clone() *Node {
	c := *n
	c.Parts = append([]any(nil), n.Parts...)
	c.Need = append([]int(nil), n.Need...)
	c.Seps = append([]string(nil), n.Seps...)
	c.Kids = make([]*Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = k.clone()
	}
	return &c
}

// size counts the nodes of the tree.
func (n *Node) size() int {
	s := 1
	for _, k := range n.Kids {
		s += k.size()
	}
	return s
}

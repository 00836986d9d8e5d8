package syntax

import "slices"

// The child nodes of a node are enumerated in one place, eachChild; Walk,
// Children, Rewrite, Clone and Dump are built on it, and so are the
// compiler's passes. walk_test.go finds every field that can hold a node by
// reflection and fails until eachChild knows it.

// eachChild calls f with the address of every child slot of n: the
// elements of Args and Bounds, the node fields of Move, Dash (and its
// Targets) and Seq. Slots holding nil are passed too. field names the slot
// ("Args", "Move.From", ...), for Dump.
//
// A range written with one bound has Bounds[1] == Bounds[0] (the parser
// makes that bound stand for both): the shared node is passed once, and
// whatever f stores in Bounds[0] is stored in Bounds[1] too, so the
// aliasing survives Rewrite and Clone.
//
// With own set, n first gets private copies of the slices and structs
// holding its slots, so that storing through the addresses leaves alone
// any node n was shallowly copied from (Clone).
func eachChild(n *Node, own bool, f func(field string, p **Node)) {
	if own {
		n.Args = slices.Clone(n.Args)
		n.Bounds = slices.Clone(n.Bounds)
	}
	for i := range n.Args {
		f("Args", &n.Args[i])
	}
	if len(n.Bounds) == 2 && n.Bounds[0] == n.Bounds[1] {
		f("Bounds", &n.Bounds[0])
		n.Bounds[1] = n.Bounds[0]
	} else {
		for i := range n.Bounds {
			f("Bounds", &n.Bounds[i])
		}
	}
	if m := n.Move; m != nil {
		if own {
			c := *m
			m, n.Move = &c, &c
		}
		f("Move.From", &m.From)
		f("Move.To", &m.To)
		f("Move.Capture", &m.Capture)
		f("Move.Promote", &m.Promote)
		f("Move.EnPassantSquare", &m.EnPassantSquare)
		f("Move.Comment", &m.Comment)
	}
	if d := n.Dash; d != nil {
		if own {
			c := *d
			c.Targets = slices.Clone(d.Targets)
			d, n.Dash = &c, &c
		}
		f("Dash.Left", &d.Left)
		f("Dash.Right", &d.Right)
		f("Dash.Promote", &d.Promote)
		for i := range d.Targets {
			f("Dash.Targets", &d.Targets[i])
		}
	}
	if s := n.Seq; s != nil {
		if own {
			c := *s
			s, n.Seq = &c, &c
		}
		f("Seq.Focus", &s.Focus)
		f("Seq.Max", &s.Max)
		f("Seq.Body", &s.Body)
	}
}

// Children returns the non-nil children of n, in a fixed order (a bound
// standing for both bounds once).
func Children(n *Node) []*Node {
	var out []*Node
	if n != nil {
		eachChild(n, false, func(_ string, p **Node) {
			if *p != nil {
				out = append(out, *p)
			}
		})
	}
	return out
}

// Walk calls visit for n and, depth first, for every node under it, each
// node before its children; when visit returns false the node's children
// are skipped. Nil nodes are not visited.
func Walk(n *Node, visit func(*Node) bool) {
	if n == nil || !visit(n) {
		return
	}
	eachChild(n, false, func(_ string, p **Node) { Walk(*p, visit) })
}

// Any reports whether pred holds for n or some node under it.
func Any(n *Node, pred func(*Node) bool) bool {
	found := false
	Walk(n, func(m *Node) bool {
		found = found || pred(m)
		return !found
	})
	return found
}

// Rewrite rewrites the tree under n bottom-up: each non-nil child c of n
// is replaced by Rewrite(c, f), then the result is f(n). n is changed in
// place; f may return its argument, changed or not, or another node.
func Rewrite(n *Node, f func(*Node) *Node) *Node {
	if n == nil {
		return nil
	}
	eachChild(n, false, func(_ string, p **Node) {
		if *p != nil {
			*p = Rewrite(*p, f)
		}
	})
	return f(n)
}

// Clone returns a deep copy of n: no node, and no slice or struct holding
// nodes, is shared with n (a bound standing for both bounds stays shared
// between the two bounds of the copy).
func Clone(n *Node) *Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Params = slices.Clone(n.Params)
	eachChild(&c, true, func(_ string, p **Node) { *p = Clone(*p) })
	return &c
}

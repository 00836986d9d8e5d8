package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/source"
)

// These tests find the fields that can hold nodes by reflection, so that
// a child field added to Node (or to a struct it points to) fails them
// until eachChild, and with it Walk, Rewrite, Clone and Dump, knows it.

var nodeType = reflect.TypeFor[*Node]()

// holdsNode reports whether a value of type t can hold a *Node other
// than through a *Node: t itself, a slice, array, map or struct of them.
func holdsNode(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == nodeType {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
		return holdsNode(t.Elem(), seen)
	case reflect.Map:
		return holdsNode(t.Key(), seen) || holdsNode(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsNode(t.Field(i).Type, seen) {
				return true
			}
		}
	case reflect.Interface, reflect.Func:
		// an interface or function could hide a node: none is expected
		return true
	}
	return false
}

// fill sets every node-holding field of the struct v: each *Node to a new
// leaf, each []*Node to two leaves, each pointer to a struct to a filled
// struct. Other shapes fail the test: the walker would not know them.
func fill(t *testing.T, v reflect.Value, leaf func() *Node) {
	for i := range v.NumField() {
		f, sf := v.Field(i), v.Type().Field(i)
		if !holdsNode(sf.Type, map[reflect.Type]bool{}) {
			continue
		}
		switch {
		case sf.Type == nodeType:
			f.Set(reflect.ValueOf(leaf()))
		case sf.Type == reflect.TypeFor[[]*Node]():
			f.Set(reflect.ValueOf([]*Node{leaf(), leaf()}))
		case sf.Type.Kind() == reflect.Pointer && sf.Type.Elem().Kind() == reflect.Struct:
			p := reflect.New(sf.Type.Elem())
			fill(t, p.Elem(), leaf)
			f.Set(p)
		case sf.Type.Kind() == reflect.Struct:
			fill(t, f, leaf)
		default:
			t.Fatalf("field %s %s of %s holds nodes in a way this test (and walk.go) does not know",
				sf.Name, sf.Type, v.Type())
		}
	}
}

// reachable collects, by reflection, every node under n (n included) and
// every pointer to a slice's elements or a struct that holds nodes.
func reachable(n *Node, nodes map[*Node]int, holders map[uintptr]bool) {
	var visit func(v reflect.Value)
	visit = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			if v.Type() == nodeType {
				m := v.Interface().(*Node)
				nodes[m]++
				if nodes[m] > 1 {
					return
				}
			} else if holdsNode(v.Type(), map[reflect.Type]bool{}) {
				holders[v.Pointer()] = true
			}
			visit(v.Elem())
		case reflect.Slice:
			if v.Len() > 0 && holdsNode(v.Type(), map[reflect.Type]bool{}) {
				holders[v.Pointer()] = true
			}
			for i := range v.Len() {
				visit(v.Index(i))
			}
		case reflect.Struct:
			for i := range v.NumField() {
				visit(v.Field(i))
			}
		}
	}
	visit(reflect.ValueOf(n))
}

// fullNode is a node of kind k with every child field set; its leaves
// are strings named "leaf<i>".
func fullNode(t *testing.T, k Kind) (*Node, []*Node) {
	var leaves []*Node
	leaf := func() *Node {
		l := &Node{Kind: KString, Str: fmt.Sprintf("leaf%d", len(leaves))}
		leaves = append(leaves, l)
		return l
	}
	n := &Node{Kind: k}
	fill(t, reflect.ValueOf(n).Elem(), leaf)
	return n, leaves
}

func TestWalkReachesEveryChild(t *testing.T) {
	for k := KBad; k < NumKinds; k++ {
		n, leaves := fullNode(t, k)
		want := map[*Node]int{}
		reachable(n, want, map[uintptr]bool{})
		if len(want) != len(leaves)+1 {
			t.Fatalf("kind %d: %d nodes, %d leaves", k, len(want), len(leaves))
		}

		got := map[*Node]int{}
		Walk(n, func(m *Node) bool { got[m]++; return true })
		if !reflect.DeepEqual(got, want) {
			t.Errorf("kind %d: Walk visits %d nodes, want each of the %d once", k, len(got), len(want))
		}
		if c := Children(n); len(c) != len(leaves) {
			t.Errorf("kind %d: Children has %d nodes, want %d", k, len(c), len(leaves))
		}
		skipped := 0
		Walk(n, func(m *Node) bool { skipped++; return false })
		if skipped != 1 {
			t.Errorf("kind %d: Walk visits children visit refused", k)
		}

		dump := Dump(n)
		for _, l := range leaves {
			if !strings.Contains(dump, fmt.Sprintf("%q", l.Str)) {
				t.Errorf("kind %d: Dump leaves out %s: %s", k, l.Str, dump)
			}
		}
	}
}

func TestCloneSharesNothing(t *testing.T) {
	for k := KBad; k < NumKinds; k++ {
		n, _ := fullNode(t, k)
		n.Params = []string{"a", "b"}
		before := Dump(n)
		nodes, holders := map[*Node]int{}, map[uintptr]bool{}
		reachable(n, nodes, holders)

		c := Clone(n)
		cnodes, cholders := map[*Node]int{}, map[uintptr]bool{}
		reachable(c, cnodes, cholders)
		if len(cnodes) != len(nodes) {
			t.Errorf("kind %d: clone has %d nodes, want %d", k, len(cnodes), len(nodes))
		}
		for m := range cnodes {
			if nodes[m] > 0 {
				t.Errorf("kind %d: clone shares node %s", k, Dump(m))
			}
		}
		for h := range cholders {
			if holders[h] {
				t.Errorf("kind %d: clone shares a slice or struct of nodes", k)
			}
		}
		if &c.Params[0] == &n.Params[0] {
			t.Errorf("kind %d: clone shares Params", k)
		}
		if Dump(c) != before || Dump(n) != before {
			t.Errorf("kind %d: dumps differ after Clone:\n%s\n%s\n%s", k, before, Dump(n), Dump(c))
		}
	}
}

func TestRewriteReplacesEveryChild(t *testing.T) {
	for k := KBad; k < NumKinds; k++ {
		n, leaves := fullNode(t, k)
		var order []*Node
		replaced := map[*Node]bool{}
		got := Rewrite(n, func(m *Node) *Node {
			order = append(order, m)
			if m == n {
				return m
			}
			r := &Node{Kind: KNumber, Str: m.Str}
			replaced[r] = true
			return r
		})
		if got != n {
			t.Fatalf("kind %d: Rewrite returned another root", k)
		}
		if len(order) != len(leaves)+1 || order[len(order)-1] != n {
			t.Errorf("kind %d: Rewrite calls f %d times, the root last; want %d", k, len(order), len(leaves)+1)
		}
		nodes := map[*Node]int{}
		reachable(n, nodes, map[uintptr]bool{})
		delete(nodes, n)
		if len(nodes) != len(leaves) {
			t.Errorf("kind %d: %d nodes after Rewrite, want %d", k, len(nodes), len(leaves))
		}
		for m := range nodes {
			if !replaced[m] {
				t.Errorf("kind %d: Rewrite left %s in place", k, Dump(m))
			}
		}
	}
}

// A range written with one bound shares that bound between Bounds[0] and
// Bounds[1]: the node is visited once and stays shared.
func TestOneBoundStandsForBoth(t *testing.T) {
	b := &Node{Kind: KVar, Str: "lo"}
	n := &Node{Kind: KLine, HasRange: true, Bounds: []*Node{b, b}, Seq: &Seq{Body: &Node{Kind: KSeqConcat}}}
	visits := 0
	Walk(n, func(m *Node) bool {
		if m == b {
			visits++
		}
		return true
	})
	if visits != 1 {
		t.Errorf("the bound is visited %d times", visits)
	}
	c := Clone(n)
	if c.Bounds[0] != c.Bounds[1] || c.Bounds[0] == b || c.Bounds[0].Str != "lo" {
		t.Errorf("clone bounds %p %p, original %p", c.Bounds[0], c.Bounds[1], b)
	}
	Rewrite(n, func(m *Node) *Node {
		if m.Kind == KVar {
			return &Node{Kind: KVar, Str: m.Str + "'"}
		}
		return m
	})
	if n.Bounds[0] != n.Bounds[1] || n.Bounds[0].Str != "lo'" {
		t.Errorf("after Rewrite, bounds %s %s", Dump(n.Bounds[0]), Dump(n.Bounds[1]))
	}
}

// The parser builds trees: apart from a bound standing for both bounds,
// no node is reachable twice, so passes that change nodes in place (such
// as renaming variables) see each node once.
func TestParsedTreesShareNoNodes(t *testing.T) {
	files, err := filepath.Glob("../../testdata/*/*/*.cql")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../testdata/*/*/*/*.cql")
	files = append(files, more...)
	if len(files) < 50 {
		t.Fatalf("only %d queries found under testdata", len(files))
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		body, funcs, _ := ParseBody(source.New(file, string(text)))
		roots := body
		for _, fn := range funcs {
			if !slices.Contains(body, fn) { // a definition is a body filter too
				roots = append(roots, fn)
			}
		}
		seen := map[*Node]bool{}
		for _, r := range roots {
			Walk(r, func(m *Node) bool {
				if seen[m] {
					t.Errorf("%s: node %s reached twice", file, Dump(m))
				}
				seen[m] = true
				return true
			})
		}
	}
}

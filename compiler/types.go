package compiler

import "github.com/cqlvm/cqlvm/compiler/syntax"

// Type is the type of a filter's value, as the checker infers it.
type Type uint8

const (
	TUnknown Type = iota
	TLog          // logical: match or no match, no value
	TSet          // set of squares
	TNum          // number
	TStr          // string
	TPos          // position
	TDict         // dictionary
)

var typeNames = [...]string{"unknown", "logical", "set", "number", "string", "position", "dictionary"}

func (t Type) String() string { return typeNames[t] }

// nodeInfo is what the checker records of the nodes it checks: the type
// of each, and the slot of variable references, loops, sorts and
// dictionaries. The generator reads it through the same accessors.
// Transforms and function calls are expanded before checking, so every
// checked node is its own key.
type nodeInfo struct {
	types map[*syntax.Node]Type
	slots map[*syntax.Node]int
}

func newNodeInfo() *nodeInfo {
	return &nodeInfo{types: map[*syntax.Node]Type{}, slots: map[*syntax.Node]int{}}
}

// typeOf is n's type (TUnknown for a node not checked).
func (i *nodeInfo) typeOf(n *syntax.Node) Type { return i.types[n] }

// slotOf is n's slot (0 for a node without one).
func (i *nodeInfo) slotOf(n *syntax.Node) int { return i.slots[n] }

func (i *nodeInfo) setType(n *syntax.Node, t Type) { i.types[n] = t }

func (i *nodeInfo) setSlot(n *syntax.Node, slot int) { i.slots[n] = slot }

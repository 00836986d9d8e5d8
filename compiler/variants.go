package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// The variant filters, cqlvm extensions of CQL 6: variant and inhand are
// strings, checkcount a number, drop a square set; each is one op
// (vm/variants.go).

func (c *checker) checkVariantFilter(n *syntax.Node) Type {
	switch n.Kind {
	case syntax.KVariantName, syntax.KInHand:
		return TStr
	case syntax.KCheckCount:
		return TNum
	}
	return TSet
}

func (g *gen) genVariantFilter(n *syntax.Node, fail int) {
	switch n.Kind {
	case syntax.KVariantName:
		g.emit(vm.OpVariantName, 0, 0, 0)
	case syntax.KCheckCount:
		g.emit(vm.OpCheckCount, uint8(n.Int), 0, 0)
	case syntax.KInHand:
		g.emit(vm.OpInHand, uint8(n.Int), 0, 0)
	case syntax.KDrop:
		g.jump(vm.OpDrop, 0, 0, fail)
	}
}

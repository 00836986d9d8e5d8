package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// The status of the current position: wtm, btm, check, mate, stalemate,
// initial, terminal, mainline, variation, the mate and stalemate kinds
// (puremate, modelmate, idealmate and their stalemates), try and
// virtualmainline.

// checkStatus types wtm, btm, check, mate, stalemate, initial, terminal,
// mainline and variation.
func (c *checker) checkStatus(n *syntax.Node) Type {
	return TLog
}

// checkMateKind types puremate, purestalemate, modelmate,
// modelstalemate, idealmate and idealstalemate: their value is the set
// of the participating pieces.
func (c *checker) checkMateKind(n *syntax.Node) Type {
	return TSet // the participating pieces
}

func (c *checker) checkTry(n *syntax.Node) Type {
	return TLog
}

func (c *checker) checkVirtualMainline(n *syntax.Node) Type {
	return TLog
}

func (g *gen) genStatus(n *syntax.Node, fail int) {
	g.jump(statusOps[n.Kind], 0, 0, fail)
}

func (g *gen) genMateKind(n *syntax.Node, fail int) {
	what := map[syntax.Kind]uint8{syntax.KPureMate: vm.PureMate, syntax.KPureStalemate: vm.PureStalemate,
		syntax.KModelMate: vm.ModelMate, syntax.KModelStalemate: vm.ModelStalemate,
		syntax.KIdealMate: vm.IdealMate, syntax.KIdealStalemate: vm.IdealStalemate}[n.Kind]
	g.emit(vm.OpMateKind, what, 0, 0)
}

func (g *gen) genTry(n *syntax.Node, fail int) {
	g.jump(vm.OpTry, 0, 0, fail)
}

func (g *gen) genVirtualMainline(n *syntax.Node, fail int) {
	g.jump(vm.OpVirtualMainline, 0, 0, fail)
}

var statusOps = map[syntax.Kind]vm.Op{
	syntax.KWtm: vm.OpWtm, syntax.KBtm: vm.OpBtm, syntax.KCheck: vm.OpCheck, syntax.KMate: vm.OpMate,
	syntax.KStalemate: vm.OpStalemate, syntax.KInitial: vm.OpInitial, syntax.KTerminal: vm.OpTerminal,
	syntax.KMainline: vm.OpMainline, syntax.KVariation: vm.OpVariation,
}

package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

// The status of the current position: wtm, btm, check, mate, stalemate,
// initial, terminal, mainline, variation, the mate and stalemate kinds
// (puremate, modelmate, idealmate and their stalemates), try and
// virtualmainline.

// checkStatus types wtm, btm, check, mate, stalemate, initial, terminal,
// mainline and variation.
func (c *checker) checkStatus(n *ast.Node) Type {
	return TLog
}

// checkMateKind types puremate, purestalemate, modelmate,
// modelstalemate, idealmate and idealstalemate: their value is the set
// of the participating pieces.
func (c *checker) checkMateKind(n *ast.Node) Type {
	return TSet // the participating pieces
}

func (c *checker) checkTry(n *ast.Node) Type {
	return TLog
}

func (c *checker) checkVirtualMainline(n *ast.Node) Type {
	return TLog
}

func (g *gen) genStatus(n *ast.Node, fail int) {
	g.jump(statusOps[n.Kind], 0, 0, fail)
}

func (g *gen) genMateKind(n *ast.Node, fail int) {
	what := map[ast.Kind]uint8{ast.KPureMate: vm.PureMate, ast.KPureStalemate: vm.PureStalemate,
		ast.KModelMate: vm.ModelMate, ast.KModelStalemate: vm.ModelStalemate,
		ast.KIdealMate: vm.IdealMate, ast.KIdealStalemate: vm.IdealStalemate}[n.Kind]
	g.emit(vm.OpMateKind, what, 0, 0)
}

func (g *gen) genTry(n *ast.Node, fail int) {
	g.jump(vm.OpTry, 0, 0, fail)
}

func (g *gen) genVirtualMainline(n *ast.Node, fail int) {
	g.jump(vm.OpVirtualMainline, 0, 0, fail)
}

var statusOps = map[ast.Kind]vm.Op{
	ast.KWtm: vm.OpWtm, ast.KBtm: vm.OpBtm, ast.KCheck: vm.OpCheck, ast.KMate: vm.OpMate,
	ast.KStalemate: vm.OpStalemate, ast.KInitial: vm.OpInitial, ast.KTerminal: vm.OpTerminal,
	ast.KMainline: vm.OpMainline, ast.KVariation: vm.OpVariation,
}

package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

var statusOps = map[ast.Kind]vm.Op{
	ast.KWtm: vm.OpWtm, ast.KBtm: vm.OpBtm, ast.KCheck: vm.OpCheck, ast.KMate: vm.OpMate,
	ast.KStalemate: vm.OpStalemate, ast.KInitial: vm.OpInitial, ast.KTerminal: vm.OpTerminal,
	ast.KMainline: vm.OpMainline, ast.KVariation: vm.OpVariation,
}

package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

var infoKinds = map[ast.Kind]uint8{
	ast.KPly: vm.InfoPly, ast.KMoveNumber: vm.InfoMoveNumber, ast.KPositionId: vm.InfoPositionID,
	ast.KDepth: vm.InfoDepth, ast.KGameNumber: vm.InfoGameNumber, ast.KLastGameNumber: vm.InfoLastGameNumber,
	ast.KSideToMove: vm.InfoSideToMove, ast.KYear: vm.InfoYear,
}

package compiler

import (
	ast "cqlvm/compiler/syntax"
	"cqlvm/vm"
)

var pawnKinds = map[ast.Kind]uint8{
	ast.KPassedPawns: vm.PawnsPassed, ast.KIsolatedPawns: vm.PawnsIsolated,
	ast.KDoubledPawns: vm.PawnsDoubled, ast.KConnectedPawns: vm.PawnsConnected,
}

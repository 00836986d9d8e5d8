package compiler

import (
	"slices"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/vm"
)

// hhdb KEYWORD: a field of the HHdb endgame study database (the keywords
// are syntax.HHDBKeywords, the fields' reading is vm/hhdb.go).

// hhdbKeyword returns n's keyword and the vm field it reads.
func hhdbKeyword(n *syntax.Node) (syntax.HHDBKeyword, uint8) {
	kw, _ := syntax.LookupHHDB(n.Str)
	return kw, uint8(slices.Index(vm.HHDBFieldNames[:], kw.Field))
}

// checkHHDB types hhdb: logical, a number or a string after its keyword.
func (c *checker) checkHHDB(n *syntax.Node) Type {
	switch kw, _ := hhdbKeyword(n); kw.Type {
	case 'n':
		return TNum
	case 's':
		return TStr
	}
	return TLog
}

// genHHDB pushes the field's value, or for a logical keyword tests it.
func (g *gen) genHHDB(n *syntax.Node, fail int) {
	kw, f := hhdbKeyword(n)
	switch kw.Type {
	case 'n':
		g.jump(vm.OpHHDBNum, f, 0, fail)
	case 's':
		g.jump(vm.OpHHDBStr, f, 0, fail)
	default:
		g.jump(vm.OpHHDBTest, f, 0, fail)
	}
}

// hhdbAwardTests are the fields a numeric award keyword tests as a match:
// the official program matches `hhdb prize` at a special prize ("sp.p"),
// whose place is no value of prize.
var hhdbAwardTests = map[uint8]uint8{
	vm.HHAward: vm.HHIsAward, vm.HHMax: vm.HHIsAward, vm.HHPrize: vm.HHIsPrize,
	vm.HHHM: vm.HHIsHM, vm.HHCommendation: vm.HHIsCommendation,
}

// testHHDB compiles hhdb as a match test: the award keywords test the
// kind of the award, the others their value.
func (g *gen) testHHDB(n *syntax.Node, fail int) {
	if _, f := hhdbKeyword(n); hhdbAwardTests[f] != 0 {
		g.jump(vm.OpHHDBTest, hhdbAwardTests[f], 0, fail)
		return
	}
	g.testValue(n, fail)
}

package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/vm"
)

// use reports whether optimization id may be taken here and, when it
// may, records that it fired at the current pc (Program.Opts, which
// `cqlvm disasm` prints). Callers ask it last, once the optimization is
// known to apply, so that only what fires is recorded.
func (g *gen) use(id opt.ID) bool {
	if g.disabled.Has(id) {
		return false
	}
	g.note(id, len(g.prog.Code))
	return true
}

// note records that optimization id fired at pc.
func (g *gen) note(id opt.ID, pc int) {
	g.prog.Opts = append(g.prog.Opts, vm.OptNote{Name: id.String(), PC: pc, Span: g.span})
}

// peephole runs the peephole passes that are not switched off.
func (g *gen) peephole() {
	if !g.disabled.Has(opt.JumpThreading) {
		for _, pc := range threadJumps(g.prog.Code) {
			g.noteAt(opt.JumpThreading, pc)
		}
	}
	if !g.disabled.Has(opt.FusedOps) {
		for _, pc := range fuse(g.prog.Code) {
			g.noteAt(opt.FusedOps, pc)
		}
	}
}

// noteAt records an optimization of the finished code at pc, with the
// span of the instruction there.
func (g *gen) noteAt(id opt.ID, pc int) {
	g.prog.Opts = append(g.prog.Opts, vm.OptNote{Name: id.String(), PC: pc, Span: g.prog.Spans[pc]})
}

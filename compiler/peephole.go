package compiler

import "github.com/cqlvm/cqlvm/vm"

// Peephole passes over the resolved code. They change jump targets and
// replace instructions in place, never move code, so every pc (spans,
// line entries, error reports) keeps its meaning.

// maxJumpChain bounds how far threadJumps follows a chain of jumps (a
// chain is short; the bound only guards against a cycle).
const maxJumpChain = 16

// threadJumps makes every jump whose target is an unconditional jump go
// to where that one goes, and turns a jump to a match or a fail into that
// instruction: a failing iteration of a loop body then goes back to the
// loop's head in one instruction instead of two or three. It returns the
// pcs of the instructions it changed.
func threadJumps(code []vm.Inst) (changed []int) {
	for pc := range code {
		in := &code[pc]
		if !vm.IsJump(in.Op) {
			continue
		}
		before := *in
		in.B = int32(finalTarget(code, int(in.B)))
		if in.Op == vm.OpJump {
			if t := code[in.B]; t.Op == vm.OpMatch || t.Op == vm.OpFail {
				*in = t
			}
		}
		if *in != before {
			changed = append(changed, pc)
		}
	}
	return changed
}

// finalTarget follows unconditional jumps from pc to the first other
// instruction.
func finalTarget(code []vm.Inst, pc int) int {
	for range maxJumpChain {
		if code[pc].Op != vm.OpJump || int(code[pc].B) == pc {
			return pc
		}
		pc = int(code[pc].B)
	}
	return pc
}

// fuse replaces the first instruction of each common short sequence by
// an op that does the whole sequence in one dispatch (see the fused ops
// in vm/op.go). The other instructions of the sequence stay, for the
// jumps that enter it in the middle. It matches the code as generated,
// so a fused op never stands for another fused op; an instruction whose
// operands an op before it reads at run time (its followers in the op
// table) is left as it is. It returns the pcs of the fused ops.
func fuse(code []vm.Inst) (fused []int) {
	orig := append([]vm.Inst(nil), code...)
	read := make([]bool, len(code)) // operands read by an op before it
	op := func(pc int) vm.Op {
		if pc < len(orig) {
			return orig[pc].Op
		}
		return vm.OpNop
	}
	for pc := range orig {
		if read[pc] {
			continue
		}
		a, b := orig[pc], vm.Inst{Op: op(pc + 1)}
		if pc+1 < len(orig) {
			b = orig[pc+1]
		}
		switch {
		case a.Op == vm.OpNextSquare && b.Op == vm.OpStoreKeep && op(pc+2) == vm.OpStore:
			code[pc] = vm.Inst{Op: vm.OpNextSquareStore, A: a.A, B: a.B}
		case a.Op == vm.OpNextSquare && b.Op == vm.OpStoreKeep && op(pc+2) == vm.OpPieceIDAt && op(pc+3) == vm.OpStore:
			code[pc] = vm.Inst{Op: vm.OpNextPiece, A: a.A, B: a.B}
		case a.Op == vm.OpPieceSquare && b.Op == vm.OpStore:
			code[pc] = vm.Inst{Op: vm.OpPieceSquareStore, A: a.A, B: a.B}
		case a.Op == vm.OpMoveInit && b.Op == vm.OpMoveNext && a.A == b.A:
			code[pc] = vm.Inst{Op: vm.OpMoveInitNext, A: a.A, B: a.B}
		case a.Op == vm.OpLoad && b.Op == vm.OpSaveCur && op(pc+2) == vm.OpSetCur:
			code[pc] = vm.Inst{Op: vm.OpGotoVar, A: a.A, B: a.B}
		case a.Op == vm.OpTruncComments && b.Op == vm.OpJump:
			code[pc] = vm.Inst{Op: vm.OpTruncCJump, A: a.A, B: b.B}
		case a.Op == vm.OpPushSet && b.Op == vm.OpStore:
			code[pc] = vm.Inst{Op: vm.OpStoreSet, A: b.A, B: a.B}
		case a.Op == vm.OpRestCur && b.Op == vm.OpJump:
			code[pc] = vm.Inst{Op: vm.OpRestCurJump, A: a.A, B: b.B}
		case a.Op == vm.OpEchoNext && b.Op == vm.OpStoreKeep && op(pc+2) == vm.OpSetCur:
			code[pc] = vm.Inst{Op: vm.OpEchoNextCur, X: a.X, A: a.A, B: a.B}
		}
		markRead(read, pc, code[pc].Op)
		if code[pc] != orig[pc] {
			fused = append(fused, pc)
		}
	}
	return fused
}

// markRead marks the instructions after pc whose operands op, there,
// reads at run time (the op table's followers).
func markRead(read []bool, pc int, op vm.Op) {
	for i, f := range op.Followers() {
		if f.Reads != 0 && pc+1+i < len(read) {
			read[pc+1+i] = true
		}
	}
}

package vm

import "fmt"

// Fault is a panic of the machine while it ran the instruction at PC: a
// bug of cqlvm, not of the query. Value is what the failing code panicked
// with.
type Fault struct {
	PC    int
	Value any
}

// FailedPC is the pc of the instruction that failed; Program.Spans[PC] is
// the query text that produced it.
func (f *Fault) FailedPC() int { return f.PC }

func (f *Fault) Error() string { return fmt.Sprintf("%v (instruction %d)", f.Value, f.PC) }

// Traced returns a copy of p whose machine keeps the pc of each
// instruction it runs, so that a panic while it runs can be turned into a
// *Fault naming that instruction (Machine.Fault). Every instruction of the
// copy is OpTrace, which records its pc and runs the original one: the
// program a search runs pays nothing for it. The engine uses it to run
// again a game whose search panicked.
func (p *Program) Traced() *Program {
	t := *p
	t.traced = p.Code
	t.Code = make([]Inst, len(p.Code))
	for i, in := range p.Code {
		// the operands stay: a fused op reads those of the instructions
		// after it (OpEchoNextCur)
		in.Op = OpTrace
		t.Code[i] = in
	}
	return &t
}

// Fault turns p, a value recovered from a panic of the machine, into a
// *Fault naming the instruction that was running, when the machine runs a
// program made by Traced; otherwise it returns nil.
func (m *Machine) Fault(p any) *Fault {
	if p == nil || m == nil || m.prog.traced == nil {
		return nil
	}
	if f, ok := p.(*Fault); ok {
		return f
	}
	return &Fault{PC: m.lastPC, Value: p}
}

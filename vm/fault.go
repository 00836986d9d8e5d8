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

// faultAt, deferred by run, turns a panic into a *Fault for the
// instruction before *pc (run advances pc before executing). A Fault from
// a nested run passes through unchanged: the innermost pc is the one that
// failed.
func faultAt(pc *int) {
	p := recover()
	if p == nil {
		return
	}
	if f, ok := p.(*Fault); ok {
		panic(f)
	}
	panic(&Fault{PC: *pc - 1, Value: p})
}

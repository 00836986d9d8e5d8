package vm

import (
	"fmt"
	"io"

	"github.com/cqlvm/cqlvm/source"
)

// OptNote records that an optimization of the compiler fired at PC (the
// compiler's registry, compiler/opt, names them; the machine only
// carries the names for the disassembler).
type OptNote struct {
	Name string
	PC   int
	Span source.Span
}

// WriteOpts lists the optimizations that fired, one line each: name, pc
// and the source text it serves, or a line saying that none did.
func (p *Program) WriteOpts(w io.Writer) {
	if len(p.Opts) == 0 {
		fmt.Fprintln(w, "; optimizations: none")
		return
	}
	fmt.Fprintf(w, "; optimizations (%d):\n", len(p.Opts))
	for _, n := range p.Opts {
		where := ""
		if p.Src != nil {
			line, col := p.Src.Position(int(n.Span.From))
			where = fmt.Sprintf("%d:%d %s", line, col, p.Src.Snippet(n.Span))
		}
		fmt.Fprintf(w, ";   %-20s pc %-5d %s\n", n.Name, n.PC, where)
	}
}

package engine

import (
	"io"

	"github.com/cqlvm/cqlvm/compiler/opt"
)

// Optimizations is a set of the compiler's optimizations
// (QueryOptions.Disable: those switched off). The registry of them is
// compiler/opt; OptimizationTable lists it.
type Optimizations = opt.Set

// AllOptimizations is every optimization: disabling it gives the plain
// program (`cqlvm run -O0`).
const AllOptimizations = opt.All

// ParseOptimizations reads a comma-separated list of optimization names,
// or "all", as given to -disable.
func ParseOptimizations(list string) (Optimizations, error) { return opt.Parse(list) }

// OptimizationInfo describes one optimization, for help and the README.
type OptimizationInfo struct {
	Name, Layer, Doc string
	Facts            []string
	Examples         []string
}

// OptimizationTable lists the optimizations in the registry's order.
func OptimizationTable() []OptimizationInfo {
	var rows []OptimizationInfo
	for _, e := range opt.Table {
		row := OptimizationInfo{Name: e.Name, Layer: e.Layer, Doc: e.Doc, Examples: e.Examples}
		for _, f := range e.Facts {
			row.Facts = append(row.Facts, string(f))
		}
		rows = append(rows, row)
	}
	return rows
}

// WriteOptimizations writes the optimizations that fired in q's program,
// one line each with the pc and the source text they serve, as `cqlvm
// disasm` prints them after the code.
func (q *Query) WriteOptimizations(w io.Writer) {
	q.Program().WriteOpts(w)
}

// OptimizationsHelp is the text of `cqlvm help optimizations`.
func OptimizationsHelp() string { return opt.Help() }

package main

import (
	"github.com/spf13/pflag"

	"github.com/cqlvm/cqlvm/engine"
)

// disableFlag is -disable NAME[,NAME...] (repeatable), shared by run and
// disasm: it switches optimizations of the compiler off.
type disableFlag struct{ set *engine.Optimizations }

func (f disableFlag) String() string { return f.set.String() }
func (f disableFlag) Type() string   { return "NAME,..." }
func (f disableFlag) Set(s string) error {
	more, err := engine.ParseOptimizations(s)
	*f.set |= more
	return err
}

// plainFlag is -O0: every optimization off, the plain program.
type plainFlag struct{ set *engine.Optimizations }

func (f plainFlag) String() string { return "false" }
func (f plainFlag) Type() string   { return "bool" }
func (f plainFlag) Set(s string) error {
	if s == "true" {
		*f.set = engine.AllOptimizations
	}
	return nil
}

// addOptFlags adds -O0 and -disable to fs, filling set.
func addOptFlags(fs *pflag.FlagSet, set *engine.Optimizations) {
	fs.Var(disableFlag{set}, "disable", "switch off optimizations (cqlvm help optimizations lists them), e.g. -disable find-memo,loop-domain")
	// normalizeArgs reads -O0 as --o0
	fs.Var(plainFlag{set}, "o0", "-O0: switch off every optimization (the plain program, for comparison)")
	fs.Lookup("o0").NoOptDefVal = "true"
}

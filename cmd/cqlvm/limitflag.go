package main

import (
	"github.com/spf13/pflag"

	"github.com/cqlvm/cqlvm/limits"
)

// limitFlag is the --limit NAME=VALUE option (repeatable), shared by
// run, check and serve: it sets one entry of package limits' table.
type limitFlag struct{ v *limits.Values }

func (f limitFlag) String() string { return f.v.String() }
func (f limitFlag) Type() string   { return "NAME=VALUE" }
func (f limitFlag) Set(s string) error {
	return f.v.Set(s)
}

// addLimitFlag adds --limit to fs, filling v.
func addLimitFlag(fs *pflag.FlagSet, v *limits.Values) {
	fs.Var(limitFlag{v}, "limit", "change a limit (cqlvm help limits lists them), e.g. --limit game-bytes=256MiB")
}

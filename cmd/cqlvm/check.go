package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"cqlvm/engine"
)

// check compiles each query without reading games and prints every
// diagnostic: `cqlvm check q.cql` in an editor's save hook or a CI job.
func (c *cli) check(args []string) int {
	var extra string
	fs := pflag.NewFlagSet("check", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&extra, "cql", "", "extra filters")
	if err := fs.Parse(normalizeArgs(args)); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm check: %s\n", flagErrorText(err))
		return exitUsage
	}
	files := fs.Args()
	if len(files) == 0 && extra == "" {
		fmt.Fprint(c.stderr, "usage: cqlvm check [-cql \"filters\"] query.cql ...\n")
		return exitUsage
	}
	if len(files) == 0 {
		files = []string{""} // the -cql text alone
	}
	worst := exitOK
	for _, path := range files {
		q, err := engine.Load(path, engine.QueryOptions{Extra: extra})
		if err != nil {
			worst = max(worst, c.reportQueryError(err))
			continue
		}
		name := path
		if name == "" {
			name = "-cql"
		}
		fmt.Fprintf(c.stdout, "%s: ok (%d instructions)\n", name, len(q.Program().Code))
	}
	return worst
}

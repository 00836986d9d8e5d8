package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/limits"
)

// check compiles each query without reading games and prints every
// diagnostic: `cqlvm check q.cql` in an editor's save hook or a CI job.
func (c *cli) check(args []string) int {
	return c.eachQuery("check", args, nil,
		func(path, text string, fromStdin bool, d engine.Dialect, lim *limits.Values) int {
			q, err := engine.Load(path, engine.QueryOptions{Extra: text, Dialect: d, Limits: lim})
			if err != nil {
				return c.reportQueryError(err)
			}
			name := path
			switch {
			case fromStdin:
				name = "-"
			case name == "":
				name = "-cql"
			}
			fmt.Fprintf(c.stdout, "%s: ok (%d instructions)\n", name, len(q.Program().Code))
			return exitOK
		})
}

// translate prints queries in the old language of CQL 3 / CQL-S (or CQL
// 6) as CQL 6 queries: `cqlvm translate q.cqls > q.cql`.
func (c *cli) translate(args []string) int {
	return c.eachQuery("translate", args, nil,
		func(path, text string, _ bool, d engine.Dialect, _ *limits.Values) int {
			out, err := engine.Translate(path, text, d)
			if err != nil {
				return c.reportQueryError(err)
			}
			fmt.Fprint(c.stdout, out)
			return exitOK
		})
}

// disasm prints the bytecode of each query and the optimizations that
// made it.
func (c *cli) disasm(args []string) int {
	var disable engine.Optimizations
	return c.eachQuery("disasm", args, func(fs *pflag.FlagSet) { addOptFlags(fs, &disable) },
		func(path, text string, _ bool, d engine.Dialect, lim *limits.Values) int {
			q, err := engine.Load(path, engine.QueryOptions{Extra: text, Dialect: d, Limits: lim, Disable: disable})
			if err != nil {
				return c.reportQueryError(err)
			}
			q.Program().Disassemble(c.stdout)
			fmt.Fprintln(c.stdout)
			q.WriteOptimizations(c.stdout)
			return exitOK
		})
}

// eachQuery parses the flags of check, translate and disasm (-cql,
// --dialect, --limit, and those more adds) and calls do for each query
// named on the command line: a file, "-" for the query on standard input
// (path "", fromStdin), or the -cql text alone when no file is given. The
// exit status is the worst do returned.
func (c *cli) eachQuery(cmd string, args []string, more func(*pflag.FlagSet), do func(path, text string, fromStdin bool, d engine.Dialect, lim *limits.Values) int) int {
	var extra, dialect string
	var lim limits.Values
	fs := pflag.NewFlagSet(cmd, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&extra, "cql", "", "extra filters")
	fs.StringVar(&dialect, "dialect", "", "query language: cql3, cql6 or auto")
	addLimitFlag(fs, &lim)
	if more != nil {
		more(fs)
	}
	if status, done := c.parseCommandFlags(cmd, fs, args); done {
		return status
	}
	d, err := engine.ParseDialect(dialect)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm %s: %v\n", cmd, err)
		return exitUsage
	}
	files := fs.Args()
	if len(files) == 0 && extra == "" {
		fmt.Fprint(c.stderr, commandUsage[cmd])
		return exitUsage
	}
	if len(files) == 0 {
		files = []string{""} // the -cql text alone
	}
	worst := exitOK
	for _, path := range files {
		text, fromStdin := extra, false
		if path == "-" {
			b, err := io.ReadAll(c.stdin)
			if err != nil {
				fmt.Fprintf(c.stderr, "cqlvm %s: %v\n", cmd, err)
				return exitUsage
			}
			path, text, fromStdin = "", string(b), true
		}
		worst = max(worst, do(path, text, fromStdin, d, &lim))
	}
	return worst
}

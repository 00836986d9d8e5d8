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
	var extra, dialect string
	fs := pflag.NewFlagSet("check", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&extra, "cql", "", "extra filters")
	fs.StringVar(&dialect, "dialect", "", "query language: cql3, cql6 or auto")
	if err := fs.Parse(normalizeArgs(args)); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm check: %s\n", flagErrorText(err))
		return exitUsage
	}
	d, err := engine.ParseDialect(dialect)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm check: %v\n", err)
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
		text := extra
		if path == "-" {
			// the query on standard input
			b, err := io.ReadAll(c.stdin)
			if err != nil {
				fmt.Fprintf(c.stderr, "cqlvm check: %v\n", err)
				return exitUsage
			}
			path, text = "", string(b)
		}
		q, err := engine.Load(path, engine.QueryOptions{Extra: text, Dialect: d})
		if err != nil {
			worst = max(worst, c.reportQueryError(err))
			continue
		}
		name := path
		switch {
		case name == "" && text != extra:
			name = "-"
		case name == "":
			name = "-cql"
		}
		fmt.Fprintf(c.stdout, "%s: ok (%d instructions)\n", name, len(q.Program().Code))
	}
	return worst
}

// translate prints queries in the old language of CQL 3 / CQL-S (or CQL
// 6) as CQL 6 queries: `cqlvm translate q.cqls > q.cql`.
func (c *cli) translate(args []string) int {
	var extra, dialect string
	fs := pflag.NewFlagSet("translate", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&extra, "cql", "", "query text")
	fs.StringVar(&dialect, "dialect", "", "query language: cql3, cql6 or auto")
	if err := fs.Parse(normalizeArgs(args)); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm translate: %s\n", flagErrorText(err))
		return exitUsage
	}
	d, err := engine.ParseDialect(dialect)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm translate: %v\n", err)
		return exitUsage
	}
	files := fs.Args()
	if len(files) == 0 && extra == "" {
		fmt.Fprint(c.stderr, "usage: cqlvm translate [--dialect cql3|cql6] query.cqls ... | - (standard input) | -cql \"(match ...)\"\n")
		return exitUsage
	}
	if len(files) == 0 {
		files = []string{""}
	}
	worst := exitOK
	for _, path := range files {
		text := extra
		if path == "-" {
			// the query on standard input
			b, err := io.ReadAll(c.stdin)
			if err != nil {
				fmt.Fprintf(c.stderr, "cqlvm translate: %v\n", err)
				return exitUsage
			}
			path, text = "", string(b)
		}
		out, err := engine.Translate(path, text, d)
		if err != nil {
			worst = max(worst, c.reportQueryError(err))
			continue
		}
		fmt.Fprint(c.stdout, out)
	}
	return worst
}

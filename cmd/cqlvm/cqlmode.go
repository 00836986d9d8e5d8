package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// officialBanner is the first line, the official program's with cqlvm's
// name: programs built around the official binary check that it starts
// with "CQL version " and ends with the authors' names (ChessTab's
// pattern is `CQL version .+ Gady Costeff and Lewis Stiller\r?\n`); a GUI
// reads the version from the <CqlGuiVariable> lines after it.
const officialBanner = "CQL version 6.2 (cqlvm " + guiBuild + "), implementing the language designed by Gady Costeff and Lewis Stiller"

// officialDefaultOutput is the official program's output file when there
// is no query file (its built-in query is "cqldefault.cql"); cqlvm run
// writes it too.
const officialDefaultOutput = "cqldefault-out.pgn"

// officialLineIncrement is the official program's default progress
// interval: a dot every tenth of it (observed: two dots for 2,636 games).
const officialLineIncrement = 10000

// invokedAsCQL reports whether the program was started under the name
// cql (a link or a copy), which makes it the official command line.
func invokedAsCQL(argv0 string) bool {
	name := strings.ToLower(filepath.Base(argv0))
	return name == "cql" || name == "cql.exe"
}

// cqlMain is the official command line: `cql [options] query.cql`,
// everything on standard output, the official usage text, exit status 0
// or 1.
func (c *cli) cqlMain(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.stdout, officialUsage())
		return exitOK
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" || isNumber(a) {
			continue
		}
		name := strings.ToLower(strings.TrimLeft(a, "-"))
		name, _, _ = strings.Cut(name, "=")
		opt, ok := officialOptionNamed(name)
		if !ok {
			fmt.Fprintf(c.stderr, "CQL: invalid option: %s. Printing help: ", a)
			fmt.Fprint(c.stdout, officialUsage())
			return 1
		}
		switch opt.names[0] {
		case "help":
			fmt.Fprint(c.stdout, officialUsage())
			return exitOK
		case "version":
			fmt.Fprintln(c.stdout, officialBanner)
			return exitOK
		}
		switch opt.args { // values may start with a dash
		case argValue:
			i++
		case argPair:
			i += 2
		}
	}
	if c.official == nil {
		c.official = &officialReport{}
	}
	c.asCQL = true
	// the official program prints its errors on standard output too,
	// where a program that runs it reads them
	c.stderr = c.stdout
	if status := c.run(args); status != exitOK {
		return 1
	}
	return exitOK
}

// officialUsage is the official program's -help text in cqlvm's words:
// every official option with what it does.
func officialUsage() string {
	var b strings.Builder
	b.WriteString(officialBanner + "\nCQL usage: cql options filename\n the 'filename' above should be a file with extension '.cql'. The allowed options are:\n")
	for _, opt := range officialOptions {
		fmt.Fprintf(&b, "%s: %s\n", opt.spelling(), opt.official)
	}
	return b.String()
}

// extensionsEnv, set to anything, lets the command cql run the filters of
// cqlvm's own (eval, clock, ...), which it otherwise refuses.
const extensionsEnv = "CQLVM_EXTENSIONS"

// refuseExtensions is the advice that ends the error of a filter not in
// CQL 6.2 under the name cql, "" when they are allowed: with cqlvm run,
// and with cql when extensionsEnv asks for them.
func (c *cli) refuseExtensions() string {
	if !c.asCQL || os.Getenv(extensionsEnv) != "" {
		return ""
	}
	return "use cqlvm run, or set " + extensionsEnv + "=1"
}

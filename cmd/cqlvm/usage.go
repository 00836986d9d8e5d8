package main

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"
)

// commandUsage is the usage of each subcommand but run (whose usage is
// the program's, usage): `cqlvm CMD --help` prints it on standard output
// with status 0, a usage error on standard error with status 2.
var commandUsage = map[string]string{
	"check":     `usage: cqlvm check [--dialect cql3|cql6] [--limit NAME=VALUE] [-cql "filters"] query.cql ... | -    compile only, print every error` + "\n",
	"translate": `usage: cqlvm translate [--dialect cql3|cql6] query.cqls ... | - (standard input) | -cql "(match ...)"` + "\n",
	"disasm":    `usage: cqlvm disasm [--dialect cql3|cql6] [-O0] [-disable NAME,...] [-cql "filters"] query.cql ... | -    show the compiled bytecode` + "\n",
	"serve":     serveUsage,
	"index": "usage: cqlvm index FILE...   write FILE.cqlidx, the index of the games of FILE, for cqlvm run --shard,\n" +
		"                             FILE.cqlstore, the game store (summaries that let cqlvm run skip games, and the\n" +
		"                             games in compact form, read instead of the PGN), and FILE.cqlpos, the boards\n" +
		"                             each game reaches (for -fen and queries that pin down a board)\n",
	"merge":   "usage: cqlvm merge [-o OUT] PART...   merge the parts of the shards of a run (each PART with its PART.shard.json)\n",
	"help":    "usage: cqlvm help [FILTER | limits | optimizations]   the language, or the syntax and meaning of one filter\n",
	"version": "usage: cqlvm version   the version of cqlvm and of the CQL language it reads\n",
}

// isHelpFlag reports whether arg asks for a command's usage.
func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// parseCommandFlags parses a subcommand's flags: --help prints its usage
// (done, status 0), a bad flag the error and the usage (done, status 2).
func (c *cli) parseCommandFlags(cmd string, fs *pflag.FlagSet, args []string) (status int, done bool) {
	err := fs.Parse(normalizeArgs(args))
	switch {
	case err == nil:
		return exitOK, false
	case errors.Is(err, pflag.ErrHelp):
		fmt.Fprint(c.stdout, commandUsage[cmd])
		return exitOK, true
	}
	fmt.Fprintf(c.stderr, "cqlvm %s: %s\n%s", cmd, flagErrorText(err), commandUsage[cmd])
	return exitUsage, true
}

// Command cqlvm runs CQL (Chess Query Language) queries over PGN files.
//
//	cqlvm run [flags] query.cql [games.pgn ...]   write the matching games as PGN (or JSON)
//	cqlvm check query.cql ...                     compile only, print every diagnostic
//	cqlvm help [FILTER | run]                     the syntax and meaning of a filter
//	cqlvm disasm query.cql                        print the compiled bytecode
//	cqlvm serve games.pgn ...                     a web page to run queries and see the matches
//	cqlvm index FILE...                           index the games of FILE for cqlvm run --shard
//	cqlvm merge [-o OUT] PART...                  merge the parts of a sharded run
//	cqlvm version
//
// Exit status: 0 the run finished, 1 the query has an error, 2 bad usage,
// 3 an input could not be read (or the run went over run-memory), 4 an
// internal error (a bug in cqlvm), 5 the Go runtime stopped cqlvm
// (package supervise), 6 run --timeout stopped the run.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cqlvm/cqlvm/cmd/cqlvm/internal/supervise"
	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/source"
)

const version = "cqlvm 0.1 (CQL 6.2 language)"

// Exit statuses (documented in the README and the usage text).
const (
	exitOK         = 0
	exitQueryError = 1
	exitUsage      = 2
	exitInput      = 3
	exitInternal   = 4
	// exitRuntime: the Go runtime stopped cqlvm (a fatal error such as
	// running out of memory), reported by the supervising parent
	exitRuntime = 5
	exitTimeout = 6 // run --timeout stopped the run
)

// cli is one invocation: its streams and what is known about the
// terminal.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// termWidth is the width of the terminal standard error is on, or 0
	// when standard error is not a terminal (no progress line then).
	termWidth int
	// stdoutIsTerminal tells whether standard output shares the screen
	// with the progress line (then data written there erases it first).
	stdoutIsTerminal bool
	// official, when set, reports as the official program does (under
	// the name cql, or with -gui): gui.go
	official *officialReport
	// asCQL: started under the name cql, whose queries are CQL 6.2's
	// (refuseExtensions)
	asCQL bool
}

func main() {
	// the supervisor's child is already running (package supervise's
	// initializer), with os.Stderr its own: the cli takes it
	crashForTests(os.Getenv("CQLVM_TEST_FATAL"))
	c := &cli{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		termWidth: terminalWidth(os.Stderr), stdoutIsTerminal: terminalWidth(os.Stdout) > 0}
	if invokedAsCQL(os.Args[0]) {
		exit(c.cqlMain(os.Args[1:]))
	}
	exit(c.main(os.Args[1:]))
}

// exit ends the command with status.
func exit(status int) {
	if supervise.AtExit != nil {
		supervise.AtExit()
	}
	os.Exit(status)
}

// main dispatches to the subcommands. A panic ends in a short message and
// exit status 4, never a Go stack trace (unless CQLVM_DEBUG is set).
func (c *cli) main(args []string) (status int) {
	defer func() {
		if p := recover(); p != nil {
			status = c.reportInternal(engine.NewInternalError(p, ""))
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(c.stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "run":
		return c.run(args[1:])
	case "check":
		return c.check(args[1:])
	case "disasm":
		return c.disasm(args[1:])
	case "translate":
		return c.translate(args[1:])
	case "serve":
		return c.serve(args[1:])
	case "index":
		return c.index(args[1:])
	case "merge":
		return c.merge(args[1:])
	case "version", "-version", "--version":
		if len(args) > 1 && isHelpFlag(args[1]) {
			fmt.Fprint(c.stdout, commandUsage["version"])
			return exitOK
		}
		fmt.Fprintln(c.stdout, version)
		return exitOK
	case "help", "-help", "--help", "-h":
		if len(args) > 1 && isHelpFlag(args[1]) {
			fmt.Fprint(c.stdout, commandUsage["help"])
			return exitOK
		}
		return c.help(args[1:])
	}
	// Like the official program: options and a query file without a
	// subcommand mean "run".
	if strings.HasPrefix(args[0], "-") || isQueryFileName(args[0]) {
		return c.run(args)
	}
	fmt.Fprintf(c.stderr, "cqlvm: unknown command %q (the commands are run, check, translate, serve, index, merge, help, disasm and version)\n", args[0])
	return exitUsage
}

const usage = `usage:
  cqlvm run [flags] query.cql [games.pgn ...]   search games, write matches as PGN
  cqlvm run [flags] -cql "filters" games.pgn ...
  cqlvm run --json query.cql games.pgn.zst      matches as JSON lines on stdout
  cqlvm check query.cql ...                     compile only, print every error
  cqlvm help [FILTER]                           syntax and meaning of a filter
  cqlvm disasm query.cql                        show the compiled bytecode
  cqlvm translate query.cqls                    print an old CQL 3 / CQL-S query as CQL 6
  cqlvm serve [--addr 127.0.0.1:8080] games.pgn ...
                                                a web page to write queries and see the matches
  cqlvm index games.pgn ...                     index the games, for --shard
  cqlvm merge [-o out.pgn] part.pgn ...         merge the parts of --shard runs
  cqlvm version

Inputs may be plain PGN, .gz, .bz2, .zst or .zip (recognised by content),
several files (game numbers continue), or "-" for standard input.

run flags (one or two dashes, as the official cql spells them):
  -i, --input FILE        PGN input (default: the header's input)
  -o, --output FILE       PGN output (default: <query>-out.pgn; "-" for stdout)
  --json                  one JSON object per matched position on stdout
  --html FILE             also write a page with a diagram of each matched position
  --squares               with --json: each line names the squares the query was about
  --format pgn|jsonl      the same choice as a value (jsonl = --json)
  --cql "FILTERS"         extra filters ANDed with the query body
  --dialect LANG          cql3 (the old (match (position ...)) language), cql6 or auto
  --matchstring S         comment at matched positions (default "CQL")
  --gamenumber N [M]      only games N..M
  --matchcount N [M]      games with N..M matched positions (default 1 up)
  --variations            search variations too
  --mainline              search the mainline only
  --silent                no comments at all in the output
  --quiet                 no automatic comments, as the header's quiet
  --noheader              no "Game number" comment
  --fen F, --wtm, --btm, --player S, --white S, --black S, --event S, --site S,
  --result R, --year N [M], --virtualmainline
                          the same as -cql with the filter of that name
  --flipcolor, --flip, --shift, --rotate90, ... (any transform)
                          put the query's body inside that transform
  --engine PATH           UCI engine for the CQL-S :evaluation keywords
                          (default: stockfish on the PATH or /usr/games)
  --threads N             worker threads (default: number of cores)
  -s, --singlethreaded    one thread
  --progress WHEN         progress line on stderr: auto (on a terminal), always, never
  -q, --noprogress        no progress line (same as --progress never)
  --lineincrement N       print a line every N games instead of the progress line
  --outputbuffer N        cut each written game after N bytes, as the official cql does
                          (default: never cut)
  --shard i/n|auto        search only shard i of n (README: Beyond one machine);
                          auto: from a Slurm job array or a Kubernetes Indexed Job
  --shard-summary F       the shard's summary for cqlvm merge (default OUTPUT.shard.json)
  --timeout D             stop the run after D (30s, 10m; exit status 6)
  --nostore               read the PGN even when a fresh game store (cqlvm index) is
                          beside it (by default the run skips the games whose stored
                          summary rules them out, and says so on stderr)
  -O0, --disable NAME,... switch off all or some optimizations of the compiler (same
                          answers; cqlvm help optimizations lists them)
  --cpuprofile F, --memprofile F
  --version, --help
  Every option of the official cql is accepted too (-gui, -u, -a, -html, -assign,
  -similarposition, -hhdb, ...: the README's "Drop-in cql" table); run as "cql"
  (a link to cqlvm), the program is the official command line.

Exit status: 0 the run finished, 1 the query has an error, 2 bad usage
(also: a written file that is an input, the query or another written file),
3 an input could not be read (or the run went over run-memory), 4 internal error (a bug: please report it),
5 the Go runtime stopped cqlvm (out of memory, stack overflow: one line;
CQLVM_DEBUG=1 shows the runtime's report), 6 stopped by --timeout.
`

// reportQueryError prints compile errors with their caret snippets.
func (c *cli) reportQueryError(err error) int {
	if c.official != nil {
		return c.official.queryError(c.stdout, err)
	}
	var ie *engine.InputError
	if errors.As(err, &ie) {
		fmt.Fprintf(c.stderr, "cqlvm: %v\n", ie.Err)
		return exitInput
	}
	var list source.ErrorList
	if errors.As(err, &list) {
		fmt.Fprint(c.stderr, list.Pretty())
		return exitQueryError
	}
	fmt.Fprintf(c.stderr, "cqlvm: %v\n", err)
	return exitQueryError
}

// reportInternal prints an internal error; the stack trace only when
// CQLVM_DEBUG is set, for whoever fixes the bug.
func (c *cli) reportInternal(e *engine.InternalError) int {
	fmt.Fprintf(c.stderr, "cqlvm: %v\n", e)
	if os.Getenv("CQLVM_DEBUG") != "" {
		c.stderr.Write(e.Stack)
	} else {
		fmt.Fprintln(c.stderr, "cqlvm: this is a bug in cqlvm; please report it with the query and the game (CQLVM_DEBUG=1 prints a stack trace)")
	}
	return exitInternal
}

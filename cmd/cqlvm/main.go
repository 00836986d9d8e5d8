// Command cqlvm runs CQL (Chess Query Language) queries over PGN files.
//
//	cqlvm run [flags] query.cql [games.pgn ...]   write the matching games as PGN (or JSON)
//	cqlvm check query.cql ...                     compile only, print every diagnostic
//	cqlvm help [FILTER | run]                     the syntax and meaning of a filter
//	cqlvm disasm query.cql                        print the compiled bytecode
//	cqlvm version
//
// Exit status: 0 the run finished, 1 the query has an error, 2 bad usage,
// 3 an input could not be read, 4 an internal error (a bug in cqlvm).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"cqlvm/compiler"
	ast "cqlvm/compiler/syntax"
	"cqlvm/source"
)

const version = "cqlvm 0.1 (CQL 6.2 language)"

// Exit statuses (documented in the README and the usage text).
const (
	exitOK         = 0
	exitQueryError = 1
	exitUsage      = 2
	exitInput      = 3
	exitInternal   = 4
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
}

func main() {
	c := &cli{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		termWidth: terminalWidth(os.Stderr), stdoutIsTerminal: terminalWidth(os.Stdout) > 0}
	os.Exit(c.main(os.Args[1:]))
}

// realMain runs a command line with the process's standard input and no
// terminal; tests call it.
func realMain(args []string, stdout, stderr io.Writer) int {
	c := &cli{stdin: os.Stdin, stdout: stdout, stderr: stderr}
	return c.main(args)
}

// main dispatches to the subcommands. A panic ends in a short message and
// exit status 4, never a Go stack trace (unless CQLVM_DEBUG is set).
func (c *cli) main(args []string) (status int) {
	defer func() {
		if p := recover(); p != nil {
			status = c.reportInternal(newInternalError(p, ""))
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
	case "version", "-version", "--version":
		fmt.Fprintln(c.stdout, version)
		return exitOK
	case "help", "-help", "--help", "-h":
		return c.help(args[1:])
	}
	// Like the official program: options and a query file without a
	// subcommand mean "run".
	if strings.HasPrefix(args[0], "-") || strings.HasSuffix(args[0], ".cql") {
		return c.run(args)
	}
	fmt.Fprintf(c.stderr, "cqlvm: unknown command %q (the commands are run, check, help, disasm and version)\n", args[0])
	return exitUsage
}

const usage = `usage:
  cqlvm run [flags] query.cql [games.pgn ...]   search games, write matches as PGN
  cqlvm run [flags] -cql "filters" games.pgn ...
  cqlvm run --json query.cql games.pgn.zst      matches as JSON lines on stdout
  cqlvm check query.cql ...                     compile only, print every error
  cqlvm help [FILTER]                           syntax and meaning of a filter
  cqlvm disasm query.cql                        show the compiled bytecode
  cqlvm version

Inputs may be plain PGN, .gz, .bz2, .zst or .zip (recognised by content),
several files (game numbers continue), or "-" for standard input.

run flags (one or two dashes, as the official cql spells them):
  -i, --input FILE        PGN input (default: the header's input)
  -o, --output FILE       PGN output (default: <query>-out.pgn; "-" for stdout)
  --json                  one JSON object per matched position on stdout
  --format pgn|jsonl      the same choice as a value (jsonl = --json)
  --cql "FILTERS"         extra filters ANDed with the query body
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
  --threads N             worker threads (default: number of cores)
  -s, --singlethreaded    one thread
  --progress WHEN         progress line on stderr: auto (on a terminal), always, never
  -q, --noprogress        no progress line (same as --progress never)
  --lineincrement N       print a line every N games instead of the progress line
  --cpuprofile F, --memprofile F
  --version, --help

Exit status: 0 the run finished, 1 the query has an error, 2 bad usage,
3 an input could not be read, 4 internal error (a bug: please report it).
`

// loadQuery reads and compiles the query file and/or the -cql text, with
// the filters that restriction options such as -fen stand for.
// queryOptions are what the command line adds to a query file.
type queryOptions struct {
	extra        string // the -cql text
	restrictions string // the filters -fen, -player, ... stand for
	quiet        bool   // -quiet or -silent
	transforms   []ast.TransformKind
}

func loadQuery(path string, o queryOptions) (*compiler.Query, *source.Source, error) {
	var src *source.Source
	if path != "" {
		if filepath.Ext(path) == "" {
			if _, err := os.Stat(path); err != nil {
				path += ".cql"
			}
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, &inputError{queryFileError(path, err)}
		}
		src = source.New(path, string(text))
	}
	opt := compiler.Options{RequireHeader: src != nil, Quiet: o.quiet, Transforms: o.transforms}
	if o.extra != "" {
		opt.Extra = append(opt.Extra, source.New("-cql", o.extra))
		opt.TransformExtra = 1
	}
	if o.restrictions != "" {
		opt.Extra = append(opt.Extra, source.New("options (-fen, -player, ...)", o.restrictions))
	}
	q, err := compiler.Compile(src, opt)
	return q, src, err
}

// queryFileError says why a query file could not be read, in words.
func queryFileError(path string, err error) error {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such query file", path)
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("%s: permission denied", path)
	}
	if st, serr := os.Stat(path); serr == nil && st.IsDir() {
		return fmt.Errorf("%s: is a directory, not a query file", path)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", path, pe.Err)
	}
	return err
}

// inputError marks errors reading input files (exit status 3).
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }

// reportQueryError prints compile errors with their caret snippets.
func (c *cli) reportQueryError(err error) int {
	var ie *inputError
	if errors.As(err, &ie) {
		fmt.Fprintf(c.stderr, "cqlvm: %v\n", ie.err)
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

func (c *cli) disasm(args []string) int {
	if len(args) != 1 {
		fmt.Fprint(c.stderr, "usage: cqlvm disasm query.cql\n")
		return exitUsage
	}
	q, _, err := loadQuery(args[0], queryOptions{})
	if err != nil {
		return c.reportQueryError(err)
	}
	q.Program.Disassemble(c.stdout)
	return exitOK
}

// internalError is a recovered panic: a bug in cqlvm, reported in one
// line with where it happened instead of a Go stack trace.
type internalError struct {
	value any
	where string // "on game 12 of x.pgn (starting at byte 345)", or ""
	stack []byte
}

func newInternalError(value any, where string) *internalError {
	return &internalError{value: value, where: where, stack: debug.Stack()}
}

func (e *internalError) Error() string {
	if e.where == "" {
		return fmt.Sprintf("internal error: %v", e.value)
	}
	return fmt.Sprintf("internal error %s: %v", e.where, e.value)
}

// reportInternal prints an internal error; the stack trace only when
// CQLVM_DEBUG is set, for whoever fixes the bug.
func (c *cli) reportInternal(e *internalError) int {
	fmt.Fprintf(c.stderr, "cqlvm: %v\n", e)
	if os.Getenv("CQLVM_DEBUG") != "" {
		c.stderr.Write(e.stack)
	} else {
		fmt.Fprintln(c.stderr, "cqlvm: this is a bug in cqlvm; please report it with the query and the game (CQLVM_DEBUG=1 prints a stack trace)")
	}
	return exitInternal
}

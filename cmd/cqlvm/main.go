// Command cqlvm runs CQL (Chess Query Language) queries over PGN files.
//
//	cqlvm run [flags] query.cql [games.pgn]   write the matching games as PGN
//	cqlvm disasm query.cql                    print the compiled bytecode
//	cqlvm version
//
// Exit status: 0 the run finished, 1 the query has an error, 2 bad usage,
// 3 an input could not be read.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"cqlvm/compiler"
	"cqlvm/compiler/source"
)

const version = "cqlvm 0.1 (CQL 6.2 language)"

// Exit statuses.
const (
	exitOK         = 0
	exitQueryError = 1
	exitUsage      = 2
	exitInput      = 3
)

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

func realMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "run":
		return cmdRun(args[1:], stdout, stderr)
	case "disasm":
		return cmdDisasm(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, version)
		return exitOK
	case "help", "-help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	// Like the official program: options and a query file without a
	// subcommand mean "run".
	if strings.HasPrefix(args[0], "-") || strings.HasSuffix(args[0], ".cql") {
		return cmdRun(args, stdout, stderr)
	}
	fmt.Fprintf(stderr, "cqlvm: unknown command %q\n%s", args[0], usage)
	return exitUsage
}

const usage = `usage:
  cqlvm run [flags] query.cql [games.pgn]   search games, write matches as PGN
  cqlvm run [flags] -cql "filters" -i games.pgn
  cqlvm disasm query.cql                    show the compiled bytecode
  cqlvm version

run flags (also accepted with a single dash, as the official cql spells them):
  -i, --input FILE        PGN input (default: the header's input)
  -o, --output FILE       PGN output (default: <query>-out.pgn; "-" for stdout)
  --cql "FILTERS"         extra filters ANDed with the query body
  --matchstring S         comment at matched positions (default "CQL")
  --gamenumber N [M]      only games N..M
  --matchcount N [M]      games with N..M matched positions (default 1 up)
  --variations            search variations too
  --mainline              search the mainline only
  --silent                no comments at all in the output
  --quiet                 no match-string comments
  --noheader              no "Game number" comment
  --threads N             worker threads (default: number of cores)
  -s, --singlethreaded    one thread
  --version, --help
`

// loadQuery reads and compiles the query file and/or the -cql text.
func loadQuery(path, extra string) (*compiler.Query, *source.Source, error) {
	var src *source.Source
	if path != "" {
		if filepath.Ext(path) == "" {
			if _, err := os.Stat(path); err != nil {
				path += ".cql"
			}
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, &inputError{err}
		}
		src = source.New(path, string(text))
	}
	opt := compiler.Options{RequireHeader: src != nil}
	if extra != "" {
		opt.ExtraBody = source.New("-cql", extra)
	}
	q, err := compiler.Compile(src, opt)
	return q, src, err
}

// inputError marks errors reading input files (exit status 3).
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }

// reportQueryError prints compile errors with their caret snippets.
func reportQueryError(stderr io.Writer, err error) int {
	var ie *inputError
	if errors.As(err, &ie) {
		fmt.Fprintf(stderr, "cqlvm: %v\n", ie.err)
		return exitInput
	}
	var list source.ErrorList
	if errors.As(err, &list) {
		fmt.Fprint(stderr, list.Pretty())
		return exitQueryError
	}
	fmt.Fprintf(stderr, "cqlvm: %v\n", err)
	return exitQueryError
}

func cmdDisasm(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprint(stderr, "usage: cqlvm disasm query.cql\n")
		return exitUsage
	}
	q, _, err := loadQuery(args[0], "")
	if err != nil {
		return reportQueryError(stderr, err)
	}
	q.Program.Disassemble(stdout)
	return exitOK
}

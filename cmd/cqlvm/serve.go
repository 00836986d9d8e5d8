package main

import (
	"fmt"
	"io"
	"net"
	"runtime/debug"

	"github.com/spf13/pflag"

	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/server"
)

const serveUsage = `usage: cqlvm serve [--addr 127.0.0.1:8080] [--allow-host NAME] [--timeout 10m] [--maxgames N] [--threads N] [--allow-engine] [--limit NAME=VALUE] games.pgn ...
  a web page to write queries, run them over the games and step through the matches
  (cqlvm help limits: the limits on queries, runs and the server)
`

// serveRunMemory is the limit run-memory under cqlvm serve unless
// --limit says otherwise: the server's runs share one process, whose
// heap (the runs' and server-kept-bytes of kept games) the limit
// bounds, so that the whole server stays under 1 GB.
const serveRunMemory = 640 << 20

// serveLimitsHelp ends `cqlvm help limits`: what differs under serve.
var serveLimitsHelp = fmt.Sprintf(`
cqlvm serve runs with run-memory=%s unless --limit sets it: its runs share one
process, whose heap (theirs and the server-kept-bytes of kept games) it bounds,
so that the server stays under 1 GB with the other defaults.
`, limits.Format(limits.Bytes, serveRunMemory))

// serve runs the web page of package server until the process is stopped.
func (c *cli) serve(args []string) int {
	var addr string
	var cfg server.Config
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (loopback unless told otherwise)")
	fs.DurationVar(&cfg.Timeout, "timeout", server.DefaultTimeout, "longest run of one query")
	fs.IntVar(&cfg.MaxGames, "maxgames", server.DefaultMaxGames, "matched games kept per query")
	fs.IntVar(&cfg.Threads, "threads", 0, "worker threads per query (default: number of cores)")
	fs.BoolVar(&cfg.AllowEngine, "allowengine", false, "let queries ask a chess engine (engineeval, :evaluation), which starts one process per worker")
	fs.StringArrayVar(&cfg.AllowHosts, "allowhost", nil, "a name (or name:port) the Host header may give beside the address listened on (repeatable)")
	cfg.Limits = &limits.Values{}
	cfg.Limits.SetValue(limits.RunMemory, serveRunMemory)
	addLimitFlag(fs, cfg.Limits)
	if status, done := c.parseCommandFlags("serve", fs, args); done {
		return status
	}
	cfg.Inputs = fs.Args()
	if len(cfg.Inputs) == 0 {
		fmt.Fprintf(c.stderr, "cqlvm serve: no PGN database to search: name one or more files\n%s", serveUsage)
		return exitUsage
	}
	srv, err := server.New(cfg)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm serve: %v\n%s", err, serveUsage)
		return exitInput
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm serve: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(c.stdout, "cqlvm serve: http://%s/ (Ctrl+C stops it)\n", ln.Addr())
	// the garbage collector works harder as the heap nears run-memory,
	// rather than let garbage take the server's memory past it
	if m := cfg.Limits.Get(limits.RunMemory); m != limits.Unlimited {
		debug.SetMemoryLimit(m)
	}
	if err := srv.Serve(ln); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm serve: %v\n", err)
		return exitInternal
	}
	return exitOK
}

package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/spf13/pflag"

	"cqlvm/limits"
	"cqlvm/server"
)

const serveUsage = `usage: cqlvm serve [--addr 127.0.0.1:8080] [--timeout 10m] [--maxgames N] [--threads N] games.pgn ...
  a web page to write queries, run them over the games and step through the matches
`

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
	cfg.Limits = &limits.Values{}
	addLimitFlag(fs, cfg.Limits)
	if err := fs.Parse(normalizeArgs(args)); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm serve: %s\n%s", flagErrorText(err), serveUsage)
		return exitUsage
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
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	if err := hs.Serve(ln); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm serve: %v\n", err)
		return exitInternal
	}
	return exitOK
}

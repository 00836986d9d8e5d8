// Package server is the web page of `cqlvm serve`: a query editor, a run
// with its progress, the matched games in a table and a board to step
// through each of them. The page and its script are embedded; the
// queries run in this process through package engine, over the databases
// named when the server started (never a path sent by the browser).
package server

import (
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"sync"
	"time"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/limits"
)

//go:embed static
var static embed.FS

// Config is what the server searches and how much a query may take.
type Config struct {
	Inputs  []string      // the databases, searched in order as one
	Timeout time.Duration // a run is cancelled after this long; 0: DefaultTimeout
	// MaxGames and MaxBytes cap the matched games one run keeps for the
	// page (and the memory they take); all runs together keep at most
	// the limit server-kept-bytes. A run that finds more goes on
	// counting but keeps no more, and says so. 0: DefaultMaxGames, and
	// no cap but server-kept-bytes.
	MaxGames int
	MaxBytes int64
	Threads  int // workers per run; 0: one per CPU
	// AllowHosts are the names, beside the address the server listens
	// on, that a request's Host may give (--allow-host): "name" or
	// "name:port".
	AllowHosts []string
	// Limits bound each query, game and run, and the server's own
	// resources (package limits); nil: the defaults.
	Limits *limits.Values
	// AllowEngine lets a query ask a chess engine (engineeval, CQL-S
	// :evaluation), which starts a process on the machine for each worker
	// of each run (--allow-engine); without it such a query is refused
	// when it is compiled.
	AllowEngine bool
}

// The defaults of Config.
const (
	DefaultTimeout  = 10 * time.Minute
	DefaultMaxGames = 100_000
	// cancelWait is how long /api/cancel and a new run wait for the run
	// they stop to end, before answering with the run still stopping.
	cancelWait = 2 * time.Second
	// heavyRequests is the number of requests that build large answers
	// (a results page, a game's positions, the HTML report) at once; the
	// others wait their turn.
	heavyRequests = 4
)

// Server serves the page and its API. It is an http.Handler.
type Server struct {
	cfg       Config
	totalSize int64 // the inputs' size on disk, for the ETA; -1 when unknown
	mux       *http.ServeMux
	key       []byte // signs the client ids
	allowed   func(name string) bool
	kept      *budget       // server-kept-bytes, shared by the runs
	heavy     chan struct{} // a slot per heavy request

	mu      sync.Mutex
	clients map[string]*client // the clients that have run a query
	running int                // the runs going on, at most server-runs
}

// New checks that the inputs can be read and returns the server.
func New(cfg Config) (*Server, error) {
	if len(cfg.Inputs) == 0 {
		return nil, errors.New("no PGN database to search: name one or more files")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = DefaultMaxGames
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = limits.Unlimited
	}
	s := &Server{cfg: cfg, clients: map[string]*client{}, mux: http.NewServeMux(),
		key: make([]byte, 32), allowed: engine.OnlyFiles(cfg.Inputs...),
		kept: &budget{max: cfg.Limits.Get(limits.ServerKeptBytes)}, heavy: make(chan struct{}, heavyRequests)}
	rand.Read(s.key) // never fails (crypto/rand)
	for _, in := range cfg.Inputs {
		if in == "-" {
			return nil, errors.New("the server cannot search standard input: it is read once, and every query reads the databases again")
		}
		if err := input.Check(in); err != nil {
			return nil, err
		}
		if n := input.Size(in, nil); n >= 0 && s.totalSize >= 0 {
			s.totalSize += n
		} else {
			s.totalSize = -1
		}
	}
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	files, _ := fs.Sub(static, "static") // cannot fail: the directory is embedded
	s.mux.Handle("/", http.FileServerFS(files))
	s.mux.HandleFunc("GET /api/info", s.info)
	s.mux.HandleFunc("GET /api/help", s.help)
	s.mux.HandleFunc("GET /api/examples", s.examples)
	s.mux.HandleFunc("POST /api/check", s.check)
	s.mux.HandleFunc("POST /api/run", s.startRun)
	s.mux.HandleFunc("GET /api/progress", s.progress)
	s.mux.HandleFunc("POST /api/cancel", s.cancel)
	s.mux.HandleFunc("GET /api/results", s.results)
	s.mux.HandleFunc("GET /api/game", s.game)
	s.mux.HandleFunc("GET /api/download", s.download)
	s.mux.HandleFunc("GET /api/diagram.svg", s.diagram)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such API call: "+r.Method+" "+r.URL.Path)
	})
}

// ServeHTTP serves the page and the API to the requests that pass the
// guards (guard.go), turning a panic in a handler into a JSON error: one
// bad request does not stop the server.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			writeError(w, http.StatusInternalServerError, "internal error (a bug in cqlvm)")
		}
	}()
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if !s.guard(w, r) {
		return
	}
	s.mux.ServeHTTP(w, r)
}

// currentRun is the client's last run, or nil.
func (s *Server) currentRun(id string) *run {
	if c := s.seen(id); c != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		return c.run
	}
	return nil
}

// startRunFor makes r the client's run, when a run may start: within
// server-runs, and with a place for the client (server-clients). It
// releases the run it replaces, which the caller has stopped.
func (s *Server) startRunFor(id string, r *run) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if max := s.cfg.Limits.Int(limits.ServerRuns); s.running >= max {
		return s.cfg.Limits.Exceeded(limits.ServerRuns, fmt.Sprintf("the server is running %d queries", s.running))
	}
	now := time.Now()
	c, err := s.enter(id, now)
	if err != nil {
		return err
	}
	s.running++
	old := c.run
	c.run, c.lastSeen = r, now
	if old != nil {
		old.cancel()
		old.release()
	}
	return nil
}

// runEnded gives back the run's place among server-runs.
func (s *Server) runEnded() {
	s.mu.Lock()
	s.running--
	s.mu.Unlock()
}

// budget is server-kept-bytes: the memory the runs' kept games take.
type budget struct {
	mu        sync.Mutex
	used, max int64
}

// take reserves n bytes if they fit.
func (b *budget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n > b.max-b.used {
		return false
	}
	b.used += n
	return true
}

func (b *budget) give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

// acquireHeavy waits for a heavy request's slot; false when the request
// went away first.
func (s *Server) acquireHeavy(r *http.Request) bool {
	select {
	case s.heavy <- struct{}{}:
		return true
	case <-r.Context().Done():
		return false
	}
}

func (s *Server) releaseHeavy() { <-s.heavy }

func newID() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// writeJSON sends v with the status code.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// apiError is the body of every failed API call.
type apiError struct {
	Error  string       `json:"error"`
	Errors []queryError `json:"errors,omitempty"` // the query's compile errors
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, apiError{Error: msg})
}

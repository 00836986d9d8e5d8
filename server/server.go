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
	"io/fs"
	"net/http"
	"sync"
	"time"

	"cqlvm/engine/input"
	"cqlvm/limits"
)

//go:embed static
var static embed.FS

// Config is what the server searches and how much a query may take.
type Config struct {
	Inputs  []string      // the databases, searched in order as one
	Timeout time.Duration // a run is cancelled after this long; 0: DefaultTimeout
	// MaxGames and MaxBytes cap the matched games kept for the page (and
	// their PGN and JSON bytes): a run that finds more goes on counting
	// but keeps no more, and says so. 0: the defaults.
	MaxGames int
	MaxBytes int64
	Threads  int // workers per run; 0: one per CPU
	// Limits bound each query, game and run, and the server's own
	// resources (package limits); nil: the defaults.
	Limits *limits.Values
}

// The defaults of Config.
const (
	DefaultTimeout  = 10 * time.Minute
	DefaultMaxGames = 100_000
	DefaultMaxBytes = 256 << 20
	// maxClients is the number of browsers whose last run is kept; the
	// one seen least recently is dropped (its run cancelled) for a new one.
	maxClients = 16
	// maxBody caps a request's body: a query is a few kilobytes.
	maxBody = 1 << 20
)

// clientHeader and clientCookie carry the client id: one run at a time
// per client, a new run cancels the client's previous one.
const (
	clientHeader = "X-Cqlvm-Client"
	clientCookie = "cqlvm_client"
)

// Server serves the page and its API. It is an http.Handler.
type Server struct {
	cfg       Config
	totalSize int64 // the inputs' size on disk, for the ETA; -1 when unknown
	mux       *http.ServeMux

	mu      sync.Mutex
	clients map[string]*client
}

// client is one browser (or API user) and its last run.
type client struct {
	lastSeen time.Time
	run      *run // nil before the first run
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
		cfg.MaxBytes = DefaultMaxBytes
	}
	s := &Server{cfg: cfg, clients: map[string]*client{}, mux: http.NewServeMux()}
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

// ServeHTTP serves the page and the API, turning a panic in a handler
// into a JSON error: one bad request does not stop the server.
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
	s.mux.ServeHTTP(w, r)
}

// clientOf finds the request's client, making one (and setting its
// cookie) for a request without an id.
func (s *Server) clientOf(w http.ResponseWriter, r *http.Request) *client {
	id := r.Header.Get(clientHeader)
	if id == "" {
		if c, err := r.Cookie(clientCookie); err == nil {
			id = c.Value
		}
	}
	if id == "" || len(id) > 64 {
		id = newID()
		http.SetCookie(w, &http.Cookie{Name: clientCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.clients[id]
	if c == nil {
		s.evictIfFull()
		c = &client{}
		s.clients[id] = c
	}
	c.lastSeen = time.Now()
	return c
}

// evictIfFull drops the client seen least recently when the table is
// full, cancelling its run. The caller holds s.mu.
func (s *Server) evictIfFull() {
	if len(s.clients) < maxClients {
		return
	}
	var oldest string
	for id, c := range s.clients {
		if oldest == "" || c.lastSeen.Before(s.clients[oldest].lastSeen) {
			oldest = id
		}
	}
	if r := s.clients[oldest].run; r != nil {
		r.cancel()
	}
	delete(s.clients, oldest)
}

// currentRun is the client's last run, or nil.
func (s *Server) currentRun(c *client) *run {
	s.mu.Lock()
	defer s.mu.Unlock()
	return c.run
}

// replaceRun makes r the client's run and cancels the one it replaces.
func (s *Server) replaceRun(c *client, r *run) {
	s.mu.Lock()
	old := c.run
	c.run = r
	s.mu.Unlock()
	if old != nil {
		old.cancel()
	}
}

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

package server

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/diagram"
	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/gameview"
	"github.com/cqlvm/cqlvm/examples"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/report"
	"github.com/cqlvm/cqlvm/source"
)

// queryRequest is the body of /api/check and /api/run.
type queryRequest struct {
	Query      string `json:"query"`
	Dialect    string `json:"dialect"`    // cql3, cql6 or auto ("": auto)
	Variations bool   `json:"variations"` // search the variations too
}

// queryError is one compile error, placed for the editor.
type queryError struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndLine int    `json:"endLine"`
	EndCol  int    `json:"endCol"`
	Message string `json:"message"`
	Pretty  string `json:"pretty"` // as `cqlvm check` prints it, with the caret
}

// RefusedEngine is why a query that asks a chess engine is refused, unless
// the server allows it (Config.AllowEngine).
const RefusedEngine = "refused: a query sent to this server may not start an engine (cqlvm serve --allow-engine allows it)"

// readQuery decodes a query request and compiles it, with the server's
// limits, refusing a query that names a file other than the databases.
// On failure it has written the error response and returns nil.
func (s *Server) readQuery(w http.ResponseWriter, r *http.Request) (*engine.Query, queryRequest) {
	var req queryRequest
	if !s.readJSON(w, r, &req) {
		return nil, req
	}
	if strings.TrimSpace(req.Query) == "" {
		writeError(w, http.StatusBadRequest, "the query is empty")
		return nil, req
	}
	d, err := engine.ParseDialect(req.Dialect)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return nil, req
	}
	o := engine.QueryOptions{Dialect: d, Limits: s.cfg.Limits, Files: s.allowed}
	if !s.cfg.AllowEngine {
		o.RefuseEngine = RefusedEngine
	}
	q, err := engine.CompileText("query", req.Query, o)
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, compileFailure(err))
		return nil, req
	}
	return q, req
}

// readJSON decodes a request body that is one JSON object, UTF-8 and no
// larger than a query of query-bytes may make it. On failure it has
// written the error response and returns false.
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	// a page of another site can post a form to the server but cannot
	// make it JSON without the browser asking the server first
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "the request body must be JSON, sent with Content-Type: application/json")
		return false
	}
	if cs := params["charset"]; cs != "" && !strings.EqualFold(cs, "utf-8") {
		writeError(w, http.StatusUnsupportedMediaType, "the request body must be UTF-8 JSON, not charset="+cs)
		return false
	}
	// a query's text escaped in JSON: a quote or a backslash takes two
	// bytes, a control character six
	maxBody := min(s.cfg.Limits.Get(limits.QueryBytes), 1<<40)*6 + 4096
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if tooLarge := (*http.MaxBytesError)(nil); errors.As(err, &tooLarge) {
		writeError(w, http.StatusRequestEntityTooLarge, s.cfg.Limits.Exceeded(limits.QueryBytes,
			fmt.Sprintf("the request body is over %d bytes", tooLarge.Limit)).Error())
		return false
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "the request body must be JSON like {\"query\": \"cql() mate\"}: "+err.Error())
		return false
	}
	if dec.Decode(&json.RawMessage{}) != io.EOF {
		writeError(w, http.StatusBadRequest, "the request body must be one JSON object, with nothing after it")
		return false
	}
	return true
}

// compileFailure is the response to a query that does not compile.
func compileFailure(err error) apiError {
	var list source.ErrorList
	if !errors.As(err, &list) {
		return apiError{Error: err.Error()}
	}
	out := apiError{Error: "the query has errors"}
	for _, e := range list {
		line, col := e.Src.Position(int(e.Span.From))
		endLine, endCol := e.Src.Position(int(max(e.Span.To, e.Span.From+1)))
		out.Errors = append(out.Errors, queryError{Line: line, Col: col, EndLine: endLine, EndCol: endCol,
			Message: e.Msg, Pretty: e.Pretty()})
	}
	return out
}

func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	q, _ := s.readQuery(w, r)
	if q == nil {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "instructions": len(q.Program().Code)})
}

// startRun compiles the query and starts it for the client, cancelling
// the client's previous run. A run beyond server-runs, or of a new
// client beyond server-clients, is refused (503) rather than queued: a
// queued run would hold its client's place and leave the page waiting
// on nothing it can see, where a refusal says at once which limit was
// met.
func (s *Server) startRun(w http.ResponseWriter, r *http.Request) {
	id, ok := s.clientID(w, r)
	if !ok {
		return
	}
	q, req := s.readQuery(w, r)
	if q == nil {
		return
	}
	// the client's running run gives its place to the new one: stop it
	// first (its place among server-runs is free once it has ended)
	if old := s.currentRun(id); old != nil && old.running() {
		old.cancel()
		old.wait(cancelWait)
	}
	o := q.Options()
	o.Variations = o.Variations || req.Variations
	run := newRun(req.Query, s.cfg, s.kept)
	if err := s.startRunFor(id, run); err != nil {
		run.cancel()
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	o.Files, o.Limits = s.allowed, s.cfg.Limits
	run.launch(q, o, s.cfg, s.runEnded)
	writeJSON(w, http.StatusAccepted, map[string]string{"run": run.id, "state": stateRunning})
}

// runOf is the client's run, or nil after writing the error.
func (s *Server) runOf(w http.ResponseWriter, r *http.Request) *run {
	id, ok := s.clientID(w, r)
	if !ok {
		return nil
	}
	run := s.currentRun(id)
	if run == nil {
		writeError(w, http.StatusNotFound, "no query has been run yet")
		return nil
	}
	if want := r.URL.Query().Get("run"); want != "" && want != run.id {
		writeError(w, http.StatusConflict, "that run was replaced by a newer one")
		return nil
	}
	return run
}

func (s *Server) progress(w http.ResponseWriter, r *http.Request) {
	if run := s.runOf(w, r); run != nil {
		writeJSON(w, http.StatusOK, run.status(s.totalSize))
	}
}

// cancel stops the client's run and answers once it has ended, or after
// cancelWait with the run still stopping (a run deep in one position
// stops when the engine next looks).
func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	run := s.runOf(w, r)
	if run == nil {
		return
	}
	run.cancel()
	run.wait(cancelWait)
	writeJSON(w, http.StatusOK, run.status(s.totalSize))
}

// sortColumns are the columns the results can be sorted by; "sortN" is
// the game's value of the query's Nth sort key.
var sortColumns = map[string]func(a, b Row) int{
	"rank":     func(a, b Row) int { return a.Rank - b.Rank },
	"game":     func(a, b Row) int { return a.Game - b.Game },
	"white":    func(a, b Row) int { return strings.Compare(a.White, b.White) },
	"black":    func(a, b Row) int { return strings.Compare(a.Black, b.Black) },
	"event":    func(a, b Row) int { return strings.Compare(a.Event, b.Event) },
	"year":     func(a, b Row) int { return strings.Compare(a.Year, b.Year) },
	"result":   func(a, b Row) int { return strings.Compare(a.Result, b.Result) },
	"matches":  func(a, b Row) int { return a.Matches - b.Matches },
	"date":     func(a, b Row) int { return strings.Compare(a.Date, b.Date) },
	"whiteElo": func(a, b Row) int { return compareNumbers(a.WhiteElo, b.WhiteElo) },
	"blackElo": func(a, b Row) int { return compareNumbers(a.BlackElo, b.BlackElo) },
	"eco":      func(a, b Row) int { return strings.Compare(a.ECO, b.ECO) },
	"opening":  func(a, b Row) int { return strings.Compare(a.Opening, b.Opening) },
}

// compareNumbers orders tag values that are numbers (Elo) as numbers,
// those that are not (empty, "?") first.
func compareNumbers(a, b string) int {
	na, ea := strconv.Atoi(a)
	nb, eb := strconv.Atoi(b)
	if (ea == nil) != (eb == nil) {
		if ea == nil {
			return 1
		}
		return -1
	}
	return cmp.Compare(na, nb)
}

// compareSortValue orders rows by the value of sort key i (numbers as
// numbers); rows without a value come last.
func compareSortValue(i int) func(a, b Row) int {
	value := func(r Row) (any, bool) {
		if i < len(r.Sort) {
			return r.Sort[i].Value, true
		}
		return nil, false
	}
	return func(a, b Row) int {
		va, oka := value(a)
		vb, okb := value(b)
		if oka != okb {
			if oka {
				return -1
			}
			return 1
		}
		fa, na := va.(float64)
		fb, nb := vb.(float64)
		if na && nb {
			return cmp.Compare(fa, fb)
		}
		return strings.Compare(fmt.Sprint(va), fmt.Sprint(vb))
	}
}

// results is one page of the results table, sorted as asked:
// ?offset=0&limit=100&sort=matches&order=desc.
func (s *Server) results(w http.ResponseWriter, r *http.Request) {
	run := s.runOf(w, r)
	if run == nil {
		return
	}
	q := r.URL.Query()
	offset, err1 := intParam(q.Get("offset"), 0)
	limit, err2 := intParam(q.Get("limit"), 100)
	if err := errors.Join(err1, err2); err != nil || offset < 0 || limit < 1 || limit > 1000 {
		writeError(w, http.StatusBadRequest, "offset must be a number from 0 and limit a number from 1 to 1000")
		return
	}
	key := cmp.Or(q.Get("sort"), "rank")
	compare := sortColumns[key]
	if n, ok := strings.CutPrefix(key, "sort"); ok && compare == nil {
		if i, err := strconv.Atoi(n); err == nil && i >= 0 {
			compare = compareSortValue(i)
		}
	}
	if compare == nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("cannot sort by %q: the columns are rank, game, white, black, event, year, date, whiteElo, blackElo, eco, opening, result, matches and sort0, sort1, ...", key))
		return
	}
	order := q.Get("order")
	if order != "" && order != "asc" && order != "desc" {
		writeError(w, http.StatusBadRequest, "order must be asc or desc")
		return
	}
	if !s.acquireHeavy(r) {
		return
	}
	defer s.releaseHeavy()
	rows := run.rows()
	slices.SortStableFunc(rows, func(a, b Row) int {
		if order == "desc" {
			return compare(b, a)
		}
		return compare(a, b)
	})
	total := len(rows)
	from := min(offset, total)
	rows = rows[from : from+min(limit, total-from)]
	writeJSON(w, http.StatusOK, map[string]any{"run": run.id, "total": total, "offset": offset, "rows": rows})
}

func intParam(s string, def int) (int, error) {
	if s == "" {
		return def, nil
	}
	return strconv.Atoi(s)
}

// game is one kept matched game as a tree of positions: ?n=GAMENUMBER.
func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	run := s.runOf(w, r)
	if run == nil {
		return
	}
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "n must be a game number")
		return
	}
	mg := run.gameByNumber(n)
	if mg == nil {
		writeError(w, http.StatusNotFound, fmt.Sprintf("game %d is not among the matched games of this run", n))
		return
	}
	if !s.acquireHeavy(r) {
		return
	}
	defer s.releaseHeavy()
	v, err := gameview.Of(mg.Game, mg.pgn, mg.messages, mg.positions, mg.squares)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// download sends the kept matched games in the run's output order:
// ?format=pgn (what `cqlvm run` writes), jsonl (what `cqlvm run --json`
// writes) or html (the report of `cqlvm run --html`).
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	run := s.runOf(w, r)
	if run == nil {
		return
	}
	format := r.URL.Query().Get("format")
	var contentType string
	switch format {
	case "pgn":
		contentType = "application/vnd.chess-pgn; charset=utf-8"
	case "jsonl":
		contentType = "application/jsonl; charset=utf-8"
	case "html":
		contentType = "text/html; charset=utf-8"
	default:
		writeError(w, http.StatusBadRequest, "format must be pgn, jsonl or html")
		return
	}
	games := run.inOutputOrder()
	if st := run.status(s.totalSize); st.Capped {
		w.Header().Set("X-Cqlvm-Capped", fmt.Sprintf("only the first %d matched games were kept", len(games)))
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", "attachment; filename=cqlvm-matches."+format)
	if format == "html" {
		if !s.acquireHeavy(r) {
			return
		}
		defer s.releaseHeavy()
		var c report.Collector
		for _, g := range games {
			c.Write(g.jsonLines) // parsed once already: cannot fail
			c.AddGame(g.Game, g.pgn)
		}
		c.WritePage(w, run.query, s.cfg.Inputs)
		return
	}
	for _, g := range games {
		if format == "pgn" {
			w.Write(g.pgn)
		} else {
			w.Write(g.jsonLines)
		}
	}
}

// diagram draws a position: ?fen=FEN, and &mark=e2,e4 to tint squares.
func (s *Server) diagram(w http.ResponseWriter, r *http.Request) {
	var marked []string
	if m := r.URL.Query().Get("mark"); m != "" {
		// one tint per square however often it is named
		marked = strings.Split(m, ",")
		slices.Sort(marked)
		marked = slices.Compact(marked)
		if len(marked) > 64 {
			writeError(w, http.StatusBadRequest, "mark names more than the 64 squares")
			return
		}
	}
	svg, err := diagram.SVG(r.URL.Query().Get("fen"), marked...)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=86400")
	w.Write([]byte(svg))
}

// info tells the page what the server searches.
func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	id, ok := s.clientID(w, r) // sets the cookie on the page's first call
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"client": id, "inputs": s.cfg.Inputs, "totalBytes": s.totalSize,
		"maxGames": s.cfg.MaxGames, "timeoutSeconds": int(s.cfg.Timeout.Seconds())})
}

// helpEntry is `cqlvm help FILTER`: its syntax and one-line meaning,
// and for CQL 6 filters the long help (engine.HelpEntry).
type helpEntry struct {
	Name           string   `json:"name"`
	Syntax         string   `json:"syntax"`
	Meaning        string   `json:"meaning"`
	Group          string   `json:"group,omitempty"`
	Returns        string   `json:"returns,omitempty"`
	Details        string   `json:"details,omitempty"`
	Example        string   `json:"example,omitempty"`
	ExampleMatches int      `json:"exampleMatches,omitempty"`
	ExampleInput   string   `json:"exampleInput,omitempty"`
	ExampleGames   int      `json:"exampleGames,omitempty"`
	Unsupported    bool     `json:"unsupported,omitempty"`
	Related        []string `json:"related,omitempty"`
}

// help is the filter help of `cqlvm help`, from the same tables
// (engine.HelpTables), and the keywords of the old language.
func (s *Server) help(w http.ResponseWriter, r *http.Request) {
	h := engine.HelpTables()
	var filters, old []helpEntry
	for _, e := range append(slices.Clip(h.Filters), h.BuiltIns...) {
		filters = append(filters, helpEntry(e))
	}
	for _, e := range h.Old {
		old = append(old, helpEntry(e))
	}
	byName := func(a, b helpEntry) int { return strings.Compare(a.Name, b.Name) }
	slices.SortFunc(filters, byName)
	writeJSON(w, http.StatusOK, map[string]any{"filters": filters, "old": old, "groups": h.Groups})
}

// examples are the queries of examples/, each with what it finds: the
// page's library.
func (s *Server) examples(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"examples": examples.All()})
}

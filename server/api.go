package server

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"cqlvm/compiler/cqls"
	ast "cqlvm/compiler/syntax"
	"cqlvm/diagram"
	"cqlvm/engine"
	"cqlvm/report"
	"cqlvm/source"
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

// readQuery decodes a query request and compiles it. On failure it has
// written the error response and returns nil.
func readQuery(w http.ResponseWriter, r *http.Request) (*engine.Query, queryRequest) {
	var req queryRequest
	// a page of another site can post a form to the server but cannot
	// make it JSON without the browser asking the server first
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "the request body must be JSON, sent with Content-Type: application/json")
		return nil, req
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "the request body must be JSON like {\"query\": \"cql() mate\"}: "+err.Error())
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
	q, err := engine.CompileText("query", req.Query, engine.QueryOptions{Dialect: d})
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, compileFailure(err))
		return nil, req
	}
	return q, req
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
	q, _ := readQuery(w, r)
	if q == nil {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "instructions": len(q.Program().Code)})
}

// startRun compiles the query and starts it for the client, cancelling
// the client's previous run.
func (s *Server) startRun(w http.ResponseWriter, r *http.Request) {
	c := s.clientOf(w, r)
	q, req := readQuery(w, r)
	if q == nil {
		return
	}
	o := q.Options()
	o.Variations = o.Variations || req.Variations
	run := newRun(req.Query, s.cfg)
	s.replaceRun(c, run)
	run.launch(q, o, s.cfg)
	writeJSON(w, http.StatusAccepted, map[string]string{"run": run.id, "state": stateRunning})
}

// runOf is the client's run, or nil after writing a 404.
func (s *Server) runOf(w http.ResponseWriter, r *http.Request) *run {
	run := s.currentRun(s.clientOf(w, r))
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

func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	run := s.runOf(w, r)
	if run == nil {
		return
	}
	run.cancel()
	<-run.done
	writeJSON(w, http.StatusOK, run.status(s.totalSize))
}

// sortColumns are the columns the results can be sorted by; "sortN" is
// the game's value of the query's Nth sort key.
var sortColumns = map[string]func(a, b Row) int{
	"rank":    func(a, b Row) int { return a.Rank - b.Rank },
	"game":    func(a, b Row) int { return a.Game - b.Game },
	"white":   func(a, b Row) int { return strings.Compare(a.White, b.White) },
	"black":   func(a, b Row) int { return strings.Compare(a.Black, b.Black) },
	"event":   func(a, b Row) int { return strings.Compare(a.Event, b.Event) },
	"year":    func(a, b Row) int { return strings.Compare(a.Year, b.Year) },
	"result":  func(a, b Row) int { return strings.Compare(a.Result, b.Result) },
	"matches": func(a, b Row) int { return a.Matches - b.Matches },
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
		writeError(w, http.StatusBadRequest, fmt.Sprintf("cannot sort by %q: the columns are rank, game, white, black, event, year, result, matches and sort0, sort1, ...", key))
		return
	}
	order := q.Get("order")
	if order != "" && order != "asc" && order != "desc" {
		writeError(w, http.StatusBadRequest, "order must be asc or desc")
		return
	}
	rows := run.rows()
	slices.SortStableFunc(rows, func(a, b Row) int {
		if order == "desc" {
			return compare(b, a)
		}
		return compare(a, b)
	})
	total := len(rows)
	rows = rows[min(offset, total):min(offset+limit, total)]
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
	writeJSON(w, http.StatusOK, viewOf(mg))
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
		var c report.Collector
		for _, g := range games {
			c.Write(g.jsonLines) // parsed once already: cannot fail
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
		marked = strings.Split(m, ",")
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
	s.clientOf(w, r) // sets the cookie on the page's first call
	writeJSON(w, http.StatusOK, map[string]any{"inputs": s.cfg.Inputs, "totalBytes": s.totalSize,
		"maxGames": s.cfg.MaxGames, "timeoutSeconds": int(s.cfg.Timeout.Seconds())})
}

// helpEntry is one line of `cqlvm help FILTER`.
type helpEntry struct {
	Name    string `json:"name"`
	Syntax  string `json:"syntax"`
	Meaning string `json:"meaning"`
}

// help is the filter help of `cqlvm help`, from the same table
// (compiler/syntax's words), and the keywords of the old language.
func (s *Server) help(w http.ResponseWriter, r *http.Request) {
	var filters, old []helpEntry
	for _, wd := range ast.Words() {
		if wd.See == "" {
			filters = append(filters, helpEntry{wd.Text, wd.Syntax, wd.Meaning})
		}
	}
	for _, wd := range ast.OldWords() {
		filters = append(filters, helpEntry{wd.Text, wd.Syntax, wd.Meaning})
	}
	for name, line := range cqls.Keywords() {
		old = append(old, helpEntry{Name: name, Syntax: name, Meaning: line})
	}
	byName := func(a, b helpEntry) int { return strings.Compare(a.Name, b.Name) }
	slices.SortFunc(filters, byName)
	slices.SortFunc(old, byName)
	writeJSON(w, http.StatusOK, map[string]any{"filters": filters, "old": old})
}

package main

import (
	"fmt"
	"io"
	"os"

	"cqlvm/engine"
	"cqlvm/report"
)

// htmlReport is the page `cqlvm run --html FILE` writes: a diagram of
// each matched position (the first report.DefaultMaxDiagrams), made
// from the JSON lines of the run's selected games.
type htmlReport struct {
	path, query string
	inputs      []string
	positions   report.Collector
}

// newHTMLReport hooks a report into the run's options, or returns nil
// when --html was not given.
func newHTMLReport(cfg *runConfig, o *engine.Options) *htmlReport {
	if cfg.html == "" {
		return nil
	}
	h := &htmlReport{path: cfg.html, query: cfg.queryText, inputs: o.Inputs}
	if o.JSON == nil {
		o.JSON = io.Discard // the engine makes each game's JSON only for a writer
	}
	next := o.OnGame
	o.OnGame = func(g *engine.Game) {
		if next != nil {
			next(g)
		}
		if g.Selected {
			h.positions.Add(g.JSON) // the engine's own JSON: it parses
		}
	}
	return h
}

// write writes the page.
func (h *htmlReport) write() error {
	f, err := os.Create(h.path)
	if err != nil {
		return fmt.Errorf("cannot write the HTML report: %v", unwrapPathError(err))
	}
	err = h.positions.Write(f, h.query, h.inputs)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write the HTML report %s: %v", h.path, err)
	}
	return nil
}

// queryText is what the report shows as the query: the query file's
// text and the -cql filters.
func queryText(queryPath, extra string) string {
	text := ""
	if queryPath != "" {
		if b, err := os.ReadFile(queryPath); err == nil {
			text = string(b)
		}
	}
	if extra != "" {
		if text != "" {
			text += "\n"
		}
		text += "-cql " + extra
	}
	return text
}

package main

import (
	"fmt"
	"io"
	"os"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/report"
)

// htmlReport is the page `cqlvm run --html FILE` writes: a diagram of
// each matched position (the first report.DefaultMaxDiagrams), in the
// order of the output, made from the run's JSON lines.
type htmlReport struct {
	path, query string
	inputs      []string
	positions   report.Collector
}

// newHTMLReport hooks a report into the run's JSON output, or returns
// nil when --html was not given.
func newHTMLReport(cfg *runConfig, o *engine.Options) *htmlReport {
	if cfg.html == "" {
		return nil
	}
	h := &htmlReport{path: cfg.html, query: cfg.queryText, inputs: o.Inputs}
	if o.JSON == nil {
		o.JSON = &h.positions
	} else {
		o.JSON = io.MultiWriter(o.JSON, &h.positions)
	}
	// the games' PGN: their Elo, last moves and matched positions
	o.OnGame = bothOnGame(o.OnGame, func(g *engine.Game) {
		if g.Selected {
			h.positions.AddGame(g.Number, g.PGN)
		}
	})
	return h
}

// write writes the page.
func (h *htmlReport) write() error {
	f, err := os.Create(h.path)
	if err != nil {
		return fmt.Errorf("cannot write the HTML report: %v", unwrapPathError(err))
	}
	err = h.positions.WritePage(f, h.query, h.inputs)
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

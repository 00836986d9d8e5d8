package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"

	"github.com/cqlvm/cqlvm/diagram"
)

// DefaultMaxDiagrams caps the diagrams of a report: a page of thousands
// of SVG boards is too heavy to mail or to open.
const DefaultMaxDiagrams = 500

// Collector keeps the first matched positions of a run for a report and
// counts the others. It is an io.Writer of the run's JSON lines (set it
// as, or beside, engine.Options.JSON): it sees the positions in the
// order of the run's output, sorted when the query sorts.
type Collector struct {
	Max       int     // diagrams kept; 0 means DefaultMaxDiagrams
	Kept      []Match // the first Max matched positions, in output order
	Positions int     // matched positions seen
	Games     int     // matched games seen
	partial   []byte  // the start of a line whose end has not come yet
	lastGame  int
}

// Write takes JSON lines, which may be cut anywhere.
func (c *Collector) Write(p []byte) (int, error) {
	data := append(c.partial, p...)
	end := bytes.LastIndexByte(data, '\n') + 1
	ms, err := ParseLines(data[:end])
	c.partial = append(c.partial[:0], data[end:]...)
	limit := c.Max
	if limit <= 0 {
		limit = DefaultMaxDiagrams
	}
	for _, m := range ms {
		c.Positions++
		if m.Game != c.lastGame {
			c.Games++
			c.lastGame = m.Game
		}
		if len(c.Kept) < limit {
			c.Kept = append(c.Kept, m)
		}
	}
	return len(p), err
}

// Capped reports whether some matched positions have no diagram.
func (c *Collector) Capped() bool { return c.Positions > len(c.Kept) }

// page is what the template shows.
type page struct {
	Query     string
	Inputs    []string
	Games     int
	Positions int
	Capped    bool
	Items     []item
}

type item struct {
	Match
	Moves   string
	Diagram template.HTML // drawn by package diagram from a FEN: no user text but the escaped FEN
}

// WritePage renders the report of the kept positions; query is the query's
// text and inputs the databases searched, both shown at the top.
func (c *Collector) WritePage(w io.Writer, query string, inputs []string) error {
	p := page{Query: query, Inputs: inputs, Games: c.Games, Positions: c.Positions, Capped: c.Capped()}
	for _, m := range c.Kept {
		svg, err := diagram.SVG(m.FEN)
		if err != nil {
			return fmt.Errorf("game %d: %v", m.Game, err)
		}
		p.Items = append(p.Items, item{Match: m, Moves: m.Moves(), Diagram: template.HTML(svg)})
	}
	return pageTemplate.Execute(w, p)
}

var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>cqlvm: {{.Positions}} matched positions</title>
<style>
body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}
pre.query{background:#f4f4f4;padding:.5em;white-space:pre-wrap}
.match{display:flex;gap:1em;border-top:1px solid #ccc;padding:1em 0;break-inside:avoid}
.match .board{flex:0 0 280px;width:280px}
.match .board svg{width:100%;height:auto}
.match h2{font-size:1em;margin:0 0 .3em}
.moves{font-family:monospace;font-size:.9em}
.fen{font-family:monospace;font-size:.8em;color:#555}
.comment{color:#064;font-style:italic}
.note{background:#fff3cd;padding:.5em}
</style></head><body>
<h1>cqlvm: matched positions</h1>
<pre class="query">{{.Query}}</pre>
<p>{{.Positions}} matched positions in {{.Games}} games{{if .Inputs}} of {{range $i, $f := .Inputs}}{{if $i}}, {{end}}{{$f}}{{end}}{{end}}.</p>
{{if .Capped}}<p class="note" id="capped">Only the first {{len .Items}} of {{.Positions}} matched positions have a diagram here.</p>{{end}}
{{range .Items}}<div class="match" data-game="{{.Game}}" data-fen="{{.FEN}}">
<div class="board">{{.Diagram}}</div>
<div><h2>Game {{.Game}}: {{.Title}}</h2>
<div class="moves">{{if .Moves}}{{.Moves}}{{else}}(the start position){{end}}</div>
<div class="fen">{{.FEN}}</div>
{{range .Comments}}<div class="comment">{{.}}</div>{{end}}
</div></div>
{{end}}</body></html>
`))

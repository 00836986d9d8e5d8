package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"sync"

	"github.com/cqlvm/cqlvm/diagram"
	"github.com/cqlvm/cqlvm/engine/gameview"
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
	// games are the PGN of the matched games given by AddGame, by number:
	// the report then tints each diagram's last move, gives the players'
	// Elo and the moves with every matched position marked
	games map[int][]byte
}

// AddGame gives the report a matched game's PGN as the run wrote it
// (engine.Game.PGN, with the game number). It keeps the first Max games'.
func (c *Collector) AddGame(number int, pgnText []byte) {
	if c.games == nil {
		c.games = map[int][]byte{}
	}
	if len(c.games) < c.limit() {
		c.games[number] = bytes.Clone(pgnText)
	}
}

func (c *Collector) limit() int {
	if c.Max <= 0 {
		return DefaultMaxDiagrams
	}
	return c.Max
}

// Write takes JSON lines, which may be cut anywhere.
func (c *Collector) Write(p []byte) (int, error) {
	data := append(c.partial, p...)
	end := bytes.LastIndexByte(data, '\n') + 1
	ms, err := ParseLines(data[:end])
	c.partial = append(c.partial[:0], data[end:]...)
	limit := c.limit()
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
	Moves    string
	Path     []move // the moves to the position, when the game's PGN was given
	ToMove   string // "White to move"
	WhiteElo string
	BlackElo string
	Diagram  template.HTML // drawn by package diagram from a FEN: no user text but the escaped FEN
}

// move is one move of the path to a matched position.
type move struct {
	Number  string // "12." before White's move, "12..." where Black's opens the text
	SAN     string
	Matched bool // the position after it matched
	Here    bool // it is the diagram's position
}

// WritePage renders the report of the kept positions; query is the query's
// text and inputs the databases searched, both shown at the top.
func (c *Collector) WritePage(w io.Writer, query string, inputs []string) error {
	p := page{Query: query, Inputs: inputs, Games: c.Games, Positions: c.Positions, Capped: c.Capped()}
	views := c.gameViews()
	for _, m := range c.Kept {
		it := item{Match: m, Moves: m.Moves(), ToMove: "White to move"}
		if m.SideToMove == "black" {
			it.ToMove = "Black to move"
		}
		var lastMove []string
		if v, ok := views[m.Game]; ok && m.PositionID < len(v.Nodes) {
			it.Path, lastMove = pathTo(&v, m.PositionID)
			for _, t := range v.Tags {
				switch t.Name {
				case "WhiteElo":
					it.WhiteElo = t.Value
				case "BlackElo":
					it.BlackElo = t.Value
				}
			}
		}
		svg, err := diagram.SVG(m.FEN, lastMove...)
		if err != nil {
			return fmt.Errorf("game %d: %v", m.Game, err)
		}
		it.Diagram = template.HTML(svg)
		p.Items = append(p.Items, it)
	}
	return pageTemplate().Execute(w, p)
}

// gameViews reads the games given by AddGame, with their matched
// positions marked; a game that does not read is left out (its diagrams
// keep the moves of the JSON lines).
func (c *Collector) gameViews() map[int]gameview.Game {
	positions := map[int][]int32{}
	for _, m := range c.Kept {
		positions[m.Game] = append(positions[m.Game], int32(m.PositionID))
	}
	out := map[int]gameview.Game{}
	for n, text := range c.games {
		if v, err := gameview.Of(n, text, nil, positions[n], nil); err == nil {
			out[n] = v
		}
	}
	return out
}

// pathTo is the moves from the start to position id, and the squares of
// the last one (none at the start or after a null move).
func pathTo(v *gameview.Game, id int) ([]move, []string) {
	var ids []int
	for n := id; n > 0; n = v.Nodes[n].Parent {
		ids = append(ids, n)
	}
	var path []move
	for i := len(ids) - 1; i >= 0; i-- {
		n := &v.Nodes[ids[i]]
		mv := move{SAN: n.SAN, Matched: n.Matched, Here: ids[i] == id}
		switch {
		case n.White:
			mv.Number = fmt.Sprintf("%d.", n.MoveNumber)
		case i == len(ids)-1:
			mv.Number = fmt.Sprintf("%d...", n.MoveNumber)
		}
		path = append(path, mv)
	}
	if n := &v.Nodes[id]; n.From != "" {
		return path, []string{n.From, n.To}
	}
	return path, nil
}

// pageTemplate is parsed when a report is first written, not when cqlvm
// starts: every start would parse it, few runs write a report.
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Parse(pageText))
})

const pageText = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>cqlvm: {{.Positions}} matched positions</title>
<style>
body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}
pre.query{background:#f4f4f4;padding:.5em;white-space:pre-wrap}
.match{display:flex;gap:1em;border-top:1px solid #ccc;padding:1em 0;break-inside:avoid}
.match .board{flex:0 0 280px;width:280px}
.match .board svg{width:100%;height:auto}
.match h2{font-size:1em;margin:0 0 .3em}
.moves{line-height:1.6;max-height:12em;overflow:auto}
.moves .mv{padding:0 2px;border-radius:2px}
.moves .hit{background:#ffe08a}
.moves .here{background:#2d6cdf;color:#fff;font-weight:bold}
.meta{font-size:.9em;color:#444;margin-bottom:.3em}
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
<div><h2>Game {{.Game}}: {{index .Tags "White"}}{{with .WhiteElo}} ({{.}}){{end}} – {{index .Tags "Black"}}{{with .BlackElo}} ({{.}}){{end}}, {{index .Tags "Result"}}</h2>
<div class="meta">{{with index .Tags "Event"}}{{if ne . "?"}}<span class="event">{{.}}</span>, {{end}}{{end}}{{with index .Tags "Date"}}{{if ne . "?"}}{{.}}, {{end}}{{end}}<b class="tomove">{{.ToMove}}</b>{{if .Depth}} (in a variation){{end}}</div>
<div class="moves">{{if .Path}}{{range .Path}}{{.Number}}<span class="mv{{if .Matched}} hit{{end}}{{if .Here}} here{{end}}">{{.SAN}}</span> {{end}}{{else if .Moves}}{{.Moves}}{{else}}(the start position){{end}}</div>
<div class="fen">{{.FEN}}</div>
{{range .Comments}}<div class="comment">{{.}}</div>{{end}}
</div></div>
{{end}}</body></html>
`

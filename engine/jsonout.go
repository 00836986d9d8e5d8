package engine

import (
	"bytes"
	"encoding/json"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
)

// jsonMatch is one line of the --json output: one matched position. The
// README documents every field; keep the two in step.
type jsonMatch struct {
	Game       int        `json:"game"`       // game number, continuing across input files
	File       string     `json:"file"`       // input name ("<stdin>", "a.zip:b.pgn")
	Offset     int64      `json:"offset"`     // byte offset of the game's first byte in the (decompressed) input
	Tags       rosterTags `json:"tags"`       // the Seven Tag Roster
	PositionID int        `json:"positionid"` // pre-order index of the position (CQL's positionid)
	Ply        int        `json:"ply"`        // half-moves from the start position
	MoveNumber int        `json:"movenumber"` // CQL's movenumber: the number of the next move
	SideToMove string     `json:"sidetomove"` // "white" or "black"
	Depth      int        `json:"depth"`      // variations entered on the path (0 on the mainline)
	Path       []string   `json:"path"`       // SAN moves from the start; "(" before a move that starts a variation
	FEN        string     `json:"fen"`
	MatchCount int        `json:"matchcount"` // matched positions in this game
	Sort       []jsonSort `json:"sort,omitempty"`
	Comments   []string   `json:"comments"`          // texts the query produced while matching this position
	Squares    []string   `json:"squares,omitempty"` // with Options.MarkSquares: the squares the query was about here
}

// rosterTags is the Seven Tag Roster in its conventional order (a Go map
// would be written in alphabetical order).
type rosterTags struct {
	Event  string `json:"Event"`
	Site   string `json:"Site"`
	Date   string `json:"Date"`
	Round  string `json:"Round"`
	White  string `json:"White"`
	Black  string `json:"Black"`
	Result string `json:"Result"`
}

// jsonSort is the game's value of one `sort` key: a number or a string.
type jsonSort struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

// jsonLines renders the worker's current game's matched positions.
func (w *worker) jsonLines(sortVals []vm.SortValue) []byte {
	g := &w.game
	w.sans.reset(len(g.Nodes))
	base := jsonMatch{
		Game:       g.Number,
		File:       g.File,
		Offset:     g.Offset,
		Tags:       roster(g),
		MatchCount: len(w.matched),
		Sort:       jsonSorts(w.q.Program().Sorts, sortVals),
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keep "<stdin>" and "a & b" readable
	comments := w.m.Comments()
	for i, n := range w.matched {
		rec := base
		node := &g.Nodes[n]
		rec.PositionID = int(n)
		rec.Ply = int(node.Ply)
		rec.MoveNumber = moveNumber(g, node)
		rec.SideToMove = colorName(node.Pos.Side)
		rec.Depth = int(node.Depth)
		rec.Path = w.sans.path(g, n)
		rec.FEN = node.Pos.FEN()
		rec.Comments = []string{}
		span := w.commentSpans[i]
		for _, c := range comments[span[0]:span[1]] {
			if c.Kind == vm.CommentText {
				rec.Comments = append(rec.Comments, c.Text)
			}
		}
		if w.cfg.MarkSquares {
			rec.Squares = squareNames(w.squares[i])
		}
		enc.Encode(&rec) // cannot fail: strings, numbers and slices only
	}
	return buf.Bytes()
}

// roster reads the Seven Tag Roster; a missing tag is "?" (the PGN
// standard's "unknown"), a missing Result the movetext's result or "*".
func roster(g *pgn.Game) rosterTags {
	tag := func(name string) string {
		if v, ok := g.Tag(name); ok {
			return v
		}
		return "?"
	}
	r := rosterTags{tag("Event"), tag("Site"), tag("Date"), tag("Round"), tag("White"), tag("Black"), ""}
	r.Result, _ = g.Tag("Result")
	if r.Result == "" {
		r.Result = g.Result
	}
	if r.Result == "" {
		r.Result = "*"
	}
	return r
}

func jsonSorts(keys []vm.SortKey, vals []vm.SortValue) []jsonSort {
	var out []jsonSort
	for i, k := range keys {
		if !vals[i].Set {
			continue
		}
		var v any = vals[i].Num
		if k.Str {
			v = vals[i].Str
		}
		out = append(out, jsonSort{k.Doc, v})
	}
	return out
}

// moveNumber is CQL's movenumber (see vm InfoMoveNumber): FEN move
// numbers are ignored and the start position is move 1.
func moveNumber(g *pgn.Game, n *pgn.Node) int {
	black := 0
	if g.Nodes[0].Pos.Side == bitboard.Black {
		black = 1
	}
	return (int(n.Ply)+black)/2 + 1
}

func colorName(c bitboard.Color) string {
	if c == bitboard.White {
		return "white"
	}
	return "black"
}

// sanCache remembers the SAN of each node of one game: the paths of
// positions deep in a game share their prefixes, and SAN needs move
// generation (for disambiguation and check marks).
type sanCache struct {
	san  []string
	done []bool
}

func (c *sanCache) reset(n int) {
	if cap(c.san) < n {
		c.san, c.done = make([]string, n), make([]bool, n)
	}
	c.san, c.done = c.san[:n], c.done[:n]
	clear(c.done)
}

func (c *sanCache) of(g *pgn.Game, n int32) string {
	if !c.done[n] {
		node := &g.Nodes[n]
		// the position after the move is the node's: not played again
		c.san[n] = string(g.Nodes[node.Parent].Pos.AppendSANAfter(nil, node.Move, &node.Pos))
		c.done[n] = true
	}
	return c.san[n]
}

// path is the list of SAN moves from the start position to node n, with
// a "(" before each move that leaves the line it was on (starts a
// variation), as the move would appear in PGN after "(".
func (c *sanCache) path(g *pgn.Game, n int32) []string {
	steps := 0
	for m := n; m > 0; m = g.Nodes[m].Parent {
		steps++
		if startsVariation(g, m) {
			steps++
		}
	}
	out := make([]string, steps)
	for m := n; m > 0; m = g.Nodes[m].Parent {
		steps--
		out[steps] = c.of(g, m)
		if startsVariation(g, m) {
			steps--
			out[steps] = "("
		}
	}
	return out
}

// startsVariation reports whether node n is not its parent's mainline
// continuation.
func startsVariation(g *pgn.Game, n int32) bool {
	return g.Nodes[g.Nodes[n].Parent].FirstChild != n
}

// squareNames lists a set's squares, a1 first.
func squareNames(s bitboard.Set) []string {
	out := []string{}
	for s != 0 {
		out = append(out, s.Pop().String())
	}
	return out
}

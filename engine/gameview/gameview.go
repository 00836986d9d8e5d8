// Package gameview is a matched game as a board shows it (the server's
// page): its tags and every position of its tree with SANs and FENs
// computed, and the matched ones marked. It reads the game's PGN for the
// server, which talks to engine and its subpackages only.
package gameview

import (
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/pgn"
)

// A game's view takes some hundred bytes a position, built for each
// request: the board shows games up to these sizes (a long game with
// many variations has some thousand positions).
const (
	maxViewBytes     = 8 << 20
	maxViewPositions = 100_000
)

// Game is a matched game as the board shows it: its tags and every
// position of its tree, with the matched ones marked. The server
// computes SANs and FENs so that the page only has to draw them.
type Game struct {
	Number  int       `json:"number"`
	Tags    []pgn.Tag `json:"tags"`
	Result  string    `json:"result"`
	Nodes   []Node    `json:"nodes"`   // in pre-order; Nodes[0] is the start position
	Matched []int     `json:"matched"` // the matched positions, in the order of the run's JSON output
	// Messages are what the query's `message` filters printed on the game.
	Messages []string `json:"messages,omitempty"`
	PGN      string   `json:"pgn"` // the game as the run wrote it (for copying)
}

// Node is one position and the move that led there.
type Node struct {
	Parent     int      `json:"parent"` // -1 for the start position
	Children   []int    `json:"children,omitempty"`
	SAN        string   `json:"san,omitempty"`
	From       string   `json:"from,omitempty"` // the move's squares, for the board to mark;
	To         string   `json:"to,omitempty"`   // none for a null move
	MoveNumber int      `json:"moveNumber"`     // the number of the move played to reach it
	White      bool     `json:"white"`          // white played that move
	FEN        string   `json:"fen"`
	Pre        []string `json:"pre,omitempty"`      // comments before the move
	Comments   []string `json:"comments,omitempty"` // comments after the move (the query's among them)
	Matched    bool     `json:"matched,omitempty"`
	// Squares are the squares the query was about at a matched position
	// (engine.Options.MarkSquares)
	Squares []string `json:"squares,omitempty"`
}

// Of parses a matched game's output PGN (the comments the query wrote
// are in it), game number, and marks the positions of its JSON lines;
// messages are the query's message output for the game, squares[i]
// the squares marked at positions[i] (none when squares is short). The output
// keeps the input's whole game tree, so position ids, pre-order indexes
// of that tree, name the same nodes.
func Of(number int, pgnText []byte, messages []string, positions []int32, squares []uint64) (Game, error) {
	if len(pgnText) > maxViewBytes {
		return Game{}, fmt.Errorf("game %d is too large to show on the board (%d bytes of PGN, over %d): download it instead", number, len(pgnText), maxViewBytes)
	}
	var p pgn.Parser
	p.CastlingFromPlacement = true // as the engine reads FENs
	var g pgn.Game
	p.Parse(&pgn.RawGame{Number: number, Data: pgnText}, &g)
	if len(g.Nodes) > maxViewPositions {
		return Game{}, fmt.Errorf("game %d is too large to show on the board (%d positions, over %d): download it instead", number, len(g.Nodes), maxViewPositions)
	}
	v := Game{Number: number, Tags: g.Tags, Result: g.Result, Nodes: make([]Node, len(g.Nodes)), Messages: messages, PGN: string(pgnText)}
	blackFirst := 0
	if len(g.Nodes) > 0 && g.Nodes[0].Pos.Side == bitboard.Black {
		blackFirst = 1
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		nv := Node{Parent: int(n.Parent), FEN: n.Pos.FEN(), Pre: n.PreComments, Comments: n.Comments}
		for c := n.FirstChild; c >= 0; c = g.Nodes[c].NextSibling {
			nv.Children = append(nv.Children, int(c))
		}
		if n.Parent >= 0 {
			parent := &g.Nodes[n.Parent]
			nv.SAN = string(parent.Pos.AppendSANAfter(nil, n.Move, &n.Pos)) // n.Pos is the position after: not played again
			if !n.Move.Is(bitboard.FlagNull) {
				nv.From, nv.To = n.Move.From.String(), n.Move.To.String()
			}
			nv.White = parent.Pos.Side == bitboard.White
			nv.MoveNumber = (int(n.Ply)-1+blackFirst)/2 + 1
		}
		v.Nodes[i] = nv
	}
	for i, id := range positions {
		if id >= 0 && int(id) < len(v.Nodes) {
			v.Nodes[id].Matched = true
			if i < len(squares) {
				v.Nodes[id].Squares = squareNames(bitboard.Set(squares[i]))
			}
			v.Matched = append(v.Matched, int(id))
		}
	}
	return v, nil
}

func squareNames(s bitboard.Set) []string {
	var out []string
	for s != 0 {
		out = append(out, s.Pop().String())
	}
	return out
}

// Header is the tags of a game's PGN, by name; a tag given twice keeps
// its first value.
func Header(pgnText []byte) map[string]string {
	var p pgn.Parser
	var g pgn.Game
	p.ParseHeader(&pgn.RawGame{Data: pgnText}, &g)
	out := make(map[string]string, len(g.Tags))
	for _, t := range g.Tags {
		if _, dup := out[t.Name]; !dup {
			out[t.Name] = t.Value
		}
	}
	return out
}

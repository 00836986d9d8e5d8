package pgn

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// testdataDir holds the PGN files the tests read.
const testdataDir = "../testdata/pgn/"

// eachGame reads every game of a PGN file (plain or from r) and calls fn
// with the raw game and the parsed game; the Game is reused between calls.
func eachGame(t testing.TB, r io.Reader, name string, fn func(raw *RawGame, g *Game)) int {
	t.Helper()
	rd := NewReader(r, name)
	var p Parser
	var g Game
	n := 0
	for {
		raw, err := rd.Next()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n++
		p.Parse(raw, &g)
		fn(raw, &g)
	}
}

// eachFileGame is eachGame over a file.
func eachFileGame(t testing.TB, path string, fn func(raw *RawGame, g *Game)) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return eachGame(t, f, path, fn)
}

// parseString parses PGN text that holds exactly one game.
func parseString(t testing.TB, text string) *Game {
	t.Helper()
	games := parseAll(t, text)
	if len(games) != 1 {
		t.Fatalf("%q: got %d games, want 1", text, len(games))
	}
	return games[0]
}

// parseAll parses every game of text into its own Game.
func parseAll(t testing.TB, text string) []*Game {
	t.Helper()
	var games []*Game
	eachGame(t, bytes.NewReader([]byte(text)), "test.pgn", func(_ *RawGame, g *Game) {
		c := *g
		c.Nodes = slices.Clone(g.Nodes)
		c.Tags = slices.Clone(g.Tags)
		c.Errors = slices.Clone(g.Errors)
		games = append(games, &c)
	})
	return games
}

// writeString writes g with the default options.
func writeString(t testing.TB, g *Game) string {
	t.Helper()
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	if err := WriteGame(w, g, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// diffGames describes the first difference between two games' content
// (tags, result as WriteGame writes it, tree, moves, positions, comments
// and NAGs), or returns "" when they are the same.
func diffGames(a, b *Game) string {
	if !slices.Equal(a.Tags, b.Tags) {
		return fmt.Sprintf("tags differ:\n%q\n%q", a.Tags, b.Tags)
	}
	if ra, rb := gameResult(a), gameResult(b); ra != rb {
		return fmt.Sprintf("result %q vs %q", ra, rb)
	}
	if len(a.Nodes) != len(b.Nodes) {
		return fmt.Sprintf("%d nodes vs %d", len(a.Nodes), len(b.Nodes))
	}
	for i := range a.Nodes {
		x, y := &a.Nodes[i], &b.Nodes[i]
		switch {
		case x.Parent != y.Parent || x.FirstChild != y.FirstChild || x.NextSibling != y.NextSibling:
			return fmt.Sprintf("node %d: links %d/%d/%d vs %d/%d/%d", i,
				x.Parent, x.FirstChild, x.NextSibling, y.Parent, y.FirstChild, y.NextSibling)
		case x.Ply != y.Ply || x.Depth != y.Depth:
			return fmt.Sprintf("node %d: ply/depth %d/%d vs %d/%d", i, x.Ply, x.Depth, y.Ply, y.Depth)
		case x.Move != y.Move:
			return fmt.Sprintf("node %d: move %v vs %v", i, x.Move, y.Move)
		case x.Pos != y.Pos:
			return fmt.Sprintf("node %d: position %s vs %s", i, x.Pos.FEN(), y.Pos.FEN())
		case !slices.Equal(x.PreComments, y.PreComments):
			return fmt.Sprintf("node %d: pre-comments %q vs %q", i, x.PreComments, y.PreComments)
		case !slices.Equal(x.Comments, y.Comments):
			return fmt.Sprintf("node %d: comments %q vs %q", i, x.Comments, y.Comments)
		case !slices.Equal(x.NAGs, y.NAGs):
			return fmt.Sprintf("node %d: NAGs %v vs %v", i, x.NAGs, y.NAGs)
		}
	}
	return ""
}

// checkTree verifies the invariants of a parsed game: the links agree,
// Nodes are in pre-order with the mainline first (so mainline index ==
// ply), Ply and Depth follow from the links, and each position is its
// parent's with the move played.
func checkTree(g *Game) error {
	nodes := g.Nodes
	if len(nodes) == 0 {
		if len(g.Errors) == 0 {
			return fmt.Errorf("no nodes and no error")
		}
		return nil
	}
	if r := nodes[0]; r.Parent != -1 || r.NextSibling != -1 || r.Ply != 0 || r.Depth != 0 || r.Move != (bitboard.Move{}) {
		return fmt.Errorf("bad root %+v", r)
	}
	next := int32(1) // the index pre-order gives the next node visited
	var visit func(v int32) error
	visit = func(v int32) error {
		first := true
		for c := nodes[v].FirstChild; c >= 0; c = nodes[c].NextSibling {
			if c != next {
				return fmt.Errorf("node %d visited as %d: not pre-order", c, next)
			}
			next++
			n := &nodes[c]
			wantDepth := nodes[v].Depth
			if !first {
				wantDepth++
			}
			first = false
			switch {
			case n.Parent != v:
				return fmt.Errorf("node %d: parent %d, want %d", c, n.Parent, v)
			case n.Ply != nodes[v].Ply+1:
				return fmt.Errorf("node %d: ply %d, parent's %d", c, n.Ply, nodes[v].Ply)
			case n.Depth != wantDepth:
				return fmt.Errorf("node %d: depth %d, want %d", c, n.Depth, wantDepth)
			}
			pos := nodes[v].Pos
			pos.Play(n.Move)
			if pos != n.Pos {
				return fmt.Errorf("node %d: position %s, want %s", c, n.Pos.FEN(), pos.FEN())
			}
			if err := visit(c); err != nil {
				return err
			}
		}
		return nil
	}
	if err := visit(0); err != nil {
		return err
	}
	if int(next) != len(nodes) {
		return fmt.Errorf("%d nodes reachable of %d", next, len(nodes))
	}
	for i := int32(0); i >= 0; i = nodes[i].FirstChild {
		if nodes[i].Ply != i || nodes[i].Depth != 0 {
			return fmt.Errorf("mainline node %d has ply %d depth %d", i, nodes[i].Ply, nodes[i].Depth)
		}
	}
	return nil
}

package compiler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/gametree"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// designatorsOf writes the board of fen as one designator a square,
// occupied ones only, and the count of the pieces.
func designatorsOf(fen string) string {
	p, err := bitboard.ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	var parts []string
	for s := bitboard.Square(0); s < 64; s++ {
		if pc := p.Board[s]; pc != bitboard.Empty {
			parts = append(parts, fmt.Sprintf("%c%s", pc.Letter(), s))
		}
	}
	return fmt.Sprintf("%s [Aa] == %d", strings.Join(parts, " "), p.Occupied.Count())
}

// afterE4E5 is the board after 1.e4 e5, which many test games reach.
const afterE4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"

// TestBoardNeed: a fen of a whole board, and designators that place
// every piece with the count of the pieces, need that board; a board
// with wildcards, a square left open or a contradiction need nothing.
func TestBoardNeed(t *testing.T) {
	start, _ := bitboard.ParseFEN(afterE4E5 + " w - - 0 1")
	want := fmt.Sprintf("board %#016x", start.BoardHash())
	for _, c := range []struct {
		query string
		board bool // the need has the board (else no board)
	}{
		{`fen "` + afterE4E5 + `"`, true},
		{`fen "` + afterE4E5 + ` b KQkq - 0 2"`, true},
		{`fen "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB_"`, false}, // a rank of 7 squares
		{`fen "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBN."`, false},
		{`fen "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNA"`, false},
		{designatorsOf(afterE4E5), true},
		{"{" + designatorsOf(afterE4E5) + "} or mate", true},
		{"find {" + designatorsOf(afterE4E5) + "}", true},
		{strings.Replace(designatorsOf(afterE4E5), "[Aa] == 32", "", 1), false},
		{strings.Replace(designatorsOf(afterE4E5), "[Aa] == 32", "[Aa] == 31", 1), false},
		{designatorsOf(afterE4E5) + " Ka1", false},
		{"flipcolor {" + designatorsOf(afterE4E5) + "}", false},
		{"not {" + designatorsOf(afterE4E5) + "}", false},
	} {
		q, err := compileText(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		got := q.Program.Need.String()
		if strings.Contains(got, want) != c.board || strings.Contains(got, "board") != c.board {
			t.Errorf("%s: need %s; want the board %v (%s)", c.query, got, c.board, want)
		}
	}
}

// boardsReached is the reaches of a position index for game g: the
// boards of the positions a search visits.
func boardsReached(g *pgn.Game, variations bool) summary.Reaches {
	seen := map[uint64]bool{}
	n := len(g.Nodes)
	if !variations {
		n = g.MainlineLen()
	}
	for i := range n {
		seen[g.Nodes[i].Pos.BoardHash()] = true
	}
	return func(h uint64) bool { return seen[h] }
}

// TestBoardNeedSkips: on the test games a board need rules out the games
// that do not reach the board, and the plain program matches nothing in
// them; some games reach it.
func TestBoardNeedSkips(t *testing.T) {
	games := firstGames(t, 60)
	for _, query := range []string{`fen "` + afterE4E5 + `"`, designatorsOf(afterE4E5), "cql(variations) " + designatorsOf(afterE4E5)} {
		p := compileDisabling(t, query, 0)
		plain := compileDisabling(t, query, opt.All)
		m := vm.NewMachine(plain)
		variations := strings.HasPrefix(query, "cql(variations)")
		skipped := 0
		for gi, g := range games {
			sum := gametree.Summarize(g)
			if p.Need.HoldsIn(sum.Of(variations), boardsReached(g, variations)) {
				continue
			}
			skipped++
			if got := matches(m, treeOf(g, variations)); len(got) > 0 {
				t.Fatalf("%s: game %d fails the need %s, but the plain program matches %v", query, gi+1, p.Need, got)
			}
		}
		if skipped == 0 || skipped == len(games) {
			t.Errorf("%s: the need %s skips %d of %d games", query, p.Need, skipped, len(games))
		}
	}
}

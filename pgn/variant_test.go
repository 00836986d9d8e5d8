package pgn

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// testdata/variants.pgn holds fairy-stockfish self-play games of six
// variants (the engine chose every move; the SAN is ours), each with the
// engine's FEN of its final position in a FinalFEN tag.
const variantsFile = "testdata/variants.pgn"

// TestVariantGamesReachFairyStockfishFinalPosition reads every game to its
// last move and compares the board, side to move, pocket and check
// counters with the engine's, and the result with the position's end.
func TestVariantGamesReachFairyStockfishFinalPosition(t *testing.T) {
	seen := map[bitboard.Variant]int{}
	n := eachFileGame(t, variantsFile, func(raw *RawGame, g *Game) {
		if err := g.Err(); err != nil {
			t.Errorf("game %d: %v", raw.Number, err)
			return
		}
		line := g.Mainline()
		last := &g.Nodes[line[len(line)-1]].Pos
		seen[last.Variant]++
		want, _ := g.Tag("FinalFEN")
		if got := fenWithoutClocks(last.FEN()); got != fenWithoutClocks(want) {
			t.Errorf("game %d (%v): final position %s, fairy-stockfish %s", raw.Number, last.Variant, got, want)
		}
		end, winner := last.Outcome()
		result := "*"
		switch {
		case end == bitboard.Checkmate || end == bitboard.VariantWin || end == bitboard.Stalemate && last.Variant == bitboard.Antichess:
			result = [2]string{"1-0", "0-1"}[winner]
		case end != bitboard.NotOver:
			result = "1/2-1/2"
		}
		if result != g.Result {
			t.Errorf("game %d (%v): ends %v (%s), result tag says %s", raw.Number, last.Variant, end, result, g.Result)
		}
	})
	if n < 13 || len(seen) < 6 {
		t.Errorf("read %d games of %d variants, want 13 of 6", n, len(seen))
	}
}

// fenWithoutClocks drops the en-passant square, which fairy-stockfish
// writes only when a capture is possible; the clocks stay (a pawn drop
// resets the half-move clock, as fairy-stockfish and Lichess count it).
func fenWithoutClocks(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(append(f[:3:3], f[4:]...), " ")
}

func TestVariantTagSpellings(t *testing.T) {
	for _, c := range []struct {
		tag  string
		want bitboard.Variant
	}{
		{"Crazyhouse", bitboard.Crazyhouse}, {"crazyhouse", bitboard.Crazyhouse},
		{"Antichess", bitboard.Antichess}, {"Giveaway", bitboard.Antichess}, {"Suicide", bitboard.Antichess},
		{"Atomic", bitboard.Atomic}, {"King of the Hill", bitboard.KingOfTheHill}, {"KingOfTheHill", bitboard.KingOfTheHill},
		{"Three-check", bitboard.ThreeCheck}, {"Three-Check", bitboard.ThreeCheck}, {"3check", bitboard.ThreeCheck},
		{"Horde", bitboard.Horde}, {"Racing Kings", bitboard.RacingKings},
		{"From Position", bitboard.Standard}, {"Standard", bitboard.Standard},
	} {
		g := parseString(t, "[Variant \""+c.tag+"\"]\n\n1. e4 *\n")
		if c.want == bitboard.Horde || c.want == bitboard.RacingKings {
			g = parseString(t, "[Variant \""+c.tag+"\"]\n\n*\n")
		}
		if err := g.Err(); err != nil {
			t.Errorf("%q: %v", c.tag, err)
			continue
		}
		if v := g.Nodes[0].Pos.Variant; v != c.want {
			t.Errorf("%q: variant %v, want %v", c.tag, v, c.want)
		}
	}
	g := parseString(t, "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n*\n")
	if !g.Nodes[0].Pos.Chess960 || g.Nodes[0].Pos.Variant != bitboard.Standard {
		t.Errorf("Chess960: %+v", g.Nodes[0].Pos.Variant)
	}
}

// TestVariantOddCases reads hand-written games of the rules that
// self-play seldom shows, as Lichess writes them: FEN and SetUp before
// Variant, drops written three ways, "#" on the winning move.
func TestVariantOddCases(t *testing.T) {
	for _, c := range []struct {
		name, pgn string
		end       bitboard.End
		winner    bitboard.Color
		board     string // the final board, when the case is about it
	}{
		{"crazyhouse drop mate", `[Variant "Crazyhouse"]

1. e4 e5 2. Bc4 Nc6 3. Qf3 Nd4 4. Qxf7# 1-0`, bitboard.Checkmate, bitboard.White, ""},
		{"crazyhouse drops written three ways", `[Variant "Crazyhouse"]
[FEN "4k3/8/8/8/8/8/8/4K3[NPPq] w - - 0 1"]
[SetUp "1"]

1. N@f6+ Ke7 2. P@d6+ Kxd6 3. @e5+ *`, bitboard.NotOver, 0, ""},
		{"atomic explosion", `[Variant "Atomic"]

1. Nc3 e6 2. Nb5 a6 3. Nxc7 *`, bitboard.NotOver, 0, "r3kbnr/1p1p1ppp/p3p3/8/8/8/PPPPPPPP/R1BQKBNR"},
		{"atomic king blown up", `[Variant "Atomic"]

1. Nf3 f6 2. Ne5 a6 3. Nxd7# 1-0`, bitboard.VariantWin, bitboard.White, ""},
		{"atomic kings side by side", `[FEN "8/8/8/8/8/4k3/4K3/3Q4 b - - 0 1"]
[SetUp "1"]
[Variant "Atomic"]

1... Kf2 2. Qd2 *`, bitboard.NotOver, 0, ""},
		{"three checks", `[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxg6+ 1-0`, bitboard.VariantWin, bitboard.White, ""},
		{"king of the hill", `[Variant "King of the Hill"]

1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. d4 d5 5. dxe5 dxe4 6. Kxe4# 1-0`, bitboard.VariantWin, bitboard.White, ""},
		{"antichess last piece", `[FEN "8/8/8/8/8/8/p7/K7 w - - 0 1"]
[Variant "Antichess"]

1. Kxa2 1-0`, bitboard.VariantWin, bitboard.Black, ""},
		{"antichess stalemate wins", `[FEN "8/8/8/8/8/p7/P7/8 b - - 0 1"]
[Variant "Antichess"]

*`, bitboard.Stalemate, bitboard.Black, ""},
		{"horde pawn double step from the first rank", `[FEN "4k3/8/8/8/8/8/8/P7 w - - 0 1"]
[SetUp "1"]
[Variant "Horde"]

1. a3 Kd7 *`, bitboard.NotOver, 0, ""},
		{"racing kings black draws", `[FEN "8/K5k1/8/8/8/8/8/8 w - - 0 1"]
[SetUp "1"]
[Variant "Racing Kings"]

1. Ka8 Kg8 1/2-1/2`, bitboard.VariantDraw, 0, ""},
		{"racing kings white wins when black cannot follow", `[FEN "8/K7/8/8/8/6k1/8/8 w - - 0 1"]
[SetUp "1"]
[Variant "Racing Kings"]

1. Ka8# 1-0`, bitboard.VariantWin, bitboard.White, ""},
	} {
		g := parseString(t, c.pgn)
		if err := g.Err(); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		line := g.Mainline()
		last := &g.Nodes[line[len(line)-1]].Pos
		end, winner := last.Outcome()
		if end != c.end || c.end != bitboard.NotOver && c.end != bitboard.VariantDraw && winner != c.winner {
			t.Errorf("%s: ends %v won by %v, want %v by %v (FEN %s)", c.name, end, winner, c.end, c.winner, last.FEN())
		}
		if board, _, _ := strings.Cut(last.FEN(), " "); c.board != "" && board != c.board {
			t.Errorf("%s: final board %s, want %s", c.name, board, c.board)
		}
	}
}

func TestUnknownVariantIsSkippedWithItsGameNumber(t *testing.T) {
	games := parseAll(t, "[Event \"a\"]\n\n1. e4 *\n\n[Variant \"Seirawan\"]\n\n1. e4 *\n")
	if len(games) != 2 || games[0].Err() != nil {
		t.Fatalf("got %d games", len(games))
	}
	err := games[1].Err()
	if err == nil || !strings.Contains(err.Error(), "game 2") || !strings.Contains(err.Error(), "unsupported variant \"Seirawan\"") {
		t.Errorf("error %v, want game 2's unsupported variant", err)
	}
	if len(games[1].Nodes) > 1 {
		t.Errorf("the unknown variant's moves were read: %d nodes", len(games[1].Nodes))
	}
}

// variantCorpora are the self-played corpora of testdata/variants (made
// by scripts/variants/selfplay with fairy-stockfish), each with a TSV of
// every game's facts as the engine reports them.
var variantCorpora = []string{"crazyhouse", "antichess", "kingofthehill", "3check", "horde", "racingkings"}

// TestVariantCorporaAgreeWithFairyStockfish reads every game of every
// corpus to its last move and checks its length, final position, end,
// checks given by each side and drops against the TSV.
func TestVariantCorporaAgreeWithFairyStockfish(t *testing.T) {
	for _, name := range variantCorpora {
		facts := readVariantFacts(t, "../testdata/variants/"+name+".tsv")
		n := eachFileGame(t, "../testdata/variants/"+name+".pgn", func(raw *RawGame, g *Game) {
			want := facts[raw.Number]
			where := fmt.Sprintf("%s game %d", name, raw.Number)
			if err := g.Err(); err != nil {
				t.Errorf("%s: %v", where, err)
				return
			}
			line := g.Mainline()
			checks, drops := [2]int{}, 0
			for _, k := range line[1:] {
				n := &g.Nodes[k]
				if n.Pos.InCheck() {
					checks[n.Pos.Side.Other()]++
				}
				if n.Move.Flags&bitboard.FlagDrop != 0 {
					drops++
				}
			}
			last := &g.Nodes[line[len(line)-1]].Pos
			got := variantFacts{plies: len(line) - 1, status: statusOf(last), checks: checks, drops: drops, fen: fenWithoutClocks(last.FEN())}
			if got != want {
				t.Errorf("%s: read %+v, fairy-stockfish %+v", where, got, want)
			}
		})
		if n != len(facts) || n == 0 {
			t.Errorf("%s: %d games, %d rows of facts", name, n, len(facts))
		}
	}
}

// variantFacts are the columns of a corpus TSV a reader can check.
type variantFacts struct {
	plies  int
	status string
	checks [2]int
	drops  int
	fen    string
}

func readVariantFacts(t *testing.T, path string) map[int]variantFacts {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	facts := map[int]variantFacts{}
	rows := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	for i, row := range rows[1:] {
		f := strings.Split(row, "\t")
		num := func(k int) int {
			v, err := strconv.Atoi(f[k])
			if err != nil {
				t.Fatalf("%s:%d: column %d: %v", path, i+2, k+1, err)
			}
			return v
		}
		if len(f) < 9 {
			t.Fatalf("%s:%d: %d columns", path, i+2, len(f))
		}
		facts[num(0)] = variantFacts{plies: num(1), status: f[3], checks: [2]int{num(5), num(6)}, drops: num(7), fen: fenWithoutClocks(f[8])}
	}
	return facts
}

// statusOf names a final position's end as the corpus TSVs do, a variant
// end seen from the side to move (an Antichess stalemate, which wins, is
// a stalemate).
func statusOf(p *bitboard.Position) string {
	switch end, winner := p.Outcome(); {
	case end == bitboard.Checkmate:
		return "mate"
	case end == bitboard.Stalemate:
		return "stalemate"
	case end == bitboard.VariantDraw:
		return "variant-draw"
	case end == bitboard.NotOver:
		return "ongoing"
	case winner == p.Side:
		return "variant-win"
	}
	return "variant-loss"
}

// TestVariantOddCasesOfTheTestData reads testdata/variants/odd, the
// hand-made and engine-checked odd cases, against odd/expected.tsv: a
// skipped game must have an error and no moves; the others their length,
// end, positions in check, drops and final position.
func TestVariantOddCasesOfTheTestData(t *testing.T) {
	data, err := os.ReadFile("../testdata/variants/odd/expected.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimRight(string(data), "\n"), "\n")[1:]
	for _, row := range rows {
		f := strings.Split(row, "\t")
		if len(f) != 10 {
			t.Fatalf("expected.tsv: %d columns in %q", len(f), row)
		}
		game, _ := strconv.Atoi(f[1])
		plies, _ := strconv.Atoi(f[3])
		checks, _ := strconv.Atoi(f[7])
		drops, _ := strconv.Atoi(f[8])
		found := false
		eachFileGame(t, "../testdata/variants/odd/"+f[0]+".pgn", func(raw *RawGame, g *Game) {
			if raw.Number != game {
				return
			}
			found = true
			where := fmt.Sprintf("%s game %d", f[0], game)
			if f[5] == "skipped" {
				if g.Err() == nil || len(g.Nodes) > 0 {
					t.Errorf("%s: read (%d nodes), want it skipped", where, len(g.Nodes))
				}
				return
			}
			if err := g.Err(); err != nil {
				t.Errorf("%s: %v", where, err)
				return
			}
			line := g.Mainline()
			gotChecks, gotDrops := 0, 0
			for _, k := range line {
				if g.Nodes[k].Pos.InCheck() {
					gotChecks++
				}
				if g.Nodes[k].Move.Flags&bitboard.FlagDrop != 0 {
					gotDrops++
				}
			}
			last := &g.Nodes[line[len(line)-1]].Pos
			got := fmt.Sprint(len(line)-1, statusOf(last), gotChecks, gotDrops, fenWithoutClocks(last.FEN()))
			want := fmt.Sprint(plies, f[5], checks, drops, fenWithoutClocks(f[9]))
			if got != want {
				t.Errorf("%s: read %s, want %s", where, got, want)
			}
		})
		if !found {
			t.Errorf("%s has no game %d", f[0], game)
		}
	}
}

// TestRacingKingsBlackReplyAfterTheGoal: fairy-stockfish lets Black move
// once more after White's king reached the eighth rank, even when Black
// cannot follow it there; Lichess ends the game at White's move. Both
// kinds of game are read to their last move, White winning.
func TestRacingKingsBlackReplyAfterTheGoal(t *testing.T) {
	for _, c := range []struct{ moves, written string }{
		{"1. Ka8 *", "1.Ka8# *"},         // as Lichess writes it
		{"1. Ka8 Kg4 *", "1.Ka8# Kg4 *"}, // as fairy-stockfish plays it: no # on the reply
		{"1. Ka8 Kg4 2. Kb8 *", ""},      // but no further
	} {
		g := parseString(t, "[Variant \"Racing Kings\"]\n[FEN \"8/K7/8/8/8/6k1/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n"+c.moves+"\n")
		if c.written == "" {
			if g.Err() == nil {
				t.Errorf("%s: read without an error", c.moves)
			}
			continue
		}
		if err := g.Err(); err != nil {
			t.Fatalf("%s: %v", c.moves, err)
		}
		line := g.Mainline()
		if end, winner := g.Nodes[line[len(line)-1]].Pos.Outcome(); end != bitboard.VariantWin || winner != bitboard.White {
			t.Errorf("%s: ends %v won by %v, want White's win", c.moves, end, winner)
		}
		if out := string(AppendGame(nil, g, WriteOptions{Official: true})); !strings.Contains(out, c.written) {
			t.Errorf("%s: written\n%s\nwant %q in it", c.moves, out, c.written)
		}
	}
}

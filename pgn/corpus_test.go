package pgn

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// TestCorpusCounts reads the test corpora completely. The counts of games
// are the official CQL 6.2's. Positions include each game's root.
//
// For studies.pgn, ../shared/data/README.md gives 102,950 mainline and
// 146,308 positions: those are the official CQL's, which stops reading 78
// of the 96 Chess960 games (2530-2625) early. Both totals are exactly 6,817
// lower than ours, which is what those 78 games lose (TestCQLMainlineMoves
// checks every other game, TestChess960Games these).
func TestCorpusCounts(t *testing.T) {
	tests := []struct {
		file                       string
		games, mainline, positions int
	}{
		{"games.pgn", 5000, 379176, 379176},
		{"sample.pgn", 253, 10089, 24277},
		{"studies.pgn", 2636, 109767, 153125},
		{"edge/studies-unrepaired.pgn", 2636, 109767, 153125},
	}
	for _, tt := range tests {
		mainline, positions := 0, 0
		games := eachFileGame(t, testdataDir+tt.file, func(raw *RawGame, g *Game) {
			mainline += g.MainlineLen()
			positions += len(g.Nodes)
			if err := g.Err(); err != nil {
				t.Errorf("%s: %v", tt.file, err)
			}
			if err := checkTree(g); err != nil {
				t.Errorf("%s game %d: %v", tt.file, raw.Number, err)
			}
		})
		if games != tt.games || mainline != tt.mainline || positions != tt.positions {
			t.Errorf("%s: %d games, %d mainline positions, %d positions; want %d, %d, %d",
				tt.file, games, mainline, positions, tt.games, tt.mainline, tt.positions)
		}
	}
}

// TestCQLMainlineMoves compares the number of mainline moves of every game
// with the official CQL's: testdata/pgn/cql/dash_any_move-*.tsv are its
// answers to the query "--" (a move is played from this position), one
// line per game with the number of matching positions.
func TestCQLMainlineMoves(t *testing.T) {
	for _, corpus := range []string{"games", "sample", "studies"} {
		cql := readCQLCounts(t, testdataDir+"cql/dash_any_move-"+corpus+".tsv")
		shortened := 0
		eachFileGame(t, testdataDir+corpus+".pgn", func(raw *RawGame, g *Game) {
			moves, want := g.MainlineLen()-1, cql[raw.Number]
			if corpus == "studies" && raw.Number >= 2530 && raw.Number <= 2625 {
				// Chess960: the official CQL stops early in most of these.
				if moves < want {
					t.Errorf("studies game %d: %d mainline moves, fewer than CQL's %d", raw.Number, moves, want)
				}
				if moves > want {
					shortened++
				}
				return
			}
			if moves != want {
				t.Errorf("%s game %d: %d mainline moves, CQL %d", corpus, raw.Number, moves, want)
			}
		})
		if corpus == "studies" && shortened != 78 {
			t.Errorf("CQL read %d Chess960 games shorter than we do, want 78", shortened)
		}
	}
}

// readCQLCounts reads an expected-answer file of the CQL conformance corpus:
// "game<TAB>count" lines after a "#" summary line.
func readCQLCounts(t *testing.T, path string) map[int]int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[int]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		game, count, ok := strings.Cut(line, "\t")
		g, err1 := strconv.Atoi(game)
		c, err2 := strconv.Atoi(count)
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		counts[g] = c
	}
	return counts
}

// TestChess960Games checks that the Chess960 games of studies.pgn are read
// to their end: each one's mainline has as many moves as its PlyCount tag
// says (95 of the 96 have one), and castling occurs.
func TestChess960Games(t *testing.T) {
	games, withPlyCount, castlings := 0, 0, 0
	eachFileGame(t, testdataDir+"studies.pgn", func(raw *RawGame, g *Game) {
		if raw.Number < 2530 || raw.Number > 2625 {
			return
		}
		games++
		if g.Err() != nil || !g.Nodes[0].Pos.Chess960 {
			t.Errorf("game %d: error %v, Chess960 %v", raw.Number, g.Err(), len(g.Nodes) > 0 && g.Nodes[0].Pos.Chess960)
			return
		}
		for _, n := range g.Nodes {
			if n.Move.Is(bitboard.FlagCastle) {
				castlings++
			}
		}
		if v, ok := g.Tag("PlyCount"); ok {
			withPlyCount++
			if n, err := strconv.Atoi(v); err != nil || n != g.MainlineLen()-1 {
				t.Errorf("game %d: PlyCount %q, %d mainline moves", raw.Number, v, g.MainlineLen()-1)
			}
		}
	})
	if games != 96 || withPlyCount != 95 || castlings < 79 {
		t.Errorf("%d games, %d with PlyCount, %d castling moves", games, withPlyCount, castlings)
	}
}

// TestUnrepairedStudies compares studies-unrepaired.pgn with the repaired
// studies.pgn (see ../shared/data/README.md): every game has the same moves
// and tree; tags differ only where a tag roster was inserted, results only
// where " *" was appended, and comments only in game 1603, where three "{"
// inside a comment became "(".
func TestUnrepairedStudies(t *testing.T) {
	var repaired []*Game
	eachFileGame(t, testdataDir+"studies.pgn", func(_ *RawGame, g *Game) {
		c := *g
		c.Nodes = append([]Node(nil), g.Nodes...)
		c.Tags = append([]Tag(nil), g.Tags...)
		repaired = append(repaired, &c)
	})
	insertedTags := map[int]bool{1571: true, 2633: true, 2634: true}
	appendedResult := map[int]bool{1570: true, 2633: true, 2635: true}
	eachFileGame(t, testdataDir+"edge/studies-unrepaired.pgn", func(raw *RawGame, g *Game) {
		r := repaired[raw.Number-1]
		if len(g.Nodes) != len(r.Nodes) {
			t.Fatalf("game %d: %d nodes, repaired %d", raw.Number, len(g.Nodes), len(r.Nodes))
		}
		for i := range g.Nodes {
			a, b := &g.Nodes[i], &r.Nodes[i]
			if a.Move != b.Move || a.Parent != b.Parent || a.NextSibling != b.NextSibling {
				t.Fatalf("game %d node %d differs", raw.Number, i)
			}
			if raw.Number != 1603 && fmt.Sprint(a.Comments, a.PreComments) != fmt.Sprint(b.Comments, b.PreComments) {
				t.Errorf("game %d node %d: comments %q, repaired %q", raw.Number, i, a.Comments, b.Comments)
			}
		}
		if sameTags := fmt.Sprint(g.Tags) == fmt.Sprint(r.Tags); sameTags == insertedTags[raw.Number] {
			t.Errorf("game %d: tags %q, repaired %q", raw.Number, g.Tags, r.Tags)
		}
		if sameResult := g.Result == r.Result; sameResult == appendedResult[raw.Number] {
			t.Errorf("game %d: result %q, repaired %q", raw.Number, g.Result, r.Result)
		}
	})
}

// TestHumanCorpus reads the 89 MB benchmark database when it is there: the
// official CQL counts 149,352 games in it, and "pgn-extract --plycount"
// 11,558,981 mainline plies (11,708,333 positions with the roots).
// pgn-extract reports no illegal move in it either; the five games the data
// README calls illegal only over-specify a piece's origin ("Nge2" when the
// other knight is pinned, "Rd1d2"), which a lenient reader accepts.
func TestHumanCorpus(t *testing.T) {
	const path = "../../shared/data/human.pgn.gz"
	if testing.Short() {
		t.Skip("reading 149,352 games takes seconds; skipped in -short mode")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("%s is not in this checkout (it is the benchmark file of the development machine): %v", path, err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	mainline, errs := 0, 0
	games := eachGame(t, zr, path, func(_ *RawGame, g *Game) {
		mainline += g.MainlineLen()
		if g.Err() != nil {
			errs++
		}
	})
	if games != 149352 || mainline != 11708333 || errs != 0 {
		t.Errorf("%d games, %d mainline positions, %d errors; want 149352, 11708333, 0", games, mainline, errs)
	}
}

// TestRoundTrip writes every game of the corpora and reads it back: the
// tags, tree, moves, positions, comments and NAGs must come back the same,
// and the whole output must read back as the same number of games.
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"sample.pgn", "studies.pgn", "edge/studies-unrepaired.pgn", "edge/scid/res_gameLatin1.pgn"} {
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		var p Parser
		var back Game
		games := eachFileGame(t, testdataDir+name, func(raw *RawGame, g *Game) {
			if err := g.Err(); err != nil {
				t.Fatal(err)
			}
			var one bytes.Buffer
			ow := bufio.NewWriter(&one)
			if err := WriteGame(ow, g, WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			ow.Flush()
			out.Write(one.Bytes())
			p.Parse(&RawGame{Number: raw.Number, File: "written", Line: 1, Col: 1, Data: bytes.TrimSpace(one.Bytes())}, &back)
			if d := diffGames(g, &back); d != "" || back.Err() != nil {
				t.Errorf("%s game %d: %s %v\n%s", name, raw.Number, d, back.Err(), one.String())
			}
		})
		w.Flush()
		again := eachGame(t, &out, "written", func(raw *RawGame, g *Game) {
			if g.Err() != nil {
				t.Errorf("%s written: %v", name, g.Err())
			}
		})
		if again != games {
			t.Errorf("%s: %d games written, %d read back", name, games, again)
		}
	}
}

// pgnExtractPath is where Debian and Ubuntu install pgn-extract.
const pgnExtractPath = "/usr/games/pgn-extract"

// tolerated are the pgn-extract diagnostics about a game's content rather
// than its syntax: results that contradict the final position or the
// Result tag, as some source games have. Each is followed by a line that
// names the game.
var tolerated = regexp.MustCompile(`^(Warning: Result of .* is inconsistent with .*|Inconsistent result strings .* in the following game\.)$`)

// TestPGNExtractAcceptsOutput writes sample.pgn and studies.pgn and runs
// pgn-extract over the result: it must report nothing but the content
// warnings above. studies.pgn has null moves in mainlines, which
// pgn-extract accepts only with --allownullmoves.
func TestPGNExtractAcceptsOutput(t *testing.T) {
	if _, err := os.Stat(pgnExtractPath); err != nil {
		t.Skipf("pgn-extract is not installed at %s (apt-get install pgn-extract): %v", pgnExtractPath, err)
	}
	for _, name := range []string{"sample.pgn", "studies.pgn"} {
		out := t.TempDir() + "/out.pgn"
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		eachFileGame(t, testdataDir+name, func(_ *RawGame, g *Game) {
			if err := WriteGame(w, g, WriteOptions{}); err != nil {
				t.Fatal(err)
			}
		})
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		report, err := exec.Command(pgnExtractPath, "-r", "-s", "--allownullmoves", out).CombinedOutput()
		if err != nil {
			t.Fatalf("pgn-extract: %v\n%s", err, report)
		}
		if bad := untoleratedDiagnostics(string(report)); len(bad) > 0 {
			t.Errorf("%s: pgn-extract reports:\n%s", name, strings.Join(bad, "\n"))
		}
	}
}

// untoleratedDiagnostics returns the lines of a pgn-extract report that are
// neither progress, nor file positions, nor a tolerated warning with the
// line that follows it.
func untoleratedDiagnostics(report string) []string {
	report = regexp.MustCompile(`Games: \d+`).ReplaceAllString(report, "")
	var bad []string
	lines := strings.Split(report, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		switch {
		case line == "" || strings.HasPrefix(line, "File "):
		case tolerated.MatchString(line):
			i++ // the game's name
		default:
			bad = append(bad, line)
		}
	}
	return bad
}

// TestKeptSANIsWhatTheWriterWrites checks the writer's shortcut: every
// move whose input text the parser keeps (Node.SAN) and the writer finds
// canonical must be exactly the SAN the writer would compose, on every
// move of the corpora (variations, Chess960, odd spellings included). It
// also requires the shortcut to serve most moves of a plain database, or
// it would be dead weight.
func TestKeptSANIsWhatTheWriterWrites(t *testing.T) {
	files := []string{"games.pgn", "studies.pgn"}
	err := filepath.WalkDir(testdataDir+"edge", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".pgn") {
			files = append(files, strings.TrimPrefix(path, testdataDir))
		}
		return err
	})
	if err != nil || len(files) < 100 {
		t.Fatalf("%d files under edge: %v", len(files)-2, err)
	}
	for _, file := range files {
		kept, moves := 0, 0
		eachFileGame(t, testdataDir+file, func(raw *RawGame, g *Game) {
			for i := 1; i < len(g.Nodes); i++ {
				n := &g.Nodes[i]
				moves++
				body, ok := g.Nodes[n.Parent].Pos.CanonicalSANBody(n.SAN, n.Move)
				if !ok {
					continue
				}
				kept++
				want := g.Nodes[n.Parent].Pos.AppendSANAfter(nil, n.Move, &n.Pos)
				if got := bitboard.AppendCheckMark(bytes.Clone(body), &n.Pos); !bytes.Equal(got, want) {
					t.Fatalf("%s game %d node %d: kept %q, which writes %q; the writer composes %q", file, raw.Number, i, n.SAN, got, want)
				}
			}
		})
		t.Logf("%s: %d of %d moves kept", file, kept, moves)
		if file == "games.pgn" && kept < moves/2 {
			t.Errorf("%s: only %d of %d moves kept", file, kept, moves)
		}
	}
}

// TestMainlineLenIsTheFirstChildChain: MainlineLen takes a shortcut when
// the game has no variation; on every game of the corpora (studies with
// variations included) it must still be the length of the chain of first
// children from the root.
func TestMainlineLenIsTheFirstChildChain(t *testing.T) {
	for _, file := range []string{"games.pgn", "studies.pgn"} {
		withVariations := 0
		eachFileGame(t, testdataDir+file, func(raw *RawGame, g *Game) {
			if len(g.Nodes) == 0 {
				return
			}
			chain := 1
			for i := g.Nodes[0].FirstChild; i >= 0; i = g.Nodes[i].FirstChild {
				chain++
			}
			if chain < len(g.Nodes) {
				withVariations++
			}
			if got := g.MainlineLen(); got != chain {
				t.Fatalf("%s game %d: MainlineLen %d, the first-child chain %d", file, raw.Number, got, chain)
			}
		})
		if file == "studies.pgn" && withVariations < 100 {
			t.Errorf("%s: only %d games with variations", file, withVariations)
		}
	}
}

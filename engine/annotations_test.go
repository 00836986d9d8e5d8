package engine_test

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/uci"
)

// The examples of the annotation filters (testdata/annotated/*.cql, the
// README's "Evaluations and clocks") on the bundled sample, checked
// against an independent reading of the same questions: the annotations
// read with plain regular expressions, the positions and tags from the
// PGN reader, each question computed in Go. The counts are pinned too,
// so that a change of the sample or of both readings shows.
const annotatedDir = "../testdata/annotated/"

var (
	evalRe = regexp.MustCompile(`\[%eval (#?-?[0-9.]+)(,[0-9]+)?\]`)
	clkRe  = regexp.MustCompile(`\[%clk ([0-9]+):([0-9]{2}):([0-9]{2})`)
	emtRe  = regexp.MustCompile(`\[%emt ([0-9]+):([0-9]{2}):([0-9]{2})`)
	tcRe   = regexp.MustCompile(`^([0-9]+)\+([0-9]+)$`)
)

// plainMove is what the plain reading knows of the position after a move.
type plainMove struct {
	eval, mate     int // centipawns from White's side; the signed mate distance
	hasEval, isMat bool
	clock          int // the mover's, in seconds; -1: none
	emt            int // [%emt], in seconds; -1: none
	whiteMoved     bool
	pieces         int // besides kings and pawns
}

type plainGame struct {
	moves       []plainMove // [0] is the start
	result      string
	termination string
	timeControl string
}

func readPlain(t *testing.T, path string) []plainGame {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pgn.NewReader(f, path)
	var p pgn.Parser
	var out []plainGame
	for {
		raw, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		var g pgn.Game
		p.Parse(raw, &g)
		if g.Err() != nil || g.MainlineLen() != len(g.Nodes) {
			t.Fatalf("game %d: %v, or it has variations", raw.Number, g.Err())
		}
		pg := plainGame{result: g.Result}
		pg.termination, _ = g.Tag("Termination")
		pg.timeControl, _ = g.Tag("TimeControl")
		for i, n := range g.Nodes {
			m := plainMove{clock: -1, emt: -1, whiteMoved: n.Pos.Side == bitboard.Black}
			for _, pc := range n.Pos.Board {
				if strings.ContainsRune("QRBNqrbn", rune(pc.Letter())) {
					m.pieces++
				}
			}
			text := strings.Join(n.Comments, " ")
			if e := evalRe.FindStringSubmatch(text); e != nil && i > 0 {
				m.hasEval = true
				if mate, ok := strings.CutPrefix(e[1], "#"); ok {
					m.isMat = true
					m.mate, _ = strconv.Atoi(mate)
					m.eval = int(math.Copysign(float64(100000-abs(m.mate)), float64(m.mate)))
				} else {
					pawns, err := strconv.ParseFloat(e[1], 64)
					if err != nil {
						t.Fatalf("%q: %v", e[0], err)
					}
					m.eval = int(math.Round(pawns * 100))
				}
			}
			if i > 0 {
				m.clock, m.emt = plainTime(clkRe, text), plainTime(emtRe, text)
			}
			pg.moves = append(pg.moves, m)
		}
		out = append(out, pg)
	}
}

// plainTime is the time of the command re matches in text, in seconds;
// -1 when there is none.
func plainTime(re *regexp.Regexp, text string) int {
	c := re.FindStringSubmatch(text)
	if c == nil {
		return -1
	}
	h, _ := strconv.Atoi(c[1])
	m, _ := strconv.Atoi(c[2])
	s, _ := strconv.Atoi(c[3])
	return h*3600 + m*60 + s
}

func abs(n int) int { return max(n, -n) }

// sign is +1 when White made the move into position m, -1 for Black:
// White's values times it are the mover's.
func (m plainMove) sign() int {
	if m.whiteMoved {
		return 1
	}
	return -1
}

// plainQuestions are the examples computed by hand: whether the position
// after move i matches.
var plainQuestions = map[string]func(g plainGame, i int) bool{
	"blunders": func(g plainGame, i int) bool {
		before, now := g.moves[i-1], g.moves[i]
		return i > 1 && before.hasEval && now.hasEval && (before.eval-now.eval)*now.sign() >= 300
	},
	"missed-mates": func(g plainGame, i int) bool {
		before, now := g.moves[i-1], g.moves[i]
		hadMate := i > 1 && before.isMat && before.mate*now.sign() > 0
		hasMate := now.isMat && now.mate*now.sign() > 0
		return hadMate && now.hasEval && !hasMate
	},
	"won-to-lost-endgames": func(g plainGame, i int) bool {
		before, now := g.moves[i-1], g.moves[i]
		return i > 1 && now.pieces <= 6 && before.hasEval && now.hasEval &&
			before.eval*now.sign() >= 300 && now.eval*now.sign() <= -100
	},
	"time-trouble": func(g plainGame, i int) bool {
		before, now := g.moves[i-1], g.moves[i]
		return i > 1 && now.clock >= 0 && now.clock < 30 && before.hasEval && now.hasEval &&
			(before.eval-now.eval)*now.sign() >= 200
	},
	"flagged-won": func(g plainGame, i int) bool {
		now := g.moves[i]
		// the side to move lost: the mover won
		lost := map[bool]string{true: "1-0", false: "0-1"}[now.whiteMoved]
		return i == len(g.moves)-1 && g.result == lost && g.termination == "Time forfeit" &&
			now.hasEval && -now.eval*now.sign() >= 200
	},
}

// annotatedCounts are the answers on the sample: games, positions.
var annotatedCounts = map[string][2]int{
	"blunders":             {12, 25},
	"missed-mates":         {3, 3},
	"won-to-lost-endgames": {1, 1},
	"time-trouble":         {4, 5},
	"flagged-won":          {6, 6},
}

func TestAnnotatedExamples(t *testing.T) {
	games := readPlain(t, annotatedDir+"sample.pgn")
	for name, question := range plainQuestions {
		wantGames, wantPositions := 0, 0
		for _, g := range games {
			n := 0
			for i := 1; i < len(g.moves); i++ {
				if question(g, i) {
					n++
				}
			}
			wantPositions += n
			if n > 0 {
				wantGames++
			}
		}
		q, err := engine.Load(annotatedDir+name+".cql", engine.QueryOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		o := q.Options()
		o.Inputs = []string{annotatedDir + "sample.pgn"}
		positions := 0
		o.OnGame = func(g *engine.Game) { positions += g.Matches }
		st, err := engine.Run(q, o)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if st.Matches != wantGames || positions != wantPositions {
			t.Errorf("%s: %d games, %d positions; the plain reading finds %d, %d", name, st.Matches, positions, wantGames, wantPositions)
		}
		if pinned := annotatedCounts[name]; st.Matches != pinned[0] || positions != pinned[1] {
			t.Errorf("%s: %d games, %d positions; pinned: %v", name, st.Matches, positions, pinned)
		}
	}
}

// engineeval asks the engine where the game has no [%eval]: the start
// is a mate in one for White (99999 in White's view, -99999 in Black's),
// and the position after Ra7 h6 none.
func TestEngineEval(t *testing.T) {
	if _, err := uci.Find(""); err != nil {
		t.Skipf("this test needs a UCI engine: %v", err)
	}
	games := "[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. Ra7 h6 *\n"
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(path, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	for query, want := range map[string]int{
		"engineeval depth 6 == 99999":             1,
		"engineeval depth 6 black == -99999":      1,
		"engineeval depth 6 sidetomove > 90000":   1,
		"abs engineeval movetime 50 < 90000":      2,
		"flipcolor {engineeval depth 6 >= 99999}": 1,
	} {
		q, err := engine.Compile(query)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		positions := 0
		if _, err := engine.Run(q, engine.Options{Inputs: []string{path}, Threads: 1, OnGame: func(g *engine.Game) { positions += g.Matches }}); err != nil {
			t.Fatal(err)
		}
		if positions != want {
			t.Errorf("%s matches %d positions, want %d", query, positions, want)
		}
	}
}

// emt where a move has no [%emt] is worked out from the clocks: the
// mover's clock after its previous move (the start time before its
// first; a first move still showing it took 0 s, as Lichess has it),
// less its clock after this one, plus the increment. The sample's
// TimeControl is base+increment; its every fourth game has [%emt], which
// wins.
func TestMoveTimeFromClocks(t *testing.T) {
	games := readPlain(t, annotatedDir+"sample.pgn")
	want := make([][]string, len(games)) // each game's "ply emt" lines
	worked, explicit := 0, 0
	for gi, g := range games {
		tc := tcRe.FindStringSubmatch(g.timeControl)
		if tc == nil {
			t.Fatalf("game %d: TimeControl %q is not base+increment", gi+1, g.timeControl)
		}
		base, _ := strconv.Atoi(tc[1])
		inc, _ := strconv.Atoi(tc[2])
		for i := 1; i < len(g.moves); i++ {
			m := g.moves[i]
			spent := m.emt
			if spent >= 0 {
				explicit++
			} else if m.clock >= 0 {
				before := base
				if i > 2 {
					before = g.moves[i-2].clock
				}
				switch {
				case before < 0:
				case i <= 2 && m.clock == base:
					spent = 0
				case before-m.clock+inc >= 0:
					spent = before - m.clock + inc
				}
				if spent >= 0 {
					worked++
				}
			}
			if spent >= 0 {
				want[gi] = append(want[gi], strconv.Itoa(i)+" "+strconv.Itoa(spent))
			}
		}
	}
	if worked < 1000 || explicit < 1000 {
		t.Fatalf("the sample has %d times to work out and %d [%%emt]: too few to test", worked, explicit)
	}
	q, err := engine.Compile(`x = emt  message (ply " " x)`)
	if err != nil {
		t.Fatal(err)
	}
	got := make([][]string, len(games))
	o := engine.Options{Inputs: []string{annotatedDir + "sample.pgn"}, Threads: 1}
	o.OnGame = func(g *engine.Game) {
		for _, m := range g.Messages { // "move 1(btm) game 1: 1 4"
			_, text, _ := strings.Cut(m, ": ")
			got[g.Number-1] = append(got[g.Number-1], text)
		}
	}
	if _, err := engine.Run(q, o); err != nil {
		t.Fatal(err)
	}
	for i := range games {
		if strings.Join(got[i], "\n") != strings.Join(want[i], "\n") {
			t.Errorf("game %d: emt\n%s\nthe plain reading:\n%s", i+1, strings.Join(got[i], "\n"), strings.Join(want[i], "\n"))
		}
	}
}

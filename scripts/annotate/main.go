// Command annotate writes games annotated in the style of Lichess's
// exports: every move with the evaluation of the position after it,
// [%eval] (in pawns from White's side, #N for a mate), searched by a UCI
// engine (Debian's stockfish), and the mover's clock, [%clk]. It makes
// the sample of testdata/annotated (see its README), which the examples
// of eval, evalmate, clock and emt are tested on:
//
//	go run ./scripts/annotate -every 70 -depth 10 /work/shared/data/games.pgn > testdata/annotated/sample.pgn
//
// (which gives the committed sample byte for byte). With -random it makes
// the evaluations up as well, without an engine, for speed tests on large
// files.
//
// The evaluations are the engine's. The clocks are made up, since the
// source games have none: a blitz time control (TimeControl "180+2"),
// each move's time drawn from a random generator seeded with the game's
// number, so that the output is the same at every run; every fourth game
// annotated also has ChessBase's [%emt], the time the move took. Every seventh game
// annotated is made a loss on time in a won position, which master games never
// are: it is cut at the first position from move 20 on where the side to
// move is two pawns up or more, and that side loses on time there (Result,
// Termination "Time forfeit"), its last moves taking the rest of its
// clock.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/uci"
)

const (
	baseTime  = 180.0 // seconds on each clock at the start
	increment = 2.0   // seconds added after each move
)

func main() {
	every := flag.Int("every", 50, "annotate every N-th game of the input")
	maxPlies := flag.Int("maxplies", 140, "leave out games longer than this")
	depth := flag.Int("depth", 10, "the engine's search depth")
	enginePath := flag.String("engine", "", "the UCI engine (default: stockfish, as uci.Find looks for it)")
	random := flag.Bool("random", false, "make the evaluations up too, a random walk written with two decimals, without an engine: large files for speed tests")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: annotate [flags] GAMES.pgn")
		os.Exit(2)
	}
	var eval evaluator
	if *random {
		eval = &randomWalk{}
	} else {
		path, err := uci.Find(*enginePath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "annotate:", err)
			os.Exit(1)
		}
		engine, err := uci.Start(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "annotate:", err)
			os.Exit(1)
		}
		defer engine.Close()
		eval = engineEval{engine, *depth}
	}
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	if err := run(flag.Arg(0), eval, *every, *maxPlies, *depth, out); err != nil {
		fmt.Fprintln(os.Stderr, "annotate:", err)
		os.Exit(1)
	}
}

// evaluator scores the positions of one game after another.
type evaluator interface {
	startGame(number int)
	// score is the evaluation of pos from White's side, and how it is
	// written.
	score(pos *bitboard.Position) (uci.Score, error)
	text(s uci.Score) string
	name() string // for the Annotator tag
}

// engineEval asks the engine.
type engineEval struct {
	engine *uci.Engine
	depth  int
}

func (engineEval) startGame(int) {}

func (e engineEval) score(pos *bitboard.Position) (uci.Score, error) {
	s, err := e.engine.Evaluate(pos.FEN(), uci.Limit{Depth: e.depth})
	if err == nil && pos.Side == bitboard.Black {
		s = uci.Score{Centipawns: -s.Centipawns, Mate: -s.Mate, IsMate: s.IsMate}
	}
	return s, err
}

func (engineEval) text(s uci.Score) string { return evalText(s) }

func (e engineEval) name() string { return fmt.Sprintf("stockfish depth %d", e.depth) }

// randomWalk makes evaluations up: a walk from 0.2 with steps of about
// a third of a pawn, and a blunder of three pawns or more one move in
// fifty, seeded with the game's number.
type randomWalk struct {
	rng *rand.Rand
	cp  int
}

func (w *randomWalk) startGame(number int) {
	w.rng, w.cp = rand.New(rand.NewSource(int64(number))), 20
}

func (w *randomWalk) score(*bitboard.Position) (uci.Score, error) {
	step := int(w.rng.NormFloat64() * 35)
	if w.rng.Intn(50) == 0 {
		step = (300 + w.rng.Intn(400)) * (2*w.rng.Intn(2) - 1)
	}
	w.cp = max(-2000, min(2000, w.cp+step))
	return uci.Score{Centipawns: w.cp}, nil
}

func (*randomWalk) text(s uci.Score) string { return fmt.Sprintf("%.2f", float64(s.Centipawns)/100) }

func (*randomWalk) name() string { return "evaluations made up" }

func run(input string, eval evaluator, every, maxPlies, depth int, out io.Writer) error {
	f, err := os.Open(input)
	if err != nil {
		return err
	}
	defer f.Close()
	r := pgn.NewReader(f, input)
	var p pgn.Parser
	var g pgn.Game
	annotated := 0
	for n := 1; ; n++ {
		raw, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if n%every != 0 {
			continue
		}
		p.Parse(raw, &g)
		if g.Err() != nil || len(g.Nodes) < 2 || len(g.Nodes) > maxPlies+1 || g.MainlineLen() != len(g.Nodes) {
			continue
		}
		annotated++
		if err := annotate(&g, eval, depth, n, annotated); err != nil {
			return fmt.Errorf("game %d: %v", n, err)
		}
		if err := pgn.WriteGame(out, &g, pgn.WriteOptions{}); err != nil {
			return err
		}
	}
}

// annotate gives every move of g its comment of commands.
// The index-th game annotated (from 1) is g, number in the input.
func annotate(g *pgn.Game, eval evaluator, depth, number, index int) error {
	evals := make([]string, len(g.Nodes))
	whites := make([]int, len(g.Nodes)) // the evaluations, in centipawns from White's side
	eval.startGame(number)
	for i := 1; i < len(g.Nodes); i++ {
		white, err := eval.score(&g.Nodes[i].Pos)
		if err != nil {
			return err
		}
		if white.IsMate && white.Mate == 0 {
			continue // mate on the board: Lichess writes no evaluation
		}
		evals[i], whites[i] = eval.text(white), white.Value()
	}
	flagged := index%7 == 0 && cutWon(g, whites)
	clocks, emts := clocks(g, flagged, number)
	setTag(g, "TimeControl", fmt.Sprintf("%.0f+%.0f", baseTime, increment))
	termination := "Normal"
	if flagged {
		termination = "Time forfeit"
	}
	setTag(g, "Termination", termination)
	setTag(g, "Annotator", eval.name()+", clocks made up (scripts/annotate)")
	for i := 1; i < len(g.Nodes); i++ {
		var cmds []string
		if evals[i] != "" {
			cmds = append(cmds, "[%eval "+evals[i]+"]")
		}
		cmds = append(cmds, "[%clk "+clockText(clocks[i])+"]")
		if index%4 == 0 {
			cmds = append(cmds, "[%emt "+clockText(emts[i])+"]")
		}
		g.Nodes[i].Comments = []string{strings.Join(cmds, " ")}
	}
	return nil
}

// evalText writes a score from White's side as Lichess does: pawns with
// up to two decimals, or #N.
func evalText(s uci.Score) string {
	if s.IsMate {
		return fmt.Sprintf("#%d", s.Mate)
	}
	text := strings.TrimRight(fmt.Sprintf("%.2f", float64(s.Centipawns)/100), "0")
	if strings.HasSuffix(text, ".") {
		text += "0" // Lichess writes 0.0 and 1.0
	}
	return text
}

// clocks makes up the clock after each move and the time each move took;
// when flagged, the side to move at the end has used up its time.
func clocks(g *pgn.Game, flagged bool, number int) (clock, spent []float64) {
	rng := rand.New(rand.NewSource(int64(number)))
	n := len(g.Nodes)
	clock, spent = make([]float64, n), make([]float64, n)
	pace := [2]float64{1.5 + 4.5*rng.Float64(), 1.5 + 4.5*rng.Float64()} // mean seconds a move, White's and Black's
	left := [2]float64{baseTime, baseTime}
	for i := 1; i < n; i++ {
		side := (i - 1) % 2
		t := 0.5 + rng.ExpFloat64()*pace[side]
		if i <= 16 {
			t = 1 + 2.5*rng.Float64() // the opening is played fast
		}
		if left[side] < 30 {
			t = math.Min(t, 0.1+left[side]*0.15) // time trouble: quick moves
		}
		t = math.Min(t, left[side]-0.1)
		spent[i] = t
		left[side] += increment - t
		clock[i] = left[side]
	}
	if flagged {
		// the side to move at the end flags: its last five moves take its
		// time but two seconds
		lastMove := n - 2
		extra := max(clock[lastMove]-2, 0) / 5
		for i, moves := lastMove, 0; i >= 1 && moves < 5; i -= 2 {
			spent[i] += extra
			moves++
		}
		left := [2]float64{baseTime, baseTime}
		for i := 1; i < n; i++ {
			s := (i - 1) % 2
			left[s] += increment - spent[i]
			clock[i] = left[s]
		}
	}
	return clock, spent
}

// cutWon cuts g at the first position from move 20 on where the side to
// move is two pawns up or more, and makes that side lose there; false
// when there is none.
func cutWon(g *pgn.Game, whites []int) bool {
	for i := 40; i < len(g.Nodes); i++ {
		v := whites[i]
		if g.Nodes[i].Pos.Side == bitboard.Black {
			v = -v
		}
		if v < 200 || v > pgn.MateValue/2 { // a mate in hand is not a position a player flags in
			continue
		}
		g.Nodes = g.Nodes[:i+1]
		g.Nodes[i].FirstChild = -1
		g.Result = map[bitboard.Color]string{bitboard.White: "0-1", bitboard.Black: "1-0"}[g.Nodes[i].Pos.Side]
		setTag(g, "Result", g.Result)
		return true
	}
	return false
}

// clockText writes seconds as H:MM:SS, as Lichess does (whole seconds).
func clockText(secs float64) string {
	s := int(math.Max(secs, 0))
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

func setTag(g *pgn.Game, name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, pgn.Tag{Name: name, Value: value})
}

package pgn

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestReadCommandsForms(t *testing.T) {
	for _, tt := range []struct {
		comment string
		want    Commands
	}{
		{"[%eval 0.17]", Commands{Eval: 17, Has: HasEval}},
		{"[%eval -1.5]", Commands{Eval: -150, Has: HasEval}},
		{"[%eval +2]", Commands{Eval: 200, Has: HasEval}},
		{"[%eval .5]", Commands{Eval: 50, Has: HasEval}},
		{"[%eval 700]", Commands{Eval: MaxPawnEval, Has: HasEval}}, // kept clear of the mates
		{"[%eval -9999.99]", Commands{Eval: -MaxPawnEval, Has: HasEval}},
		{"[%eval -0.005]", Commands{Eval: -1, Has: HasEval}},
		{"[%eval 0.004]", Commands{Eval: 0, Has: HasEval}},
		{"[%eval 0.17,22]", Commands{Eval: 17, Has: HasEval}},
		{"[%eval 0.17, 22]", Commands{Eval: 17, Has: HasEval}},
		{"[%eval #3]", Commands{Eval: MateValue - 3, Mate: 3, Has: HasEval | HasMate}},
		{"[%eval #-2]", Commands{Eval: -(MateValue - 2), Mate: -2, Has: HasEval | HasMate}},
		{"[%eval #+1,30]", Commands{Eval: MateValue - 1, Mate: 1, Has: HasEval | HasMate}},
		{"[%eval #0]", Commands{Mate: 0, Has: HasEval | HasMate}}, // signed by Game.Commands
		{"[%eval #-0]", Commands{Mate: 0, Has: HasEval | HasMate}},
		{"[%clk 0:01:23]", Commands{Clock: 83, Has: HasClock}},
		{"[%clk 1:02:03.4]", Commands{Clock: 3723, Has: HasClock}},
		{"[%clk 5:07]", Commands{Clock: 307, Has: HasClock}},
		{"[%emt 0:00:05]", Commands{EMT: 5, Has: HasEMT}},
		{"[%emt 0:00:00.9]", Commands{EMT: 0, Has: HasEMT}},
		{"good move [%eval 0.3] [%clk 0:02:58] [%csl Ge4] [%emt 0:00:02]", Commands{Eval: 30, Clock: 178, EMT: 2, Has: HasEval | HasClock | HasEMT}},
		{"[%eval #2] [%eval 1.0]", Commands{Eval: 100, Has: HasEval}}, // the last one counts, mate no more
		{"[%cal Ge2e4] no numbers", Commands{}},
		{"", Commands{}},
	} {
		got, errs := ReadCommands([]string{tt.comment})
		if got != tt.want || len(errs) != 0 {
			t.Errorf("%q: %+v %v, want %+v", tt.comment, got, errs, tt.want)
		}
	}
}

func TestReadCommandsAcrossComments(t *testing.T) {
	got, errs := ReadCommands([]string{"[%eval 0.5]", "[%clk 0:00:10]"})
	if want := (Commands{Eval: 50, Clock: 10, Has: HasEval | HasClock}); got != want || errs != nil {
		t.Errorf("%+v %v, want %+v", got, errs, want)
	}
}

// A malformed command is reported and skipped; the good ones beside it
// are read.
func TestReadCommandsMalformed(t *testing.T) {
	for _, tt := range []struct {
		comment, bad string
		want         Commands
	}{
		{"[%eval abc] [%clk 0:00:10]", "[%eval abc]", Commands{Clock: 10, Has: HasClock}},
		{"[%eval #]", "[%eval #]", Commands{}},
		{"[%eval 1.2.3]", "[%eval 1.2.3]", Commands{}},
		{"[%eval 0.5,x]", "[%eval 0.5,x]", Commands{}},
		{"[%eval ]", "[%eval ]", Commands{}},
		{"[%eval 123456]", "[%eval 123456]", Commands{}},
		{"[%clk 1:xx:00] [%eval 0.1]", "[%clk 1:xx:00]", Commands{Eval: 10, Has: HasEval}},
		{"[%clk 0:1:00]", "[%clk 0:1:00]", Commands{}},
		{"[%clk 0:00:60]", "[%clk 0:00:60]", Commands{}},
		{"[%clk 100]", "[%clk 100]", Commands{}},
		{"[%emt 0:00:05.x]", "[%emt 0:00:05.x]", Commands{}},
		{"[%clk 0:00:05", "[%clk 0:00:05", Commands{}},
	} {
		got, errs := ReadCommands([]string{tt.comment})
		if got != tt.want || len(errs) != 1 || errs[0].Text != tt.bad || errs[0].Reason == "" {
			t.Errorf("%q: %+v %v, want %+v and the error of %q", tt.comment, got, errs, tt.want, tt.bad)
		}
	}
	// an unclosed command of another name is not ours to report
	if _, errs := ReadCommands([]string{"[%csl Ge4"}); errs != nil {
		t.Errorf("[%%csl without ]: %v", errs)
	}
}

// plainEval is an independent reading of the evaluation, by regular
// expression and strconv, for the fuzz target to compare with.
var plainEval = regexp.MustCompile(`\[%eval ([+-]?[0-9]*\.?[0-9]+)\]`)

// FuzzReadCommands: nothing panics, a well-formed pawn evaluation is read
// as strconv reads it, and the values are within their bounds. Run: go
// test ./pgn -run=^$ -fuzz=FuzzReadCommands -fuzztime=1m
func FuzzReadCommands(f *testing.F) {
	for _, s := range []string{"[%eval 0.17]", "[%eval #-3,20]", "[%clk 1:02:03.4]", "[%emt 0:00:05]", "x [%eval -.5] [%clk", "[%eval 1.2.3]", "[%eval #0]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, errs := ReadCommands([]string{s})
		for _, e := range errs {
			if !strings.Contains(s, e.Text) {
				t.Fatalf("error text %q is not in the comment %q", e.Text, s)
			}
		}
		if c.Has&HasMate != 0 && (c.Mate == 0) != (c.Eval == 0) || c.Mate != 0 && c.Eval > 0 != (c.Mate > 0) {
			t.Fatalf("%q: mate %d with eval %d", s, c.Mate, c.Eval)
		}
		if c.Has&HasEval != 0 && c.Has&HasMate == 0 && (c.Eval >= MateValue/2 || c.Eval <= -MateValue/2) {
			t.Fatalf("%q: eval %d reads as a mate", s, c.Eval)
		}
		if c.Clock < 0 || c.EMT < 0 {
			t.Fatalf("%q: negative time %+v", s, c)
		}
		// a single well-formed evaluation and nothing else
		if m := plainEval.FindStringSubmatch(s); m != nil && m[0] == s {
			whole, _, _ := strings.Cut(strings.TrimLeft(m[1], "+-"), ".")
			if len(whole) > 4 || len(whole) == 4 || len(whole) == 3 && whole >= "499" {
				return // beyond MaxPawnEval
			}
			f, err := strconv.ParseFloat(m[1], 64)
			if err != nil || errs != nil {
				t.Fatalf("%q: %v %v", s, err, errs)
			}
			if want := f * 100; float64(c.Eval) < want-0.5001 || float64(c.Eval) > want+0.5001 {
				t.Fatalf("%q: %d centipawns, strconv says %g", s, c.Eval, want)
			}
		}
	})
}

// #0 is a mate on the board: the side to move is mated, whichever it is.
func TestGameCommandsMatedSideToMove(t *testing.T) {
	g := parseOK(t, `1. f3 {[%eval -0.8]} e5 2. g4 {[%eval #-1]} Qh4# {[%eval #0]} 0-1

`)
	c, errs := g.Commands(4)
	if want := (Commands{Eval: -MateValue, Mate: 0, Has: HasEval | HasMate}); c != want || errs != nil {
		t.Errorf("White mated: %+v %v, want %+v", c, errs, want)
	}
	g = parseOK(t, `1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {[%eval #-0]} 1-0

`)
	if c, _ := g.Commands(7); c.Eval != MateValue || c.Mate != 0 {
		t.Errorf("Black mated: %+v, want eval %d", c, MateValue)
	}
	if c, _ := g.Commands(6); c != (Commands{}) {
		t.Errorf("a move without commands: %+v", c)
	}
}

func TestReadTimeControl(t *testing.T) {
	for _, tt := range []struct {
		tag  string
		want []TimePeriod
	}{
		{"300", []TimePeriod{{Seconds: 300}}},
		{"300+3", []TimePeriod{{Seconds: 300, IncrementMs: 3000}}},
		{"0+1", []TimePeriod{{Seconds: 0, IncrementMs: 1000}}},
		{"1800+5.232", []TimePeriod{{Seconds: 1800, IncrementMs: 5232}}},
		{"10+0.05", []TimePeriod{{Seconds: 10, IncrementMs: 50}}},
		{"40/9000", []TimePeriod{{Moves: 40, Seconds: 9000}}},
		{"40/7200:3600", []TimePeriod{{Moves: 40, Seconds: 7200}, {Seconds: 3600}}},
		{"40/5400+30:1800+30", []TimePeriod{{Moves: 40, Seconds: 5400, IncrementMs: 30000}, {Seconds: 1800, IncrementMs: 30000}}},
		{"40/7200:20/3600:900+30", []TimePeriod{{Moves: 40, Seconds: 7200}, {Moves: 20, Seconds: 3600}, {Seconds: 900, IncrementMs: 30000}}},
		{" 300+3 ", []TimePeriod{{Seconds: 300, IncrementMs: 3000}}},
	} {
		tc, ok := ReadTimeControl(tt.tag)
		if !ok || !slices.Equal(tc.Periods, tt.want) {
			t.Errorf("%q: %+v %v, want %+v", tt.tag, tc.Periods, ok, tt.want)
		}
	}
	// no clock to work from, or not the standard's
	for _, tag := range []string{"", "?", "-", "*180", "15 min. + 10 s. per move", "300+", "+3", "/300", "0/300", "300:40/7200", "40/7200:", "300+3+3", "1e3"} {
		if tc, ok := ReadTimeControl(tag); ok {
			t.Errorf("%q: read as %+v", tag, tc.Periods)
		}
	}
}

// What a clock gains with each move: the increment, and the next
// period's time with the move that ends a period (the last one repeating).
func TestTimeControlAddedMs(t *testing.T) {
	for _, tt := range []struct {
		tag  string
		move int
		want int32
	}{
		{"300+3", 1, 3000},
		{"300+3", 500, 3000},
		{"300", 40, 0},
		{"40/7200:3600", 39, 0},
		{"40/7200:3600", 40, 3600_000},
		{"40/7200:3600", 41, 0},
		{"40/5400+30:1800+30", 40, 1830_000},
		{"40/5400+30:1800+30", 41, 30_000},
		{"40/9000", 40, 9000_000},
		{"40/9000", 80, 9000_000},
		{"40/9000", 79, 0},
		{"40/7200:20/3600:900+30", 60, 900_000},
		{"40/7200:20/3600:900+30", 61, 30_000},
		{"40/7200:20/3600", 80, 3600_000}, // the 20-move period repeats
		{"40/7200:20/3600", 70, 0},
		{"40/7200:20/3600", 1_000_000_000, 3600_000},
	} {
		tc, _ := ReadTimeControl(tt.tag)
		if got := tc.AddedMs(tt.move); got != tt.want {
			t.Errorf("%q move %d: %d ms, want %d", tt.tag, tt.move, got, tt.want)
		}
	}
}

// The time a move took, from [%emt] or else from the clocks.
func TestGameMoveTime(t *testing.T) {
	game := func(tc, movetext string) *Game {
		tag := ""
		if tc != "" {
			tag = "[TimeControl \"" + tc + "\"]\n\n"
		}
		return parseOK(t, tag+movetext+" *\n\n")
	}
	type want struct {
		secs int32
		ok   bool
	}
	for _, tt := range []struct {
		name, tc, movetext string
		want               []want // of the moves, in order
	}{
		{"Lichess: first moves untimed", "300+3",
			"1. e4 {[%clk 0:05:00]} c5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:05:01]} Nc6 {[%clk 0:04:50]}",
			[]want{{0, true}, {0, true}, {2, true}, {13, true}}},
		{"a timed first move", "180+2",
			"1. d4 {[%clk 0:02:58]} Nf6 {[%clk 0:03:01]}",
			[]want{{4, true}, {1, true}}},
		{"[%emt] wins", "300+3",
			"1. e4 {[%clk 0:05:00] [%emt 0:00:07]} c5 {[%emt 0:00:09]}",
			[]want{{7, true}, {9, true}}},
		{"no TimeControl", "",
			"1. e4 {[%clk 0:05:00]} c5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:01]}",
			[]want{{0, false}, {0, false}, {0, false}}},
		{"unknown TimeControl", "?",
			"1. e4 {[%clk 0:05:00]} c5 {[%clk 0:05:00]} 2. Nf3 {[%clk 0:04:01]}",
			[]want{{0, false}, {0, false}, {0, false}}},
		{"after a missing clock", "60+0",
			"1. e4 {[%clk 0:00:59]} c5 2. Nf3 {[%clk 0:00:50]} Nc6 {[%clk 0:00:40]} 3. d4 {[%clk 0:00:55]}",
			[]want{{1, true}, {0, false}, {9, true}, {0, false}, {0, false}}}, // 3. d4 gained time: none
		{"a fractional increment", "10+0.5",
			"1. e4 {[%clk 0:00:09]} c5 {[%clk 0:00:08]} 2. Nf3 {[%clk 0:00:08]}",
			[]want{{1, true}, {2, true}, {1, true}}},
		{"a period's time given with its last move", "2/60:30",
			"1. e4 {[%clk 0:00:55]} c5 {[%clk 0:00:50]} 2. Nf3 {[%clk 0:01:20]} Nc6 {[%clk 0:00:30]}",
			[]want{{5, true}, {10, true}, {5, true}, {50, true}}},
	} {
		g := game(tt.tc, tt.movetext)
		for i, w := range tt.want {
			node := int32(i + 1)
			if secs, ok := g.MoveTime(node); secs != w.secs || ok != w.ok {
				t.Errorf("%s: move %d: %d %v, want %d %v", tt.name, node, secs, ok, w.secs, w.ok)
			}
		}
	}
}

// A game starting from a position is timed by its move numbers.
func TestGameMoveTimeFromPosition(t *testing.T) {
	g := parseOK(t, `[TimeControl "40/7200:3600"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 40"]
[SetUp "1"]

40. Kd1 {[%clk 0:10:00]} Kd8 {[%clk 0:20:00]} 41. Kc1 {[%clk 1:09:00]} *

`)
	// 40. Kd1 is White's first move here: from the start time, 7200 s,
	// and the period's end adds 3600
	for node, want := range map[int32]int32{1: 7200 - 600 + 3600, 2: 7200 - 1200 + 3600, 3: 600 - 4140} {
		secs, ok := g.MoveTime(node)
		if wantOK := want >= 0; ok != wantOK || ok && secs != want {
			t.Errorf("move %d: %d %v, want %d", node, secs, ok, want)
		}
	}
}

// FuzzReadPlain: what the byte-at-a-time reading of the common forms
// takes, the general reading reads to the same values, from any values
// before. Run: go test ./pgn -run=^$ -fuzz=FuzzReadPlain -fuzztime=1m
func FuzzReadPlain(f *testing.F) {
	for _, s := range []string{"0.17", "-1.5", "#3", "#-12", "0:01:23", "1:02:03.4", "5:07", "12:00:00.123456789", "9999.99", "-0", "#0", "0:60", "1:2:3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, args string) {
		before := Commands{Eval: 7, Mate: 2, Clock: 9, EMT: 4, Has: HasEval | HasMate | HasClock}
		for _, name := range []string{"eval", "clk", "emt"} {
			cmd := "[%" + name + " " + args + "]"
			if strings.IndexByte(args, ']') >= 0 {
				return // not one command
			}
			plain, general := before, before
			if !plain.readPlain(cmd) {
				continue
			}
			if err := general.read(cmd); err != nil || plain != general {
				t.Fatalf("%q: plain %+v, general %+v %v", cmd, plain, general, err)
			}
		}
	})
}

// The common forms are all read the plain way: a Lichess comment.
func TestReadPlainTakesLichessForms(t *testing.T) {
	for _, cmd := range []string{"[%eval 0.17]", "[%eval -12.5]", "[%eval 3]", "[%eval #-4]", "[%clk 0:01:23]", "[%clk 1:02:03.4]", "[%emt 0:00:05]"} {
		var c Commands
		if !c.readPlain(cmd) {
			t.Errorf("%s is left to the general reading", cmd)
		}
	}
}

// FuzzReadTimeControl: nothing panics; a control read has a first period,
// only its last period may last the rest of the game, and no move adds a
// negative time or more than the control's largest period and increment.
// Run: go test ./pgn -run=^$ -fuzz=FuzzReadTimeControl -fuzztime=1m
func FuzzReadTimeControl(f *testing.F) {
	for _, s := range []string{"300+3", "40/7200:3600", "40/5400+30:1800+30", "1800+5.232", "?", "-", "*180", "40/7200:20/3600:900+30"} {
		f.Add(s, 40)
	}
	f.Fuzz(func(t *testing.T, tag string, move int) {
		tc, ok := ReadTimeControl(tag)
		if !ok {
			return
		}
		if len(tc.Periods) == 0 {
			t.Fatalf("%q: no periods", tag)
		}
		most := int32(0)
		for i, p := range tc.Periods {
			if p.Moves == 0 && i != len(tc.Periods)-1 || p.Seconds < 0 || p.IncrementMs < 0 {
				t.Fatalf("%q: period %d %+v", tag, i, p)
			}
			most = max(most, p.Seconds*1000+p.IncrementMs)
		}
		move = 1 + max(move, -move)%100000
		if added := tc.AddedMs(move); added < 0 || added > most {
			t.Fatalf("%q: move %d adds %d ms", tag, move, added)
		}
	})
}

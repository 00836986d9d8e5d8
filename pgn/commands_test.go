package pgn

import (
	"regexp"
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
		{"[%eval #0]", "[%eval #0]", Commands{}},
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
	for _, s := range []string{"[%eval 0.17]", "[%eval #-3,20]", "[%clk 1:02:03.4]", "[%emt 0:00:05]", "x [%eval -.5] [%clk", "[%eval 1.2.3]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, errs := ReadCommands([]string{s})
		for _, e := range errs {
			if !strings.Contains(s, e.Text) {
				t.Fatalf("error text %q is not in the comment %q", e.Text, s)
			}
		}
		if c.Has&HasMate != 0 && (c.Mate == 0 || c.Eval > 0 != (c.Mate > 0)) {
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

package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/vm"
)

// TestPanicInAGameNamesIt: a panic in a worker becomes a one-line report
// naming the game, and the worker goes on with a fresh machine.
func TestPanicInAGameNamesIt(t *testing.T) {
	q, err := Compile("mate")
	if err != nil {
		t.Fatal(err)
	}
	w := newWorker(q, newConfig(q, Options{MatchCount: &Range{0, 1}}), 0)
	w.m = (*vm.Machine)(nil) // the bug: a worker without a machine
	raw := &pgn.RawGame{Number: 7, File: "x.pgn", Offset: 1234, Data: []byte("1. f3 e5 2. g4 Qh4# 0-1\n")}
	res := w.processSafely(raw)
	if res.crash == nil {
		t.Fatal("the panic was not caught")
	}
	if want := "internal error on game 7 of x.pgn (starting at byte 1234): "; !strings.HasPrefix(res.crash.Error(), want) {
		t.Errorf("report %q, want it to start with %q", res.crash.Error(), want)
	}
	if res.crash.Game != 7 {
		t.Errorf("the report's game is %d, want 7", res.crash.Game)
	}
	if res2 := w.processSafely(raw); res2.crash != nil || !res2.Selected {
		t.Errorf("after a panic the worker should go on with a fresh machine: %+v", res2)
	}
}

// TestRunGoesOnAfterAPanic runs a program with an instruction the machine
// does not know: every game's search panics, the run reads them all, and
// Run reports the first game with complete Stats.
func TestRunGoesOnAfterAPanic(t *testing.T) {
	q := withBadInstruction(t, "mate")
	for _, threads := range []int{1, 2} {
		st, err := Run(q, Options{Inputs: []string{samplePGN}, Threads: threads})
		ie, ok := errors.AsType[*InternalError](err)
		if !ok {
			t.Fatalf("%d threads: error %v, want an *InternalError", threads, err)
		}
		if ie.Game != 1 || !strings.HasPrefix(ie.Error(), "internal error on game 1 of "+samplePGN) {
			t.Errorf("%d threads: %q (game %d), want the first game named", threads, ie, ie.Game)
		}
		if st.Games != 253 || st.Matches != 0 {
			t.Errorf("%d threads: %d games, %d matches; want 253 and 0", threads, st.Games, st.Matches)
		}
	}
}

// withBadInstruction compiles text and replaces the instruction at the
// program's entry with one of an opcode the machine does not implement.
func withBadInstruction(t *testing.T, text string) *Query {
	t.Helper()
	q, err := Compile(text)
	if err != nil {
		t.Fatal(err)
	}
	prog := *q.Program()
	prog.Code = append([]vm.Inst(nil), prog.Code...)
	prog.Code[prog.Entry].Op = 255
	return &Query{compiled: &compiler.Query{Program: &prog, Header: q.Header()}}
}

// failedAt is a panic value that names the failing instruction.
type failedAt int

func (f failedAt) FailedPC() int { return int(f) }
func (f failedAt) Error() string { return "bad instruction" }

// TestCrashNamesTheQueryPlace: when the panic says which instruction
// failed, the report names the game and the place in the query of the
// text that produced the instruction.
func TestCrashNamesTheQueryPlace(t *testing.T) {
	q := loadText(t, "cql()\n\n  check\n")
	pc := -1
	for i, sp := range q.Program().Spans {
		if sp.From > 0 && pc < 0 {
			pc = i
		}
	}
	if pc < 0 {
		t.Fatal("no instruction comes from the query's body")
	}
	w := newWorker(q, newConfig(q, Options{}), 0)
	raw := &pgn.RawGame{Number: 12, File: "x.pgn", Offset: 99}
	for _, p := range []any{failedAt(pc), errors.Join(errors.New("wrapped"), failedAt(pc))} {
		crash := w.crashed(raw, p).crash
		want := "internal error on game 12 of x.pgn (starting at byte 99) at " + q.Program().Src.Name + ":3:3 of the query: "
		if !strings.HasPrefix(crash.Error(), want) || crash.Game != 12 {
			t.Errorf("report %q (game %d), want it to start with %q", crash.Error(), crash.Game, want)
		}
	}
	if got := w.crashed(raw, "no pc").crash.Query; got != "" {
		t.Errorf("a panic without a pc is placed at %q", got)
	}
}

// TestCancelledRunStops: a run whose context is done reads no further
// batch and returns the context's error.
func TestCancelledRunStops(t *testing.T) {
	q, err := Compile("check")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := Run(q, Options{Inputs: []string{gamesPGN}, Context: ctx, Threads: 2})
	if !errors.Is(err, context.Canceled) || st.Games != 0 {
		t.Errorf("Run = %d games, %v; want 0 games and context.Canceled", st.Games, err)
	}
}

// TestMachineFaultNamesTheQueryPlace: a real panic of the machine (an
// instruction it does not know, standing for a bug) is reported with the
// game and the place in the query text of the failing instruction.
func TestMachineFaultNamesTheQueryPlace(t *testing.T) {
	q := loadText(t, "cql()\n\n  mate\n")
	prog := *q.Program()
	prog.Code = append([]vm.Inst(nil), prog.Code...)
	bad := -1
	for pc := prog.Entry; pc < len(prog.Code); pc++ {
		if line, _ := prog.Src.Position(int(prog.Spans[pc].From)); line == 3 {
			bad = pc
			break
		}
	}
	if bad < 0 {
		t.Fatal("no instruction of the body comes from line 3")
	}
	prog.Code[bad].Op = 255
	broken := &Query{compiled: &compiler.Query{Program: &prog, Header: q.Header()}}
	_, err := Run(broken, Options{Inputs: []string{samplePGN}, Threads: 1})
	ie, ok := errors.AsType[*InternalError](err)
	if !ok {
		t.Fatalf("error %v, want an *InternalError", err)
	}
	want := "internal error on game 1 of " + samplePGN + " (starting at byte 0) at " + prog.Src.Name + ":3:3 of the query: "
	if !strings.HasPrefix(ie.Error(), want) {
		t.Errorf("report %q, want it to start with %q", ie.Error(), want)
	}
}

// TestTracedProgramGivesTheSameAnswers: the traced copy of a program,
// which a crashed game is run again with, answers as the program does.
func TestTracedProgramGivesTheSameAnswers(t *testing.T) {
	for _, text := range []string{"mate", "piece X in [QR] (X attacks k)", "line --> check{2,}", "path -- check -- check", "sort ply"} {
		q, err := Compile(text)
		if err != nil {
			t.Fatal(err)
		}
		traced := &Query{compiled: &compiler.Query{Program: q.Program().Traced(), Header: q.Header()}}
		want, err1 := Run(q, Options{Inputs: []string{samplePGN}, Threads: 1})
		got, err2 := Run(traced, Options{Inputs: []string{samplePGN}, Threads: 1})
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v / %v", text, err1, err2)
		}
		if got.Matches != want.Matches || got.Matches == 0 {
			t.Errorf("%s: traced %d matches, plain %d", text, got.Matches, want.Matches)
		}
	}
}

package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/opt"
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// TestEchoSameBoardSkipsOnlyFailingTargets checks the echo shortcut: when
// the body tests `source & target == .` with only pure tests before it, the walk skips targets with
// another board. Every query must give the same matches and the same
// comments as its program with the shortcut taken out, on studies (with
// variations) and OTB games; and the shortcut must be taken exactly where
// it is safe.
func TestEchoSameBoardSkipsOnlyFailingTargets(t *testing.T) {
	cases := []struct {
		query string
		skips bool
	}{
		{"echo (s t) {s & t == . sidetomove != s:sidetomove}", true},
		{"echo (x y) {x & y == .  ply > x:ply + 2}", true},
		{"echo (x y) in all {y & x == .  ply}", true},
		{"sort echo (s t) {s & t == . ply}", true},
		{"echo (s t) {. == s & t  check}", true},
		{"echo quiet (s t) {s & t == . and sidetomove == s:sidetomove}", true},
		{"echo (s t) {s & t == . t:ply < s:ply} t:check", true}, // t after the walk: its last target
		{"echo (s t) {s & t == . comment(\"same\") check}", true},
		{"echo (s t) {s & t == . s = t}", false}, // the body rebinds the source
		{"echo (s t) {check s & t == .}", true},
		{"echo (s t) {comment(\"c\") s & t == .}", false},                                         // a comment first
		{"echo (s t) {s < t  t:ply - s:ply >= 20  sidetomove == s:sidetomove  s & t == .}", true}, // only pure tests before it
		{"echo (s t) {sidetomove == s:sidetomove and s & t == .}", true},
		{"echo (s t) {v = ply  s & t == .}", false},                       // an assignment before it
		{"echo (s t) {comment(\"x\")  s & t == .}", false},                // a comment before it
		{"echo (s t) {#(s & t) == 64 sidetomove == s:sidetomove}", false}, // the same test, spelled otherwise
		{"echo (s t) {not s & t == .}", false},
		{"echo (s s) {s & s == . check}", false},                             // one variable: every target passes
		{"echo (s t) {s < t  check}", true},                                  // after the source
		{"echo (s t) {t > s  sidetomove == s:sidetomove  s & t == .}", true}, // both
		{"echo (s t) in all {s < t  t:ply > s:ply + 10}", true},
		{"echo (s t) {s < t  check} t:ply > 1", true},                                     // t after the walk: its last target
		{"echo (s t) {ply  s < t}", true},                                                 // numeric body
		{"echo (s t) {s < t} t:ply > 1", true},                                            // no test left in the body
		{"piece N1 in N { echo (s t) { s < t  N1 == s:N1  t:ply - s:ply >= 10 } }", true}, // numeric: the test left out
		{"sort echo (s t) {s < t  t:ply - s:ply}", true},
		{"not echo (s t) {s < t  check}  t:ply == ply - 1", true}, // t after a failed walk from the last position
		{"echo (s t) in all {s < t  check} t:ply", true},          // in all: the source is the walk's last target at the end
		{"piece R1 in R piece R2 in r { echo (s t) { s < t  R1 == s:R2 } }", true},
		{"echo (s t) {t < s  check}", false},
		{"echo (s t) {s < t  s = t}", false},
	}
	games := firstGames(t, 200)
	for _, c := range cases {
		checkEchoShortcut(t, c.query, games, "shortcut", walkWith(vm.EchoSameBoard|vm.EchoAfterSource), c.skips)
	}
}

// walkWith reports whether code walks an echo with one of flags.
func walkWith(flags uint8) func(vm.Inst) bool {
	return func(in vm.Inst) bool {
		return (in.Op == vm.OpEchoNext || in.Op == vm.OpEchoNextCur) && in.X&flags != 0
	}
}

// checkEchoShortcut compiles query with and without the echo shortcuts,
// checks that an instruction of the shortcut (shortcut) is there exactly
// when want says, and that both programs match the same positions with
// the same comments in games (some at least).
func checkEchoShortcut(t *testing.T, query string, games []*pgn.Game, what string, shortcut func(vm.Inst) bool, want bool) {
	t.Helper()
	q, err := compileText(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	plain, err := Compile(source.New("f.cql", query), Options{Disable: echoOpts})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	if taken := slices.ContainsFunc(q.Program.Code, shortcut); taken != want {
		t.Errorf("%s: %s taken %v, want %v", query, what, taken, want)
	}
	if found := sameAnswers(t, query, "the shortcuts", q.Program, plain.Program, games); found == 0 {
		t.Errorf("%s: no match in %d games; the comparison shows nothing", query, len(games))
	}
}

// TestEchoPlyWindowSkipsOnlyFailingTargets checks the echo walk that
// skips targets whose ply minus the source's fails a leading comparison
// with a constant (EchoPlyWindow): the same answers and comments as
// without the shortcuts, and the window taken exactly where it is safe.
func TestEchoPlyWindowSkipsOnlyFailingTargets(t *testing.T) {
	cases := []struct {
		query  string
		window bool
	}{
		{"echo (s t) {t:ply == s:ply + 4  sidetomove == s:sidetomove}", true},
		{"echo (s t) {s:ply + 3 == t:ply  check}", true},
		{"echo (s t) {ply - s:ply >= 6  s & t == .}", true}, // ply: the target's
		{"echo (s t) {t:ply < s:ply - 2  check}", true},
		{"echo (s t) {s:ply - t:ply > 1  check}", true},
		{"echo (s t) in all {t:ply - s:ply <= 0  check} t:ply > 0", true}, // t after the walk
		{"echo (s t) {t:ply >= s:ply + 2  t:ply <= s:ply + 5  check}", true},
		{"piece Z in [RQ] { echo (s t) { s < t  t:ply == s:ply + 4  Z & s:Z == 0 } }", true},
		{"not echo (s t) {t:ply == s:ply + 1000} t:ply >= 0", true}, // t after a walk with no target kept
		{"sort echo (s t) {t:ply == s:ply + 2  #A}", true},          // numeric body
		{"echo (s t) {t:ply - s:ply != 2  check}", false},
		{"echo (s t) {v = 1  t:ply == s:ply + 2}", false}, // an assignment before it
		{"echo (s t) {check  t:ply == s:ply + 2}", true},
		{"echo (s t) {x = 1  t:ply == s:ply + 2}", false}, // an assignment first
		{"echo (s t) {s = t  t:ply == s:ply}", false},     // the body rebinds the source
		{"echo (s t) {t:ply + s:ply == 8  check}", false},
	}
	games := firstGames(t, 200)
	for _, c := range cases {
		checkEchoShortcut(t, c.query, games, "ply window", walkWith(vm.EchoPlyWindow), c.window)
	}
}

// TestEchoSourceTestsComeFirst checks the tests of the source alone that
// an echo makes once before its walk (echoSourceTests): the same answers
// and comments as without the shortcuts.
func TestEchoSourceTestsComeFirst(t *testing.T) {
	games := firstGames(t, 200)
	for _, query := range []string{
		"echo (s t) {s < t  t:ply - s:ply >= 4  t:check  s:check  line --> check{2,}}",
		"echo (s t) {t:mate  s:check  s:(A attacks k)}",
		"echo (s t) in all {s:(btm and check)  t:check  s & t == .}",
		"sort echo (s t) {s:check  t:check  t:ply - s:ply}",
		"echo (s t) {s:(move from [Kk])  t:stalemate or t:mate}",
		"not echo (s t) {s:mate  t:check} t:ply >= 0",
	} {
		checkEchoShortcut(t, query, games, "source test", func(in vm.Inst) bool { return in.Op == vm.OpEchoToEnd }, true)
	}
}

// echoOpts are the optimizations of echo walks.
var echoOpts = opt.Set(0).With(opt.EchoPlyWindow).With(opt.EchoSourceFirst).With(opt.EchoSameBoard).With(opt.EchoAfterSource).With(opt.EchoKeyJoin)

// TestEchoKeyJoinSkipsOnlyFailingTargets checks the echo walk that goes
// only to the targets whose values equal the source's in the body's
// leading key tests (echo-key-join): the same answers and comments as
// without the shortcuts, and the join taken exactly where it is safe.
func TestEchoKeyJoinSkipsOnlyFailingTargets(t *testing.T) {
	cases := []struct {
		query string
		joins bool
	}{
		{"piece Z in [RB] piece W in [rb] { echo (s t) { s < t  Z == s:W  W == s:Z } }", true},
		{"echo (s t) {s < t  #A == s:#a  #a == s:#A  check}", true},
		{"echo (s t) {t:ply == s:ply  s & t == .}", true},                          // transpositions: same ply and board
		{"echo (s t) {s:(A attacks k) == A attacks k  t:ply > s:ply + 20}", true},  // the source's side first
		{"echo (s t) in all {t:#P == s:#p  t:#p == s:#P  mate}", true},             // in all
		{"echo (s t) {k == s:K  check} t:ply > 1", true},                           // t after the walk: its last target
		{"sort echo (s t) {#A == s:#A  t:ply - s:ply}", true},                      // numeric body
		{"piece Z in [Qq] echo (s t) {s < t  Z == s:Z  t:ply - s:ply > 30}", true}, // a piece that stays put
		{"echo (s t) {s:[Kk] == [Kk]  s < t  check}", true},                        // the kings on the same squares
		{"not echo (s t) {s:#Q == #q  t:check}  t:ply >= 0", true},                 // t after a failed walk
		{"echo (s t) {x = 1  #A == s:#A  check}", false},                           // an assignment before it
		{"echo (s t) {comment(\"c\")  #A == s:#A}", false},                         // a comment before it
		{"echo (s t) {#A == s:#A  s = t}", false},                                  // the body rebinds the source: no shortcut at all
		{"Z = a1 echo (s t) {Z == s:K  Z = K}", false},                             // the target's side reads a variable the body rebinds
		{"echo (s t) {#A == s:(A attacks k)}", false},                              // a number and a set
		{"echo (s t) {#(t & s) == s:#A}", false},                                   // the target's side reads the source
	}
	games := firstGames(t, 100)
	for _, c := range cases {
		checkEchoShortcut(t, c.query, games, "key join", func(in vm.Inst) bool { return in.Op == vm.OpEchoJoinNext }, c.joins)
	}
}

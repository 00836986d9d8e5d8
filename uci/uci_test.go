package uci

import (
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseInfoScore(t *testing.T) {
	tests := []struct {
		line string
		want Score
		ok   bool
	}{
		{"info depth 12 seldepth 18 multipv 1 score cp 35 nodes 1000 pv e2e4", Score{Centipawns: 35}, true},
		{"info depth 5 score cp -120 nodes 10", Score{Centipawns: -120}, true},
		{"info depth 3 score mate 2 nodes 10 pv a1a8", Score{Mate: 2, IsMate: true}, true},
		{"info depth 0 score mate 0", Score{IsMate: true}, true},
		{"info depth 9 score cp 40 lowerbound nodes 10", Score{}, false},
		{"info string NNUE evaluation using nn.nnue", Score{}, false},
		{"bestmove e2e4", Score{}, false},
		{"info depth 1 score", Score{}, false},
	}
	for _, tt := range tests {
		got, ok := parseInfoScore(tt.line)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q: %+v %v, want %+v %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
	// the last exact score counts, bounds and later chatter are skipped
	lines := []string{"info depth 1 score cp 10", "info depth 2 score cp 20", "info depth 3 score cp 99 upperbound", "info string x", "bestmove a2a3"}
	if s, ok := lastScore(lines); !ok || s.Centipawns != 20 {
		t.Errorf("lastScore = %+v %v, want 20", s, ok)
	}
}

func TestScoreValue(t *testing.T) {
	for _, tt := range []struct {
		s    Score
		want int
	}{
		{Score{Centipawns: -35}, -35},
		{Score{Mate: 3, IsMate: true}, MateValue - 3},
		{Score{Mate: -2, IsMate: true}, -(MateValue - 2)},
		{Score{IsMate: true}, -MateValue},
	} {
		if got := tt.s.Value(); got != tt.want {
			t.Errorf("%+v: %d, want %d", tt.s, got, tt.want)
		}
	}
}

func TestFindNamesWhatItLookedFor(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	saved := fallbackPaths
	fallbackPaths = []string{"/nonexistent/stockfish"}
	defer func() { fallbackPaths = saved }()
	_, err := Find("")
	if err == nil || !strings.Contains(err.Error(), `"stockfish" on the PATH`) || !strings.Contains(err.Error(), "/nonexistent/stockfish") || !strings.Contains(err.Error(), "--engine") {
		t.Errorf("error %v does not say what was looked for and how to give an engine", err)
	}
	if _, err := Find("/nonexistent/engine"); err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Errorf("error %v does not name the engine asked for", err)
	}
}

func TestCacheSearchesEachPositionOnce(t *testing.T) {
	c := NewCache()
	var mu sync.Mutex
	calls := 0
	search := func() (Score, error) {
		mu.Lock()
		calls++
		mu.Unlock()
		time.Sleep(10 * time.Millisecond) // let the other askers arrive while it runs
		return Score{Centipawns: 7}, nil
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if s, err := c.Get(42, Limit{Depth: 3}, search); err != nil || s.Centipawns != 7 {
				t.Errorf("got %+v %v", s, err)
			}
		}()
	}
	wg.Wait()
	if calls != 1 || c.Searches() != 1 {
		t.Errorf("%d searches (%d counted), want 1", calls, c.Searches())
	}
	// another limit is another search
	c.Get(42, Limit{Depth: 4}, search)
	if calls != 2 {
		t.Errorf("%d searches, want 2 after a new limit", calls)
	}
	// a failure is remembered
	failing := func() (Score, error) { calls++; return Score{}, errors.New("boom") }
	for range 2 {
		if _, err := c.Get(7, Limit{Depth: 1}, failing); err == nil {
			t.Error("the failure was lost")
		}
	}
	if calls != 3 {
		t.Errorf("%d searches, want 3: a failed position is not searched again", calls)
	}
}

// engine starts the installed engine, or skips the test saying why.
func engine(t *testing.T) string {
	t.Helper()
	path, err := Find("")
	if err != nil {
		t.Skipf("these tests need a UCI engine: %v", err)
	}
	return path
}

func TestStockfishScores(t *testing.T) {
	e, err := Start(engine(t))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	tests := []struct {
		name, fen string
		lim       Limit
		check     func(Score) bool
	}{
		{"mate in one", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Limit{Depth: 4}, func(s Score) bool { return s.IsMate && s.Mate == 1 }},
		{"mated", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Limit{Depth: 4}, func(s Score) bool { return s.IsMate && s.Mate == 0 }},
		{"a queen up", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Limit{Depth: 6}, func(s Score) bool { return s.Value() > 500 }},
		{"a queen down, side to move's view", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1", Limit{MoveTime: 50 * time.Millisecond}, func(s Score) bool { return s.Value() < -500 }},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Limit{Depth: 2}, func(s Score) bool { return !s.IsMate && s.Centipawns == 0 }},
		// a Chess960 start with its castling rights by rook file; Black a queen down
		{"Chess960", "b1nb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1", Limit{Depth: 4}, func(s Score) bool { return s.Value() > 500 }},
	}
	for _, tt := range tests {
		s, err := e.Evaluate(tt.fen, tt.lim)
		if err != nil || !tt.check(s) {
			t.Errorf("%s: %+v %v", tt.name, s, err)
		}
	}
}

func TestStockfishTimeout(t *testing.T) {
	e, err := Start(engine(t))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	e.Timeout = 50 * time.Millisecond
	_, err = e.Evaluate("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", Limit{Depth: 60})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("a depth-60 search with a 50ms timeout: %v, want a timeout", err)
	}
	e.Timeout = DefaultTimeout
	if s, err := e.Evaluate("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Limit{Depth: 3}); err != nil || !s.IsMate {
		t.Errorf("after the timeout the engine answers %+v %v", s, err)
	}
}

func TestEvaluatorStartsOnceAndCaches(t *testing.T) {
	v := &Evaluator{Path: engine(t), Cache: NewCache()}
	defer v.Close()
	for range 3 {
		if s, err := v.Evaluate(1, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Limit{Depth: 3}); err != nil || s.Mate != 1 {
			t.Fatalf("%+v %v", s, err)
		}
	}
	if v.Cache.Searches() != 1 {
		t.Errorf("%d searches, want 1", v.Cache.Searches())
	}
	if err := v.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}

func TestStartFailsClearly(t *testing.T) {
	if _, err := Start("/nonexistent/engine"); err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Errorf("error %v does not name the engine", err)
	}
	// a program that is no UCI engine: it exits at once
	if _, err := Start("/bin/true"); err == nil || !strings.Contains(err.Error(), "/bin/true") {
		t.Errorf("error %v does not name the engine whose handshake failed", err)
	}
}

// fakeEngine writes a shell script that speaks enough UCI for the tests
// that must not depend on an installed engine: depth 1 scores 42, depth
// 2 kills the engine, depth 3 searches until stopped.
func fakeEngine(t *testing.T) string {
	t.Helper()
	path := t.TempDir() + "/fake-engine"
	script := `#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo "uciok" ;;
    isready) echo "readyok" ;;
    "go depth 1") echo "info depth 1 score cp 42 nodes 1"; echo "bestmove e2e4" ;;
    "go depth 2") exit 3 ;;
    stop) echo "info depth 9 score mate -4"; echo "bestmove e2e4" ;;
    quit) exit 0 ;;
  esac
done
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFakeEngineProtocol(t *testing.T) {
	e, err := Start(fakeEngine(t))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if s, err := e.Evaluate("8/8/8/8/8/8/8/K6k w - - 0 1", Limit{Depth: 1}); err != nil || s.Centipawns != 42 {
		t.Errorf("depth 1: %+v %v, want 42", s, err)
	}
	e.Timeout = 50 * time.Millisecond
	if _, err := e.Evaluate("8/8/8/8/8/8/8/K6k w - - 0 1", Limit{Depth: 3}); !errors.Is(err, ErrTimeout) {
		t.Errorf("a search that does not end: %v, want a timeout", err)
	}
}

// A dead engine is replaced at the next position.
func TestEvaluatorRestartsADeadEngine(t *testing.T) {
	v := &Evaluator{Path: fakeEngine(t), Cache: NewCache()}
	defer v.Close()
	if s, err := v.Evaluate(1, "8/8/8/8/8/8/8/K6k w - - 0 1", Limit{Depth: 1}); err != nil || s.Centipawns != 42 {
		t.Fatalf("%+v %v", s, err)
	}
	if _, err := v.Evaluate(2, "8/8/8/8/8/8/8/K6k w - - 0 1", Limit{Depth: 2}); err == nil || !strings.Contains(err.Error(), "exited") {
		t.Errorf("the engine died: error %v", err)
	}
	if s, err := v.Evaluate(3, "8/8/8/8/8/8/8/K6k w - - 0 1", Limit{Depth: 1}); err != nil || s.Centipawns != 42 {
		t.Errorf("after the engine died: %+v %v, want a new engine's 42", s, err)
	}
}

// An engine that cannot start is started MaxFailedStarts times, not once
// for every position: a run asks at each.
func TestEvaluatorStopsStartingAnEngineThatFails(t *testing.T) {
	dir := t.TempDir()
	mark := dir + "/starts"
	path := dir + "/no-engine"
	if err := os.WriteFile(path, []byte("#!/bin/sh\necho start >> "+mark+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	v := &Evaluator{Path: path, Cache: NewCache()}
	for hash := range uint64(10) {
		_, err := v.Evaluate(hash, "8/8/8/8/8/8/8/K6k w - - 0 1", Limit{Depth: 1})
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Fatalf("position %d: error %v, want the engine's failure", hash, err)
		}
		if hash >= MaxFailedStarts-1 && !strings.Contains(err.Error(), "not started again") {
			t.Errorf("position %d: %v, want it said that it is not started again", hash, err)
		}
	}
	starts, _ := os.ReadFile(mark)
	if n := strings.Count(string(starts), "start"); n != MaxFailedStarts {
		t.Errorf("%d starts for 10 positions, want %d", n, MaxFailedStarts)
	}
}

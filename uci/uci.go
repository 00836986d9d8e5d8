// Package uci runs a chess engine over the Universal Chess Interface to
// evaluate positions for the CQL-S keywords :evaluation and
// :moveevaluation. An Engine is one engine process; a Cache shares the
// evaluations of a run among its workers so that each position is
// searched at most once; an Evaluator is what one worker holds: its own
// process, started at its first question, and the shared cache.
package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// DefaultName is the engine looked for when none is named, and
// DebianPath where Debian's package installs it (not on every PATH).
const (
	DefaultName = "stockfish"
	DebianPath  = "/usr/games/stockfish"
)

// Find resolves the engine binary: path itself when given, else
// stockfish on the PATH, else Debian's /usr/games/stockfish. The error
// names what was looked for and how to get an engine.
func Find(path string) (string, error) {
	if path != "" {
		if _, err := exec.LookPath(path); err != nil {
			return "", fmt.Errorf("the UCI engine %q cannot be run: %v", path, err)
		}
		return path, nil
	}
	if p, err := exec.LookPath(DefaultName); err == nil {
		return p, nil
	}
	for _, p := range fallbackPaths {
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			return p, nil
		}
	}
	return "", fmt.Errorf("no UCI engine found: looked for %q on the PATH and for %s; install one (apt-get install stockfish) or name it with --engine PATH", DefaultName, strings.Join(fallbackPaths, ", "))
}

// fallbackPaths are where Find looks when the PATH has no engine.
var fallbackPaths = []string{DebianPath}

// Limit is how long the engine searches a position: to a depth in
// plies, or for a time. Exactly one is set.
type Limit struct {
	Depth    int
	MoveTime time.Duration
}

func (l Limit) goCommand() string {
	if l.Depth > 0 {
		return "go depth " + strconv.Itoa(l.Depth)
	}
	return "go movetime " + strconv.FormatInt(l.MoveTime.Milliseconds(), 10)
}

// Score is an evaluation from the view of the side to move: centipawns,
// or a mate in Mate moves (negative: the side to move is mated; 0 with
// IsMate: it is mated already).
type Score struct {
	Centipawns int
	Mate       int
	IsMate     bool
}

// MateValue is how Value counts a mate: mate in n is MateValue - n
// centipawns, being mated in n is -(MateValue - n), so every mate is
// worth more than any material and a quicker mate more than a slower.
const MateValue = 100000

// Value is the score in centipawns, mates as MateValue says.
func (s Score) Value() int {
	switch {
	case !s.IsMate:
		return s.Centipawns
	case s.Mate > 0:
		return MateValue - s.Mate
	}
	return -(MateValue + s.Mate)
}

// Engine is a running UCI engine.
type Engine struct {
	path  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // the engine's output, closed when it exits
	// Timeout bounds the wait for the engine beyond the search itself
	// (the handshake, a depth search, the answer after a timed one).
	Timeout time.Duration
}

// DefaultTimeout is an Engine's Timeout.
const DefaultTimeout = 2 * time.Minute

// Start runs the engine at path and completes the UCI handshake; it asks
// for one search thread and a small hash table, since a query runs one
// engine per worker, and for Chess960 FENs.
func Start(path string) (*Engine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the UCI engine %s: %v", path, err)
	}
	e := &Engine{path: path, cmd: cmd, in: in, lines: make(chan string, 64), Timeout: DefaultTimeout}
	go e.read(out)
	if err := e.handshake(); err != nil {
		e.kill()
		_ = cmd.Wait()
		return nil, err
	}
	return e, nil
}

func (e *Engine) read(out io.Reader) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		e.lines <- sc.Text()
	}
	close(e.lines)
}

func (e *Engine) handshake() error {
	if err := e.send("uci"); err != nil {
		return err
	}
	if _, err := e.waitFor("uciok", e.Timeout); err != nil {
		return err
	}
	// Chess960 mode reads both the standard and the Chess960 castling
	// fields of a FEN and changes nothing else but how castling moves are
	// written, which Evaluate does not read; an engine without the
	// option ignores it
	if err := e.send("setoption name Threads value 1", "setoption name Hash value 16", "setoption name UCI_Chess960 value true", "isready"); err != nil {
		return err
	}
	_, err := e.waitFor("readyok", e.Timeout)
	return err
}

func (e *Engine) send(cmds ...string) error {
	for _, c := range cmds {
		if _, err := io.WriteString(e.in, c+"\n"); err != nil {
			return fmt.Errorf("the UCI engine %s stopped reading: %v", e.path, err)
		}
	}
	return nil
}

// waitFor reads lines until one starting with word and returns the
// lines before it (with it last).
func (e *Engine) waitFor(word string, timeout time.Duration) ([]string, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var got []string
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return got, fmt.Errorf("the UCI engine %s exited before saying %q", e.path, word)
			}
			got = append(got, line)
			if line == word || strings.HasPrefix(line, word+" ") {
				return got, nil
			}
		case <-timer.C:
			return got, fmt.Errorf("the UCI engine %s did not say %q within %v", e.path, word, timeout)
		}
	}
}

// ErrTimeout is wrapped by the error of a search the engine did not end
// in time (it is stopped, and the engine is still usable).
var ErrTimeout = errors.New("search timed out")

// Evaluate searches the position given as FEN and returns the score of
// the deepest search reported.
func (e *Engine) Evaluate(fen string, lim Limit) (Score, error) {
	if err := e.send("position fen "+fen, lim.goCommand()); err != nil {
		return Score{}, err
	}
	lines, err := e.waitFor("bestmove", lim.MoveTime+e.Timeout)
	if err != nil {
		if _, stopped := e.stop(); stopped {
			return Score{}, fmt.Errorf("%s: %w", fen, ErrTimeout)
		}
		return Score{}, err
	}
	score, ok := lastScore(lines)
	if !ok {
		return Score{}, fmt.Errorf("the UCI engine %s gave no score for %s", e.path, fen)
	}
	return score, nil
}

// stop ends a search that ran too long: the engine must answer stop
// with its bestmove.
func (e *Engine) stop() ([]string, bool) {
	if e.send("stop") != nil {
		return nil, false
	}
	lines, err := e.waitFor("bestmove", 5*time.Second)
	return lines, err == nil
}

// lastScore is the score of the last exact "info ... score" line.
func lastScore(lines []string) (Score, bool) {
	for i := len(lines) - 1; i >= 0; i-- {
		if s, ok := parseInfoScore(lines[i]); ok {
			return s, true
		}
	}
	return Score{}, false
}

// parseInfoScore reads "info ... score cp N" or "score mate N"; a bound
// (lowerbound, upperbound) is not a score.
func parseInfoScore(line string) (Score, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return Score{}, false
	}
	for i := 1; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		if i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
			return Score{}, false
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return Score{}, false
		}
		switch f[i+1] {
		case "cp":
			return Score{Centipawns: n}, true
		case "mate":
			return Score{Mate: n, IsMate: true}, true
		}
		return Score{}, false
	}
	return Score{}, false
}

// Close asks the engine to quit, and kills it if it does not.
func (e *Engine) Close() error {
	_ = e.send("quit")
	done := make(chan error, 1)
	go func() { done <- e.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		e.kill()
		return <-done
	}
}

func (e *Engine) kill() {
	if e.cmd.Process != nil {
		_ = e.cmd.Process.Kill()
	}
}

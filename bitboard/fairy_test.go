package bitboard

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fairy drives a fairy-stockfish process for perft checks.
type fairy struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// fairyPath is where fairy-stockfish is installed, or "" (Debian puts it
// in /usr/games, which is not always on PATH).
func fairyPath() string {
	if p, err := exec.LookPath("fairy-stockfish"); err == nil {
		return p
	}
	if p, err := exec.LookPath("/usr/games/fairy-stockfish"); err == nil {
		return p
	}
	return ""
}

func startFairy(t testing.TB) *fairy {
	t.Helper()
	path := fairyPath()
	if path == "" {
		t.Skip("fairy-stockfish is not installed (apt-get install fairy-stockfish)")
	}
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	f := &fairy{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	f.out.Buffer(make([]byte, 1<<20), 1<<20)
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	return f
}

// divide asks for the perft of each legal move (UCI text) at depth.
func (f *fairy) divide(t testing.TB, variant, fen string, moves []string, depth int) map[string]uint64 {
	t.Helper()
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	fmt.Fprintf(f.in, "setoption name UCI_Variant value %s\n%s\ngo perft %d\n", variant, pos, depth)
	counts := map[string]uint64{}
	for f.out.Scan() {
		line := f.out.Text()
		if strings.HasPrefix(line, "Nodes searched") {
			return counts
		}
		if mv, n, ok := strings.Cut(line, ": "); ok && !strings.Contains(mv, " ") {
			v, err := strconv.ParseUint(n, 10, 64)
			if err == nil {
				counts[mv] = v
			}
		}
	}
	t.Fatalf("fairy-stockfish stopped answering: %v", f.out.Err())
	return nil
}

// ourDivide is divide by our generator.
func ourDivide(p *Position, depth int) map[string]uint64 {
	counts := map[string]uint64{}
	var buf [512]Move
	moves := p.LegalMoves(buf[:0])
	for _, m := range moves {
		child := *p
		child.Play(m)
		counts[string(m.AppendUCI(nil, false))] += Perft(&child, depth-1)
	}
	return counts
}

// firstDifference walks down the tree to the first position where the
// move lists differ and describes it.
func (f *fairy) firstDifference(t testing.TB, v Variant, fen string, depth int) string {
	p, err := ParseVariantFEN(fen, v)
	if err != nil {
		return err.Error()
	}
	var path []string
	for d := depth; d >= 1; d-- {
		ours, theirs := ourDivide(&p, d), f.divide(t, v.UCIName(), fen, path, d)
		var diffs []string
		next := ""
		for mv, n := range theirs {
			if ours[mv] != n {
				diffs = append(diffs, fmt.Sprintf("%s fairy %d ours %d", mv, n, ours[mv]))
				if _, ok := ours[mv]; ok && next == "" {
					next = mv
				}
			}
		}
		for mv, n := range ours {
			if _, ok := theirs[mv]; !ok {
				diffs = append(diffs, fmt.Sprintf("%s fairy - ours %d", mv, n))
			}
		}
		sort.Strings(diffs)
		if next == "" || d == 1 {
			return fmt.Sprintf("after %v (our FEN %s): %s", path, p.FEN(), strings.Join(diffs, "; "))
		}
		m, err := p.ParseUCI([]byte(next))
		if err != nil {
			return fmt.Sprintf("after %v: cannot play %s: %v", path, next, err)
		}
		p.Play(m)
		path = append(path, next)
	}
	return "no difference found"
}

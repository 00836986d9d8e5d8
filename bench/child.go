package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"time"
)

// sample is one timed run of cqlvm or of a reference program.
type sample struct {
	wall    time.Duration
	cpu     time.Duration // user + system
	user    time.Duration
	rssKB   int64 // peak resident set
	matches int   // from the summary line; -1 when the program printed none
	games   int
	hash    [sha256.Size]byte // of the output file
}

// summaryRE matches the summary line both cqlvm and the official CQL print:
// "N matches of M games in T seconds using K threads to OUT.pgn".
var summaryRE = regexp.MustCompile(`(?m)^\s*(\d+) matches of (\d+) games`)

// parseSummary returns N and M of the last summary line in out.
func parseSummary(out []byte) (matches, games int, ok bool) {
	all := summaryRE.FindAllSubmatch(out, -1)
	if len(all) == 0 {
		return -1, -1, false
	}
	last := all[len(all)-1]
	matches, _ = strconv.Atoi(string(last[1]))
	games, _ = strconv.Atoi(string(last[2]))
	return matches, games, true
}

// runTimed runs a reference program (pgn-extract, the official CQL) with
// args, waits, and measures it with the child's own rusage: on a shared
// machine the CPU time is steadier than the wall time, and Maxrss is the
// child's peak alone. output, when not "", is the file the program
// writes; it is hashed to compare runs.
func runTimed(ctx context.Context, bin string, args []string, output string) (sample, error) {
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("%s %q: %v\n%s", filepath.Base(bin), args, err, tail(out.Bytes(), 2000))
	}
	s := sample{wall: wall}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.user = time.Duration(ru.Utime.Nano())
		s.cpu = s.user + time.Duration(ru.Stime.Nano())
		s.rssKB = ru.Maxrss // kilobytes on Linux
	}
	s.matches, s.games, _ = parseSummary(out.Bytes())
	if output != "" {
		if s.hash, err = hashFile(output); err != nil {
			return sample{}, err
		}
	}
	return s, nil
}

func hashFile(path string) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	f, err := os.Open(path)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return sum, err
	}
	copy(sum[:], h.Sum(nil))
	return sum, nil
}

// tail keeps the end of a long child output for an error message.
func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

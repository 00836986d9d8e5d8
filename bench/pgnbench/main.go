// Command pgnbench measures how fast package pgn reads a PGN database:
// cutting it into games, parsing them and replaying every move, on one
// goroutine. It prints games, plies, wall and CPU seconds, games/s,
// plies/s, MB/s and the peak resident memory; then, when pgn-extract is
// installed, it times "pgn-extract -s -o /dev/null FILE" on the same file
// and prints the ratio of the speeds.
//
// Usage:
//
//	go run ./bench/pgnbench [-cpuprofile out.prof] [file.pgn | file.pgn.gz]
//
// Without a file it reads human.pgn.gz from ../shared/data (relative to
// the repository) or /work/shared/data. A .gz file is unpacked to a
// temporary file first, so that neither program is timed on decompression.
//
// CPU seconds are reported beside wall seconds because on a busy machine
// the wall time also counts waiting for a processor.
package main

import (
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/cqlvm/cqlvm/pgn"
)

var defaultInputs = []string{"../shared/data/human.pgn.gz", "/work/shared/data/human.pgn.gz"}

func main() {
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the pgn run to this file")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: pgnbench [-cpuprofile out.prof] [file.pgn | file.pgn.gz]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := run(*cpuprofile, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "pgnbench:", err)
		os.Exit(1)
	}
}

func run(cpuprofile string, args []string) error {
	input, err := chooseInput(args)
	if err != nil {
		return err
	}
	path, cleanup, err := unpacked(input)
	if err != nil {
		return err
	}
	defer cleanup()
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	fmt.Printf("file     %s (%.1f MB)\n", input, mb(info.Size()))

	if cpuprofile != "" {
		f, err := os.Create(cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	r, err := readAll(path)
	if cpuprofile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		return err
	}
	r.print(info.Size())

	extract, err := findPGNExtract()
	if err != nil {
		fmt.Println("pgn-extract: not found, no comparison")
		return nil
	}
	wall, cpu, err := timePGNExtract(extract, path)
	if err != nil {
		return err
	}
	fmt.Printf("pgn-extract -s -o /dev/null: %.2f s wall, %.2f s CPU\n", wall.Seconds(), cpu.Seconds())
	fmt.Printf("speed ratio (pgn-extract time / pgn time): %.1fx wall, %.1fx CPU\n",
		wall.Seconds()/r.wall.Seconds(), cpu.Seconds()/r.cpu.Seconds())
	return nil
}

func chooseInput(args []string) (string, error) {
	switch len(args) {
	case 0:
		for _, p := range defaultInputs {
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
		}
		return "", fmt.Errorf("no file given and none of %s exists", strings.Join(defaultInputs, ", "))
	case 1:
		return args[0], nil
	}
	return "", fmt.Errorf("one file at most, got %d", len(args))
}

// unpacked returns a plain PGN file for input, unpacking a .gz file into a
// temporary file that cleanup removes.
func unpacked(input string) (path string, cleanup func(), err error) {
	if !strings.HasSuffix(input, ".gz") {
		return input, func() {}, nil
	}
	in, err := os.Open(input)
	if err != nil {
		return "", nil, err
	}
	defer in.Close()
	zr, err := gzip.NewReader(in)
	if err != nil {
		return "", nil, err
	}
	out, err := os.CreateTemp("", "pgnbench-*.pgn")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.Remove(out.Name()) }
	if _, err = io.Copy(out, zr); err == nil {
		err = out.Close()
	}
	if err != nil {
		out.Close()
		cleanup()
		return "", nil, err
	}
	return out.Name(), cleanup, nil
}

type result struct {
	games, plies, mainlinePlies, errors int
	wall, cpu                           time.Duration
}

// readAll reads, parses and replays every game of path on this goroutine.
func readAll(path string) (result, error) {
	var r result
	f, err := os.Open(path)
	if err != nil {
		return r, err
	}
	defer f.Close()
	cpu0 := cpuTime()
	start := time.Now()
	rd := pgn.NewReader(f, path)
	var p pgn.Parser
	var g pgn.Game
	for {
		raw, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return r, err
		}
		p.Parse(raw, &g)
		r.games++
		if len(g.Nodes) > 0 {
			r.plies += len(g.Nodes) - 1
			r.mainlinePlies += g.MainlineLen() - 1
		}
		r.errors += len(g.Errors)
	}
	r.wall = time.Since(start)
	r.cpu = cpuTime() - cpu0
	return r, nil
}

func (r result) print(size int64) {
	fmt.Printf("games    %d (%d with an error)\n", r.games, r.errors)
	fmt.Printf("plies    %d (%d in mainlines)\n", r.plies, r.mainlinePlies)
	fmt.Printf("time     %.2f s wall, %.2f s CPU\n", r.wall.Seconds(), r.cpu.Seconds())
	for _, t := range []struct {
		name string
		d    time.Duration
	}{{"wall", r.wall}, {"CPU", r.cpu}} {
		s := t.d.Seconds()
		fmt.Printf("speed    %.0f games/s, %.2f M plies/s, %.1f MB/s (%s)\n",
			float64(r.games)/s, float64(r.plies)/s/1e6, mb(size)/s, t.name)
	}
	fmt.Printf("peak RSS %s\n", peakRSS())
}

func mb(n int64) float64 { return float64(n) / 1e6 }

// cpuTime is the user plus system time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// peakRSS reads VmHWM from /proc/self/status, falling back to getrusage.
func peakRSS() string {
	if data, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return "unknown"
	}
	return fmt.Sprintf("%d kB", ru.Maxrss)
}

func findPGNExtract() (string, error) {
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p, nil
	}
	return exec.LookPath("/usr/games/pgn-extract")
}

// timePGNExtract runs pgn-extract over path and returns its wall and CPU time.
func timePGNExtract(extract, path string) (wall, cpu time.Duration, err error) {
	cmd := exec.Command(extract, "-s", "-o", "/dev/null", path)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("%s: %v", extract, err)
	}
	wall = time.Since(start)
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

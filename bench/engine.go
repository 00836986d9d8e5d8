package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cqlvm/cqlvm/engine"
)

// useEngineGC gives the harness the garbage collector setting of
// `cqlvm run`, so that the in-process engine is measured as the command
// runs it; a GOGC in the environment wins, as it does for the command.
func useEngineGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(engine.GCPercent)
	}
}

// runEngine runs query text on input with the engine in this process, as
// `cqlvm run -threads N -cql TEXT -i INPUT -o OUTPUT` would, and measures
// it: the wall time, the process's CPU time during the run, and its peak
// RSS during the run (see measurement). When hash is set the output file
// is hashed to compare thread counts.
func runEngine(ctx context.Context, text string, threads int, input, output string, hash bool) (sample, error) {
	f, err := os.Create(output)
	if err != nil {
		return sample{}, err
	}
	defer f.Close()
	m := startMeasurement()
	st, err := runQuery(ctx, text, threads, input, f)
	s := m.stop()
	if err != nil {
		return sample{}, fmt.Errorf("cqlvm -threads %d -cql %q on %s: %v", threads, text, input, err)
	}
	if err := f.Close(); err != nil {
		return sample{}, err
	}
	s.matches, s.games = st.Matches, st.Games
	if hash {
		if s.hash, err = hashFile(output); err != nil {
			return sample{}, err
		}
	}
	return s, nil
}

// runQuery compiles and runs the query with the options the command
// gives a -cql query without other flags.
func runQuery(ctx context.Context, text string, threads int, input string, out *os.File) (engine.Stats, error) {
	q, err := engine.Compile(text)
	if err != nil {
		return engine.Stats{}, err
	}
	o := q.Options()
	o.Inputs, o.Threads, o.PGN, o.Context = []string{input}, threads, out, ctx
	return engine.Run(q, o)
}

// measurement is a run in progress. The engine runs in the harness's
// own process, so its CPU time is the process's rusage over the run, and
// its peak RSS the kernel's high-water mark (VmHWM), reset before the
// run: the heap of earlier runs is first returned to the system, so what
// remains is the harness's own few megabytes, as a command's runtime
// would have.
type measurement struct {
	start time.Time
	ru    syscall.Rusage
}

func startMeasurement() *measurement {
	debug.FreeOSMemory() // collects, and returns earlier runs' heap
	resetPeakRSS()
	m := &measurement{}
	syscall.Getrusage(syscall.RUSAGE_SELF, &m.ru)
	m.start = time.Now()
	return m
}

func (m *measurement) stop() sample {
	s := sample{wall: time.Since(m.start), rssKB: peakRSSKB()}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		s.user = time.Duration(ru.Utime.Nano() - m.ru.Utime.Nano())
		s.cpu = s.user + time.Duration(ru.Stime.Nano()-m.ru.Stime.Nano())
	}
	return s
}

// resetPeakRSS sets the process's VmHWM back to its current RSS (Linux
// 4.0 and later); elsewhere the peak stays the process's lifetime peak.
func resetPeakRSS() {
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// peakRSSKB is VmHWM of /proc/self/status in kilobytes; 0 when unknown
// (not Linux).
func peakRSSKB() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil || runtime.GOOS != "linux" {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

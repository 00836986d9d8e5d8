package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/cqlvm/cqlvm/engine"
)

// progressInterval is how often the progress line is redrawn: often
// enough to look alive, rarely enough to cost nothing.
const progressInterval = 250 * time.Millisecond

// progressLine keeps one refreshing line on a terminal's standard error:
// games read, games per second, matches, and, when the input size is
// known, the share read and the time left. Other output to the terminal
// goes through its writers, which erase the line first so that messages
// never end up glued to it.
type progressLine struct {
	mu    sync.Mutex
	w     io.Writer
	width int // terminal columns; the line is cut to fit so it never wraps
	shown bool
	start time.Time
	total int64 // input bytes on disk, or -1 when unknown
	run   *engine.Progress
	stop  chan struct{}
	done  chan struct{}
	// signals: an interrupt (Ctrl+C) erases the line before it ends
	// the process, which would otherwise leave it in the scrollback
	// with the shell's prompt glued to it
	signals chan os.Signal
}

// endingSignals are the signals that end a run from outside.
var endingSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// startProgress draws the line every progressInterval until Stop.
func startProgress(w io.Writer, width int, total int64, run *engine.Progress) *progressLine {
	p := &progressLine{w: w, width: width, start: time.Now(), total: total, run: run,
		stop: make(chan struct{}), done: make(chan struct{}), signals: make(chan os.Signal, 1)}
	signal.Notify(p.signals, endingSignals...)
	go p.loop()
	return p
}

func (p *progressLine) loop() {
	defer close(p.done)
	tick := time.NewTicker(progressInterval)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-tick.C:
			p.draw()
		case sig := <-p.signals:
			p.mu.Lock()
			p.eraseLocked()
			p.mu.Unlock()
			endBy(sig)
		}
	}
}

func (p *progressLine) draw() {
	text := progressText(time.Since(p.start), p.run.Games(), p.run.Matches(), p.run.BytesRead(), p.total)
	if p.width > 1 && len(text) >= p.width {
		text = text[:p.width-1]
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "\r%s\x1b[K", text)
	p.shown = true
}

// eraseLocked clears the line; p.mu must be held.
func (p *progressLine) eraseLocked() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// Stop ends the refreshing and erases the line, leaving the terminal as
// it was before the run.
func (p *progressLine) Stop() {
	signal.Stop(p.signals)
	close(p.stop)
	<-p.done
	p.mu.Lock()
	p.eraseLocked()
	p.mu.Unlock()
}

// endBy ends the process by sig, as it would have ended without a
// handler (a shell sees the signal; a supervisor dies alike), or with
// 128 + the signal's number where it cannot be sent again.
func endBy(sig os.Signal) {
	signal.Reset(sig)
	if self, err := os.FindProcess(os.Getpid()); err == nil && self.Signal(sig) == nil {
		time.Sleep(time.Second) // the signal is on its way
	}
	n := 2 // SIGINT's number, os.Interrupt's where it has none
	if s, ok := sig.(syscall.Signal); ok {
		n = int(s)
	}
	exit(128 + n)
}

// around returns a writer whose writes first erase the progress line; it
// is redrawn at the next tick.
func (p *progressLine) around(w io.Writer) io.Writer { return &eraseFirst{p, w} }

type eraseFirst struct {
	p *progressLine
	w io.Writer
}

func (e *eraseFirst) Write(b []byte) (int, error) {
	e.p.mu.Lock()
	defer e.p.mu.Unlock()
	e.p.eraseLocked()
	return e.w.Write(b)
}

// progressText is the content of the progress line, for example
// "cqlvm: 41,200 games  20,517 games/s  312 matches  27%  ETA 0:05".
func progressText(spent time.Duration, games, matches, read, total int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "cqlvm: %s games", thousands(games))
	if secs := spent.Seconds(); secs > 0 {
		fmt.Fprintf(&b, "  %s games/s", thousands(int64(float64(games)/secs)))
	}
	fmt.Fprintf(&b, "  %s matches", thousands(matches))
	if total > 0 && read > 0 {
		frac := min(float64(read)/float64(total), 1)
		fmt.Fprintf(&b, "  %d%%", int(frac*100))
		left := time.Duration(float64(spent) * (1 - frac) / frac)
		fmt.Fprintf(&b, "  ETA %s", clock(left))
	}
	return b.String()
}

// thousands writes n with commas: 1234567 → "1,234,567".
func thousands(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// clock formats a duration as m:ss, or h:mm:ss from an hour on.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second).Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// terminalWidth is the number of columns of the terminal on f, or 0 if f
// is not a terminal.
func terminalWidth(f *os.File) int {
	if f == nil || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	w, _, err := term.GetSize(int(f.Fd()))
	if err != nil || w <= 0 {
		return 80
	}
	return w
}

//go:build hostile

package hostile

import (
	"archive/zip"
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// The input side: games too large in bytes, positions or depth of
// variations, binary data, and files cqlvm cannot read, each with its
// clear message. A bad game is skipped and counted as a game with errors
// (exit 0, the next game read); an unreadable input ends the run with
// exit status 3.

const (
	exitOK    = 0
	exitInput = 3
	// peakInput bounds the memory of every run here: the largest game
	// that is read is 500,000 positions (game-positions) of about 450
	// bytes each, or 64 MiB of text (game-bytes) held twice.
	peakInput = 500 << 20
)

// nextGame follows each hostile game, to show that it is read.
const nextGame = "\n\n[Event \"next\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"

// writeGame writes a PGN file of the game that build writes, then
// nextGame, into the test's directory. It writes as it goes: the peak
// RSS of a child counts the memory of this process when it started it
// (Linux keeps the high-water mark across exec), so the test must not
// hold its large inputs.
func writeGame(t *testing.T, name string, build func(w io.Writer)) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	build(w)
	w.WriteString(nextGame)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkSkipped checks that the run read both games, the hostile one
// counted as a game with errors, and that the next game matched.
func checkSkipped(t *testing.T, r result) {
	t.Helper()
	if !strings.Contains(r.stdout+r.stderr, "1 matches of 2 games (1 with errors)") {
		t.Errorf("the game after the hostile one was not read: %.500s", r.stdout+r.stderr)
	}
}

// 100,000 nested variations with a comment each, 54 MB: the official
// nesting of real studies is under 10.
func TestInputDeepVariations(t *testing.T) {
	comment := "{" + strings.Repeat("deep ", 106) + "} "
	path := writeGame(t, "deep.pgn", func(w io.Writer) {
		io.WriteString(w, "[Event \"deep\"]\n[Result \"*\"]\n\n1. e4 ")
		for i := 0; i < 100_000; i++ {
			io.WriteString(w, []string{"(1. d4 ", "(1. c4 "}[i%2]+comment)
		}
		io.WriteString(w, strings.Repeat(")", 100_000)+" *")
	})
	r := run(t, 2*time.Minute, nil, "run", "-cql", "mate", path, "-o", os.DevNull)
	r.expect(t, exitOK, "game 1 (starting at byte 0): game skipped: variations nested more than 1000 deep: over the limit on how deeply one game's variations nest (variation-depth=1000; change it with --limit variation-depth=VALUE)", peakInput, time.Minute)
	checkSkipped(t, r)
}

// A game of 5,000,000 moves (the knights going back and forth), 20 MB.
func TestInputFiveMillionMoves(t *testing.T) {
	path := writeGame(t, "long.pgn", func(w io.Writer) {
		io.WriteString(w, "[Event \"long\"]\n[Result \"*\"]\n\n")
		for i := 0; i < 5_000_000/4; i++ {
			io.WriteString(w, "Nf3 Nf6 Ng1 Ng8 ")
		}
		io.WriteString(w, "*")
	})
	r := run(t, 3*time.Minute, nil, "run", "-cql", "mate", path, "-o", os.DevNull)
	r.expect(t, exitOK, "game 1 (starting at byte 0): game skipped: more than 500000 positions: over the limit on the positions (moves, mainline and variations) of one game (game-positions=500000; change it with --limit game-positions=VALUE)", peakInput, 2*time.Minute)
	checkSkipped(t, r)
}

// A game of 80 MB (one long comment), over game-bytes: the reader keeps
// no more than the limit of it.
func TestInputHugeGame(t *testing.T) {
	path := writeGame(t, "huge.pgn", func(w io.Writer) {
		io.WriteString(w, "[Event \"huge\"]\n[Result \"*\"]\n\n1. e4 {")
		for i := 0; i < 80<<20/15; i++ {
			io.WriteString(w, "a long comment ")
		}
		io.WriteString(w, "} e5 *")
	})
	r := run(t, 2*time.Minute, nil, "run", "-cql", "mate", path, "-o", os.DevNull)
	r.expect(t, exitOK, "game 1 (starting at byte 0): game skipped: more than 67108864 bytes: over the limit on the size of one game's PGN text (game-bytes=64MiB; change it with --limit game-bytes=VALUE)", peakInput, time.Minute)
	checkSkipped(t, r)
}

// /dev/zero is binary data: the run stops at once, at its first byte.
func TestInputDevZero(t *testing.T) {
	r := run(t, time.Minute, nil, "run", "-cql", "check", "/dev/zero", "-o", os.DevNull)
	r.expect(t, exitInput, "/dev/zero: not a PGN file: binary data at byte 0 (a NUL byte, which PGN text never has)", 100<<20, 10*time.Second)
	zeros, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	defer zeros.Close()
	r = run(t, time.Minute, zeros, "run", "-cql", "check", "-", "-o", os.DevNull)
	r.expect(t, exitInput, "<stdin>: not a PGN file: binary data at byte 0", 100<<20, 10*time.Second)
	// the submissions of similarposition are read the same way
	r = run(t, time.Minute, nil, "run", "-cql", `similarposition "/dev/zero"`, testdata("sample.pgn"), "-o", os.DevNull)
	r.expect(t, exitInput, "similarposition: /dev/zero: not a PGN file: binary data at byte 0", 100<<20, 10*time.Second)
}

// endlessText is a game that never ends: its moves again and again.
type endlessText struct{ n int }

func (e *endlessText) Read(p []byte) (int, error) {
	const unit = "Nf3 Nf6 Ng1 Ng8\n"
	for i := range p {
		p[i] = unit[e.n%len(unit)]
		e.n++
	}
	return len(p), nil
}

// Endless text (no NUL byte: nothing says it is not PGN) has no end to
// reach: the run says at once that the game is over game-bytes and goes
// on reading in constant memory until it is stopped.
func TestInputEndlessText(t *testing.T) {
	r := run(t, 20*time.Second, &endlessText{}, "run", "--limit", "game-bytes=1MiB", "-cql", "check", "-", "-o", os.DevNull)
	if !r.timedOut {
		t.Fatalf("the run of an endless input ended: exit %d, %.500s", r.code, r.stderr)
	}
	want := "<stdin>:1:1: game 1 (starting at byte 0): game skipped: more than 1048576 bytes: over the limit on the size of one game's PGN text (game-bytes=1MiB"
	if !strings.Contains(r.stderr, want) {
		t.Errorf("stderr does not say %q: %.500s", want, r.stderr)
	}
	if r.maxRSS > 100<<20 {
		t.Errorf("peak RSS %d MiB reading an endless game", r.maxRSS>>20)
	}
	t.Logf("killed after %v, peak RSS %d MiB; stderr: %.300s", r.elapsed.Round(time.Millisecond), r.maxRSS>>20, r.stderr)
}

// UTF-16 text (here with a byte order mark, little-endian) is converted.
func TestInputUTF16(t *testing.T) {
	text := "[Event \"x\"]\n[White \"M\u00fcller\"]\n\n1. e4 e5 *\n"
	units := utf16.Encode([]rune("\uFEFF" + text))
	data := make([]byte, 0, 2*len(units))
	for _, u := range units {
		data = append(data, byte(u), byte(u>>8))
	}
	path := filepath.Join(t.TempDir(), "utf16.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, time.Minute, nil, "run", "-cql", `player white "Müller"`, path, "-o", os.DevNull)
	r.expect(t, exitOK, "", 100<<20, 10*time.Second)
	if !strings.Contains(r.stdout+r.stderr, "1 matches of 1 games in") {
		t.Errorf("the UTF-16 game was not read as its text: %.500s", r.stdout+r.stderr)
	}
}

// Files cqlvm cannot read: each refused with what to do, exit 3.
func TestInputUnreadableFormats(t *testing.T) {
	dir := t.TempDir()
	// archive/zip cannot encrypt: set the flag of a plain member
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	w, _ := zw.Create("secret.pgn")
	io.WriteString(w, "1. e4 *")
	zw.Close()
	encrypted := zbuf.Bytes()
	for i := 0; i+10 < len(encrypted); i++ {
		switch {
		case bytes.HasPrefix(encrypted[i:], []byte("PK\x03\x04")):
			encrypted[i+6] |= 1
		case bytes.HasPrefix(encrypted[i:], []byte("PK\x01\x02")):
			encrypted[i+8] |= 1
		}
	}
	// a zstd frame that asks for a 1 GiB window (window descriptor 0xA0)
	// and holds one empty last block
	wideZstd := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xa0, 0x01, 0x00, 0x00}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"secret.zip", encrypted, "secret.zip:secret.pgn: an encrypted zip member: not supported; extract it with its password first (unzip"},
		{"wide.pgn.zst", wideZstd, "wide.pgn.zst: zstd data with a window of 1GiB: over the limit on the window a zstd-compressed input needs to be decompressed (the decoder's memory) (zstd-window=128MiB; change it with --limit zstd-window=VALUE); or decompress it first (zstd -d --long=31)"},
		{"games.pgn.xz", []byte("\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46"), "games.pgn.xz: xz-compressed: not supported; decompress it first (xz -d)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name)
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			r := run(t, time.Minute, nil, "run", "-cql", "check", path, "-o", os.DevNull)
			r.expect(t, exitInput, c.want, 200<<20, 10*time.Second)
		})
	}
}

package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/cqlvm/cqlvm/limits"
)

// RawGame is the undecoded bytes of one game, as cut from the input by Reader.
type RawGame struct {
	Number int    // 1-based game number in input order (continues across files if the caller asks)
	File   string // input name, for messages
	Offset int64  // byte offset of the game's first byte in its file
	Line   int    // 1-based line number of the game's first byte
	Col    int    // 1-based column (in bytes) of the game's first byte
	// Data is the game's bytes. From Next they are owned by the RawGame:
	// the Reader never reuses them, and small games share 64 KB
	// allocations with their neighbours, so keeping a few RawGames of many
	// keeps those alive. From NextIn they lie in the caller's arena.
	Data []byte
	// Err, when set, is why the game was not read: it is over the
	// game-bytes limit (Err.Limit says so). Data is then empty and the
	// Parser gives the game this error and no positions.
	Err *Error
}

const (
	readBufferSize = 64 << 10 // initial read buffer; it grows only for a game that does not fit
	slabSize       = 64 << 10 // games' bytes are carved out of slabs of this size
)

// Reader cuts a PGN stream into games. It reads through one buffer that it
// reuses, growing it only while a single game does not fit, so memory does
// not depend on the length of the input. See the package documentation for
// where games are cut.
type Reader struct {
	in      io.Reader
	name    string
	buf     []byte
	pos     int   // next unconsumed byte in buf
	end     int   // end of the valid bytes in buf
	base    int64 // file offset of buf[0]
	atEOF   bool  // in has no more bytes
	readErr error // a read error other than io.EOF, returned after the last game
	col0    bool  // buf[pos] is at the start of a line
	// inEscape: buf[pos] is inside an escape line ('%') between games
	inEscape bool
	number   int // number of the next game
	lines    lineCounter
	slab     []byte
	// limits is where the limits in force come from (nil: the
	// defaults); maxGame is the game-bytes limit
	limits  *limits.Values
	maxGame int
	// skip walks the rest of a game over maxGame before the next game is
	// read; nil when no game is being skipped
	skip *gameSkip
	// lookahead is how far past maxGame the Reader reads before it gives
	// up on a game: cutGame looks past a game's last byte (at the blanks
	// and comments that follow a result) to see where it ends
	lookahead int
}

// NewReader returns a Reader of the PGN in r; name is used in messages.
func NewReader(r io.Reader, name string) *Reader {
	return newReaderSize(r, name, readBufferSize)
}

// newReaderSize is NewReader with a read buffer of size bytes at first,
// and as much lookahead: the tests make both small to reach, with small
// inputs, what only large games reach.
func newReaderSize(r io.Reader, name string, size int) *Reader {
	return &Reader{
		in:        r,
		name:      name,
		buf:       make([]byte, size),
		col0:      true,
		number:    1,
		lines:     lineCounter{line: 1},
		maxGame:   limits.Defaults().Int(limits.GameBytes),
		lookahead: size,
	}
}

// SetLimits sets the limits the Reader enforces (game-bytes); nil is the
// defaults. A game over game-bytes comes out of Next with Err set and no
// Data, and the Reader holds no more than about the limit of it.
func (r *Reader) SetLimits(v *limits.Values) {
	r.limits = v
	r.maxGame = v.Int(limits.GameBytes)
}

// SetFirstNumber sets the number of the next game (the default is 1), so
// that numbering can continue across several files.
func (r *Reader) SetFirstNumber(n int) { r.number = n }

// SetStart tells a Reader that its input begins at byte offset of a
// file, on the given line, at the start of that line: the games' Offset
// and Line are then those of the file, as if it had been read from its
// first byte. A shard of a run reads a file from the middle this way.
func (r *Reader) SetStart(offset int64, line int) {
	r.base = offset
	r.lines = lineCounter{line: line, at: offset}
}

// Next returns the next game, or io.EOF after the last one. A read error
// other than io.EOF is returned once the games before it have been returned.
func (r *Reader) Next() (*RawGame, error) {
	g := new(RawGame)
	if err := r.next(g, nil); err != nil {
		return nil, err
	}
	return g, nil
}

// NextIn is Next into a RawGame and an arena of the caller's: the game's
// bytes are appended to *arena and g.Data is their part of it. A caller
// that reuses its RawGames and arenas once it is done with their games
// (the engine's batches) makes no garbage per game, and the bytes it
// parses stay in the cache instead of going through fresh memory.
func (r *Reader) NextIn(g *RawGame, arena *[]byte) error {
	return r.next(g, arena)
}

func (r *Reader) next(g *RawGame, arena *[]byte) error {
	if r.skip != nil {
		r.skipOversized()
	}
	for !r.skipToGame() {
		if r.atEOF {
			if r.readErr != nil {
				return r.readErr
			}
			return io.EOF
		}
		r.fill()
	}
	for {
		n, next, ok := cutGame(r.buf[r.pos:r.end], r.col0, r.atEOF)
		if ok && n <= r.maxGame {
			r.take(g, arena, n, next)
			return nil
		}
		if ok { // the whole game is buffered: step over it
			r.refuse(g)
			r.pos += next
			r.col0 = r.buf[r.pos-1] == '\n' || r.buf[r.pos-1] == '\r'
			return nil
		}
		if r.end-r.pos > satAdd(r.maxGame, r.lookahead) {
			r.refuse(g)
			r.skip = newGameSkip(r.col0)
			return nil
		}
		r.fill()
	}
}

// skipToGame consumes blanks, escape lines and UTF-8 byte order marks (at
// the start, or where files were concatenated) that lie between games. It reports whether buf[pos] is now the first byte of a
// game; false means the buffered bytes ran out first.
func (r *Reader) skipToGame() bool {
	for r.pos < r.end {
		data := r.buf[:r.end]
		c := data[r.pos]
		switch {
		case isBlank(c):
			r.pos++
			r.col0 = isNewline(c)
			r.inEscape = r.inEscape && !r.col0
		case c == 0xEF && r.pos+2 < r.end && data[r.pos+1] == 0xBB && data[r.pos+2] == 0xBF:
			r.pos += 3
		case c == 0xEF && r.end-r.pos < 3 && !r.atEOF:
			return false // maybe a byte order mark cut by the buffer's end
		case c == '%' && r.col0 || r.inEscape:
			// the line may be longer than the buffer: consume it as it
			// comes
			r.pos = lineEnd(data, r.pos)
			r.inEscape = r.pos == r.end
			r.col0 = false
		default:
			return true
		}
	}
	return false
}

// refuse makes g the game that starts at buf[pos], over the game-bytes
// limit: its error and no bytes.
func (r *Reader) refuse(g *RawGame) {
	r.startGame(g)
	line, col := g.Line, g.Col
	lim := r.limits.Exceeded(limits.GameBytes, fmt.Sprintf("game skipped: more than %d bytes", r.maxGame))
	g.Err = &Error{File: r.name, Game: g.Number, Line: line, Col: col, Offset: g.Offset, Msg: lim.Error(), Limit: lim}
	r.number++
}

// skipOversized consumes the rest of the game being skipped, up to the
// start of the next game or the end of the input, through the read buffer
// without growing it.
func (r *Reader) skipOversized() {
	for {
		n, found := r.skip.scan(r.buf[r.pos:r.end], r.atEOF, r.pos == 0 && r.end == len(r.buf))
		r.pos += n
		if found || r.atEOF {
			r.col0 = r.skip.lineStart
			if r.pos > 0 {
				r.col0 = r.buf[r.pos-1] == '\n' || r.buf[r.pos-1] == '\r'
			}
			r.skip = nil
			return
		}
		r.fill()
	}
}

// startGame sets the place and number of g, the game that starts at
// buf[pos].
func (r *Reader) startGame(g *RawGame) {
	r.lines.advance(r.buf[r.lines.mark(r.base):r.pos])
	*g = RawGame{
		Number: r.number,
		File:   r.name,
		Offset: r.base + int64(r.pos),
		Line:   r.lines.line,
		Col:    r.lines.col + 1,
	}
}

// take turns the next n buffered bytes into g and moves on to next; the
// bytes go to *arena, or to the Reader's slabs when arena is nil.
func (r *Reader) take(g *RawGame, arena *[]byte, n, next int) {
	r.startGame(g)
	data := r.buf[r.pos : r.pos+n]
	if arena != nil {
		off := len(*arena)
		*arena = append(*arena, data...)
		data = (*arena)[off:len(*arena):len(*arena)]
	} else {
		data = r.own(data)
	}
	g.Data = data
	r.number++
	r.pos += next
	c := r.buf[r.pos-1]
	r.col0 = c == '\n' || c == '\r'
}

// own copies a game's bytes out of the read buffer. Small games share slabs
// to save allocations; a slab lives as long as any game cut from it.
func (r *Reader) own(b []byte) []byte {
	if len(b) > slabSize/4 {
		return append([]byte(nil), b...)
	}
	if len(r.slab)+len(b) > cap(r.slab) {
		r.slab = make([]byte, 0, slabSize)
	}
	off := len(r.slab)
	r.slab = append(r.slab, b...)
	return r.slab[off:len(r.slab):len(r.slab)]
}

// fill reads more input, keeping buf[pos:end]. It moves those bytes to the
// front of the buffer, and doubles the buffer when they already fill it.
func (r *Reader) fill() {
	r.lines.advance(r.buf[r.lines.mark(r.base):r.pos])
	if r.pos > 0 {
		copy(r.buf, r.buf[r.pos:r.end])
		r.base += int64(r.pos)
		r.end -= r.pos
		r.pos = 0
	}
	if len(r.buf) > 4*readBufferSize && r.end < readBufferSize/2 {
		// the huge game that grew the buffer is past: let it go
		r.buf = append(make([]byte, 0, readBufferSize), r.buf[:r.end]...)[:readBufferSize]
	}
	if r.end == len(r.buf) {
		// no larger than the longest game that is read, and what cutGame
		// must see past it
		bigger := make([]byte, min(2*len(r.buf), satAdd(satAdd(r.maxGame, r.lookahead), 1)))
		copy(bigger, r.buf[:r.end])
		r.buf = bigger
	}
	// Fill the whole free space: cutGame starts over on a game that did not
	// fit, so refilling a little at a time would cost quadratic time on a
	// reader that returns small pieces.
	for empty := 0; r.end < len(r.buf); {
		n, err := r.in.Read(r.buf[r.end:])
		if k := bytes.IndexByte(r.buf[r.end:r.end+n], 0); k >= 0 {
			// PGN text has no NUL byte: what follows is not PGN (a
			// binary file, UTF-16 text the opener did not convert,
			// zeros at the end of a damaged file)
			r.readErr = &BinaryError{File: r.name, Offset: r.base + int64(r.end+k)}
			r.end += k
			r.atEOF = true
			return
		}
		r.end += n
		if empty = empty + 1; n > 0 {
			empty = 0
		}
		if err == nil && empty == 100 { // as bufio gives up on a stuck reader
			err = io.ErrNoProgress
		}
		if err != nil {
			if err != io.EOF {
				r.readErr = err
			}
			r.atEOF = true
			return
		}
	}
}

func isNewline(c byte) bool { return c == '\n' || c == '\r' }

// satAdd is a+b for sizes, no more than the largest int (a limit may be
// switched off: the largest int).
func satAdd(a, b int) int {
	if a > int(^uint(0)>>1)-b {
		return int(^uint(0) >> 1)
	}
	return a + b
}

// BinaryError is a NUL byte in the input: the data from there on are not
// PGN text. The Reader returns it after the games before it.
type BinaryError struct {
	File   string
	Offset int64 // of the NUL byte
}

func (e *BinaryError) Error() string {
	return fmt.Sprintf("binary data at byte %d (a NUL byte, which PGN text never has)", e.Offset)
}

// lineCounter keeps the line and column of a file offset as the Reader moves
// through the input. A CR LF pair is one line break, even when the buffer
// splits it.
type lineCounter struct {
	line   int   // 1-based line of offset at
	col    int   // bytes between the last line break and at
	at     int64 // file offset counted up to
	lastCR bool  // the byte before at is '\r'
}

// mark is the buffer index of the first byte not yet counted, for a buffer
// that starts at file offset base.
func (lc *lineCounter) mark(base int64) int { return int(lc.at - base) }

// advance counts the line breaks in b, the bytes that follow offset at.
func (lc *lineCounter) advance(b []byte) {
	if len(b) == 0 {
		return
	}
	lc.at += int64(len(b))
	if bytes.IndexByte(b, '\r') < 0 && !lc.lastCR {
		if n := bytes.Count(b, []byte{'\n'}); n > 0 {
			lc.line += n
			lc.col = len(b) - 1 - bytes.LastIndexByte(b, '\n')
		} else {
			lc.col += len(b)
		}
		return
	}
	for _, c := range b {
		switch {
		case c == '\n' && lc.lastCR:
			lc.col = 0 // second half of CR LF
		case c == '\n' || c == '\r':
			lc.line++
			lc.col = 0
		default:
			lc.col++
		}
		lc.lastCR = c == '\r'
	}
}

// ErrSkip is the error of a SkipTo the Reader cannot make: inside a
// game over game-bytes, backwards, or past the end of the input.
var ErrSkip = errors.New("cannot skip there")

// SkipTo moves the Reader, between games, to byte offset, the first
// byte of a game at the start of line line (or the end of the input),
// without cutting the bytes before it: they held games games, which
// count as read (the next game's number is games more). A game store,
// which knows where every game starts, passes over the games it rules
// out this way; the bytes are still read, not cut.
func (r *Reader) SkipTo(offset int64, line, games int) error {
	if r.skip != nil || offset < r.base+int64(r.pos) {
		return ErrSkip
	}
	for offset > r.base+int64(r.end) {
		if r.atEOF {
			return ErrSkip
		}
		r.pos = r.end
		r.lines.at = r.base + int64(r.pos) // the bytes passed over are not counted
		r.fill()
	}
	r.pos = int(offset - r.base)
	r.col0, r.inEscape = true, false
	r.lines = lineCounter{line: line, at: offset}
	r.number += games
	return nil
}

// Offset is the stream offset of the first byte not yet cut.
func (r *Reader) Offset() int64 { return r.base + int64(r.pos) }

// CanSkip reports whether SkipTo may be asked: the Reader is not inside
// a game over game-bytes.
func (r *Reader) CanSkip() bool { return r.skip == nil }

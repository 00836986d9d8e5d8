// Package input opens the PGN inputs of a cqlvm run: plain files,
// standard input, and gzip, bzip2, zstd or zip files. The compression is
// recognised by the first bytes of the data, not by the file name, so a
// renamed download or a compressed standard input reads the same.
//
// Every byte taken from a file or from standard input is counted before
// it is decompressed, so that a progress line can compare what has been
// read with the size of the files on disk.
package input

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// StdinName is the name standard input ("-" on the command line) has in
// messages and in the JSON output.
const StdinName = "<stdin>"

// Stream is one PGN text: a whole file (decompressed if need be) or one
// member of a zip archive.
type Stream struct {
	Name string // for messages: the file name, StdinName, or "archive.zip:member.pgn"
	R    io.Reader
}

// Opener opens inputs and counts the bytes read from them. One Opener
// serves a whole run; BytesRead may be called from any goroutine.
type Opener struct {
	Stdin io.Reader // what "-" reads; nil means os.Stdin
	read  atomic.Int64
}

// BytesRead is the number of bytes read so far from files and standard
// input, before decompression.
func (o *Opener) BytesRead() int64 { return o.read.Load() }

// Each calls fn with every PGN stream of the input name ("-" for standard
// input), in order: one for a plain or compressed file, one for each
// .pgn member of a zip archive, in the archive's order.
func (o *Opener) Each(name string, fn func(Stream) error) error {
	raw, closeRaw, err := o.openRaw(name)
	if err != nil {
		return err
	}
	defer closeRaw()
	return o.each(name, raw, fn)
}

// EachFrom is Each for a plain PGN file read from byte offset start on
// (a game's first byte, found by an index): the stream begins there.
func (o *Opener) EachFrom(name string, start int64, fn func(Stream) error) error {
	if start == 0 {
		return o.Each(name, fn)
	}
	if err := Check(name); err != nil {
		return err
	}
	f, err := os.Open(name)
	if err != nil {
		return describe(name, err)
	}
	defer f.Close()
	if _, err := f.Seek(start, io.SeekStart); err != nil {
		return describe(name, err)
	}
	raw := &countingReader{r: f, n: &o.read}
	return fn(Stream{name, bufio.NewReaderSize(raw, 64<<10)})
}

// IsPlain reports whether the file name holds plain PGN text rather than
// compressed data or an archive.
func IsPlain(name string) (bool, error) {
	f, err := os.Open(name)
	if err != nil {
		return false, describe(name, err)
	}
	defer f.Close()
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	return sniff(head[:n]) == formatPlain, nil
}

// each reads the streams of raw, the bytes of input name.
func (o *Opener) each(name string, raw io.Reader, fn func(Stream) error) error {
	display := name
	if name == "-" {
		display = StdinName
	}
	br := bufio.NewReaderSize(raw, 64<<10)
	head, _ := br.Peek(4) // a short or empty input is plain text
	switch sniff(head) {
	case formatGzip:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return fmt.Errorf("%s: not a readable gzip file: %v", display, err)
		}
		defer zr.Close()
		return fn(Stream{display, labelErrors(zr, "gzip")})
	case formatBzip2:
		return fn(Stream{display, labelErrors(bzip2.NewReader(br), "bzip2")})
	case formatZstd:
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return fmt.Errorf("%s: not a readable zstd file: %v", display, err)
		}
		defer zr.Close()
		return fn(Stream{display, labelErrors(zr, "zstd")})
	case formatZip:
		return o.eachZipMember(display, br, raw, fn)
	}
	return fn(Stream{display, br})
}

// openRaw opens the bytes of name as they are on disk, counted.
func (o *Opener) openRaw(name string) (io.Reader, func(), error) {
	if name == "-" {
		in := o.Stdin
		if in == nil {
			in = os.Stdin
		}
		return &countingReader{r: in, n: &o.read}, func() {}, nil
	}
	if err := Check(name); err != nil {
		return nil, nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, describe(name, err)
	}
	return &countingReader{r: f, n: &o.read}, func() { f.Close() }, nil
}

// eachZipMember reads the .pgn members of a zip archive. A zip file is
// read through its central directory at the end, so an archive on
// standard input or in a pipe is first read into memory.
func (o *Opener) eachZipMember(display string, br *bufio.Reader, raw io.Reader, fn func(Stream) error) error {
	var at io.ReaderAt
	var size int64
	if cr, ok := raw.(*countingReader); ok {
		if f, ok := cr.r.(*os.File); ok {
			if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
				at, size = &countingReaderAt{f, &o.read}, st.Size()
				// the archive is read again from its directory: forget
				// the bytes the format sniffing buffered, so that the
				// progress does not count them twice
				o.read.Add(-cr.total)
			}
		}
	}
	if at == nil {
		data, err := io.ReadAll(br)
		if err != nil {
			return fmt.Errorf("%s: %v", display, err)
		}
		at, size = bytes.NewReader(data), int64(len(data))
	}
	zr, err := zip.NewReader(at, size)
	if err != nil {
		return fmt.Errorf("%s: not a readable zip archive: %v", display, err)
	}
	found := false
	for _, m := range zr.File {
		if !isPGNName(m.Name) {
			continue
		}
		found = true
		if err := readZipMember(display, m, fn); err != nil {
			return err
		}
	}
	if !found {
		return fmt.Errorf("%s: the zip archive has no .pgn member", display)
	}
	return nil
}

func readZipMember(display string, m *zip.File, fn func(Stream) error) error {
	rc, err := m.Open()
	if err != nil {
		return fmt.Errorf("%s:%s: %v", display, m.Name, err)
	}
	defer rc.Close()
	return fn(Stream{display + ":" + m.Name, labelErrors(rc, "zip")})
}

func isPGNName(name string) bool {
	return strings.EqualFold(path.Ext(name), ".pgn") && !strings.HasSuffix(name, "/")
}

// Check tells, before a run starts, why name cannot be read as an input:
// it does not exist, it is a directory, or it may not be read. "-" is
// always readable.
func Check(name string) error {
	if name == "-" {
		return nil
	}
	st, err := os.Stat(name)
	if err != nil {
		return describe(name, err)
	}
	if st.IsDir() {
		return fmt.Errorf("%s: is a directory; give the PGN files in it (for example %s)", name, path.Join(name, "*.pgn"))
	}
	f, err := os.Open(name)
	if err != nil {
		return describe(name, err)
	}
	return f.Close()
}

// describe turns an *os.PathError into "name: what is wrong", without
// the Go operation name ("open", "stat") that means nothing to a user.
func describe(name string, err error) error {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such file", name)
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("%s: permission denied", name)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", name, pe.Err)
	}
	return fmt.Errorf("%s: %v", name, err)
}

// Size is the number of bytes of name on disk, or -1 when it is not
// known in advance (standard input from a pipe or a terminal).
func Size(name string, stdin io.Reader) int64 {
	if name == "-" {
		f, ok := stdin.(*os.File)
		if stdin == nil {
			f, ok = os.Stdin, true
		}
		if !ok {
			return -1
		}
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
		return -1
	}
	st, err := os.Stat(name)
	if err != nil || !st.Mode().IsRegular() {
		return -1
	}
	return st.Size()
}

type format int

const (
	formatPlain format = iota
	formatGzip
	formatBzip2
	formatZstd
	formatZip
)

// sniff recognises a compressed format by its magic number. PGN text
// never starts with these bytes: a game starts with '[', a move number,
// a comment or blanks.
func sniff(head []byte) format {
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return formatGzip
	case len(head) >= 4 && bytes.HasPrefix(head, []byte("BZh")) && head[3] >= '1' && head[3] <= '9':
		return formatBzip2
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return formatZstd
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return formatZip
	}
	return formatPlain
}

// countingReader adds the bytes it reads to a shared counter.
type countingReader struct {
	r     io.Reader
	n     *atomic.Int64
	total int64 // what this reader alone has read
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	c.total += int64(n)
	return n, err
}

type countingReaderAt struct {
	r io.ReaderAt
	n *atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// labelErrors prefixes decompression errors with the format, so that
// "unexpected EOF" reads "truncated gzip data" and a checksum error says
// which layer failed.
func labelErrors(r io.Reader, kind string) io.Reader { return &labelledReader{r, kind} }

type labelledReader struct {
	r    io.Reader
	kind string
}

func (l *labelledReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	switch {
	case err == nil, err == io.EOF:
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = fmt.Errorf("truncated %s data (the file is incomplete)", l.kind)
	default:
		err = fmt.Errorf("corrupt %s data: %v", l.kind, err)
	}
	return n, err
}

// Package input opens the PGN inputs of a cqlvm run: plain files,
// standard input, and gzip, bzip2, zstd or zip files. The compression is
// recognised by the first bytes of the data, not by the file name, so a
// renamed download or a compressed standard input reads the same; xz,
// 7z, rar and lz4 data are recognised and refused with what to do.
// UTF-16 text (with a byte order mark, or ASCII text in UTF-16 without
// one) is converted to UTF-8 as it is read.
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
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"

	"github.com/cqlvm/cqlvm/limits"
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
	// Limits are the limits in force (nil: the defaults): zstd-window
	// bounds the memory a zstd input may ask of its decoder.
	Limits *limits.Values
	read   atomic.Int64
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
	head := make([]byte, sniffLen)
	n, _ := io.ReadFull(f, head)
	_, utf16 := utf16Order(head[:n])
	return sniff(head[:n]) == formatPlain && !utf16, nil
}

// each reads the streams of raw, the bytes of input name.
func (o *Opener) each(name string, raw io.Reader, fn func(Stream) error) error {
	display := name
	if name == "-" {
		display = StdinName
	}
	br := bufio.NewReaderSize(raw, 64<<10)
	head, _ := br.Peek(sniffLen) // a short or empty input is plain text
	switch f := sniff(head); f {
	case formatGzip:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return fmt.Errorf("%s: not a readable gzip file: %v", display, err)
		}
		defer zr.Close()
		return fn(textStream(display, labelErrors(zr, "gzip")))
	case formatBzip2:
		return fn(textStream(display, labelErrors(bzip2.NewReader(br), "bzip2")))
	case formatZstd:
		return o.eachZstd(display, br, head, fn)
	case formatZip:
		return o.eachZipMember(display, br, raw, fn)
	case formatXZ, format7z, formatRar, formatLZ4:
		return fmt.Errorf("%s: %s: not supported; %s", display, unsupported[f].what, unsupported[f].instead)
	}
	return fn(textStream(display, br))
}

// eachZstd reads zstd data, whose decoder may need as much memory as the
// window the data ask for: more than zstd-window is refused.
func (o *Opener) eachZstd(display string, br *bufio.Reader, head []byte, fn func(Stream) error) error {
	maxWindow := o.Limits.Get(limits.ZstdWindow)
	zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(uint64(min(maxWindow, 1<<41))))
	if err != nil {
		return fmt.Errorf("%s: not a readable zstd file: %v", display, err)
	}
	defer zr.Close()
	return fn(textStream(display, labelErrors(&zstdWindowReader{zr, o.Limits, head}, "zstd")))
}

// zstdWindowReader says which limit a zstd frame with too large a
// window is over, and how large a window it asks for when the first
// frame's header tells.
type zstdWindowReader struct {
	r    io.Reader
	lim  *limits.Values
	head []byte
}

func (z *zstdWindowReader) Read(p []byte) (int, error) {
	n, err := z.r.Read(p)
	if err != nil && (errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded)) {
		detail := "zstd data with a larger window"
		var h zstd.Header
		if h.Decode(z.head) == nil && h.WindowSize > 0 {
			detail = fmt.Sprintf("zstd data with a window of %s", limits.Format(limits.Bytes, int64(h.WindowSize)))
		}
		err = fmt.Errorf("%w; or decompress it first (zstd -d --long=31)", z.lim.Exceeded(limits.ZstdWindow, detail))
	}
	return n, err
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
	name := display + ":" + memberName(m.Name)
	if m.Flags&zipEncrypted != 0 {
		return fmt.Errorf("%s: an encrypted zip member: not supported; extract it with its password first (unzip %s)", name, display)
	}
	rc, err := m.Open()
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	defer rc.Close()
	return fn(textStream(name, labelErrors(rc, "zip")))
}

// maxMemberName is the longest zip member name that messages repeat
// whole: a name may be 64 KiB long, and every diagnostic of the member
// starts with it.
const maxMemberName = 200

// memberName is a zip member's name as messages show it: cut to
// maxMemberName bytes, on a character boundary, saying how much was
// left out.
func memberName(name string) string {
	if len(name) <= maxMemberName {
		return name
	}
	cut := maxMemberName
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes more)", name[:cut], len(name)-cut)
}

// zipEncrypted is the bit of a zip member's flags that says its data are
// encrypted (traditional PKWARE or AES); archive/zip would read them as
// if they were not, and report a checksum error or garbage.
const zipEncrypted = 0x1

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
	formatXZ
	format7z
	formatRar
	formatLZ4
)

// sniffLen is how many bytes sniff needs: the first zstd frame's header
// too, for the message about its window.
const sniffLen = 18

// unsupported says what to do with the formats cqlvm recognises but does
// not read.
var unsupported = map[format]struct{ what, instead string }{
	formatXZ:  {"xz-compressed", "decompress it first (xz -d)"},
	format7z:  {"a 7z archive", "extract it first (7z x)"},
	formatRar: {"a rar archive", "extract it first (unrar x)"},
	formatLZ4: {"lz4-compressed", "decompress it first (lz4 -d)"},
}

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
	case bytes.HasPrefix(head, []byte("\xfd7zXZ\x00")):
		return formatXZ
	case bytes.HasPrefix(head, []byte("7z\xbc\xaf\x27\x1c")):
		return format7z
	case bytes.HasPrefix(head, []byte("Rar!\x1a\x07")):
		return formatRar
	case bytes.HasPrefix(head, []byte{0x04, 0x22, 0x4d, 0x18}):
		return formatLZ4
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
	var lim *limits.Error
	switch {
	case err == nil, err == io.EOF, errors.As(err, &lim):
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = fmt.Errorf("truncated %s data (the file is incomplete)", l.kind)
	default:
		err = fmt.Errorf("corrupt %s data: %v", l.kind, err)
	}
	return n, err
}

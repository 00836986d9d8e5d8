package input

import (
	"bufio"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// textStream is the PGN text of r, a file's bytes after decompression:
// UTF-16 text is converted to UTF-8, anything else is passed on as it is.
func textStream(name string, r io.Reader) Stream {
	// a buffer this small is passed by on the Reader's large reads
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 16)
	}
	head, _ := br.Peek(4)
	if bigEndian, ok := utf16Order(head); ok {
		return Stream{name, &utf16Reader{r: br, bigEndian: bigEndian}}
	}
	return Stream{name, br}
}

// utf16Order recognises UTF-16 text by its byte order mark or, without
// one, by the zero bytes of its first two ASCII characters (PGN starts
// with '[', a digit, a brace or a blank). PGN text in UTF-8 or an 8-bit
// encoding has no zero byte.
func utf16Order(head []byte) (bigEndian, ok bool) {
	switch {
	case len(head) >= 2 && head[0] == 0xFF && head[1] == 0xFE:
		return false, true
	case len(head) >= 2 && head[0] == 0xFE && head[1] == 0xFF:
		return true, true
	case len(head) < 4:
		return false, false
	case head[0] != 0 && head[1] == 0 && head[2] != 0 && head[3] == 0:
		return false, true
	case head[0] == 0 && head[1] != 0 && head[2] == 0 && head[3] != 0:
		return true, true
	}
	return false, false
}

// utf16Reader converts UTF-16 text to UTF-8. The byte order mark becomes
// UTF-8's, which the PGN reader skips; a lone surrogate or an odd last
// byte becomes U+FFFD. Byte offsets in messages are then those of the
// UTF-8 text.
type utf16Reader struct {
	r         *bufio.Reader
	bigEndian bool
	out       []byte // converted, not yet read
	buf       []byte // out's memory
	err       error
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for len(u.out) == 0 {
		if u.err != nil {
			return 0, u.err
		}
		u.convert()
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// convert converts the next piece of the input into out.
func (u *utf16Reader) convert() {
	out := u.buf[:0]
	for len(out) < 32<<10 {
		c, err := u.unit()
		if err != nil {
			u.err = err
			break
		}
		r := rune(c)
		if utf16.IsSurrogate(r) {
			if c2, err := u.unit(); err == nil {
				r = utf16.DecodeRune(r, rune(c2))
			} else {
				u.err, r = err, utf8.RuneError
			}
		}
		out = utf8.AppendRune(out, r)
		if u.err != nil {
			break
		}
	}
	u.buf, u.out = out, out
}

// unit reads one 16-bit code unit.
func (u *utf16Reader) unit() (uint16, error) {
	b0, err := u.r.ReadByte()
	if err != nil {
		return 0, err
	}
	b1, err := u.r.ReadByte()
	if err == io.EOF {
		return utf8.RuneError, nil // an odd last byte
	}
	if err != nil {
		return 0, err
	}
	if u.bigEndian {
		return uint16(b0)<<8 | uint16(b1), nil
	}
	return uint16(b1)<<8 | uint16(b0), nil
}

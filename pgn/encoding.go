package pgn

import (
	"unicode/utf8"
)

// cp1252High maps the Windows-1252 bytes 0x80..0x9F to Unicode; the five
// bytes Windows-1252 leaves undefined keep their Latin-1 (C1 control) value,
// as Windows itself decodes them. Bytes 0xA0..0xFF are Latin-1, which is
// Unicode's first 256 code points.
var cp1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// appendCP1252 appends b, read as Windows-1252, to dst as UTF-8.
func appendCP1252(dst, b []byte) []byte {
	for _, c := range b {
		switch {
		case c < 0x80:
			dst = append(dst, c)
		case c < 0xA0:
			dst = utf8.AppendRune(dst, cp1252High[c-0x80])
		default:
			dst = utf8.AppendRune(dst, rune(c))
		}
	}
	return dst
}

// isASCII reports whether b has no byte above 0x7F.
func isASCII[T string | []byte](b T) bool {
	// eight bytes at a time: whole games are checked on every read (the
	// compiler makes one load of the eight)
	for len(b) >= 8 {
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for i := 0; i < len(b); i++ {
		if b[i] >= 0x80 {
			return false
		}
	}
	return true
}

package input

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/klauspost/compress/zstd"

	"github.com/cqlvm/cqlvm/limits"
)

// utf16Text is s in UTF-16, with a byte order mark when bom is set.
func utf16Text(s string, bigEndian, bom bool) []byte {
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xFEFF}, units...)
	}
	out := make([]byte, 0, 2*len(units))
	for _, u := range units {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func TestUTF16IsConverted(t *testing.T) {
	// a two-unit character (U+1D11E) and one from Latin-1
	text := "[Event \"x\"]\n[White \"M\u00fcller\"]\n\n1. e4 {\U0001D11E} e5 *\n"
	bom := "\uFEFF" // becomes UTF-8's, which the PGN reader skips
	dir := t.TempDir()
	files := map[string]struct {
		data []byte
		want string
	}{
		"le-bom.pgn":    {utf16Text(text, false, true), bom + text},
		"be-bom.pgn":    {utf16Text(text, true, true), bom + text},
		"le.pgn":        {utf16Text(text, false, false), text},
		"be.pgn":        {utf16Text(text, true, false), text},
		"le.pgn.gz":     {gzipped(t, utf16Text(text, false, true)), bom + text},
		"in.zip":        {zipped(t, map[string][]byte{"a.pgn": utf16Text(text, true, true)}), bom + text},
		"odd-byte.pgn":  {append(utf16Text("1. e4 *", false, true), 'x'), bom + "1. e4 *\uFFFD"},
		"lone-half.pgn": {utf16Text("1. e4", false, false)[:9], "1. e\uFFFD"},
	}
	for name, f := range files {
		writeFile(t, filepath.Join(dir, name), f.data)
		t.Run(name, func(t *testing.T) {
			var o Opener
			if got := string(readAll(t, &o, filepath.Join(dir, name))); got != f.want {
				t.Errorf("read %q, want %q", got, f.want)
			}
		})
	}
	if plain, _ := IsPlain(filepath.Join(dir, "le.pgn")); plain {
		t.Error("IsPlain says UTF-16 text is plain: byte offsets would not be the file's")
	}
}

// Formats that cqlvm recognises and cannot read are refused at once, with
// what to do.
func TestUnsupportedFormatsAreNamed(t *testing.T) {
	dir := t.TempDir()
	encrypted := zipped(t, map[string][]byte{"secret.pgn": []byte("1. e4 *")})
	setZipEncrypted(encrypted)
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"a.pgn.xz":   {[]byte("\xfd7zXZ\x00\x00\x04garbage"), "a.pgn.xz: xz-compressed: not supported; decompress it first (xz -d)"},
		"a.7z":       {[]byte("7z\xbc\xaf\x27\x1c\x00\x04"), "a.7z: a 7z archive: not supported; extract it first"},
		"a.rar":      {[]byte("Rar!\x1a\x07\x01\x00"), "a.rar: a rar archive: not supported"},
		"a.pgn.lz4":  {[]byte{0x04, 0x22, 0x4d, 0x18, 0x64, 0x40}, "a.pgn.lz4: lz4-compressed: not supported"},
		"secret.zip": {encrypted, "secret.zip:secret.pgn: an encrypted zip member: not supported; extract it with its password first"},
	} {
		path := filepath.Join(dir, name)
		writeFile(t, path, c.data)
		var o Opener
		err := o.Each(path, func(s Stream) error {
			_, err := io.ReadAll(s.R)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", name, err, c.want)
		}
	}
}

// setZipEncrypted sets the encryption flag of every member of the zip
// archive data, in the local and the central headers (archive/zip cannot
// write an encrypted archive).
func setZipEncrypted(data []byte) {
	for i := 0; i+10 < len(data); i++ {
		switch {
		case bytes.HasPrefix(data[i:], []byte("PK\x03\x04")):
			data[i+6] |= zipEncrypted
		case bytes.HasPrefix(data[i:], []byte("PK\x01\x02")):
			data[i+8] |= zipEncrypted
		}
	}
}

// zstdWithWindow is data compressed as a stream whose frame asks for a
// window of the given size.
func zstdWithWindow(t *testing.T, data []byte, window int) []byte {
	var buf bytes.Buffer
	zw, err := zstd.NewWriter(&buf, zstd.WithWindowSize(window), zstd.WithEncoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestZstdWindowLimit(t *testing.T) {
	plain := readFile(t, samplePGN)
	path := filepath.Join(t.TempDir(), "wide.pgn.zst")
	writeFile(t, path, zstdWithWindow(t, plain, 8<<20))
	if got := readAll(t, &Opener{}, path); !bytes.Equal(got, plain) {
		t.Fatalf("read %d bytes under the default zstd-window, want %d", len(got), len(plain))
	}
	lim := limits.Defaults()
	lim.SetValue(limits.ZstdWindow, 1<<20)
	o := Opener{Limits: lim}
	err := o.Each(path, func(s Stream) error {
		_, err := io.ReadAll(s.R)
		return err
	})
	var le *limits.Error
	if !errors.As(err, &le) || le.ID != limits.ZstdWindow {
		t.Fatalf("error %v, want the zstd-window limit", err)
	}
	for _, want := range []string{"a window of 8MiB", "zstd-window=1MiB", "zstd -d --long=31"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

// TestLongZipMemberNameIsCut: a zip member's name may be 64 KiB long;
// the stream's name, which starts every diagnostic of the member, keeps
// its first 200 bytes and says how many were left out.
func TestLongZipMemberNameIsCut(t *testing.T) {
	long := strings.Repeat("é", 20_000) + ".pgn"
	path := filepath.Join(t.TempDir(), "long.zip")
	writeFile(t, path, zipped(t, map[string][]byte{long: []byte("1. e4 *\n"), "short.pgn": []byte("1. d4 *\n")}))
	var names []string
	var o Opener
	err := o.Each(path, func(s Stream) error {
		names = append(names, s.Name)
		_, err := io.ReadAll(s.R)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := path + ":" + strings.Repeat("é", 100) + "... (39804 bytes more)"
	// zipped writes the members in byte order: short.pgn first
	if len(names) != 2 || names[0] != path+":short.pgn" || names[1] != want {
		t.Errorf("stream names %.300q, want %.300q and the short one whole", names, want)
	}
}

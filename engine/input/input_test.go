package input

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

const samplePGN = "../../testdata/pgn/sample.pgn"

// TestEveryFormatReadsTheSameText decompresses sample.pgn from each
// supported form and requires the very bytes of the plain file, whatever
// the file is called.
func TestEveryFormatReadsTheSameText(t *testing.T) {
	plain := readFile(t, samplePGN)
	dir := t.TempDir()
	files := map[string][]byte{
		"plain.pgn":         plain,
		"games.pgn.gz":      gzipped(t, plain),
		"games.pgn.zst":     zstded(t, plain),
		"misnamed.pgn":      gzipped(t, plain), // recognised by content
		"noextension":       zstded(t, plain),
		"games.pgn.bz2":     readFile(t, "../../cmd/cqlvm/testdata/sample.pgn.bz2"),
		"twice.pgn.gz":      append(gzipped(t, plain[:1000]), gzipped(t, plain[1000:])...), // multi-member gzip
		"one-member.zip":    zipped(t, map[string][]byte{"sample.pgn": plain}),
		"with-readme.zip":   zipped(t, map[string][]byte{"README.txt": []byte("not games"), "sample.PGN": plain}),
		"empty-but-ok.pgn":  nil,
		"tiny-plain.pgn":    []byte("1. e4 *"),
		"starts-with-b.pgn": []byte("BZh is not bzip2 without a digit"),
	}
	for name, data := range files {
		writeFile(t, filepath.Join(dir, name), data)
	}
	for name, data := range files {
		want := data
		switch {
		case name == "empty-but-ok.pgn" || strings.HasPrefix(name, "tiny") || strings.HasPrefix(name, "starts"):
		default:
			want = plain
		}
		t.Run(name, func(t *testing.T) {
			var o Opener
			got := readAll(t, &o, filepath.Join(dir, name))
			if !bytes.Equal(got, want) {
				t.Fatalf("read %d bytes, want %d (the text differs)", len(got), len(want))
			}
			// a zip archive is read through its directory, which is read
			// more than once: allow a little more than its size
			read, size := o.BytesRead(), int64(len(data))
			if read < size || (read > size && !strings.HasSuffix(name, ".zip")) || read > size+size/10 {
				t.Errorf("BytesRead = %d, want the size on disk %d", read, size)
			}
		})
	}
}

func TestStandardInputIsDecompressedToo(t *testing.T) {
	plain := readFile(t, samplePGN)
	o := Opener{Stdin: bytes.NewReader(gzipped(t, plain))}
	var names []string
	var got []byte
	err := o.Each("-", func(s Stream) error {
		names = append(names, s.Name)
		var err error
		got, err = io.ReadAll(s.R)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, plain) || len(names) != 1 || names[0] != StdinName {
		t.Fatalf("streams %q, %d bytes; want one %q of %d bytes", names, len(got), StdinName, len(plain))
	}
}

// TestZipMembersInArchiveOrder: a TWIC-style archive with several PGN
// members gives them in the archive's order, named archive:member.
func TestZipMembersInArchiveOrder(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range []struct{ name, text string }{{"b.pgn", "1. e4 *\n"}, {"notes.txt", "x"}, {"a.pgn", "1. d4 *\n"}} {
		w, _ := zw.Create(m.name)
		io.WriteString(w, m.text)
	}
	zw.Close()
	path := filepath.Join(dir, "twic.zip")
	writeFile(t, path, buf.Bytes())
	var got []string
	var o Opener
	err := o.Each(path, func(s Stream) error {
		text, err := io.ReadAll(s.R)
		got = append(got, s.Name+"="+strings.TrimSpace(string(text)))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{path + ":b.pgn=1. e4 *", path + ":a.pgn=1. d4 *"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestUnreadableInputsAreExplained(t *testing.T) {
	dir := t.TempDir()
	truncated := filepath.Join(dir, "cut.pgn.gz")
	full := gzipped(t, readFile(t, samplePGN))
	writeFile(t, truncated, full[:len(full)/2])
	noPGN := filepath.Join(dir, "docs.zip")
	writeFile(t, noPGN, zipped(t, map[string][]byte{"readme.txt": []byte("hello")}))
	cases := []struct{ name, want string }{
		{filepath.Join(dir, "missing.pgn"), "missing.pgn: no such file"},
		{dir, "is a directory"},
		{truncated, "truncated gzip data"},
		{noPGN, "has no .pgn member"},
	}
	for _, c := range cases {
		var o Opener
		err := o.Each(c.name, func(s Stream) error {
			_, err := io.ReadAll(s.R)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestSize(t *testing.T) {
	st, err := os.Stat(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	if got := Size(samplePGN, nil); got != st.Size() {
		t.Errorf("Size = %d, want %d", got, st.Size())
	}
	if got := Size("-", bytes.NewReader(nil)); got != -1 {
		t.Errorf("Size of a piped standard input = %d, want -1 (unknown)", got)
	}
	f, err := os.Open(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := Size("-", f); got != st.Size() {
		t.Errorf("Size of standard input redirected from a file = %d, want %d", got, st.Size())
	}
}

func readAll(t *testing.T, o *Opener, name string) []byte {
	t.Helper()
	var out []byte
	err := o.Each(name, func(s Stream) error {
		data, err := io.ReadAll(s.R)
		out = append(out, data...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeFile(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func gzipped(t *testing.T, data []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func zstded(t *testing.T, data []byte) []byte {
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(data, nil)
}

func zipped(t *testing.T, members map[string][]byte) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range sortedKeys(members) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(members[name])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sortedKeys(m map[string][]byte) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/cqlvm/cqlvm/pgn"
)

// TestInputFormsGiveIdenticalMatches runs queries over sample.pgn given in
// every input form cqlvm reads and requires the same PGN output, byte
// for byte, and the same JSON matches (apart from the file name).
func TestInputFormsGiveIdenticalMatches(t *testing.T) {
	dir := t.TempDir()
	plain, err := os.ReadFile(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	first, second := splitAtGame(t, plain, 127)
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	forms := []struct {
		name   string
		stdin  []byte
		inputs []string
	}{
		{"plain", nil, []string{samplePGN}},
		{"gzip", nil, []string{write("sample.pgn.gz", gzipBytes(t, plain))}},
		{"bzip2", nil, []string{"testdata/sample.pgn.bz2"}},
		{"zstd", nil, []string{write("sample.pgn.zst", zstdBytes(t, plain))}},
		{"zip", nil, []string{write("sample.zip", zipBytes(t, "sample.pgn", plain))}},
		{"gzip named .pgn", nil, []string{write("disguised.pgn", gzipBytes(t, plain))}},
		{"stdin", plain, []string{"-"}},
		{"gzip on stdin", gzipBytes(t, plain), []string{"-"}},
		{"two files", nil, []string{write("first.pgn", first), write("second.pgn.zst", zstdBytes(t, second))}},
	}
	queries := []string{
		"cql(variations) mate",
		`cql() flipcolor { btm mate _ attackedby k == 8 }`,
		`cql(variations) check comment("check by " #A " white pieces") sort "white pieces" #A`,
	}
	for qi, text := range queries {
		query := writeQuery(t, t.TempDir(), text)
		var wantPGN string
		var wantJSON []string
		for _, form := range forms {
			out := filepath.Join(dir, "out.pgn")
			var stdin io.Reader
			if form.stdin != nil {
				stdin = bytes.NewReader(form.stdin)
			}
			args := append([]string{"run", "--json", "-o", out, query}, form.inputs...)
			r := mustRun(t, stdin, args...)
			gotPGN := readText(t, out)
			gotJSON := jsonWithoutSource(t, r.stdout)
			if form.name == "plain" {
				wantPGN, wantJSON = gotPGN, gotJSON
				if len(wantJSON) == 0 {
					t.Fatalf("query %d matches nothing; the test needs matches", qi)
				}
				continue
			}
			if gotPGN != wantPGN {
				t.Errorf("query %d, %s: the PGN output differs from the plain file's", qi, form.name)
			}
			if strings.Join(gotJSON, "\n") != strings.Join(wantJSON, "\n") {
				t.Errorf("query %d, %s: the JSON matches differ from the plain file's", qi, form.name)
			}
		}
	}
}

// jsonWithoutSource drops the fields that name where a game was read
// (file, and offset, which restarts in the second of two files).
func jsonWithoutSource(t *testing.T, out string) []string {
	t.Helper()
	var lines []string
	for _, line := range nonEmptyLines(out) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		delete(m, "file")
		delete(m, "offset")
		b, _ := json.Marshal(m)
		lines = append(lines, string(b))
	}
	return lines
}

func nonEmptyLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// splitAtGame cuts a PGN text where game n starts.
func splitAtGame(t *testing.T, text []byte, n int) ([]byte, []byte) {
	t.Helper()
	r := pgn.NewReader(bytes.NewReader(text), "split")
	for {
		raw, err := r.Next()
		if err != nil {
			t.Fatalf("no game %d: %v", n, err)
		}
		if raw.Number == n {
			return text[:raw.Offset], text[raw.Offset:]
		}
	}
}

func gzipBytes(t *testing.T, data []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func zstdBytes(t *testing.T, data []byte) []byte {
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(data, nil)
}

func zipBytes(t *testing.T, member string, data []byte) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create(member)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

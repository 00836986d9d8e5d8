package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestOfficialOutputBytes runs the sample conformance cases and compares
// the whole PGN output, byte for byte, with the official CQL 6.2's output
// for the same case (by SHA-256: testdata/conformance/
// official_sample_output.sha256, made from ../shared/conformance/expected/
// sample/*.pgn). Tags, their order, comments and their order, "Found",
// echo and line comments, variation ids, line wrapping and blank lines must
// all agree.
//
// One difference is deliberate: cqlvm writes UTF-8, where the official
// program writes a '?' for each non-ASCII byte of the comments it touches
// and copies other bytes as they were in the Latin-1 input. Before hashing,
// the output is put into that encoding; nothing else is changed.
//
// With ../shared beside the repository, a failure also shows the first
// differing line.
func TestOfficialOutputBytes(t *testing.T) {
	want := readOfficialHashes(t)
	if len(want) < 190 {
		t.Fatalf("only %d official outputs listed", len(want))
	}
	dir := t.TempDir()
	var failed []string
	for name, sum := range want {
		cases, _ := filepath.Glob(filepath.Join(conformanceDir, "cases", "*", name+".cql"))
		if len(cases) != 1 {
			t.Errorf("%s: no single case file (found %d)", name, len(cases))
			continue
		}
		text, err := os.ReadFile(cases[0])
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, name+".pgn")
		runCLI(t, nil, "run", "-q", "-threads", "2", "-i", samplePGN, "-o", out, "-matchstring", "CQLMATCH", cases[0])
		got, err := os.ReadFile(out)
		if err != nil {
			t.Errorf("%s: no output: %v", name, err)
			continue
		}
		silent := bytes.Contains(text, []byte("silent"))
		h := sha256.Sum256(officialEncoding(got, silent))
		if hex.EncodeToString(h[:]) != sum {
			failed = append(failed, name)
			t.Errorf("%s: output differs from the official program's%s", name, firstDifference(name, officialEncoding(got, silent)))
		}
	}
	if len(failed) > 0 {
		t.Logf("%d of %d outputs differ: %s", len(failed), len(want), strings.Join(failed, " "))
	}
}

func readOfficialHashes(t *testing.T) map[string]string {
	f, err := os.Open(filepath.Join(conformanceDir, "official_sample_output.sha256"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 2 {
			out[fields[1]] = fields[0]
		}
	}
	return out
}

// officialEncoding re-encodes UTF-8 output the way the official program
// writes Latin-1 input: tag lines (and, with silent, everything) byte for
// byte in Latin-1, other lines with '?' for each non-ASCII character.
func officialEncoding(utf8Text []byte, silent bool) []byte {
	var out bytes.Buffer
	for i, line := range bytes.Split(utf8Text, []byte("\n")) {
		if i > 0 {
			out.WriteByte('\n')
		}
		latin1 := silent || bytes.HasPrefix(line, []byte("["))
		for len(line) > 0 {
			r, n := utf8.DecodeRune(line)
			line = line[n:]
			switch {
			case r < 0x80:
				out.WriteByte(byte(r))
			case latin1 && r < 0x100:
				out.WriteByte(byte(r))
			default:
				out.WriteByte('?')
			}
		}
	}
	return out.Bytes()
}

// firstDifference quotes the first differing line against the official
// output, when ../shared is there to read it.
func firstDifference(name string, got []byte) string {
	want, err := os.ReadFile(filepath.Join("../../../shared/conformance/expected/sample", name+".pgn"))
	if err != nil {
		return " (../shared/conformance is not beside the repository to show where)"
	}
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w []byte
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if !bytes.Equal(g, w) {
			return "\n  line " + strconv.Itoa(i+1) + "\n  official: " + string(w) + "\n  cqlvm:    " + string(g)
		}
	}
	return ""
}

package pgn

import (
	"os"
	"path/filepath"
	"testing"
)

// cutAgreement holds the run-skipping cutter to the token-by-token one on
// data: on all of it as the whole rest of the input, and on prefixes of
// it as a buffer that more input may follow, from every game start the
// token-by-token cutter finds: every prefixStep-th prefix, or with
// prefixStep 0 about 8 prefixes a game.
func cutAgreement(t *testing.T, name string, data []byte, prefixStep int) {
	t.Helper()
	start, col0 := 0, true
	for start < len(data) {
		for start < len(data) && isBlank(data[start]) {
			col0 = data[start] == '\n' || data[start] == '\r'
			start++
		}
		if start == len(data) {
			return
		}
		rest := data[start:]
		wl, wn, wok := cutGameRuns(rest, col0, true, false)
		gl, gn, gok := cutGameRuns(rest, col0, true, true)
		if gl != wl || gn != wn || gok != wok {
			t.Fatalf("%s at byte %d: runs cut (%d, %d, %v), tokens cut (%d, %d, %v)", name, start, gl, gn, gok, wl, wn, wok)
		}
		step := prefixStep
		if step == 0 {
			step = wn/8 + 1
		}
		for k := 1; k <= wn+step && k < len(rest); k += step {
			wl, wn, wok := cutGameRuns(rest[:k], col0, false, false)
			gl, gn, gok := cutGameRuns(rest[:k], col0, false, true)
			if gl != wl || gn != wn || gok != wok {
				t.Fatalf("%s at byte %d, %d bytes read: runs cut (%d, %d, %v), tokens cut (%d, %d, %v)", name, start, k, gl, gn, gok, wl, wn, wok)
			}
		}
		if wn == 0 {
			wn = 1 // a game the cutter sees as empty: step over its first byte
		}
		col0 = data[start+wn-1] == '\n' || data[start+wn-1] == '\r'
		start += wn
	}
}

func TestCutRunsAgreeOnCorpora(t *testing.T) {
	var files []string
	filepath.WalkDir("../testdata/pgn/edge", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	files = append(files, "../testdata/pgn/sample.pgn", "../testdata/pgn/studies.pgn", "../testdata/pgn/games.pgn")
	if len(files) < 4 {
		t.Fatal("no edge files found")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		step := 1
		if len(data) > 64<<10 {
			step = 0 // every prefix of the big corpora would take minutes
		}
		cutAgreement(t, filepath.Base(f), data, step)
	}
}

func TestCutRunsAgreeOnTokenEdges(t *testing.T) {
	for _, text := range []string{
		"1. e4 e5 2. Nf3 *",
		"1. e4 e5 2. Nf3*",
		"1. e4 e5 Nf3* 1-0",
		"1. O-O O-O-O 1-0",
		"1. e4 e5 1/2 [Event \"x\"]",
		"1. e4 e5 1-0\n\n1. d4 d5 0-1",
		"1. e4 e5\n\n1. d4 d5 0-1",
		"1. e4 e5 \t ,\n\n[Event \"x\"]\n1. d4",
		"1. e4 e5 2. Nf3 \xbd-\xbd",
		"1. e4 e5 2. Nf3 1\x960 [A \"b\"]",
		"e4 e5 2.Nf3 % not an escape\n%escape\n1-0",
		"e4 e5 +-- e6",
		"e4 e5 ... e6 e.p. 1-0",
	} {
		cutAgreement(t, text, []byte(text), 1)
	}
}

func FuzzCutRuns(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n\n1. e4 e5 2. Nf3* 1-0\n\n1. d4 {c} (1... d5) 0-1\n"))
	f.Add([]byte("1. O-O O-O-O 1/2 e4 \xbd-\xbd\n\n1. e4"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<10 {
			return // every prefix of every game: quadratic in the length
		}
		cutAgreement(t, "fuzz", data, 1)
	})
}

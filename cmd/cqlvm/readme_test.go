package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// A README code block preceded by a line `<!-- readme-test -->` (or
// `<!-- readme-test: needs TOOL ... -->`) is run by TestREADME: each
// `$ COMMAND` line, whose expected standard output is the lines after it
// up to the next command, or, in a block without `$`, each line as a
// command that must succeed. Before a block that shows the output of a
// command, `<!-- readme-test: output of: COMMAND -->` runs COMMAND and
// compares (a json block: the first line of the output, as JSON);
// `<!-- readme-test: file: NAME -->` writes the block to the file NAME
// for the commands after it.
var readmeMarker = regexp.MustCompile(`^<!-- readme-test(?:: needs ([^>]*)|: output of: ([^>]*)|: file: ([^>]*))? -->$`)

// readmeBlock is one runnable block of the README.
type readmeBlock struct {
	line     int // of the marker, for messages
	needs    []string
	commands []readmeCommand
	file     string // the block is this file's text
	text     []string
}

type readmeCommand struct {
	line   int
	text   string
	output []string // nil: not compared
	json   bool     // output is one JSON value, the first line of the command's
}

// readmeBlocks extracts the runnable blocks of a README.
func readmeBlocks(t *testing.T, text string) []readmeBlock {
	var blocks []readmeBlock
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		m := readmeMarker.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			t.Fatalf("README.md:%d: a readme-test marker must stand right before a code block", i+1)
		}
		b := readmeBlock{line: i + 1, needs: strings.Fields(m[1]), file: m[3]}
		output := m[2] != ""
		if output {
			b.commands = []readmeCommand{{line: i + 1, text: m[2], output: []string{}, json: strings.HasPrefix(lines[i+1], "```json")}}
		}
		i += 2
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			line := lines[i]
			switch {
			case b.file != "":
				b.text = append(b.text, line)
			case output:
				b.commands[0].output = append(b.commands[0].output, line)
			case strings.HasPrefix(line, "$ "):
				b.commands = append(b.commands, readmeCommand{line: i + 1, text: line[2:], output: []string{}})
			case len(b.commands) > 0 && b.commands[len(b.commands)-1].output != nil:
				c := &b.commands[len(b.commands)-1]
				c.output = append(c.output, line)
			case strings.TrimSpace(line) != "":
				b.commands = append(b.commands, readmeCommand{line: i + 1, text: line})
			}
		}
		blocks = append(blocks, b)
	}
	return blocks
}

// readmeVariable are the parts of an output that change from run to run
// or machine to machine: times and thread counts.
var readmeVariable = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\b\d+\.\d+ seconds`), "T seconds"},
	{regexp.MustCompile(`seconds \d+\.\d+`), "seconds T"},
	{regexp.MustCompile(`using \d+ threads?`), "using N threads"},
	{regexp.MustCompile(`numberthreads \d+`), "numberthreads N"},
}

func normalizeReadmeOutput(s string) string {
	for _, v := range readmeVariable {
		s = v.re.ReplaceAllString(s, v.with)
	}
	return strings.TrimRight(s, "\n")
}

// TestREADME runs the README's runnable blocks in a directory that has
// the checkout's testdata/ and examples/, bin/cqlvm, cqlvm and cql on the
// PATH (this test binary, which is the program under those names), and
// the files the generic commands name: query.cql and q.cql (the mirror
// mate query), games.pgn and jan.pgn (the sample), feb.pgn.gz and
// big.pgn.zst (the sample compressed), old.cqls and query.txt
// (old-language queries).
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the README's commands search games.pgn (seconds)")
	}
	blocks := readmeBlocks(t, readText(t, "../../README.md"))
	if len(blocks) < 4 {
		t.Fatalf("%d runnable blocks in the README, want at least 4", len(blocks))
	}
	dir := readmeSandbox(t)
	env := append(os.Environ(), asMainEnv+"=1", "PATH="+filepath.Join(dir, ".path")+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, b := range blocks {
		if b.file != "" {
			writeFile(t, dir, b.file, strings.Join(b.text, "\n")+"\n")
			continue
		}
		if missing := missingTools(b.needs); missing != "" {
			t.Logf("README.md:%d: not run: %s is not installed", b.line, missing)
			continue
		}
		for _, c := range b.commands {
			sh := exec.Command("bash", "-c", c.text)
			sh.Dir, sh.Env = dir, env
			var out, errb bytes.Buffer
			sh.Stdout, sh.Stderr = &out, &errb
			if err := sh.Run(); err != nil {
				t.Errorf("README.md:%d: %s: %v\n%s%s", c.line, c.text, err, out.String(), errb.String())
				continue
			}
			if c.output == nil {
				continue
			}
			if c.json {
				first, _, _ := strings.Cut(out.String(), "\n")
				if !sameJSON(t, first, strings.Join(c.output, "\n")) {
					t.Errorf("README.md:%d: %s: the first line differs from the README's JSON:\n%s", c.line, c.text, first)
				}
				continue
			}
			got, want := normalizeReadmeOutput(out.String()), normalizeReadmeOutput(strings.Join(c.output, "\n"))
			if got != want {
				t.Errorf("README.md:%d: %s: the output differs from the README's\ngot:\n%s\nREADME:\n%s", c.line, c.text, got, want)
			}
		}
	}
}

// sameJSON reports whether two texts hold the same JSON value.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal([]byte(a), &va); err != nil {
		t.Errorf("not JSON: %v\n%s", err, a)
		return false
	}
	if err := json.Unmarshal([]byte(b), &vb); err != nil {
		t.Errorf("not JSON: %v\n%s", err, b)
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// readmeSandbox makes the directory the README's commands run in.
func readmeSandbox(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"bin", ".path"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"testdata":    filepath.Join(root, "testdata"),
		"examples":    filepath.Join(root, "examples"),
		"bin/cqlvm":   exe,
		".path/cqlvm": exe,
		".path/cql":   exe,
		"games.pgn":   filepath.Join(root, "testdata/pgn/sample.pgn"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	// copies, not links: a command may rewrite a query in place (cql -u)
	for name, from := range map[string]string{"query.cql": "testdata/demo/mirrormate.cql", "q.cql": "testdata/demo/mirrormate.cql",
		"smothered.cql": "examples/smothered-mate.cql", "jan.pgn": "testdata/pgn/sample.pgn"} {
		writeFile(t, dir, name, readText(t, filepath.Join(root, from)))
	}
	sample := []byte(readText(t, filepath.Join(root, "testdata/pgn/sample.pgn")))
	writeCompressed(t, filepath.Join(dir, "feb.pgn.gz"), sample, func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriter(w), nil })
	writeCompressed(t, filepath.Join(dir, "big.pgn.zst"), sample, func(w io.Writer) (io.WriteCloser, error) { return zstd.NewWriter(w) })
	writeFile(t, dir, "old.cqls", "; a queen mates a king standing next to it on the edge\n(match (position :mate Qe7 ke8 :shift :flip :flipcolor))\n")
	writeFile(t, dir, "query.txt", "(position :check :btm)\n")
	return dir
}

// writeCompressed writes data compressed by the writer newWriter makes.
func writeCompressed(t *testing.T, path string, data []byte, newWriter func(io.Writer) (io.WriteCloser, error)) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := newWriter(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// missingTools is the first of the tools that is not on the PATH, or "".
func missingTools(tools []string) string {
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			return tool
		}
	}
	return ""
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrittenFilesSpareTheInputs names an input, a symbolic link to it,
// a hard link to it or the query file as each file a command writes:
// every one is refused with exit status 2 and a message naming both, and
// the files read stay as they were, byte for byte.
func TestWrittenFilesSpareTheInputs(t *testing.T) {
	dir := t.TempDir()
	games, err := os.ReadFile(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in.pgn")
	query := writeQuery(t, dir, "cql() mate")
	queryText := readText(t, query)
	sym, hard := filepath.Join(dir, "sym.pgn"), filepath.Join(dir, "hard.pgn")
	if err := os.Symlink(in, sym); err != nil {
		t.Fatal(err)
	}
	headerQuery := writeFile(t, dir, "header.cql", "cql(input in.pgn output in.pgn) mate\n")
	out := filepath.Join(dir, "out.pgn")
	// the files each case writes over, and what the message names
	aliases := []struct{ name, file string }{{"the input itself", in}, {"a symbolic link", sym}, {"a hard link", hard}}
	options := []string{"-o", "--html", "-cpuprofile", "-memprofile", "--shard-summary"}
	check := func(t *testing.T, args []string, want ...string) {
		t.Helper()
		if err := os.WriteFile(in, games, 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(hard)
		if err := os.Link(in, hard); err != nil {
			t.Fatal(err)
		}
		r := runCLI(t, nil, args...)
		if r.status != exitUsage {
			t.Errorf("cqlvm %s: exit %d, want %d; stderr %s", strings.Join(args, " "), r.status, exitUsage, r.stderr)
		}
		for _, w := range want {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("cqlvm %s: stderr lacks %q: %s", strings.Join(args, " "), w, r.stderr)
			}
		}
		if got, _ := os.ReadFile(in); !bytes.Equal(got, games) {
			t.Errorf("cqlvm %s changed the input: %d bytes, were %d", strings.Join(args, " "), len(got), len(games))
		}
		if readText(t, query) != queryText {
			t.Errorf("cqlvm %s changed the query", strings.Join(args, " "))
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("cqlvm %s wrote %s before refusing", strings.Join(args, " "), out)
			os.Remove(out)
		}
	}
	for _, opt := range options {
		for _, a := range aliases {
			t.Run(opt+" "+a.name, func(t *testing.T) {
				args := []string{"run", "-q", opt, a.file, query, in}
				if opt != "-o" {
					args = append(args, "-o", out)
				}
				if opt == "--shard-summary" {
					args = append(args, "--shard", "1/2")
				}
				check(t, args, opt+" "+a.file, "the input", "would overwrite it")
			})
		}
		if opt == "--html" {
			continue // --html QUERY.cql is the official converter: "official -html over the query" below
		}
		t.Run(opt+" the query", func(t *testing.T) {
			args := []string{"run", "-q", opt, query, query, in}
			if opt != "-o" {
				args = append(args, "-o", out)
			}
			if opt == "--shard-summary" {
				args = append(args, "--shard", "1/2")
			}
			check(t, args, opt+" "+query+" is also the query")
		})
	}
	t.Run("the header's output", func(t *testing.T) {
		check(t, []string{"run", "-q", headerQuery}, "the output of the query's header", "is also the input")
	})
	t.Run("two outputs", func(t *testing.T) {
		html := filepath.Join(dir, "page.html")
		check(t, []string{"run", "-q", "-o", html, "--html", html, query, in}, "--html "+html+" is also -o", "write it twice")
		if _, err := os.Stat(html); err == nil {
			t.Errorf("%s was written", html)
		}
	})
	t.Run("official -html over the query", func(t *testing.T) {
		check(t, []string{"run", "-html", query, "-o", query}, "-o "+query+" is also the query")
	})
	t.Run("merge over a part", func(t *testing.T) {
		check(t, []string{"merge", "-o", sym, in}, "-o "+sym+" is the same file as the part "+in)
	})
}

// TestInPlaceConversionStays: -a and -u rewrite the query in place, as
// the official program does; the check of written files lets them.
func TestInPlaceConversionStays(t *testing.T) {
	dir := t.TempDir()
	query := writeQuery(t, dir, "cql() ♔a1")
	mustRun(t, nil, "run", "-a", query)
	if got := readText(t, query); !strings.Contains(got, "Ka1") {
		t.Errorf("-a did not convert the query in place: %q", got)
	}
}

// TestWritingADeviceIsNoConflict: /dev/null as input and output (or a
// terminal as both) loses nothing: only regular files are guarded.
func TestWritingADeviceIsNoConflict(t *testing.T) {
	query := writeQuery(t, t.TempDir(), "cql() mate")
	r := runCLI(t, nil, "run", "-q", "-o", os.DevNull, "--html", os.DevNull, query, os.DevNull)
	if r.status != exitOK {
		t.Errorf("exit %d, stderr %s", r.status, r.stderr)
	}
}

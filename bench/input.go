package main

import (
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cqlvm/cqlvm/pgn"
)

// database is the PGN file under test with what the harness counted in it.
type database struct {
	path      string
	size      int64
	games     int
	positions int    // mainline positions, the root included
	known     string // name of the matching knownCorpus, "" if none
}

// repoRoot finds the module root (the directory holding go.mod) from the
// working directory up, so that `go run ./bench` and `go test ./bench`
// resolve the same default paths.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// defaultGzipCandidates are where human.pgn.gz lives when the shared data
// sits beside the checkout or at its usual absolute place.
func defaultGzipCandidates(root string) []string {
	return []string{
		filepath.Join(root, "..", "shared", "data", "human.pgn.gz"),
		"/work/shared/data/human.pgn.gz",
	}
}

// chooseInput returns the PGN file to measure: the argument when given,
// else human.pgn unpacked into cacheDir, else the bundled games.pgn.
func chooseInput(arg, root, cacheDir string, log io.Writer) (string, error) {
	if arg != "" {
		if strings.HasSuffix(arg, ".gz") {
			return unpackCached(arg, cacheDir, log)
		}
		return arg, nil
	}
	for _, gz := range defaultGzipCandidates(root) {
		if _, err := os.Stat(gz); err == nil {
			return unpackCached(gz, cacheDir, log)
		}
	}
	fallback := filepath.Join(root, "testdata", "pgn", "games.pgn")
	fmt.Fprintf(log, "human.pgn.gz not found, using %s\n", fallback)
	return fallback, nil
}

// unpackCached unpacks gz into cacheDir once: a copy whose size equals the
// size recorded in the gzip trailer is reused, because unpacking 89 MB on
// every run costs more than some of the measurements.
func unpackCached(gz, cacheDir string, log io.Writer) (string, error) {
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	dst := filepath.Join(cacheDir, strings.TrimSuffix(filepath.Base(gz), ".gz"))
	want, err := gzipSize(gz)
	if err != nil {
		return "", err
	}
	if info, err := os.Stat(dst); err == nil && info.Size() == want {
		fmt.Fprintf(log, "reusing %s\n", dst)
		return dst, nil
	}
	fmt.Fprintf(log, "unpacking %s to %s\n", gz, dst)
	if err := gunzipTo(gz, dst); err != nil {
		return "", err
	}
	return dst, nil
}

// gzipSize reads the uncompressed size (mod 2^32) from the gzip trailer.
func gzipSize(gz string) (int64, error) {
	f, err := os.Open(gz)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var tail [4]byte
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if _, err := f.ReadAt(tail[:], info.Size()-4); err != nil {
		return 0, err
	}
	return int64(binary.LittleEndian.Uint32(tail[:])), nil
}

// gunzipTo unpacks gz into dst through a temporary file renamed at the end,
// so an interrupted run never leaves a truncated copy to be reused.
func gunzipTo(gz, dst string) error {
	in, err := os.Open(gz)
	if err != nil {
		return err
	}
	defer in.Close()
	zr, err := gzip.NewReader(in)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".unpack-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := io.Copy(tmp, zr); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

// countDatabase reads path once with package pgn for the number of games
// and mainline positions (the divisor of positions/s). It also pulls the
// file into the page cache, so the first timed run does not pay for the disk.
func countDatabase(path string) (database, error) {
	f, err := os.Open(path)
	if err != nil {
		return database{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return database{}, err
	}
	db := database{path: path, size: info.Size()}
	rd := pgn.NewReader(f, path)
	var p pgn.Parser
	var g pgn.Game
	for {
		raw, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return database{}, err
		}
		p.Parse(raw, &g)
		db.games++
		db.positions += g.MainlineLen()
	}
	db.known = identify(db)
	return db, nil
}

// identify names the known corpus with db's size and game count.
func identify(db database) string {
	for _, c := range knownCorpora {
		if c.size == db.size && c.games == db.games {
			return c.name
		}
	}
	return ""
}

// concatCopies writes n copies of src one after the other into dst, for
// the memory test: peak RSS must not grow with the size of the database.
func concatCopies(src, dst string, n int) error {
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		// The blank line keeps a file without a final newline from
		// gluing its last game to the next copy's first tag.
		if i > 0 {
			if _, err := out.WriteString("\n"); err != nil {
				out.Close()
				return err
			}
		}
		if err := appendFile(out, src); err != nil {
			out.Close()
			return err
		}
	}
	return out.Close()
}

func appendFile(out *os.File, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	_, err = io.Copy(out, in)
	return err
}

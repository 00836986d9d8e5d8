// Package index writes and reads the game index of a PGN file: a small
// sidecar (FILE.cqlidx) with the number of games of the file and, for
// plain PGN, where each game starts, so that a shard of a run can begin
// at game N without reading the games before it.
//
// The format, version 1:
//
//	cqlvm-index 1\n
//	{"size":S,"mtime":"RFC 3339 time","games":N,"white_tags":W,"plain":true}\n
//	then, for plain PGN, N records of two unsigned varints:
//	  (offset - previous offset) << 1 | 1 if the game does not start a line
//	  line - previous line
//
// The first record's "previous" is offset 0, line 1. Size and mtime are
// those of the PGN file when it was indexed: an index that does not
// match its file is stale and is refused, never trusted. white_tags is
// the number of games with a White tag, which is what CQL's
// lastgamenumber counts.
//
// A loaded index keeps only its header in memory and reads the records
// from its file when asked (Each, Find): the index of a file of 90
// million games holds some 300 MB of records.
package index

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/pgn"
)

// Suffix is added to a PGN file's name to name its index.
const Suffix = ".cqlidx"

const magic = "cqlvm-index 1\n"

// Index is what an index file tells about its PGN file.
type Index struct {
	Size      int64     // the file's size when indexed
	ModTime   time.Time // and its modification time
	Games     int       // the number of games, as a run cuts them
	WhiteTags int       // the games with a White tag (lastgamenumber)
	Plain     bool      // plain PGN: the games' starts are known

	starts []Start // a built index's starts (Build)
	path   string  // a loaded index's file (Load),
	body   int64   // where its records begin
}

// Start is where a game starts.
type Start struct {
	Offset    int64
	Line      int
	LineStart bool // the game is the first thing on its line: a reader may begin there
}

// header is the JSON line after the magic line.
type header struct {
	Size      int64     `json:"size"`
	ModTime   time.Time `json:"mtime"`
	Games     int       `json:"games"`
	WhiteTags *int      `json:"white_tags"` // required: nil is a damaged header
	Plain     bool      `json:"plain"`
}

// PathOf is the name of the index of the PGN file name.
func PathOf(name string) string { return name + Suffix }

// Build cuts the games of the PGN file name (without searching them) and
// returns its index.
func Build(name string) (*Index, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	plain, err := input.IsPlain(name)
	if err != nil {
		return nil, err
	}
	ix := &Index{Size: st.Size(), ModTime: st.ModTime(), Plain: plain}
	err = cutGames(name, func(g *pgn.RawGame) {
		ix.Games++
		if pgn.HasWhiteTag(g.Data) {
			ix.WhiteTags++
		}
		if plain {
			ix.starts = append(ix.starts, Start{Offset: g.Offset, Line: g.Line, LineStart: g.Col == 1})
		}
	})
	if err != nil {
		return nil, err
	}
	return ix, nil
}

// Count cuts the games of the input name, without searching them or
// keeping them, and returns their number.
func Count(name string) (int, error) {
	n := 0
	err := cutGames(name, func(*pgn.RawGame) { n++ })
	return n, err
}

// cutGames calls fn with every game of the input name, cut as a run cuts
// them.
func cutGames(name string, fn func(*pgn.RawGame)) error {
	var opener input.Opener
	return opener.Each(name, func(s input.Stream) error { return cutStream(s, fn) })
}

// cutStream calls fn with every game of one stream.
func cutStream(s input.Stream, fn func(*pgn.RawGame)) error {
	r := pgn.NewReader(s.R, s.Name)
	for {
		g, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		fn(g)
	}
}

// Write writes the index in its file format.
func (ix *Index) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(magic)
	h, err := json.Marshal(header{ix.Size, ix.ModTime, ix.Games, &ix.WhiteTags, ix.Plain})
	if err != nil {
		return err
	}
	bw.Write(h)
	bw.WriteByte('\n')
	var buf [2 * binary.MaxVarintLen64]byte
	prevOffset, prevLine := int64(0), 1
	err = ix.Each(func(_ int, s Start) bool {
		delta := uint64(s.Offset-prevOffset) << 1
		if !s.LineStart {
			delta |= 1
		}
		n := binary.PutUvarint(buf[:], delta)
		n += binary.PutUvarint(buf[n:], uint64(s.Line-prevLine))
		bw.Write(buf[:n])
		prevOffset, prevLine = s.Offset, s.Line
		return true
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// WriteFile writes the index of name to PathOf(name), through a
// temporary file so that a reader never sees half an index.
func (ix *Index) WriteFile(name string) error {
	path := PathOf(name)
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := ix.Write(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", tmp, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// Each calls fn with every game's start and its place k (from 0) in file
// order, until fn returns false. A loaded index reads them from its
// file; one that ends early or goes on after its last game is an error.
func (ix *Index) Each(fn func(k int, s Start) bool) error {
	if !ix.Plain {
		return nil
	}
	if ix.path == "" {
		for k, s := range ix.starts {
			if !fn(k, s) {
				return nil
			}
		}
		return nil
	}
	f, err := os.Open(ix.path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Seek(ix.body, io.SeekStart); err != nil {
		return err
	}
	br := bufio.NewReaderSize(f, 64<<10)
	offset, line := int64(0), 1
	for k := range ix.Games {
		delta, err1 := binary.ReadUvarint(br)
		dline, err2 := binary.ReadUvarint(br)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("%s: truncated: %d of its %d games", ix.path, k, ix.Games)
		}
		offset += int64(delta >> 1)
		line += int(dline)
		if !fn(k, Start{Offset: offset, Line: line, LineStart: delta&1 == 0}) {
			return nil
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return fmt.Errorf("%s: bytes after its %d games", ix.path, ix.Games)
	}
	return nil
}

// Find returns the first game that starts at offset from or after it,
// and the last game at or before that one that starts a line (resume, the
// k-th game of the file, from 0), where a reader may begin to read it
// (resume is the zero Start, k 0, when there is none: read from the
// file's start); ok is false when no game starts at from or after.
func (ix *Index) Find(from int64) (first, resume Start, k int, ok bool, err error) {
	err = ix.Each(func(i int, s Start) bool {
		if s.LineStart {
			resume, k = s, i
		}
		if s.Offset >= from {
			first, ok = s, true
			return false
		}
		return true
	})
	return first, resume, k, ok && err == nil, err
}

// readHeader reads the magic and header lines of the index file path,
// and returns the index (without its records) and where they begin.
func readHeader(f *os.File, path string) (*Index, error) {
	br := bufio.NewReader(f)
	first, err := br.ReadString('\n')
	if err != nil || first != magic {
		return nil, fmt.Errorf("%s: not a cqlvm index of format version 1", path)
	}
	hline, err := br.ReadBytes('\n')
	var h header
	if err != nil || json.Unmarshal(bytes.TrimSpace(hline), &h) != nil || h.Games < 0 || h.WhiteTags == nil {
		return nil, fmt.Errorf("%s: the index header is damaged", path)
	}
	return &Index{Size: h.Size, ModTime: h.ModTime, Games: h.Games, WhiteTags: *h.WhiteTags, Plain: h.Plain,
		path: path, body: int64(len(first) + len(hline))}, nil
}

// ErrStale is the error of an index that no longer matches its file.
var ErrStale = errors.New("stale index")

// Load reads the index of the PGN file name, if it has one: nil and no
// error when there is none. An index that does not match the file's
// current size and modification time is an error (wrapping ErrStale).
func Load(name string) (*Index, error) {
	path := PathOf(name)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ix, err := readHeader(f, path)
	if err != nil {
		return nil, err
	}
	// read the records once: a damaged index is refused now, not when a
	// shard has begun
	if err := ix.Each(func(int, Start) bool { return true }); err != nil {
		return nil, err
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if st.Size() != ix.Size || !st.ModTime().Equal(ix.ModTime) {
		return nil, fmt.Errorf("%s: %w: %s changed since it was indexed (size %d, then %d; modified %s, then %s); run cqlvm index %s again",
			path, ErrStale, name, st.Size(), ix.Size, st.ModTime().Format(time.RFC3339Nano), ix.ModTime.Format(time.RFC3339Nano), name)
	}
	return ix, nil
}

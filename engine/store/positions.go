package store

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/cqlvm/cqlvm/pgn"
)

// The position index (FILE.cqlpos), written beside the store: the
// boards (bitboard.Position.BoardHash) each game reaches, so that a run
// whose query pins down a board (summary.Board) searches only the games
// that reach it. The format, version 1:
//
//	cqlvm-positions 1\n
//	{"size":S,"mtime":"...","crc32c":C,"games":N,"entries":E}\n
//	the directory: 2^16+1 little-endian uint32, where each bucket's
//	  entries begin (from the first entry's byte), then the end
//	the entries, bucket after bucket: a bucket holds the boards whose
//	  hash's top 16 bits are its number, as (game, board) pairs in game
//	  order: a byte, the hash's next 8 bits, and a uvarint, (the game's
//	  number in the store - the bucket's game before, from 0) << 1 | 1
//	  when the game's mainline reaches the board
//
// A game's boards are told once each. A lookup reads the directory's two
// words and the bucket (a few hundred bytes), whatever the database's
// size: the bucket's pairs whose byte matches are the games that may
// reach the board (about 1 in 256 of the others match too), and the
// others do not reach it. The header repeats the store's: an index that
// does not match its store is not used.

// PositionsSuffix names the position index beside a PGN file.
const PositionsSuffix = ".cqlpos"

const positionsMagic = "cqlvm-positions 1\n"

// bucketBits is the number of a hash's top bits that choose its bucket.
const bucketBits = 16

// PositionsPathOf is the name of the position index of the PGN file name.
func PositionsPathOf(name string) string { return name + PositionsSuffix }

// posHeader is the JSON line of a position index.
type posHeader struct {
	header
	Entries int `json:"entries"`
}

// board is a board a game reaches, and whether its mainline does.
type board struct {
	hash uint64
	main bool
}

// gameBoards appends the boards the positions of g reach to dst, each
// once, sorted.
func gameBoards(dst []board, g *pgn.Game) []board {
	mainline := g.MainlineLen()
	start := len(dst)
	for i := range g.Nodes {
		dst = append(dst, board{g.Nodes[i].Pos.BoardHash(), i < mainline})
	}
	list := dst[start:]
	slices.SortFunc(list, func(a, b board) int {
		switch {
		case a.hash < b.hash:
			return -1
		case a.hash > b.hash:
			return 1
		}
		return 0
	})
	out := list[:0]
	for _, b := range list {
		if n := len(out); n > 0 && out[n-1].hash == b.hash {
			out[n-1].main = out[n-1].main || b.main
			continue
		}
		out = append(out, b)
	}
	return dst[:start+len(out)]
}

// positions builds a position index. Games come in order, so each
// bucket's entries are appended to it as they come. When the entries
// held pass spillBytes they are written to a temporary file beside the
// index as a run, and the buckets start again empty: write puts each
// bucket's pieces of every run together, so that building holds no more
// than spillBytes of entries whatever the size of the database.
type positions struct {
	buckets [][]byte
	last    []int32 // the number of each bucket's last game
	entries int
	held    int // bytes of entries in buckets
	runs    []run
	spill   *os.File // the runs' temporary file, nil before the first
	path    string   // of the index
	spilled int64    // the spill file's length
	old     *os.File // the index an update keeps entries of, if any
}

// spillBytes is how many bytes of entries a build holds before it
// writes them as a run.
var spillBytes = 16 << 20 // (a test makes it small)

// run is a part of the index's entries in a file: where each bucket's
// piece of it lies (after at) and its length. The pieces lie in bucket
// order.
type run struct {
	f          *os.File
	at         int64
	offs, lens []uint32
}

func newPositions(name string) *positions {
	return &positions{buckets: make([][]byte, 1<<bucketBits), last: make([]int32, 1<<bucketBits), path: PositionsPathOf(name)}
}

// add files the boards of game number game.
func (p *positions) add(game int, boards []board) error {
	for _, b := range boards {
		k := b.hash >> (64 - bucketBits)
		check := byte(b.hash >> (56 - bucketBits))
		v := uint64(int32(game)-p.last[k]) << 1
		if b.main {
			v |= 1
		}
		n := len(p.buckets[k])
		p.buckets[k] = binary.AppendUvarint(append(p.buckets[k], check), v)
		p.held += len(p.buckets[k]) - n
		p.last[k] = int32(game)
		p.entries++
	}
	if p.held > spillBytes {
		return p.spillRun()
	}
	return nil
}

// spillRun writes the entries held as a run and empties the buckets.
func (p *positions) spillRun() error {
	if p.spill == nil {
		f, err := os.Create(p.path + ".runs.tmp")
		if err != nil {
			return err
		}
		p.spill = f
	}
	r := run{f: p.spill, at: p.spilled, offs: make([]uint32, len(p.buckets)), lens: make([]uint32, len(p.buckets))}
	w := bufio.NewWriterSize(p.spill, 1<<16)
	off := uint32(0)
	for k, b := range p.buckets {
		r.offs[k], r.lens[k] = off, uint32(len(b))
		off += uint32(len(b))
		w.Write(b)
		p.buckets[k] = b[:0]
	}
	if err := w.Flush(); err != nil {
		return err
	}
	p.spilled += int64(off)
	p.held = 0
	p.runs = append(p.runs, r)
	return nil
}

// close closes and removes the temporary file of the runs, and closes
// the index an update kept entries of.
func (p *positions) close() {
	if p.spill != nil {
		p.spill.Close()
		os.Remove(p.spill.Name())
	}
	if p.old != nil {
		p.old.Close()
	}
}

// write writes the index of name, whose store has the header h.
func (p *positions) write(name string, h header) (int64, error) {
	hline, err := json.Marshal(posHeader{h, p.entries})
	if err != nil {
		return 0, err
	}
	path := PositionsPathOf(name)
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	w.WriteString(positionsMagic)
	w.Write(hline)
	w.WriteByte('\n')
	var word [4]byte
	at := uint32(0)
	for k, b := range p.buckets {
		binary.LittleEndian.PutUint32(word[:], at)
		w.Write(word[:])
		for _, r := range p.runs {
			at += r.lens[k]
		}
		at += uint32(len(b))
	}
	binary.LittleEndian.PutUint32(word[:], at)
	w.Write(word[:])
	err = p.writeEntries(w)
	size := int64(len(positionsMagic)+len(hline)+1+4*(len(p.buckets)+1)) + int64(at)
	if err := errors.Join(err, w.Flush(), f.Close()); err != nil {
		os.Remove(tmp)
		return 0, err
	}
	return size, os.Rename(tmp, path)
}

// writeEntries writes each bucket's entries: its piece of every run,
// then those held.
func (p *positions) writeEntries(w *bufio.Writer) error {
	readers := make([]*bufio.Reader, len(p.runs))
	at := make([]uint32, len(p.runs))
	for i, r := range p.runs {
		readers[i] = bufio.NewReaderSize(io.NewSectionReader(r.f, r.at, 1<<62), 1<<16)
	}
	for k, b := range p.buckets {
		for i, r := range p.runs {
			if _, err := readers[i].Discard(int(r.offs[k] - at[i])); err != nil {
				return err
			}
			if _, err := io.CopyN(w, readers[i], int64(r.lens[k])); err != nil {
				return err
			}
			at[i] = r.offs[k] + r.lens[k]
		}
		w.Write(b)
	}
	return nil
}

// Positions is an open position index.
type Positions struct {
	f       *os.File
	entries int64 // where the entries begin
	games   int
}

// readPosHeader reads the magic and header of a position index.
func readPosHeader(br *bufio.Reader) (*posHeader, int64, error) {
	first, err := br.ReadString('\n')
	if err != nil || first != positionsMagic {
		return nil, 0, errors.New("not a position index of format version 1")
	}
	hline, err := br.ReadBytes('\n')
	var h posHeader
	if err != nil || json.Unmarshal(bytes.TrimSpace(hline), &h) != nil {
		return nil, 0, errors.New("the header is damaged")
	}
	return &h, int64(len(first) + len(hline)), nil
}

// OpenPositions opens the position index of the PGN file name, whose
// store s is open: nil and no error when there is none; an error when
// it does not match the store.
func OpenPositions(name string, s *Store) (*Positions, error) {
	path := PositionsPathOf(name)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	h, at, err := readPosHeader(bufio.NewReader(f))
	if err == nil && (h.Size != s.size || !h.ModTime.Equal(s.modTime) || h.CRC != s.crc || h.Games != s.Games) {
		err = errors.New("it does not match the game store; run cqlvm index again")
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &Positions{f: f, entries: at + 4*(1<<bucketBits+1), games: h.Games}, nil
}

// Ref is a game that may reach a board: its number in the store (from
// 0), and whether its mainline may.
type Ref struct {
	Game int
	Main bool
}

// Games appends to dst the games that may reach the board of hash h,
// in game order: every game that does, and a few that do not.
func (p *Positions) Games(dst []Ref, h uint64) ([]Ref, error) {
	k := h >> (64 - bucketBits)
	check := byte(h >> (56 - bucketBits))
	var words [8]byte
	dirAt := p.entries - 4*(1<<bucketBits+1)
	if _, err := p.f.ReadAt(words[:], dirAt+4*int64(k)); err != nil {
		return dst, err
	}
	from, to := binary.LittleEndian.Uint32(words[:]), binary.LittleEndian.Uint32(words[4:])
	if to < from || to-from > 1<<30 {
		return dst, errors.New("damaged position index")
	}
	buf := make([]byte, to-from)
	if _, err := p.f.ReadAt(buf, p.entries+int64(from)); err != nil {
		return dst, err
	}
	game := 0
	for r := bytes.NewReader(buf); r.Len() > 0; {
		c, _ := r.ReadByte()
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return dst, errors.New("damaged position index")
		}
		game += int(v >> 1)
		if c == check {
			if n := len(dst); n > 0 && dst[n-1].Game == game {
				dst[n-1].Main = dst[n-1].Main || v&1 != 0
				continue
			}
			dst = append(dst, Ref{game, v&1 != 0})
		}
	}
	return dst, nil
}

// Close closes the index's file.
func (p *Positions) Close() error { return p.f.Close() }

// loadPositions opens the position index of name, whose store has the
// header h, for an update that keeps its first games: the entries of the
// others are dropped. The kept entries stay in the file, a run of the
// index built, which the caller closes.
func loadPositions(name string, h *header, games int) (*positions, error) {
	f, err := os.Open(PositionsPathOf(name))
	if err != nil {
		return nil, err
	}
	p := newPositions(name)
	p.old = f
	br := bufio.NewReaderSize(f, 1<<16)
	ph, at, err := readPosHeader(br)
	if err == nil && (ph.header.Size != h.Size || ph.CRC != h.CRC || ph.Games != h.Games) {
		err = errors.New("the position index does not match its store")
	}
	dir := make([]byte, 4*(1<<bucketBits+1))
	if err == nil {
		_, err = io.ReadFull(br, dir)
	}
	if err != nil {
		p.close()
		return nil, err
	}
	r := run{f: f, at: at + int64(len(dir)), offs: make([]uint32, len(p.buckets)), lens: make([]uint32, len(p.buckets))}
	if err := p.keepOld(br, dir, &r, games); err != nil {
		p.close()
		return nil, err
	}
	p.runs = append(p.runs, r)
	return p, nil
}

// keepOld reads the entries of the old index from br, whose directory is
// dir, and sets in r each bucket's piece of the games before games, in
// p its last game.
func (p *positions) keepOld(br *bufio.Reader, dir []byte, r *run, games int) error {
	var buf []byte
	prev := uint32(0)
	for k := range p.buckets {
		from, to := binary.LittleEndian.Uint32(dir[4*k:]), binary.LittleEndian.Uint32(dir[4*k+4:])
		if from != prev || to < from || to-from > 1<<30 {
			return errors.New("damaged position index")
		}
		prev = to
		if cap(buf) < int(to-from) {
			buf = make([]byte, to-from)
		}
		b := buf[:to-from]
		if _, err := io.ReadFull(br, b); err != nil {
			return err
		}
		game, i := int32(0), 0
		for i < len(b) {
			v, n := binary.Uvarint(b[i+1:])
			if n <= 0 {
				return errors.New("damaged position index")
			}
			if game+int32(v>>1) >= int32(games) {
				break
			}
			game += int32(v >> 1)
			i += 1 + n
			p.entries++
		}
		r.offs[k], r.lens[k], p.last[k] = from, uint32(i), game
	}
	return nil
}

// Package store writes and reads the game store of a PGN file: a
// sidecar (FILE.cqlstore) with the summary of every game (vm/summary),
// so that a run whose query needs something of the summaries
// (vm.Program.Need) skips the games that cannot match without replaying
// their moves, and every game in the compact form of package
// pgn/compact, so that a run reads the games it searches from the store
// instead of parsing their PGN.
//
// The format, version 5:
//
//	cqlvm-store 5\n
//	{"size":S,"mtime":"RFC 3339 time","games":N,"stream_bytes":B,"crc32c":C,"limits":{...},"stored":T,"member":M,"records_bytes":R}\n
//	then N records, in file order, R bytes in all: each its length (a
//	uvarint), the CRC-32C of its bytes (4 bytes, little-endian), and its
//	bytes, unsigned varints and bytes:
//	  (offset - previous offset) << 2 | 2 if the game starts a line
//	      | 1 if the next game starts a line (or there is none)
//	  line - previous line (the first's previous offset is 0, line 1)
//	  the game's length in bytes
//	  a byte of flags, then what they say follows, in this order:
//	    1: the game's summary (summary.Append); a game without one (it
//	       has errors, or no position) is never skipped
//	    2: the game in compact form (its length, then its bytes)
//	    4: the game's PGN text, for a game the compact form does not
//	       hold (one with errors): its first byte's column, its length
//	       and its bytes
//
// Offsets, lines and lengths are those of the games in the file's
// (decompressed) stream as the PGN reader cuts them, and stream_bytes
// the stream's length: a run passes over the games it skips without
// cutting them (pgn.Reader.SkipTo), to the next game that starts a line. Size and mtime are the file's
// when the store was built: a store that does not match its file is
// stale and refused. limits are the values of the limits that change
// what a game's positions are (game-bytes, game-positions,
// variation-depth) when it was built: a run with other values reads the
// PGN instead, since its games' trees (and errors) may differ. crc32c is
// the CRC-32C of the file's bytes: Update keeps the records of a file
// that only grew. stored is true when every game is held (in compact
// form or as text: not so for a game over game-bytes), so that a run can
// read the store alone; member is what the PGN reader's name of the
// stream adds to the file's name (":game.pgn" in a zip archive).
//
// Opening a store reads its header alone (and checks records_bytes
// against the file's size): each record is checked against its CRC when
// it is read, so that a run that reads a few games costs little (a
// record passed over by its head alone, Reader.PeekHead, is not), and a
// game is read back from its compact form without testing its moves'
// legality, which Build verified. A damaged record stops the run with
// an error saying to build the store again.
package store

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/gametree"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/pgn"
	"github.com/cqlvm/cqlvm/pgn/compact"
	"github.com/cqlvm/cqlvm/vm/summary"
)

// Suffix is added to a PGN file's name to name its store.
const Suffix = ".cqlstore"

// formatVersion is the version of the store's format; a store of
// another is refused, to be built again.
const formatVersion = 5

const magicName = "cqlvm-store "

var magic = fmt.Sprintf("%s%d\n", magicName, formatVersion)

// PathOf is the name of the store of the PGN file name.
func PathOf(name string) string { return name + Suffix }

// treeLimits are the limits that change a game's tree or errors.
var treeLimits = []limits.ID{limits.GameBytes, limits.GamePositions, limits.VariationDepth}

// header is the JSON line after the magic line.
type header struct {
	Size    int64            `json:"size"`
	ModTime time.Time        `json:"mtime"`
	Games   int              `json:"games"`
	Stream  int64            `json:"stream_bytes"`
	CRC     uint32           `json:"crc32c"` // of the file's bytes
	Limits  map[string]int64 `json:"limits"`
	Stored  bool             `json:"stored"`
	Member  string           `json:"member"`
	Records int64            `json:"records_bytes"`
}

// limitValues are the tree limits' values in lim (nil: the defaults),
// by name.
func limitValues(lim *limits.Values) map[string]int64 {
	m := map[string]int64{}
	for _, id := range treeLimits {
		m[limits.Table[id].Name] = lim.Get(id)
	}
	return m
}

// Stats are what Build tells of the store it wrote.
type Stats struct {
	Games, Summarised int
	Kept              int   // of the games, those whose records an update kept
	Compact           int   // of the games, those in compact form
	Unstored          int   // of the games, those the store does not hold (over game-bytes)
	Bytes             int64 // the store's size
	PositionBytes     int64 // the position index's size
	stream            int64 // the stream's length
	member            string
}

// Build reads every game of the PGN file name (one stream: not an
// archive of several), replays it and writes its store to PathOf(name),
// through a temporary file so that a reader never sees half a store.
func Build(name string) (Stats, error) { return BuildWith(name, Options{}) }

// Options are choices of a store's building.
type Options struct {
	// SummariesOnly leaves the games out: a run then reads the PGN and
	// skips by the summaries alone (a smaller store; the tests of that
	// way of reading use it)
	SummariesOnly bool
}

// BuildWith is Build with options.
func BuildWith(name string, opt Options) (Stats, error) {
	st, err := os.Stat(name)
	if err != nil {
		return Stats{}, fmt.Errorf("%s: %w", name, err)
	}
	crc, err := fileCRC(name, st.Size())
	if err != nil {
		return Stats{}, err
	}
	body, err := newRecordsFile(name)
	if err != nil {
		return Stats{}, err
	}
	defer body.discard()
	var stats Stats
	pos := newPositions(name)
	defer pos.close()
	streams := 0
	var opener input.Opener
	err = opener.Each(name, func(s input.Stream) error {
		streams++
		if streams > 1 {
			return fmt.Errorf("%s: a store is built of one PGN stream, and this archive holds several", name)
		}
		counted := &countingReader{r: s.R}
		s.R = counted
		stats.member = strings.TrimPrefix(s.Name, name)
		err := summarise(s, body, &stats, position{0, 1, 0, 1}, !opt.SummariesOnly, pos, 0)
		stats.stream = counted.n
		return err
	})
	if err != nil {
		return Stats{}, err
	}
	h := header{Size: st.Size(), ModTime: st.ModTime(), Games: stats.Games, Stream: stats.stream, CRC: crc, Limits: limitValues(nil), Stored: stats.Unstored == 0, Member: stats.member}
	return stats, writeBoth(name, h, body, pos, &stats)
}

// recordsFile is where a store's records are written as they are made,
// before the header that counts them: a temporary file beside the
// store, so that building holds no more than a batch of records in
// memory whatever the size of the database.
type recordsFile struct {
	f    *os.File
	w    *bufio.Writer
	n    int64 // bytes written
	path string
}

func newRecordsFile(name string) (*recordsFile, error) {
	path := PathOf(name) + ".records.tmp"
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &recordsFile{f: f, w: bufio.NewWriterSize(f, 1<<16), path: path}, nil
}

func (r *recordsFile) Write(p []byte) (int, error) {
	r.n += int64(len(p))
	return r.w.Write(p)
}

// discard closes and removes the file (once the store is written, or
// when building failed).
func (r *recordsFile) discard() {
	r.f.Close()
	os.Remove(r.path)
}

// writeBoth writes the store and the position index of name.
func writeBoth(name string, h header, body *recordsFile, pos *positions, stats *Stats) error {
	if err := body.w.Flush(); err != nil {
		return err
	}
	h.Records = body.n
	var err error
	if stats.PositionBytes, err = pos.write(name, h); err != nil {
		return err
	}
	return write(name, h, body, stats)
}

// write writes the store of name with header h and the records of body,
// through a temporary file so that a reader never sees half a store.
func write(name string, h header, body *recordsFile, stats *Stats) error {
	hline, err := json.Marshal(h)
	if err != nil {
		return err
	}
	path := PathOf(name)
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	head := append(append([]byte(magic), hline...), '\n')
	_, err = f.Write(head)
	if err == nil {
		_, err = body.f.Seek(0, io.SeekStart)
	}
	if err == nil {
		_, err = io.Copy(f, body.f)
	}
	if err = errors.Join(err, f.Close()); err != nil {
		os.Remove(tmp)
		return err
	}
	stats.Bytes = int64(len(head)) + body.n
	return os.Rename(tmp, path)
}

// crcTable is the CRC-32C table of the files' checksums.
var crcTable = crc32.MakeTable(crc32.Castagnoli)

// fileCRC is the CRC-32C of the first n bytes of the file name.
func fileCRC(name string, n int64) (uint32, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	h := crc32.New(crcTable)
	if _, err := io.CopyN(h, f, n); err != nil {
		return 0, fmt.Errorf("%s: %w", name, err)
	}
	return h.Sum32(), nil
}

// Update brings the store of the PGN file name up to date. When the
// file is plain PGN that only grew since its store was built (the
// store's bytes of it are unchanged: the same CRC), it keeps the
// records of the games before the last stored game that starts a line
// and summarises the games from there on, which are the new games and
// the one or few that the appended text may have continued. Otherwise
// it builds the store anew (Build). Stats.Kept says how many records it
// kept.
func Update(name string, lim *limits.Values) (Stats, error) {
	st, err := os.Stat(name)
	if err != nil {
		return Stats{}, fmt.Errorf("%s: %w", name, err)
	}
	plain, err := input.IsPlain(name)
	if err != nil || !plain {
		return Build(name)
	}
	old, h, bodyAt, err := readStore(name)
	if err != nil {
		return Build(name)
	}
	defer old.Close()
	if h.Size > st.Size() || !maps.Equal(h.Limits, limitValues(lim)) {
		return Build(name)
	}
	if crc, err := fileCRC(name, h.Size); err != nil || crc != h.CRC {
		return Build(name)
	}
	keep, from, err := resumePoint(bufio.NewReaderSize(old, 1<<16), h.Records, h.Games)
	if err != nil {
		return Build(name)
	}
	pos, err := loadPositions(name, h, keep.games)
	if err != nil {
		return Build(name)
	}
	defer pos.close()
	f, err := os.Open(name)
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	if _, err := f.Seek(from.Offset, io.SeekStart); err != nil {
		return Stats{}, err
	}
	out, err := newRecordsFile(name)
	if err != nil {
		return Stats{}, err
	}
	defer out.discard()
	if _, err := old.Seek(bodyAt, io.SeekStart); err != nil {
		return Stats{}, err
	}
	if _, err := io.CopyN(out, old, keep.pos); err != nil {
		return Stats{}, err
	}
	stats := Stats{Kept: keep.games, Compact: keep.compact, Unstored: keep.unstored}
	err = summarise(input.Stream{Name: name, R: f}, out, &stats, position{from.Offset, from.Line, keep.offset, keep.line}, h.Stored, pos, keep.games)
	if err != nil {
		return Stats{}, err
	}
	stats.Summarised += keep.summarised
	stats.Games += keep.games
	stored := h.Stored && stats.Unstored == 0
	crc, err := fileCRC(name, st.Size())
	if err != nil {
		return Stats{}, err
	}
	nh := header{Size: st.Size(), ModTime: st.ModTime(), Games: stats.Games, Stream: st.Size(), CRC: crc, Limits: h.Limits, Stored: stored, Member: h.Member}
	return stats, writeBoth(name, nh, out, pos, &stats)
}

// readStore opens the store of name, if it has one of this format, and
// reads its header, without checking it against the file: the file is
// left where the header ends, at bodyAt.
func readStore(name string) (f *os.File, h *header, bodyAt int64, err error) {
	f, err = os.Open(PathOf(name))
	if err != nil {
		return nil, nil, 0, err
	}
	br := bufio.NewReaderSize(f, 4<<10)
	first, err1 := br.ReadString('\n')
	hline, err2 := br.ReadBytes('\n')
	h = new(header)
	if first != magic || err1 != nil || err2 != nil || json.Unmarshal(hline, h) != nil {
		f.Close()
		return nil, nil, 0, errors.New("not a store of this format")
	}
	bodyAt = int64(len(first) + len(hline))
	if _, err := f.Seek(bodyAt, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, 0, err
	}
	return f, h, bodyAt, nil
}

// kept is the part of a store's records an update keeps.
type kept struct {
	pos        int64 // their length in bytes
	games      int   // how many
	summarised int   // of which with a summary
	compact    int   // in compact form
	unstored   int   // not held
	offset     int64 // the last kept game's offset
	line       int   // and line
}

// resumePoint reads the records of the games, size bytes, from r and
// returns the part an update keeps, every record before the last game
// that starts a line, and that game's record, where the update reads
// from.
func resumePoint(r byteReader, size int64, games int) (kept, Record, error) {
	c := cursor{r: r, left: games, bytes: size, rec: Record{Line: 1}}
	k, cur := kept{line: 1}, kept{line: 1}
	var from Record
	found := false
	for c.left > 0 {
		pos := size - c.bytes
		if err := c.next(); err != nil {
			return kept{}, Record{}, err
		}
		if c.rec.LineStart {
			k, from, found = cur, c.rec, true
			k.pos = pos
		}
		cur.games++
		if c.rec.Summary != nil {
			cur.summarised++
		}
		if c.rec.Game != nil {
			cur.compact++
		} else if c.rec.Text == nil {
			cur.unstored++
		}
		cur.offset, cur.line = c.rec.Offset, c.rec.Line
	}
	if !found || c.bytes != 0 {
		return kept{}, Record{}, errors.New("no game to resume at")
	}
	from.Summary = nil
	return k, from, nil
}

// position is where summarise starts: the byte offset and line of the
// first game it reads, and those of the game before it (the base of the
// first record's deltas; 0 and 1 for none).
type position struct {
	start     int64
	startLine int
	prev      int64
	prevLine  int
}

// summarise appends the record of every game of stream s to body. The
// games are cut here and parsed, replayed and summarised by a worker per
// CPU, in batches whose records are written in file order.
// The boards of each game go to pos, the first as game number first.
func summarise(s input.Stream, body io.Writer, stats *Stats, from position, holdGames bool, pos *positions, first int) error {
	workers := runtime.GOMAXPROCS(0)
	jobs, done := make(chan *batch, 2*workers), make(chan *batch, 2*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var parser pgn.Parser
			parser.CastlingFromPlacement = true // as a run reads FENs
			var g pgn.Game
			var enc *compact.Encoder
			if holdGames {
				enc = new(compact.Encoder)
			}
			for b := range jobs {
				b.summarise(&parser, &g, enc)
				done <- b
			}
		})
	}
	written := make(chan struct{})
	var spillErr error
	go func() {
		defer close(written)
		pending, next := map[int]*batch{}, 0
		for b := range done {
			pending[b.seq] = b
			for b := pending[next]; b != nil; b = pending[next] {
				body.Write(b.records)
				at := 0
				for _, n := range b.boardCounts {
					if err := pos.add(first, b.boards[at:at+int(n)]); err != nil && spillErr == nil {
						spillErr = err
					}
					at += int(n)
					first++
				}
				stats.Summarised += b.summarised
				stats.Compact += b.compact
				stats.Unstored += b.unstored
				delete(pending, next)
				next++
			}
		}
	}()
	err := cut(s, stats, jobs, from)
	close(jobs)
	wg.Wait()
	close(done)
	<-written
	return errors.Join(err, spillErr)
}

// cut sends the games of stream s to jobs in batches. A game is sent
// once the next one is cut, which says whether it starts a line.
func cut(s input.Stream, stats *Stats, jobs chan<- *batch, from position) error {
	r := pgn.NewReader(s.R, s.Name)
	if from.start > 0 {
		r.SetStart(from.start, from.startLine)
	}
	b := &batch{prev: from.prev, prevLine: from.prevLine}
	for {
		raw, err := r.Next()
		if err != nil {
			if len(b.raws) > 0 {
				b.nextLineStart = append(b.nextLineStart, true)
				jobs <- b
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		stats.Games++
		if len(b.raws) > 0 {
			b.nextLineStart = append(b.nextLineStart, raw.Col == 1)
		}
		if len(b.raws) == batchGames {
			last, full := b.raws[len(b.raws)-1], b // a worker has full once it is sent
			b = &batch{seq: b.seq + 1, prev: last.Offset, prevLine: last.Line}
			jobs <- full
		}
		b.raws = append(b.raws, raw)
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// batchGames is the number of games of a batch.
const batchGames = 256

// batch is a run of consecutive games and, once summarised, their
// records.
type batch struct {
	seq      int
	prev     int64 // the offset of the game before the first
	prevLine int   // and its line
	raws     []*pgn.RawGame
	// nextLineStart[i]: the game after raws[i] starts a line, or there
	// is none
	nextLineStart []bool
	records       []byte
	record        []byte // the record being made
	summarised    int
	compact       int // games in compact form
	unstored      int // games not held
	scratch       []byte
	// boards are the boards the games reach, boardCounts[i] of them the
	// i-th game's
	boards      []board
	boardCounts []int32
}

// summarise makes the records of the batch's games.
func (b *batch) summarise(parser *pgn.Parser, g *pgn.Game, enc *compact.Encoder) {
	prev, prevLine := b.prev, max(b.prevLine, 1)
	for i, raw := range b.raws {
		flags := uint64(0)
		if raw.Col == 1 {
			flags |= 2
		}
		if b.nextLineStart[i] {
			flags |= 1
		}
		rec := binary.AppendUvarint(b.record[:0], uint64(raw.Offset-prev)<<2|flags)
		rec = binary.AppendUvarint(rec, uint64(raw.Line-prevLine))
		rec = binary.AppendUvarint(rec, uint64(len(raw.Data)))
		prev, prevLine = raw.Offset, raw.Line
		parser.Parse(raw, g)
		b.record = b.appendGame(rec, raw, g, enc)
		b.records = appendFramed(b.records, b.record)
		n := len(b.boards)
		if len(g.Errors) == 0 {
			b.boards = gameBoards(b.boards, g)
		}
		b.boardCounts = append(b.boardCounts, int32(len(b.boards)-n))
	}
	b.raws = nil // the games' bytes can go
}

// The flags of a record's game.
const (
	hasSummary = 1
	hasCompact = 2
	hasText    = 4
)

// appendFramed appends the record rec to records with its length and
// CRC.
func appendFramed(records, rec []byte) []byte {
	records = binary.AppendUvarint(records, uint64(len(rec)))
	records = binary.LittleEndian.AppendUint32(records, crc32.Checksum(rec, crcTable))
	return append(records, rec...)
}

// appendGame appends to the record recs what the store holds of the
// game raw, parsed as g: its summary, and the game in compact form or
// else its text (neither without an encoder enc).
func (b *batch) appendGame(recs []byte, raw *pgn.RawGame, g *pgn.Game, enc *compact.Encoder) []byte {
	at := len(recs)
	recs = append(recs, 0)
	flags := byte(0)
	if len(g.Errors) == 0 && len(g.Nodes) > 0 {
		sum := gametree.Summarize(g)
		recs = summary.Append(recs, &sum)
		flags |= hasSummary
		b.summarised++
	}
	var ok bool
	if enc == nil {
		b.unstored++
	} else if b.scratch, ok = enc.Append(b.scratch[:0], g); ok {
		flags |= hasCompact
		recs = binary.AppendUvarint(recs, uint64(len(b.scratch)))
		recs = append(recs, b.scratch...)
		b.compact++
	} else if raw.Err == nil {
		flags |= hasText
		recs = binary.AppendUvarint(recs, uint64(max(raw.Col, 1)))
		recs = binary.AppendUvarint(recs, uint64(len(raw.Data)))
		recs = append(recs, raw.Data...)
	} else {
		b.unstored++
	}
	recs[at] = flags
	return recs
}

// Store is an open store, checked against its file.
type Store struct {
	Path        string
	Games       int
	StreamBytes int64 // the length of the file's (decompressed) stream
	// Stored: every game is held, in compact form or as text, so that
	// the store can be read instead of the file
	Stored bool
	// Member is what the PGN reader's name of the stream adds to the
	// file's name
	Member  string
	body    int64 // where its records begin
	records int64 // and their length
	// the file's identity when the store was built, which its position
	// index repeats
	size    int64
	modTime time.Time
	crc     uint32
}

// ErrStale is the error of a store that no longer matches its file.
var ErrStale = errors.New("stale store")

// ErrOtherLimits is the error of a store built with other values of the
// limits that shape a game's tree than the run's.
var ErrOtherLimits = errors.New("store built with other limits")

// Open opens the store of the PGN file name for a run with the limits
// lim, if it has one: nil and no error when there is none. A store that
// does not match the file's size and modification time is an error
// wrapping ErrStale; one built with other tree limits, ErrOtherLimits;
// one of another format version, or whose records are not as long as
// its header says, an error saying to build it again. Only its header
// is read: each record is checked when a Reader reads it.
func Open(name string, lim *limits.Values) (*Store, error) {
	path := PathOf(name)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 4<<10)
	first, err := br.ReadString('\n')
	if err != nil || first != magic {
		return nil, formatError(path, name, first)
	}
	hline, err := br.ReadBytes('\n')
	var h header
	if err != nil || json.Unmarshal(bytes.TrimSpace(hline), &h) != nil || h.Games < 0 || h.Records < 0 {
		return nil, fmt.Errorf("%s: the store header is damaged; run cqlvm index %s again", path, name)
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if st.Size() != h.Size || !st.ModTime().Equal(h.ModTime) {
		return nil, fmt.Errorf("%s: %w: %s changed since it was stored (size %d, then %d; modified %s, then %s); run cqlvm index %s again",
			path, ErrStale, name, st.Size(), h.Size, st.ModTime().Format(time.RFC3339Nano), h.ModTime.Format(time.RFC3339Nano), name)
	}
	if want := limitValues(lim); !maps.Equal(h.Limits, want) {
		return nil, fmt.Errorf("%s: %w (%v, the run's %v)", path, ErrOtherLimits, h.Limits, want)
	}
	body := int64(len(first) + len(hline))
	sst, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if got := sst.Size() - body; got != h.Records {
		what := "truncated"
		if got > h.Records {
			what = "bytes after its records"
		}
		return nil, fmt.Errorf("%s: %s (%d bytes of records, its header says %d); run cqlvm index %s again", path, what, got, h.Records, name)
	}
	return &Store{Path: path, Games: h.Games, StreamBytes: h.Stream, Stored: h.Stored, Member: h.Member, body: body, records: h.Records,
		size: h.Size, modTime: h.ModTime, crc: h.CRC}, nil
}

// formatError is the error of the store path of file name whose first
// line, first, is not this format's.
func formatError(path, name, first string) error {
	if v, ok := strings.CutPrefix(strings.TrimSuffix(first, "\n"), magicName); ok {
		return fmt.Errorf("%s: a cqlvm store of format version %s, where this cqlvm reads version %d; run cqlvm index %s again to re-index", path, v, formatVersion, name)
	}
	return fmt.Errorf("%s: not a cqlvm store; run cqlvm index %s again", path, name)
}

// Record is what a store says of one game.
type Record struct {
	Index         int   // the game's place in the store, from 0
	Offset        int64 // where the game starts in the stream
	Line          int   // on which line
	Bytes         int   // its length
	LineStart     bool  // it starts its line
	NextLineStart bool  // the next game starts its line, or there is none
	HasSummary    bool  // the game has a summary (Reader.PeekHead tells it)
	// Summary is the game's summary, nil when it has none (it has
	// errors or no position); it lasts until the next record is read
	Summary *summary.Summary
	// Game is the game in compact form (pgn/compact), else nil; Text
	// its PGN text, when the compact form does not hold it, else nil,
	// starting at column Col. Both last until the next record is read.
	Game, Text []byte
	Col        int
}

// byteReader is what a cursor reads records from (a *bufio.Reader).
type byteReader interface {
	io.Reader
	io.ByteReader
}

// cursor reads a store's records in order.
type cursor struct {
	r     byteReader
	left  int   // records not read
	bytes int64 // bytes of records not read
	read  int   // records read
	rec   Record
	sum   summary.Summary
	buf   []byte // the record's bytes
	crc   [4]byte
	flags byte // the record's flags
	at    int  // where in buf its summary begins
}

// next reads the next record and checks it against its CRC.
func (c *cursor) next() error {
	if err := c.head(); err != nil {
		return err
	}
	return c.body()
}

// head reads the next record's bytes and the fields of its place (its
// offset, line, length and flags), not checked against its CRC: a
// record that is passed over costs no more (body reads the rest).
func (c *cursor) head() error {
	n, err := binary.ReadUvarint(c.r)
	if err != nil {
		return errors.New("truncated")
	}
	if n+4 > uint64(c.bytes) {
		return errors.New("damaged record (its length is past the records' end)")
	}
	if _, err := io.ReadFull(c.r, c.crc[:]); err != nil {
		return errors.New("truncated")
	}
	if uint64(cap(c.buf)) < n {
		c.buf = make([]byte, n)
	}
	c.buf = c.buf[:n]
	if _, err := io.ReadFull(c.r, c.buf); err != nil {
		return errors.New("truncated")
	}
	c.bytes -= int64(n) + 4 + int64(uvarintLen(n))
	return c.parseHead()
}

// body checks the record head read against its CRC and reads the rest.
func (c *cursor) body() error {
	if crc32.Checksum(c.buf, crcTable) != binary.LittleEndian.Uint32(c.crc[:]) {
		return fmt.Errorf("damaged record (game %d's checksum differs)", c.read)
	}
	return c.parse()
}

func uvarintLen(n uint64) int {
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], n)
}

// parseHead reads the fields of the record in c.buf before its
// summary.
func (c *cursor) parseHead() error {
	d := recordBytes{data: c.buf}
	head, dline, size := d.uvarint(), d.uvarint(), d.uvarint()
	flags := d.byte()
	if d.bad || flags > hasSummary|hasCompact|hasText || flags&(hasCompact|hasText) == hasCompact|hasText || size > 1<<40 || dline > 1<<40 {
		return errors.New("damaged record")
	}
	c.left--
	c.read++
	c.rec = Record{Index: c.read - 1, Offset: c.rec.Offset + int64(head>>2), Line: c.rec.Line + int(dline), Bytes: int(size),
		LineStart: head&2 != 0, NextLineStart: head&1 != 0, HasSummary: flags&hasSummary != 0}
	c.flags, c.at = flags, d.at
	return nil
}

// parse reads the rest of the record in c.buf, whose head parseHead
// read.
func (c *cursor) parse() error {
	d := recordBytes{data: c.buf, at: c.at}
	flags := c.flags
	if flags&hasSummary != 0 {
		c.rec.Summary = &c.sum
		n, err := summary.Decode(d.data[d.at:], &c.sum)
		if err != nil {
			return err
		}
		d.at += n
	}
	switch {
	case flags&hasCompact != 0:
		c.rec.Game = d.bytes()
	case flags&hasText != 0:
		col := d.uvarint()
		if col > 1<<31 {
			return errors.New("damaged record")
		}
		c.rec.Col = int(col)
		c.rec.Text = d.bytes()
	}
	if d.bad || d.at != len(d.data) {
		return errors.New("damaged record")
	}
	return nil
}

// recordBytes reads the fields of a record.
type recordBytes struct {
	data []byte
	at   int
	bad  bool
}

func (d *recordBytes) uvarint() uint64 {
	v, n := binary.Uvarint(d.data[d.at:])
	if n <= 0 {
		d.bad = true
		return 0
	}
	d.at += n
	return v
}

func (d *recordBytes) byte() byte {
	if d.at >= len(d.data) {
		d.bad = true
		return 0
	}
	d.at++
	return d.data[d.at-1]
}

// bytes reads a length and as many bytes, which it returns.
func (d *recordBytes) bytes() []byte {
	n := d.uvarint()
	if d.bad || n > uint64(len(d.data)-d.at) {
		d.bad = true
		return nil
	}
	d.at += int(n)
	return d.data[d.at-int(n) : d.at : d.at]
}

// Reader gives the records of a store's games in file order.
type Reader struct {
	StreamBytes int64 // the length of the file's (decompressed) stream
	// Stored and Member are the store's (Store)
	Stored bool
	Member string
	f      *os.File
	c      cursor
	// peeked: c.rec is the next record, not yet taken, read whole or
	// (read, not whole) its head alone
	peeked, read bool
	err          error
}

// Reader opens the store's records for reading from the first.
func (s *Store) Reader() (*Reader, error) {
	f, err := os.Open(s.Path)
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(s.body, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	c := cursor{r: bufio.NewReaderSize(f, 64<<10), left: s.Games, bytes: s.records, rec: Record{Line: 1}}
	return &Reader{StreamBytes: s.StreamBytes, Stored: s.Stored, Member: s.Member, f: f, c: c}, nil
}

// Peek returns the next record, nil after the last one (or in a store
// that turns out damaged: its games are then searched).
func (r *Reader) Peek() *Record {
	if r.PeekHead() == nil {
		return nil
	}
	if !r.read {
		if r.err = r.c.body(); r.err != nil {
			return nil
		}
		r.read = true
	}
	return &r.c.rec
}

// PeekHead returns the next record with the fields of its place alone
// (Offset, Line, Bytes, LineStart, NextLineStart, HasSummary), nil
// after the last one: its bytes are not checked against their CRC
// unless Peek is called on it, so that a record passed over costs
// little.
func (r *Reader) PeekHead() *Record {
	if !r.peeked {
		if r.err != nil || r.c.left == 0 {
			return nil
		}
		if r.err = r.c.head(); r.err != nil {
			return nil
		}
		r.peeked, r.read = true, false
	}
	return &r.c.rec
}

// Take moves past the record Peek returned.
func (r *Reader) Take() { r.peeked = false }

// Find returns the record of the game that starts at offset, nil when
// the store has no such game, and moves past it. Offsets must be asked in increasing order:
// the records before are passed over.
func (r *Reader) Find(offset int64) *Record {
	for rec := r.Peek(); rec != nil && rec.Offset <= offset; rec = r.Peek() {
		r.Take()
		if rec.Offset == offset {
			return rec
		}
	}
	return nil
}

// Err is the error that ended the records early, if any.
func (r *Reader) Err() error { return r.err }

// Close closes the store's file.
func (r *Reader) Close() error { return r.f.Close() }

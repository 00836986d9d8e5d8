package store

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/pgn"
)

const twoGames = `[White "a"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[White "b"]

1. e4 ( 1. d4 d5 ) 1... e5 2. Nf3 zz 1-0

[White "c"]

1. e4 e5 *
`

// build writes text as a PGN file in a temporary directory and builds
// its store.
func build(t *testing.T, text string) (string, Stats) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := Build(name)
	if err != nil {
		t.Fatal(err)
	}
	return name, st
}

// TestBuildAndFind: every game has a record, a game with an error none
// of its summary; Find gives the summaries by offset, in order, and nil
// for an offset where no game starts.
func TestBuildAndFind(t *testing.T) {
	name, st := build(t, twoGames)
	if st.Games != 3 || st.Summarised != 2 {
		t.Fatalf("stats %+v: want 3 games, 2 summarised (the second has an error)", st)
	}
	s, err := Open(name, nil)
	if err != nil || s == nil || s.Games != 3 {
		t.Fatalf("Open: %v, %+v", err, s)
	}
	r, err := s.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	second, third := int64(strings.Index(twoGames, `[White "b"]`)), int64(strings.Index(twoGames, `[White "c"]`))
	rec := r.Find(0)
	if rec == nil || rec.Summary == nil || rec.Summary.Main.Flags == 0 || rec.Summary.Main.Positions != 8 || rec.Index != 0 {
		t.Fatalf("first game: %+v", rec)
	}
	if got := r.Find(second - 1); got != nil {
		t.Errorf("an offset where no game starts: %+v", got)
	}
	if got := r.Find(second); got == nil || got.Summary != nil || got.Text == nil || got.Index != 1 {
		t.Errorf("the game with an error has a summary, or not its text: %+v", got)
	}
	if got := r.Find(third); got == nil || got.Summary.Main.Positions != 3 || got.Summary.Main.Flags != 0 || got.Game == nil {
		t.Errorf("third game: %+v", got)
	}
	if got := r.Find(third + 1); got != nil {
		t.Errorf("past the last game: %+v", got)
	}
}

// TestOpenRefuses: no store is nil and no error; a store cut short,
// one with bytes after its records, one of another format and one built
// with other limits are errors.
func TestOpenRefuses(t *testing.T) {
	name, _ := build(t, twoGames)
	if s, err := Open(name+".none", nil); s != nil || err != nil {
		t.Errorf("no store: %v, %v", s, err)
	}
	lim := limits.Defaults()
	lim.SetValue(limits.GamePositions, 10)
	if _, err := Open(name, lim); err == nil || !strings.Contains(err.Error(), "other limits") {
		t.Errorf("other limits: %v", err)
	}
	data, err := os.ReadFile(PathOf(name))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		data []byte
		want string
	}{
		{"cut", data[:len(data)-3], "truncated"},
		{"longer", append(append([]byte{}, data...), 0), "bytes after"},
		{"not a store", []byte("cqlvm-index 1\n{}\n"), "not a cqlvm store"},
		{"an older format", []byte("cqlvm-store 4\n{}\n"), "format version 4, where this cqlvm reads version 5; run cqlvm index"},
	} {
		if err := os.WriteFile(PathOf(name), c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(name, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.what, err, c.want)
		}
	}
}

// TestDamagedRecord: a store with a byte of a record changed opens (Open
// reads the header alone), and reading the records stops at that
// record with an error, never a wrong record.
func TestDamagedRecord(t *testing.T) {
	name, _ := build(t, twoGames)
	data, err := os.ReadFile(PathOf(name))
	if err != nil {
		t.Fatal(err)
	}
	for at := len(data) - 1; at > len(data)-40; at -= 3 {
		damaged := append([]byte{}, data...)
		damaged[at] ^= 0x10
		if err := os.WriteFile(PathOf(name), damaged, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Open(name, nil)
		if err != nil {
			t.Fatalf("byte %d changed: Open: %v", at, err)
		}
		r, err := s.Reader()
		if err != nil {
			t.Fatal(err)
		}
		read := 0
		for r.Peek() != nil {
			read++
			r.Take()
		}
		r.Close()
		if r.Err() == nil || !strings.Contains(r.Err().Error(), "damaged record") || read != 2 {
			t.Errorf("byte %d changed: %d records read, then %v; want 2 and a damaged record", at, read, r.Err())
		}
	}
}

// TestManyBatches: a store of more games than a batch holds reads back
// with every game's offset, line, length and line starts as the reader
// cuts them (the workers' batches are written in order).
func TestManyBatches(t *testing.T) {
	var b strings.Builder
	for i := range 3*batchGames + 7 {
		fmt.Fprintf(&b, "[White \"%d\"]\n\n1. e4 e5 ", i)
		if i%5 == 0 {
			b.WriteString("{two\nlines} ")
		}
		b.WriteString("*")
		if i%3 == 0 {
			b.WriteString(" ") // the next game starts on this line
		} else {
			b.WriteString("\n\n")
		}
	}
	name, st := build(t, b.String())
	if st.Games != 3*batchGames+7 {
		t.Fatalf("%d games", st.Games)
	}
	s, err := Open(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	recs := readAll(t, name, (*Reader).Peek)
	rd := pgn.NewReader(strings.NewReader(b.String()), "t")
	for k := 0; ; k++ {
		raw, err := rd.Next()
		if err != nil {
			if k != len(recs) {
				t.Fatalf("%d games, %d records", k, len(recs))
			}
			break
		}
		rec := recs[k]
		if rec.Offset != raw.Offset || rec.Line != raw.Line || rec.Bytes != len(raw.Data) || rec.LineStart != (raw.Col == 1) || rec.Summary == nil {
			t.Fatalf("game %d: record %+v, game at %d line %d col %d, %d bytes", k+1, rec, raw.Offset, raw.Line, raw.Col, len(raw.Data))
		}
		if k > 0 && recs[k-1].NextLineStart != (raw.Col == 1) {
			t.Fatalf("game %d: the record before says the next starts a line: %v", k+1, recs[k-1].NextLineStart)
		}
	}
	if !recs[len(recs)-1].NextLineStart || s.StreamBytes != int64(b.Len()) {
		t.Errorf("the last record's next line start %v, stream bytes %d of %d", recs[len(recs)-1].NextLineStart, s.StreamBytes, b.Len())
	}
}

// TestUpdate: a store updated after games were appended to its file
// (the last of them continued by the appended text) keeps the records
// before the last stored game and is the same bytes as a store built
// anew; a file changed before its end is summarised anew.
func TestUpdate(t *testing.T) {
	name, _ := build(t, twoGames+"\n[White \"d\"]\n\n1. d4 d5")
	appendTo := func(text string) {
		f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(text)
		f.Close()
	}
	appendTo(" 2. c4 *\n\n" + twoGames)
	st, err := Update(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Kept != 3 || st.Games != 7 {
		t.Errorf("update: %+v; want 7 games, the first 3 kept", st)
	}
	updated, err1 := os.ReadFile(PathOf(name))
	updatedPos, err2 := os.ReadFile(PositionsPathOf(name))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if _, err := Build(name); err != nil {
		t.Fatal(err)
	}
	built, err1 := os.ReadFile(PathOf(name))
	builtPos, err2 := os.ReadFile(PositionsPathOf(name))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if string(updated) != string(built) {
		t.Errorf("the updated store differs from the one built anew:\n%q\n%q", updated, built)
	}
	if string(updatedPos) != string(builtPos) || len(builtPos) < 4<<bucketBits {
		t.Errorf("the updated position index differs from the one built anew (%d bytes, %d)", len(updatedPos), len(builtPos))
	}
	if s, err := Open(name, nil); err != nil || s.Games != 7 {
		t.Errorf("the updated store does not open: %v", err)
	}
	data, _ := os.ReadFile(name)
	data[10] = 'X' // a tag's name changed: the prefix differs
	if err := os.WriteFile(name, append(data, "\n[White \"e\"]\n\n1. e4 *\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if st, err := Update(name, nil); err != nil || st.Kept != 0 || st.Games != 8 {
		t.Errorf("a file changed before its end: %+v, %v; want all 8 games summarised anew", st, err)
	}
}

// TestPositions: the position index gives every game that reaches a
// board (mainline or not), and few others.
func TestPositions(t *testing.T) {
	name, _ := build(t, twoGames+"\n[White \"d\"]\n\n1. d4 d5 (1... Nf6 2. c4) 2. c4 *\n")
	s, err := Open(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := OpenPositions(name, s)
	if err != nil || pos == nil {
		t.Fatal(err)
	}
	defer pos.Close()
	var games []pgn.Game
	var parser pgn.Parser
	f, _ := os.Open(name)
	defer f.Close()
	for r := pgn.NewReader(f, name); ; {
		raw, err := r.Next()
		if err != nil {
			break
		}
		var g pgn.Game
		parser.Parse(raw, &g)
		games = append(games, g)
	}
	for gi, g := range games {
		if len(g.Errors) > 0 {
			continue // never ruled out: its boards are not told
		}
		for i, n := range g.Nodes {
			refs, err := pos.Games(nil, n.Pos.BoardHash())
			if err != nil {
				t.Fatal(err)
			}
			k := slices.IndexFunc(refs, func(r Ref) bool { return r.Game == gi })
			if k < 0 || i < g.MainlineLen() && !refs[k].Main {
				t.Errorf("game %d, node %d: the index says %v", gi, i, refs)
			}
		}
	}
	if refs, _ := pos.Games(nil, 12345); len(refs) != 0 {
		t.Errorf("a board no game reaches: %v", refs)
	}
}

// TestSpilledRuns: a store and position index built holding a few
// entries at a time (written to disk as runs, and put together at the
// end) are the same bytes as those built holding them all; so is an
// update's, whose kept entries stay in the old index's file.
func TestSpilledRuns(t *testing.T) {
	sample, err := os.ReadFile("../../testdata/pgn/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	half := strings.Index(string(sample[len(sample)/2:]), "\n[Event ") + len(sample)/2 + 1
	name, _ := build(t, string(sample))
	whole, err1 := os.ReadFile(PathOf(name))
	wholePos, err2 := os.ReadFile(PositionsPathOf(name))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	defer func(held int) { spillBytes = held }(spillBytes)
	spillBytes = 8000 // about ten runs
	for _, update := range []bool{false, true} {
		if update {
			if err := os.WriteFile(name, sample[:half], 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Build(name); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, sample, 0o644); err != nil {
				t.Fatal(err)
			}
			st, err := Update(name, nil)
			if err != nil || st.Kept == 0 {
				t.Fatalf("update: %+v, %v", st, err)
			}
		} else if _, err := Build(name); err != nil {
			t.Fatal(err)
		}
		spilled, err1 := os.ReadFile(PathOf(name))
		spilledPos, err2 := os.ReadFile(PositionsPathOf(name))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if string(afterHeader(spilled)) != string(afterHeader(whole)) {
			t.Errorf("update %v: the store's records differ", update)
		}
		if string(afterHeader(spilledPos)) != string(afterHeader(wholePos)) {
			t.Errorf("update %v: the position index's entries differ", update)
		}
		leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(name), "*.tmp"))
		if len(leftovers) > 0 {
			t.Errorf("update %v: temporary files left: %v", update, leftovers)
		}
	}
}

// afterHeader is what follows a file's two header lines.
func afterHeader(data []byte) []byte {
	for range 2 {
		data = data[bytes.IndexByte(data, '\n')+1:]
	}
	return data
}

// TestPeekHeadPassesOver: a record read by its head alone is not
// checked against its CRC (a run passes over the games the position
// index rules out at no more cost), so a damaged byte in its body goes
// unseen there, and is found when the record is read whole; the heads
// give the same places as the whole records.
func TestPeekHeadPassesOver(t *testing.T) {
	name, _ := build(t, twoGames)
	whole := readAll(t, name, (*Reader).Peek)
	data, err := os.ReadFile(PathOf(name))
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 0x10 // in the last game's compact form
	if err := os.WriteFile(PathOf(name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	heads := readAll(t, name, (*Reader).PeekHead)
	if len(heads) != len(whole) || len(heads) == 0 {
		t.Fatalf("%d heads, %d records", len(heads), len(whole))
	}
	for i := range heads {
		w := whole[i]
		w.Summary, w.Game, w.Text, w.Col = nil, nil, nil, 0
		if !reflect.DeepEqual(heads[i], w) {
			t.Errorf("record %d: head %+v, whole %+v", i, heads[i], w)
		}
	}
	if got := readAll(t, name, (*Reader).Peek); len(got) != len(whole)-1 {
		t.Errorf("the damaged record read whole: %d records of %d", len(got), len(whole))
	}
}

// readAll reads the records of the store of name with peek, copied.
func readAll(t *testing.T, name string, peek func(*Reader) *Record) []Record {
	t.Helper()
	s, err := Open(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var recs []Record
	for rec := peek(r); rec != nil; rec = peek(r) {
		recs = append(recs, *rec)
		r.Take()
	}
	return recs
}

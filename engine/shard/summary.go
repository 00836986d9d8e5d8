package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/vm"
)

// SummarySuffix is added to a part's file name to name its summary.
const SummarySuffix = ".shard.json"

// summaryFormat is the summary's format and version. Version 2 added
// the digests of the bytes read (Stamp.Read); a summary of version 1
// cannot show that its part still matches the inputs and is refused.
const summaryFormat = "cqlvm-shard 2"

// Part kinds: what the part file of a shard holds.
const (
	PartPGN  = "pgn"
	PartJSON = "jsonl"
)

// Summary is what a shard run writes beside its part: enough for the merge
// to check that the parts belong together and are whole, and to put
// their games in the order and with the totals of a single run.
type Summary struct {
	Format string `json:"format"`
	// Query identifies the compiled query and the options that shape the
	// output; every part of a merge must have the same.
	Query  string  `json:"query"`
	Inputs []Stamp `json:"inputs"`
	Shard  int     `json:"shard"`
	Shards int     `json:"shards"`
	// Part is the kind of the part file (PartPGN or PartJSON) and
	// PartBytes its length.
	Part      string `json:"part"`
	PartBytes int64  `json:"part_bytes"`
	// FirstGame and LastGame are the numbers of the first and last game
	// the shard read (0 when it read none).
	FirstGame int `json:"first_game"`
	LastGame  int `json:"last_game"`
	Games     int `json:"games"`
	Matches   int `json:"matches"`
	BadGames  int `json:"bad_games"`
	Threads   int `json:"threads"`
	// Sort is how a sorted query orders its games (nil: input order).
	Sort *SortOrder `json:"sort,omitempty"`
	// Selected are the part's games, in the part's (input) order.
	Selected []Selected `json:"selected"`
	// Messages is the query's message output, in game order.
	Messages []string `json:"messages,omitempty"`

	spans []engine.Span // what the shard reads
	// readEnd is, by input, where the last game read from it ends
	readEnd map[string]int64
}

// Stamp identifies an input file as it was when the shard read it.
type Stamp struct {
	Name    string    `json:"name"`
	Size    int64     `json:"size"`
	ModTime time.Time `json:"mtime"`
	// Path is the file's absolute name, where the merge finds it to
	// check Read.
	Path string `json:"path"`
	// Read is the bytes of the file the shard read, with their digest:
	// an edit that keeps the size and the time is seen by the merge.
	Read *ReadRange `json:"read,omitempty"`
}

// ReadRange is a range of bytes of a file [From, To) and its SHA-256.
type ReadRange struct {
	From   int64  `json:"from"`
	To     int64  `json:"to"`
	SHA256 string `json:"sha256"`
}

// SortOrder is a sorted query's keys.
type SortOrder struct {
	Keys         []SortKey `json:"keys"`
	ByMatchCount bool      `json:"by_matchcount"`
}

// SortKey is the direction and kind of one sort key.
type SortKey struct {
	Min bool `json:"min"`
	Str bool `json:"str"`
}

// Selected is one game of a part.
type Selected struct {
	Game    int         `json:"game"`
	Matches int         `json:"matches"`
	Bytes   int64       `json:"bytes"` // its length in the part
	Sort    []SortValue `json:"sort,omitempty"`
}

// SortValue is the value of one sort key in a game.
type SortValue struct {
	Set bool   `json:"set"`
	Num int64  `json:"num,omitempty"`
	Str string `json:"str,omitempty"`
}

// NewSummary starts the summary of shard s of a run of the given query
// identity over inputs, of which it reads spans, whose part is of the
// given kind; sorts are the query's sort keys.
func NewSummary(s Spec, query string, inputs []string, spans []engine.Span, part string, sorts []vm.SortKey, byMatchCount bool) (*Summary, error) {
	sum := &Summary{Format: summaryFormat, Query: query, Shard: s.I, Shards: s.N, Part: part, Selected: []Selected{},
		spans: spans, readEnd: map[string]int64{}}
	for _, name := range inputs {
		st, err := os.Stat(name)
		if err != nil {
			return nil, fmt.Errorf("cannot read input %s: %w", name, err)
		}
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, fmt.Errorf("cannot read input %s: %w", name, err)
		}
		sum.Inputs = append(sum.Inputs, Stamp{Name: name, Size: st.Size(), ModTime: st.ModTime(), Path: abs})
	}
	if len(sorts) > 0 || byMatchCount {
		sum.Sort = &SortOrder{ByMatchCount: byMatchCount, Keys: []SortKey{}}
		for _, k := range sorts {
			sum.Sort.Keys = append(sum.Sort.Keys, SortKey{Min: k.Min, Str: k.Str})
		}
	}
	return sum, nil
}

// Record takes a game of the shard, as engine.Options.OnGame is given it.
func (sum *Summary) Record(g *engine.Game) {
	if sum.FirstGame == 0 {
		sum.FirstGame = g.Number
	}
	sum.LastGame = g.Number
	sum.readEnd[g.File] = max(sum.readEnd[g.File], g.Offset+g.Bytes)
	sum.Messages = append(sum.Messages, g.Messages...)
	if !g.Selected {
		return
	}
	out := g.PGN
	if sum.Part == PartJSON {
		out = g.JSON
	}
	sel := Selected{Game: g.Number, Matches: g.Matches, Bytes: int64(len(out))}
	if sum.Sort != nil {
		for _, v := range g.SortValues {
			sel.Sort = append(sel.Sort, SortValue{v.Set, v.Num, v.Str})
		}
	}
	sum.Selected = append(sum.Selected, sel)
	sum.PartBytes += sel.Bytes
}

// Finish records the run's totals and the digests of the bytes it read
// (Stamp.Read), or returns an error if an input changed during the run.
func (sum *Summary) Finish(st engine.Stats) error {
	sum.Games, sum.Matches, sum.BadGames, sum.Threads = st.Games, st.Matches, st.BadGames, st.Threads
	for _, sp := range sum.spans {
		stamp := sum.stampOf(sp.Input)
		if stamp == nil {
			continue
		}
		if err := stamp.unchanged(); err != nil {
			return fmt.Errorf("input %s changed while the shard ran: %v", sp.Input, err)
		}
		r, err := sum.readRange(sp, stamp.Size)
		if err != nil {
			return err
		}
		if prev := stamp.Read; prev != nil { // the input is named twice
			r.From, r.To = min(r.From, prev.From), max(r.To, prev.To)
		}
		if r.SHA256, err = digest(stamp.Path, r.From, r.To); err != nil {
			return fmt.Errorf("cannot read input %s: %w", sp.Input, err)
		}
		stamp.Read = &r
	}
	return nil
}

// readRange is the bytes of a span the shard read: of a plain file, from
// where it began reading (or the span's start, if before: the ranges of
// the shards then overlap, leaving no byte between two shards unchecked)
// to the end of its last game, or of the file for the last span; of a
// compressed file, the whole file, which the shard read whole.
func (sum *Summary) readRange(sp engine.Span, size int64) (ReadRange, error) {
	plain, err := input.IsPlain(sp.Input)
	if err != nil {
		return ReadRange{}, err
	}
	if !plain {
		return ReadRange{From: 0, To: size}, nil
	}
	end := max(sum.readEnd[sp.Input], sp.From)
	if sp.To < 0 {
		end = size
	}
	return ReadRange{From: min(sp.Start, sp.From), To: min(end, size)}, nil
}

func (sum *Summary) stampOf(name string) *Stamp {
	for i := range sum.Inputs {
		if sum.Inputs[i].Name == name {
			return &sum.Inputs[i]
		}
	}
	return nil
}

// unchanged checks that the file still has the stamp's size and time.
func (s *Stamp) unchanged() error {
	st, err := os.Stat(s.Path)
	if err != nil {
		return err
	}
	if st.Size() != s.Size || !st.ModTime().Equal(s.ModTime) {
		return fmt.Errorf("%d bytes modified %s, were %d bytes modified %s", st.Size(), st.ModTime().Format(time.RFC3339Nano), s.Size, s.ModTime.Format(time.RFC3339Nano))
	}
	return nil
}

// digest is the SHA-256 of the bytes [from, to) of the file path, in
// hexadecimal.
func digest(path string, from, to int64) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.NewSectionReader(f, from, to-from))
	if err != nil {
		return "", err
	}
	if n != to-from {
		return "", fmt.Errorf("%d bytes from byte %d, expected %d", n, from, to-from)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Verify checks that the bytes each input had when the shard read them
// are still there: the merge of a part is only the output of a run over
// the inputs as they are if they did not change.
func (sum *Summary) Verify() error {
	for _, s := range sum.Inputs {
		if s.Read == nil {
			continue
		}
		got, err := digest(s.Path, s.Read.From, s.Read.To)
		if err != nil {
			return fmt.Errorf("cannot check input %s (as %s), which shard %d/%d read: %v (merge where the inputs are)", s.Name, s.Path, sum.Shard, sum.Shards, err)
		}
		if got != s.Read.SHA256 {
			return fmt.Errorf("input %s changed since shard %d/%d read it: bytes %d to %d differ; run the shards again", s.Name, sum.Shard, sum.Shards, s.Read.From, s.Read.To)
		}
	}
	return nil
}

// WriteFile writes the summary to path, through a temporary file: a
// summary exists only once its shard has finished.
func (sum *Summary) WriteFile(path string) error {
	data, err := json.MarshalIndent(sum, "", " ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// ReadSummary reads the summary file path.
func ReadSummary(path string) (*Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("part summary %s: %w", path, err)
	}
	var sum Summary
	if err := json.Unmarshal(data, &sum); err != nil {
		return nil, fmt.Errorf("part summary %s: damaged or truncated: %v", path, err)
	}
	if sum.Format == "cqlvm-shard 1" {
		return nil, fmt.Errorf("part summary %s: format %q, of an older cqlvm, has no digest of the input it read, so a merge cannot tell whether the input changed since: run the shard again", path, sum.Format)
	}
	if sum.Format != summaryFormat {
		return nil, fmt.Errorf("part summary %s: format %q, expected %q", path, sum.Format, summaryFormat)
	}
	return &sum, nil
}

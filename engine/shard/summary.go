package shard

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"cqlvm/engine"
	"cqlvm/vm"
)

// SummarySuffix is added to a part's file name to name its summary.
const SummarySuffix = ".shard.json"

// summaryFormat is the summary's format and version.
const summaryFormat = "cqlvm-shard 1"

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
}

// Stamp identifies an input file as it was when the shard read it.
type Stamp struct {
	Name    string    `json:"name"`
	Size    int64     `json:"size"`
	ModTime time.Time `json:"mtime"`
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
// identity over inputs, whose part is of the given kind; sorts are the
// query's sort keys.
func NewSummary(s Spec, query string, inputs []string, part string, sorts []vm.SortKey, byMatchCount bool) (*Summary, error) {
	sum := &Summary{Format: summaryFormat, Query: query, Shard: s.I, Shards: s.N, Part: part, Selected: []Selected{}}
	for _, name := range inputs {
		st, err := os.Stat(name)
		if err != nil {
			return nil, fmt.Errorf("cannot read input %s: %w", name, err)
		}
		sum.Inputs = append(sum.Inputs, Stamp{name, st.Size(), st.ModTime()})
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

// Finish records the run's totals.
func (sum *Summary) Finish(st engine.Stats) {
	sum.Games, sum.Matches, sum.BadGames, sum.Threads = st.Games, st.Matches, st.BadGames, st.Threads
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
	if sum.Format != summaryFormat {
		return nil, fmt.Errorf("part summary %s: format %q, expected %q", path, sum.Format, summaryFormat)
	}
	return &sum, nil
}

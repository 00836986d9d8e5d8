package shard

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/vm"
)

// Part is one shard's output file and its summary.
type Part struct {
	Data, SummaryPath string
	sum               *Summary
}

// PartOf names the part an argument of the merge names: a part file
// (its summary beside it, with SummarySuffix) or a summary file.
func PartOf(arg string) Part {
	if data, ok := strings.CutSuffix(arg, SummarySuffix); ok {
		return Part{Data: data, SummaryPath: arg}
	}
	return Part{Data: arg, SummaryPath: arg + SummarySuffix}
}

// Totals are the merged run's totals, as the summary line shows them.
type Totals struct {
	engine.Stats
	Messages []string // the query's message output, in game order
}

// Merge checks that the parts are the n shards of one run, each whole,
// and writes their games to w in the order a single run writes them.
func Merge(parts []Part, w io.Writer) (Totals, error) {
	ordered, err := checkParts(parts)
	if err != nil {
		return Totals{}, err
	}
	var t Totals
	for _, p := range ordered {
		t.Games += p.sum.Games
		t.Matches += p.sum.Matches
		t.BadGames += p.sum.BadGames
		t.Threads += p.sum.Threads
		t.Messages = append(t.Messages, p.sum.Messages...)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	if ordered[0].sum.Sort == nil {
		err = concatenate(ordered, bw)
	} else {
		err = writeSorted(ordered, bw)
	}
	if err != nil {
		return t, err
	}
	return t, bw.Flush()
}

// checkParts reads the summaries and returns the parts in shard order,
// or an error that names a part that is missing, duplicated, truncated
// or from another run.
func checkParts(parts []Part) ([]Part, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no parts to merge")
	}
	for i := range parts {
		sum, err := ReadSummary(parts[i].SummaryPath)
		if err != nil {
			return nil, err
		}
		parts[i].sum = sum
		if err := checkWhole(parts[i]); err != nil {
			return nil, err
		}
		if err := sum.Verify(); err != nil {
			return nil, fmt.Errorf("part %s: %w", parts[i].Data, err)
		}
	}
	first := parts[0]
	byShard := make([]*Part, first.sum.Shards+1)
	for i := range parts {
		p := &parts[i]
		if err := sameRun(first, *p); err != nil {
			return nil, err
		}
		if q := byShard[p.sum.Shard]; q != nil {
			return nil, fmt.Errorf("%s and %s are both shard %d/%d", q.Data, p.Data, p.sum.Shard, p.sum.Shards)
		}
		byShard[p.sum.Shard] = p
	}
	var ordered []Part
	for i := 1; i <= first.sum.Shards; i++ {
		if byShard[i] == nil {
			return nil, fmt.Errorf("shard %d/%d is missing (%d of %d parts given)", i, first.sum.Shards, len(parts), first.sum.Shards)
		}
		ordered = append(ordered, *byShard[i])
	}
	return ordered, nil
}

// checkWhole checks a part's file against its summary.
func checkWhole(p Part) error {
	st, err := os.Stat(p.Data)
	if err != nil {
		return fmt.Errorf("part %s: %w", p.Data, err)
	}
	var listed int64
	for _, s := range p.sum.Selected {
		listed += s.Bytes
	}
	if st.Size() != p.sum.PartBytes || listed != p.sum.PartBytes {
		return fmt.Errorf("part %s is truncated or damaged: %d bytes, its summary %s says %d", p.Data, st.Size(), p.SummaryPath, p.sum.PartBytes)
	}
	if s := p.sum; s.Shard < 1 || s.Shard > s.Shards {
		return fmt.Errorf("part %s: shard %d/%d in its summary is out of range", p.Data, s.Shard, s.Shards)
	}
	return nil
}

// sameRun checks that part p comes from the same run as part first.
func sameRun(first, p Part) error {
	a, b := first.sum, p.sum
	switch {
	case a.Query != b.Query:
		return fmt.Errorf("part %s was written by another query or other options than part %s", p.Data, first.Data)
	case !slices.EqualFunc(a.Inputs, b.Inputs, sameStamp):
		return fmt.Errorf("part %s searched another input set than part %s (%s against %s)", p.Data, first.Data, listInputs(b.Inputs), listInputs(a.Inputs))
	case a.Shards != b.Shards:
		return fmt.Errorf("part %s is a shard of %d, part %s of %d", p.Data, b.Shards, first.Data, a.Shards)
	case a.Part != b.Part:
		return fmt.Errorf("part %s holds %s, part %s %s", p.Data, b.Part, first.Data, a.Part)
	}
	return nil
}

// sameStamp compares what the shards saw of an input: each read other
// bytes of it.
func sameStamp(a, b Stamp) bool {
	return a.Name == b.Name && a.Size == b.Size && a.ModTime.Equal(b.ModTime)
}

func listInputs(stamps []Stamp) string {
	var s []string
	for _, st := range stamps {
		s = append(s, fmt.Sprintf("%s of %d bytes", st.Name, st.Size))
	}
	return strings.Join(s, ", ")
}

// concatenate writes the parts one after the other: the games of a
// run that does not sort are in input order, and the shards are too.
func concatenate(parts []Part, w io.Writer) error {
	for _, p := range parts {
		f, err := os.Open(p.Data)
		if err != nil {
			return fmt.Errorf("part %s: %w", p.Data, err)
		}
		_, err = io.Copy(w, f)
		f.Close()
		if err != nil {
			return fmt.Errorf("part %s: %w", p.Data, err)
		}
	}
	return nil
}

// located is a selected game and where its output is.
type located struct {
	game engine.Game
	part int   // index in the parts
	at   int64 // its first byte in the part
	n    int64
}

// writeSorted writes the games of all the parts in the order of the
// query's sort, as engine.Run orders them: the same comparison, and ties
// in input order.
func writeSorted(parts []Part, w io.Writer) error {
	order := parts[0].sum.Sort
	keys := make([]vm.SortKey, len(order.Keys))
	for i, k := range order.Keys {
		keys[i] = vm.SortKey{Min: k.Min, Str: k.Str}
	}
	var games []located
	for pi, p := range parts {
		var at int64
		for _, s := range p.sum.Selected {
			if len(s.Sort) != len(keys) {
				return fmt.Errorf("part %s: game %d has %d sort values, the query %d keys", p.Data, s.Game, len(s.Sort), len(keys))
			}
			g := engine.Game{Number: s.Game, Matches: s.Matches, SortValues: make([]vm.SortValue, len(s.Sort))}
			for i, v := range s.Sort {
				g.SortValues[i] = vm.SortValue{Set: v.Set, Num: v.Num, Str: v.Str}
			}
			games = append(games, located{game: g, part: pi, at: at, n: s.Bytes})
			at += s.Bytes
		}
	}
	sort.SliceStable(games, func(i, j int) bool {
		return engine.SortsBefore(&games[i].game, &games[j].game, keys, order.ByMatchCount)
	})
	files := make([]*os.File, len(parts))
	defer func() {
		for _, f := range files {
			if f != nil {
				f.Close()
			}
		}
	}()
	for pi, p := range parts {
		f, err := os.Open(p.Data)
		if err != nil {
			return fmt.Errorf("part %s: %w", p.Data, err)
		}
		files[pi] = f
	}
	for _, g := range games {
		if _, err := io.Copy(w, io.NewSectionReader(files[g.part], g.at, g.n)); err != nil {
			return fmt.Errorf("part %s: %w", parts[g.part].Data, err)
		}
	}
	return nil
}

// Package shard cuts a run into n shards that separate processes (or
// machines) run, and merges their parts into the output one run would
// have written.
//
// The inputs are laid end to end by their size on disk and shard i of n
// takes the games that start in the i-th n-th of those bytes: a plain
// file is split at game boundaries, a compressed file or archive goes
// whole to the shard its first byte falls in. Game numbers stay those of
// a single run: the games of the earlier files and ranges are counted
// from their indexes (package index), or else by cutting them.
package shard

import (
	"fmt"
	"os"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/index"
	"github.com/cqlvm/cqlvm/engine/input"
)

// Spec names one shard: I of N, counted from 1.
type Spec struct{ I, N int }

func (s Spec) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// file is one input as the planner sees it.
type file struct {
	name  string
	size  int64
	plain bool
	ix    *index.Index // nil: no index
}

// Work is what one shard does.
type Work struct {
	Spans []engine.Span // what it reads
	// LastGameNumber is the value of lastgamenumber, from the inputs'
	// indexes; 0 when an input has none (the run counts then).
	LastGameNumber int
}

// Plan returns the work of shard s of a run over inputs. An input with a
// stale index is an error; an input without one is read from its start
// (its games before the shard are cut, not searched), and the games of
// the files before the shard are counted by cutting them.
func Plan(inputs []string, s Spec) (Work, error) {
	if s.N < 1 || s.I < 1 || s.I > s.N {
		return Work{}, fmt.Errorf("shard %s: expected i/n with 1 <= i <= n", s)
	}
	files, total, err := describeInputs(inputs)
	if err != nil {
		return Work{}, err
	}
	spans, err := planSpans(files, total, s)
	if err != nil {
		return Work{}, err
	}
	return Work{Spans: spans, LastGameNumber: lastGameNumber(files)}, nil
}

// lastGameNumber is the number of games with a White tag in the files,
// from their indexes, or 0 if one has none.
func lastGameNumber(files []file) int {
	n := 0
	for _, f := range files {
		if f.ix == nil {
			return 0
		}
		n += f.ix.WhiteTags
	}
	return n
}

// planSpans cuts the spans of shard s out of files of total bytes.
func planSpans(files []file, total int64, s Spec) ([]engine.Span, error) {
	lo, hi := cut(total, s.I-1, s.N), cut(total, s.I, s.N)
	var spans []engine.Span
	var base int64 // where the file starts in the inputs laid end to end
	firstGame := 1 // the number of the file's first game
	for _, f := range files {
		if base >= hi {
			break
		}
		from, to := max(lo-base, 0), hi-base
		if len(spans) > 0 {
			// the span before is read to its end: the numbers go on
			// from there, and the files need not be counted
			firstGame = 0
		}
		sp, ok, err := spanOf(f, from, to, firstGame)
		if err != nil {
			return nil, err
		}
		if ok {
			spans = append(spans, sp)
		}
		base += f.size
		if base < hi && len(spans) == 0 {
			n, err := gameCount(f)
			if err != nil {
				return nil, err
			}
			firstGame += n
		}
	}
	return spans, nil
}

// cut is the k-th of n cut points of total bytes.
func cut(total int64, k, n int) int64 {
	if k == n {
		return total
	}
	return total/int64(n)*int64(k) + total%int64(n)*int64(k)/int64(n)
}

// describeInputs stats the inputs and loads their indexes.
func describeInputs(inputs []string) ([]file, int64, error) {
	var files []file
	var total int64
	for _, name := range inputs {
		if name == "-" {
			return nil, 0, fmt.Errorf("standard input cannot be split into shards: give the games as files")
		}
		st, err := os.Stat(name)
		if err != nil {
			return nil, 0, fmt.Errorf("cannot read input %s: %w", name, err)
		}
		plain, err := input.IsPlain(name)
		if err != nil {
			return nil, 0, err
		}
		ix, err := index.Load(name)
		if err != nil {
			return nil, 0, err
		}
		files = append(files, file{name, st.Size(), plain, ix})
		total += st.Size()
	}
	return files, total, nil
}

// spanOf is the span of file f with the games that start in [from, to),
// f's first game being number firstGame (0: the number after the last
// game read); false when f has no game there.
func spanOf(f file, from, to int64, firstGame int) (engine.Span, bool, error) {
	if !f.plain {
		// a compressed file goes to the shard its first byte is in
		whole := engine.Span{Input: f.name, FirstGame: firstGame, To: -1}
		return whole, from == 0 && to > 0, nil
	}
	if from >= f.size || to <= 0 || f.size == 0 {
		return engine.Span{}, false, nil
	}
	sp := engine.Span{Input: f.name, FirstGame: firstGame, From: from, To: to}
	if to >= f.size {
		sp.To = -1
	}
	if f.ix == nil || from == 0 {
		return sp, true, nil
	}
	// begin at the last game that starts a line, at or before the first
	// game of the span
	first, resume, k, ok, err := f.ix.Find(from)
	if err != nil || !ok || sp.To >= 0 && first.Offset >= sp.To {
		return engine.Span{}, false, err // no game starts in the span
	}
	if k > 0 {
		sp.Start, sp.StartLine, sp.FirstGame = resume.Offset, resume.Line, firstGame+k
	}
	return sp, true, nil
}

// gameCount is the number of games of f: from its index, or by cutting
// them.
func gameCount(f file) (int, error) {
	if f.ix != nil {
		return f.ix.Games, nil
	}
	return index.Count(f.name)
}

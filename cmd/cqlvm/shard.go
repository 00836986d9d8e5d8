package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/input"
	"github.com/cqlvm/cqlvm/engine/shard"
)

// shardFlags are the options of `cqlvm run` that make it one shard of a
// larger run (README "Beyond one machine").
type shardFlags struct {
	spec    string // "i/n" or "auto"
	summary string // the summary file; default: the PGN output's name + shard.SummarySuffix
}

func (s *shardFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&s.spec, "shard", "", "run shard i/n of the search (or auto, from Slurm or Kubernetes)")
	fs.StringVar(&s.summary, "shardsummary", "", "where the shard's summary goes (default OUTPUT.shard.json)")
}

// shardUsageError is a --shard option that cannot work (exit status 2);
// other errors of prepare are the inputs' (exit status 3).
type shardUsageError struct{ error }

// prepare turns cfg into the run of one shard: it reads only the shard's
// spans, writes its games in input order, and records the summary that
// `cqlvm merge` needs, which cfg.afterRun writes.
func (s *shardFlags) prepare(q *engine.Query, cfg *runConfig, outputGiven bool) error {
	spec, err := s.parse()
	if err != nil {
		return shardUsageError{err}
	}
	part, summaryPath, err := s.outputs(cfg, outputGiven)
	if err != nil {
		return shardUsageError{err}
	}
	if q.Program().HasPersistent() {
		return shardUsageError{errors.New("--shard: the query has persistent variables, whose values depend on every game before: it cannot be split into shards")}
	}
	work, err := shard.Plan(cfg.Inputs, spec)
	if err != nil {
		return err
	}
	cfg.Spans, cfg.LastGameNumber = work.Spans, work.LastGameNumber
	cfg.shardSummary = summaryPath
	sum, err := shard.NewSummary(spec, queryIdentity(q, cfg), cfg.Inputs, work.Spans, part, q.Program().Sorts, cfg.SortByMatchCount)
	if err != nil {
		return err
	}
	cfg.Unsorted = true
	cfg.OnGame = sum.Record
	cfg.afterRun = func(st engine.Stats) error {
		if err := sum.Finish(st); err != nil {
			return err
		}
		if err := sum.WriteFile(summaryPath); err != nil {
			return fmt.Errorf("cannot write the shard summary: %v", err)
		}
		return nil
	}
	return nil
}

// outputs chooses the part a shard writes (PGN or JSON, not both: a
// summary describes one file) and where its summary goes. A PGN part
// needs -o: the default output (<query>-out.pgn, or the header's) would
// be the same file for every shard.
func (s *shardFlags) outputs(cfg *runConfig, outputGiven bool) (part, summaryPath string, err error) {
	part = shard.PartPGN
	if cfg.json {
		part = shard.PartJSON
		if cfg.output != "" {
			return "", "", errors.New("--shard: a shard writes one part, PGN (-o) or JSON (--json), not both")
		}
	} else if !outputGiven {
		return "", "", errors.New("--shard: name each shard's part with -o (part-1.pgn, part-2.pgn, ...)")
	}
	summaryPath = s.summary
	if summaryPath == "" {
		if part == shard.PartJSON || cfg.output == "-" {
			return "", "", fmt.Errorf("--shard: the part goes to standard output: name its summary with --shard-summary PART%s", shard.SummarySuffix)
		}
		summaryPath = cfg.output + shard.SummarySuffix
	}
	return part, summaryPath, nil
}

// parse reads --shard i/n, or --shard auto from the batch system's
// environment.
func (s *shardFlags) parse() (shard.Spec, error) {
	if strings.EqualFold(s.spec, "auto") {
		return shardFromEnv(os.Getenv)
	}
	is, ns, ok := strings.Cut(s.spec, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return shard.Spec{}, fmt.Errorf("--shard: expected i/n with 1 <= i <= n (1/4 to 4/4) or auto, got %q", s.spec)
	}
	return shard.Spec{I: i, N: n}, nil
}

// shardFromEnv finds the shard of a Slurm job array task
// (SLURM_ARRAY_TASK_ID from SLURM_ARRAY_TASK_MIN, of
// SLURM_ARRAY_TASK_COUNT) or of a Kubernetes Indexed Job
// (JOB_COMPLETION_INDEX from 0, of CQLVM_SHARDS, which the manifest sets
// to the job's completions).
func shardFromEnv(getenv func(string) string) (shard.Spec, error) {
	number := func(name string) (int, error) {
		v, err := strconv.Atoi(getenv(name))
		if err != nil {
			return 0, fmt.Errorf("--shard auto: %s is %q, expected a number", name, getenv(name))
		}
		return v, nil
	}
	var id, lo, n int
	var err error
	switch {
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		id, err = number("SLURM_ARRAY_TASK_ID")
		if err == nil {
			lo, err = number("SLURM_ARRAY_TASK_MIN")
		}
		if err == nil {
			n, err = number("SLURM_ARRAY_TASK_COUNT")
		}
	case getenv("JOB_COMPLETION_INDEX") != "":
		id, err = number("JOB_COMPLETION_INDEX")
		if err == nil {
			n, err = number("CQLVM_SHARDS")
		}
	default:
		return shard.Spec{}, errors.New("--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set")
	}
	if err != nil {
		return shard.Spec{}, err
	}
	spec := shard.Spec{I: id - lo + 1, N: n}
	if spec.N < 1 || spec.I < 1 || spec.I > spec.N {
		return shard.Spec{}, fmt.Errorf("--shard auto: task %d (first %d) of %d is not a shard i/n", id, lo, n)
	}
	return spec, nil
}

// queryIdentity is a digest of what shapes a run's output: the compiled
// query (with -cql, the filter flags and the transforms in it) and every
// setting of cfg that its shard tags say the parts must agree on. Parts
// with different identities are not merged.
func queryIdentity(q *engine.Query, cfg *runConfig) string {
	h := sha256.New()
	q.Program().Disassemble(h)
	shard.WriteSettings(h, cfg)
	return fmt.Sprintf("%x", h.Sum(nil))
}

// bytesToRead is what the progress line measures the run's reading
// against: the inputs' size on disk, or for a shard the bytes from where
// each of its spans starts reading to where it ends.
func bytesToRead(o engine.Options, stdin io.Reader) int64 {
	if len(o.Spans) == 0 {
		return totalSize(o.Inputs, stdin)
	}
	var total int64
	for _, sp := range o.Spans {
		end := sp.To
		if end < 0 {
			end = input.Size(sp.Input, stdin)
		}
		total += end - sp.Start
	}
	return total
}

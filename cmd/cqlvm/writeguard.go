package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/cqlvm/cqlvm/engine"
)

// namedFile is a file a command line names: what names it (an option
// such as "--html", or "the input"), for the messages, and its name.
type namedFile struct{ role, name string }

// fileConflict is a file a command would write that is a file it reads,
// or another file it writes: it is refused before anything is written
// (exit status 2).
type fileConflict struct {
	written, other namedFile
	reading        bool // other is read (else: also written)
}

func (e *fileConflict) Error() string {
	what := "overwrite it"
	if !e.reading {
		what = "write it twice"
	}
	if e.written.name == e.other.name {
		return fmt.Sprintf("%s %s is also %s: cqlvm would %s; choose another file", e.written.role, e.written.name, e.other.role, what)
	}
	return fmt.Sprintf("%s %s is the same file as %s %s: cqlvm would %s; choose another file",
		e.written.role, e.written.name, e.other.role, e.other.name, what)
}

// checkWrites is the one check of every file a command writes: none may
// be a file it reads, nor another file it writes. Files are compared as
// the system finds them (os.SameFile after following links), so a
// symbolic or hard link to an input is caught too; a written file that
// does not exist yet can only collide with another written file, which
// is compared by its absolute path. Names "" and "-" (standard output)
// are no files.
func checkWrites(reads, writes []namedFile) error {
	for i, w := range writes {
		if isNoFile(w.name) {
			continue
		}
		for _, r := range reads {
			if !isNoFile(r.name) && sameExistingFile(w.name, r.name) {
				return &fileConflict{written: w, other: r, reading: true}
			}
		}
		for _, o := range writes[:i] {
			if !isNoFile(o.name) && (sameExistingFile(w.name, o.name) || !exists(w.name) && samePath(w.name, o.name)) {
				return &fileConflict{written: w, other: o}
			}
		}
	}
	return nil
}

func isNoFile(name string) bool { return name == "" || name == "-" }

// sameExistingFile reports whether a and b name one existing regular
// file: a device or a pipe (/dev/stdout, /dev/null, a terminal that is
// also the input) loses nothing when written.
func sameExistingFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && sa.Mode().IsRegular() && os.SameFile(sa, sb)
}

func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// samePath reports whether a and b are one path once made absolute,
// their directories' links followed.
func samePath(a, b string) bool {
	return resolvedPath(a) == resolvedPath(b)
}

func resolvedPath(name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return name
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// runFiles are the files a run reads and writes, named as the command
// line named them.
func runFiles(f *runFlags, cfg *runConfig, queryPath, headerOutput string, similar []string) (reads, writes []namedFile) {
	reads = append(reads, namedFile{"the query", queryPath})
	for _, in := range cfg.Inputs {
		reads = append(reads, namedFile{"the input", in})
	}
	for _, s := range similar {
		reads = append(reads, namedFile{"the similarposition file", s})
	}
	writes = append(writes, namedFile{outputRole(f, headerOutput), cfg.output}, namedFile{"--html", cfg.html},
		namedFile{"--cpuprofile", f.cpuProfile}, namedFile{"--memprofile", f.memProfile})
	if cfg.shardSummary != "" {
		role := "the shard summary"
		if f.shard.summary != "" {
			role = "--shard-summary"
		}
		writes = append(writes, namedFile{role, cfg.shardSummary},
			namedFile{"the shard summary's temporary file", cfg.shardSummary + ".tmp"})
	}
	return reads, writes
}

// outputRole says where the PGN output's name comes from.
func outputRole(f *runFlags, headerOutput string) string {
	switch {
	case f.output != "":
		return "-o"
	case headerOutput != "":
		return "the output of the query's header"
	}
	return "the output"
}

// similarFiles are the submissions files of the query's similarposition
// filters, which the run reads.
func similarFiles(q *engine.Query) []string {
	var files []string
	for _, s := range q.Program().Similar {
		files = append(files, s.File)
	}
	return files
}

// refuseConflicts reports a conflict of checkWrites and its exit
// status; refused is false when there is none.
func (c *cli) refuseConflicts(command string, reads, writes []namedFile) (status int, refused bool) {
	err := checkWrites(reads, writes)
	if err == nil {
		return 0, false
	}
	if c.official != nil {
		return c.official.errorText(c.stdout, err.Error()), true
	}
	fmt.Fprintf(c.stderr, "%s: %v\n", command, err)
	return exitUsage, true
}

package engine

import (
	"fmt"
	"path/filepath"
	"slices"
)

// FileUse is a file a query names, and what the query does with it.
type FileUse struct {
	Name string
	// Use is where the query names it, as the language spells it:
	// "similarposition", "input" or "output" (of the cql() header, or
	// the old language's :pgn and :output).
	Use string
}

// Files are the files the query names: those a run of it would open
// (the submissions of similarposition) and those of its header, which a
// command line opens. A caller that must not let a query reach the file
// system checks them (QueryOptions.Files and Options.Files do).
func (q *Query) Files() []FileUse {
	var out []FileUse
	h := q.compiled.Header
	if h.Input != "" {
		out = append(out, FileUse{h.Input, "input"})
	}
	if h.Output != "" {
		out = append(out, FileUse{h.Output, "output"})
	}
	for _, s := range q.Program().Similar {
		out = append(out, FileUse{s.File, "similarposition"})
	}
	return out
}

// FileRefusedError is a file a query or a run names that its Files
// option does not allow. Its message is the same whether the file exists
// or not, and it is returned before anything looks at the file.
type FileRefusedError struct{ FileUse }

func (e *FileRefusedError) Error() string {
	return fmt.Sprintf("%s %q: refused: a query here may name no file but the databases it searches", e.Use, e.Name)
}

// checkFiles returns a *FileRefusedError for the first of uses that
// allowed refuses; a nil allowed allows every file.
func checkFiles(uses []FileUse, allowed func(name string) bool) error {
	if allowed == nil {
		return nil
	}
	for _, u := range uses {
		if !allowed(u.Name) {
			return &FileRefusedError{u}
		}
	}
	return nil
}

// inputUses are the files a run reads as its inputs.
func inputUses(o Options) []FileUse {
	var out []FileUse
	for _, name := range o.Inputs {
		out = append(out, FileUse{name, "input"})
	}
	for _, s := range o.Spans {
		out = append(out, FileUse{s.Input, "input"})
	}
	return out
}

// OnlyFiles is a Files option that allows the files named, and no
// other: a name is allowed when it is one of them once both are made
// absolute and clean. It never looks at the file system (a symbolic
// link to an allowed file is refused), so it says nothing of what
// exists.
func OnlyFiles(names ...string) func(name string) bool {
	var allowed []string
	for _, n := range names {
		allowed = append(allowed, absolute(n))
	}
	return func(name string) bool {
		return name != "" && name != "-" && slices.Contains(allowed, absolute(name))
	}
}

func absolute(name string) string {
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return filepath.Clean(name)
}

// similarUses are the files of the query's similarposition filters,
// which a run opens.
func (q *Query) similarUses() []FileUse {
	var out []FileUse
	for _, u := range q.Files() {
		if u.Use == "similarposition" {
			out = append(out, u)
		}
	}
	return out
}

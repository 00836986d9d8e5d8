package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"strings"

	"github.com/cqlvm/cqlvm/compiler"
	"github.com/cqlvm/cqlvm/compiler/cqls"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/engine/knowledge"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// Query is a compiled query. It is never changed by a run, so one Query
// may serve any number of runs, also at the same time.
type Query struct {
	compiled *compiler.Query
}

// QueryOptions are what a command line adds to a query.
type QueryOptions struct {
	// Extra is query text ANDed with the file's body (the -cql option);
	// without a file it is the whole query, and needs no cql() header.
	Extra string
	// Restrictions are conditions ANDed with the query that stand for
	// options such as -fen and -player; errors in them are reported
	// against "options (-fen, -player, ...)".
	Restrictions Restrictions
	// Quiet leaves out the automatic comments of find, echo, line, path
	// and consecutivemoves, as the header's quiet does (-quiet, -silent).
	Quiet bool
	// Transforms wrap the body of the file and the Extra text, the first
	// outermost (-flipcolor, -shift, ...).
	Transforms []Transform
	// Dialect is the language of the query file and of Extra: Auto (by
	// content and the .cqls extension), CQL6, or CQL3 (the old
	// S-expression language of CQL 3 and CQL-S, read by compiler/cqls).
	Dialect Dialect
	// Assign are the -assign options: variable name and value, a number
	// when the value reads as one, else a string; assigned before the
	// query's body at every position.
	Assign [][2]string
	// NoSetTag and NoRemoveComment make settag and removecomment match
	// and do nothing (-nosettag, -noremovecomment).
	NoSetTag, NoRemoveComment bool
	// Limits bound the query's size, nesting and compile work (and are
	// kept for its runs); nil: the defaults.
	Limits *limits.Values
	// Files, when set, says which files a query may name (Query.Files):
	// a query naming another fails to compile with a *FileRefusedError,
	// whether that file exists or not. nil allows every file.
	Files func(name string) bool
	// Disable switches optimizations of the compiler off
	// (AllOptimizations: the plain program, -O0). Answers and output
	// are the same; only the time differs.
	Disable Optimizations
	// RefuseExtensions, when set, makes the filters of cqlvm's own (eval,
	// clock, ...: not in CQL 6.2) errors that end with this advice, as
	// the official-compatible `cql` command wants.
	RefuseExtensions string
	// RefuseEngine, when set, makes the filters that ask a chess engine
	// (engineeval, CQL-S :evaluation) errors that end with this reason,
	// as a server that lets no client start a process wants.
	RefuseEngine string
	// KeepFailedComments compiles the query for runs that keep the
	// comments of filters that failed (Options.AlwaysComment), which a
	// program compiled without it refuses.
	KeepFailedComments bool
}

// Dialect names a query language.
type Dialect int

const (
	Auto Dialect = iota // `(match` or `(position` first, or a .cqls file: CQL 3; else CQL 6
	CQL6
	CQL3
)

// ParseDialect reads a --dialect value.
func ParseDialect(s string) (Dialect, error) {
	switch s {
	case "", "auto":
		return Auto, nil
	case "cql6", "6":
		return CQL6, nil
	case "cql3", "cqls", "3":
		return CQL3, nil
	}
	return Auto, fmt.Errorf("unknown dialect %q (the dialects are cql3, cql6 and auto)", s)
}

// IsOld reports whether a query text (named name) is read as CQL 3 under
// the dialect d.
func (d Dialect) IsOld(name, text string) bool {
	switch d {
	case CQL3:
		return true
	case CQL6:
		return false
	}
	return cqls.IsOldSyntax(text) || filepath.Ext(name) == ".cqls" && !looksLikeCQL6(text)
}

// looksLikeCQL6 reports whether a text starts (after comments) with the
// CQL 6 header: a .cqls file that holds a CQL 6 query is read as one.
func looksLikeCQL6(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") || strings.HasPrefix(line, ";") {
			continue
		}
		rest, ok := strings.CutPrefix(line, "cql")
		// the word cql, not a name that starts with it (cqlvmSimilarGame)
		return ok && (rest == "" || !isNameChar(rest[0]))
	}
	return false
}

func isNameChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// reader is the compiler's reader for the old language under d, within
// the limits lim.
func (d Dialect) reader(lim *limits.Values) func(*source.Source) (*syntax.File, source.ErrorList, bool) {
	return func(src *source.Source) (*syntax.File, source.ErrorList, bool) {
		if !d.IsOld(src.Name, src.Text) {
			return nil, nil, false
		}
		f, errs := cqls.ParseFileWith(src, lim)
		return f, errs, true
	}
}

// Load reads and compiles the query file path (".cql", or ".cqls" when
// only that exists, is added when the name has no extension and the file
// does not exist), with what o adds;
// path may be "" when o.Extra is the query. The error is an *InputError
// when the file cannot be read, a source.ErrorList when the query has
// errors (its Pretty method shows them with the query text).
func Load(path string, o QueryOptions) (*Query, error) {
	var src *source.Source
	if path != "" {
		if filepath.Ext(path) == "" {
			if _, err := os.Stat(path); err != nil {
				path += ".cql"
				if _, err := os.Stat(path); err != nil {
					if _, err := os.Stat(path + "s"); err == nil {
						path += "s" // an old-language query, name.cqls
					}
				}
			}
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, &InputError{queryFileError(path, err)}
		}
		src = source.New(path, string(text))
	} else if looksLikeCQL6(o.Extra) && !o.Dialect.IsOld("-cql", o.Extra) {
		// -cql alone with a cql(...) header: the whole query, its
		// header's settings included, as CompileText reads it
		src, o.Extra = source.New("-cql", o.Extra), ""
	}
	return compile(src, "-cql", o)
}

// CompileText compiles the text of a query that is not in a file, such
// as an editor's, named name in messages. A text with a CQL 6 cql(...)
// header is read as a query file is, its header's settings applying to
// Options; a text without one as the -cql option's filters (an old-
// language text brings its header either way). o.Extra is not used.
func CompileText(name, text string, o QueryOptions) (*Query, error) {
	if looksLikeCQL6(text) && !o.Dialect.IsOld(name, text) {
		o.Extra = ""
		return compile(source.New(name, text), "", o)
	}
	o.Extra = text
	return compile(nil, name, o)
}

// compile compiles a query file's text (nil: none) with what o adds,
// o.Extra named extraName in messages.
func compile(src *source.Source, extraName string, o QueryOptions) (*Query, error) {
	opt := compiler.Options{RequireHeader: src != nil, Quiet: o.Quiet, Transforms: o.Transforms, Reader: o.Dialect.reader(o.Limits),
		NoSetTag: o.NoSetTag, NoRemoveComment: o.NoRemoveComment, Limits: o.Limits, Disable: o.Disable, RefuseExtensions: o.RefuseExtensions,
		RefuseEngine:       o.RefuseEngine,
		KeepFailedComments: o.KeepFailedComments}
	opt.Chess = knowledge.Chess // the CQL-S built-ins' chess, which compiler and vm do not import
	for _, a := range o.Assign {
		opt.Prelude = append(opt.Prelude, source.New("-assign "+a[0], assignment(a[0], a[1])))
	}
	if o.Extra != "" {
		opt.Extra = append(opt.Extra, source.New(extraName, o.Extra))
		opt.TransformExtra = 1
	}
	restrictions, err := o.Restrictions.Filters()
	if err != nil {
		return nil, err
	}
	if restrictions != "" {
		opt.Extra = append(opt.Extra, source.New("options (-fen, -player, ...)", restrictions))
	}
	q, err := compiler.Compile(src, opt)
	if err != nil {
		return nil, err
	}
	query := &Query{compiled: q}
	if err := checkFiles(query.Files(), o.Files); err != nil {
		return nil, err
	}
	return query, nil
}

// Compile compiles query text that is not in a file, as the -cql option
// gives it: filters without a cql() header, such as "mate".
func Compile(text string) (*Query, error) {
	return Load("", QueryOptions{Extra: text})
}

// Header is the query's cql(...) header (the zero Header when it has
// none).
func (q *Query) Header() syntax.Header { return q.compiled.Header }

// Program is the compiled bytecode, for the disassembler and for tools.
func (q *Query) Program() *vm.Program { return q.compiled.Program }

// Options are the settings of the query's header as run options, with
// the match string "CQL" when the header does not give one. Its input
// and output file names are for the caller to use (Header().Input).
func (q *Query) Options() Options {
	h := q.compiled.Header
	o := Options{
		MatchString:      "CQL",
		Variations:       h.Variations,
		Silent:           h.Silent,
		Quiet:            h.Quiet,
		SortByMatchCount: h.SortMatch,
		Result:           h.Result,
	}
	if h.MatchString != nil {
		o.MatchString = *h.MatchString
	}
	if h.HasMatchCount {
		o.MatchCount = &Range{int(h.MatchCount[0]), int(h.MatchCount[1])}
	}
	if h.HasGameNumber {
		o.GameNumbers = &Range{int(h.GameNumber[0]), int(h.GameNumber[1])}
	}
	return o
}

// queryFileError says why a query file could not be read, in words.
func queryFileError(path string, err error) error {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such query file", path)
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("%s: permission denied", path)
	}
	if st, serr := os.Stat(path); serr == nil && st.IsDir() {
		return fmt.Errorf("%s: is a directory, not a query file", path)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", path, pe.Err)
	}
	return err
}

// assignment is the CQL text of `-assign name value`: a number when the
// value is one (options.html), else a string.
func assignment(name, value string) string {
	if _, err := strconv.ParseInt(value, 10, 32); err == nil {
		return name + " = " + value
	}
	return name + " = \"" + value + "\""
}

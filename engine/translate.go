package engine

import (
	"os"
	"strings"

	"github.com/cqlvm/cqlvm/compiler/cqls"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// Translate reads a query (the file path, or text when path is "": the
// -cql option's or standard input's) and returns it as CQL 6 source: the
// old language of CQL 3 and CQL-S is parsed into the CQL 6 syntax tree
// and printed; a CQL 6 query is printed back in the printer's layout.
// The old query's `;` comments are kept as `//` comments, each before the
// first filter made from text after it. Errors are as Load's.
func Translate(path, text string, d Dialect) (string, error) {
	name := "-cql"
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", &InputError{queryFileError(path, err)}
		}
		name, text = path, string(b)
	}
	src := source.New(name, text)
	var file *syntax.File
	var errs source.ErrorList
	var comments []cqls.Comment
	if d.IsOld(name, text) {
		file, errs = cqls.ParseFile(src)
		comments = cqls.Comments(src)
	} else {
		file, errs = syntax.ParseFile(src, path != "")
	}
	if len(errs) > 0 {
		return "", errs
	}
	return formatWithComments(file, comments)
}

// Parsed returns a query as the parser reads it, printed as CQL 6 one
// filter a line (the -parse option): the query file path ("" for none)
// and then the -cql text extra, each read in its language under d as
// Load reads it (an old -cql text without a file brings its header).
// Unlike Translate it reads both and keeps no comments. Errors are as
// Load's.
func Parsed(path, extra string, d Dialect) (string, error) {
	file := &syntax.File{}
	var errs source.ErrorList
	if path != "" {
		text, err := os.ReadFile(path)
		if err != nil {
			return "", &InputError{queryFileError(path, err)}
		}
		src := source.New(path, string(text))
		if d.IsOld(path, src.Text) {
			file, errs = cqls.ParseFile(src)
		} else {
			file, errs = syntax.ParseFile(src, true)
		}
	}
	if extra != "" {
		src := source.New("-cql", extra)
		if d.IsOld(src.Name, extra) {
			old, perrs := cqls.ParseFile(src)
			errs = append(errs, perrs...)
			if path == "" {
				file.Header = old.Header
			}
			file.Body = append(file.Body, old.Body...)
		} else {
			body, _, perrs := syntax.ParseBody(src)
			errs = append(errs, perrs...)
			file.Body = append(file.Body, body...)
		}
	}
	if len(errs) > 0 {
		return "", errs
	}
	return syntax.Format(file)
}

// formatWithComments prints the query with the comments: those before
// the first filter's text above the header, the others before the
// filter that follows them, the rest at the end.
func formatWithComments(file *syntax.File, comments []cqls.Comment) (string, error) {
	var b strings.Builder
	next := 0
	commentsBefore := func(off int32) {
		for next < len(comments) && int32(comments[next].Offset) < off {
			b.WriteString("//" + comments[next].Text + "\n")
			next++
		}
	}
	if len(file.Body) > 0 {
		commentsBefore(file.Body[0].Span.From)
	}
	b.WriteString(syntax.FormatHeader(file.Header) + "\n")
	for _, n := range file.Body {
		commentsBefore(n.Span.From)
		s, err := syntax.FormatNode(n)
		if err != nil {
			return "", err
		}
		b.WriteString(s + "\n")
	}
	commentsBefore(1 << 30)
	return b.String(), nil
}

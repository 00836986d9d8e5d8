package engine

import (
	"os"
	"strings"

	"cqlvm/compiler/cqls"
	ast "cqlvm/compiler/syntax"
	"cqlvm/source"
)

// Translate reads a query (the file path, or text when path is "": the
// -cql option's or standard input's) and
// returns it as CQL 6 source: the old language of CQL 3 and CQL-S is
// parsed into the CQL 6 syntax tree and printed; a CQL 6 query is
// printed back in the printer's layout. The old query's `;` comments are
// kept as `//` comments before it. Errors are as Load's.
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
	var file *ast.File
	var errs source.ErrorList
	var comments []string
	if d.IsOld(name, text) {
		file, errs = cqls.ParseFile(src)
		comments = cqls.Comments(src)
	} else {
		file, errs = ast.ParseFile(src, path != "")
	}
	if len(errs) > 0 {
		return "", errs
	}
	out, err := ast.Format(file)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range comments {
		b.WriteString("//" + c + "\n")
	}
	b.WriteString(out)
	return b.String(), nil
}

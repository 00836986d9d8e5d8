// Package syntax reads CQL 6 query text into syntax trees: the lexer
// (lex.go) and the parser (parse*.go) make a File, its cql(...) Header
// and the Nodes of its body (ast.go), each with the source span it came
// from; errors are source.Errors with spans, printed with a caret.
// The parser's core (precedence, the keyword dispatch, operands) is
// parse.go and parse_unary.go; each feature's parse functions are in
// parse_<feature>.go, named as the compiler's file of that feature
// (parse_line.go and compiler/line.go).
//
// kinds.go is the one table of what every node Kind is called and how it
// is written: its keywords and operators (with their Unicode
// spellings), precedence, help lines and names in messages; the
// parser's keyword tables, IsReserved, the lexer's Unicode symbols and
// `cqlvm help` derive from it. It also names each kind's feature,
// the stem of the files that hold it in every layer; features_test.go
// lists those files and writes the README's table of them. walk.go holds the tree walker
// (Walk, Children) for the passes over trees. Format and Dump
// print trees back as query text and as a debugging dump; convert.go
// turns a query's spellings to Unicode or ASCII.
//
// The parser bounds what a text may make it do (package limits): its
// size (query-bytes) and how deeply its filters nest (nesting), so that
// no text can exhaust the Go stack. The compiler (package compiler)
// checks and compiles the trees; package compiler/cqls reads the old
// CQL 3 / CQL-S language into the same trees.
package syntax

package compiler

import (
	"fmt"

	ast "cqlvm/compiler/syntax"
)

// CQL functions are macros: a call is replaced by the function body, with
// each parameter renamed per call. An argument that is a plain variable is
// passed by name (the body sees and updates that variable); any other
// argument is evaluated once into a fresh variable. Variables the body
// assigns that are not parameters are the file's global variables.

// inlineCalls replaces every call in ns by its expansion.
func (c *checker) inlineCalls(ns []*ast.Node) []*ast.Node {
	var out []*ast.Node
	for _, n := range ns {
		if n.Kind == ast.KFuncDef {
			continue
		}
		out = append(out, c.inline(n, nil))
	}
	return out
}

func (c *checker) inline(n *ast.Node, active []string) *ast.Node {
	return ast.Rewrite(n, func(n *ast.Node) *ast.Node {
		if n.Kind != ast.KCall || c.budget.exhausted() {
			return n
		}
		return c.expand(n, active)
	})
}

// expand returns the expansion of a call whose arguments are expanded;
// active names the functions being expanded around it.
func (c *checker) expand(n *ast.Node, active []string) *ast.Node {
	fn := c.funcs[n.Str]
	for _, name := range active {
		if name == n.Str {
			c.errorf(n, "function %s calls itself; CQL functions cannot be recursive", n.Str)
			return &ast.Node{Kind: ast.KTrue, Span: n.Span}
		}
	}
	if arg := c.dictArgument(n); arg != nil {
		c.errorf(arg, "the dictionary %s cannot be passed to a function: use its name inside the function instead", arg.Str)
		return &ast.Node{Kind: ast.KTrue, Span: n.Span}
	}
	c.calls++
	rename := map[string]string{}
	expansion := &ast.Node{Kind: ast.KCompound, Span: n.Span}
	for i, p := range fn.Params {
		arg := n.Args[i]
		if arg.Kind == ast.KVar {
			rename[p] = arg.Str
			continue
		}
		fresh := fmt.Sprintf("%s#%d.%s", fn.Str, c.calls, p)
		rename[p] = fresh
		assign := &ast.Node{Kind: ast.KAssign, Span: arg.Span, Str: "=",
			Args: []*ast.Node{{Kind: ast.KVar, Span: arg.Span, Str: fresh}, arg}}
		expansion.Args = append(expansion.Args, assign)
	}
	body := ast.Clone(fn.Args[0])
	if !c.budget.spend(countNodes(body), c.src, n.Span) {
		return &ast.Node{Kind: ast.KTrue, Span: n.Span}
	}
	renameVars(body, rename)
	body = c.inline(body, append(active, n.Str))
	expansion.Args = append(expansion.Args, body)
	return expansion
}

// renameVars renames variable references and binders in place, range
// bounds included.
func renameVars(n *ast.Node, rename map[string]string) {
	ast.Walk(n, func(n *ast.Node) bool {
		switch n.Kind {
		case ast.KVar, ast.KSquareLoop, ast.KPieceLoop, ast.KDictDecl:
			if r, ok := rename[n.Str]; ok {
				n.Str = r
			}
		case ast.KEcho:
			for i, p := range n.Params {
				if r, ok := rename[p]; ok {
					n.Params[i] = r
				}
			}
		}
		return true
	})
}

// dictArgument returns the first argument of a call that names a
// dictionary. A variable argument is passed by name, so the body would
// see the dictionary itself, but the manual rules it out
// (cql-6-1/dictionary.html: "Dictionaries cannot currently be used as the
// actual argument to a function").
func (c *checker) dictArgument(call *ast.Node) *ast.Node {
	for _, arg := range call.Args {
		if arg.Kind == ast.KVar && c.dictNames[arg.Str] {
			return arg
		}
	}
	return nil
}

// declaredDicts names every dictionary declared in the bodies or in the
// function definitions. Calls are expanded before the checker declares
// anything, so this is what tells a dictionary argument apart; a name
// declared as a dictionary cannot be any other variable.
func declaredDicts(parts []bodyPart, funcs map[string]*ast.Node) map[string]bool {
	names := map[string]bool{}
	visit := func(n *ast.Node) bool {
		if n.Kind == ast.KDictDecl {
			names[n.Str] = true
		}
		return true
	}
	for _, part := range parts {
		for _, n := range part.nodes {
			ast.Walk(n, visit)
		}
	}
	for _, fn := range funcs {
		ast.Walk(fn, visit)
	}
	return names
}

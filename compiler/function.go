package compiler

import (
	"fmt"

	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// CQL functions are macros: a call is replaced by the function body, with
// each parameter renamed per call. An argument that is a plain variable is
// passed by name (the body sees and updates that variable); any other
// argument is evaluated once into a fresh variable. Variables the body
// assigns that are not parameters are the file's global variables.

// inlineCalls replaces every call in ns by its expansion.
func (c *checker) inlineCalls(ns []*syntax.Node) []*syntax.Node {
	var out []*syntax.Node
	for _, n := range ns {
		if n.Kind == syntax.KFuncDef {
			continue
		}
		out = append(out, c.inline(n, nil))
	}
	return out
}

func (c *checker) inline(n *syntax.Node, active []string) *syntax.Node {
	return syntax.Rewrite(n, func(n *syntax.Node) *syntax.Node {
		if n.Kind != syntax.KCall || c.budget.exhausted() {
			return n
		}
		return c.expand(n, active)
	})
}

// expand returns the expansion of a call whose arguments are expanded;
// active names the functions being expanded around it.
func (c *checker) expand(n *syntax.Node, active []string) *syntax.Node {
	fn := c.funcs[n.Str]
	for _, name := range active {
		if name == n.Str {
			c.errorf(n, "function %s calls itself; CQL functions cannot be recursive", n.Str)
			return &syntax.Node{Kind: syntax.KTrue, Span: n.Span}
		}
	}
	if arg := c.dictArgument(n); arg != nil {
		c.errorf(arg, "the dictionary %s cannot be passed to a function: use its name inside the function instead", arg.Str)
		return &syntax.Node{Kind: syntax.KTrue, Span: n.Span}
	}
	c.calls++
	rename := map[string]string{}
	expansion := &syntax.Node{Kind: syntax.KCompound, Span: n.Span}
	for i, p := range fn.Params {
		arg := n.Args[i]
		if arg.Kind == syntax.KVar {
			rename[p] = arg.Str
			continue
		}
		fresh := fmt.Sprintf("%s#%d.%s", fn.Str, c.calls, p)
		rename[p] = fresh
		assign := &syntax.Node{Kind: syntax.KAssign, Span: arg.Span, Str: "=",
			Args: []*syntax.Node{{Kind: syntax.KVar, Span: arg.Span, Str: fresh}, arg}}
		expansion.Args = append(expansion.Args, assign)
	}
	body := syntax.Clone(fn.Args[0])
	if !c.budget.spend(countNodes(body), c.src, n.Span) {
		return &syntax.Node{Kind: syntax.KTrue, Span: n.Span}
	}
	renameVars(body, rename)
	body = c.inline(body, append(active, n.Str))
	expansion.Args = append(expansion.Args, body)
	return expansion
}

// renameVars renames variable references and binders in place, range
// bounds included.
func renameVars(n *syntax.Node, rename map[string]string) {
	syntax.Walk(n, func(n *syntax.Node) bool {
		switch n.Kind {
		case syntax.KVar, syntax.KSquareLoop, syntax.KPieceLoop, syntax.KDictDecl:
			if r, ok := rename[n.Str]; ok {
				n.Str = r
			}
		case syntax.KEcho:
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
func (c *checker) dictArgument(call *syntax.Node) *syntax.Node {
	for _, arg := range call.Args {
		if arg.Kind == syntax.KVar && c.dictNames[arg.Str] {
			return arg
		}
	}
	return nil
}

// declaredDicts names every dictionary declared in the bodies or in the
// function definitions. Calls are expanded before the checker declares
// anything, so this is what tells a dictionary argument apart; a name
// declared as a dictionary cannot be any other variable.
func declaredDicts(parts []bodyPart, funcs map[string]*syntax.Node) map[string]bool {
	names := map[string]bool{}
	visit := func(n *syntax.Node) bool {
		if n.Kind == syntax.KDictDecl {
			names[n.Str] = true
		}
		return true
	}
	for _, part := range parts {
		for _, n := range part.nodes {
			syntax.Walk(n, visit)
		}
	}
	for _, fn := range funcs {
		syntax.Walk(fn, visit)
	}
	return names
}

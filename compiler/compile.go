// Package compiler turns CQL text into a vm.Program: parse (package
// syntax), inline functions, expand transforms into orbits, check types,
// and generate bytecode.
package compiler

import (
	"fmt"
	"sort"

	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// Query is a compiled query: the program plus the settings from its
// `cql(...)` header.
type Query struct {
	Program *vm.Program
	Header  syntax.Header
}

// Options control compilation.
type Options struct {
	// RequireHeader makes a missing `cql(...)` header an error (as the
	// official program does for query files).
	RequireHeader bool
	// Extra are further bodies ANDed with the file's body: the -cql
	// option's text and the filters that options such as -fen stand for.
	Extra []*source.Source
	// Quiet is the -quiet (or -silent) option: as the header's quiet, no
	// automatic comments.
	Quiet bool
	// Transforms wrap the body of the file and of the first TransformExtra
	// Extra texts (the -cql option's), the first outermost: the
	// -flipcolor, -shift, ... options.
	Transforms     []syntax.TransformKind
	TransformExtra int
	// Prelude are filters run before the file's body at every position:
	// the -assign options' assignments, which the body may then read.
	Prelude []*source.Source
	// NoSetTag and NoRemoveComment make settag and removecomment match
	// and do nothing (-nosettag, -noremovecomment).
	NoSetTag, NoRemoveComment bool
	// Chess is the chess knowledge the CQL-S built-ins ask about
	// (engine/knowledge.Chess), which the program keeps for the machine;
	// a query with a built-in needs it.
	Chess vm.Chess
	// Limits bound the query's size, nesting and compile work; nil: the
	// defaults.
	Limits *limits.Values
	// Reader, when set, reads a source in another dialect (the old
	// S-expression language of CQL 3): ok false leaves the source to the
	// CQL 6 parser. An old -cql text without a query file gives the
	// query's header too.
	Reader func(src *source.Source) (file *syntax.File, errs source.ErrorList, ok bool)
	// kindSeen, when set (by tests), is told every node kind the checker's
	// dispatch (pass "check") and the generator's (pass "gen") handle.
	kindSeen func(pass string, k syntax.Kind)
	// Disable switches optimizations off (compiler/opt's registry);
	// opt.All gives the plain program, which tests compare with.
	Disable opt.Set
	// RefuseExtensions, when set, makes every filter of cqlvm's own (not
	// in CQL 6.2: syntax.IsExtension) an error, which ends with this
	// advice: the official-compatible command refuses them unless asked.
	RefuseExtensions string
	// RefuseEngine, when set, makes every filter that asks a chess engine
	// (engineeval, CQL-S :evaluation and :moveevaluation) an error, which
	// ends with this reason: a server does not let its clients start
	// processes.
	RefuseEngine string
	// KeepFailedComments compiles for runs that keep the comments of
	// filters that failed (-alwayscomment): the planner then skips no
	// filter that comments. A program compiled without it says whether it
	// may (vm.Program.DropsFailedComments).
	KeepFailedComments bool
}

// wrapTransforms puts the filters of a body (its function definitions
// aside) inside the transforms, as if written `T1 T2 {body}`.
func wrapTransforms(body []*syntax.Node, ts []syntax.TransformKind) []*syntax.Node {
	if len(ts) == 0 || len(body) == 0 {
		return body
	}
	var defs, filters []*syntax.Node
	for _, n := range body {
		if n.Kind == syntax.KFuncDef {
			defs = append(defs, n)
		} else {
			filters = append(filters, n)
		}
	}
	if len(filters) == 0 {
		return body
	}
	span := source.Join(filters[0].Span, filters[len(filters)-1].Span)
	w := &syntax.Node{Kind: syntax.KCompound, Span: span, Args: filters}
	for i := len(ts) - 1; i >= 0; i-- {
		w = &syntax.Node{Kind: syntax.KTransform, Span: span, TKind: ts[i], Args: []*syntax.Node{w}}
	}
	return append(defs, w)
}

// parseFile parses the query file in its dialect.
func (opt Options) parseFile(src *source.Source) (*syntax.File, source.ErrorList) {
	if opt.Reader != nil {
		if f, errs, ok := opt.Reader(src); ok {
			return f, errs
		}
	}
	return syntax.ParseFileWith(src, opt.RequireHeader, opt.Limits)
}

// parseExtra parses a text ANDed with the file's body (userText: the
// -cql option's, which may be in another dialect). An old-language
// text brings its header settings: all of them when it is the whole
// query (adoptHeader), else those the file's header leaves unset.
func (opt Options) parseExtra(x *source.Source, file *syntax.File, userText, adoptHeader bool) ([]*syntax.Node, map[string]*syntax.Node, source.ErrorList) {
	// the texts that stand for options such as -fen are always CQL 6
	if opt.Reader != nil && userText {
		if f, errs, ok := opt.Reader(x); ok {
			if adoptHeader {
				file.Header = f.Header
			} else if len(errs) == 0 {
				errs = mergeHeader(&file.Header, f.Header, x)
			}
			return f.Body, f.Funcs, errs
		}
	}
	return syntax.ParseBodyWith(x, opt.Limits)
}

// mergeHeader adds the settings of an old query given with -cql to the
// query file's header; a setting both give differently is an error
// rather than one of them silently lost.
func mergeHeader(h *syntax.Header, extra syntax.Header, x *source.Source) source.ErrorList {
	var errs source.ErrorList
	h.Variations = h.Variations || extra.Variations
	h.Silent = h.Silent || extra.Silent
	h.Quiet = h.Quiet || extra.Quiet
	conflict := func(what string) {
		errs.Add(x, source.Span{From: 0, To: int32(len(x.Text))}, "the -cql query's %s differs from the query file's header", what)
	}
	if extra.HasMatchCount {
		if h.HasMatchCount && h.MatchCount != extra.MatchCount {
			conflict(":matchcount")
		}
		h.MatchCount, h.HasMatchCount = extra.MatchCount, true
	}
	if extra.HasGameNumber {
		if h.HasGameNumber && h.GameNumber != extra.GameNumber {
			conflict(":gamenumber")
		}
		h.GameNumber, h.HasGameNumber = extra.GameNumber, true
	}
	for _, f := range []struct {
		file  *string
		extra string
		what  string
	}{{&h.Result, extra.Result, ":result"}, {&h.Input, extra.Input, ":pgn"}, {&h.Output, extra.Output, ":output"}} {
		if f.extra == "" {
			continue
		}
		if *f.file != "" && *f.file != f.extra {
			conflict(f.what)
		}
		*f.file = f.extra
	}
	return errs
}

// Compile compiles a query file. Errors come as a source.ErrorList.
func Compile(src *source.Source, opt Options) (*Query, error) {
	var errs source.ErrorList
	var file *syntax.File
	var parts []bodyPart
	for _, x := range opt.Prelude {
		nodes, _, perrs := syntax.ParseBodyWith(x, opt.Limits)
		errs.Append(perrs)
		parts = append(parts, bodyPart{x, nodes})
	}
	if src != nil {
		var perrs source.ErrorList
		file, perrs = opt.parseFile(src)
		errs.Append(perrs)
		parts = append(parts, bodyPart{src, wrapTransforms(file.Body, opt.Transforms)})
	} else {
		file = &syntax.File{}
	}
	if file.Funcs == nil {
		file.Funcs = map[string]*syntax.Node{}
	}
	for i, x := range opt.Extra {
		extra, funcs, perrs := opt.parseExtra(x, file, i < opt.TransformExtra, src == nil && i == 0)
		errs.Append(perrs)
		if i < opt.TransformExtra {
			extra = wrapTransforms(extra, opt.Transforms)
		}
		parts = append(parts, bodyPart{x, extra})
		// functions defined in -cql text are called there
		for name, f := range funcs {
			if _, dup := file.Funcs[name]; !dup {
				file.Funcs[name] = f
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	q := &Query{Header: file.Header}
	slots := &slotAlloc{}
	work := newBudget(opt.Limits, &errs)
	c := &checker{nodeInfo: newNodeInfo(), src: src, errs: &errs, vars: map[string]*variable{}, slots: slots, kindSeen: opt.kindSeen, budget: work,
		chess: opt.Chess, refuseExtensions: opt.RefuseExtensions, refuseEngine: opt.RefuseEngine}
	c.funcs = file.Funcs
	c.dictNames = declaredDicts(parts, file.Funcs)
	// the depth first: the size estimate recurses into the bodies of
	// calls, and its recursion is kept within the limit so
	if where, n := tooDeep(parts, file.Funcs, opt.Limits); n != nil {
		errs.Add(where, n.Span, "%s", opt.Limits.Exceeded(limits.Nesting,
			fmt.Sprintf("filters nested more than %d deep once function calls are expanded", opt.Limits.Int(limits.Nesting))))
		return nil, errs
	}
	if where, n, size := tooLarge(parts, file.Funcs, work); n != nil {
		work.refuseEstimate(where, n, size)
		return nil, errs
	}
	var body []*syntax.Node
	for i, part := range parts {
		// each part's errors are reported against its own text
		c.src = part.src
		spend := func(units int, at *syntax.Node) bool { return work.spend(units, part.src, at.Span) }
		nodes := c.inlineCalls(part.nodes)
		for i, n := range nodes {
			if work.exhausted() {
				break
			}
			nodes[i] = expandTransforms(n, spend)
			c.check(nodes[i])
		}
		parts[i].nodes = nodes
		body = append(body, nodes...)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	g := newGen(src, &errs, slots)
	g.budget = work
	g.nodeInfo = c.nodeInfo
	g.vars = c.vars
	g.kindSeen = opt.kindSeen
	g.disabled = opt.Disable
	g.keepFailedComments = opt.KeepFailedComments
	g.prog.Chess = opt.Chess
	g.quiet = file.Header.Quiet || file.Header.Silent || opt.Quiet
	g.noSetTag, g.noRemoveComment = opt.NoSetTag, opt.NoRemoveComment
	g.body(parts)
	if len(errs) > 0 {
		return nil, errs
	}
	g.finish(c)
	g.prefilter(body)
	g.summaryNeed(body)
	g.growSlots() // the prefilter's temporaries (max, min, ...) need slots too
	g.resolve()
	g.peephole()
	q.Program = g.prog
	return q, nil
}

// bodyPart is a list of top-level filters and the text they come from.
type bodyPart struct {
	src   *source.Source
	nodes []*syntax.Node
}

// body compiles the top level: every filter must match. The generator's
// errors are reported against the text of the part being compiled.
func (g *gen) body(parts []bodyPart) {
	g.prog.Entry = len(g.prog.Code)
	fail := g.newLabel()
	var filters, tests []*syntax.Node
	var srcs []*source.Source
	for _, part := range parts {
		for _, f := range part.nodes {
			filters = append(filters, f)
			if f.Kind != syntax.KFuncDef {
				tests, srcs = append(tests, f), append(srcs, part.src)
			}
		}
	}
	g.roots = filters
	order, _ := g.conjunctOrder(tests, !g.keepFailedComments, false)
	for _, i := range order {
		g.src = srcs[i]
		g.test(tests[i], fail)
	}
	if len(filters) > 0 {
		g.span = source.Join(filters[0].Span, filters[len(filters)-1].Span)
	}
	g.emit(vm.OpMatch, 0, 0, 0)
	g.bind(fail)
	g.emit(vm.OpFail, 0, 0, 0)
	g.emitDeferred()
}

// growSlots extends the slot tables that finish sized to the slots
// allocated since (compiler temporaries, unnamed and not persistent).
func (g *gen) growSlots() {
	if n := g.slots.n - g.prog.NumSlots; n > 0 {
		g.prog.NumSlots = g.slots.n
		g.prog.SlotNames = append(g.prog.SlotNames, make([]string, n)...)
		g.prog.Persistent = append(g.prog.Persistent, make([]bool, n)...)
	}
}

// finish records slot names and sizes.
func (g *gen) finish(c *checker) {
	g.prog.NumSlots = g.slots.n
	g.prog.SlotNames = make([]string, g.slots.n)
	g.prog.Persistent = make([]bool, g.slots.n)
	for _, v := range c.vars {
		if v.Dict != nil {
			continue
		}
		g.prog.SlotNames[v.Slot] = v.Name
		g.prog.Persistent[v.Slot] = v.Persistent
		if v.ZeroInit {
			g.prog.ZeroInit = append(g.prog.ZeroInit, v.Slot)
		}
		if v.Persistent && !v.Quiet {
			g.prog.PersistentVars = append(g.prog.PersistentVars, vm.PersistentVar{Name: v.Name, Slot: v.Slot, Type: typeCode(v.Type)})
		}
	}
	sort.Slice(g.prog.PersistentVars, func(i, j int) bool { return g.prog.PersistentVars[i].Slot < g.prog.PersistentVars[j].Slot })
	g.prog.Sorts = c.sorts
	for _, d := range c.dicts {
		g.prog.Dicts = append(g.prog.Dicts, vm.DictSpec{Local: d.Local, KeyType: typeCode(d.KeyType), ValType: typeCode(d.ValType)})
	}
	g.prog.NeedsPieceIDs = c.needPieceIDs
	g.prog.NeedsEngine = c.needEngine
	g.prog.NeedsLastGameNumber = c.needLastGame
}

package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"time"
)

// Tester runs a query on a set of games with both programs and compares.
type Tester struct {
	Ref, Eng Runner
	// Plain, when set, is the engine with every optimization off (-O0):
	// a query whose optimized and plain runs differ is a disagreement of
	// its own (VOptimizer), whatever the reference says.
	Plain  Runner
	Corpus *Corpus
	TmpDir string
	Runs   atomic.Int64 // program executions
}

// Result is one comparison.
type Result struct {
	Verdict  string
	Ref, Eng Outcome
}

// Try runs the query on the games (indices into the corpus; nil = all).
func (t *Tester) Try(ctx context.Context, query string, games []int) Result {
	path := t.Corpus.Path
	if games != nil {
		var err error
		path, err = t.subset(games)
		if err != nil {
			return Result{Verdict: VBothRejected}
		}
		defer os.Remove(path)
	}
	ref := t.Ref.Run(ctx, query, path)
	eng := t.Eng.Run(ctx, query, path)
	t.Runs.Add(2)
	if t.Plain != nil && eng.Status == Accepted {
		plain := t.Plain.Run(ctx, query, path)
		t.Runs.Add(1)
		if IsDisagreement(Compare(plain, eng)) {
			return Result{VOptimizer, plain, eng}
		}
	}
	return Result{Compare(ref, eng), ref, eng}
}

func (t *Tester) subset(games []int) (string, error) {
	gs := make([]string, len(games))
	for i, g := range games {
		gs[i] = t.Corpus.Games[g]
	}
	text := joinGames(gs)
	h := sha256.Sum256([]byte(text))
	f, err := os.CreateTemp(t.TmpDir, fmt.Sprintf("sub-%x-*.pgn", h[:4]))
	if err != nil {
		return "", err
	}
	defer f.Close()
	_, err = f.WriteString(text)
	return f.Name(), err
}

// Shrunk is a minimised disagreement.
type Shrunk struct {
	Query  *Query
	Games  []int // corpus indices
	Result Result
	Tries  int
}

// ShrinkLimits bound the work spent on one disagreement.
type ShrinkLimits struct {
	MaxTries int
	MaxTime  time.Duration
}

// Shrink minimises a disagreement: first the game set (to one game where
// possible), then the query (dropping list items, hoisting a child into
// its parent's place, replacing a subtree by a leaf of the same kind),
// keeping a change only when the verdict stays the same.
func (t *Tester) Shrink(ctx context.Context, q *Query, first Result, lim ShrinkLimits) *Shrunk {
	sig := signature(first)
	deadline := time.Now().Add(lim.MaxTime)
	s := &Shrunk{Query: q.clone(), Result: first}
	all := make([]int, len(t.Corpus.Games))
	for i := range all {
		all[i] = i
	}
	s.Games = all
	budget := func() bool { return s.Tries < lim.MaxTries && time.Now().Before(deadline) && ctx.Err() == nil }
	try := func(q *Query, games []int) (Result, bool) {
		s.Tries++
		r := t.Try(ctx, q.Text(), games)
		return r, signature(r) == sig
	}
	t.shrinkGames(s, first, try, budget)
	t.shrinkQuery(s, try, budget)
	if len(s.Games) > 1 {
		t.shrinkGames(s, s.Result, try, budget)
	}
	return s
}

var (
	cqlvmPosRE = regexp.MustCompile(`^[^:]*\.cql:\d+:\d+: `)
	digitsRE   = regexp.MustCompile(`[0-9]+`)
)

// signature is what must stay constant while shrinking: the verdict, and
// for a rejection the gist of the message (positions and digits removed),
// so that shrinking does not wander from one cause of rejection to
// another.
func signature(r Result) string {
	msg := ""
	switch r.Verdict {
	case VRefRejects:
		msg = r.Ref.Message
	case VEngRejects:
		msg = r.Eng.Message
	default:
		return r.Verdict
	}
	msg = cqlvmPosRE.ReplaceAllString(msg, "")
	if i := strings.Index(msg, "Unable to parse"); i >= 0 {
		msg = msg[:i]
	}
	if i := strings.Index(msg, " / "); i >= 0 {
		msg = msg[:i]
	}
	msg = digitsRE.ReplaceAllString(msg, "")
	return r.Verdict + ": " + msg
}

// suspects lists the games whose rows differ, by corpus index.
func suspects(r Result, games []int) []int {
	count := func(rows []Row) map[int]int {
		m := map[int]int{}
		for _, x := range rows {
			m[x.Game] = x.Count + 1
		}
		return m
	}
	a, b := count(r.Ref.Rows), count(r.Eng.Rows)
	var out []int
	for n := 1; n <= len(games); n++ {
		if a[n] != b[n] {
			out = append(out, games[n-1])
		}
	}
	if len(out) == 0 && len(games) > 0 {
		// rejections and order: any game may do; try a few
		for i := 0; i < len(games) && i < 3; i++ {
			out = append(out, games[i*len(games)/3])
		}
	}
	return out
}

func (t *Tester) shrinkGames(s *Shrunk, r Result, try func(*Query, []int) (Result, bool), budget func() bool) {
	if len(s.Games) <= 1 {
		return
	}
	sus := suspects(r, s.Games)
	for i, g := range sus {
		if i == 6 || !budget() {
			break
		}
		if res, ok := try(s.Query, []int{g}); ok {
			s.Games, s.Result = []int{g}, res
			return
		}
	}
	// Halve while one half keeps the disagreement.
	for len(s.Games) > 1 && budget() {
		h := len(s.Games) / 2
		halves := [][]int{s.Games[:h], s.Games[h:]}
		progress := false
		for _, half := range halves {
			if res, ok := try(s.Query, half); ok {
				s.Games, s.Result = append([]int(nil), half...), res
				progress = true
				break
			}
		}
		if !progress {
			break
		}
	}
}

// leaves are the simple replacements per kind, simplest first.
var leaves = map[Kind][]string{
	KSet: {"K", "A"},
	KNum: {"1"},
	KLog: {"true", "check"},
	KPos: {"currentposition"},
	KStr: {`"a"`},
}

// edit is one candidate change of a query.
type edit func(q *Query) bool

// candidates lists the changes to try on q, the biggest reductions first
// (pre-order: a subtree before its parts).
func candidates(q *Query) []edit {
	var eds []edit
	if q.Header != "cql()" {
		eds = append(eds, func(q *Query) bool { q.Header = "cql()"; return true })
	}
	var paths [][]int
	var visit func(n *Node, path []int)
	visit = func(n *Node, path []int) {
		paths = append(paths, append([]int(nil), path...))
		for i, k := range n.Kids {
			visit(k, append(path, i))
		}
	}
	visit(q.Body, nil)
	// bigger subtrees first
	sizes := map[int]int{}
	for i, p := range paths {
		sizes[i] = nodeAt(q.Body, p).size()
	}
	order := make([]int, len(paths))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return sizes[order[a]] > sizes[order[b]] })
	for _, pi := range order {
		p := paths[pi]
		if len(p) == 0 {
			continue
		}
		parentPath, i := p[:len(p)-1], p[len(p)-1]
		parent := nodeAt(q.Body, parentPath)
		n := parent.Kids[i]
		// drop an item of a list
		if parent.List && len(parent.Kids) > 1 {
			eds = append(eds, func(q *Query) bool {
				par := nodeAt(q.Body, parentPath)
				par.Kids = append(par.Kids[:i:i], par.Kids[i+1:]...)
				j := i
				if j >= len(par.Seps) {
					j = len(par.Seps) - 1
				}
				par.Seps = append(par.Seps[:j:j], par.Seps[j+1:]...)
				return true
			})
		}
		// hoist a child: same kind, or any kind as an item of a list
		for ci, c := range n.Kids {
			if c.Kind == n.Kind || parent.List {
				eds = append(eds, func(q *Query) bool {
					par := nodeAt(q.Body, parentPath)
					par.Kids[i] = par.Kids[i].Kids[ci]
					return true
				})
			}
		}
		// replace by a leaf
		for _, l := range leaves[n.Kind] {
			if len(n.Kids) == 0 && len(n.Parts) == 1 && n.Parts[0] == l {
				break
			}
			eds = append(eds, func(q *Query) bool {
				par := nodeAt(q.Body, parentPath)
				par.Kids[i] = leaf(par.Kids[i].Kind, l)
				return true
			})
		}
	}
	// plain layout
	for _, p := range paths {
		n := nodeAt(q.Body, p)
		if !n.List {
			continue
		}
		plain := true
		for _, s := range n.Seps {
			if s != " " && s != "\n" {
				plain = false
			}
		}
		if plain && (n.Open == "" || n.Open == "{") && (n.Close == "" || n.Close == "}") {
			continue
		}
		eds = append(eds, func(q *Query) bool {
			n := nodeAt(q.Body, p)
			sep := " "
			if len(p) == 0 {
				sep = "\n"
			} else {
				n.Open, n.Close = "{", "}"
			}
			for i := range n.Seps {
				n.Seps[i] = sep
			}
			return true
		})
	}
	return eds
}

func nodeAt(n *Node, path []int) *Node {
	for _, i := range path {
		n = n.Kids[i]
	}
	return n
}

func (t *Tester) shrinkQuery(s *Shrunk, try func(*Query, []int) (Result, bool), budget func() bool) {
	tried := map[string]bool{s.Query.Text(): true}
	for budget() {
		improved := false
		for _, ed := range candidates(s.Query) {
			if !budget() {
				return
			}
			c := s.Query.clone()
			if !ed(c) {
				continue
			}
			text := c.Text()
			if tried[text] || len(text) > len(s.Query.Text())+2 {
				continue
			}
			tried[text] = true
			if res, ok := try(c, s.Games); ok {
				s.Query, s.Result = c, res
				improved = true
				break
			}
		}
		if !improved {
			return
		}
	}
}

// writeReport writes a minimised disagreement into dir.
func (t *Tester) writeReport(dir string, s *Shrunk, original string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gs := make([]string, len(s.Games))
	for i, g := range s.Games {
		gs[i] = t.Corpus.Games[g]
	}
	files := map[string]string{
		"query.cql":    s.Query.Text(),
		"original.cql": original,
		"game.pgn":     joinGames(gs),
		"reference.txt": describe("reference", s.Result.Ref) +
			"\nverdict: " + s.Result.Verdict + "\n" + diffLine(s.Result.Verdict, s.Result.Ref, s.Result.Eng) + "\n",
		"cqlvm.txt": describe("cqlvm", s.Result.Eng),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGeneratorDeterministic: the same seed gives the same query.
func TestGeneratorDeterministic(t *testing.T) {
	names := []string{"Kasp", "Adams"}
	for s := uint64(0); s < 50; s++ {
		a := NewGen(s, names).Query().Text()
		b := NewGen(s, names).Query().Text()
		if a != b {
			t.Fatalf("seed %d: two different queries:\n%s\n---\n%s", s, a, b)
		}
	}
	if NewGen(1, names).Query().Text() == NewGen(2, names).Query().Text() {
		t.Errorf("seeds 1 and 2 give the same query")
	}
}

// TestGeneratorCoverage: over many seeds the generator uses every family.
func TestGeneratorCoverage(t *testing.T) {
	var all strings.Builder
	for s := uint64(0); s < 1500; s++ {
		all.WriteString(NewGen(s, []string{"Kasp"}).Query().Text())
	}
	text := all.String()
	for _, w := range []string{"attacks", "attackedby", "->", "<-", "→", "between(", "up", "northeast",
		"diagonal", "orthogonal", "anydirection", "ray", "xray", "pin", "light", "dark", "#", " in ",
		"abs", "max(", "min(", "rank", "file", "check", "mate", "stalemate", "wtm", "btm", "initial",
		"terminal", "mainline", "variation", "player white", "result", "year", "elo", "move from",
		"move legal", "move previous", "promote", "--", "[x]", "--=", "legal --", "castle", "o-o",
		"flipcolor", "flip", "fliphorizontal", "flipvertical", "shift", "shifthorizontal", "rotate90",
		"reversecolor", "square", "piece all", "find", "find all", "parent:", "child", "line -->",
		"path", "consecutivemoves", "echo", "function", "dictionary", "str(", "~~", "sort", "///",
		"comment(", "∪", "∩", "▦", "◭", "♔", "――", "×", "//", "/*", "\t", "cql(variations)", "∊", "[element]",
		"{2,3}", "*", "+", "?", "==", "!=", "<=", ">="} {
		if !strings.Contains(text, w) {
			t.Errorf("no generated query contains %q", w)
		}
	}
}

// TestGeneratedQueriesCompile builds cqlvm and checks that it compiles
// every generated query; a query it rejects is a generator bug unless
// cqlvm is wrong (the query is printed either way).
func TestGeneratedQueriesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cqlvm")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "cqlvm")
	build := exec.Command("go", "build", "-o", bin, "./cmd/cqlvm")
	build.Dir = repoRoot()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const n = 500
	var files []string
	for s := 0; s < n; s++ {
		f := filepath.Join(dir, fmt.Sprintf("q%03d.cql", s))
		if err := os.WriteFile(f, []byte(NewGen(uint64(s), []string{"Kasp"}).Query().Text()), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	// cqlvm check takes many files; on failure, find the culprits one by one.
	if out, err := exec.Command(bin, append([]string{"check"}, files...)...).CombinedOutput(); err == nil {
		return
	} else if len(out) == 0 {
		t.Fatalf("cqlvm check: %v", err)
	}
	bad := 0
	for _, f := range files {
		if out, err := exec.Command(bin, "check", f).CombinedOutput(); err != nil {
			bad++
			q, _ := os.ReadFile(f)
			t.Errorf("cqlvm rejects generated query %s:\n%s\n%s", filepath.Base(f), q, out)
		}
	}
	if bad == 0 {
		t.Errorf("cqlvm check failed on the batch but accepts each file")
	}
}

// fakeRunner "runs" a query by a Go function over the games of the PGN.
type fakeRunner struct {
	name string
	// match reports the match count of a game (its text) for a query.
	match func(query, game string) int
	// reject makes the run fail.
	reject func(query string) bool
}

func (f *fakeRunner) Name() string { return f.name }

func (f *fakeRunner) Run(_ context.Context, query, pgnPath string) Outcome {
	if f.reject != nil && f.reject(query) {
		return Outcome{Status: Rejected, Message: "syntax error"}
	}
	b, err := os.ReadFile(pgnPath)
	if err != nil {
		return Outcome{Status: Rejected, Message: err.Error()}
	}
	games := SplitGames(string(b))
	o := Outcome{Status: Accepted, Summary: true, Games: len(games)}
	for i, g := range games {
		if c := f.match(query, g); c > 0 {
			o.Rows = append(o.Rows, Row{i + 1, c})
			o.Matches++
		}
	}
	return o
}

func testCorpus(t *testing.T, n int) *Corpus {
	var games []string
	for i := 0; i < n; i++ {
		moves := "1. e4 e5 2. Nf3 Nc6 *"
		if i == 13 {
			moves = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
		}
		games = append(games, fmt.Sprintf("[Event \"g%d\"]\n[White \"W%d\"]\n[Black \"B\"]\n\n%s\n", i, i, moves))
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "corpus.pgn")
	if err := os.WriteFile(path, []byte(joinGames(games)), 0o644); err != nil {
		t.Fatal(err)
	}
	return &Corpus{Path: path, Games: games}
}

// TestShrinkPositions: the fake engine counts one match too many on the
// game with a mate when the query mentions "mate"; the shrinker must cut
// the game set to that one game and the query to (about) the word mate.
func TestShrinkPositions(t *testing.T) {
	c := testCorpus(t, 40)
	ref := &fakeRunner{name: "ref", match: func(q, g string) int {
		if strings.Contains(q, "mate") && strings.Contains(g, "#") {
			return 1
		}
		return 0
	}}
	eng := &fakeRunner{name: "eng", match: func(q, g string) int {
		if strings.Contains(q, "mate") && strings.Contains(g, "#") {
			return 2
		}
		return 0
	}}
	tt := &Tester{Ref: ref, Eng: eng, Corpus: c, TmpDir: t.TempDir()}
	var q *Query
	for s := uint64(0); ; s++ {
		q = NewGen(s, nil).Query()
		if strings.Contains(q.Text(), "mate") && q.Body.size() > 12 {
			break
		}
	}
	first := tt.Try(context.Background(), q.Text(), nil)
	if first.Verdict != VPositions {
		t.Fatalf("verdict %s, want %s", first.Verdict, VPositions)
	}
	s := tt.Shrink(context.Background(), q, first, ShrinkLimits{MaxTries: 500, MaxTime: time.Minute})
	if len(s.Games) != 1 || s.Games[0] != 13 {
		t.Errorf("games %v, want [13]", s.Games)
	}
	got := strings.TrimSpace(strings.TrimPrefix(s.Query.Text(), s.Query.Header))
	if s.Query.Header != "cql()" || !strings.Contains(got, "mate") || len(got) > 20 {
		t.Errorf("shrunk to %q (header %s) from\n%s", got, s.Query.Header, q.Text())
	}
	t.Logf("shrunk in %d tries to %q on games %v", s.Tries, got, s.Games)
	if s.Result.Verdict != VPositions {
		t.Errorf("final verdict %s", s.Result.Verdict)
	}
}

// TestShrinkRejection: the fake reference rejects any query with "xray";
// the shrinker keeps the rejection and removes everything else.
func TestShrinkRejection(t *testing.T) {
	c := testCorpus(t, 5)
	match := func(q, g string) int { return 1 }
	ref := &fakeRunner{name: "ref", match: match, reject: func(q string) bool { return strings.Contains(q, "xray") }}
	eng := &fakeRunner{name: "eng", match: match}
	tt := &Tester{Ref: ref, Eng: eng, Corpus: c, TmpDir: t.TempDir()}
	var q *Query
	for s := uint64(0); ; s++ {
		q = NewGen(s, nil).Query()
		if strings.Contains(q.Text(), "xray") && q.Body.size() > 15 {
			break
		}
	}
	first := tt.Try(context.Background(), q.Text(), nil)
	if first.Verdict != VRefRejects {
		t.Fatalf("verdict %s", first.Verdict)
	}
	s := tt.Shrink(context.Background(), q, first, ShrinkLimits{MaxTries: 500, MaxTime: time.Minute})
	got := strings.TrimSpace(strings.TrimPrefix(s.Query.Text(), s.Query.Header))
	t.Logf("shrunk in %d tries to %q on games %v", s.Tries, got, s.Games)
	if !strings.HasPrefix(got, "xray (") || strings.Count(got, "(") > 1 || len(s.Games) != 1 {
		t.Errorf("shrunk to %q on %d games, from\n%s", got, len(s.Games), q.Text())
	}
}

// TestSummarizeCut: a game ending in the official program's cut mark is
// reported as cut short.
func TestSummarizeCut(t *testing.T) {
	text := "[Event \"a\"]\n\n{Game number 1 CQLMATCH} 1.e4 {CQLMATCH} *\n\n" +
		"[Event \"b\"]\n\n{Game number 2 CQLMATCH} 1.e4 {CQLMATCH }   game truncated by CQL } *\n"
	rows, cut := summarize(text, MatchString)
	if len(rows) != 2 || rows[0] != (Row{1, 2}) || rows[1] != (Row{2, 2}) {
		t.Errorf("rows %v", rows)
	}
	if len(cut) != 1 || !cut[2] {
		t.Errorf("cut %v, want game 2", cut)
	}
}

func TestCompare(t *testing.T) {
	ok := func(rows ...Row) Outcome {
		return Outcome{Status: Accepted, Summary: true, Matches: len(rows), Rows: rows}
	}
	cut := func(o Outcome, game int) Outcome {
		o.Cut = map[int]bool{game: true}
		return o
	}
	cases := []struct {
		a, b Outcome
		want string
	}{
		{ok(Row{1, 2}), ok(Row{1, 2}), VAgree},
		{ok(Row{1, 2}), ok(Row{1, 3}), VPositions},
		{ok(Row{1, 2}), ok(Row{2, 2}), VGames},
		{ok(Row{1, 2}, Row{2, 1}), ok(Row{2, 1}, Row{1, 2}), VOrder},
		{Outcome{Status: Rejected}, ok(), VRefRejects},
		{ok(), Outcome{Status: Rejected}, VEngRejects},
		{Outcome{Status: Rejected}, Outcome{Status: Rejected}, VBothRejected},
		{Outcome{Status: TimedOut}, Outcome{Status: Rejected}, VTimeout},
		{Outcome{Status: Accepted, Summary: true, Matches: 3}, ok(), VCount},
		// the reference cut game 1 short: fewer matches there are not a
		// disagreement, more are, and so are differences elsewhere
		{cut(ok(Row{1, 114}), 1), ok(Row{1, 131}), VTruncated},
		{cut(ok(Row{1, 132}), 1), ok(Row{1, 131}), VPositions},
		{cut(ok(Row{1, 114}, Row{2, 1}), 1), ok(Row{1, 131}, Row{2, 2}), VPositions},
		{cut(ok(Row{1, 114}), 2), ok(Row{1, 131}), VPositions},
	}
	for i, c := range cases {
		if got := Compare(c.a, c.b); got != c.want {
			t.Errorf("case %d: %s, want %s", i, got, c.want)
		}
	}
}

func TestSummarizePGN(t *testing.T) {
	text := "[Event \"a\"]\n\n{Game number 7} 1. e4 {CQLMATCH} e5 {x CQLMATCH} *\n\n" +
		"[Event \"b\"]\n[Round \"]\"]\n\n{Game number 9; more} 1. d4 ; CQLMATCH\n*\n"
	got := SummarizePGN(text, "CQLMATCH")
	want := []Row{{7, 2}, {9, 1}}
	if !rowsEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestSplitGamesAndUsable(t *testing.T) {
	text := "[Event \"a\"]\n\n1. e4 {a comment\n[not a tag]} e5 *\n\n[Event \"b\"]\n[Variant \"chess960\"]\n\n1. O-O *\n" +
		"[Event \"c\"]\n\n1. e4 -- 2. d4 *\n"
	games := SplitGames(text)
	if len(games) != 3 {
		t.Fatalf("%d games: %q", len(games), games)
	}
	if !usable(games[0]) || usable(games[1]) || usable(games[2]) {
		t.Errorf("usable: %v %v %v, want true false false", usable(games[0]), usable(games[1]), usable(games[2]))
	}
}

// TestKnownDifferences: each documented difference is recognised on a
// query that shows it, and only for its own verdict, so a real
// disagreement in the same query is still reported.
func TestKnownDifferences(t *testing.T) {
	rejected := func(msg string) Outcome { return Outcome{Status: Rejected, Message: msg} }
	tests := []struct {
		query, verdict string
		ref            Outcome
		want           string
	}{
		{"cql() K - k", VRefRejects, rejected("CQL syntax error: No numeric filter following '-' symbol"), "set difference"},
		{"cql() x = 3 - 1", VRefRejects, rejected("CQL syntax error: unknown"), ""},
		{"cql() D[typename e1]", VRefRejects, rejected("expected set filter following 'typename', which should name a square"), "typename"},
		{"cql() x = a1 unbind x x", VRefRejects, rejected("attempt to access unbound square variable: x"), "unbound set variable"},
		{"cql() piece X = K unbind X X", VRefRejects, rejected("Unexpected unbound piece variable: X"), "unbound set variable"},
		{"cql() piece X = K unbind X X", VPositions, rejected("Unexpected unbound piece variable: X"), ""},
		{"cql() sort max \"k\" ply", VOrder, Outcome{}, "sort max"},
		{"cql() echo (s t) in all ancestor(s t)", VRefRejects, rejected("CQL internal error: Node::match_count(), internal, should not be invoked"), "internal error"},
		{"cql() echo (s t) in all ancestor(s t)", VEngRejects, rejected("CQL internal error: Node::match_count()"), ""},
		{"cql() echo (s t) true", VPositions, Outcome{Rows: []Row{{1, 0}}}, "echo"},
		{"cql() echo (s t) true", VPositions, Outcome{Rows: []Row{{1, 3}}}, ""},
		{"cql() btm echo (s t) true", VGames, Outcome{Rows: []Row{{0, 0}}}, "game number"},
		{"cql() sort max \"k\" ply", VPositions, Outcome{}, ""},
		{"cql() sort \"k\" ply", VOrder, Outcome{}, ""},
	}
	for _, tt := range tests {
		got := known(tt.query, tt.verdict, tt.ref)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("known(%q, %s) = %q, want one naming %q", tt.query, tt.verdict, got, tt.want)
		}
	}
}

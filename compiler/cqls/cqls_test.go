package cqls

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/cqlvm/cqlvm/compiler"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/engine/knowledge"
	"github.com/cqlvm/cqlvm/internal/golden"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
)

var update = flag.Bool("update", false, "rewrite the golden files under compiler/cqls/testdata")

// translateTests are old-language queries and, in
// testdata/translate.golden, their CQL 6 translations (or the error that
// refuses them). Every keyword of the two keyword tables is in at least
// one of them (TestEveryKeywordExemplified). Each translation that
// succeeds must compile (TestTranslationsCompile).
var translateTests = []struct{ name, query string }{
	// match lists and position lists
	{"one list", "(match (position :check))"},
	{"empty list", "(match (position))"},
	{"bare position list", "; a comment\n(position :mate :btm)"},
	{"several lists", "(match (position :check) (position :mate))"},
	{"matchcount in one of several lists", "(match (position :check :matchcount 3 5) (position :stalemate))"},
	{"matchcount from zero", "(match (position :check :matchcount <=2))"},
	{"match keywords", `(match :pgn "in.pgn" :output "out.pgn" :gamenumber 1 50 :silent :result 1/2 (position :terminal))`},
	{"match game filters", `(match :year 1990 1999 :player "Kasparov" :white "Carlsen" :black "Anand" :site "Wijk" :event "Corus" :elo >=2700 (position :initial))`},
	{"sort", "(match :sort elo (position :check))"},
	{"sort by year", "(match :sort year (position :mate))"},
	{"eithercolor", "(match :eithercolor (position :wtm :mate))"},
	{"forany", "(match :forany (position :mate))"},
	{"variations", "(match :variations (position :variationsonly :mate))"},
	{"noannotate and markall", "(match (position :noannotate :markall :check))"},

	// designators
	{"empty and wildcards", "(match (position .e4 ?e4 U?8 A[a?,h?] [Pp][?2,?7] n?[3-6]))"},
	{"chess symbols", "(match (position ♔e1 ♜[a?,h?] :movefrom [♘♞] :piececount [♕♛] 0))"},
	{"file lists", "(match (position B[bg]7 Ka-c1-3 .[f1,h1,h3]))"},

	// simple keywords
	{"simple", "(match (position :wtm :btm :check :mate :stalemate :initial :terminal :final :insidevariation))"},
	{"negations", "(match (position !:check :nocheck !:mate :noenpassant :nocastling))"},
	{"checks", "(match (position :doublecheck !:contactcheck))"},
	{"fen", `(match (position :fen "8/8/8/4k3/8/8/8/4K3 b - - 0 1"))`},
	{"castling rights", "(match (position :castling K :castling [kq]))"},
	{"halfmove clock", "(match (position :fiftymoverule :halfmoveclocklimit 30))"},
	{"pawncount percentage", "(match (position :pawncount [Pp]a-d? blocked! >=50%))"},
	{"cannot win", "(match (position :whitecannotwin !:blackcannotwin))"},
	{"antichess keywords in standard chess", "(match (position !:losing !:mustcapture :nopiecedrop))"},

	// transforms
	{"transforms compose", "(match (position Qe7 ke8 :shift :flip :flipcolor))"},
	{"all transforms", "(match (position Ke1 :flipdihedral :fliphorizontal :flipvertical :shifthorizontal :shiftvertical))"},
	{"no CQL 6 spelling: diagonal flip", "(match (position Kb1 :flipdiagonal))"},
	{"no CQL 6 spelling: diagonal shift", "(match (position Ka1 :shiftdiagonal))"},
	{"no CQL 6 spelling: main diagonal shift", "(match (position Ka1 :shiftmaindiagonal))"},
	{"no CQL 6 spelling: off diagonal shift", "(match (position Ka1 :shiftoffdiagonal))"},
	{"inside", "(match (position :inside P[b2-7] [b2,c3,d4,e5,f6,g7] :piececount P[b2-7] 3 :shifthorizontal))"},

	// counts
	{"counts", "(match (position :piececount [Pp] 1 3 :piececountdifference A a >=2 :power A 10 12 :powerdifference [RrBbNn] <=-2))"},
	{"attackcount", "(match (position :attackcount A k 2 :attackcount [Aa] .e4 >=4))"},
	{"rays", "(match (position :ray (Q k) :rayattack (R a k) :raydiagonal (B n q) :rayorthogonal (r . . K) :rayhorizontal (R r) :rayvertical (P . p)))"},
	{"ray count", "(match (position :rayattack ([QRB] a k) >=2))"},

	// moves
	{"one move from the move keywords", "(match (position :movefrom Rd1 :moveto .d? :ischeck))"},
	{"promotions", "(match (position :promote [RBN]?8 :moveto [rnb]))"},
	{"black promotion", "(match (position :promotion q))"},
	{"en passant and null", "(match (position :enpassant) (position :null) (position :isnull))"},
	{"castling moves", "(match (position :iscastling) (position :iscastling [Kq]))"},
	{"next move results", "(match (position :ismate) (position :isstalemate) (position :isdoublecheck) (position :iscontactcheck))"},
	{"forced", "(match (position :forced :check))"},
	{"move numbers", "(match (position :movenumber 1 12 :halfmovenumber >40))"},
	{"counted from the end", "(match (position :halfmovenumber end-1 :moveto [Aa]) (position :movenumber end-4 end-3) (position :halfmovenumber 10 end))"},

	// sequences
	{"sequence", "(match (position :sequence ((position :moveto q) (position :moveto Q))))"},
	{"gapped sequence", "(match (position :gappedsequence ((position :promote Q) (position :mate))))"},
	{"manual misspelling", "(match (position :gappedequence ((position :check) (position :mate))))"},
	{"run", "(match (position :sequence ((position :powerdifference [Aa] <=-9) (position :run 12 (position :powerdifference [Aa] <=-9)))))"},
	{"line", `(match (position :line "1.e2-e4 c7-c5 2.Ng1-f3"))`},
	{"line signs", `(match (position :line "Qd1-h5+ g7-g6 R?[1-7]-?8# ??-f7++ e5xd6 e.p."))`},
	{"line black first", `(match (position :line "1...e7-e5 Ng1-f3"))`},
	{"transposition line", `(match (position :line* "e2-e4 e7-e6 d2-d4 d7-d5"))`},
	{"transposition line by star", `(match (position :line "1.Ng1-f3 ng8-f6 2.g2-g3 g7-g6 3.Bf1-g2 bf8-g7 4.O-O *"))`},
	{"line castling and promotion", `(match (position :line "4.O-O b7-b8=Q+ 0-0-0 a2-a1N"))`},

	// logic
	{"and or not", "(match (position :and ((position :check) (position :piececount [Qq] 0)) :or ((position :mate) (position :stalemate)) :not (position :wtm)))"},
	{"bare not with a transform", "(match (position e2 :not :flipcolor))"},
	{"xor", "(match (position :xor ((position Q) (position q))) (position :xor ((position :mate) (position :wtm) (position :check))))"},
	{"nested xor counters", "(match (position :xor ((position :xor ((position A) (position a) (position :check))) (position :mate) (position :wtm))))"},
	{"cond", "(match (position :cond ((position :check) (position :movefrom [Kk]) (position) (position :wtm))))"},
	{"cond without default", "(match (position :cond ((position :check) (position :mate))))"},

	// game information
	{"built-in: chess960", "(match (position :ischess960 :initial))"},
	{"built-in: shuffle chess", "(match (position :isshufflechess :not (position :ischess960)))"},
	{"built-in: start positions", "(match (position :startposition 518,0,959 :initial))"},
	{"match-level negation", "(match !:year 1990 1999 !:player \"Kasparov\" (position :check))"},
	{"match-level negation of built-ins", "(match :isshufflechess !:ischess960 (position :check))"},
	{"match-level start position keywords", "(match :ischess960 :isshufflechess :startposition 518 (position :check))"},
	{"refused: start position by FICS identifier", "(match (position :startposition wild/fr))"},
	{"result and ratings", "(match (position :initial :result 1-0 :whiteelo 0 2300 :blackelo >=2600 :elo 0 :flipcolor))"},

	// accumulators
	{"accumulate", "(match (position Pe2 :accumulate acc :shiftvertical) (position :terminal :sumrange acc 2 8))"},
	{"accumulate per colour", "(match (position Pe2 :flipcolor :accumulate* acc :sumrange acc 3 :shiftvertical :shifthorizontal))"},
	{"accumulate with colours together", "(match (position Pe2 :flipcolor :accumulate acc :shiftvertical) (position :sumrange acc >=4 :flipcolor))"},

	// control
	{"cut", "(match (position :moveto Q :cut (position :moveto [Rr])))"},
	{"bare cut", "(match (position :check :cut))"},
	{"exclude", "(match (position :mate :exclude (position :promote [QRBN])))"},
	{"following and preceding", "(match (position :moveto [Qq] :following) (position :mate :preceding))"},
	{"pretransformmatchcount", "(match (position :moveto [Aa]d4 :pretransformmatchcount >=12 :shift) (position :mate))"},
	{"bare exclude", "(match (position :check) (position :promote Q :exclude))"},

	// refused: a built-in is missing, or no meaning here (every argument
	// is read first)
	{"built-in: opposition", "(match (position :opposition k))"},
	{"built-in: threefold", "(match (position :threefoldrepetition))"},
	{"built-ins: mating material", "(match (position !:matingmaterial) (position :nomatingmaterial) (position :gameisover))"},
	{"built-in: goodbishop", "(match (position :goodbishop B >50% : >50%))"},
	{"built-in: pawncount", "(match (position :pawncount [Pp] double!-forefront-duo >0))"},
	{"built-in: pawncountdifference", "(match (position :pawncountdifference P passed-triple!(4) >=1))"},
	{"built-in: evaluation", "(match (position :evaluation depth 4 >=2.5 sidetomove))"},
	{"built-in: moveevaluation", "(match (position :moveevaluation depth 4 <=-3.0 absolute))"},
	{"built-in: exchangeevaluation", "(match (position :exchangeevaluation <=-3))"},
	{"built-in: maxswapevaluation", "(match (position :maxswapevaluation ?1-7 ?8 >=0))"},
	{"built-in: maxswapvalue", "(match (position :maxswapvalue >=1))"},
	{"built-in: repetitioncount", "(match (position :repetitioncount >=2))"},
	{"refused: pretransformrepetitioncount", "(match (position :pretransformrepetitioncount 2 :shift))"},
	{"refused: tablebases", "(match (position :endgameevaluation win))"},
	{"refused: tablebases star", "(match (position :endgameevaluation* win))"},
	{"refused: endgame", "(match (position :endgame))"},
	{"refused: variant", `(match (position :variant "crazyhouse"))`},
	{"refused: three-check", "(match (position :checkcount +0+3))"},
	{"refused: antichess", "(match (position :catureforced) (position :obligation) (position :donthasobligation) (position :takeslastpiece))"},
	{"refused: ratings", "(match (position :whiterating 2000 2500))"},
	{"refused: black rating", "(match (position :blackrating 2000 2500))"},
	{"refused: reset", "(match (position :reset acc e2 :flipcolor :accumulate* acc :sumrange acc 3 :shiftvertical))"},
	{"refused: sumrange without accumulator", "(match (position :sumrange acc 3))"},
	{"relation: WCCT7 (CQL 3 manual)", "(match (position :relation (:missingpiececount A 1)))"},
	{"relation: the same board, other side to move", "(match (position :relation (:changesidetomove)))"},
	{"relation: counted squares", "(match (position :relation (:samesidetomove :missingpiececount a 1 :newpiececount U 0 :originaldifferentcount 1 :originalsamecount >=20)))"},
	{"relation: in a transformed list, unlimited", "(match (position Q :relation (:ignoresidetomove :missingpiececount A 1 unlimited) :flipcolor))"},
	{"relation: two of them", "(match (position :relation (:changesidetomove)) (position :relation (:newpiececount q 1)))"},
	{"refused: relation pattern", "(match (position Ka1 :relation (:pattern)))"},
	{"refused: relation shift", "(match (position :relation (:shift :missingpiececount A 1)))"},
	{"relation: flipped", "(match (position :piececount [Aa] <=5 :relation (:flip :missingpiececount A 0 1)))"},
	{"refused: relation variations", "(match (position :relation (:variations)))"},
	{"refused: relation variationsonly", "(match (position :relation (:variationsonly)))"},
	{"tagging: the same rook (CQL 3 manual)", "(match :forany r R (position :tagmatch r Ra1) (position :tagmatch r Ra8))"},
	{"tagging: a pawn that becomes a queen", "(match :forany p Q (position :tagmatch p P))"},
	{"tagging: two tags, a count, game filters", "(match :year 1990 2020 :forany a N :forany b N (position :tagmatch a N?6 :tagmatch b N?6 :matchcount 2 10))"},
	{"tagging: tag designators", "(match :forany foo Q (position $foo[a1,d4] :check) (position $foo :mate :flipcolor))"},
	{"tagging: an excluded list", "(match :forany a Q (position :tagmatch a Qd1) (position :tagmatch a Qh5 :exclude))"},
	{"tagging: with the colours reversed", "(match :eithercolor :forany t B (position :tagmatch t Bh7 :check))"},
	{"refused: skip", "(match (position :check :skip))"},
	{"refused: powerdifference star", "(match (position :powerdifference* [Aa] >=2))"},
	{"refused: transposition line with an illegal move", `(match (position :line* "e2-e4 e7-e6 e4-e6"))`},
	{"refused: transposition line with a designator", `(match (position :line* "e2-e4 ?7-?5"))`},
	{"refused: end ranges of a count", "(match (position :piececount A end))"},
	{"refused: match-level rating", "(match :rating 2000 (position :check))"},
	{"refused: sort by an unknown key", "(match :sort ply (position :check))"},
	{"refused: match-level variant", `(match :variant "atomic" (position :check))`},
}

func translate(name, query string) string {
	src := source.New("q.cqls", query)
	f, errs := ParseFile(src)
	if len(errs) > 0 {
		return errs.Pretty()
	}
	out, err := syntax.Format(f)
	if err != nil {
		return "format error: " + err.Error() + "\n"
	}
	return out
}

func TestTranslateGolden(t *testing.T) {
	var b strings.Builder
	for _, tc := range translateTests {
		fmt.Fprintf(&b, "### %s\n%s\n---\n%s\n", tc.name, tc.query, translate(tc.name, tc.query))
	}
	compareGolden(t, "translate.golden", b.String())
}

// errorTests are malformed queries: each must be refused with an error
// that points at the fault (testdata/errors.golden).
var errorTests = []struct{ name, query string }{
	{"negated match keyword that sets the header", `(match !:pgn "in.pgn" (position :check))`},
	{"unbalanced: list never closed", "(match (position :check)"},
	{"unbalanced: extra parenthesis", "(match (position :check)))"},
	{"unbalanced: sub-list never closed", "(match (position :and ((position :check) (position :mate)"},
	{"unbalanced: ray never closed", "(match (position :ray (Q k)"},
	{"unknown keyword with a suggestion", "(match (position :chek))"},
	{"unknown keyword far from any", "(match (position :frobnicate))"},
	{"unknown match keyword", "(match :variatons (position :check))"},
	{"position keyword in the match list", "(match :check (position :mate))"},
	{"match keyword in a position list", "(match (position :pgn \"x.pgn\"))"},
	{"a range where a designator belongs", "(match (position :piececount 2))"},
	{"a range alone in a position list", "(match (position Ke1 3))"},
	{"a designator where a range belongs", "(match (position :piececount R Q))"},
	{"missing range at the end", "(match (position :power A))"},
	{"not a designator", "(match (position Kz9))"},
	{"empty range", "(match (position :movenumber 20 10))"},
	{"percentage where counts belong", "(match (position :piececount P >50%))"},
	{"not a query", "check mate"},
	{"not match or position", "(find (position :check))"},
	{"trailing text", "(match (position :check)) (match (position :mate))"},
	{"no position list", "(match :variations)"},
	{"list directly in a list", "(match (position (position :check)))"},
	{"sub-lists need a list of lists", "(match (position :and (position :check)))"},
	{"negating a transform", "(match (position Ka1 !:flip))"},
	{"promote to a king", "(match (position :promote K))"},
	{"two promotions", "(match (position :promote Q :promote R))"},
	{"bad line move", `(match (position :line "e2e4"))`},
	{"line target with a piece", `(match (position :line "e2-Ne4"))`},
	{"line promotion to a king", `(match (position :line "e7-e8=K"))`},
	{"run outside a sequence", "(match (position :run 3 (position :check)))"},
	{"matchcount in a sub-list", "(match (position :and ((position :check :matchcount 2))))"},
	{"bad pawn attribute", "(match (position :pawncount P dubled >0))"},
	{"goodbishop without its colon", "(match (position :goodbishop B >50% >50%))"},
	{"pieces in hand", "(match (position :movefrom [+] :moveto .?8))"},
	{"castling letters", "(match (position :castling R))"},
	{"result", "(match (position :result 2-0))"},
	{"evaluation without its search", "(match (position :evaluation 4 >=2 sidetomove))"},
	{"evaluation without its view", "(match (position :evaluation depth 4 >=2))"},
	{"exchange value that is no number", "(match (position :exchangeevaluation >=two))"},
	{"string never closed", `(match (position :line "e2-e4))`},
	{"string across lines", "(match :player \"Kas\nparov\" (position :mate))"},
	{"string with a quote", `(match :player "Kas\"parov" (position :mate))`},
	{"tagmatch without its tag", "(match (position :tagmatch t1 Q))"},
	{"tag designator without its tag", "(match :forany a Q (position $b[a1]))"},
	{"tag designator with bare squares", "(match :forany a Q (position $aa1))"},
	{"a number too large for CQL 6", "(match (position :power A 1100000000000))"},
	{"a tag name that is not alphanumeric", "(match :forany a! A (position :tagmatch a! A))"},
	{"three tags", "(match :forany a Q :forany b R :forany c B (position :tagmatch a Q))"},
	{"a tag defined twice", "(match :forany a Q :forany a R (position :tagmatch a Q))"},
	{"a tag without its designator", "(match :forany foo (position :check))"},
	{"tags and a relation", "(match :forany a Q (position :tagmatch a Q :relation (:changesidetomove)))"},
	{"negated tag definition", "(match !:forany a Q (position :tagmatch a Q))"},
	{"relation without a specifier", "(match (position :relation :check))"},
	{"relation specifier never closed", "(match (position :relation (:changesidetomove"},
	{"unknown relation keyword", "(match (position :relation (:missingpeicecount A 1)))"},
	{"position keyword in a relation specifier", "(match (position :relation (:check)))"},
	{"relation keyword twice", "(match (position :relation (:missingpiececount A 1 :missingpiececount a 1)))"},
	{"negated relation keyword", "(match (position :relation (!:changesidetomove)))"},
	{"relation count without its range", "(match (position :relation (:newpiececount A)))"},
	{"a word in a relation specifier", "(match (position :relation (A 1)))"},
}

func TestErrorsGolden(t *testing.T) {
	var b strings.Builder
	for _, tc := range errorTests {
		_, errs := ParseFile(source.New("q.cqls", tc.query))
		if len(errs) == 0 {
			t.Errorf("%s: accepted %q", tc.name, tc.query)
			continue
		}
		fmt.Fprintf(&b, "### %s\n%s\n---\n%s\n", tc.name, tc.query, errs.Pretty())
	}
	compareGolden(t, "errors.golden", b.String())
}

func compareGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Compare(t, name, got, *update, "compiler/cqls")
}

// TestEveryKeywordExemplified: each keyword of the tables is used by some
// query of translateTests, so each lowering (or refusal) runs.
func TestEveryKeywordExemplified(t *testing.T) {
	buildTables()
	used := map[string]bool{}
	kw := regexp.MustCompile(`:[a-z][a-z0-9*]*`)
	for _, tc := range translateTests {
		for _, k := range kw.FindAllString(tc.query, -1) {
			used[k] = true
		}
	}
	var missing []string
	for k := range positionKeywords {
		if !used[k] {
			missing = append(missing, k)
		}
	}
	for k := range matchKeywords {
		if !used[k] {
			missing = append(missing, k)
		}
	}
	for k := range relationKeywords {
		if !used[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("keywords without an example in translateTests: %v", missing)
	}
}

// TestTranslationsCompile: every accepted query compiles, read through
// the compiler's dialect hook, so the rewrites are well-typed CQL 6; and
// its tree prints as CQL 6 that parses back into the same tree.
func TestTranslationsCompile(t *testing.T) {
	reader := func(src *source.Source) (*syntax.File, source.ErrorList, bool) {
		f, errs := ParseFile(src)
		return f, errs, true
	}
	for _, tc := range translateTests {
		src := source.New("q.cqls", tc.query)
		if _, errs := ParseFile(src); len(errs) > 0 {
			continue
		}
		if _, err := compiler.Compile(src, compiler.Options{RequireHeader: true, Reader: reader, Chess: knowledge.Chess}); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		f, _ := ParseFile(src)
		checkPrintsBack(t, tc.name, f)
	}
}

// checkPrintsBack prints f as CQL 6 and parses the text again: the trees
// must be the same. A tree holding a CQL-S built-in has no CQL 6 text:
// Format must say so.
func checkPrintsBack(t *testing.T, name string, f *syntax.File) {
	t.Helper()
	for _, n := range f.Body {
		if syntax.Any(n, func(n *syntax.Node) bool { return !syntax.NodeHasCQL6Spelling(n) }) {
			if _, err := syntax.Format(f); err == nil || !strings.Contains(err.Error(), "no CQL 6 translation") {
				t.Errorf("%s: a CQL-S built-in printed as CQL 6 (%v)", name, err)
			}
			return
		}
	}
	out, err := syntax.Format(f)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	g, errs := syntax.ParseFile(source.New("printed", out), true)
	if len(errs) > 0 {
		t.Errorf("%s: %v\n%s", name, errs, out)
		return
	}
	if diff := gocmp.Diff(dumps(f), dumps(g)); diff != "" {
		t.Errorf("%s: printed as\n%s\nthe tree differs (-old +printed):\n%s", name, out, diff)
	}
}

// TestCasesPrintAndParse: the trees of the CQL 3 conformance cases print
// as CQL 6 that the CQL 6 parser reads back into the same trees.
func TestCasesPrintAndParse(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/conformance-cqls/cases/*/*.cqls")
	if len(files) < 80 {
		t.Fatalf("found only %d cases", len(files))
	}
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, errs := ParseFile(source.New(path, string(b)))
		if len(errs) > 0 {
			t.Errorf("%s: %v", path, errs)
			continue
		}
		checkPrintsBack(t, path, f)
	}
}

func dumps(f *syntax.File) []string {
	var out []string
	for _, n := range f.Body {
		out = append(out, syntax.Dump(n))
	}
	return out
}

// TestDialectDetection: the first token decides.
func TestDialectDetection(t *testing.T) {
	for text, want := range map[string]bool{
		"(match (position :check))":          true,
		"; comment\n  (position :mate)":      true,
		"cql() check":                        false,
		"(check)":                            false,
		"// (match (position :check))\nmate": false,
		"":                                   false,
	} {
		if got := IsOldSyntax(text); got != want {
			t.Errorf("IsOldSyntax(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestLineStarTransposes: a transposition-invariant line lowers to the
// position it reaches, whatever the order of its moves.
func TestLineStarTransposes(t *testing.T) {
	a := translate("a", `(match (position :line* "e2-e4 e7-e6 d2-d4 d7-d5"))`)
	b := translate("b", `(match (position :line "d2-d4 d7-d5 e2-e4 e7-e6 *"))`)
	if a != b || !strings.Contains(a, `fen "rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/PPP2PPP/RNBQKBNR"`) {
		t.Errorf("the two orders translate as\n%s\nand\n%s", a, b)
	}
}

// TestNestingLimit: position lists nested as deep as the nesting limit
// are read, one more is refused with the limit's message, and a text
// nested 60,000 deep (within query-bytes) ends with that message too.
func TestNestingLimit(t *testing.T) {
	nested := func(n int) string {
		return "(match " + strings.Repeat("(position :not ", n-1) + "(position K" + strings.Repeat(")", n) + ")"
	}
	lim := limits.Defaults()
	lim.SetValue(limits.Nesting, 50)
	if _, errs := ParseFileWith(source.New("q.cqls", nested(50)), lim); len(errs) > 0 {
		t.Errorf("50 nested lists within nesting=50: %v", errs)
	}
	for _, text := range []string{nested(51), nested(60000)} {
		_, errs := ParseFileWith(source.New("q.cqls", text), lim)
		if len(errs) != 1 || !strings.Contains(errs[0].Msg, "--limit nesting=") {
			t.Errorf("%.40s... nested %d bytes deep: want one error naming the nesting limit, got %v", text, len(text), errs)
		}
	}
}

// TestVariantHeader: the first line of a Scidb script names the variants
// it is meant for; words that name no variant are ignored.
func TestVariantHeader(t *testing.T) {
	for text, want := range map[string][]string{
		"; CQL-S 1.0 (Crazyhouse ThreeCheck) (Crazyhouse)\n(match)": {"Crazyhouse", "ThreeCheck"},
		";; CQL-S 1.0 (atomic,Antichess)\n(match)":                  {"atomic", "Antichess"},
		"; CQL-S 1.0 (variants) (variants)\n(match)":                nil,
		"; a comment (Crazyhouse)\n(match)":                         nil,
		"(match)":                                                   nil,
	} {
		if got := headerVariants(text); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

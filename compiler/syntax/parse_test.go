package syntax

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/internal/golden"
	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
)

var update = flag.Bool("update", false, "rewrite the golden files under compiler/syntax/testdata")

// parseTests are queries (bodies without a header unless they start with
// cql) whose dumps are in testdata/parse.golden. The dumps record what the
// parser does now; they were read against the CQL 6.2 manual when written.
var parseTests = []struct{ name, query string }{
	// logic and precedence
	{"keyword", "check"},
	{"two filters", "wtm mate"},
	{"and binds tighter than or", "true or false and check"},
	{"not binds tighter than or", "not check or mate"},
	{"compound and parens", "{check (mate or stalemate)}"},
	{"if then else", "if check then mate else stalemate"},
	{"if without then", "if wtm check"},
	{"colon", "parent:check"},
	{"colon is right associative", "parent:parent:mate"},
	{"notransform and assert", "notransform Ra1 assert check"},

	// designators and sets
	{"piece on square", "Ra1"},
	{"piece list and square ranges", "[Qq]d-e4-5"},
	{"square list", "[a1,h8]"},
	{"empty square and colours", "_e4 A a"},
	{"any square", ". ▦"},
	{"unicode pieces", "♔ △ ▲ □ ◭"},
	{"bracket piece list", "[RNb_]"},
	{"inter binds tighter than union", "R & a-h8 | k"},
	{"unicode union and inter", "R ∪ B ∩ Q"},
	{"complement", "~R & A"},
	{"count", "#R"},
	{"in", "R in A"},
	{"attacks and arrows", "R attacks k  R -> k  R → k"},
	{"arrows bind looser than union and intersection", "B->r|q  B→r∪q  B←r∩q  B attacks r|q  B->r->k|q  rank A->a"},
	{"triple-slash comment with infix arguments", "mate\n/// \"near the king: \" A attackedby k\n/// \"kings on \" ♔∪♚\ncheck"},
	{"ascending and one-square ranges", "a-h1 c2-8 a-a1 c3-3 [a-c1-8]"},
	{"/// arguments end with the line", "check /// \"here\"\n{check mate}"},
	{"four slashes are a plain comment", "//// mate in 2\ncheck\n//////////notes"},
	{"find count", "find count check"},
	{"path constituents run on over lines until a blank line", "path K--\nk--\n\ncheck"},
	{"path ends at a word that names nothing yet", "x = path lastposition -- --(stalemate)\nx:stalemate"},
	{"a comment line does not end a path", "path --\n// note\ncheck"},
	{"attackedby and arrows", "k attackedby R  k <- R  k ← R"},
	{"arrow chain", "R -> n -> k"},
	{"transform ranges", "rotate90 2 4 check  flip 1 2 ~K  flipcolor 1 -1 < 0  flipcolor 2==K"},
	{"a group after the first dash of a path", "path -- (check)"},
	{"a group after the first dash of a later step", "path K -- (check) --"},
	{"backward arrow chain", "k ← n ← R"},
	{"mixed arrows with parentheses", "R -> (n <- b)  (R -> n) <- b"},

	// arithmetic and comparisons
	{"arithmetic precedence", "#R + 1 * 2 - 3"},
	{"comparison below arithmetic", "1 + 2 * 3 == 7"},
	{"division and modulo", "10 / 3 % 2"},
	{"negation", "-x"},
	{"negative literal", "-3"},
	{"subtraction of a negative literal", "ply - -3"},
	{"comparisons", "ply < 10  ply <= 10  ply > 1  ply >= 1  ply != 2"},
	{"unicode comparisons", "ply ≤ 10  ply ≥ 1  ply ≠ 2"},
	{"logical filter ends a relation", "find all check >= 10"},
	{"max min abs sqrt", "max(1 2 3) min(1 2) abs -3 sqrt 16"},
	{"set values", "power A  rank e4  file R  type a1  colortype a1"},
	{"names of pieces", "piecename a1 typename a1 pieceid a1"},
	{"side to move", "sidetomove == white  sidetomove == black"},

	// geometry
	{"direction", "up R"},
	{"direction with range", "up 2 R  vertical 1 7 K"},
	{"more directions", "diagonal k  anydirection a1  maindiagonal a1"},
	{"numeric variable as a bound", "m = 2 up m a1"},
	{"light and dark", "light R dark a-h1"},
	{"between", "between(a1 h8)"},
	{"pin", "pin from R through n to k"},
	{"bare pin", "pin"},
	{"ray", "ray orthogonal attack (Q n k)"},
	{"xray", "xray (Q b k)"},
	{"makesquare", `makesquare(1 2) makesquare "e4"`},
	{"pawn structure", "passedpawns isolatedpawns doubledpawns connectedpawns"},

	// variables, loops, functions, dictionaries
	{"assignment", "x = #P  x >= 3"},
	{"update assignments", "x = 1 x += 2 x -= 1 x *= 2"},
	{"conditional assignment", "x =? R"},
	{"square loop", "square x in A x attacks k"},
	{"square all", "square all x in R up x"},
	{"unicode square loop", "x ∊ A check  ∀ y ∊ R check"},
	{"piece loop", "piece x in [Aa] check  piece all pc in A check"},
	{"piece assignment", "piece x = R  [Aa]y = Q"},
	{"function and call", "function f(x y) { x + y } f(1 2)"},
	{"dictionary", `dictionary D D["a"] = 1 #D`},
	{"local dictionary with entry", `local dictionary E["k"] = "v"`},
	{"string loop", "dictionary D string key in D message(key)"},
	{"persistent and atomic", "persistent x = 1  atomic y = 2  persistent quiet z += 1"},
	{"bound", "x = 1 isbound x isunbound x unbind x"},
	{"loop and while", "x = 0 loop { x += 1 x < 3 } while (x < 5) x += 1"},

	// strings and regular expressions
	{"regex and groups", `"abc" ~~ "a(b)(c)" \1 \-2`},
	{"index and slice", `S = "hello" S[1] S[1:3] S[:2] S[2:]`},
	{"string functions", `str("a" 1) lowercase "ABC" uppercase "x" ascii "a" indexof("a" "bab")`},
	{"int binds below plus", `int "32" + "1"`},
	{"concatenation", `"a" + "b"`},
	{"newline string", `str("pin" \n "mate")`},

	// game information
	{"player", `player white "Carlsen" player "Kasparov"`},
	{"tags", `event "WCh" site date eco`},
	{"elo and year", "elo black > 2700  year >= 2000"},
	{"result", "result 1-0  result 1/2-1/2"},
	{"quoted result", `result "1-0"  result "1/2-1/2" result "0-1"`},
	{"tag and settag", `tag "Opening" settag("X" "y") removetag "X"`},
	{"position N then colon", "position 0:wtm position 1 + 1 : wtm"},
	{"child with a blank before its number", "child (1):check"},
	{"original comment", `originalcomment "$6" originalcomment "?!" hascomment "good" originalcomment`},
	{"fen", `fen fen "8/8/8/8/8/8/8/K6k w - - 0 1"`},
	{"gamenumber", "gamenumber lastgamenumber ply movenumber positionid depth"},

	// positions and navigation
	{"positions", "currentposition ∙ curpos initialposition parent child child(1) position 0"},
	{"position functions", "lca(parent child) ancestor(parent child) descendant(child parent) distance(parent child)"},
	{"ancestry operators", "parent [<] currentposition  parent ≺ currentposition  child ≽ currentposition"},
	{"find", "find check  find quiet 3 check  find <-- mate  find all 2 5 check"},
	{"echo", "echo (s t) in all s:ply == t:ply"},
	{"consecutivemoves", "consecutivemoves quiet 2 (parent currentposition)"},

	// moves
	{"move parameters", "move from R to a1 capture q"},
	{"move legal count", "move legal count"},
	{"move previous promote", "move previous promote Q"},
	{"dash", "e2--e4"},
	{"dash with target", "R--a1(check)"},
	{"capture dashes", "R[x]q  Q×k"},
	{"promotion", "P--e8=Q"},
	{"promotion to a string variable", `T = "R" P--=T`},
	{"promotion to a string expression, then targets", `T = "R" --=T + "N"(check) --="" --="."`},
	{"unicode dash", "P――e4"},
	{"legal dash", "legal K--."},
	{"countmoves and currentmove", "countmoves legal K--. currentmove N--a1"},
	{"castling and special moves", "o-o o-o-o castle enpassant enpassantsquare nullmove primary secondary from to"},

	// line and path
	{"line", "line --> check --> mate"},
	{"backward line", "line <-- check <-- mate"},
	{"line repetitions", "line --> check{2,3} --> mate* --> stalemate? --> wtm+"},
	{"line group", "line --> (check --> btm)+ --> mate"},
	{"line parameters", "line firstmatch singlecolor 2 5 --> check"},
	{"path", "path K--. check"},
	{"path focus and group", "path focus R (R--a1 R--h1)+"},
	{"dash right side takes a union", "R--a1 | R--h1"},
	{"path with a capture focus", "path focus capture Q Q-- [x]Q"},
	{"unicode path", "⊢ K--.{3}"},
	{"path values", "pathcount pathstart pathlastposition pathcountunfocused"},
	{"path max takes a whole filter", "path focus Q max pathcountunfocused >= 4 Q-- Q--"},
	{"path constituents from and to", "path K-- to == g1 from == e1 --"},
	{"legal inside braces in a path", "path -- {legal Q--} {countmoves legal -- > 2}"},

	// transforms
	{"flipcolor", "flipcolor check"},
	{"unicode flipcolor and flip", "⬓ wtm  ✵ Ka1"},
	{"flip count", "flip count (K attacks q)"},
	{"rotate with range", "rotate90 2 4 Ra1"},
	{"shift and reversecolor", "shift Ra1 reversecolor wtm shifthorizontal a1 shiftvertical a1"},
	{"flipcolor number body", "⬓ 2 == 2"},
	{"currenttransform", "currenttransform"},

	// output
	{"sort", `sort min "doc" #A  sort #A`},
	{"comment and message", `comment ("x" R) message quiet "hi"`},
	{"triple slash comment", "/// \"pinned \" R\ncheck"},
	{"readfile and writefile", `readfile "f" writefile("f" "x")`},

	// comments and headers
	{"line comment", "check // a comment\nmate"},
	{"block comment", "check /* block\ncomment */ mate"},
	{"semicolon comment", "check ; mate attacks k\nmate;check"},
	{"move captures", "move from N captures [qr]"},
	{"header", "cql(input in.pgn output out.pgn variations matchcount 2 5 silent) check"},
	{"header result and sort", `cql(result 1-0 sort matchcount 3 gamenumber 1 10 quiet matchstring "M") mate`},
	{"header quoted result", `cql(result "0-1") mate`},
	{"header file names that are no tokens", "cql(input a-5k.pgn output 1e5-out.pgn) check"},

	// annotation filters (cqlvm extensions)
	{"annotation views", "eval  eval black  evalmate sidetomove  clock  clock white  emt sidetomove"},
	{"the drop of the evaluation over a move", "(parent:eval) - eval >= 300"},
	{"engineeval searches", "engineeval  engineeval depth 8  engineeval movetime 200 sidetomove > 100"},
}

// errorTests are rejected queries; the caret messages are in
// testdata/errors.golden.
var errorTests = []struct{ name, query string }{
	{"unmatched brace", "check }"},
	{"mixed arrows", "R -> n <- b"},
	{"space between a dash and its targets", "-- (check)"},
	{"space after a later dash of a path", "path check -- check -- (check)"},
	{"mixed arrows across a union", "x = (K->K | K<-K)"},
	{"unclosed brace", "{check"},
	{"unclosed paren", "(check"},
	{"empty compound", "{}"},
	{"empty parens", "()"},
	{"two arguments", "between(a1)"},
	{"list needs arguments", "max()"},
	{"unterminated string", `"abc`},
	{"unterminated comment", "check /* x"},
	{"malformed number", "1x"},
	{"unexpected character", "check @"},
	{"unexpected unicode", "check ¤"},
	{"result word", "result 2-0"},
	{"result outside result", "1-0"},
	{"regex needs a literal", "x = \"a\" x ~~ x"},
	{"misspelt keyword", "consecutivemovers (a b)"},
	{"echo needs two names", "echo (s) check"},
	{"move promote takes no string filter", `T = "R" move promote T`},
	{"promotion string of non-letters", `P--="rook"`},
	{"sort min without doc", "sort min check"},
	{"sort with a range", "sort 3 check"},
	{"function name", "function if() {check}"},
	{"built-in tag", `tag "white"`},
	{"tag name beginning with White", `tag "WhiteElo"`},
	{"en passant promotion", "move enpassant promote Q"},
	{"null move promotion", "move null promote Q"},
	{"legal move promotion", "move legal promote Q"},
	{"legal previous move", "move legal previous"},
	{"reversecolor count", "reversecolor count K"},
	{"third range bound", "line 1 2 3 --> check"},
	{"loop variable", "square check in A check"},
	{"stray keyword", "then"},
	{"missing right side", "1 +"},
	{"piece loop needs in", "piece x A"},
	{"header parameter", "cql(foo) check"},
	{"header required", "check"},
	{"header only", "cql(input a.pgn)"},
	{"header input without a name", "cql(input) check"},
	{"line arrow", "line check"},
	{"backward line nestban", "line nestban <-- check"},
	{"legal at the top level of a path", "path -- not legal Q--"},
	{"countmoves at the top level of a path", "path -- countmoves legal -- > 2"},
	{"legal in a path's dash target", "path -- --(legal Q--)"},
	{"error on a later line", "check\n  {mate\n   )"},
	{"descending rank range", "c8-2"},
	{"descending file range", "h-a1"},
	{"descending ranges in a list", "K[a-c8-1,h-g2]"},
	{"argument of /// past its line", "check /// \"here\" {check\n mate}"},

	{"engineeval without a number", "engineeval depth > 3"},
	{"engineeval with a zero depth", "engineeval depth 0"},
}

// normalizeDump makes a dump shorter to read: the set of all squares
// becomes ▦ (as for a designator without a square part).
func normalizeDump(s string) string {
	return strings.ReplaceAll(s, bitboard.Full.String(), "▦")
}

func dumpFile(f *File) string {
	var b strings.Builder
	if f.HasHeader {
		h := f.Header
		ms := "nil"
		if h.MatchString != nil {
			ms = fmt.Sprintf("%q", *h.MatchString)
		}
		h.MatchString = nil
		h.Span = source.Span{}
		fmt.Fprintf(&b, "header %+v matchstring=%s\n", h, ms)
	}
	for _, n := range f.Body {
		b.WriteString(normalizeDump(Dump(n)))
		b.WriteByte('\n')
	}
	return b.String()
}

func TestParseGolden(t *testing.T) {
	var b strings.Builder
	for _, tc := range parseTests {
		f, errs := ParseFile(source.New("q.cql", tc.query), false)
		if len(errs) > 0 {
			t.Errorf("%s: %q: unexpected errors:\n%s", tc.name, tc.query, errs.Pretty())
			continue
		}
		fmt.Fprintf(&b, "### %s\n%s\n---\n%s\n", tc.name, tc.query, dumpFile(f))
	}
	compareGolden(t, "parse.golden", b.String())
}

func TestParseErrorGolden(t *testing.T) {
	var b strings.Builder
	for _, tc := range errorTests {
		require := strings.HasPrefix(tc.query, "cql") || tc.name == "header required"
		_, errs := ParseFile(source.New("q.cql", tc.query), require)
		if len(errs) == 0 {
			t.Errorf("%s: %q parsed without errors", tc.name, tc.query)
			continue
		}
		fmt.Fprintf(&b, "### %s\n%s\n---\n%s\n", tc.name, tc.query, errs.Pretty())
	}
	compareGolden(t, "errors.golden", b.String())
}

func compareGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Compare(t, name, got, *update, "compiler/syntax")
}

// TestParseDeterministic parses every case twice: a dump must not depend
// on anything but the query (transform orbits are deduplicated by dump).
func TestParseDeterministic(t *testing.T) {
	for _, tc := range parseTests {
		f1, _ := ParseFile(source.New("q.cql", tc.query), false)
		f2, _ := ParseFile(source.New("q.cql", tc.query), false)
		if a, b := dumpFile(f1), dumpFile(f2); a != b {
			t.Errorf("%s: two parses dump differently:\n%s\n%s", tc.name, a, b)
		}
	}
}

// TestLongTokenInMessages: a token megabytes long is quoted in a message
// cut to a few dozen characters.
func TestLongTokenInMessages(t *testing.T) {
	_, errs := ParseFile(source.New("q.cql", "cql() "+strings.Repeat("x", 5<<20)+" )"), true)
	if len(errs) == 0 {
		t.Fatal("no error")
	}
	if out := errs.Pretty(); len(out) > 2000 {
		t.Errorf("the errors print %d bytes: %.200q", len(out), out)
	}
}

// TestNestingLimitParser: the parser stops at the nesting limit with one
// message naming it, and not with the Go runtime's stack overflow, however
// deep the text nests.
func TestNestingLimitParser(t *testing.T) {
	text := "cql() " + strings.Repeat("(", 1000000)
	_, errs := ParseFileWith(source.New("q.cql", text), true, nil)
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "--limit nesting=") {
		t.Fatalf("want one error naming the nesting limit, got %v", errs)
	}
	// the filter nested one deeper than the limit starts after that
	// many '('
	over := int(limits.Table[limits.Nesting].Default) + 1
	if line, col := errs[0].Src.Position(int(errs[0].Span.From)); line != 1 || col != 6+over+1 {
		t.Errorf("the error is at %d:%d, want 1:%d", line, col, 6+over+1)
	}
}

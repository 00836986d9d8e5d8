package pgn

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// describe renders a game's nodes in index order, root left out unless it
// carries annotations: each node is its SAN (without check marks), "^p"
// when its parent p is not the node before it, then <pre-comments>, $NAGs
// and {comments}.
func describe(g *Game) string {
	var parts []string
	for i := range g.Nodes {
		n := &g.Nodes[i]
		var b strings.Builder
		if i == 0 {
			b.WriteString("root")
		} else {
			san := g.Nodes[n.Parent].Pos.AppendSAN(nil, n.Move)
			b.WriteString(strings.TrimRight(string(san), "+#"))
			if int(n.Parent) != i-1 {
				fmt.Fprintf(&b, "^%d", n.Parent)
			}
		}
		for _, c := range n.PreComments {
			fmt.Fprintf(&b, "<%s>", c)
		}
		for _, v := range n.NAGs {
			fmt.Fprintf(&b, "$%d", v)
		}
		for _, c := range n.Comments {
			fmt.Fprintf(&b, "{%s}", c)
		}
		if i > 0 || b.Len() > len("root") {
			parts = append(parts, b.String())
		}
	}
	return strings.Join(parts, " ")
}

// parseOK parses one game that must have no error and a sound tree.
func parseOK(t *testing.T, text string) *Game {
	t.Helper()
	g := parseString(t, text)
	if err := g.Err(); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	if err := checkTree(g); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return g
}

func TestParseTree(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1.e4 e5 2.Nf3 *", "e4 e5 Nf3"},
		{"1.e4 (1.d4 d5) e5 2.Nf3 *", "e4 e5 Nf3 d4^0 d5"},
		{"1.e4 e5 (1...c5 2.Nf3 (2.c3) d6) (1...e6) 2.Nf3 *", "e4 e5 Nf3 c5^1 Nf3 d6 c3^4 e6^1"},
		{"1.e4 (1.d4 (1.c4 (1.b3))) *", "e4 d4^0 c4^0 b3^0"},
		{"1.e4 (1.d4) (1.c4) e5 *", "e4 e5 d4^0 c4^0"},
		{"1.e4 e5 2.Nf3 (2.Nc3 Nf6 (2...Nc6 3.g3)) Nc6 *", "e4 e5 Nf3 Nc6 Nc3^2 Nf6 Nc6^5 g3"},
		{"1.e4 e5 2.Nf3 Nc6 (2...d6 3.d4 (3.Bc4 Be7) 3...Nf6) 3.Bb5 *", "e4 e5 Nf3 Nc6 Bb5 d6^3 d4 Nf6 Bc4^6 Be7"},
		{"1.e4 () e5 *", "e4 e5"},
		{"*", ""},
	}
	for _, tt := range tests {
		g := parseOK(t, tt.in)
		if got := describe(g); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestParseDepthAndPly(t *testing.T) {
	g := parseOK(t, "1.e4 e5 (1...c5 2.Nf3 (2.c3 d5) d6) 2.Nf3 *")
	// Nodes: root e4 e5 Nf3 | c5 Nf3 d6 | c3 d5
	wantPly := []int32{0, 1, 2, 3, 2, 3, 4, 3, 4}
	wantDepth := []int32{0, 0, 0, 0, 1, 1, 1, 2, 2}
	for i, n := range g.Nodes {
		if n.Ply != wantPly[i] || n.Depth != wantDepth[i] {
			t.Errorf("node %d: ply %d depth %d, want %d %d", i, n.Ply, n.Depth, wantPly[i], wantDepth[i])
		}
	}
	if got := g.Mainline(); !slices.Equal(got, []int32{0, 1, 2, 3}) {
		t.Errorf("mainline %v", got)
	}
	if g.MainlineLen() != 4 {
		t.Errorf("mainline length %d", g.MainlineLen())
	}
}

func TestParseAnnotations(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{root} 1.e4 {after} e5 $1 2.Nf3! {x} *", "root{root} e4{after} e5$1 Nf3$1{x}"},
		// after ')' or a move number inside a line a comment belongs to
		// the line's last move, as in the official program
		{"1.e4 ( {pre} 1.d4 {post} ) {before e5} e5 *", "e4{before e5} e5 d4^0<pre>{post}"},
		{"1. {a} e4 e5 2. {b} Nf3 *", "e4<a> e5{b} Nf3"},
		{"1.e4!? e5?! 2.Nf3 !! 2...Nc6 ?? ± N *", "e4$5 e5$6 Nf3$3 Nc6$4$16$146"},
		{"1.e4 +- $18 -+ = *", "e4$18$18$19$10"},
		{"$1 1.e4 *", "root$1 e4"},
		{"1.e4 ( {lost} ) e5 *", "e4{lost} e5"},
		{"1.e4 (1.d4 2. {dangling} ) e5 *", "e4 e5 d4^0{dangling}"},
		{"1.e4 ; line comment {\ne5 *", "e4{line comment {} e5"},
		{"1.e4 {  a\n  b\tc  } {} *", "e4{a b c}{}"},
		{"{intro}\n[Event \"x\"]\n{after tags} 1.e4 *", "root{intro}{after tags} e4"},
		{"1.e4 e5 2. {c} (1...d5) *", "e4 e5{c} d5^1"},
		{"1.e4 *\n; summary", "e4{summary}"},
		{"1.e4 {a} {b} $2 {c} *", "e4$2{a}{b}{c}"},
	}
	for _, tt := range tests {
		g := parseOK(t, tt.in)
		if got := describe(g); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestParseMoveForms(t *testing.T) {
	const promotion = "[FEN \"8/P7/8/8/8/8/8/k6K w - - 0 1\"]\n"
	const castling = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n"
	tests := []struct{ in, want string }{
		{"1. e4 1... e5 2 . Nf3 2. .. Nc6 3.Bb5 3 ... a6 4.Ba4 4..Nf6 5. ...O-O *", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O"},
		{"1.e4, e5, 2.Nf3 *", "e4 e5 Nf3"},
		{"1 e4 e5 *", "e4 e5"},
		{"e2e4 e7e5 g1f3 *", "e4 e5 Nf3"},
		{"1.e4 -- 2.d4 Z0 *", "e4 -- d4 --"},
		{"1.e4 d5 2.e5 f5 3.exf6 e.p. *", "e4 d5 e5 f5 exf6"},
		{"1.e4 d5 2.e5 f5 3.exf6ep *", "e4 d5 e5 f5 exf6"},
		{"1.e4 d5 2.e5 f5 3.exf6e.p. ep *", "e4 d5 e5 f5 exf6"},
		{"1.Ngf3 Nb8c6 *", "Nf3 Nc6"},
		{promotion + "1.a8Q *", "a8=Q"},
		{promotion + "1.a8=N *", "a8=N"},
		{castling + "1.0-0 O-O-O *", "O-O O-O-O"},
		{castling + "1.O\u2011O o-o-o *", "O-O O-O-O"},
		{castling + "1.e1g1 e8c8 *", "O-O O-O-O"},
		{"1.e4 e5 2.Nf3+ Nc6# *", "e4 e5 Nf3 Nc6"},
	}
	for _, tt := range tests {
		g := parseOK(t, tt.in)
		if got := describe(g); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestParseResults(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1.e4 1-0", "1-0"},
		{"1.e4 0-1", "0-1"},
		{"1.e4 1/2-1/2", "1/2-1/2"},
		{"1.e4 *", "*"},
		{"1.e4 ½-½", "1/2-1/2"},
		{"1.e4 1/2", "1/2-1/2"},
		{"1.e4 1–0", "1-0"},
		{"1.e4 0\u20121", "0-1"},
		{"+--", "1-0"},
		{"--+", "0-1"},
		{"[A \"1\"]\n1.e4 \xBD-\xBD", "1/2-1/2"},
		{"1.e4", ""},
		{"1.e4 (1.d4 1-0) *", "*"},
		{"[Result \"1-0\"]\n1.e4", ""},
	}
	for _, tt := range tests {
		if g := parseOK(t, tt.in); g.Result != tt.want {
			t.Errorf("%q: result %q, want %q", tt.in, g.Result, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in    string
		want  string // line:col: message prefix
		nodes int    // nodes kept
	}{
		{"1.e4 e5 2.Nf6 *", "1:11: illegal move Nf6: no knight can move to f6", 3},
		{"1.e4 f5 2.Qh5+ Nf6 *", "1:16: illegal move Nf6: it leaves the king in check", 4},
		{"1.Nf3 d5 2.d3 e5 3.Nd2 *", "1:20: ambiguous move Nd2: 2 knights can move to d2", 5},
		{"1.e4 xyz *", "1:6: unknown token xyz", 2},
		{"1.e4 Sf3 *", "1:6: unknown token Sf3", 2},
		{"1.e4 N@f3 *", "1:6: unknown token N@f3", 2},
		{"1.e4 {abc", "1:6: unterminated comment", 2},
		{"1.e4 (1.d4 e5 *", "1:6: unterminated variation", 4},
		{"1.e4 (1.d4 (1.c4) e5 *", "1:6: unterminated variation", 5},
		{"1.e4 ) e5 *", "1:6: unmatched )", 2},
		{"( 1.e4 ) *", "1:1: variation before any move", 1},
		{"1.e4 ( ( 1.d4 ) ) *", "1:8: variation before any move", 2},
		{"1.e4 [Event \"x\"] *", "1:6: tag in movetext", 2},
		{"1.e4 } *", "1:6: unexpected '}'", 2},
		{"1.e4 $256 *", "1:6: bad NAG \"$256\"", 2},
		{"1.e4 $ *", "1:6: bad NAG \"$\"", 2},
		{"1.e4 $1x *", "1:6: bad NAG \"$1x\"", 2},
		{"[Event x]\n1.e4 *", "1:1: malformed tag", 0},
		{"[Event \"x\" y]\n1.e4 *", "1:12: malformed tag", 0},
		{"[kj90trkm\"sdfsdf\"yl]\n*", "1:18: malformed tag", 0},
		{"[\"x\"]\n*", "1:1: malformed tag", 0},
		{"[Event \"abc\n1.e4 *", "1:1: unterminated tag", 0},
		{"[FEN \"xx\"]\n1.e4 *", "1:1: bad FEN \"xx\"", 0},
		{"[A \"1\"]\n[SetUp \"1\"]\n1.e4 *", "2:1: SetUp \"1\" without a FEN tag", 0},
		{"[SetUp \"1\"]\n[FEN \"\"]\n1.e4 *", "2:1: empty FEN tag with SetUp \"1\"", 0},
		{"[Variant \"Seirawan\"]\n1.e4 *", "1:1: unsupported variant \"Seirawan\"", 0},
		{"[A \"1\"]\r\n\r\n1.e4 e5\r\n2.Nf6 *", "4:3: illegal move Nf6: no knight", 3},
		{"[A \"1\"]\r\r1.e4 e5\r2.Nf6 *", "4:3: illegal move Nf6: no knight", 3},
		{"1.e4 é *", "1:6: unknown token é", 2},
		{"[A \"1\"]\n1.e4 \xe9 *", "2:6: unknown token é", 2},
	}
	for _, tt := range tests {
		g := parseString(t, tt.in)
		if len(g.Errors) != 1 {
			t.Errorf("%q: errors %v, want one", tt.in, g.Errors)
			continue
		}
		e := g.Errors[0]
		if got := fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q: got %q, want %q...", tt.in, got, tt.want)
		}
		if len(g.Nodes) != tt.nodes {
			t.Errorf("%q: %d nodes kept, want %d", tt.in, len(g.Nodes), tt.nodes)
		}
		if err := checkTree(g); err != nil {
			t.Errorf("%q: %v", tt.in, err)
		}
	}
}

func TestErrorString(t *testing.T) {
	games := parseAll(t, "1.e4 *\n\n[A \"1\"]\n1.e4 e5\n2.Nf6 *")
	e := games[1].Errors[0]
	want := "test.pgn:5:3: game 2: illegal move Nf6: no knight can move to f6"
	if got := e.Error(); !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want %q...", got, want)
	}
	if e.Offset != int64(strings.Index("1.e4 *\n\n[A \"1\"]\n1.e4 e5\n2.Nf6 *", "Nf6")) {
		t.Errorf("offset %d", e.Offset)
	}
	if e.File != "test.pgn" || e.Game != 2 {
		t.Errorf("file %q game %d", e.File, e.Game)
	}
}

// TestParseOutsideReader parses RawGames that no Reader cut.
func TestParseOutsideReader(t *testing.T) {
	var p Parser
	var g Game
	p.Parse(&RawGame{Number: 3, File: "f", Line: 10, Col: 5, Data: []byte("1.e4 1-0 e5")}, &g)
	if len(g.Errors) != 1 || g.Errors[0].Msg != "text after the result" || g.Errors[0].Line != 10 || g.Errors[0].Col != 14 {
		t.Errorf("errors %v", g.Errors)
	}
	if g.Result != "1-0" || len(g.Nodes) != 2 {
		t.Errorf("result %q, %d nodes", g.Result, len(g.Nodes))
	}
	p.Parse(&RawGame{Data: []byte("%escape 1-0\n1.e4 *")}, &g)
	if g.Err() != nil || len(g.Nodes) != 2 {
		t.Errorf("escape line at the start of a game: %v, %d nodes", g.Err(), len(g.Nodes))
	}
}

func TestParseTags(t *testing.T) {
	tests := []struct {
		in   string
		want []Tag
	}{
		{"[A \"b\\\"c\"] [B \"d\\\\e\"]\n[C \"A]]\"] [D\"x\"]\n*",
			[]Tag{{"A", "b\"c"}, {"B", "d\\e"}, {"C", "A]]"}, {"D", "x"}}},
		{"[Event \"NII Paris]\n[Site \"Lille\"]\n*", []Tag{{"Event", "NII Paris"}, {"Site", "Lille"}}},
		{"[Event \"x\"\n1.e4 *", []Tag{{"Event", "x"}}},
		{"[Result \"\"]\n*", []Tag{{"Result", ""}}},
		{"[pgn] [Event \"x\"] 1.e4 [/pgn]", []Tag{{"Event", "x"}}},
		{"[ Event   \"x y\" ]\n*", []Tag{{"Event", "x y"}}},
		{"[A \"a\\b\"]\n*", []Tag{{"A", "a\\b"}}},
		{"[White \"Müller\"]\n*", []Tag{{"White", "Müller"}}},
		{"[Site \"Br\x81ssel\"]\n[Black \"\xe9\x80\"]\n*", []Tag{{"Site", "Br\u0081ssel"}, {"Black", "é€"}}},
	}
	for _, tt := range tests {
		g := parseOK(t, tt.in)
		if !slices.Equal(g.Tags, tt.want) {
			t.Errorf("%q: tags %q, want %q", tt.in, g.Tags, tt.want)
		}
	}
	g := parseOK(t, "[White \"a\"]\n[White \"b\"]\n*")
	if v, ok := g.Tag("White"); v != "a" || !ok {
		t.Errorf("Tag(White) = %q, %v: want the first", v, ok)
	}
	if _, ok := g.Tag("Black"); ok {
		t.Error("Tag(Black) found")
	}
}

func TestParseEncodings(t *testing.T) {
	g := parseOK(t, "[Site \"Br\x81ssel\"]\n{caf\xe9 \x80 \x93x\x94}\n1.e4 *")
	if want := []string{"café € “x”"}; !slices.Equal(g.Nodes[0].Comments, want) {
		t.Errorf("comments %q, want %q", g.Nodes[0].Comments, want)
	}
	g = parseOK(t, "{café ½} 1.e4 *")
	if want := []string{"café ½"}; !slices.Equal(g.Nodes[0].Comments, want) {
		t.Errorf("comments %q, want %q", g.Nodes[0].Comments, want)
	}
}

func TestParseStartPositions(t *testing.T) {
	tests := []struct {
		in       string
		fen      string // of the root
		chess960 bool
	}{
		{"1.e4 *", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
		{"[FEN \"\"]\n1.e4 *", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
		{"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n12...Kd7 *", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12", false},
		{"[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n1...Kd7 *", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12", false},
		{"[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n*", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
		{"[Variant \"chess 960\"]\n1.e4 *", "", true},
		{"[Variant \"Fischerandom\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n*", "", true},
		{"[Variant \"Standard\"]\n1.e4 *", "", false},
	}
	for _, tt := range tests {
		g := parseOK(t, tt.in)
		root := g.Nodes[0].Pos
		if tt.fen != "" && root.FEN() != tt.fen {
			t.Errorf("%q: root %s, want %s", tt.in, root.FEN(), tt.fen)
		}
		if root.Chess960 != tt.chess960 {
			t.Errorf("%q: Chess960 = %v", tt.in, root.Chess960)
		}
	}
}

// TestParseChess960Castling plays castling in a Chess960 game whose king
// steps one square and whose rook jumps over it.
func TestParseChess960Castling(t *testing.T) {
	const fen = "bbqnrknr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKNR w HEhe - 0 1"
	g := parseOK(t, "[Variant \"Chess960\"]\n[FEN \""+fen+"\"]\n1.Nf3 Nf6 2.O-O O-O *")
	if got := g.Nodes[0].Pos.FEN(); got != fen {
		t.Errorf("root %s", got)
	}
	if got, want := g.Nodes[4].Pos.FEN(), "bbqnrrk1/pppppppp/5n2/8/8/5N2/PPPPPPPP/BBQNRRK1 w - - 4 3"; got != want {
		t.Errorf("after castling: %s, want %s", got, want)
	}
	for _, i := range []int{3, 4} {
		if !g.Nodes[i].Move.Is(bitboard.FlagCastle) {
			t.Errorf("node %d is not castling: %s", i, describe(g))
		}
	}
}

func TestParserReuse(t *testing.T) {
	texts := []string{
		"[Event \"a\"]\n{c} 1.e4 (1.d4 {x} d5) e5 $1 2.Nf3 (2.Nc3) Nc6 1-0",
		"[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n1...Kd7 2.e4 *",
		"1.e4 e5 2.Nf6 *",
		"1.d4 d5 *",
	}
	var p Parser
	var g Game
	for round := 0; round < 2; round++ {
		for _, text := range texts {
			fresh := parseString(t, text)
			eachGame(t, strings.NewReader(text), "test.pgn", func(raw *RawGame, _ *Game) {
				p.Parse(raw, &g)
			})
			if d := diffGames(fresh, &g); d != "" || fmt.Sprint(fresh.Errors) != fmt.Sprint(g.Errors) {
				t.Errorf("%q parsed by a used Parser: %s %v", text, d, g.Errors)
			}
		}
	}
}

// TestParseKeepsStrings checks that strings do not alias the input bytes.
func TestParseKeepsStrings(t *testing.T) {
	data := []byte("[Event \"abc\"]\n{comment} 1.e4 *")
	var p Parser
	var g Game
	p.Parse(&RawGame{Data: data}, &g)
	for i := range data {
		data[i] = 'x'
	}
	if g.Tags[0].Value != "abc" || g.Nodes[0].Comments[0] != "comment" {
		t.Errorf("strings changed with the input: %q %q", g.Tags, g.Nodes[0].Comments)
	}
}

// squeezeBlanks trims a comment and makes each run of blanks one space,
// as joining its words with spaces does.
func TestSqueezeBlanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte("ab \t\n\r\f\v")
	var buf []byte
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		want := strings.Join(strings.Fields(string(b)), " ")
		if got := string(squeezeBlanks(&buf, slices.Clone(b))); got != want {
			t.Fatalf("squeezeBlanks(%q) = %q, want %q", b, got, want)
		}
	}
}

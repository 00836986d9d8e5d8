package pgn

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestWriteStyle writes a study from CQL's sample, typed sloppily, and
// expects the official CQL's layout: only the line break inside "10.Nf7+"
// differs (the official CQL writes "10.", a line break, then "Nf7+").
func TestWriteStyle(t *testing.T) {
	g := parseOK(t, `[Event "x"]
[Site "a \"quoted\" \\ b"]
[FEN "4q3/1pP1kpnP/R6p/2N5/4P1P1/p7/P7/K7 w - - 0 1"]

{Shakhmatnaya Kompozitsia=118
 (EG#20096).}
1. Rb6 (1. Ra7? Qb5) 1... Qh8! (1... Qc8 2. Rxb7) 2. Kb1! (2. Rxb7? Ne6+
3. Kb1 Nxc7) 2... Ne6 3. Nxe6 fxe6 4. Rxb7 Qc8! (4... Kd6 5. Rb8) 5. Rb8 Qd7! (
5... Qxc7 6. h8Q) 6. c8N+! (6. c8Q? Qd1+ 7. Qc1 Qd3+ 8. Ka1 Qd4+ 9. Kb1 Qd3+
) 6... Kf7 7. Nd6+! Qxd6 8. Rb7+ {CQLMATCH} 8... Kg6 9. h8N+! Kf6 (9... Kg5 10.
Nf7+ Kxg4 11. Nxd6) 10. g5+! hxg5 11. e5+! Qxe5 12. Rf7# 1-0`)
	// the official program's layout: a space after each word, kept at the
	// end of a line; a move number may end a line ("9." then "Kb1")
	want := "[Event \"x\"]\n" +
		"[Site \"a \\\"quoted\\\" \\\\ b\"]\n" +
		"[FEN \"4q3/1pP1kpnP/R6p/2N5/4P1P1/p7/P7/K7 w - - 0 1\"]\n" +
		"\n" +
		"{Shakhmatnaya Kompozitsia=118 (EG#20096).}\n" +
		"1.Rb6 ( 1.Ra7 $2 Qb5 ) 1...Qh8 $1 ( 1...Qc8 2.Rxb7 ) 2.Kb1 $1 ( 2.Rxb7 $2 Ne6+ \n" +
		"3.Kb1 Nxc7 ) 2...Ne6 3.Nxe6 fxe6 4.Rxb7 Qc8 $1 ( 4...Kd6 5.Rb8 ) 5.Rb8 Qd7 $1 (\n" +
		"5...Qxc7 6.h8=Q ) 6.c8=N+ $1 ( 6.c8=Q $2 Qd1+ 7.Qc1 Qd3+ 8.Ka1 Qd4+ 9.Kb1 Qd3+ \n" +
		") 6...Kf7 7.Nd6+ $1 Qxd6 8.Rb7+ {CQLMATCH} 8...Kg6 9.h8=N+ $1 Kf6 ( 9...Kg5 10.\n" +
		"Nf7+ Kxg4 11.Nxd6 ) 10.g5+ $1 hxg5 11.e5+ $1 Qxe5 12.Rf7# 1-0\n\n\n"
	if got := writeString(t, g); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteForms(t *testing.T) {
	tests := []struct{ in, want string }{
		{"*", "*\n\n\n"},
		{"[Result \"0-1\"]\n", "[Result \"0-1\"]\n\n0-1\n\n\n"},
		{"[Result \"bogus\"]\n1.e4", "[Result \"bogus\"]\n\n1.e4 *\n\n\n"},
		{"1.e4 {a} e5 (1...c5) 2.Nf3 *", "1.e4 {a} 1...e5 ( 1...c5 ) 2.Nf3 *\n\n\n"},
		{"1.e4 (1.d4 {x}) (1.c4) e5 *", "1.e4 ( 1.d4 {x} ) ( 1.c4 ) 1...e5 *\n\n\n"},
		// a comment after a move number or ')' comments the move before,
		// and is written there, as the official program writes it
		{"1. {pre} e4 e5 2. {pre2} Nf3 {post} 2...{pre3} Nc6 *", "1. {pre} e4 e5 {pre2} 2.Nf3 {post} {pre3} 2...Nc6 *\n\n\n"},
		{"1.e4 (1.d4) {before e5} e5 *", "1.e4 {before e5} ( 1.d4 ) 1...e5 *\n\n\n"},
		{"{root} $1 1.e4 *", "{root} $1\n1.e4 *\n\n\n"},
		{"1.e4 ; has } a brace\n e5 *", "1.e4 ;has } a brace\n1...e5 *\n\n\n"},
		{"1.e4 -- 2.Nf3 *", "1.e4 -- 2.Nf3 *\n\n\n"},
		// a check the game goes on from is no mate; a null move after a
		// mate (or a check) proves no legal move, and is no such proof
		{"1.e4 f5 2.Qh5 g6 *", "1.e4 f5 2.Qh5+ g6 *\n\n\n"},
		{"1.e4 f5 2.Qh5 -- *", "1.e4 f5 2.Qh5+ -- *\n\n\n"},
		{"1.f3 e5 2.g4 Qh4 -- *", "1.f3 e5 2.g4 Qh4# 3.-- *\n\n\n"},
		{"1.f3 e5 2.g4 Qh4 (2...d5) -- *", "1.f3 e5 2.g4 Qh4# ( 2...d5 ) 3.-- *\n\n\n"},
		{"[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n40...Kd7 41.e4 *",
			"[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40...Kd7 41.e4 *\n\n\n"},
	}
	for _, tt := range tests {
		g := parseOK(t, tt.in)
		if got := writeString(t, g); got != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestWriteWraps(t *testing.T) {
	long := strings.Repeat("word ", 40)
	g := parseOK(t, "{"+long+"} 1.e4 {see https://example.com/"+strings.Repeat("x", 90)+" for more} *")
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	if err := WriteGame(w, g, WriteOptions{LineWidth: 40}); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	for _, line := range strings.Split(buf.String(), "\n") {
		if len(line) > 40 && strings.Contains(line, " ") {
			t.Errorf("line of %d bytes: %q", len(line), line)
		}
	}
	back := parseOK(t, buf.String())
	if d := diffGames(g, back); d != "" {
		t.Error(d)
	}
}

// TestWriteRoundTrips writes games with tricky annotation places and reads
// them back.
func TestWriteRoundTrips(t *testing.T) {
	for _, in := range []string{
		"{r} 1. {p} e4 {c} $1 (1. {p2} d4 $2 {c2} (1.c4) d5) (1.b3) {p3} 1... e5 $3 {c3} 2. Nf3 *",
		"[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n{r} 1... {p} Kd7 (1... {p2} Ke7 2. e4) 2. e4 *",
		"1.e4 ( {lost} ) e5 ( 1...c5 2. {dangling} ) *",
		"1.e4 {a}{b}{} {; not a line comment} e5 ;{ line\n{x%y} 2.Nf3 *",
		"[Event \"x\\\"y\"]\n[Site \"\\\\\"]\n{é ½ €} 1.e4 1-0 {after the result}",
		"[A \"1\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnrknr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKNR w HEhe - 0 1\"]\n1.Nf3 Nf6 2.O-O O-O *",
		"$5 {only a comment}",
		"1.e4 e5 2.Nf3 (2.Nc3 (2.f4 exf4 (2...d5)) Nc6) (2.Bc4) Nc6 (2...d6 3.d4 (3.Bc4)) *",
	} {
		g := parseOK(t, in)
		text := writeString(t, g)
		back := parseOK(t, text)
		if d := diffGames(g, back); d != "" {
			t.Errorf("%q written as\n%s\nreads back differently: %s", in, text, d)
		}
	}
}

// TestWriteMatchesCQL reads an output file of the official CQL and writes
// every game again: the words must be CQL's, in CQL's order. Line breaks
// may differ; CQL also breaks a line after "{" or between a move number
// and its move, or before a "}", so those are joined before comparing.
func TestWriteMatchesCQL(t *testing.T) {
	const name = testdataDir + "cql/passed_black_advanced.pgn"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	games := eachGame(t, bytes.NewReader(data), name, func(raw *RawGame, g *Game) {
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		if err := WriteGame(w, g, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	})
	w.Flush()
	want, got := cqlWords(string(data)), cqlWords(out.String())
	for i := range min(len(want), len(got)) {
		if want[i] != got[i] {
			t.Fatalf("word %d: got %q, want %q (after %q)", i, got[i], want[i], want[max(0, i-8):i])
		}
	}
	if len(got) != len(want) || games != 144 {
		t.Errorf("%d words, want %d (%d games)", len(got), len(want), games)
	}
}

// cqlWords splits PGN text into words, joining a move number or a "{"
// that ends a line with the word that follows, and a "}" that starts a line
// with the word before. Words that are not UTF-8 are decoded as Windows-1252.
func cqlWords(text string) []string {
	var words []string
	glue := false
	for _, f := range strings.Fields(text) {
		if !utf8.ValidString(f) { // a game in Windows-1252, which the Parser decodes
			f = string(appendCP1252(nil, []byte(f)))
		}
		if glue || (f == "}" && len(words) > 0) {
			words[len(words)-1] += f
		} else {
			words = append(words, f)
		}
		glue = f == "{" || (strings.HasSuffix(f, ".") && strings.Trim(f, "0123456789.") == "")
	}
	return words
}

// TestWriteMaxBytes cuts a game as the official -outputbuffer does: the
// first MaxBytes bytes, then the truncation mark, an unknown result and
// the blank lines that end every game. A game that fits is untouched.
func TestWriteMaxBytes(t *testing.T) {
	g := parseOK(t, "[Event \"x\"]\n\n1. e4 {a long comment} e5 2. Nf3 Nc6 1-0")
	whole := string(AppendGame(nil, g, WriteOptions{Official: true}))
	for _, max := range []int{len(whole), len(whole) + 1, 0} {
		if got := string(AppendGame(nil, g, WriteOptions{Official: true, MaxBytes: max})); got != whole {
			t.Errorf("MaxBytes %d: got %q, want the whole game %q", max, got, whole)
		}
	}
	prefix := []byte("earlier games\n")
	got := string(AppendGame(prefix, g, WriteOptions{Official: true, MaxBytes: 40}))
	want := string(prefix) + whole[:40] + TruncatedMark + " } * \n\n\n\n"
	if got != want {
		t.Errorf("MaxBytes 40:\ngot  %q\nwant %q", got, want)
	}
}

// TestOfficialTagForms: the official program reads Date, EventDate,
// WhiteElo, BlackElo and ECO into fields of its own and writes them back
// in its forms; each pair below is what it wrote for the value (observed
// with the official CQL 6.2).
func TestOfficialTagForms(t *testing.T) {
	dates := map[string]string{
		"2013.05.06": "2013.05.06", "?": "????.??.??", "": "????.??.??", "1999": "1999.??.??",
		"1999.05": "1999.05.??", "1999.5.3": "1999.05.03", "99.01.01": "0099.01.01",
		"1999.01.01 ": "1999.01.01", "2001.?.?": "2001.??.??", "abc": "????.??.??",
		"1999-01-02": "1999.??.??", "1999.13.40": "1999.??.??", "12345.01.01": "????.01.01",
		"1999.01.01.05": "1999.01.01", " 1999": "1999.??.??", "2013.24.7": "2013.??.??",
		"2013.5.32": "2013.05.??", "2013.0.5": "2013.??.05", "2013.x5.07": "2013.??.07",
		"+2013": "2013.??.??", "2013..07": "2013.??.07", "201?.05.07": "0201.05.07",
		"2013.-1.05": "2013.??.??", "2013.05.-1": "2013.05.??", "2047.1.1": "2047.01.01",
		"2048.1.1": "????.01.01", "2013. 5. 6": "2013.05.06", "2013.01.001": "2013.01.01",
		"????.05.??": "????.05.??", "20??.05.06": "0020.05.06", "0000.01.01": "????.01.01",
		"2013.13.01": "2013.??.??", "2013.00.05": "2013.??.05", "2048.01.01": "????.01.01",
	}
	for in, want := range dates {
		if got := CQLDate(in); got != want {
			t.Errorf("CQLDate(%q) = %q, want %q", in, got, want)
		}
	}
	elos := map[string]string{"2500": "2500", "": "", "?": "", "abc": "", "0": "", "-5": "4000",
		"3000x": "3000", " 2100": "2100", "99999": "4000", "0500": "500", "4001": "4000", "4000": "4000"}
	for in, want := range elos {
		if got, ok := CQLElo(in); got != want || ok != (want != "") {
			t.Errorf("CQLElo(%q) = %q, %v, want %q", in, got, ok, want)
		}
	}
	ecos := map[string]string{"B12": "B12", "?": "", "": "", "Z99": "", "A1": "A10", "e44": "E44",
		"A00x": "A00x", "A": "A00", "C123": "C12", "E 4": "", "B1x": "", "B12C": "B12", "A00X": "A00"}
	for in, want := range ecos {
		if got, ok := CQLECO(in); got != want || ok != (want != "") {
			t.Errorf("CQLECO(%q) = %q, %v, want %q", in, got, ok, want)
		}
	}
}

// TestOfficialTagReading: dates and ECO codes as the official program's
// filters read them (its output of comment(date) and eco on each value,
// issue 13), the same forms as it writes; "" marks an ECO value that is
// no code (eco fails).
func TestOfficialTagReading(t *testing.T) {
	for in, want := range map[string]string{
		"2001.02.03": "2001.02.03", "2001": "2001.??.??", "2001.02": "2001.02.??",
		"2001.??.??": "2001.??.??", "garbage": "????.??.??", "2001-02-03": "2001.??.??",
		"2001.2.3": "2001.02.03", "?": "????.??.??", "": "????.??.??", "1.1.1": "0001.01.01",
		"2001.02.03x": "2001.02.03", "20011": "????.??.??", "2001.13.40": "2001.??.??",
		"2001..03": "2001.??.03", ".02.03": "????.02.03", "2001.02.03.04": "2001.02.03",
		"0000.01.01": "????.01.01", "2001.02.31": "2001.02.31", "2001.2x.03": "2001.02.03",
		" 2001.01.01": "2001.01.01", "2001. 1.01": "2001.01.01", "+2001": "2001.??.??",
		"2001.1.032": "2001.01.??", "2047": "2047.??.??", "2048": "????.??.??", "9999.12.31": "????.12.31",
	} {
		if got := CQLDate(in); got != want {
			t.Errorf("CQLDate(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"A00": "A00", "E99": "E99", "F00": "", "A0": "A00", "A001": "A00", "a00": "A00",
		"B45c": "B45c", "?": "", "-": "", " B45": "", "B 45": "", "X": "", "": "",
		"A1": "A10", "A1x": "", "Ax1": "", "A": "A00", "e5": "E50", "A12345": "A12",
		"B45 c": "B45", "A99z9": "A99z", "C0a": "", "C07.1": "C07", "c45A": "C45",
	} {
		got, ok := CQLECO(in)
		if ok != (want != "") || got != want {
			t.Errorf("CQLECO(%q) = %q, %v, want %q", in, got, ok, want)
		}
	}
}

// TestOfficialWriting: with Official, the tags come in the official
// program's order (the roster, the Elos, ECO, EventDate, the others in
// file order, FEN last) and of several comments at one place only the
// last is written, as the official program writes this game.
func TestOfficialWriting(t *testing.T) {
	in := "[Annotator \"ann\"]\n[ECO \"B12\"]\n[BlackElo \"2400\"]\n[WhiteElo \"2500\"]\n" +
		"[EventDate \"2001.01.01\"]\n[Zebra \"z\"]\n[Result \"1-0\"]\n[Event \"e\"]\n[Date \"2001.2.3\"]\n\n" +
		"{pre1} {pre2} 1. e4 {a} {b} e5 ( {v1} {v2} 1... c5 ) 2. Nf3 {n1} {n2} $1 {n3} 1-0\n"
	g := parseString(t, in)
	got := string(AppendGame(nil, g, WriteOptions{Official: true}))
	want := "[Event \"e\"]\n[Site \"?\"]\n[Date \"2001.02.03\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n" +
		"[Result \"1-0\"]\n[WhiteElo \"2500\"]\n[BlackElo \"2400\"]\n[ECO \"B12\"]\n[EventDate \"2001.01.01\"]\n" +
		"[Annotator \"ann\"]\n[Zebra \"z\"]\n\n{pre2}\n1.e4 {b} 1...e5 ( {v2} 1...c5 ) 2.Nf3 $1 {n3} 1-0\n\n\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestASCIIWordsPlacesEachWord compares the comment writer's run-at-a-time
// placing of ASCII words with placing them one by one, on random texts
// (runs of blanks, words longer than the line) from random columns.
func TestASCIIWordsPlacesEachWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "End", "path", "of", "length", "5", " ", "  ", "move 12(wtm)", strings.Repeat("x", 30), strings.Repeat("y", 90)}
	for i := range 20000 {
		var text strings.Builder
		for range rng.IntN(40) {
			text.WriteString(pieces[rng.IntN(len(pieces))])
			if rng.IntN(3) > 0 {
				text.WriteByte(' ')
			}
		}
		width := 1 + rng.IntN(100)
		col := rng.IntN(width + 1)
		one := gameWriter{width: width, col: col, afterParen: true}
		run := one
		one.words(text.String())
		run.asciiWords(text.String())
		if string(one.out) != string(run.out) || one.col != run.col || one.afterParen != run.afterParen {
			t.Fatalf("case %d: %q from column %d of %d: one by one %q (column %d), by runs %q (column %d)",
				i, text.String(), col, width, one.out, one.col, run.out, run.col)
		}
	}
}

// TestPlacedTags walks the placed tags: each name is read back as its
// number, the Seven Tag Roster comes first in its order, and FEN and
// other names are not numbered.
func TestPlacedTags(t *testing.T) {
	for k, name := range placedTagNames {
		if got := placedTag(name); got != k {
			t.Errorf("placedTag(%q) = %d, want %d", name, got, k)
		}
		if k < len(sevenTagRoster) && sevenTagRoster[k] != name {
			t.Errorf("placed tag %d is %q, the roster's %q", k, name, sevenTagRoster[k])
		}
	}
	for name, want := range map[string]int{"FEN": fenTag, "Annotator": notPlaced, "event": notPlaced, "": notPlaced} {
		if got := placedTag(name); got != want {
			t.Errorf("placedTag(%q) = %d, want %d", name, got, want)
		}
	}
}

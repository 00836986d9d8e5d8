package syntax

import (
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/source"
)

// TestKindTable walks the kinds table: every kind has a unique name and
// either words with help lines or a note on how it comes about.
func TestKindTable(t *testing.T) {
	names := map[string]Kind{}
	for k := KBad; k <= lastKind; k++ {
		info := kinds[k]
		if info.name == "" {
			t.Errorf("kind %d has no name", k)
			continue
		}
		if strings.ContainsAny(info.name, " ()\"") {
			t.Errorf("%s: a name Dump can print unambiguously has no blanks, parentheses or quotes", info.name)
		}
		if old, dup := names[info.name]; dup {
			t.Errorf("kinds %d and %d are both named %s", old, k, info.name)
		}
		names[info.name] = k
		if k.String() != info.name {
			t.Errorf("Kind(%d).String() = %q, want %q", k, k.String(), info.name)
		}
		switch {
		case len(info.old) > 0 && (len(info.words) > 0 || info.noWord != "" || info.form != formNone):
			t.Errorf("%s: a CQL-S built-in has no CQL 6 words, form or noWord note", info.name)
		case len(info.old) > 0:
		case len(info.words) == 0 && info.noWord == "":
			t.Errorf("%s has neither words nor a note saying why (noWord)", info.name)
		case len(info.words) > 0 && info.noWord != "":
			t.Errorf("%s has words and a noWord note", info.name)
		case len(info.words) > 0 && info.form == formNone:
			t.Errorf("%s has words but no form", info.name)
		case len(info.words) == 0 && info.form != formNone:
			t.Errorf("%s has a form but no words", info.name)
		}
		if (info.form == formPrefix || info.form == formInfix || info.form == formInfixR) != (info.level != 0) {
			t.Errorf("%s: a level goes with prefix keywords and binary operators only", info.name)
		}
	}
	if got := Kind(lastKind + 1).String(); got != "Kind("+itoa(int(lastKind)+1)+")" {
		t.Errorf("a kind past the table prints as %q", got)
	}
}

func itoa(n int) string {
	var b []byte
	for ; n > 0 || len(b) == 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestWordsHaveHelp checks the help lines: one word one entry, every word
// with a line of its own or a See naming a word that has one, so `cqlvm
// help` covers every reserved word and every operator.
func TestWordsHaveHelp(t *testing.T) {
	byText := map[string]Word{}
	for _, w := range Words() {
		if _, dup := byText[w.Text]; dup {
			t.Errorf("%q is in the tables twice", w.Text)
		}
		byText[w.Text] = w
	}
	for _, w := range Words() {
		switch {
		case w.See != "" && (w.Syntax != "" || w.Meaning != ""):
			t.Errorf("%q has a help line and a See", w.Text)
		case w.See != "":
			if target, ok := byText[w.See]; !ok || target.Syntax == "" {
				t.Errorf("%q: See %q names no word with a help line", w.Text, w.See)
			}
		case w.Syntax == "" || w.Meaning == "" || strings.Contains(w.Syntax+w.Meaning, "\n"):
			t.Errorf("%q: a syntax and a one-line meaning are required", w.Text)
		}
	}
	for word := range reserved {
		if _, ok := byText[word]; !ok {
			t.Errorf("reserved word %q has no entry", word)
		}
	}
}

// lexOne lexes s, which must be one token.
func lexOne(t *testing.T, s string) (Token, bool) {
	t.Helper()
	var errs source.ErrorList
	toks := Lex(source.New("w", s), &errs)
	if len(errs) > 0 || len(toks) != 2 {
		t.Errorf("%q does not lex as one token: %v %v", s, toks, errs)
		return Token{}, false
	}
	return toks[0], true
}

// TestWordsRoundTrip lexes and parses every spelling in the tables: a
// keyword is one identifier token, reserved, and parses to its kind; an
// operator is one token that parses to its kind; a Unicode spelling lexes
// as its ASCII one.
func TestWordsRoundTrip(t *testing.T) {
	for k := KBad; k <= lastKind; k++ {
		info := kinds[k]
		for _, w := range info.words {
			for _, u := range w.Unicode {
				if tok, ok := lexOne(t, u); ok && tok.Text != w.Text {
					t.Errorf("%s lexes as %q, want %q", u, tok.Text, w.Text)
				}
			}
			if info.form == formOwn && !isWord(w.Text) {
				continue // symbols read by code of their own: {} () # ~ -- [x] = ...
			}
			tok, ok := lexOne(t, w.Text)
			if !ok {
				continue
			}
			if want := map[bool]TokKind{true: TIdent, false: TPunct}[isWord(w.Text)]; tok.Kind != want || tok.Text != w.Text {
				t.Errorf("%q lexes as %v %q", w.Text, tok.Kind, tok.Text)
			}
			if isWord(w.Text) && !IsReserved(w.Text) {
				t.Errorf("%q is not reserved", w.Text)
			}
			if info.form == formOwn && w.dir == 0 && w.tk == 0 && w.tag == "" && wordParsers[w.Text] == nil {
				t.Errorf("%q has no parse function", w.Text)
			}
			q := sampleUse(info.form, w.Text)
			body, _, errs := ParseBody(source.New("w", q))
			if len(errs) > 0 || len(body) != 1 {
				t.Errorf("%s: %q does not parse as one filter: %v", info.name, q, errs)
				continue
			}
			got := body[0]
			if got.Kind == KIn && (w.tag != "" || w.Text == "player") {
				got = got.Args[1] // the implicit search of a sample string
			}
			if got.Kind != k {
				t.Errorf("%q parses as %s, want %s", q, got.Kind, info.name)
			}
		}
	}
	for _, w := range otherWords {
		for _, u := range w.Unicode {
			if tok, ok := lexOne(t, u); ok && tok.Text != w.Text {
				t.Errorf("%s lexes as %q, want %q", u, tok.Text, w.Text)
			}
		}
		if isWord(w.Text) {
			if tok, ok := lexOne(t, w.Text); ok && (tok.Kind != TIdent || !IsReserved(w.Text)) {
				t.Errorf("%q: %v, reserved %v", w.Text, tok.Kind, IsReserved(w.Text))
			}
		}
	}
}

// sampleUse is a short filter using word, written as form says.
func sampleUse(f form, word string) string {
	if q, ok := map[string]string{
		"[": `S[0]`, ":": "parent:check", "~~": `"ab" ~~ "b"`,
		"move": "move from R", "legal": "legal K--.", "pseudolegal": "pseudolegal K--.",
		"countmoves": "countmoves K--.", "currentmove": "currentmove K--.",
		"if": "if check mate", "while": "while (check) mate", "find": "find check",
		"echo": "echo (s t) check", "consecutivemoves": "consecutivemoves(parent parent)",
		"sort": "sort ply", "comment": "comment(ply)", "///": "/// ply", "message": `message("x")`,
		"function": "function f() {check}", "persistent": "persistent x = 1", "atomic": "atomic x = 1",
		"result": "result 1-0", "tag": `tag "X"`, "removetag": `removetag "X"`, "fen": "fen",
		"square": "square x in A check", "piece": "piece x in A check", "pin": "pin",
		"ray": "ray(R k)", "makesquare": `makesquare "e4"`, "line": "line --> check",
		"path": "path K--.", "dictionary": "dictionary D", "local": "local dictionary D",
		"string": "string key in D check", "str": "str(1)", "readfile": `readfile "f"`,
		"player": `player "X"`, "elo": "elo", "child": "child", "originalcomment": "originalcomment",
		"hascomment": "hascomment", "hhdb": "hhdb cooked", "similarposition": `similarposition "x.pgn"`,
	}[word]; ok {
		return q
	}
	switch f {
	case formPrefix:
		return word + " a1"
	case formBody:
		return word + " check"
	case formTwoArg, formList:
		return word + "(a1 b2)"
	case formInfix, formInfixR:
		return "a1 " + word + " b2"
	case formOwn:
		if _, ok := directionKeywords[word]; ok {
			return word + " a1"
		}
		if _, ok := transformKeywords[word]; ok {
			return word + " a1"
		}
	}
	return word
}

// TestDumpPrintsNames checks that Dump prints kinds by name.
func TestDumpPrintsNames(t *testing.T) {
	body, _, errs := ParseBody(source.New("q", "check or not mate"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if got, want := Dump(body[0]), "(or (check) (not (mate)))"; got != want {
		t.Errorf("Dump = %s, want %s", got, want)
	}
}

// TestOldWords: the CQL-S keywords of the built-ins are written with
// their colon, each once, with a help line, and are no CQL 6 keyword.
func TestOldWords(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range OldWords() {
		if !strings.HasPrefix(w.Text, ":") || seen[w.Text] {
			t.Errorf("%q: an old keyword is written once, with its colon", w.Text)
		}
		seen[w.Text] = true
		if w.Syntax == "" || w.Meaning == "" || w.See != "" || len(w.Unicode) > 0 {
			t.Errorf("%q: a syntax and a meaning, and nothing else, are required", w.Text)
		}
		if IsReserved(w.Text[1:]) {
			t.Errorf("%q: a built-in must not reserve %q, a variable name in CQL 6", w.Text, w.Text[1:])
		}
	}
	built := 0
	for k := KBad; k <= lastKind; k++ {
		if !HasCQL6Spelling(k) {
			built++
			if _, ok := keywordTable[kinds[k].name]; ok {
				t.Errorf("%s has no CQL 6 spelling but parses", kinds[k].name)
			}
		}
	}
	if built == 0 {
		t.Error("no CQL-S built-in in the table")
	}
}

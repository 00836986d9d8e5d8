package syntax

import (
	"strings"

	"github.com/cqlvm/cqlvm/source"
)

// HHDBKeyword is one keyword of the hhdb filter (hhdb.html): the fields
// of Harold van der Heijden's endgame study database as its PGN export
// writes them in the tags and comments (vm/hhdb.go reads them).
type HHDBKeyword struct {
	Name string
	// Type: 'l' logical, 'n' number, 's' string (a string literal after
	// it is an implicit search in it)
	Type byte
	// Field names what the keyword reads, as vm.HHDBFieldNames spells
	// it; "" for a keyword cqlvm does not support yet (Meaning says why)
	Field   string
	Meaning string
}

// HHDBKeywords are the keywords `cql -hhdb info` lists, in its order.
// The codes in parentheses and the markers in angle brackets are written
// as quoted strings: hhdb "(c)", hhdb "<cook>".
var HHDBKeywords = []HHDBKeyword{
	{"(c)", 'l', "(c)", "the Black tag holds the code (c): a correction"},
	{"(m)", 'l', "(m)", "the Black tag holds (m): a modification"},
	{"(s)", 'l', "(s)", "the Black tag holds (s): a corrected solution"},
	{"(v)", 'l', "(v)", "the Black tag holds (v): a version"},
	{"<cook>", 'l', "<cook>", "the comment after the move holds the marker <cook (<cook>, <cook TW>, ...)"},
	{"<eg>", 'l', "<eg>", "the comment after the move holds the marker <eg>"},
	{"<main>", 'l', "<main>", "the comment after the move holds the marker <main>"},
	{"<minor_dual>", 'l', "<minor_dual>", "the comment after the move holds the marker <minor_dual (with anything after it)"},
	{"<or>", 'l', "<or>", "the comment after the move holds the marker <or>"},
	{"AN", 'l', "AN", "the Black tag holds AN: anticipated"},
	{"CR", 'l', "CR", "the Black tag holds CR: colours reversed"},
	{"MC", 'l', "MC", "the Black tag holds MC: too many composers to list"},
	{"PH", 'l', "PH", "the Black tag holds PH: posthumous"},
	{"TE", 'l', "TE", "the Black tag holds TE: a theoretical ending"},
	{"TT", 'l', "TT", "the Black tag holds TT: a theme tourney"},
	{"TW", 'l', "TW", "the Black tag holds TW: a twin"},
	{"U1", 'l', "U1", "the Black tag holds U1: unsound, dual at move 1"},
	{"U2", 'l', "U2", "the Black tag holds U2: unsound, dual after move 1"},
	{"U3", 'l', "U3", "the Black tag holds U3: unsound, White fails"},
	{"U4", 'l', "U4", "the Black tag holds U4: unsound, White wins in a draw study"},
	{"U5", 'l', "U5", "the Black tag holds U5: unsound, unreachable position"},
	{"anticipation", 'l', "AN", "the same as AN"},
	{"award", 'n', "award", "the place of the award at the start of the Event tag (3 for \"3.p\", 1 for \"1/2.p\" and \".c\"); as a match, any award, special ones too"},
	{"colors_reversed", 'l', "CR", "the same as CR"},
	{"commendation", 'n', "commendation", "the place of a commendation (\"2.c\"); as a match, a special one (\"sp.c\") too"},
	{"composer", 's', "composer", "the composers: the White tag"},
	{"cooked", 'l', "cooked", "a comment of the game, in a variation too, holds the marker <cook"},
	{"corrected_solution", 'l', "(s)", "the same as \"(s)\""},
	{"correction", 'l', "(c)", "the same as \"(c)\""},
	{"diagram", 's', "diagram", "the diagram number: the word after '#' in the Event tag"},
	{"dual", 'l', "dual", "U1 or U2"},
	{"dual_after_move_1", 'l', "U2", "the same as U2"},
	{"dual_at_move_1", 'l', "U1", "the same as U1"},
	{"egdiagram", 'n', "egdiagram", "the number after EG# in the comment before the first move"},
	{"firstcomment", 's', "firstcomment", "the comment before the first move"},
	{"gbr", 's', "gbr", "stipulation, GBR code and kings from the Black tag (\"+0016.32d4g7\")"},
	{"hm", 'n', "hm", "the place of an honourable mention (\"4.hm\"); as a match, a special one (\"sp.hm\") too"},
	{"mainline", 'l', "mainline", "the position is on the mainline or on variations whose first move's comment holds <main>"},
	{"max", 'n', "max", "the last place of a shared award (2 for \"1/2.p\", 10000 for \".p\"); as a match, any award"},
	{"modification", 'l', "(m)", "the same as \"(m)\""},
	{"posthumous", 'l', "PH", "the same as PH"},
	{"prize", 'n', "prize", "the place of a prize (\"1.p\", \"1/2.p\"); as a match, a special one (\"sp.p\") too"},
	{"search", 's', "search", "the Event, White and Black tags and the comment before the first move, one a line"},
	{"sort", 'l', "", "hhdb sort KEYWORD (sorting by an award) is not supported yet"},
	{"sound", 'l', "sound", "none of U1 to U5 is in the Black tag"},
	{"source", 'l', "", "the official CQL 6.2 rejects hhdb source (it has no meaning there)"},
	{"special", 'n', "special", "the place of a special award (\"sp.p\", \"2.sp.hm\"; 1 without a number)"},
	{"stipulation", 's', "stipulation", "X of \"stipulation: X.\" in the comment before the first move"},
	{"theme_tournament", 'l', "TT", "the same as TT"},
	{"theme_tourney", 'l', "TT", "the same as TT"},
	{"theoretical_ending", 'l', "TE", "the same as TE"},
	{"too_many_composers", 'l', "MC", "the same as MC"},
	{"twin", 'l', "TW", "the same as TW"},
	{"unreachable", 'l', "U5", "the same as U5"},
	{"unsound", 'l', "unsound", "one of U1 to U5 is in the Black tag"},
	{"variation", 'l', "variation", "the position is not on the hhdb mainline"},
	{"version", 'l', "(v)", "the same as \"(v)\""},
	{"white_fails", 'l', "U3", "the same as U3"},
	{"white_wins_in_draw", 'l', "U4", "the same as U4"},
}

// LookupHHDB finds an hhdb keyword.
func LookupHHDB(name string) (HHDBKeyword, bool) {
	for _, k := range HHDBKeywords {
		if k.Name == name {
			return k, true
		}
	}
	return HHDBKeyword{}, false
}

// parseHHDB parses hhdb KEYWORD, hhdb "(c)" or hhdb "<cook>", and for the
// keywords with a string value an optional string literal to search in it.
func (p *Parser) parseHHDB(t Token) *Node {
	k := p.advance()
	name := k.Text
	quoted := k.Kind == TString
	if quoted {
		name = k.Str
	}
	kw, ok := LookupHHDB(name)
	if ok && quoted != (name[0] == '(' || name[0] == '<') {
		ok = false
	}
	if !ok || (k.Kind != TIdent && !quoted) {
		var names []string
		for _, w := range HHDBKeywords {
			if w.Name[0] == '(' || w.Name[0] == '<' {
				names = append(names, `"`+w.Name+`"`)
			} else {
				names = append(names, w.Name)
			}
		}
		p.errorf(k.Span, "expected an hhdb keyword after 'hhdb': %s", strings.Join(names, " "))
		return nil
	}
	if kw.Field == "" {
		p.errorf(source.Join(t.Span, k.Span), "hhdb %s: %s", name, strings.TrimPrefix(kw.Meaning, "hhdb "+name+" "))
		return nil
	}
	n := &Node{Kind: KHHDB, Span: source.Join(t.Span, k.Span), Str: kw.Name}
	if kw.Type == 's' {
		return p.implicitSearch(n)
	}
	return n
}

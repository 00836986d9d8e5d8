package engine

import (
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// reservedWords is the CQL 6.2 reserved-word list (the language
// reference's, as collected in the project's feature inventory) plus the
// extensions cqlvm parses.
const reservedWords = `abs all ancestor and any anydirection arrow ascii assert attack attacked
attackedby attacks atomic between black btm by capture captures castle check
child cql colortype comment connectedpawns consecutivemoves count countmoves
currentmove currentposition curpos currenttransform dark date depth descendant
diagonal dictionary dihedral distance doubledpawns down echo eco elo else
enpassant enpassantsquare equal event eventdate extension false fen file find
firstmatch flip flipcolor flipdihedral fliphorizontal flipvertical focus from
function gamenumber hascomment hhdb horizontal idealmate idealstalemate if in
indexof initial initialposition input int isbound isolatedpawns isunbound
keepallbest lastgamenumber lastposition lca left legal light line local loop
lowercase maindiagonal mainline makesquare matchcount matchstring mate max
message min modelmate modelstalemate move movenumber nestban northeast northwest
nosort not notransform null nullmove o-o o-o-o offdiagonal oldline or
originalcomment orthogonal output parent passedpawns path pathcount
pathcountunfocused pathdebug pathlastposition pathstart persistent pgn piece
pieceid piecename piecepath pin player ply position positionid power previous
primary promote pseudolegal puremate purestalemate quiet rank ray readfile
removecomment result reversecolor right rotate45 rotate90 secondary settag shift
shifthorizontal shiftvertical sidetomove silent similarposition singlecolor site
sort sqrt southeast southwest square stalemate str string substring tag terminal
then through title to transform true try type typename unbind up uppercase
variation variations verbose vertical virtualmainline while white writefile wtm
xray year removetag`

func TestHelpCoversEveryKeyword(t *testing.T) {
	for _, w := range strings.Fields(reservedWords) {
		if _, ok := HelpTables().Lookup(w); !ok {
			t.Errorf("cqlvm help %s: no entry", w)
		}
	}
	seen := map[string]bool{}
	for _, h := range HelpTables().Filters {
		if seen[h.Name] {
			t.Errorf("%s is in the table twice", h.Name)
		}
		seen[h.Name] = true
		if h.Syntax == "" || h.Meaning == "" || strings.Contains(h.Meaning, "\n") {
			t.Errorf("%s: syntax and a one-line meaning are required", h.Name)
		}
		// an entry that is a word must be one the parser knows
		if isWord(h.Name) && !syntax.IsReserved(h.Name) && !strings.Contains(reservedWords, h.Name) {
			t.Errorf("%s is not a CQL keyword", h.Name)
		}
	}
}

func isWord(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

func TestHelpAliases(t *testing.T) {
	h := HelpTables()
	for alias, want := range map[string]string{"⬓": "flipcolor", "≤": "==", "PIN": "pin"} {
		e, ok := h.Lookup(alias)
		if !ok || e.Name != want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", alias, e.Name, ok, want)
		}
	}
	if e, ok := h.Lookup(":pawncount"); !ok || e.Name != ":pawncount" {
		t.Errorf("Lookup(:pawncount) = %q, %v: the built-ins have entries", e.Name, ok)
	}
	if e, ok := h.LookupOld(":check"); !ok || e.Syntax != ":check" || e.Meaning == "" {
		t.Errorf("LookupOld(:check) = %+v, %v", e, ok)
	}
}

// TestHelpSuggestions: a misspelt topic gets the nearest name, at most
// two edits away whatever its length for a filter; for an old keyword,
// one edit when it has four letters or fewer.
func TestHelpSuggestions(t *testing.T) {
	h := HelpTables()
	for topic, want := range map[string]string{"pinn": "pin", "PINN": "pin", "orr": "or", "ehco": "eco", "nosuchthing": ""} {
		if got := h.SuggestFilter(topic); got != want {
			t.Errorf("SuggestFilter(%q) = %q, want %q", topic, got, want)
		}
	}
	for name, want := range map[string]string{":pawncont": ":pawncount", ":chek": ":check", ":cxx": ""} {
		if got := h.SuggestOld(name); got != want {
			t.Errorf("SuggestOld(%q) = %q, want %q", name, got, want)
		}
	}
}

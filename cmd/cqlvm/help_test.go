package main

import (
	"strings"
	"testing"

	"cqlvm/compiler/syntax"
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
		if _, ok := lookupFilter(w); !ok {
			t.Errorf("cqlvm help %s: no entry", w)
		}
	}
	seen := map[string]bool{}
	for _, h := range filterTable {
		if seen[h.name] {
			t.Errorf("%s is in the table twice", h.name)
		}
		seen[h.name] = true
		if h.syntax == "" || h.meaning == "" || strings.Contains(h.meaning, "\n") {
			t.Errorf("%s: syntax and a one-line meaning are required", h.name)
		}
		// an entry that is a word must be one the parser knows
		if isWord(h.name) && !syntax.IsReserved(h.name) && !strings.Contains(reservedWords, h.name) {
			t.Errorf("%s is not a CQL keyword", h.name)
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

func TestHelpCommand(t *testing.T) {
	r := mustRun(t, nil, "help", "pin")
	if !strings.HasPrefix(r.stdout, "pin [from X] [through Y] [to Z]\n    ") {
		t.Errorf("help pin:\n%s", r.stdout)
	}
	r = mustRun(t, nil, "help", "⬓")
	if !strings.HasPrefix(r.stdout, "flipcolor ") {
		t.Errorf("help with a Unicode symbol:\n%s", r.stdout)
	}
	r = mustRun(t, nil, "help", "≤")
	if !strings.HasPrefix(r.stdout, "A == B ") {
		t.Errorf("help with a Unicode operator (an alias of a word without a line of its own):\n%s", r.stdout)
	}
	r = mustRun(t, nil, "help")
	for _, want := range []string{"usage:", "Exit status", "consecutivemoves", "xray"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help without a topic lacks %q", want)
		}
	}
	r = runCLI(t, nil, "help", "flipcolour")
	if r.status != exitUsage || !strings.Contains(r.stderr, `did you mean "flipcolor"?`) {
		t.Errorf("misspelt topic: exit %d, %s", r.status, r.stderr)
	}
}

// TestHelpOldKeywords: `cqlvm help` lists the CQL-S keywords of the
// built-ins after the CQL 6 filters, and explains each, asked for with
// its colon.
func TestHelpOldKeywords(t *testing.T) {
	r := mustRun(t, nil, "help")
	at := strings.Index(r.stdout, "filters and keywords")
	for _, w := range syntax.OldWords() {
		if at < 0 || !strings.Contains(r.stdout[at:], w.Text) {
			t.Errorf("cqlvm help does not list %s after the filters", w.Text)
		}
		if r := mustRun(t, nil, "help", w.Text); !strings.Contains(r.stdout, w.Text) {
			t.Errorf("cqlvm help %s:\n%s", w.Text, r.stdout)
		}
	}
	if len(syntax.OldWords()) == 0 {
		t.Error("no CQL-S keyword in the kinds table")
	}
}

// TestEngineFlag: --engine names the UCI engine of the CQL-S evaluation
// keywords; a query that evaluates nothing runs without one.
func TestEngineFlag(t *testing.T) {
	r := mustRun(t, nil, "run", "-q", "--engine", "/nonexistent/engine", "-o", "-", "-cql", "mate", samplePGN)
	if !strings.Contains(r.stdout, "[Event ") {
		t.Errorf("no games out of a run with --engine:\n%s", r.stderr)
	}
	if r := mustRun(t, nil, "help", "run"); !strings.Contains(r.stdout, "--engine PATH") {
		t.Errorf("the usage does not mention --engine")
	}
}

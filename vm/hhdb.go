package vm

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// The hhdb filter reads the fields of Harold van der Heijden's endgame
// study database (HHdb) from the places where its PGN export keeps them:
//
//   - Event: the award at its start ("3.p", "1/2.p", ".c", "4.hm",
//     "sp.p", "1.sp.hm") and the diagram number after '#';
//   - White: the composers;
//   - Black: the stipulation, GBR code and king squares ("(+0016.32d4g7)")
//     followed by codes (TT, TW, (c), U2, ...);
//   - the comment before the first move: the stipulation when it is not
//     a plain win or draw ("stipulation: mate in 24."), the EG diagram
//     number ("EG#20923");
//   - comments after moves: markers such as <cook>, <main> and <or>.
//
// The fields' behaviour was read off the official CQL 6.2 program on
// hand-made PGN headers (see compiler/hhdb_test.go).

// The fields OpHHDBTest, OpHHDBNum and OpHHDBStr read (Inst.X).
const (
	// logical, from codes written in the Black tag (a substring test)
	HHCorrection        uint8 = iota // (c)
	HHModification                   // (m)
	HHCorrectedSolution              // (s)
	HHVersion                        // (v)
	HHAnticipation                   // AN
	HHColorsReversed                 // CR
	HHTooManyComposers               // MC
	HHPosthumous                     // PH
	HHTheoreticalEnding              // TE
	HHThemeTourney                   // TT
	HHTwin                           // TW
	HHU1                             // U1: dual at move 1
	HHU2                             // U2: dual after move 1
	HHU3                             // U3: White fails
	HHU4                             // U4: White wins in a draw study
	HHU5                             // U5: unreachable position
	HHDual                           // U1 or U2
	HHUnsound                        // any of U1..U5
	HHSound                          // none of U1..U5
	HHCooked                         // a comment of the game holds the marker <cook>
	// logical, about the current position
	HHMarkCook      // the comment after the move holds "<cook"
	HHMarkEG        // <eg>
	HHMarkMain      // <main>
	HHMarkMinorDual // "<minor_dual"
	HHMarkOr        // <or>
	HHMainline      // on the mainline or a variation marked <main>
	HHVariation     // not HHMainline
	// numbers from the award at the start of the Event tag
	HHAward        // the (first) place of any award but a special one
	HHPrize        // the place of a prize
	HHHM           // the place of an honourable mention
	HHCommendation // the place of a commendation
	HHSpecial      // the place of a special award (1 without a number)
	HHMax          // the last place of a shared award (10000 without a number)
	HHEGDiagram    // the number after "EG#" in the first comment
	// strings
	HHComposer     // the White tag
	HHGBR          // stipulation, GBR code and kings from the Black tag
	HHStipulation  // "stipulation: X." in the first comment
	HHDiagram      // after '#' in the Event tag
	HHFirstComment // the comment before the first move
	HHSearch       // Event, White, Black and the first comment, one a line
	// award kinds as match tests: an award (special ones too) of that kind
	HHIsAward
	HHIsPrize
	HHIsHM
	HHIsCommendation
	numHHFields
)

// HHDBFieldNames name the fields, in the order of their constants, as
// the hhdb keywords spell them (the disassembler prints them).
var HHDBFieldNames = [numHHFields]string{
	"(c)", "(m)", "(s)", "(v)", "AN", "CR", "MC", "PH", "TE", "TT", "TW",
	"U1", "U2", "U3", "U4", "U5", "dual", "unsound", "sound", "cooked",
	"<cook>", "<eg>", "<main>", "<minor_dual>", "<or>", "mainline", "variation",
	"award", "prize", "hm", "commendation", "special", "max", "egdiagram",
	"composer", "gbr", "stipulation", "diagram", "firstcomment", "search",
	"award?", "prize?", "hm?", "commendation?",
}

// blackCodes are the codes HHCorrection..HHU5 look for in the Black tag.
var blackCodes = [...]string{"(c)", "(m)", "(s)", "(v)", "AN", "CR", "MC", "PH", "TE", "TT", "TW", "U1", "U2", "U3", "U4", "U5"}

// hhdbMarkers are the texts HHMarkCook..HHMarkOr look for in a comment:
// the official program finds "<cook" and "<minor_dual" with anything
// after them ("<cook TW>", "<cooked>"), the others only whole.
var hhdbMarkers = [...]string{"<cook", "<eg>", "<main>", "<minor_dual", "<or>"}

// hhdbGame holds the fields of the current game, computed once.
type hhdbGame struct {
	serial int // Machine.gameSerial of the game they belong to

	awardKind            byte // 'p', 'h' (hm), 'c' or 0 (none)
	special              bool
	place, last          int64 // award place and last shared place
	egOK                 bool
	eg                   int64
	gbrOK, stipOK, diaOK bool
	gbr, stip, diagram   string
	firstOK              bool
	first                string
	cookOK               bool // cooked computed
	cooked               bool
}

// hhdbPatterns are the patterns of HHdbVI's tags and comments, compiled
// when a query first asks for them, not at every start of cqlvm.
type hhdbPatterns struct {
	award, special, gbr, stip, eg, dia, space *regexp.Regexp
}

var hhdbRe = sync.OnceValue(func() *hhdbPatterns {
	return &hhdbPatterns{
		// the award at the start of the Event tag: [N[/M]].kind, or the
		// special [N[/M].]sp.kind; N/M needs N < M, and N is at least 1
		award:   regexp.MustCompile(`^(?:(\d+)(?:/(\d+))?)?\.(p|hm|c)`),
		special: regexp.MustCompile(`^(?:(\d+)(?:/(\d+))?\.)?sp\.(p|hm|c)`),
		// the stipulation character before the GBR code is one of + , - . /
		// digits : =, as the official program accepts (not '(' nor '#')
		gbr:   regexp.MustCompile(`[+,\-./0-9:=][0-9]{4}\.[0-9]{2}[a-h][1-8][a-h][1-8]`),
		stip:  regexp.MustCompile(`stipulation:\s+([^.]+)\.`),
		eg:    regexp.MustCompile(`EG#([0-9]+)`),
		dia:   regexp.MustCompile(`#(\S+)`),
		space: regexp.MustCompile(`\s+`),
	}
})

// hhdb returns the fields of the current game.
func (m *Machine) hhdb() *hhdbGame {
	h := &m.hh
	if h.serial == m.gameSerial && m.gameSerial != 0 {
		return h
	}
	*h = hhdbGame{serial: m.gameSerial}
	event := m.tagValue("Event")
	if s := hhdbRe().special.FindStringSubmatch(event); s != nil {
		if place, last, ok := awardPlaces(s[1], s[2]); ok {
			h.special, h.awardKind, h.place, h.last = true, s[3][0], place, last
		}
	} else if s := hhdbRe().award.FindStringSubmatch(event); s != nil {
		if place, last, ok := awardPlaces(s[1], s[2]); ok {
			h.awardKind, h.place, h.last = s[3][0], place, last
		}
	}
	if s := hhdbRe().dia.FindStringSubmatch(event); s != nil {
		h.diaOK, h.diagram = true, s[1]
	}
	if s := hhdbRe().gbr.FindString(m.tagValue("Black")); s != "" {
		h.gbrOK, h.gbr = true, s
	}
	if len(m.tree.Nodes) > 0 && m.tree.Comment(0) != "" {
		h.firstOK = true
		h.first = strings.TrimSpace(hhdbRe().space.ReplaceAllString(m.tree.Comment(0), " "))
		if s := hhdbRe().stip.FindStringSubmatch(h.first); s != nil {
			h.stipOK, h.stip = true, s[1]
		}
		if s := hhdbRe().eg.FindStringSubmatch(h.first); s != nil {
			if v, err := strconv.ParseInt(s[1], 10, 64); err == nil {
				h.egOK, h.eg = true, v
			}
		}
	}
	return h
}

// awardPlaces reads the place N and the last place M of an award
// "N/M": without N the place is 1 and the last 10000, without M the last
// is N. N must be at least 1 and below M.
func awardPlaces(n, m string) (place, last int64, ok bool) {
	if n == "" {
		return 1, 10000, true
	}
	place, err := strconv.ParseInt(n, 10, 64)
	if err != nil || place < 1 {
		return 0, 0, false
	}
	if m == "" {
		return place, place, true
	}
	last, err = strconv.ParseInt(m, 10, 64)
	if err != nil || last <= place {
		return 0, 0, false
	}
	return place, last, true
}

// hhdbCooked: a comment of the game, in its variations too (searched or
// not), holds "<cook".
func (m *Machine) hhdbCooked() bool {
	for i := range m.tree.Nodes {
		if strings.Contains(m.tree.Comment(int32(i)), "<cook") {
			return true
		}
	}
	for _, c := range m.tree.OffComments {
		if strings.Contains(c, "<cook") {
			return true
		}
	}
	return false
}

// hhdbMain: node is on the mainline, or every variation on its way
// from the mainline starts with a move whose comment holds <main>.
func (m *Machine) hhdbMain(node int32) bool {
	nodes := m.tree.Nodes
	for node > 0 {
		p := nodes[node].Parent
		if nodes[p].FirstChild != node && !strings.Contains(m.tree.Comment(node), "<main>") {
			return false
		}
		node = p
	}
	return true
}

// hhdbTest evaluates a logical field.
func (m *Machine) hhdbTest(f uint8) bool {
	switch {
	case f <= HHU5:
		return strings.Contains(m.tagValue("Black"), blackCodes[f])
	case f == HHDual:
		return m.hhdbTest(HHU1) || m.hhdbTest(HHU2)
	case f == HHUnsound:
		for u := HHU1; u <= HHU5; u++ {
			if m.hhdbTest(u) {
				return true
			}
		}
		return false
	case f == HHSound:
		// a dual (U1, U2) leaves a study sound, a cook does not
		return !m.hhdbTest(HHCooked) && !m.hhdbTest(HHU3) && !m.hhdbTest(HHU4) && !m.hhdbTest(HHU5)
	case f == HHCooked:
		h := m.hhdb()
		if !h.cookOK {
			h.cookOK, h.cooked = true, m.hhdbCooked()
		}
		return h.cooked
	case f >= HHMarkCook && f <= HHMarkOr:
		return strings.Contains(m.tree.Comment(m.cur), hhdbMarkers[f-HHMarkCook])
	case f == HHMainline || f == HHVariation:
		return m.hhdbMain(m.cur) == (f == HHMainline)
	case f >= HHIsAward && f <= HHIsCommendation:
		h := m.hhdb()
		return h.awardKind != 0 && (f == HHIsAward || h.awardKind == "phc"[f-HHIsPrize])
	}
	_, ok := m.hhdbNum(f)
	return ok
}

// hhdbNum evaluates a numeric field.
func (m *Machine) hhdbNum(f uint8) (int64, bool) {
	h := m.hhdb()
	switch f {
	case HHEGDiagram:
		return h.eg, h.egOK
	case HHSpecial:
		return h.place, h.special
	}
	if h.awardKind == 0 || h.special {
		return 0, false
	}
	switch f {
	case HHAward:
		return h.place, true
	case HHMax:
		return h.last, true
	case HHPrize, HHHM, HHCommendation:
		return h.place, h.awardKind == "phc"[f-HHPrize]
	}
	return 0, false
}

// hhdbStr evaluates a string field.
func (m *Machine) hhdbStr(f uint8) (string, bool) {
	h := m.hhdb()
	switch f {
	case HHComposer:
		return m.hhdbComposer()
	case HHGBR:
		return h.gbr, h.gbrOK
	case HHStipulation:
		return h.stip, h.stipOK
	case HHDiagram:
		return h.diagram, h.diaOK
	case HHFirstComment:
		return h.first, h.firstOK
	case HHSearch:
		return m.tagValue("Event") + "\n" + m.tagValue("White") + "\n" + m.tagValue("Black") + "\n" + h.first, true
	}
	return "", false
}

// hhdbComposer: the composers. With the code MC in the Black tag they are
// the comment before the first move up to its first '.' (the White tag
// holds the first ones and NN); otherwise the White tag without final
// dots and blanks, nor a final "NN" (an unknown composer) after a blank
// or a comma, as the official program reads it ("A=B NN" is A=B, "A." is
// A, "A.NN" stays).
func (m *Machine) hhdbComposer() (string, bool) {
	if m.hhdbTest(HHTooManyComposers) {
		c := m.hhdb().first
		i := strings.IndexByte(c, '.')
		if i < 0 {
			return "", false
		}
		return c[:i], true
	}
	w := strings.TrimRight(m.tagValue("White"), ". ")
	if n := len(w); n > 2 && strings.HasSuffix(w, "NN") && (w[n-3] == ' ' || w[n-3] == ',') {
		w = strings.TrimSuffix(w[:n-2], " ")
	}
	return w, w != ""
}

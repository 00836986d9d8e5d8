package cqls

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// The variant keywords of CQL-S, lowered to cqlvm's variant filters
// (variant, checkcount, drop: cqlvm extensions of CQL 6).

// variantNames maps the names of variants a script may give (Scidb's,
// Lichess's, FICS's, compared without case, blanks, '-' and '_') to
// Lichess's, which the variant filter gives.
var variantNames = map[string]string{
	"normal": "Standard", "standard": "Standard", "chess": "Standard", "classical": "Standard",
	"chess960": "Chess960", "fischerandom": "Chess960", "fischerrandom": "Chess960", "frc": "Chess960", "wildfr": "Chess960",
	"crazyhouse": "Crazyhouse", "zh": "Crazyhouse", "house": "Crazyhouse",
	"antichess": "Antichess", "giveaway": "Antichess", "suicide": "Antichess",
	"atomic":        "Atomic",
	"kingofthehill": "King of the Hill", "koth": "King of the Hill",
	"threecheck": "Three-check", "3check": "Three-check",
	"horde":       "Horde",
	"racingkings": "Racing Kings",
}

func variantKey(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if c != ' ' && c != '-' && c != '_' && c != '/' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// variantTest is `variant == "NAME"` for the variant named w, or nil.
func (p *parser) variantTest(sp source.Span, w string) *syntax.Node {
	name, ok := variantNames[variantKey(w)]
	if !ok {
		return nil
	}
	return conj(sp, p.template(sp, fmt.Sprintf("variant == %q", name)))
}

// lowerVariant: `:variant V,W ...`, the game is of one of the variants
// named.
func lowerVariant(p *parser, l *plist, a *args) {
	var alts []*syntax.Node
	for _, w := range a.words {
		for _, f := range strings.Split(w.text, ",") {
			if f == "" {
				continue
			}
			n := p.variantTest(w.span, f)
			if n == nil {
				p.failf(w.span, "%s: unknown variant %q (cqlvm reads Standard, Chess960, Crazyhouse, Antichess, Atomic, King of the Hill, Three-check, Horde and Racing Kings)", a.kw, f)
			}
			alts = append(alts, n)
		}
	}
	if len(alts) == 0 {
		p.failf(a.kw.span, "%s needs a variant name", a.kw)
	}
	l.add(orAll(alts))
}

// lowerCheckCount: `:checkcount N`, the move into the position gave the
// N-th check of its side (N from 1 to 3; 0: no check given yet by
// either side); `:checkcount +W+B`, White has given W checks and Black
// B. Outside Three-check every count is 0.
func lowerCheckCount(p *parser, l *plist, a *args) {
	if len(a.words) != 1 {
		p.failf(a.kw.span, "%s needs one count: N or +W+B", a.kw)
	}
	w := a.words[0]
	if rest, ok := strings.CutPrefix(w.text, "+"); ok {
		ws, bs, ok := strings.Cut(rest, "+")
		white, err1 := strconv.Atoi(ws)
		black, err2 := strconv.Atoi(bs)
		if !ok || err1 != nil || err2 != nil || white < 0 || white > 3 || black < 0 || black > 3 {
			p.failf(w.span, "%s %s: want +W+B with W and B from 0 to 3", a.kw, w.text)
		}
		l.add(conj(w.span, p.template(w.span, fmt.Sprintf("checkcount white == %d  checkcount black == %d", white, black))))
		return
	}
	n, err := strconv.Atoi(w.text)
	switch {
	case err != nil || n < 0 || n > 3:
		p.failf(w.span, "%s %s: want a count from 0 to 3 or +W+B", a.kw, w.text)
	case n == 0:
		l.add(conj(w.span, p.template(w.span, "checkcount white == 0  checkcount black == 0")))
	default:
		l.add(conj(w.span, p.template(w.span, fmt.Sprintf("check  checkcount == %d", n))))
	}
}

// The variant keywords rewritten to fixed CQL 6 text with cqlvm's
// variant filters.
const (
	// the side to move has a capture, which Antichess makes compulsory
	mustCapture = `variant == "Antichess"  move legal capture .`
	// Antichess: a side has lost all its pieces
	losing = `variant == "Antichess"  (#A == 0 or #a == 0)`
	// the next move drops no piece
	noPieceDrop = "not (child : drop)"
)

// headerVariants reads the variants a Scidb script is meant for from its
// first line, `; CQL-S 1.0 (Crazyhouse Atomic) ...`: the words of the
// first parenthesised group that name variants. A script without such a
// line, or whose group names none, is for every variant.
func headerVariants(text string) []string {
	line, _, _ := strings.Cut(text, "\n")
	line = strings.TrimLeft(strings.TrimSpace(line), ";")
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "CQL-S")
	if !ok {
		return nil
	}
	_, group, open := strings.Cut(rest, "(")
	group, _, closed := strings.Cut(group, ")")
	if !open || !closed {
		return nil
	}
	var names []string
	for _, w := range strings.FieldsFunc(group, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		if _, known := variantNames[variantKey(w)]; known {
			names = append(names, w)
		}
	}
	return names
}

// honourVariantHeader makes the query match only games of the variants
// its first line lists (headerVariants).
func (p *parser) honourVariantHeader() {
	names := headerVariants(p.src.Text)
	if len(names) == 0 {
		return
	}
	sp := source.Span{}
	if len(p.file.Body) > 0 {
		sp = p.file.Body[0].Span
	}
	alts := make([]*syntax.Node, len(names))
	for i, w := range names {
		alts[i] = p.variantTest(sp, w)
	}
	p.file.Body = append([]*syntax.Node{orAll(alts)}, p.file.Body...)
}

package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Query is a generated query: its header and its body, a list node whose
// items are the top-level filters.
type Query struct {
	Header string // "cql()" or "cql(variations)"
	Body   *Node
}

// Text renders the whole query file.
func (q *Query) Text() string {
	return q.Header + "\n" + q.Body.Render() + "\n"
}

func (q *Query) clone() *Query { return &Query{Header: q.Header, Body: q.Body.clone()} }

type variable struct {
	name string
	kind Kind
}

type function struct {
	name string
	kind Kind // kind of the value of a call
}

// Gen generates random well-typed CQL 6.2 queries.
type Gen struct {
	r      *rand.Rand
	names  []string // substrings of player names found in the test games
	vars   []variable
	fns    []function
	dicts  []string
	n      int // counter for fresh names
	sorts  int
	budget int // nodes left; at zero only leaves are produced
}

// NewGen returns a generator seeded with seed; names are player-name
// fragments to search for (may be empty).
func NewGen(seed uint64, names []string) *Gen {
	return &Gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), names: names}
}

func (g *Gen) intn(n int) int        { return g.r.IntN(n) }
func (g *Gen) chance(p float64) bool { return g.r.Float64() < p }
func (g *Gen) one(xs ...string) string {
	return xs[g.intn(len(xs))]
}

func (g *Gen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

// Query generates one query.
func (g *Gen) Query() *Query {
	g.vars, g.fns, g.dicts, g.n, g.sorts = nil, nil, nil, 0, 0
	g.budget = 40 + g.intn(40)
	h := "cql()"
	if g.chance(0.4) {
		h = "cql(variations)"
	}
	var items []*Node
	if g.chance(0.12) {
		items = append(items, g.funcDef())
	}
	if g.chance(0.06) {
		items = append(items, g.dictItems()...)
	}
	n := 1 + g.intn(3)
	// A selective filter first most of the time, so that queries match
	// some positions but not all.
	if g.chance(0.7) {
		items = append(items, g.selective())
	}
	for i := 0; i < n; i++ {
		items = append(items, g.item(3))
	}
	if g.chance(0.08) {
		items = append(items, g.sortItem(2))
	}
	if g.chance(0.05) {
		items = append(items, g.echo())
	}
	return &Query{Header: h, Body: list(KAny, "", "", items, g.seps(len(items), true))}
}

// seps returns separators between n items: mostly newlines, sometimes
// spaces, tabs, comments, blank lines.
func (g *Gen) seps(n int, top bool) []string {
	var s []string
	for i := 1; i < n; i++ {
		switch x := g.intn(20); {
		case x < 10:
			if top {
				s = append(s, "\n")
			} else {
				s = append(s, " ")
			}
		case x < 13:
			s = append(s, " ")
		case x < 15:
			s = append(s, "\n\t")
		case x < 16:
			s = append(s, " // note "+g.one("a", "x y", "--> not code", "{")+"\n")
		case x < 17:
			s = append(s, " /* "+g.one("c", "multi\nline", "K--k")+" */ ")
		case x < 18:
			s = append(s, "\n\n")
		case x < 19:
			s = append(s, "\n  \t")
		default:
			s = append(s, "\t")
		}
	}
	return s
}

// compound wraps items in braces, sometimes laid out over lines.
func (g *Gen) compound(k Kind, items []*Node) *Node {
	open, close := "{", "}"
	switch g.intn(6) {
	case 0:
		open, close = "{\n  ", "\n}"
	case 1:
		open, close = "\n{\n\t", "\n}\n"
	case 2:
		open, close = "{ ", " }"
	}
	n := list(k, open, close, items, g.seps(len(items), false))
	return n
}

// selective returns a filter that few positions match.
func (g *Gen) selective() *Node {
	switch g.intn(14) {
	case 0:
		return leaf(KLog, g.one("check", "mate", "stalemate", "o-o", "o-o-o", "castle", "enpassant", "terminal", "initial"))
	case 1:
		return op(KLog, pLow, at(g.pieceDesignator(), pAtom), g.dashOp(false), at(g.pieceDesignator(), pAtom))
	case 2:
		return op(KLog, pLow, g.one("--=", "――=", "--=")+g.one("Q", "R", "B", "N", "[RBN]", "\"RBN\"", "♘"))
	case 3:
		return op(KLog, pCmp, at(leaf(KNum, "#"+g.one("A", "a", "[Aa]", "P", "p", "[Pp]", "_")), pCmp+1), " "+g.one("<=", "==", ">=", "<", ">")+" ", at(g.numLit(4, 30), pCmp))
	case 4:
		return op(KLog, pLow, "move "+g.one("", "legal ", "previous ")+"from ", at(g.pieceDesignator(), pDir), " to ", at(g.pieceDesignator(), pDir))
	case 5:
		return leaf(KLog, g.one("result 1-0", "result 0-1", "result 1/2-1/2", "variation", "mainline"))
	case 6:
		return op(KLog, pCmp, "ply "+g.one(">", "<", "==", ">=")+" ", at(g.numLit(0, 80), pCmp))
	case 7:
		return g.gameInfo()
	case 8:
		return op(KLog, pCmp, at(g.attackSet(1), pCmp+1), " "+g.one(">=", ">", "==")+" ", at(g.numLit(1, 3), pCmp))
	case 9:
		return op(KLog, pLow, g.transformWord(), " ", g.compound(KLog, []*Node{leaf(KLog, g.one("btm", "wtm")), g.logic(2)}))
	case 10:
		return g.pinSet(1)
	default:
		return g.logic(2)
	}
}

func (g *Gen) numLit(lo, hi int) *Node {
	return leaf(KNum, fmt.Sprint(lo+g.intn(hi-lo+1)))
}

// item is one constituent of the body or of a compound.
func (g *Gen) item(d int) *Node {
	switch x := g.intn(20); {
	case x < 2:
		return g.assign(d)
	case x < 3:
		return g.setv(d)
	case x < 4:
		return g.comment(d)
	default:
		return g.logic(d)
	}
}

func (g *Gen) spend() bool {
	if g.budget <= 0 {
		return false
	}
	g.budget--
	return true
}

// ---- sets -------------------------------------------------------------

var pieceLetters = []string{"K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "A", "a", "_"}
var unicodePieces = map[string]string{
	"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘", "P": "♙",
	"k": "♚", "q": "♛", "r": "♜", "b": "♝", "n": "♞", "p": "♟",
	"A": "△", "a": "▲", "_": "□",
}

func (g *Gen) pieceLetter() string {
	l := pieceLetters[g.intn(len(pieceLetters))]
	if g.chance(0.15) {
		return unicodePieces[l]
	}
	return l
}

func (g *Gen) file() string { return string(rune('a' + g.intn(8))) }
func (g *Gen) rank() string { return string(rune('1' + g.intn(8))) }

func (g *Gen) squareSpec() string {
	switch g.intn(6) {
	case 0, 1:
		return g.file() + g.rank()
	case 2:
		a, b := g.intn(8), g.intn(8)
		if a > b {
			a, b = b, a
		}
		return fmt.Sprintf("%c-%c%s", 'a'+a, 'a'+b, g.rank())
	case 3:
		a, b := g.intn(8), g.intn(8)
		if a > b {
			a, b = b, a
		}
		return fmt.Sprintf("%s%c-%c", g.file(), '1'+a, '1'+b)
	case 4:
		return g.one("a-d1-4", "e-h5-8", "c-f3-6", "a-h1-8", "b-g2-7")
	default:
		// ascending rank range: the reference's lexer rejects e8-7
		return "[" + g.file() + g.rank() + "," + g.file() + g.one("1", "2", "5") + "-" + g.one("7", "8") + "]"
	}
}

// pieceDesignator returns a random piece designator (an atom).
func (g *Gen) pieceDesignator() *Node {
	var s string
	switch g.intn(12) {
	case 0:
		s = g.one(".", "▦", "[Aa]", "◭", "A", "a", "_")
	case 1, 2:
		// both letters ASCII or both Unicode: the reference's lexer
		// rejects a mix such as [N♕]
		// and two different letters: [QQ] is an error there
		i := g.intn(len(pieceLetters))
		a, b := pieceLetters[i], pieceLetters[(i+1+g.intn(len(pieceLetters)-1))%len(pieceLetters)]
		if g.chance(0.15) {
			a, b = unicodePieces[a], unicodePieces[b]
		}
		s = "[" + a + b + "]"
		if g.chance(0.3) {
			s += g.squareSpec()
		}
	case 3, 4:
		s = g.pieceLetter() + g.squareSpec()
	case 5:
		s = g.squareSpec()
	default:
		s = g.pieceLetter()
	}
	return leaf(KSet, s)
}

func (g *Gen) varOf(k Kind) *Node {
	var c []variable
	for _, v := range g.vars {
		if v.kind == k {
			c = append(c, v)
		}
	}
	if len(c) == 0 {
		return nil
	}
	return leaf(k, c[g.intn(len(c))].name)
}

func (g *Gen) setAtom() *Node {
	if g.chance(0.2) {
		if v := g.varOf(KSet); v != nil {
			return v
		}
	}
	if g.chance(0.12) {
		l := leaf(KSet, g.one("from", "to", "passedpawns", "isolatedpawns", "doubledpawns", "connectedpawns"))
		if t := l.Parts[0]; t == "from" || t == "to" {
			// a bare from/to after a filter that takes parameters would be
			// read as one: always parenthesised
			l.Prec = 2
		}
		return l
	}
	return g.pieceDesignator()
}

func (g *Gen) attackSet(d int) *Node {
	w := g.one(" attacks ", " attackedby ", " -> ", " <- ", " → ", " ← ", "->", "<-")
	return op(KSet, pAttack, at(g.setv(d-1), pAttack+1), w, at(g.setv(d-1), pAttack+1))
}

func (g *Gen) dirWord() string {
	return g.one("up", "down", "left", "right", "northeast", "northwest", "southeast", "southwest",
		"diagonal", "orthogonal", "vertical", "horizontal", "anydirection", "maindiagonal", "offdiagonal")
}

func (g *Gen) dirRange() string {
	switch g.intn(5) {
	case 0:
		return fmt.Sprintf(" %d", 1+g.intn(3))
	case 1:
		a := g.intn(3)
		return fmt.Sprintf(" %d %d", a, a+1+g.intn(4))
	default:
		return ""
	}
}

func (g *Gen) pinSet(d int) *Node {
	parts := []any{"pin"}
	for _, p := range []string{"from", "through", "to"} {
		if g.chance(0.4) {
			parts = append(parts, " "+p+" ", at(g.setv(d-1), pDir))
		}
	}
	return op(KSet, pLow, parts...)
}

// setv generates a set filter.
func (g *Gen) setv(d int) *Node {
	if d <= 0 || !g.spend() || g.chance(0.3) {
		return g.setAtom()
	}
	switch g.intn(17) {
	case 0, 1:
		w := g.one(" & ", " | ", "&", " ∩ ", " ∪ ", "|")
		p := pInter
		if strings.Contains(w, "|") || strings.Contains(w, "∪") {
			p = pUnion
		}
		return op(KSet, p, at(g.setv(d-1), p), w, at(g.setv(d-1), p+1))
	case 2:
		return op(KSet, pCompl, "~", at(g.setv(d-1), pCompl+1))
	case 3, 4:
		return g.attackSet(d)
	case 5:
		return op(KSet, pAtom, "between("+g.one("", " "), at(g.setv(d-1), pDir), " ", at(g.setv(d-1), pDir), ")")
	case 6, 7:
		return op(KSet, pDir, g.dirWord()+g.dirRange()+" ", at(g.setv(d-1), pDir))
	case 8:
		w := g.one("ray", "ray orthogonal", "ray diagonal", "ray "+g.dirWord(), "xray", "ray attack")
		parts := []any{w + " (", at(g.setv(d-1), pDir), " ", at(g.setv(d-1), pDir)}
		if g.chance(0.4) {
			parts = append(parts, " ", at(g.setv(d-1), pDir))
		}
		parts = append(parts, ")")
		return op(KSet, pAtom, parts...)
	case 9:
		return g.pinSet(d)
	case 10:
		return op(KSet, pDir, g.one("light ", "dark "), at(g.setv(d-1), pDir))
	case 11:
		return g.moveFilter(d, true)
	case 12:
		return op(KSet, pLow, g.transformWord(), " ", at(g.setv(d-1), pLow))
	case 13:
		return g.squareLoop(d, KSet)
	case 14:
		return op(KSet, pColon, at(g.posAtom(), pAtom), ":", at(g.setv(d-1), pColon))
	case 15:
		if g.chance(0.2) {
			// Set difference: cqlvm accepts it, the reference does not
			// (a known disagreement kept rare).
			return op(KSet, pAdd, at(g.setv(d-1), pAdd), " - ", at(g.setv(d-1), pAdd+1))
		}
		return op(KSet, pAtom, "makesquare("+fmt.Sprint(1+g.intn(8))+" "+fmt.Sprint(1+g.intn(8))+")")
	default:
		if f := g.call(KSet, d); f != nil {
			return f
		}
		return g.setAtom()
	}
}

// ---- numbers ----------------------------------------------------------

func (g *Gen) numAtom() *Node {
	if g.chance(0.15) {
		if v := g.varOf(KNum); v != nil {
			return v
		}
	}
	switch g.intn(10) {
	case 0, 1, 2:
		return g.numLit(0, 9)
	case 3:
		return op(KNum, pHash, "#", at(g.setAtom(), pUnion))
	case 4:
		return op(KNum, pRank, g.one("rank ", "file "), at(leaf(KSet, g.one("K", "k", "♔", "♚")), pUnion))
	case 5:
		return leaf(KNum, g.one("ply", "movenumber", "positionid", "depth", "gamenumber", "sidetomove", "white", "black"))
	case 6:
		return op(KNum, pRank, "power ", at(g.setAtom(), pUnion))
	case 7:
		return op(KNum, pLow, "countmoves "+g.one("", "legal ", "pseudolegal ")+g.one("--", "K--", "A--a", "[Nn]--", "――"))
	case 8:
		return leaf(KNum, g.one("year", "elo white", "elo black"))
	default:
		return op(KNum, pHash, "#", at(g.setAtom(), pUnion))
	}
}

// num generates a numeric filter.
func (g *Gen) num(d int) *Node {
	if d <= 0 || !g.spend() || g.chance(0.3) {
		return g.numAtom()
	}
	switch g.intn(18) {
	case 0, 1:
		return op(KNum, pAdd, at(g.num(d-1), pAdd), g.one(" + ", " - ", "+", "-"), at(g.num(d-1), pAdd+1))
	case 2:
		return op(KNum, pMul, at(g.num(d-1), pMul), g.one(" * ", " / ", " % ", "*"), at(g.num(d-1), pMul+1))
	case 3:
		return op(KNum, pAbs, g.one("abs ", "sqrt "), at(g.num(d-1), pAdd))
	case 4:
		parts := []any{g.one("max(", "min("), at(g.num(d-1), pDir), " ", at(g.num(d-1), pDir)}
		if g.chance(0.3) {
			parts = append(parts, " ", at(g.num(d-1), pDir))
		}
		return op(KNum, pAtom, append(parts, ")")...)
	case 5:
		return op(KNum, pRank, g.one("rank ", "file ", "type "), at(g.setv(d-1), pUnion))
	case 6:
		return op(KNum, pHash, "#", at(g.setv(d-1), pUnion))
	case 7:
		return op(KNum, pLow, "find "+g.one("all ", "all quiet ", "2 5 ", "1 100 "), at(g.logic(d-1), pLow))
	case 8:
		return op(KNum, pLow, g.countingTransformWord()+" count ", at(g.logic(d-1), pLow))
	case 9:
		return g.line(d)
	case 10:
		return g.path(d)
	case 11:
		return op(KNum, pColon, at(g.posAtom(), pAtom), ":", at(g.num(d-1), pColon))
	case 12:
		return op(KNum, pAtom, "distance(", at(g.pos(d-1), pDir), " ", at(g.pos(d-1), pDir), ")")
	case 13:
		return op(KNum, pHash, "#", at(g.str(d-1), pUnion))
	case 14:
		if v := g.varOf(KSet); v != nil && g.chance(0.5) {
			return op(KNum, pHash, "#", at(v, pUnion))
		}
		return op(KNum, pLow, "countmoves legal ", at(g.pieceDesignator(), pAtom), "--", at(g.pieceDesignator(), pAtom))
	case 15:
		if len(g.dicts) > 0 {
			return op(KNum, pHash, "#"+g.dicts[g.intn(len(g.dicts))])
		}
		return g.numAtom()
	case 16:
		return op(KNum, pLow, "move legal count ", g.one("from ", "to "), at(g.setAtom(), pDir))
	default:
		if f := g.call(KNum, d); f != nil {
			return f
		}
		return g.numAtom()
	}
}

// ---- logical ----------------------------------------------------------

var statusWords = []string{"check", "mate", "stalemate", "wtm", "btm", "initial", "terminal",
	"mainline", "variation", "true", "false", "castle", "o-o", "o-o-o", "enpassant",
	"primary", "secondary", "check", "wtm", "btm"}

func (g *Gen) logAtom() *Node {
	if g.chance(0.1) {
		return g.gameInfo()
	}
	return leaf(KLog, statusWords[g.intn(len(statusWords))])
}

func (g *Gen) gameInfo() *Node {
	switch g.intn(5) {
	case 0:
		return leaf(KLog, "result "+g.one("1-0", "0-1", "1/2-1/2"))
	case 1:
		return op(KLog, pCmp, leaf(KNum, g.one("year", "elo white", "elo black")), " "+g.one("<", ">", ">=")+" ", leaf(KNum, g.one("1990", "2000", "2010", "2400", "2600")))
	default:
		name := "Ka"
		if len(g.names) > 0 {
			name = g.names[g.intn(len(g.names))]
		}
		return leaf(KLog, g.one("player white", "player black", "player")+" \""+name+"\"")
	}
}

func (g *Gen) cmpOp() string {
	return g.one(" < ", " <= ", " == ", " != ", " >= ", " > ", " ≤ ", " ≥ ", " ≠ ", "<", "==", ">=")
}

// dashOp returns a dash operator; capture is true for [x] and ×.
func (g *Gen) dashOp(allowCapture bool) string {
	if allowCapture && g.chance(0.25) {
		return g.one("[x]", "×")
	}
	return g.one("--", "--", "――")
}

// dash generates a dash filter F--G(targets).
func (g *Gen) dash(d int) *Node {
	legal := ""
	if g.chance(0.25) {
		legal = g.one("legal ", "pseudolegal ")
	}
	w := g.dashOp(legal == "")
	var parts []any
	if legal != "" {
		parts = append(parts, legal)
	}
	if g.chance(0.6) {
		parts = append(parts, at(g.dashSide(true), pAtom))
	}
	parts = append(parts, w)
	promo := legal == "" && (w == "--" || w == "――") && g.chance(0.15)
	if g.chance(0.5) {
		// no variable on the right of a promotion: "--X=Q" reads as an assignment
		parts = append(parts, at(g.dashSide(!promo), pAtom))
	}
	if promo {
		parts = append(parts, "="+g.one("Q", "R", "B", "N", "[RBN]", "\"RBN\"", "♕"))
	}
	if g.chance(0.35) {
		if legal != "" {
			parts = append(parts, "("+g.one("o-o", "o-o-o", "castle", "enpassant")+")")
		} else {
			parts = append(parts, "(", at(g.logic(d-1), pLow), ")")
		}
	}
	return op(KLog, pLow, parts...)
}

func (g *Gen) dashSide(vars bool) *Node {
	if vars && g.chance(0.15) {
		if v := g.varOf(KSet); v != nil {
			return v
		}
	}
	return g.pieceDesignator()
}

func (g *Gen) moveFilter(d int, set bool) *Node {
	mode := g.one("", "", "legal ", "previous ", "pseudolegal ")
	if set {
		// the reference gives only a plain move a set value (not move
		// legal, pseudolegal or previous)
		mode = ""
	}
	parts := []any{"move " + mode}
	var n int
	if set || g.chance(0.7) {
		for _, p := range []string{"from", "to", "capture"} {
			if p == "capture" && (mode == "legal " || mode == "pseudolegal ") {
				// the reference does not support capture with legal
				continue
			}
			if g.chance(0.5) || (set && n == 0 && p == "to") {
				parts = append(parts, p+" ", at(g.setv(d-1), pDir), " ")
				n++
			}
		}
	}
	promote, null := false, false
	if mode == "" || mode == "previous " {
		if g.chance(0.2) {
			parts = append(parts, "promote "+g.one("Q", "R", "B", "N", "[RBN]")+" ")
			promote = true
		}
		if g.chance(0.1) {
			w := g.one("primary ", "secondary ", "null ")
			null = w == "null "
			if !(null && promote) { // the reference rejects null with promote
				parts = append(parts, w)
			}
		}
	}
	if g.chance(0.1) {
		w := g.one("o-o ", "o-o-o ", "castle ", "enpassant ")
		if !(w == "enpassant " && (promote || null)) { // rejected with promote or null
			parts = append(parts, w)
		}
	}
	if n == 0 && len(parts) == 1 && mode == "" {
		parts = append(parts, "from ", at(g.setAtom(), pDir))
	}
	// trim the trailing blank of the last literal
	if s, ok := parts[len(parts)-1].(string); ok {
		parts[len(parts)-1] = strings.TrimRight(s, " ")
		if parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
	}
	k := KLog
	if n > 0 {
		k = KSet
	}
	return op(k, pLow, parts...)
}

// countingTransformWord is a transform that takes count: not reversecolor,
// a single transform, which the reference refuses to count.
func (g *Gen) countingTransformWord() string {
	for {
		if w := g.transformWord(); w != "reversecolor" {
			return w
		}
	}
}

func (g *Gen) transformWord() string {
	w := g.one("flipcolor", "flip", "fliphorizontal", "flipvertical", "shift", "shifthorizontal",
		"shiftvertical", "rotate90", "reversecolor", "⬓", "✵", "flipcolor", "flipcolor")
	return w
}

// logic generates a logical filter (or any filter used as one).
func (g *Gen) logic(d int) *Node {
	if d <= 0 || !g.spend() || g.chance(0.2) {
		return g.logAtom()
	}
	switch g.intn(30) {
	case 0, 1, 2:
		l := g.num(d - 1)
		r := g.num(d - 1)
		if g.chance(0.3) {
			l = g.setv(d - 1)
		}
		if g.chance(0.1) {
			// chained comparison
			r = op(KLog, pCmp, at(r, pCmp+1), g.one(" == ", " < ", " >= ", "=="), at(g.num(d-1), pCmp))
		}
		return op(KLog, pCmp, at(l, pCmp+1), g.cmpOp(), at(r, pCmp))
	case 3:
		return op(KLog, pCmp, at(g.setv(d-1), pCmp+1), g.one(" == ", " != "), at(g.setv(d-1), pCmp+1))
	case 4:
		return op(KLog, pIn, at(g.setv(d-1), pIn+1), " in ", at(g.setv(d-1), pIn+1))
	case 5:
		return op(KLog, pNot, "not ", at(g.logic(d-1), pNot))
	case 6, 7:
		w, p := g.one(" and ", " or "), pAnd
		if w == " or " {
			p = pOr
		}
		return op(KLog, p, at(g.logic(d-1), p), w, at(g.logic(d-1), p+1))
	case 8, 9:
		return g.dash(d)
	case 10, 11:
		return g.moveFilter(d, false)
	case 12, 13:
		body := g.logic(d - 1)
		if g.chance(0.5) {
			body = g.compound(KLog, []*Node{g.logic(d - 1), g.logic(d - 1)})
		}
		return op(KLog, pLow, g.transformWord(), " ", at(body, pLow))
	case 14:
		return op(KLog, pLow, "find "+g.one("", "<-- ", "quiet ", "all "), at(g.logic(d-1), pLow))
	case 15:
		return op(KLog, pColon, at(g.posAtom(), pAtom), ":", at(g.logic(d-1), pColon))
	case 16:
		parts := []any{"if ", at(g.logic(d-1), pLow), g.one(" then ", " "), at(g.logic(d-1), pLow)}
		if g.chance(0.5) {
			parts = append(parts, " else ", at(g.logic(d-1), pLow))
		}
		return op(KLog, pLow, parts...)
	case 17:
		return g.strTest(d)
	case 18:
		return op(KLog, pAtom, "ancestor(", at(g.pos(d-1), pDir), " ", at(g.pos(d-1), pDir), ")")
	case 19:
		return g.squareLoop(d, KLog)
	case 20:
		return g.compound(KLog, []*Node{g.item(d - 1), g.logic(d - 1)})
	case 21:
		return g.line(d)
	case 22:
		return g.path(d)
	case 23:
		return op(KLog, pLow, "flipcolor "+g.one("count ", "", "2 4 ", "1 ")+"", at(g.logic(d-1), pLow))
	case 24:
		if f := g.call(KLog, d); f != nil {
			return f
		}
		return g.setv(d)
	case 25:
		if len(g.dicts) > 0 {
			return op(KLog, pLow, g.one("", "not ")+g.dicts[g.intn(len(g.dicts))]+"[", at(g.str(d-1), pLow), "]")
		}
		return g.setv(d)
	default:
		return g.setv(d)
	}
}

// squareLoop generates square/piece iteration in its several spellings;
// kind KSet gives the set forms, KLog the "all" forms.
func (g *Gen) squareLoop(d int, k Kind) *Node {
	piece := g.chance(0.4)
	name := g.fresh(map[bool]string{true: "Zp", false: "Sq"}[piece])
	over := g.setv(d - 1)
	if piece && g.chance(0.7) {
		over = g.pieceDesignator()
	}
	g.vars = append(g.vars, variable{name, KSet})
	body := g.logic(d - 1)
	if g.chance(0.5) {
		body = op(KLog, pAttack, at(leaf(KSet, name), pAtom), g.one(" attacks ", " attackedby ", " & "), at(g.setAtom(), pAttack+1))
	}
	g.vars = g.vars[:len(g.vars)-1]
	var head string
	all := k == KLog
	switch {
	case piece && g.chance(0.6):
		head = "piece " + map[bool]string{true: "all ", false: ""}[all] + name + " in "
	case piece:
		head = map[bool]string{true: g.one("∀ ", "[forall] "), false: ""}[all] + "[Aa]" + name + g.one(" ∊ ", " [element] ")
	case g.chance(0.6):
		head = "square " + map[bool]string{true: "all ", false: ""}[all] + name + " in "
	default:
		head = map[bool]string{true: g.one("∀ ", "[forall] "), false: ""}[all] + name + g.one(" ∊ ", " [element] ")
	}
	return op(k, pLow, head, at(over, pUnion), " ", at(body, pLow))
}

func (g *Gen) strTest(d int) *Node {
	switch g.intn(4) {
	case 0:
		return op(KLog, pCmp, at(g.str(d-1), pCmp+1), g.one(" == ", " != ", " < ", " > "), at(g.str(d-1), pCmp+1))
	case 1:
		return op(KLog, pIn, at(leaf(KStr, "\""+g.one("a", "e", "an", "ov", "1", "K")+"\""), pIn+1), " in ", at(g.str(d-1), pIn+1))
	case 2:
		return op(KLog, pCmp, at(g.str(d-1), 22), " ~~ ", leaf(KStr, "\""+g.one("^[A-Z]", "a", "[0-9]+", "(e)", "^$", "[a-h][1-8]", "Ka?")+"\""))
	default:
		return leaf(KLog, g.one("event", "site")+" \""+g.one("ch", "Open", "WCh", "19", "?")+"\"")
	}
}

// ---- positions ---------------------------------------------------------

func (g *Gen) posAtom() *Node {
	if g.chance(0.2) {
		if v := g.varOf(KPos); v != nil {
			return v
		}
	}
	// a bare child is parenthesized: child followed by "(" reads as child(N)
	return leaf(KPos, g.one("parent", "(child)", "child(1)", "initialposition", "currentposition", "∙", "(position 0)", "parent", "(child)"))
}

func (g *Gen) pos(d int) *Node {
	if d <= 0 || !g.spend() || g.chance(0.6) {
		return g.posAtom()
	}
	switch g.intn(3) {
	case 0:
		return op(KPos, pLow, "find "+g.one("", "<-- "), at(g.logic(d-1), pLow))
	case 1:
		return op(KPos, pAtom, "lca(", at(g.pos(d-1), pDir), " ", at(g.pos(d-1), pDir), ")")
	default:
		return op(KPos, pColon, at(g.posAtom(), pAtom), ":", at(g.posAtom(), pColon))
	}
}

// ---- strings -----------------------------------------------------------

func (g *Gen) strAtom() *Node {
	if g.chance(0.2) {
		if v := g.varOf(KStr); v != nil {
			return v
		}
	}
	switch g.intn(6) {
	case 0:
		return leaf(KStr, "\""+g.one("a", "K", "abc", "", "e4", "1-0")+"\"")
	case 1:
		return leaf(KStr, g.one("player white", "player black", "event", "site", "date", "eco", "fen"))
	case 2:
		return op(KStr, pAtom, "str(", at(g.setAtom(), pDir), ")")
	case 3:
		return op(KStr, pRank, g.one("typename ", "piecename "), at(leaf(KSet, g.one("Ke1", "ke8", "Qd1", "e2", "_e4")), pAtom))
	case 4:
		return op(KStr, pAtom, "str(", at(g.numAtom(), pDir), ")")
	default:
		return leaf(KStr, "\""+g.one("x", "Q", "mate", "")+"\"")
	}
}

func (g *Gen) str(d int) *Node {
	if d <= 0 || !g.spend() || g.chance(0.5) {
		return g.strAtom()
	}
	switch g.intn(4) {
	case 0:
		return op(KStr, pAdd, at(g.str(d-1), pAdd), " + ", at(g.str(d-1), pAdd+1))
	case 1:
		return op(KStr, 12, g.one("lowercase ", "uppercase "), at(g.str(d-1), pMul))
	case 2:
		return op(KStr, 22, at(g.strAtom(), pAtom), g.one("[0]", "[1:3]", "[-1]", "[0:2]"))
	default:
		return op(KStr, pAtom, "str(", at(g.num(d-1), pDir), " ", at(g.setAtom(), pDir), ")")
	}
}

// ---- items: assignments, comments, sort, functions, dictionaries, echo --

func (g *Gen) assign(d int) *Node {
	switch g.intn(6) {
	case 0, 1:
		name := g.fresh("Xs")
		n := op(KAny, pLow, name+g.one(" = ", "=", " =? "), at(g.setv(d), pLow))
		g.vars = append(g.vars, variable{name, KSet})
		return n
	case 2:
		if v := g.varOf(KNum); v != nil && g.chance(0.5) {
			return op(KAny, pLow, v.Parts[0].(string)+g.one(" += ", " -= ", " *= "), at(g.num(d-1), pLow))
		}
		name := g.fresh("Xn")
		n := op(KAny, pLow, name+" = ", at(g.num(d), pLow))
		g.vars = append(g.vars, variable{name, KNum})
		return n
	case 3:
		name := g.fresh("Xt")
		n := op(KAny, pLow, name+" = ", at(g.str(d), pLow))
		g.vars = append(g.vars, variable{name, KStr})
		return n
	case 4:
		name := g.fresh("Xp")
		n := op(KAny, pLow, name+" = ", at(g.pos(d), pLow))
		g.vars = append(g.vars, variable{name, KPos})
		return n
	default:
		name := g.fresh("Xpv")
		n := op(KAny, pLow, g.one("piece ", "[Aa]")+name+" = ", at(leaf(KSet, g.one("K", "k", "Qd1", "Ke1", "[Aa]a1")), pLow))
		g.vars = append(g.vars, variable{name, KSet})
		return n
	}
}

func (g *Gen) comment(d int) *Node {
	arg := g.setv(d - 1)
	if g.chance(0.4) {
		arg = g.num(d - 1)
	}
	text := "\"" + g.one("note", "here", "x y") + "\""
	if g.chance(0.3) {
		return op(KAny, pAtom, "/// "+text+" ", at(arg, pDir), "\n")
	}
	return op(KAny, pAtom, "comment("+text+" ", at(arg, pDir), ")")
}

func (g *Gen) sortItem(d int) *Node {
	g.sorts++
	doc := fmt.Sprintf("\"key %d\" ", g.sorts)
	var v *Node
	switch g.intn(3) {
	case 0:
		v = g.num(d)
	case 1:
		v = g.setv(d)
	default:
		v = g.str(d - 1)
	}
	if len(v.Kids) == 0 && v.Kind == KNum && v.Parts[0].(string)[0] <= '9' {
		// a number after sort is an error in 6.2, even in parentheses
		v = g.numAtom()
		if len(v.Kids) == 0 && v.Parts[0].(string)[0] <= '9' {
			v = leaf(KNum, "ply")
		}
	}
	return op(KAny, pLow, "sort "+g.one("", "min ", "max ", "quiet ")+doc, at(v, pLow))
}

func (g *Gen) funcDef() *Node {
	name := g.fresh("Fn")
	arg := g.fresh("Ya")
	saved := g.vars
	g.vars = []variable{{arg, KSet}}
	var body *Node
	var k Kind
	switch g.intn(3) {
	case 0:
		body, k = g.setv(2), KSet
	case 1:
		body, k = g.num(2), KNum
	default:
		body, k = g.logic(2), KLog
	}
	g.vars = saved
	n := op(KAny, pAtom, "function "+name+"("+arg+")"+g.one(" {", "{\n  ", "\n{ "), at(body, pLow), g.one("}", " }", "\n}"))
	g.fns = append(g.fns, function{name, k})
	return n
}

// call returns a call of a defined function with a value of kind k, or nil.
func (g *Gen) call(k Kind, d int) *Node {
	for _, f := range g.fns {
		if f.kind == k {
			return op(k, pAtom, f.name+"(", at(g.setv(d-1), pDir), ")")
		}
	}
	return nil
}

func (g *Gen) dictItems() []*Node {
	name := g.fresh("Dict")
	g.dicts = append(g.dicts, name)
	key := g.strAtom()
	return []*Node{
		leaf(KAny, g.one("dictionary ", "local dictionary ")+name),
		op(KAny, pLow, name+"[", at(key, pLow), "] = ", at(g.numLit(0, 5), pLow)),
	}
}

func (g *Gen) echo() *Node {
	s, t := g.fresh("Src"), g.fresh("Tgt")
	saved := g.vars
	g.vars = append(g.vars[:len(g.vars):len(g.vars)], variable{s, KPos}, variable{t, KPos})
	var body *Node
	switch g.intn(4) {
	case 0:
		body = op(KLog, pCmp, "consecutivemoves ("+s+" "+t+") >= ", at(g.numLit(1, 3), pCmp))
	case 1:
		body = leaf(KLog, s+" & "+t+" == .")
	case 2:
		body = op(KLog, pCmp, "distance("+s+" "+t+") "+g.one("<", ">", "==")+" ", at(g.numLit(1, 5), pCmp))
	default:
		body = op(KLog, pColon, leaf(KPos, t), ":", at(g.logic(1), pColon))
	}
	g.vars = saved
	guard := leaf(KLog, g.one("mate", "stalemate", "initial", "o-o-o"))
	return g.compound(KLog, []*Node{guard, op(KLog, pLow, "echo ("+s+" "+t+") "+g.one("", "in all "), at(body, pLow))})
}

// ---- line and path -------------------------------------------------------

func (g *Gen) rep() string {
	return g.one("", "", "", "*", "+", "?", "{2,3}", "{+}", "{*}", "{1,}", "{,2}", "{2}")
}

func (g *Gen) line(d int) *Node {
	arrow := " --> "
	if g.chance(0.2) {
		arrow = " <-- "
	}
	param := g.one("", "", "singlecolor ", "nestban ", "firstmatch ", "2 10 ", "quiet ")
	if arrow == " <-- " && param == "nestban " {
		param = ""
	}
	parts := []any{"{line " + param}
	n := 2 + g.intn(3)
	for i := 0; i < n; i++ {
		parts = append(parts, arrow)
		c := g.logic(d - 2)
		if c.Prec != pAtom {
			c = g.compound(KLog, []*Node{c})
		}
		parts = append(parts, at(c, pAtom), g.rep())
	}
	parts = append(parts, "}")
	return op(KNum, pAtom, parts...)
}

func (g *Gen) path(d int) *Node {
	parts := []any{"{" + g.one("path ", "⊢ ")}
	if g.chance(0.25) {
		parts = append(parts, "focus ", at(g.pieceDesignator(), pAtom), " ")
	}
	n := 1 + g.intn(3)
	for i := 0; i < n; i++ {
		if i > 0 {
			parts = append(parts, " ")
		}
		switch g.intn(5) {
		case 0:
			if i > 0 {
				// the reference rejects a parenthesised group after
				// another constituent (path -- check (-- check)+)
				parts = append(parts, "--")
				continue
			}
			parts = append(parts, "(-- ", at(g.logAtom(), pAtom), ")"+g.one("+", "*", "{1,2}"))
		case 1:
			parts = append(parts, at(g.pieceDesignator(), pAtom), "--")
		case 2:
			// a simple target: legal at the top of a path is an error
			parts = append(parts, "--(", at(g.logAtom(), pLow), ")")
		case 3:
			if i > 0 {
				// "-- (" is an error after a path's first dash
				parts = append(parts, "-- {", at(g.logAtom(), pLow), "}")
				continue
			}
			parts = append(parts, "-- ", at(g.logAtom(), pAtom))
		default:
			parts = append(parts, "--"+g.one("", "{2,3}", "?"))
		}
	}
	parts = append(parts, "}")
	return op(KNum, pAtom, parts...)
}

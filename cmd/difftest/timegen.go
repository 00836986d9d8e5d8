package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// TimeGen draws queries for the timing mode. Unlike Gen, whose queries
// explore the grammar's corners on a few hundred games, its queries are
// shaped like the ones people write (the manual's examples, the official
// distribution's, bench/heavy): a piece or square loop around a find, a
// line or an echo, a path with focus, a user function, a dictionary, a
// transform, a sort; each theme with its own parameters drawn at random,
// so that no two queries are the same and none is tuned for a shortcut.
type TimeGen struct {
	r *rand.Rand
	n int // counter for fresh names
}

// NewTimeGen returns a generator seeded with seed.
func NewTimeGen(seed uint64) *TimeGen {
	return &TimeGen{r: rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d))}
}

func (g *TimeGen) intn(n int) int         { return g.r.IntN(n) }
func (g *TimeGen) between(lo, hi int) int { return lo + g.intn(hi-lo+1) }
func (g *TimeGen) chance(p float64) bool  { return g.r.Float64() < p }
func (g *TimeGen) one(xs ...string) string {
	return xs[g.intn(len(xs))]
}

// name is a fresh variable name with a readable prefix.
func (g *TimeGen) name(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

// timeTheme is one family of real-style queries; weight is its share of
// the population.
type timeTheme struct {
	name   string
	weight int
	gen    func(*TimeGen) string
}

// timeThemes are the families the timing mode draws from. The weights
// give the loops with find, line, echo and path (the constructs whose
// cost grows with the game) most of the population.
var timeThemes = []timeTheme{
	{"piece-find", 12, (*TimeGen).pieceFind},
	{"piece-find-all", 6, (*TimeGen).pieceFindAll},
	{"square-loop", 8, (*TimeGen).squareLoop},
	{"square-legal", 5, (*TimeGen).squareLegal},
	{"echo", 8, (*TimeGen).echoPairs},
	{"echo-piece", 5, (*TimeGen).echoPiece},
	{"echo-transform", 4, (*TimeGen).echoTransform},
	{"line", 10, (*TimeGen).lineChain},
	{"line-piece", 8, (*TimeGen).linePiece},
	{"path-focus", 7, (*TimeGen).pathFocus},
	{"path-chain", 4, (*TimeGen).pathChain},
	{"function", 6, (*TimeGen).function},
	{"dictionary", 3, (*TimeGen).dictionary},
	{"transform", 6, (*TimeGen).transform},
	{"sort", 5, (*TimeGen).sortQuery},
	{"moves", 6, (*TimeGen).moves},
	{"find-var", 5, (*TimeGen).findVar},
}

// Query draws one query: its theme's name and the text of the file.
func (g *TimeGen) Query() (theme, text string) {
	g.n = 0
	total := 0
	for _, t := range timeThemes {
		total += t.weight
	}
	x := g.intn(total)
	for _, t := range timeThemes {
		if x < t.weight {
			return t.name, "cql()\n" + t.gen(g) + "\n"
		}
		x -= t.weight
	}
	panic("unreachable")
}

// ---- building blocks -------------------------------------------------

// loopPieces are the piece designators a piece loop runs over.
func (g *TimeGen) loopPieces() string {
	return g.one("[QRBN]", "[RQ]", "N", "[Nn]", "B", "[Bb]", "R", "Q", "[Qq]", "[QRBNqrbn]", "[Aa]", "A", "[RBQ]", "K", "[Kk]", "P", "[Pp]", "Pa-h2", "pa-h7", "[QRBNK]")
}

// minorOrMajor is a designator of captured or attacked pieces.
func (g *TimeGen) target() string {
	return g.one("[qr]", "[qrbn]", "q", "r", "[bn]", "a", "[QR]", "[QRBN]", "A", "p", "P")
}

// pieceCondition is something a piece X does in one position, for a find
// inside a piece loop.
func (g *TimeGen) pieceCondition(x string) string {
	switch g.intn(12) {
	case 0:
		return "move from " + x + " capture " + g.target()
	case 1:
		return x + " attacks " + g.one("k", "K", "[kq]", "q", "r")
	case 2:
		return x + "--=" + g.one("A", "a", "[Aa]", "Q", "[RBN]")
	case 3:
		return x + " & " + g.one("a-h8", "a-h1", "d-e4-5", "[a1,a8,h1,h8]", "c-f3-6", "a-h7", "a-h2")
	case 4:
		return "move from " + x + " to " + g.one("up 1", "up 2", "down 1", "horizontal 1", "diagonal 2", "anydirection 1") + " " + x
	case 5:
		return "move from " + x + " check"
	case 6:
		return "#(" + x + " attacks " + g.one("a", "A", "[Aa]", ".") + ") >= " + fmt.Sprint(g.between(2, 5))
	case 7:
		return "pin from " + x
	case 8:
		return x + " attackedby " + g.one("a", "A", "p", "P", "[qr]")
	case 9:
		return "move to " + x + " from " + g.one("[QRBN]", "[qrbn]", "P", "p", "K", "k")
	case 10:
		return "mate  move previous from " + x
	default:
		return x + "--" + g.one("", "[a1,a8,h1,h8]", "d-e4-5", "(check)", "a-h8")
	}
}

// positionFilter is a cheap filter of one position.
func (g *TimeGen) positionFilter() string {
	switch g.intn(14) {
	case 0:
		return "check"
	case 1:
		return "mate"
	case 2:
		return "not check"
	case 3:
		return "move capture " + g.target()
	case 4:
		return "#" + g.one("A", "a", "[Aa]", "P", "p", "[Pp]", "[QRBN]") + " " + g.one("<=", ">=", "<", ">") + " " + fmt.Sprint(g.between(2, 14))
	case 5:
		return g.one("wtm", "btm")
	case 6:
		return "ply > " + fmt.Sprint(g.between(10, 80))
	case 7:
		return "move previous capture " + g.target()
	case 8:
		return g.one("A", "a", "N", "Q", "R") + " attacks " + g.one("k", "K", "q", "Q", "r")
	case 9:
		return "pin through " + g.one("A", "a", "[Qq]")
	case 10:
		return "move from " + g.one("K", "k", "Q", "q", "P", "p", "N", "n") + " to " + g.one("_", ".", "a-h8", "a-h1", "[a-h3-6]")
	case 11:
		return "move promote " + g.one("A", "Q", "[RBN]", "[Aa]")
	case 12:
		return "not move capture ."
	default:
		return "#(A attacks " + g.one("a", "k", "[a-h7-8]", "_") + ") >= " + fmt.Sprint(g.between(2, 6))
	}
}

// maybeComment sometimes adds a comment (rarely a message) naming a
// value, as users do to see where a query matched.
func (g *TimeGen) maybeComment(args ...string) string {
	switch x := g.r.Float64(); {
	case x < 0.15:
		return "  comment(\"" + g.one("here", "found", "theme") + "\" " + strings.Join(args, " ") + ")\n"
	case x < 0.18:
		return "  message(\"" + g.one("seen", "at") + "\" " + strings.Join(args, " ") + ")\n"
	}
	return ""
}

// side sometimes wraps a body in flipcolor, as most published queries do.
func (g *TimeGen) side(body string) string {
	if g.chance(0.35) {
		return "flipcolor {\n" + body + "\n}"
	}
	return body
}

// findRange is what follows "find": nothing, "all", a range of distances
// or (rarely) a backward search.
func (g *TimeGen) findRange() string {
	switch g.intn(6) {
	case 0:
		return "all "
	case 1:
		return fmt.Sprintf("%d %d ", g.between(1, 3), g.between(5, 30))
	case 2:
		return "<-- "
	default:
		return ""
	}
}

// ---- themes ---------------------------------------------------------

// pieceFind: a piece loop whose body looks ahead with one or two finds
// (the Excelsior and Albino themes of the manual).
func (g *TimeGen) pieceFind() string {
	x := g.name(g.one("X", "E", "Z", "Mv"))
	var b strings.Builder
	if g.chance(0.3) {
		b.WriteString(g.one("initial\n", "not initial\n", g.positionFilter()+"\n"))
	}
	fmt.Fprintf(&b, "piece %s in %s {\n", x, g.loopPieces())
	for i := 0; i <= g.intn(2); i++ {
		fmt.Fprintf(&b, "  find %s{ %s }\n", g.findRange(), g.pieceCondition(x))
	}
	b.WriteString(g.maybeComment(x))
	b.WriteString("}")
	return g.side(b.String())
}

// pieceFindAll: a piece loop collecting the squares its piece visits
// (the knight wheel, rook corners).
func (g *TimeGen) pieceFindAll() string {
	x := g.name("Walker")
	seen := g.name("Seen")
	body := fmt.Sprintf("piece %s in %s {\n  %s = %s\n  find all { %s = %s | %s }\n  #(%s & %s) >= %d\n}",
		x, g.loopPieces(), seen, g.one("[]", x), seen, seen, x, seen,
		g.one(".", "a-h3", "[a1,a8,h1,h8]", "d-e4-5", "a-d1-8", "a-h8"), g.between(2, 6))
	if g.chance(0.4) {
		body = g.one("initial", "not initial", "ply < 20") + "\n" + body
	}
	return body
}

// squareLoop: a square loop over a set with a condition on the square,
// or nested loops (undefended attackers, mate patterns).
func (g *TimeGen) squareLoop() string {
	x := g.name("x")
	switch g.intn(4) {
	case 0:
		return g.side(fmt.Sprintf("%s\nsquare all %s in (. attackedby k) & ~a {\n  #(A attacks %s) %s %d\n}", g.one("btm check", "btm mate", "btm", "check"), x, x, g.one("==", ">=", "<="), g.between(0, 2)))
	case 1:
		y := g.name("y")
		return fmt.Sprintf("square %s in %s {\n  square %s in %s {\n    %s attacks %s\n    #(%s attacks %s) %s %d\n  }\n}", x, g.one("a", "[qr]", "[qrbn]", "A"), y, g.one("A", "a", "[QRBN]", "[qrbn]"), y, x, g.one("a", "A"), y, g.one("==", "<=", ">="), g.between(0, 1))
	case 2:
		c := g.name("Cnt")
		return fmt.Sprintf("%s = 0\nsquare all %s in %s {\n  if %s attacks %s %s += 1\n}\n%s >= %d", c, x, g.one("a", "A", "[qrbn]", "_", "a-h6-8"), g.one("A", "a", "[QR]", "P"), x, c, c, g.between(2, 6))
	default:
		return g.side(fmt.Sprintf("#(square %s in %s { %s }) >= %d", x, g.one("a", "[qrbnp]", "_", "a-h5-8"), g.one("pin through "+x, "A attacks "+x, x+" attackedby P", "not "+x+" attackedby a"), g.between(1, 4)))
	}
}

// squareLegal: loops over squares testing legal moves (the manual's
// flight squares and forced moves).
func (g *TimeGen) squareLegal() string {
	x := g.name("sq")
	switch g.intn(3) {
	case 0:
		return fmt.Sprintf("square %s in %s {\n  move legal from %s to %s\n}%s", x, g.one("_", "a-h4-5", "a", "[a-h7-8]"), g.one("N", "n", "K", "k", "[QRB]", "P"), x, "\n"+g.positionFilter())
	case 1:
		return g.side(fmt.Sprintf("wtm\n(move legal count) %s %d\n%s", g.one("<=", "=="), g.between(1, 4), g.one("not check", "check", "#A >= 6")))
	default:
		return g.side(fmt.Sprintf("square %s in (. attackedby K) {\n  not move legal from K to %s\n}\ncheck", x, x))
	}
}

// echoPairs: an echo over pairs of positions of the game (repeated
// boards at a distance, the Fata Morgana theme).
func (g *TimeGen) echoPairs() string {
	var b strings.Builder
	if g.chance(0.4) {
		b.WriteString(g.positionFilter() + "\n")
	}
	b.WriteString("echo (s t) {\n  s < t\n")
	fmt.Fprintf(&b, "  %s\n", g.one("s & t == .", "s:A & A == A", "#(s & t) >= 60", "s:k == k  s:K == K", "s & t == .  sidetomove != s:sidetomove"))
	if g.chance(0.7) {
		fmt.Fprintf(&b, "  t:ply - s:ply >= %d\n", g.between(2, 30))
	}
	if g.chance(0.5) {
		b.WriteString("  sidetomove == s:sidetomove\n")
	}
	b.WriteString("}")
	return b.String()
}

// echoPiece: an echo inside a piece loop (a piece stands elsewhere some
// plies later, two pieces swap squares).
func (g *TimeGen) echoPiece() string {
	z := g.name("Z")
	if g.chance(0.4) {
		w := g.name("W")
		return fmt.Sprintf("piece %s in %s piece %s in %s {\n  echo (s t) {\n    s < t\n    %s == s:%s\n    %s == s:%s\n  }\n}", z, g.one("R", "N", "B", "Q"), w, g.one("r", "n", "b", "q"), z, w, w, z)
	}
	return fmt.Sprintf("piece %s in %s {\n  echo (s t) {\n    s < t\n    t:ply %s s:ply + %d\n    %s\n  }\n}", z, g.loopPieces(), g.one("==", "<=", ">="), g.between(2, 12),
		g.one(z+" & s:"+z+" == 0", z+" == s:"+z, z+" attacks k", "s:"+z+" attacks k"))
}

// echoTransform: an echo whose body holds under a transform (a square
// mirrored, a king march across the board).
func (g *TimeGen) echoTransform() string {
	tr := g.one("flipvertical", "fliphorizontal", "flip", "rotate90", "flipcolor")
	sq1 := g.one("c1", "b2", "d4", "e1", "g1", "f3")
	sq2 := g.one("f1", "g2", "e4", "d1", "b1", "c3")
	pc := g.one("K", "Q", "N", "B", "R")
	return fmt.Sprintf("echo (s t) {\n  s < t\n  %s { s:%s%s %s%s }\n%s}", tr, pc, sq1, pc, sq2, g.one("", "  t:ply - s:ply <= 20\n", "  sidetomove == s:sidetomove\n"))
}

// constituent is one step of a line.
func (g *TimeGen) constituent() string {
	switch g.intn(13) {
	case 0:
		return "check"
	case 1:
		return "not check"
	case 2:
		return "."
	case 3:
		return fmt.Sprintf(".{%d,%d}", g.between(0, 2), g.between(3, 12))
	case 4:
		return "move capture " + g.target()
	case 5:
		return fmt.Sprintf("check{%d,}", g.between(2, 4))
	case 6:
		return "move from " + g.one("K", "k", "Q", "q", "N", "n", "[RQ]")
	case 7:
		return "(move capture .){" + fmt.Sprint(g.between(2, 5)) + ",}"
	case 8:
		return "mate"
	case 9:
		return "move promote " + g.one("A", "a", "[Aa]")
	case 10:
		return "not move capture ."
	case 11:
		return "(check --> not check)+"
	default:
		return g.positionFilter()
	}
}

// lineChain: a line of three to six constituents (check sequences,
// captures, the manual's Phoenix and checkcheckcheck examples).
func (g *TimeGen) lineChain() string {
	n := g.between(3, 6)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = g.constituent()
	}
	q := "line --> " + strings.Join(parts, " --> ")
	if g.chance(0.2) {
		q = fmt.Sprintf("{%s} >= %d", q, g.between(2, 6))
	}
	return g.side(q)
}

// linePiece: a line inside a piece loop (switchback, knight fork,
// Indian, Loyd-Turton, rundlauf).
func (g *TimeGen) linePiece() string {
	x := g.name("X")
	switch g.intn(4) {
	case 0:
		home := g.name("Start")
		return fmt.Sprintf("piece %s in %s {\n  %s = %s\n  line --> move from %s --> (not move from %s){0,%d} --> move from %s to %s\n}", x, g.loopPieces(), home, x, x, x, g.between(2, 10), x, home)
	case 1:
		return g.side(fmt.Sprintf("piece %s in %s {\n  line --> move to . from %s --> . --> move from %s %s\n}", x, g.loopPieces(), x, x, g.one("capture "+g.target(), "check", "to _")))
	case 2:
		y := g.name("Y")
		return g.side(fmt.Sprintf("piece %s in %s piece %s in %s {\n  %s != %s\n  line --> move from %s --> . --> move from %s --> . --> move from %s\n}", x, g.one("[RQ]", "[RQB]", "N", "[NB]"), y, g.one("[RQB]", "[RQ]", "[NB]"), x, y, x, y, g.one(x, y)))
	default:
		return fmt.Sprintf("piece %s in %s {\n  line --> %s-- --> move from ~%s --> %s-- %s\n}", x, g.loopPieces(), x, x, x, g.one("", "--> move from ~"+x+" --> "+x+"--", "--> check"))
	}
}

// pathFocus: path with focus on a piece (consecutive moves of one
// piece, captures included or not, piecepath).
func (g *TimeGen) pathFocus() string {
	z := g.name("Z")
	switch g.intn(3) {
	case 0:
		return fmt.Sprintf("piece %s in %s {\n  path focus %s%s (%s--){%d,}\n}", z, g.loopPieces(), g.one("", "capture "), z, z, g.between(2, 5))
	case 1:
		seen := g.name("Seen")
		return fmt.Sprintf("piece %s in %s {\n  %s = []\n  path focus %s piecepath (%s-- %s = %s | %s)+\n  #%s >= %d\n}", z, g.loopPieces(), seen, z, z, seen, seen, z, seen, g.between(3, 8))
	default:
		return fmt.Sprintf("%d <= path focus %s -- {parent:countmoves legal -- == 1} +", g.between(2, 5), g.one("A", "a"))
	}
}

// pathChain: a dash chain (the manual's checkcheckcheckstalemate and
// greek gift in path form).
func (g *TimeGen) pathChain() string {
	steps := []string{"-- check", "-- not check", g.one("N", "B", "Q", "R", "K") + "--", "--(check)", "-- .", g.one("A", "a") + "--" + g.one("a-h8", "d-e4-5", "_", ".")}
	n := g.between(2, 5)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = steps[g.intn(len(steps))]
	}
	return "path " + strings.Join(parts, " ")
}

// function: a user function called in a loop (guards, pins).
func (g *TimeGen) function() string {
	f := g.name(g.one("Guards", "Pinned", "Hits", "Near"))
	switch g.intn(3) {
	case 0:
		return fmt.Sprintf("function %s(x y) { x attacks y }\n", f) + g.side(fmt.Sprintf("square z in %s { %s(%s z) %s(%s z) }", g.one("a", "[qr]", "[qrbn]"), f, g.one("Q", "R", "B"), f, g.one("R", "N", "P")))
	case 1:
		return fmt.Sprintf("function %s(sq) { pin through sq }\n#(square x in %s { %s(x) }) >= %d", f, g.one("a", "A", "[Aa]"), f, g.between(1, 3))
	default:
		return fmt.Sprintf("function %s(who) { #(who attacks %s) }\npiece Cur in %s { %s(Cur) >= %d }", f, g.one("a", "A", "_", "."), g.loopPieces(), f, g.between(2, 8))
	}
}

// dictionary: a per-game dictionary keyed by the squares a piece visits
// or by the material, filled position by position.
func (g *TimeGen) dictionary() string {
	d := g.name("D")
	switch g.intn(2) {
	case 0:
		return fmt.Sprintf("local dictionary %s\n%s[str(%s)] = 1\n#%s >= %d", d, d, g.one("K", "k", "Q", "[Qq]", "N"), d, g.between(6, 20))
	default:
		return fmt.Sprintf("local dictionary %s\n%s[str(#%s)] = ply\n#%s >= %d\n%s", d, d, g.one("A", "a", "[Aa]", "P"), d, g.between(3, 8), g.positionFilter())
	}
}

// transform: a piece pattern under a transform (shift, flip, rotate90).
func (g *TimeGen) transform() string {
	pat := g.one("{Kc3 Pe3}", "{Rd1 Qd2}", "{Ng5 Bc4}", "{Ka1 qb3}", "{Pe5 pd5 Pd4}", "{Bb2 Qb1 kh8}", "{Nf5 Ph6 kg8}", "{Ra7 Rb7}")
	tr := g.one("shift", "flip", "rotate90", "shifthorizontal", "flipcolor shift", "flipcolor flip", "flipvertical", "fliphorizontal")
	q := "not initial\n" + tr + " " + pat
	if g.chance(0.4) {
		q += "\n" + g.positionFilter()
	}
	return q
}

// sortQuery: a sort over a count or an attack measure.
func (g *TimeGen) sortQuery() string {
	switch g.intn(3) {
	case 0:
		c := g.name("Cnt")
		return fmt.Sprintf("sort max \"attacks\" {\n  %s = 0\n  square all x in %s {\n    if A attacks x %s += 1\n  }\n  %s >= %d\n  %s\n}", c, g.one("a", "_", "a-h5-8"), c, c, g.between(3, 8), c)
	case 1:
		return g.side(fmt.Sprintf("sort \"pinned\" pin through A >= %d", g.between(1, 3)))
	default:
		return fmt.Sprintf("sort %s\"count\" #(%s attacks %s) >= %d", g.one("", "min ", "max "), g.one("A", "a", "[QR]"), g.one("k", "_", "a", "."), g.between(2, 10))
	}
}

// moves: move, legal, pin and attack filters with counting.
func (g *TimeGen) moves() string {
	switch g.intn(4) {
	case 0:
		return g.side(fmt.Sprintf("wtm (move legal count) <= %d %s", g.between(1, 4), g.one("not check", "check", "")))
	case 1:
		return g.side(fmt.Sprintf("#(pin through %s) >= %d", g.one("a", "A"), g.between(2, 3)))
	case 2:
		return g.side(fmt.Sprintf("(A & ~to) attacks k\nnot initial\n%s", g.one("", "check", "move from "+g.one("N", "B", "R"))))
	default:
		return g.side(fmt.Sprintf("check\n#(A attacks k) %s %d\n(move legal count) <= %d", g.one(">=", "=="), g.between(1, 2), g.between(2, 8)))
	}
}

// findVar: a find from every position reading a variable set in the
// current position (the king came back, the material changed later).
func (g *TimeGen) findVar() string {
	v := g.name("Here")
	switch g.intn(3) {
	case 0:
		return fmt.Sprintf("%s = %s\nfind %s{ %s  %s == %s }", v, g.one("K", "k", "Q", "q"), g.findRange(), g.one("check", "mate", "move capture .", "not check"), g.one("K", "k", "Q", "q"), v)
	case 1:
		return fmt.Sprintf("%s = #%s\nfind %s{ #%s < %s %s }", v, g.one("A", "a", "[Aa]", "P"), g.one("", "1 10 ", "2 20 "), g.one("A", "a", "[Aa]", "P"), v, g.one("check", "mate", "wtm"))
	default:
		return fmt.Sprintf("%s = ply\nfind all { check  ply - %s <= %d } >= %d", v, v, g.between(4, 20), g.between(2, 6))
	}
}

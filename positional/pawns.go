package positional

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

// The pawn-structure algebra of :pawncount. A query is a chain of
// attributes joined by '-', such as "double!-forefront-duo" or
// "!inside-passed" or "isolated-triple-compounds(3)". Each attribute is a
// filter: it keeps, of the pawns the chain still holds, those that have
// it ('!' in front keeps those that do not), and the next attribute
// looks only at the pawns kept so far: relations between pawns of one
// colour (single, duo, isolated, chained, ...) count only the pawns still
// held, while relations with the enemy (blocked, passed, stoppable, ...)
// see every enemy pawn. The chain starts from the pawns of the
// designator. A counting modifier may end the chain (islands, compounds,
// files, ranks, bothsides, oneside); without one the result is the number
// of pawns kept. The two colours are counted apart and the counts added.

// PawnQuery is a parsed attribute chain.
type PawnQuery struct {
	steps []pawnStep
	count pawnCounter
}

// pawnStep is one attribute of the chain.
type pawnStep struct {
	attr  pawnAttr
	not   bool // written with a leading '!'
	exact bool // written with a trailing '!': exactly n rather than at least n
	n     int  // the group size an attribute with a count asks for
}

type pawnAttr uint8

const (
	attrFileGroup     pawnAttr = iota + 1 // single, double, triple(n): pawns on the file
	attrRankGroup                         // uno, duo, trio, quart(n): a side-by-side group on a rank
	attrConnected                         // a pawn on an adjacent file
	attrIntegrated                        // pawns on every adjacent file
	attrIsolated                          // no pawn on an adjacent file
	attrHalfIsolated                      // pawns on one adjacent file only (never an edge pawn)
	attrDefended                          // guarded by a pawn
	attrDefender                          // guards a pawn
	attrChained                           // in a diagonal chain of at least n pawns
	attrPassed                            // !blocked and !stoppable
	attrCandidate                         // unblocked, with as many helpers as enemy guards
	attrCandidateOnly                     // candidate!: a candidate that is not passed
	attrBlocked                           // an enemy pawn ahead on the file (exact: right in front)
	attrBehind                            // past every enemy pawn of the file (exact: right behind the last)
	attrStoppable                         // an enemy pawn ahead on an adjacent file
	attrStopped                           // the square in front is guarded by an enemy pawn
	attrBackward                          // every pawn on an adjacent file is ahead of it
	attrAdvanced                          // in the opponent's half
	attrConsecutive                       // in a run of at least n pawns one behind another
	attrInside                            // the enemy king catches it (rule of the square)
	attrSymmetrical                       // as many enemy pawns as own ones on the file
	attrMirrored                          // in its own half, the enemy pawns of the file mirroring the own ones
	attrForefront                         // the foremost pawn of its file (a view restriction)
	attrRear                              // the rearmost pawn of its file (a view restriction)
)

// pawnCounter is how the pawns the chain keeps are counted.
type pawnCounter struct {
	kind  counterKind
	n     int
	exact bool
}

type counterKind uint8

const (
	countPawns     counterKind = iota // the number of pawns
	countIslands                      // groups of pawns on adjacent files
	countCompounds                    // runs of pawns on adjacent ranks of one file
	countFiles                        // files with at least (exactly) n pawns
	countRanks                        // ranks with at least (exactly) n pawns
	countBothSides                    // the fewer of the pawns on files a-d and e-h
	countOneSide                      // all pawns if they are on one wing only, else 0
)

// attrSpec is how one attribute word reads.
type attrSpec struct {
	attr     pawnAttr
	n        int  // its group size when written without (n)
	exact    bool // the word itself says "exactly" (double!, duo!, ...)
	lo, hi   int  // the bounds of n written (n); 0: no (n) allowed
	negation bool // the word stands for !attr (unblocked, unstoppable)
}

// attrWords are the attribute words (the seed's list, with "passed =
// unblocked-unstoppable" giving the two negated words).
var attrWords = map[string]attrSpec{
	"single": {attr: attrFileGroup, n: 1, exact: true},
	"double": {attr: attrFileGroup, n: 2}, "double!": {attr: attrFileGroup, n: 2, exact: true},
	"triple": {attr: attrFileGroup, n: 3, lo: 3, hi: 6}, "triple!": {attr: attrFileGroup, n: 3, exact: true, lo: 3, hi: 6},
	"uno": {attr: attrRankGroup, n: 1, exact: true},
	"duo": {attr: attrRankGroup, n: 2}, "duo!": {attr: attrRankGroup, n: 2, exact: true},
	"trio": {attr: attrRankGroup, n: 3}, "trio!": {attr: attrRankGroup, n: 3, exact: true},
	"quart": {attr: attrRankGroup, n: 4, lo: 4, hi: 8}, "quart!": {attr: attrRankGroup, n: 4, exact: true, lo: 4, hi: 8},
	"connected":    {attr: attrConnected},
	"integrated":   {attr: attrIntegrated},
	"isolated":     {attr: attrIsolated},
	"halfisolated": {attr: attrHalfIsolated},
	"defended":     {attr: attrDefended},
	"defender":     {attr: attrDefender},
	"chained":      {attr: attrChained, n: 2, lo: 2, hi: 8}, "chained!": {attr: attrChained, n: 2, exact: true, lo: 2, hi: 8},
	"passed":    {attr: attrPassed},
	"candidate": {attr: attrCandidate}, "candidate!": {attr: attrCandidateOnly},
	"blocked": {attr: attrBlocked}, "blocked!": {attr: attrBlocked, exact: true},
	"unblocked": {attr: attrBlocked, negation: true},
	"behind":    {attr: attrBehind}, "behind!": {attr: attrBehind, exact: true},
	"stoppable":   {attr: attrStoppable},
	"unstoppable": {attr: attrStoppable, negation: true},
	"stopped":     {attr: attrStopped},
	"backward":    {attr: attrBackward},
	"advanced":    {attr: attrAdvanced},
	"consecutive": {attr: attrConsecutive, n: 2, lo: 2, hi: 6}, "consecutive!": {attr: attrConsecutive, n: 2, exact: true, lo: 2, hi: 6},
	"inside":      {attr: attrInside},
	"symmetrical": {attr: attrSymmetrical},
	"mirrored":    {attr: attrMirrored},
	"forefront":   {attr: attrForefront},
	"rear":        {attr: attrRear},
}

// counterSpec is how one counting word reads.
type counterSpec struct {
	kind   counterKind
	exact  bool
	lo, hi int // the bounds of n written (n); 0: no (n) allowed
}

var counterWords = map[string]counterSpec{
	"islands": {kind: countIslands, lo: 1, hi: 8}, "islands!": {kind: countIslands, exact: true, lo: 1, hi: 8},
	"compounds": {kind: countCompounds, lo: 1, hi: 6}, "compounds!": {kind: countCompounds, exact: true, lo: 1, hi: 6},
	"files": {kind: countFiles, lo: 1, hi: 8}, "files!": {kind: countFiles, exact: true, lo: 1, hi: 8},
	// lines is the seed's other word for files (German Linie)
	"lines": {kind: countFiles, lo: 1, hi: 8}, "lines!": {kind: countFiles, exact: true, lo: 1, hi: 8},
	"ranks": {kind: countRanks, lo: 1, hi: 6}, "ranks!": {kind: countRanks, exact: true, lo: 1, hi: 6},
	"bothsides": {kind: countBothSides},
	"oneside":   {kind: countOneSide},
}

// ParsePawnQuery reads an attribute chain. The errors name the word at
// fault: unknown words, a count out of its range, a counting word that
// is not last, a negated counting word, or a chain of counting words
// only.
func ParsePawnQuery(text string) (*PawnQuery, error) {
	q := &PawnQuery{}
	words := strings.Split(text, "-")
	for i, w := range words {
		not := strings.HasPrefix(w, "!")
		name, n, hasN, err := splitCount(strings.TrimPrefix(w, "!"))
		if err != nil {
			return nil, err
		}
		if spec, ok := counterWords[name]; ok {
			if err := q.setCounter(w, spec, n, hasN, not, i == len(words)-1); err != nil {
				return nil, err
			}
			continue
		}
		spec, ok := attrWords[name]
		if !ok {
			return nil, fmt.Errorf("unknown pawn attribute %q", w)
		}
		step, err := makeStep(w, spec, n, hasN)
		if err != nil {
			return nil, err
		}
		step.not = not != spec.negation
		q.steps = append(q.steps, step)
	}
	if len(q.steps) == 0 {
		return nil, fmt.Errorf("%q names no pawn attribute: at least one is needed besides the counting words", text)
	}
	if err := q.contradiction(words); err != nil {
		return nil, err
	}
	return q, nil
}

// contradiction reports a chain that can never keep a pawn, as the seed
// asks (its examples: chained-isolated, mirrored-unblocked, and
// forefront before double!): two attributes that exclude each other
// whatever the chain's order, or a file group asked for after forefront
// or rear have left one pawn a file.
func (q *PawnQuery) contradiction(words []string) error {
	word := func(s pawnStep) string {
		for _, w := range words {
			name, _, _, _ := splitCount(strings.TrimPrefix(w, "!"))
			if spec, ok := attrWords[name]; ok && spec.attr == s.attr && (strings.HasPrefix(w, "!") != spec.negation) == s.not {
				return w
			}
		}
		return "?"
	}
	excludes := func(a, b pawnStep) bool {
		pair := func(x, y pawnAttr) bool { return a.attr == x && b.attr == y || a.attr == y && b.attr == x }
		switch {
		case !a.not && !b.not:
			return pair(attrIsolated, attrChained) || pair(attrIsolated, attrConnected)
		case a.not != b.not:
			// a mirrored pawn stands in its own half with its mirror
			// image, an enemy pawn, ahead of it: it is blocked
			neg, pos := a, b
			if b.not {
				neg, pos = b, a
			}
			return pos.attr == attrMirrored && neg.attr == attrBlocked && !neg.exact
		}
		return false
	}
	for i, a := range q.steps {
		for _, b := range q.steps[i+1:] {
			if excludes(a, b) {
				return fmt.Errorf("the pawn attributes %q and %q contradict each other: no pawn has both", word(a), word(b))
			}
			onePerFile := (a.attr == attrForefront || a.attr == attrRear) && !a.not
			grouped := (b.attr == attrFileGroup && b.n >= 2 || b.attr == attrConsecutive) && !b.not
			if onePerFile && grouped {
				return fmt.Errorf("%q after %q can never hold: %q leaves one pawn a file (write it first)", word(b), word(a), word(a))
			}
		}
	}
	return nil
}

// splitCount splits "triple!(4)" into "triple!" and 4.
func splitCount(w string) (name string, n int, hasN bool, err error) {
	open := strings.IndexByte(w, '(')
	if open < 0 {
		return w, 0, false, nil
	}
	if !strings.HasSuffix(w, ")") {
		return "", 0, false, fmt.Errorf("pawn attribute %q: a count is written (n)", w)
	}
	n, err = strconv.Atoi(w[open+1 : len(w)-1])
	if err != nil {
		return "", 0, false, fmt.Errorf("pawn attribute %q: the count must be a number", w)
	}
	return w[:open], n, true, nil
}

func makeStep(w string, spec attrSpec, n int, hasN bool) (pawnStep, error) {
	step := pawnStep{attr: spec.attr, exact: spec.exact, n: spec.n}
	if hasN {
		if spec.hi == 0 {
			return step, fmt.Errorf("pawn attribute %q takes no count", w)
		}
		if n < spec.lo || n > spec.hi {
			return step, fmt.Errorf("pawn attribute %q: the count must be from %d to %d", w, spec.lo, spec.hi)
		}
		step.n = n
	}
	return step, nil
}

func (q *PawnQuery) setCounter(w string, spec counterSpec, n int, hasN, not, last bool) error {
	switch {
	case not:
		return fmt.Errorf("the counting word %q cannot be negated", w)
	case !last:
		return fmt.Errorf("the counting word %q must end the attribute list", w)
	case hasN && spec.hi == 0:
		return fmt.Errorf("the counting word %q takes no count", w)
	case hasN && (n < spec.lo || n > spec.hi):
		return fmt.Errorf("the counting word %q: the count must be from %d to %d", w, spec.lo, spec.hi)
	}
	q.count = pawnCounter{kind: spec.kind, n: max(n, 1), exact: spec.exact}
	return nil
}

// Count evaluates the query on the pawns of p that stand on pawns (a set
// of squares: the designator; squares without a pawn are ignored).
func (q *PawnQuery) Count(p *bitboard.Position, pawns bitboard.Set) int {
	total := 0
	for _, c := range []bitboard.Color{bitboard.White, bitboard.Black} {
		own := pawns & p.Pieces(c, bitboard.Pawn)
		if own == 0 {
			continue
		}
		total += q.count.apply(q.Kept(p, c, own))
	}
	return total
}

// Kept is the pawns of colour c in own that the chain keeps.
func (q *PawnQuery) Kept(p *bitboard.Position, c bitboard.Color, own bitboard.Set) bitboard.Set {
	b := newPawnBoard(p, c)
	for _, s := range q.steps {
		own = b.filter(s, own)
	}
	return own
}

func (k pawnCounter) apply(s bitboard.Set) int {
	switch k.kind {
	case countIslands:
		return k.groups(islands(s))
	case countCompounds:
		return k.groups(compounds(s))
	case countFiles:
		return k.groups(lineGroups(s, fileMask))
	case countRanks:
		return k.groups(lineGroups(s, rankMask))
	case countBothSides:
		return min((s & queenSide).Count(), (s &^ queenSide).Count())
	case countOneSide:
		if s&queenSide == 0 || s&^queenSide == 0 {
			return s.Count()
		}
		return 0
	}
	return s.Count()
}

// groups counts the groups with at least (exactly) n pawns.
func (k pawnCounter) groups(gs []bitboard.Set) int {
	count := 0
	for _, g := range gs {
		if sizeFits(g.Count(), k.n, k.exact) {
			count++
		}
	}
	return count
}

func sizeFits(size, n int, exact bool) bool {
	if exact {
		return size == n
	}
	return size >= n
}

const queenSide bitboard.Set = 0x0f0f0f0f0f0f0f0f // files a-d

func fileMask(i int) bitboard.Set { return bitboard.Set(0x0101010101010101) << uint(i) }
func rankMask(i int) bitboard.Set { return bitboard.Set(0xff) << uint(8*i) }

// lineGroups splits s by file (or rank), the lines without pawns left out.
func lineGroups(s bitboard.Set, mask func(int) bitboard.Set) []bitboard.Set {
	var gs []bitboard.Set
	for i := range 8 {
		if g := s & mask(i); g != 0 {
			gs = append(gs, g)
		}
	}
	return gs
}

// islands splits s into groups of pawns on adjacent files.
func islands(s bitboard.Set) []bitboard.Set {
	var gs []bitboard.Set
	var cur bitboard.Set
	for f := range 8 {
		if on := s & fileMask(f); on != 0 {
			cur |= on
			continue
		}
		if cur != 0 {
			gs, cur = append(gs, cur), 0
		}
	}
	if cur != 0 {
		gs = append(gs, cur)
	}
	return gs
}

// compounds splits s into runs of pawns on adjacent squares of one file.
func compounds(s bitboard.Set) []bitboard.Set {
	return components(s, func(sq bitboard.Square) bitboard.Set {
		return bitboard.SquareSet(sq)<<8 | bitboard.SquareSet(sq)>>8
	})
}

// components splits s into the groups that next links.
func components(s bitboard.Set, next func(bitboard.Square) bitboard.Set) []bitboard.Set {
	var gs []bitboard.Set
	for s != 0 {
		g := bitboard.SquareSet(s.First())
		for {
			grown := g
			for t := g; t != 0; {
				grown |= next(t.Pop()) & s
			}
			if grown == g {
				break
			}
			g = grown
		}
		gs = append(gs, g)
		s &^= g
	}
	return gs
}

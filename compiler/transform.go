package compiler

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
)

// A transform (flipcolor, flip, shift, ...) is expanded at compile time
// into its orbit: the distinct transformed copies of its body. Each copy is
// an ordinary filter, so the machine never transforms anything at run time.

// xform is one board transformation: a map of squares plus a map of
// direction vectors and an optional colour swap.
type xform struct {
	name      string
	swapColor bool
	// mat maps centred coordinates (2*file-7, 2*rank-7) linearly; shift
	// adds (dx, dy) squares afterwards.
	mat    [4]int
	dx, dy int
	// rot45 rotates directions by k*45 degrees and leaves squares alone.
	rot45 int
}

var identity = xform{mat: [4]int{1, 0, 0, 1}}

func (x xform) isIdentity() bool {
	return !x.swapColor && x.mat == identity.mat && x.dx == 0 && x.dy == 0 && x.rot45 == 0
}

// mapSquare returns the image of s, or NoSquare if it leaves the board.
func (x xform) mapSquare(s bitboard.Square) bitboard.Square {
	cx, cy := 2*s.File()-7, 2*s.Rank()-7
	nx := x.mat[0]*cx + x.mat[1]*cy
	ny := x.mat[2]*cx + x.mat[3]*cy
	if x.swapColor {
		ny = -ny
	}
	f, r := (nx+7)/2+x.dx, (ny+7)/2+x.dy
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return bitboard.NoSquare
	}
	return bitboard.MakeSquare(f, r)
}

// mapSet maps a designator's squares. Full ranks are not shifted sideways
// and full files not up or down, so `Pa-h7` stays a whole rank.
func (x xform) mapSet(set bitboard.Set) bitboard.Set {
	if set == bitboard.Full || x.rot45 != 0 {
		return set
	}
	if x.dx == 0 && x.dy == 0 {
		return x.mapEach(set)
	}
	var ranks, files bitboard.Set
	for i := 0; i < 8; i++ {
		if r := rankSet(i); set&r == r {
			ranks |= r
		}
		if f := fileSet(i); set&f == f {
			files |= f
		}
	}
	rest := set &^ (ranks | files)
	noDx, noDy := x, x
	noDx.dx, noDy.dy = 0, 0
	return noDx.mapEach(ranks) | noDy.mapEach(files) | x.mapEach(rest)
}

func (x xform) mapEach(set bitboard.Set) bitboard.Set {
	var out bitboard.Set
	for set != 0 {
		if t := x.mapSquare(set.Pop()); t != bitboard.NoSquare {
			out |= bitboard.SquareSet(t)
		}
	}
	return out
}

func rankSet(r int) bitboard.Set { return bitboard.Set(0xFF) << (8 * r) }
func fileSet(f int) bitboard.Set { return bitboard.Set(0x0101010101010101) << f }

// dirVectors lists the eight direction bits clockwise from up (so that a
// 45-degree turn is one step along the list), with their (file, rank)
// steps from bitboard.Dirs.
var dirVectors = func() (out [8]struct {
	d      syntax.Dir
	df, dr int
}) {
	clockwise := []syntax.Dir{syntax.DirUp, syntax.DirNE, syntax.DirRight, syntax.DirSE, syntax.DirDown, syntax.DirSW, syntax.DirLeft, syntax.DirNW}
	for i, d := range clockwise {
		for _, info := range bitboard.Dirs {
			if info.Bit == d {
				out[i].d, out[i].df, out[i].dr = d, info.FileStep, info.RankStep
			}
		}
	}
	return out
}()

func (x xform) mapDirs(ds syntax.Dir) syntax.Dir {
	var out syntax.Dir
	for i, v := range dirVectors {
		if ds&v.d == 0 {
			continue
		}
		if x.rot45 != 0 {
			out |= dirVectors[(i+x.rot45)%8].d
			continue
		}
		df := x.mat[0]*v.df + x.mat[1]*v.dr
		dr := x.mat[2]*v.df + x.mat[3]*v.dr
		if x.swapColor {
			dr = -dr
		}
		for _, w := range dirVectors {
			if w.df == df && w.dr == dr {
				out |= w.d
			}
		}
	}
	return out
}

// swapsSquareColor reports whether the transform maps light squares to dark.
func (x xform) swapsSquareColor() bool {
	if x.rot45 != 0 {
		return false
	}
	// any dark square that stays on the board tells: the map is affine,
	// so it moves every square's colour the same way
	for sq := bitboard.Square(0); sq < 64; sq++ {
		if (sq.File()+sq.Rank())%2 != 0 {
			continue
		}
		if a := x.mapSquare(sq); a != bitboard.NoSquare {
			return (a.File()+a.Rank())%2 == 1
		}
	}
	return false
}

// dihedral are the eight symmetries of the square, with CQL's names.
var dihedral = []xform{
	{name: "", mat: [4]int{1, 0, 0, 1}},
	{name: "reflect_v", mat: [4]int{-1, 0, 0, 1}},
	{name: "reflect_h", mat: [4]int{1, 0, 0, -1}},
	{name: "rotate180", mat: [4]int{-1, 0, 0, -1}},
	// flip.html: "rotate90: counterclockwise rotation about the board
	// center by 90°" (a1 goes to h1), "rotate270: clockwise rotation"
	{name: "rotate270", mat: [4]int{0, 1, -1, 0}},
	{name: "rotate90", mat: [4]int{0, -1, 1, 0}},
	{name: "reflect_diag", mat: [4]int{0, 1, 1, 0}},
	{name: "reflect_antidiag", mat: [4]int{0, -1, -1, 0}},
}

// transformGroup lists the members of a transform keyword's group.
func transformGroup(k syntax.TransformKind) []xform {
	switch k {
	case syntax.TFlipColor, syntax.TReverseColor:
		fc := identity
		fc.swapColor = true
		fc.name = "invertcolor reflect_h"
		if k == syntax.TReverseColor {
			return []xform{fc}
		}
		return []xform{identity, fc}
	case syntax.TFlip:
		return dihedral
	case syntax.TFlipVertical:
		return []xform{dihedral[0], dihedral[1]}
	case syntax.TFlipHorizontal:
		return []xform{dihedral[0], dihedral[2]}
	case syntax.TRotate90:
		return []xform{dihedral[0], dihedral[4], dihedral[3], dihedral[5]}
	case syntax.TRotate45:
		var out []xform
		for i := 0; i < 8; i++ {
			x := identity
			x.rot45 = i
			if i > 0 {
				x.name = "rotate45 " + strconv.Itoa(i)
			}
			out = append(out, x)
		}
		return out
	case syntax.TFlipDiagonal:
		// CQL-S: the identity and the reflections in the a1-h8 and the
		// a8-h1 diagonals
		return []xform{dihedral[0], dihedral[6], dihedral[7]}
	case syntax.TShift, syntax.TShiftHorizontal, syntax.TShiftVertical,
		syntax.TShiftDiagonal, syntax.TShiftMainDiagonal, syntax.TShiftOffDiagonal:
		var out []xform
		for dy := -7; dy <= 7; dy++ {
			for dx := -7; dx <= 7; dx++ {
				if k == syntax.TShiftHorizontal && dy != 0 || k == syntax.TShiftVertical && dx != 0 ||
					k == syntax.TShiftMainDiagonal && dx != dy || k == syntax.TShiftOffDiagonal && dx != -dy ||
					k == syntax.TShiftDiagonal && dx != dy && dx != -dy {
					continue
				}
				x := identity
				x.dx, x.dy = dx, dy
				if dx != 0 || dy != 0 {
					x.name = "shift " + strconv.Itoa(dx) + " " + strconv.Itoa(dy)
				}
				out = append(out, x)
			}
		}
		// the identity first, so the untransformed body is the first member
		for i, x := range out {
			if x.dx == 0 && x.dy == 0 {
				out[0], out[i] = out[i], out[0]
			}
		}
		return out
	}
	return []xform{identity}
}

// expandTransforms rewrites every KTransform under n (innermost first)
// into a KOrbit whose members are the distinct transformed bodies.
func expandTransforms(n *syntax.Node, spend func(units int, at *syntax.Node) bool) *syntax.Node {
	return syntax.Rewrite(n, func(n *syntax.Node) *syntax.Node {
		if n.Kind != syntax.KTransform {
			return n
		}
		orbit := &syntax.Node{Kind: syntax.KOrbit, Span: n.Span, Flags: n.Flags, HasRange: n.HasRange,
			Int: n.Int, Int2: n.Int2, TKind: n.TKind}
		seen := map[string]bool{}
		for _, x := range transformGroup(n.TKind) {
			m, ok := applyXform(n.Args[0], x, []string{x.name})
			if !spend(countNodes(m), n) {
				return orbit // the message is given: no more copies
			}
			if !ok {
				continue
			}
			key := orbitKey(m)
			if seen[key] {
				continue
			}
			seen[key] = true
			orbit.Args = append(orbit.Args, m)
		}
		return orbit
	})
}

// orbitKey identifies a transformed body for de-duplication. The members
// of a nested transform count as a set: flipcolor turns the members K, k
// of an inner flipcolor K into k, K, the same orbit, and the official
// program has one member there (flipcolor count flipcolor K is 1, issue 13,
// difftest 084), while {K k} and {k K} stay two.
func orbitKey(m *syntax.Node) string {
	if !syntax.Any(m, func(n *syntax.Node) bool { return n.Kind == syntax.KOrbit }) {
		return syntax.Dump(m)
	}
	c := syntax.Rewrite(syntax.Clone(m), func(n *syntax.Node) *syntax.Node {
		if n.Kind == syntax.KOrbit {
			sortByDump(n.Args)
		}
		return n
	})
	return syntax.Dump(c)
}

// sortByDump sorts nodes by their dumps, each dumped once (a comparison
// dumping both sides made the sort, and so expansion, many times slower).
func sortByDump(ns []*syntax.Node) {
	keyed := make([]struct {
		key string
		n   *syntax.Node
	}, len(ns))
	for i, n := range ns {
		keyed[i].key, keyed[i].n = syntax.Dump(n), n
	}
	slices.SortStableFunc(keyed, func(a, b struct {
		key string
		n   *syntax.Node
	}) int {
		return strings.Compare(a.key, b.key)
	})
	for i := range keyed {
		ns[i] = keyed[i].n
	}
}

// applyXform returns a transformed deep copy of n; ok is false when a
// square designator leaves the board entirely (the member is dropped).
// names is the stack of transform names in force, for currenttransform.
func applyXform(n *syntax.Node, x xform, names []string) (*syntax.Node, bool) {
	c := syntax.Clone(n)
	return c, xformInPlace(c, x, names)
}

// xformInPlace transforms the nodes of n, a copy, in place; it reports
// false when a square designator leaves the board entirely.
func xformInPlace(n *syntax.Node, x xform, names []string) bool {
	ok := true
	syntax.Walk(n, func(n *syntax.Node) bool {
		switch n.Kind {
		case syntax.KNoTransform:
			return false
		case syntax.KDesig:
			if x.swapColor {
				n.Desig.Pieces = swapColors(n.Desig.Pieces)
			}
			if n.Desig.HasSquares {
				old := n.Desig.Squares
				n.Desig.Squares = x.mapSet(old)
				if n.Desig.Squares == 0 && old != 0 {
					ok = false
				}
			}
		case syntax.KTypeNameDesig:
			// `--=Q` promotes to a queen of either color, but its
			// flipped copy is written `--=q`, another member of the
			// orbit: the official program counts both
			// (flipcolor count --=Q is 2 at a promotion)
			if x.swapColor {
				n.Desig.Pieces = swapColors(n.Desig.Pieces)
			}
		case syntax.KDirection, syntax.KRay:
			if n.Dirs != 0 {
				n.Dirs = x.mapDirs(n.Dirs)
			}
		case syntax.KWtm, syntax.KBtm:
			if x.swapColor {
				n.Kind = syntax.KWtm + syntax.KBtm - n.Kind
			}
		case syntax.KWhite, syntax.KBlack:
			if x.swapColor {
				n.Kind = syntax.KWhite + syntax.KBlack - n.Kind
			}
		case syntax.KResult:
			if r := map[string]string{"1-0": "0-1", "0-1": "1-0"}[n.Str]; x.swapColor && r != "" {
				n.Str = r
			}
		case syntax.KPlayer, syntax.KElo, syntax.KOpposition, syntax.KCannotWin, syntax.KEvaluation, syntax.KMoveEvaluation:
			if x.swapColor && n.Int != 0 {
				n.Int = 3 - n.Int
			}
		case syntax.KEval, syntax.KEvalMate, syntax.KClock, syntax.KEmt, syntax.KEngineEval, syntax.KCheckCount, syntax.KInHand:
			if x.swapColor && (n.Int == syntax.ViewWhite || n.Int == syntax.ViewBlack) {
				n.Int = syntax.ViewWhite + syntax.ViewBlack - n.Int
			}
		case syntax.KLight, syntax.KDark:
			if x.swapsSquareColor() {
				n.Kind = syntax.KLight + syntax.KDark - n.Kind
			}
		case syntax.KCurrentTransform:
			// nested transforms add their names after the inner ones
			// ("in right-to-left order"); the checker makes the string
			n.Params = append(slices.Clone(n.Params), names...)
		case syntax.KOrbit:
			// a nested transform: the outer transform applies to each
			// member, and each member records both names; the members
			// leaving the board are dropped
			var members []*syntax.Node
			for _, m := range n.Args {
				if xformInPlace(m, x, names) {
					members = append(members, m)
				}
			}
			n.Args = members
			ok = ok && len(members) > 0
			return false
		}
		return true
	})
	return ok
}

func transformName(names []string) string {
	s := "<"
	first := true
	for _, n := range names {
		if n == "" {
			continue
		}
		if !first {
			s += " "
		}
		s += n
		first = false
	}
	return s + ">"
}

// swapColors exchanges white and black piece kinds in a mask.
func swapColors(m syntax.PieceMask) syntax.PieceMask {
	return (m&syntax.MaskWhite)<<8 | (m&syntax.MaskBlack)>>8 | m&syntax.MaskEmpty
}

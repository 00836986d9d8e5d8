package compiler

import (
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

// The board transformations behind flipcolor, flip, rotate90, shift, ...
// checked against their geometric meaning.

func sqName(s string) bitboard.Square {
	q, ok := bitboard.ParseSquare(s)
	if !ok {
		panic("bad square " + s)
	}
	return q
}

// testDirs are the eight direction bits with their (file, rank) steps.
var testDirs = []struct {
	d      syntax.Dir
	df, dr int
}{
	{syntax.DirUp, 0, 1}, {syntax.DirDown, 0, -1}, {syntax.DirLeft, -1, 0}, {syntax.DirRight, 1, 0},
	{syntax.DirNE, 1, 1}, {syntax.DirNW, -1, 1}, {syntax.DirSE, 1, -1}, {syntax.DirSW, -1, -1},
}

func TestTransformGroupSizes(t *testing.T) {
	for _, c := range []struct {
		name string
		k    syntax.TransformKind
		n    int
	}{
		{"flipcolor", syntax.TFlipColor, 2},
		{"reversecolor", syntax.TReverseColor, 1},
		{"flip", syntax.TFlip, 8},
		{"flipvertical", syntax.TFlipVertical, 2},
		{"fliphorizontal", syntax.TFlipHorizontal, 2},
		{"rotate90", syntax.TRotate90, 4},
		{"rotate45", syntax.TRotate45, 8},
		{"shift", syntax.TShift, 225},
		{"shifthorizontal", syntax.TShiftHorizontal, 15},
		{"shiftvertical", syntax.TShiftVertical, 15},
		{":flipdiagonal", syntax.TFlipDiagonal, 3},
		{":shiftmaindiagonal", syntax.TShiftMainDiagonal, 15},
		{":shiftoffdiagonal", syntax.TShiftOffDiagonal, 15},
		{":shiftdiagonal", syntax.TShiftDiagonal, 29},
	} {
		g := transformGroup(c.k)
		if len(g) != c.n {
			t.Errorf("%s: %d members, want %d", c.name, len(g), c.n)
			continue
		}
		// the untransformed body first (reversecolor has no identity)
		if c.k != syntax.TReverseColor && !g[0].isIdentity() {
			t.Errorf("%s: the first member is %q, not the identity", c.name, g[0].name)
		}
		// members are distinct and all but the identity are named
		seen := map[xform]bool{}
		for i, x := range g {
			if seen[x] {
				t.Errorf("%s: member %d (%q) appears twice", c.name, i, x.name)
			}
			seen[x] = true
			if (x.name == "") != x.isIdentity() {
				t.Errorf("%s: member %d is named %q (identity %v)", c.name, i, x.name, x.isIdentity())
			}
		}
		// shifthorizontal moves only sideways, shiftvertical only up and down
		for _, x := range g {
			if c.k == syntax.TShiftHorizontal && x.dy != 0 || c.k == syntax.TShiftVertical && x.dx != 0 {
				t.Errorf("%s: member %q moves the wrong way", c.name, x.name)
			}
		}
	}
}

// TestDihedralBijections: every member of flip (and of the colour flip) maps
// the 64 squares one to one onto the board, and each is an isometry: the
// distance between two squares is kept.
func TestDihedralBijections(t *testing.T) {
	members := append(append([]xform{}, transformGroup(syntax.TFlip)...), transformGroup(syntax.TFlipColor)...)
	for _, x := range members {
		var image bitboard.Set
		for s := bitboard.Square(0); s < 64; s++ {
			m := x.mapSquare(s)
			if m == bitboard.NoSquare {
				t.Fatalf("%q maps %v off the board", x.name, s)
			}
			image |= bitboard.SquareSet(m)
		}
		if image != bitboard.Full {
			t.Errorf("%q is not onto: image %v", x.name, image)
		}
		for a := bitboard.Square(0); a < 64; a++ {
			for b := bitboard.Square(0); b < 64; b++ {
				ma, mb := x.mapSquare(a), x.mapSquare(b)
				if sqDist2(a, b) != sqDist2(ma, mb) {
					t.Fatalf("%q does not keep distances: %v-%v vs %v-%v", x.name, a, b, ma, mb)
				}
			}
		}
		// applying a reflection twice is the identity; rotate90 four times
		order := 2
		if x.name == "rotate90" || x.name == "rotate270" {
			order = 4
		}
		if x.isIdentity() {
			order = 1
		}
		for s := bitboard.Square(0); s < 64; s++ {
			m := s
			for i := 0; i < order; i++ {
				m = x.mapSquare(m)
			}
			if m != s {
				t.Errorf("%q applied %d times maps %v to %v", x.name, order, s, m)
			}
		}
	}
}

func sqDist2(a, b bitboard.Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return df*df + dr*dr
}

// TestDihedralNames pins each named symmetry down by three squares.
func TestDihedralNames(t *testing.T) {
	want := map[string][3]string{
		"":                 {"a1", "b1", "a2"},
		"reflect_v":        {"h1", "g1", "h2"}, // mirror the files
		"reflect_h":        {"a8", "b8", "a7"}, // mirror the ranks
		"rotate180":        {"h8", "g8", "h7"},
		"rotate90":         {"h1", "h2", "g1"}, // rotate90.html: counterclockwise, "the a1 square will wind up on h1"
		"rotate270":        {"a8", "a7", "b8"}, // clockwise
		"reflect_diag":     {"a1", "a2", "b1"},
		"reflect_antidiag": {"h8", "h7", "g8"},
	}
	for _, x := range transformGroup(syntax.TFlip) {
		w, ok := want[x.name]
		if !ok {
			t.Errorf("unexpected member %q", x.name)
			continue
		}
		for i, s := range []string{"a1", "b1", "a2"} {
			if got := x.mapSquare(sqName(s)).String(); got != w[i] {
				t.Errorf("%q maps %s to %s, want %s", x.name, s, got, w[i])
			}
		}
	}
}

// TestMapDirsAgreesWithMapSquare: for every transform, taking one step in
// direction d and then mapping lands where mapping first and then stepping
// in mapDirs(d) does.
func TestMapDirsAgreesWithMapSquare(t *testing.T) {
	var members []xform
	for _, k := range []syntax.TransformKind{syntax.TFlipColor, syntax.TReverseColor, syntax.TFlip, syntax.TShift} {
		members = append(members, transformGroup(k)...)
	}
	checked := 0
	for _, x := range members {
		for _, d := range testDirs {
			md := x.mapDirs(d.d)
			if md == 0 || md&(md-1) != 0 {
				t.Fatalf("%q maps direction %08b to %08b, not one direction", x.name, d.d, md)
			}
			var step [2]int
			for _, e := range testDirs {
				if e.d == md {
					step = [2]int{e.df, e.dr}
				}
			}
			for s := bitboard.Square(0); s < 64; s++ {
				f, r := s.File()+d.df, s.Rank()+d.dr
				if f < 0 || f > 7 || r < 0 || r > 7 {
					continue
				}
				next := bitboard.MakeSquare(f, r)
				ms, mn := x.mapSquare(s), x.mapSquare(next)
				if ms == bitboard.NoSquare || mn == bitboard.NoSquare {
					continue
				}
				checked++
				if mn.File()-ms.File() != step[0] || mn.Rank()-ms.Rank() != step[1] {
					t.Fatalf("%q: %v->%v (%08b) maps to %v->%v, but mapDirs gives %08b", x.name, s, next, d.d, ms, mn, md)
				}
			}
		}
		// a union of directions maps to the union of the images
		all := x.mapDirs(syntax.DirAny)
		if all != syntax.DirAny {
			t.Errorf("%q maps all directions to %08b", x.name, all)
		}
		if got, want := x.mapDirs(syntax.DirUp|syntax.DirNE), x.mapDirs(syntax.DirUp)|x.mapDirs(syntax.DirNE); got != want {
			t.Errorf("%q: mapDirs(up|northeast) = %08b, want %08b", x.name, got, want)
		}
	}
	if checked < 1000 {
		t.Errorf("only %d steps checked", checked)
	}
}

// TestRotate45Directions: rotate45 leaves squares alone and turns the
// directions by k*45 degrees clockwise, so two steps agree with rotate90.
func TestRotate45Directions(t *testing.T) {
	g := transformGroup(syntax.TRotate45)
	dih := transformGroup(syntax.TFlip) // "", reflect_v, reflect_h, rotate180, rotate90, rotate270, ...
	byName := map[string]xform{}
	for _, x := range dih {
		byName[x.name] = x
	}
	for k, x := range g {
		if x.rot45 != k {
			t.Fatalf("member %d has rot45 %d", k, x.rot45)
		}
		if got := x.mapSet(0x0000_0000_0000_0F01); got != 0x0F01 {
			t.Errorf("rotate45 %d moves squares: %v", k, got)
		}
		if x.swapsSquareColor() {
			t.Errorf("rotate45 %d swaps square colours", k)
		}
		// one turn of 45 degrees moves up to northeast
		if k == 1 && x.mapDirs(syntax.DirUp) != syntax.DirNE {
			t.Errorf("rotate45 1 maps up to %08b, want northeast", x.mapDirs(syntax.DirUp))
		}
		var same string
		switch k {
		case 0:
			same = ""
		case 2: // two clockwise turns: flip.html's rotate270 ("clockwise rotation")
			same = "rotate270"
		case 4:
			same = "rotate180"
		case 6:
			same = "rotate90"
		default:
			continue
		}
		for _, d := range testDirs {
			if got, want := x.mapDirs(d.d), byName[same].mapDirs(d.d); got != want {
				t.Errorf("rotate45 %d maps %08b to %08b, but %q maps it to %08b", k, d.d, got, same, want)
			}
		}
	}
}

// TestFlipColorMirrorsRanks: the colour flip mirrors the ranks (e2 <-> e7),
// turns up into down, swaps the square colours of each file's squares, and
// exchanges the piece colours of designators.
func TestFlipColorMirrorsRanks(t *testing.T) {
	g := transformGroup(syntax.TFlipColor)
	fc := g[1]
	if !fc.swapColor {
		t.Fatalf("the second flipcolor member does not swap colours")
	}
	if rc := transformGroup(syntax.TReverseColor); len(rc) != 1 || rc[0] != fc {
		t.Errorf("reversecolor is not the colour flip alone: %+v", rc)
	}
	for s := bitboard.Square(0); s < 64; s++ {
		want := bitboard.MakeSquare(s.File(), 7-s.Rank())
		if got := fc.mapSquare(s); got != want {
			t.Errorf("flipcolor maps %v to %v, want %v", s, got, want)
		}
	}
	for _, c := range []struct{ from, to syntax.Dir }{
		{syntax.DirUp, syntax.DirDown}, {syntax.DirDown, syntax.DirUp}, {syntax.DirLeft, syntax.DirLeft},
		{syntax.DirNE, syntax.DirSE}, {syntax.DirSW, syntax.DirNW},
	} {
		if got := fc.mapDirs(c.from); got != c.to {
			t.Errorf("flipcolor maps direction %08b to %08b, want %08b", c.from, got, c.to)
		}
	}
	if !fc.swapsSquareColor() {
		t.Errorf("mirroring the ranks swaps light and dark squares")
	}
	// the piece masks: white king <-> black king, empty kept
	in := syntax.PieceMask(1<<bitboard.WhiteKing | 1<<bitboard.BlackPawn | 1<<bitboard.Empty)
	want := syntax.PieceMask(1<<bitboard.BlackKing | 1<<bitboard.WhitePawn | 1<<bitboard.Empty)
	if got := swapColors(in); got != want {
		t.Errorf("swapColors(%b) = %b, want %b", in, got, want)
	}
	if swapColors(swapColors(syntax.MaskWhite|syntax.MaskBlack|syntax.MaskEmpty)) != syntax.MaskWhite|syntax.MaskBlack|syntax.MaskEmpty {
		t.Errorf("swapColors is not an involution")
	}
}

// TestShiftMapSet: a shift moves each square by (dx, dy) and drops the
// squares that leave the board, except that a full rank is only moved up
// or down and a full file only sideways.
func TestShiftMapSet(t *testing.T) {
	set := func(names ...string) bitboard.Set {
		var s bitboard.Set
		for _, n := range names {
			s |= bitboard.SquareSet(sqName(n))
		}
		return s
	}
	rank := func(r int) bitboard.Set { return bitboard.Set(0xFF) << (8 * r) }
	file := func(f int) bitboard.Set { return bitboard.Set(0x0101010101010101) << f }
	shift := func(dx, dy int) xform {
		for _, x := range transformGroup(syntax.TShift) {
			if x.dx == dx && x.dy == dy {
				return x
			}
		}
		t.Fatalf("no shift %d %d", dx, dy)
		return xform{}
	}
	for _, c := range []struct {
		name   string
		dx, dy int
		in     bitboard.Set
		want   bitboard.Set
	}{
		{"single square", 2, 1, set("e4"), set("g5")},
		{"leaves the board", 4, 0, set("e4"), 0},
		{"partly off", 1, 0, set("g1", "h1"), set("h1")},
		{"full rank 7 down two, not sideways", 3, -2, rank(6), rank(4)},
		{"full rank off the top", 0, 1, rank(7), 0},
		{"full file a sideways, not up", 2, 3, file(0), file(2)},
		{"full rank plus a square", 1, 1, rank(0) | set("e4"), rank(1) | set("f5")},
		{"rank and file", 1, 1, rank(0) | file(0), rank(1) | file(1)},
		{"all squares", 5, -3, bitboard.Full, bitboard.Full},
		{"seven pawns of a rank are not a full rank", 1, 0, rank(6) &^ set("h7"), rank(6) &^ set("a7")},
	} {
		if got := shift(c.dx, c.dy).mapSet(c.in); got != c.want {
			t.Errorf("%s: shift %d %d of %v = %v, want %v", c.name, c.dx, c.dy, c.in, got, c.want)
		}
	}
	// every shift maps a square by exactly (dx, dy) or off the board
	for _, x := range transformGroup(syntax.TShift) {
		for s := bitboard.Square(0); s < 64; s++ {
			f, r := s.File()+x.dx, s.Rank()+x.dy
			want := bitboard.NoSquare
			if f >= 0 && f < 8 && r >= 0 && r < 8 {
				want = bitboard.MakeSquare(f, r)
			}
			if got := x.mapSquare(s); got != want {
				t.Fatalf("%q maps %v to %v, want %v", x.name, s, got, want)
			}
		}
		if x.mapDirs(syntax.DirUp) != syntax.DirUp || x.mapDirs(syntax.DirSW) != syntax.DirSW {
			t.Errorf("%q turns directions", x.name)
		}
	}
}

// TestSwapsSquareColorReference: a transform swaps square colours when
// every square it keeps on the board changes colour.
func TestSwapsSquareColorReference(t *testing.T) {
	checkSwaps(t, append(transformGroup(syntax.TFlipColor), transformGroup(syntax.TFlip)...))
	// the shifts whose image of a1 or b2 stays on the board
	var near []xform
	for _, x := range transformGroup(syntax.TShift) {
		if x.mapSquare(0) != bitboard.NoSquare || x.mapSquare(9) != bitboard.NoSquare {
			near = append(near, x)
		}
	}
	if len(near) != 79 { // 64 keep a1, 64 keep b2, 49 keep both
		t.Fatalf("only %d shifts", len(near))
	}
	checkSwaps(t, near)
}

// TestSwapsSquareColorAllShifts covers the shifts that push both a1 and b2
// off the board.
func TestSwapsSquareColorAllShifts(t *testing.T) {
	checkSwaps(t, transformGroup(syntax.TShift))
}

func checkSwaps(t *testing.T, members []xform) {
	t.Helper()
	for _, x := range members {
		swaps, keeps := 0, 0
		for s := bitboard.Square(0); s < 64; s++ {
			m := x.mapSquare(s)
			if m == bitboard.NoSquare {
				continue
			}
			if (s.File()+s.Rank())%2 != (m.File()+m.Rank())%2 {
				swaps++
			} else {
				keeps++
			}
		}
		if swaps > 0 && keeps > 0 {
			t.Fatalf("%q both keeps and swaps colours", x.name)
		}
		if want := swaps > 0; x.swapsSquareColor() != want {
			t.Errorf("swapsSquareColor of %q = %v, want %v", x.name, x.swapsSquareColor(), want)
		}
	}
}

// TestExpandTransformsOrbits: a transform becomes an orbit of its distinct
// members; members whose designators leave the board are dropped.
func TestExpandTransformsOrbits(t *testing.T) {
	for _, c := range []struct {
		query string
		n     int
	}{
		{"flipcolor Ka1", 2},
		{"flip Ka1", 4},            // the four corners (the diagonal reflections fix a1)
		{"flip Ke4", 4},            // the centre squares are one orbit of four
		{"flip Kb3", 8},            // b3 has eight distinct images
		{"flip [Aa]", 1},           // all squares: one member
		{"rotate90 Ka1", 4},        // four corners
		{"shift Ka1", 64},          // every square
		{"shifthorizontal Ka1", 8}, // the first rank
		{"shiftvertical {Ka1 Ka8}", 1},
		{"shift {Ka1 kh8}", 1},
		{"flipvertical Ka-h1", 1}, // symmetric already
		{"flipcolor {wtm Ke1}", 2},
		{"rotate45 {up 1 Ka1}", 8},
		{"rotate45 {Ka1}", 1},
		// a move's nodes are compared as nodes, not by address
		{"flipcolor move to .", 1},
		{"flipvertical move from Ka-h1 comment \"x\"", 1},
		{"flip {move from K to a1-8}", 4},
	} {
		src := "cql() " + c.query
		file, errs := syntax.ParseFile(source.New("t.cql", src), true)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", c.query, errs)
		}
		n := expandTransforms(file.Body[0], spendFreely)
		if n.Kind != syntax.KOrbit {
			t.Fatalf("%s: expanded to kind %d, not an orbit", c.query, n.Kind)
		}
		if len(n.Args) != c.n {
			t.Errorf("%s: %d members, want %d", c.query, len(n.Args), c.n)
		}
	}
}

// TestNestedTransformOrbitIsASet: a transform of a transform drops the
// members equal up to the order of the inner members, as the official
// program does (issue 13, difftest 084: flipcolor count flipcolor K is 1,
// flipcolor count {K k} is 2).
func TestNestedTransformOrbitIsASet(t *testing.T) {
	runManualCases(t, castlingGame, []manualCase{
		{`initial x = flipcolor count flipcolor K x == 1`, false, []int32{0}},
		{`initial x = flipcolor count flip flipcolor K x == 1`, false, []int32{0}},
		{`initial x = flipcolor count {K k} x == 2`, false, []int32{0}},
		{`initial x = flipcolor count K x == 2`, false, []int32{0}},
	})
}

// TestTransformEvaluatesEveryMember: the official program evaluates every
// member of a transform, also after one has matched, so the assignments,
// comments and nestban marks of all matching members stay. Identical
// members are one (flip of K).
func TestTransformEvaluatesEveryMember(t *testing.T) {
	all := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	runManualCases(t, castlingGame, []manualCase{
		{"y = 0 flipcolor {y += 1 K} y == 2", false, all},
		{"y = 0 flipcolor {y += 1 wtm} y == 2", false, all},
		{"y = 0 flip {y += 1 K} y == 1", false, all},
		// both members' lines mark their positions: from 1.e4 neither
		// may start again
		{`flipcolor {{line nestban --> true{3}} K}`, false, []int32{0, 3, 6}},
		{`flipcolor {{line nestban --> true{3}} wtm} or {line nestban --> true{3}}`, false, []int32{0, 1, 3, 4, 6, 7}},
	})
	got := commentTexts(t, castlingGame, `flipcolor {K comment("n" #Pe4)}`, false, "n")
	if want := []string{"n1", "n0"}; !slices.Equal(got[1], want) {
		t.Errorf("comments after 1.e4: %q, want %q", got[1], want)
	}
}

// TestDiagonalTransformOrbits: the CQL-S transforms CQL 6 cannot spell,
// by the squares their orbits put a king on (checked by hand).
func TestDiagonalTransformOrbits(t *testing.T) {
	for _, c := range []struct {
		k    syntax.TransformKind
		sq   string
		want []string
	}{
		// the identity, the a1-h8 reflection (b1 -> a2), the a8-h1 one (b1 -> h7)
		{syntax.TFlipDiagonal, "b1", []string{"a2", "b1", "h7"}},
		// a square of the main diagonal is its own image in it
		{syntax.TFlipDiagonal, "c3", []string{"c3", "f6"}},
		{syntax.TShiftMainDiagonal, "c3", []string{"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"}},
		{syntax.TShiftOffDiagonal, "c3", []string{"a5", "b4", "c3", "d2", "e1"}},
		{syntax.TShiftDiagonal, "c3", []string{"a1", "a5", "b2", "b4", "c3", "d2", "d4", "e1", "e5", "f6", "g7", "h8"}},
	} {
		body := &syntax.Node{Kind: syntax.KDesig, Desig: syntax.Designator{Pieces: syntax.PieceMask(1) << bitboard.WhiteKing,
			HasSquares: true, Squares: bitboard.SquareSet(sqName(c.sq))}}
		orbit := expandTransforms(&syntax.Node{Kind: syntax.KTransform, TKind: c.k, Args: []*syntax.Node{body}}, spendFreely)
		var got []string
		for _, m := range orbit.Args {
			for set := m.Desig.Squares; set != 0; {
				got = append(got, set.Pop().String())
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s K%s: %v, want %v", syntax.OldTransformNames[c.k], c.sq, got, c.want)
		}
	}
}

// TestFlippedPromotionIsAnotherMember: `--=Q` promotes to a queen of
// either color, and its flipped copy `--=q` is another member of the
// orbit, so at a promotion both match: flipcolor count is 2, as the
// official program counts (issue 13, difftest).
func TestFlippedPromotionIsAnotherMember(t *testing.T) {
	game := "[Event \"p\"]\n[SetUp \"1\"]\n[FEN \"8/P7/8/8/8/8/8/k1K5 w - - 0 1\"]\n\n1. a8=Q *\n"
	runManualCases(t, game, []manualCase{
		{`x = flipcolor count --=Q  x == 2`, false, []int32{0}},
		{`x = flipcolor count move promote Q  x == 2`, false, []int32{0}},
		{`--=q`, false, []int32{0}},
	})
}

// spendFreely is a budget without bounds, for expanding in tests.
func spendFreely(int, *syntax.Node) bool { return true }

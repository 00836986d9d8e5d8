package vm

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/bitboard"
)

// The set primitives of the machine checked against deliberately slow
// references written square by square from the definitions of the CQL
// filters. Every random choice comes from a fixed seed.

// refDirs are the direction bits of the language with their (file, rank)
// steps, taken from the syntax package's constants so that the machine's
// own table is checked against them too.
var refDirs = []struct {
	bit    bitboard.Dir
	df, dr int
}{
	{bitboard.DirUp, 0, 1}, {bitboard.DirDown, 0, -1}, {bitboard.DirLeft, -1, 0}, {bitboard.DirRight, 1, 0},
	{bitboard.DirNE, 1, 1}, {bitboard.DirNW, -1, 1}, {bitboard.DirSE, 1, -1}, {bitboard.DirSW, -1, -1},
}

func refOn(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func refSq(f, r int) bitboard.Square { return bitboard.Square(r*8 + f) }

func refBit(f, r int) bitboard.Set { return bitboard.Set(1) << uint(r*8+f) }

func refEmpty(p *bitboard.Position, f, r int) bool { return p.Board[refSq(f, r)] == bitboard.Empty }

// refSlides reports whether piece type t moves along (df, dr).
func refSlides(t bitboard.PieceType, df, dr int) bool {
	diag := df != 0 && dr != 0
	switch t {
	case bitboard.Queen:
		return true
	case bitboard.Rook:
		return !diag
	case bitboard.Bishop:
		return diag
	}
	return false
}

// refAttacks is the set of squares the piece on (f, r) attacks: a pawn its
// two forward diagonals, a slider every square up to and including the
// first occupied one, knights and kings their usual steps.
func refAttacks(p *bitboard.Position, f, r int) bitboard.Set {
	pc := p.Board[refSq(f, r)]
	var out bitboard.Set
	add := func(tf, tr int) {
		if refOn(tf, tr) {
			out |= refBit(tf, tr)
		}
	}
	switch pc.Type() {
	case bitboard.Pawn:
		dr := 1
		if pc.Color() == bitboard.Black {
			dr = -1
		}
		add(f-1, r+dr)
		add(f+1, r+dr)
	case bitboard.Knight:
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(f+d[0], r+d[1])
		}
	case bitboard.King:
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					add(f+df, r+dr)
				}
			}
		}
	case bitboard.Bishop, bitboard.Rook, bitboard.Queen:
		for _, d := range refDirs {
			if !refSlides(pc.Type(), d.df, d.dr) {
				continue
			}
			for k := 1; refOn(f+k*d.df, r+k*d.dr); k++ {
				out |= refBit(f+k*d.df, r+k*d.dr)
				if !refEmpty(p, f+k*d.df, r+k*d.dr) {
					break
				}
			}
		}
	}
	return out
}

// ---- random boards ----

var startFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
}

// randomPlacement is a FEN of a random board: both kings and n other
// pieces on random squares (pawns never on the edge ranks).
func randomPlacement(rng *rand.Rand, n int) string {
	var board [64]byte
	place := func(c byte, pawn bool) {
		for {
			sq := rng.IntN(64)
			if board[sq] != 0 || pawn && (sq < 8 || sq >= 56) {
				continue
			}
			board[sq] = c
			return
		}
	}
	place('K', false)
	place('k', false)
	for i := 0; i < n; i++ {
		c := "PNBRQpnbrq"[rng.IntN(10)]
		place(c, c == 'P' || c == 'p')
	}
	fen := make([]byte, 0, 80)
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := board[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fen = append(fen, byte('0'+empty))
				empty = 0
			}
			fen = append(fen, c)
		}
		if empty > 0 {
			fen = append(fen, byte('0'+empty))
		}
		if r > 0 {
			fen = append(fen, '/')
		}
	}
	side := " w"
	if rng.IntN(2) == 1 {
		side = " b"
	}
	return string(fen) + side + " - - 0 1"
}

// testPositions returns a fixed sample of boards: random placements of
// every density and positions reached by random legal play from several
// start positions.
func testPositions(tb testing.TB) []*bitboard.Position {
	tb.Helper()
	rng := rand.New(rand.NewPCG(20240601, 7))
	var out []*bitboard.Position
	for len(out) < 300 {
		p, err := bitboard.ParseFEN(randomPlacement(rng, rng.IntN(30)))
		if err != nil {
			continue // the side not to move is in check: draw again
		}
		out = append(out, &p)
	}
	var buf []bitboard.Move
	for _, fen := range startFENs {
		for game := 0; game < 4; game++ {
			p, err := bitboard.ParseFEN(fen)
			if err != nil {
				tb.Fatalf("%s: %v", fen, err)
			}
			for ply := 0; ply < 60; ply++ {
				buf = p.LegalMoves(buf[:0])
				if len(buf) == 0 {
					break
				}
				p.Play(buf[rng.IntN(len(buf))])
				if ply%3 == 0 {
					q := p
					out = append(out, &q)
				}
			}
		}
	}
	return out
}

// randomSet is a random set of squares, sparse or dense.
func randomSet(rng *rand.Rand) bitboard.Set {
	switch rng.IntN(6) {
	case 0:
		return bitboard.SquareSet(bitboard.Square(rng.IntN(64)))
	case 1:
		return bitboard.Set(rng.Uint64() & rng.Uint64() & rng.Uint64())
	case 2:
		return bitboard.Full
	case 3:
		return 0
	default:
		return bitboard.Set(rng.Uint64())
	}
}

// pieceSet is a random set tied to the board: the pieces of some kinds, the
// empty squares, or a random set.
func pieceSet(rng *rand.Rand, p *bitboard.Position) bitboard.Set {
	switch rng.IntN(6) {
	case 0:
		return p.ByColor[rng.IntN(2)]
	case 4: // one square, as a square loop's variable
		return bitboard.SquareSet(bitboard.Square(rng.IntN(64)))
	case 1:
		return p.ByPiece[bitboard.Empty]
	case 2:
		var s bitboard.Set
		for i := 0; i < 3; i++ {
			s |= p.ByPiece[[]bitboard.Piece{bitboard.WhiteRook, bitboard.WhiteBishop, bitboard.WhiteQueen,
				bitboard.BlackRook, bitboard.BlackBishop, bitboard.BlackQueen, bitboard.WhiteKing,
				bitboard.BlackKing, bitboard.WhitePawn, bitboard.BlackKnight}[rng.IntN(10)]]
		}
		return s
	case 3:
		return p.Occupied
	}
	return randomSet(rng)
}

// ---- direction filters ----

// refDirectionSet is the union, over the squares of s and the direction
// bits of d, of the squares k steps away for lo <= k <= hi, found by
// solving k*v == (df, dr) for every target square.
func refDirectionSet(s bitboard.Set, d uint8, lo, hi int) bitboard.Set {
	var out bitboard.Set
	for from := 0; from < 64; from++ {
		if !s.Has(bitboard.Square(from)) {
			continue
		}
		for _, v := range refDirs {
			if d&uint8(v.bit) != 0 {
				out |= refDirectionOne(from, v.df, v.dr, lo, hi)
			}
		}
	}
	return out
}

type refDirKey struct{ from, df, dr, lo, hi int }

var refDirMemo = map[refDirKey]bitboard.Set{}

func refDirectionOne(from, vf, vr, lo, hi int) bitboard.Set {
	key := refDirKey{from, vf, vr, lo, hi}
	if s, ok := refDirMemo[key]; ok {
		return s
	}
	var out bitboard.Set
	for to := 0; to < 64; to++ {
		df, dr := to%8-from%8, to/8-from/8
		// the k with k*v == (df, dr), if there is one
		var k int
		if vf != 0 {
			if df%vf != 0 {
				continue
			}
			k = df / vf
		} else {
			k = dr * vr
		}
		if k*vf == df && k*vr == dr && lo <= k && k <= hi {
			out |= bitboard.Set(1) << uint(to)
		}
	}
	refDirMemo[key] = out
	return out
}

func TestDirectionSetReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ranges := [][2]int{{1, 7}, {0, 0}, {0, 1}, {1, 1}, {2, 3}, {-1, 1}, {-7, -1}, {-3, 2}, {-8, 8}, {3, 2}, {7, 7}, {-7, 7}, {5, 20}, {-20, -6}}
	sets := []bitboard.Set{0, bitboard.Full, 1, 1 << 63, 1 << 27}
	for i := 0; i < 40; i++ {
		sets = append(sets, randomSet(rng))
	}
	for _, s := range sets {
		for _, r := range ranges {
			for d := 0; d < 256; d++ {
				if s != 0 && s != bitboard.Full && d%7 != 0 && d&(d-1) != 0 {
					continue // every single direction and a sample of the unions
				}
				got := directionSet(s, uint8(d), r[0], r[1])
				if want := refDirectionSet(s, uint8(d), r[0], r[1]); got != want {
					t.Fatalf("directionSet(%v, %08b, %d, %d) = %v, want %v", s, d, r[0], r[1], got, want)
				}
			}
		}
	}
	// a few values written out by hand
	e4 := bitboard.SquareSet(28)
	for _, c := range []struct {
		d      bitboard.Dir
		lo, hi int
		want   string
	}{
		{bitboard.DirUp, 1, 7, "[e5,e6,e7,e8]"},
		{bitboard.DirUp, 0, 1, "[e4,e5]"},
		{bitboard.DirUp, -2, -1, "[e2,e3]"},
		{bitboard.DirDown, -1, -1, "[e5]"},
		{bitboard.DirNE | bitboard.DirSW, 2, 2, "[c2,g6]"},
		{bitboard.DirLeft, 4, 7, "[a4]"},
		{bitboard.DirRight, 4, 7, "[]"},
	} {
		if got := directionSet(e4, uint8(c.d), c.lo, c.hi).String(); got != c.want {
			t.Errorf("direction %08b %d %d e4 = %s, want %s", c.d, c.lo, c.hi, got, c.want)
		}
	}
}

// ---- between ----

func refBetween(a, b bitboard.Set) bitboard.Set {
	var out bitboard.Set
	for x := 0; x < 64; x++ {
		if !a.Has(bitboard.Square(x)) {
			continue
		}
		for y := 0; y < 64; y++ {
			if !b.Has(bitboard.Square(y)) || x == y {
				continue
			}
			df, dr := y%8-x%8, y/8-x/8
			if df != 0 && dr != 0 && df != dr && df != -dr {
				continue // not on a line
			}
			sf, sr := sign(df), sign(dr)
			for f, r := x%8+sf, x/8+sr; refSq(f, r) != bitboard.Square(y); f, r = f+sf, r+sr {
				out |= refBit(f, r)
			}
		}
	}
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func TestBetweenReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 3000; i++ {
		a, b := randomSet(rng), randomSet(rng)
		if i%2 == 0 {
			a = bitboard.SquareSet(bitboard.Square(rng.IntN(64)))
		}
		if got, want := between(a, b), refBetween(a, b); got != want {
			t.Fatalf("between(%v, %v) = %v, want %v", a, b, got, want)
		}
	}
	sq := func(s string) bitboard.Set {
		q, _ := bitboard.ParseSquare(s)
		return bitboard.SquareSet(q)
	}
	for _, c := range []struct{ a, b, want string }{
		{"a1", "h8", "[b2,c3,d4,e5,f6,g7]"},
		{"e1", "e3", "[e2]"},
		{"e1", "e2", "[]"},
		{"a1", "b3", "[]"},
		{"h1", "a8", "[g2,f3,e4,d5,c6,b7]"},
	} {
		got := between(sq(c.a), sq(c.b))
		if got.String() != c.want {
			t.Errorf("between %s %s = %v, want %s", c.a, c.b, got, c.want)
		}
		if got != between(sq(c.b), sq(c.a)) {
			t.Errorf("between %s %s is not symmetric", c.a, c.b)
		}
	}
}

// ---- attacks ----

func TestAttacksReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for pi, p := range testPositions(t) {
		var att [64]bitboard.Set
		for sq := 0; sq < 64; sq++ {
			att[sq] = refAttacks(p, sq%8, sq/8)
		}
		for i := 0; i < 8; i++ {
			a, b := pieceSet(rng, p), pieceSet(rng, p)
			var wantAttacking, wantAttacked bitboard.Set
			for x := 0; x < 64; x++ {
				for y := 0; y < 64; y++ {
					// the piece on x attacks y
					if !att[x].Has(bitboard.Square(y)) {
						continue
					}
					if a.Has(bitboard.Square(x)) && b.Has(bitboard.Square(y)) {
						wantAttacking |= bitboard.SquareSet(bitboard.Square(x))
					}
					if b.Has(bitboard.Square(x)) && a.Has(bitboard.Square(y)) {
						wantAttacked |= bitboard.SquareSet(bitboard.Square(y))
					}
				}
			}
			if got := attacking(p, a, b); got != wantAttacking {
				t.Fatalf("position %d %s: %v attacks %v = %v, want %v", pi, p.FEN(), a, b, got, wantAttacking)
			}
			if got := attackedBy(p, a, b); got != wantAttacked {
				t.Fatalf("position %d %s: %v attackedby %v = %v, want %v", pi, p.FEN(), a, b, got, wantAttacked)
			}
		}
	}
}

// TestAttacksPinnedAndBlocked: a pinned piece still attacks, a slider stops
// at the first piece (and attacks it, whatever its colour), pawns attack
// only forward diagonally.
func TestAttacksPinnedAndBlocked(t *testing.T) {
	p, err := bitboard.ParseFEN("4r1k1/8/8/8/8/8/4N3/4K2R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	sq := func(s string) bitboard.Set {
		q, _ := bitboard.ParseSquare(s)
		return bitboard.SquareSet(q)
	}
	// the knight on e2 is pinned by the rook on e8 but attacks d4 and g1
	if attacking(&p, sq("e2"), sq("d4")) == 0 || attacking(&p, sq("e2"), sq("g1")) == 0 {
		t.Errorf("a pinned knight must still attack")
	}
	// the rook on e8 attacks the knight on e2 but not the king behind it
	if attacking(&p, sq("e8"), sq("e2")) == 0 || attacking(&p, sq("e8"), sq("e1")) != 0 {
		t.Errorf("the rook must stop at the first piece")
	}
	// the rook on h1 attacks f1, g1, its own king on e1 (pseudo-attacks
	// include protection) and the h-file
	if got := attackedBy(&p, p.Occupied|p.ByPiece[bitboard.Empty], sq("h1")); got.String() != "[e1,f1,g1,h2,h3,h4,h5,h6,h7,h8]" {
		t.Errorf("attackedby h1 = %v", got)
	}
	q, err := bitboard.ParseFEN("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := attackedBy(&q, bitboard.Full, sq("e4")); got.String() != "[d5,f5]" {
		t.Errorf("a white pawn on e4 attacks %v, want [d5,f5]", got)
	}
	if got := attackedBy(&q, bitboard.Full, sq("d5")); got.String() != "[c4,e4]" {
		t.Errorf("a black pawn on d5 attacks %v, want [c4,e4]", got)
	}
}

// ---- pins ----

type refPin struct{ from, through, to bitboard.Square }

// refPins lists every pin: a rook, bishop or queen on from, a piece of the
// other colour on through further along one of its lines with only empty
// squares between them, and the target on to further along the same line
// with only empty squares between through and to; the target is a piece of
// through's colour, or, when the target set was given, an empty square.
func refPins(p *bitboard.Position, from, through, to bitboard.Set, given bool) []refPin {
	var out []refPin
	for ps := 0; ps < 64; ps++ {
		pinner := p.Board[ps]
		if !from.Has(bitboard.Square(ps)) || pinner == bitboard.Empty {
			continue
		}
		f, r := ps%8, ps/8
		for _, d := range refDirs {
			if !refSlides(pinner.Type(), d.df, d.dr) {
				continue
			}
			for k1 := 1; k1 < 8; k1++ {
				for k2 := k1 + 1; k2 < 8; k2++ {
					qf, qr := f+k1*d.df, r+k1*d.dr
					tf, tr := f+k2*d.df, r+k2*d.dr
					if !refOn(tf, tr) {
						continue
					}
					q, tsq := refSq(qf, qr), refSq(tf, tr)
					pinned, target := p.Board[q], p.Board[tsq]
					if !through.Has(q) || !to.Has(tsq) || pinned == bitboard.Empty || pinned.Color() == pinner.Color() {
						continue
					}
					if target == bitboard.Empty && !given || target != bitboard.Empty && target.Color() != pinned.Color() {
						continue
					}
					clear := true
					for k := 1; k < k2; k++ {
						if k != k1 && !refEmpty(p, f+k*d.df, r+k*d.dr) {
							clear = false
						}
					}
					if clear {
						out = append(out, refPin{bitboard.Square(ps), q, tsq})
					}
				}
			}
		}
	}
	return out
}

func TestPinsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	found := 0
	kings := func(p *bitboard.Position) bitboard.Set {
		return p.ByPiece[bitboard.WhiteKing] | p.ByPiece[bitboard.BlackKing]
	}
	for pi, p := range testPositions(t) {
		for i := 0; i < 6; i++ {
			from, through, to := bitboard.Full, bitboard.Full, kings(p)
			given := i%2 == 1
			if i >= 2 {
				from, through = pieceSet(rng, p), pieceSet(rng, p)
				if given || i >= 4 { // any targets, few or many (pinsTowards or pinsFromSliders)
					to = pieceSet(rng, p)
				}
			}
			list := refPins(p, from, through, to, given)
			found += len(list)
			for what, name := range []string{"from", "through", "to"} {
				var want bitboard.Set
				for _, pin := range list {
					want |= bitboard.SquareSet([]bitboard.Square{pin.from, pin.through, pin.to}[what])
				}
				x := uint8(what)
				if given {
					x |= PinToGiven
				}
				if got := pins(p, from, through, to, x); got != want {
					t.Fatalf("position %d %s: pin %s (from %v through %v to %v given %v) = %v, want %v",
						pi, p.FEN(), name, from, through, to, given, got, want)
				}
			}
		}
	}
	if found < 50 {
		t.Errorf("only %d pins in the sample: the test boards are too poor", found)
	}
}

func TestPinsExamples(t *testing.T) {
	sq := func(s string) bitboard.Set {
		q, _ := bitboard.ParseSquare(s)
		return bitboard.SquareSet(q)
	}
	// Be8 pins nothing (its diagonal meets the own rook on a4); the rook
	// on a4 pins the black knight on d4 to the black king on h4.
	p, err := bitboard.ParseFEN("4B3/8/8/8/R2n3k/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	kings := p.ByPiece[bitboard.WhiteKing] | p.ByPiece[bitboard.BlackKing]
	if got := pins(&p, bitboard.Full, bitboard.Full, kings, PinThrough); got != sq("d4") {
		t.Errorf("pinned = %v, want [d4]", got)
	}
	if got := pins(&p, bitboard.Full, bitboard.Full, kings, PinFrom); got != sq("a4") {
		t.Errorf("pinners = %v, want [a4]", got)
	}
	if got := pins(&p, bitboard.Full, bitboard.Full, kings, PinTo); got != sq("h4") {
		t.Errorf("pin targets = %v, want [h4]", got)
	}
	// with a given target the line may end on an empty square: f4 and g4
	if got := pins(&p, bitboard.Full, bitboard.Full, sq("f4")|sq("g4")|sq("h4"), PinTo|PinToGiven); got.String() != "[f4,g4,h4]" {
		t.Errorf("pin to [f4,g4,h4] given = %v", got)
	}
	// without the flag the empty squares do not count
	if got := pins(&p, bitboard.Full, bitboard.Full, sq("f4")|sq("g4"), PinTo); got != 0 {
		t.Errorf("pin to empty squares without the flag = %v, want []", got)
	}
	// a knight does not pin
	q, err := bitboard.ParseFEN("8/8/8/8/N2n3k/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := pins(&q, bitboard.Full, bitboard.Full, bitboard.Full, PinThrough|PinToGiven); got != 0 {
		t.Errorf("a knight pins %v", got)
	}
}

// ---- rays ----

// refRays follows the definition of `ray`: from a square of sets[0] in one
// direction, visiting a square of each following set at strictly
// increasing distances, every square strictly between two visited squares
// empty; the result is the squares of the last set so reached.
func refRays(p *bitboard.Position, sets []bitboard.Set, dirs uint8, attack bool) bitboard.Set {
	if dirs == 0 {
		dirs = 0xFF
	}
	var out bitboard.Set
	for start := 0; start < 64; start++ {
		if !sets[0].Has(bitboard.Square(start)) {
			continue
		}
		f, r := start%8, start/8
		for _, d := range refDirs {
			if dirs&uint8(d.bit) == 0 {
				continue
			}
			if attack && !refSlides(p.Board[start].Type(), d.df, d.dr) {
				continue
			}
			var visit func(i, k int)
			visit = func(i, k int) { // sets[0..i-1] visited, the last at distance k
				if i == len(sets) {
					out |= refBit(f+k*d.df, r+k*d.dr)
					return
				}
				for k2 := k + 1; refOn(f+k2*d.df, r+k2*d.dr); k2++ {
					if sets[i].Has(refSq(f+k2*d.df, r+k2*d.dr)) {
						visit(i+1, k2)
					}
					if !refEmpty(p, f+k2*d.df, r+k2*d.dr) {
						return // nothing may be passed over
					}
				}
			}
			visit(1, 0)
		}
	}
	return out
}

func TestRaysReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	nonEmpty := 0
	for pi, p := range testPositions(t) {
		for i := 0; i < 12; i++ {
			n := 2 + rng.IntN(3)
			sets := make([]bitboard.Set, n)
			for k := range sets {
				sets[k] = pieceSet(rng, p)
			}
			dirs := uint8(0)
			if i%3 == 1 {
				dirs = uint8(rng.IntN(256))
			}
			attack := i%2 == 1
			want := refRays(p, sets, dirs, attack)
			if want != 0 {
				nonEmpty++
			}
			if got := rays(p, sets, dirs, attack); got != want {
				t.Fatalf("position %d %s: ray dirs %08b attack %v %v = %v, want %v", pi, p.FEN(), dirs, attack, sets, got, want)
			}
		}
	}
	if nonEmpty < 200 {
		t.Errorf("only %d non-empty rays in the sample", nonEmpty)
	}
}

func TestRaysExamples(t *testing.T) {
	p, err := bitboard.ParseFEN("k7/8/8/3r4/8/1B6/8/K2Q4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	at := func(s string) bitboard.Set {
		q, _ := bitboard.ParseSquare(s)
		return bitboard.SquareSet(q)
	}
	white := p.ByColor[bitboard.White]
	black := p.ByColor[bitboard.Black]
	empty := p.ByPiece[bitboard.Empty]
	for _, c := range []struct {
		name   string
		sets   []bitboard.Set
		dirs   bitboard.Dir
		attack bool
		want   bitboard.Set
	}{
		// queen d1 up the d-file to the rook on d5 (d2-d4 empty)
		{"Q r", []bitboard.Set{at("d1"), black}, 0, false, at("d5")},
		// a visited piece may be followed by the empty squares behind it
		{"Q r _", []bitboard.Set{at("d1"), black, empty}, 0, false, at("d6") | at("d7") | at("d8")},
		// Q _ r: at least one empty square in between
		{"Q _ r", []bitboard.Set{at("d1"), empty, black}, 0, false, at("d5")},
		// bishop b3 to the rook on d5 over the empty c4
		{"B r diagonal", []bitboard.Set{at("b3"), at("d5")}, bitboard.DirDiagonal, false, at("d5")},
		{"B r orthogonal", []bitboard.Set{at("b3"), at("d5")}, bitboard.DirOrthogonal, false, 0},
		// ray attack: the bishop does not move along files
		{"attack B up", []bitboard.Set{at("b3"), at("b8") | at("b7")}, 0, true, 0},
		{"plain B up", []bitboard.Set{at("b3"), at("b8") | at("b7")}, 0, false, at("b7") | at("b8")},
		// the white king is not a line piece
		{"attack K", []bitboard.Set{at("a1"), white | black}, 0, true, 0},
		{"attack Q", []bitboard.Set{at("d1"), white | black}, 0, true, at("a1") | at("b3") | at("d5")},
	} {
		if got := rays(&p, c.sets, uint8(c.dirs), c.attack); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

// ---- arrow chains ----

// refArrowChain follows the n-ary definition of attackarrow.html: x1 ->
// x2 -> ... -> xn holds for squares X1..Xn when X2..X(n-1) are distinct
// squares strictly between X1 and Xn, met in that order from X1, and the
// piece on X1 attacks Xn once they are made empty. It returns the X1 and
// the Xn of every such choice.
func refArrowChain(p *bitboard.Position, sets []bitboard.Set) (starts, ends bitboard.Set) {
	n := len(sets)
	for x1 := 0; x1 < 64; x1++ {
		for xn := 0; xn < 64; xn++ {
			if !sets[0].Has(bitboard.Square(x1)) || !sets[n-1].Has(bitboard.Square(xn)) {
				continue
			}
			// the squares between, nearest to x1 first
			var line []int
			df, dr := xn%8-x1%8, xn/8-x1/8
			if x1 != xn && (df == 0 || dr == 0 || df == dr || df == -dr) {
				sf, sr := sign(df), sign(dr)
				for f, r := x1%8+sf, x1/8+sr; refSq(f, r) != bitboard.Square(xn); f, r = f+sf, r+sr {
					line = append(line, int(refSq(f, r)))
				}
			}
			var choose func(i, from int, q bitboard.Position) bool
			choose = func(i, from int, q bitboard.Position) bool { // sets[1..i-1] placed
				if i == n-1 {
					return refAttacks(&q, x1%8, x1/8).Has(bitboard.Square(xn))
				}
				for k := from; k < len(line); k++ {
					if sets[i].Has(bitboard.Square(line[k])) {
						e := q
						e.Board[line[k]] = bitboard.Empty
						if choose(i+1, k+1, e) {
							return true
						}
					}
				}
				return false
			}
			if choose(1, 0, *p) {
				starts |= refBit(x1%8, x1/8)
				ends |= refBit(xn%8, xn/8)
			}
		}
	}
	return starts, ends
}

func TestArrowChainReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	nonEmpty := 0
	for pi, p := range testPositions(t) {
		for i := 0; i < 6; i++ {
			sets := make([]bitboard.Set, 3+rng.IntN(2))
			for k := range sets {
				sets[k] = pieceSet(rng, p)
			}
			starts, ends := refArrowChain(p, sets)
			if starts != 0 {
				nonEmpty++
			}
			if got := arrowChain(p, slices.Clone(sets), 0); got != starts {
				t.Fatalf("position %d %s: chain -> %v = %v, want %v", pi, p.FEN(), sets, got, starts)
			}
			backward := slices.Clone(sets)
			slices.Reverse(backward) // written xn <- ... <- x1
			if got := arrowChain(p, backward, ChainBackward); got != ends {
				t.Fatalf("position %d %s: chain <- %v = %v, want %v", pi, p.FEN(), backward, got, ends)
			}
		}
	}
	if nonEmpty < 100 {
		t.Errorf("only %d non-empty chains in the sample", nonEmpty)
	}
}

// ---- pawn structure ----

func refPawnStructure(p *bitboard.Position, what uint8) bitboard.Set {
	var out bitboard.Set
	pawnAt := func(c bitboard.Color, f, r int) bool {
		return refOn(f, r) && p.Board[refSq(f, r)] == bitboard.MakePiece(c, bitboard.Pawn)
	}
	for sq := 0; sq < 64; sq++ {
		pc := p.Board[sq]
		if pc.Type() != bitboard.Pawn {
			continue
		}
		c, f, r := pc.Color(), sq%8, sq/8
		hit := false
		switch what {
		case PawnsPassed:
			hit = true
			for ff := f - 1; ff <= f+1; ff++ {
				for rr := 0; rr < 8; rr++ {
					ahead := c == bitboard.White && rr > r || c == bitboard.Black && rr < r
					if ahead && pawnAt(c.Other(), ff, rr) {
						hit = false
					}
				}
			}
		case PawnsIsolated, PawnsConnected:
			neighbour := false
			for rr := 0; rr < 8; rr++ {
				if pawnAt(c, f-1, rr) || pawnAt(c, f+1, rr) {
					neighbour = true
				}
			}
			hit = neighbour == (what == PawnsConnected)
		case PawnsDoubled:
			for rr := 0; rr < 8; rr++ {
				if rr != r && pawnAt(c, f, rr) {
					hit = true
				}
			}
		}
		if hit {
			out |= bitboard.SquareSet(bitboard.Square(sq))
		}
	}
	return out
}

func TestPawnStructureReference(t *testing.T) {
	counts := map[uint8]int{}
	for pi, p := range testPositions(t) {
		for what := PawnsPassed; what <= PawnsConnected; what++ {
			want := refPawnStructure(p, what)
			counts[what] += want.Count()
			if got := pawnStructure(p, what); got != want {
				t.Fatalf("position %d %s: pawn structure %d = %v, want %v", pi, p.FEN(), what, got, want)
			}
		}
	}
	for what := PawnsPassed; what <= PawnsConnected; what++ {
		if counts[what] < 20 {
			t.Errorf("pawn structure %d: only %d hits in the sample", what, counts[what])
		}
	}
	// both colours, by hand: white a2 b2 connected (a2 passed: no black
	// pawn ahead on the a and b files; b2 is not, c7 is on the c-file), e4
	// passed and isolated; black h7 isolated and passed, c7 c6 doubled and
	// isolated, held back by b2.
	p, err := bitboard.ParseFEN("4k3/2p4p/2p5/8/4P3/8/PP6/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for what, want := range map[uint8]string{
		PawnsPassed:    "[a2,e4,h7]",
		PawnsIsolated:  "[e4,c6,c7,h7]",
		PawnsDoubled:   "[c6,c7]",
		PawnsConnected: "[a2,b2]",
	} {
		if got := pawnStructure(&p, what).String(); got != want {
			t.Errorf("pawn structure %d = %s, want %s", what, got, want)
		}
	}
}

// ---- power, squareNum, sameSquares ----

func TestPowerSquareNumReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	value := map[byte]int64{'p': 1, 'n': 3, 'b': 3, 'r': 5, 'q': 9, 'k': 0}
	for pi, p := range testPositions(t) {
		for i := 0; i < 6; i++ {
			s := pieceSet(rng, p)
			if i == 0 {
				s = bitboard.Full
			}
			var want int64
			for sq := 0; sq < 64; sq++ {
				if pc := p.Board[sq]; s.Has(bitboard.Square(sq)) && pc != bitboard.Empty {
					l := pc.Letter() | 0x20 // lower case
					want += value[l]
				}
			}
			if got := power(p, s); got != want {
				t.Fatalf("position %d %s: power %v = %d, want %d", pi, p.FEN(), s, got, want)
			}
		}
		sq := rng.IntN(64)
		one := bitboard.SquareSet(bitboard.Square(sq))
		if v, ok := squareNum(p, one, SqRank); !ok || v != int64(sq/8+1) {
			t.Fatalf("rank of %v = %d %v", one, v, ok)
		}
		if v, ok := squareNum(p, one, SqFile); !ok || v != int64(sq%8+1) {
			t.Fatalf("file of %v = %d %v", one, v, ok)
		}
		pc := p.Board[sq]
		tv, tok := squareNum(p, one, SqType)
		cv, cok := squareNum(p, one, SqColorType)
		if pc == bitboard.Empty {
			if !tok || tv != 0 || !cok || cv != 0 {
				t.Fatalf("type/colortype of the empty square %v = %d %v / %d %v, want 0 / 0", one, tv, tok, cv, cok)
			}
		} else {
			wantType := int64(1 + indexOf("PNBRQK", pc.Letter()&^0x20))
			wantColor := wantType
			if pc.Letter() >= 'a' {
				wantColor = -wantType
			}
			if !tok || tv != wantType || !cok || cv != wantColor {
				t.Fatalf("type/colortype of %c on %v = %d %v / %d %v, want %d / %d", pc.Letter(), one, tv, tok, cv, cok, wantType, wantColor)
			}
		}
		// not exactly one square: every kind fails
		for _, s := range []bitboard.Set{0, one | bitboard.SquareSet(bitboard.Square((sq+1)%64)), bitboard.Full} {
			for what := SqRank; what <= SqColorType; what++ {
				if _, ok := squareNum(p, s, what); ok {
					t.Fatalf("squareNum(%v, %d) succeeded on %d squares", s, what, s.Count())
				}
			}
		}
	}
}

func indexOf(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -100
}

func TestSameSquaresReference(t *testing.T) {
	ps := testPositions(t)
	rng := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 500; i++ {
		a, b := ps[rng.IntN(len(ps))], ps[rng.IntN(len(ps))]
		var want bitboard.Set
		for sq := 0; sq < 64; sq++ {
			if a.Board[sq].Letter() == b.Board[sq].Letter() {
				want |= bitboard.SquareSet(bitboard.Square(sq))
			}
		}
		if got := sameSquares(a, b); got != want {
			t.Fatalf("sameSquares(%s, %s) = %v, want %v", a.FEN(), b.FEN(), got, want)
		}
		if sameSquares(a, a) != bitboard.Full {
			t.Fatalf("a position differs from itself")
		}
	}
}

// ---- piece identities ----

// randomTree plays random legal moves from fen, branching now and then,
// and returns the tree (parents always before their children).
func randomTree(tb testing.TB, rng *rand.Rand, fen string, nodes int) *Tree {
	tb.Helper()
	root, err := bitboard.ParseFEN(fen)
	if err != nil {
		tb.Fatalf("%s: %v", fen, err)
	}
	t := &Tree{Nodes: []Node{{Pos: &root, Parent: -1, FirstChild: -1, NextSibling: -1}}}
	var buf []bitboard.Move
	leaf := int32(0)
	for len(t.Nodes) < nodes {
		if rng.IntN(8) == 0 {
			leaf = int32(rng.IntN(len(t.Nodes))) // branch from an earlier node
		}
		pos := *t.Nodes[leaf].Pos
		buf = pos.LegalMoves(buf[:0])
		if len(buf) == 0 {
			leaf = 0
			continue
		}
		// prefer the interesting moves
		mv := buf[rng.IntN(len(buf))]
		for _, m := range buf {
			if m.Flags&(bitboard.FlagCastle|bitboard.FlagPromotion|bitboard.FlagEnPassant) != 0 && rng.IntN(2) == 0 {
				mv = m
			}
		}
		pos.Play(mv)
		n := int32(len(t.Nodes))
		t.Nodes = append(t.Nodes, Node{Pos: &pos, Move: mv, Parent: leaf, FirstChild: -1, NextSibling: -1,
			Ply: t.Nodes[leaf].Ply + 1})
		// link as the last child
		if c := t.Nodes[leaf].FirstChild; c < 0 {
			t.Nodes[leaf].FirstChild = n
		} else {
			for t.Nodes[c].NextSibling >= 0 {
				c = t.Nodes[c].NextSibling
			}
			t.Nodes[c].NextSibling = n
		}
		leaf = n
	}
	return t
}

// TestPieceIDsInvariants checks the identities on random trees against
// what identity means: at every node the squares with an identity are
// exactly the occupied ones, identities are unique, a piece keeps its
// colour and (except by promotion) its type, the root numbers the pieces
// 1..n in square order, and a move carries the identity of the moving
// piece (the king's and the rook's for castling) while a capture removes
// the captured piece's identity for good.
func TestPieceIDsInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	var castles, promos, eps, captures int
	for _, fen := range startFENs {
		tree := randomTree(t, rng, fen, 400)
		ids := tree.PieceIDs(nil)
		if len(ids) != len(tree.Nodes) {
			t.Fatalf("%d id tables for %d nodes", len(ids), len(tree.Nodes))
		}
		// the inverse tables, built move by move, against a full search
		sqs := pieceSquares(tree, ids, nil)
		for i := range ids {
			for id := 1; id < 65; id++ {
				want := int8(-1)
				for sq, v := range ids[i] {
					if int(v) == id {
						want = int8(sq)
					}
				}
				if sqs[i][id] != want {
					t.Fatalf("%s, node %d: piece %d on %d, want %d", fen, i, id, sqs[i][id], want)
				}
			}
		}
		next := uint8(1)
		for sq := 0; sq < 64; sq++ {
			if tree.Nodes[0].Pos.Board[sq] != bitboard.Empty {
				if ids[0][sq] != next {
					t.Fatalf("%s: root id on %v = %d, want %d", fen, bitboard.Square(sq), ids[0][sq], next)
				}
				next++
			} else if ids[0][sq] != 0 {
				t.Fatalf("%s: the empty root square %v has id %d", fen, bitboard.Square(sq), ids[0][sq])
			}
		}
		// the root piece of each identity
		rootPiece := map[uint8]bitboard.Piece{}
		for sq := 0; sq < 64; sq++ {
			if id := ids[0][sq]; id != 0 {
				rootPiece[id] = tree.Nodes[0].Pos.Board[sq]
			}
		}
		for i := 1; i < len(tree.Nodes); i++ {
			n := &tree.Nodes[i]
			cur, par := &ids[i], &ids[n.Parent]
			seen := map[uint8]bool{}
			for sq := 0; sq < 64; sq++ {
				pc := n.Pos.Board[sq]
				id := cur[sq]
				if (pc == bitboard.Empty) != (id == 0) {
					t.Fatalf("%s node %d: square %v holds %c with id %d", fen, i, bitboard.Square(sq), pc.Letter(), id)
				}
				if id == 0 {
					continue
				}
				if seen[id] {
					t.Fatalf("%s node %d: id %d twice", fen, i, id)
				}
				seen[id] = true
				rp := rootPiece[id]
				if rp.Color() != pc.Color() || rp.Type() != pc.Type() && rp.Type() != bitboard.Pawn {
					t.Fatalf("%s node %d: id %d was %c and is now %c", fen, i, id, rp.Letter(), pc.Letter())
				}
			}
			mv := n.Move
			switch {
			case mv.Is(bitboard.FlagCastle):
				castles++
				if cur[mv.To] != par[mv.From] || cur[mv.RookTo] != par[mv.RookFrom] {
					t.Fatalf("%s node %d: castling %v did not move the king's and rook's ids", fen, i, mv)
				}
			default:
				if cur[mv.To] != par[mv.From] {
					t.Fatalf("%s node %d: move %v: id on %v is %d, want the mover's %d", fen, i, mv, mv.To, cur[mv.To], par[mv.From])
				}
				if mv.Is(bitboard.FlagPromotion) {
					promos++
				}
				if mv.Is(bitboard.FlagEnPassant) {
					eps++
				}
			}
			if cs := mv.CaptureSquare(); cs != bitboard.NoSquare {
				captures++
				gone := par[cs]
				for sq := 0; sq < 64; sq++ {
					if cur[sq] == gone {
						t.Fatalf("%s node %d: captured id %d is still on %v", fen, i, gone, bitboard.Square(sq))
					}
				}
			}
			// everything else stands still
			for sq := 0; sq < 64; sq++ {
				s := bitboard.Square(sq)
				if s == mv.From || s == mv.To || s == mv.RookFrom || s == mv.RookTo || s == mv.CaptureSquare() {
					continue
				}
				if cur[sq] != par[sq] {
					t.Fatalf("%s node %d: move %v changed the id on %v", fen, i, mv, s)
				}
			}
		}
	}
	if castles == 0 || promos == 0 || eps == 0 || captures < 50 {
		t.Errorf("the random trees lack variety: %d castlings, %d promotions, %d en passant, %d captures", castles, promos, eps, captures)
	}
}

// TestPieceIDsScripted follows named pieces through a short game.
func TestPieceIDsScripted(t *testing.T) {
	pos := bitboard.NewPosition()
	tree := &Tree{Nodes: []Node{{Pos: &pos, Parent: -1, FirstChild: -1, NextSibling: -1}}}
	moves := "e4 d5 exd5 Nf6 Bb5+ c6 dxc6 Qb6 cxb7 Nbd7 bxa8=Q Qxb5 Nf3 Qb6 O-O e5"
	for _, san := range strings.Fields(moves) {
		p := *tree.Nodes[len(tree.Nodes)-1].Pos
		mv, err := p.ParseSAN([]byte(san))
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		p.Play(mv)
		i := int32(len(tree.Nodes))
		tree.Nodes[i-1].FirstChild = i
		tree.Nodes = append(tree.Nodes, Node{Pos: &p, Move: mv, Parent: i - 1, FirstChild: -1, NextSibling: -1, Ply: i})
	}
	ids := tree.PieceIDs(nil)
	at := func(node int, s string) uint8 {
		q, _ := bitboard.ParseSquare(s)
		return ids[node][q]
	}
	last := len(tree.Nodes) - 1
	// the e-pawn walked e2-e4-d5-c6-b7-a8 and became a queen
	if at(0, "e2") == 0 || at(last, "a8") != at(0, "e2") {
		t.Errorf("the promoted queen on a8 has id %d, want the e2 pawn's %d", at(last, "a8"), at(0, "e2"))
	}
	// the rook captured on a8 is gone everywhere
	rookA8 := at(0, "a8")
	for sq := 0; sq < 64; sq++ {
		if ids[last][sq] == rookA8 {
			t.Errorf("the captured a8 rook's id is still on %v", bitboard.Square(sq))
		}
	}
	// castling: the king from e1 is on g1, the rook from h1 on f1
	if at(last, "g1") != at(0, "e1") || at(last, "f1") != at(0, "h1") {
		t.Errorf("after O-O: g1 has %d (want %d), f1 has %d (want %d)", at(last, "g1"), at(0, "e1"), at(last, "f1"), at(0, "h1"))
	}
	// the black queen went d8-b6-b5-b6
	if at(last, "b6") != at(0, "d8") {
		t.Errorf("the black queen on b6 has id %d, want %d", at(last, "b6"), at(0, "d8"))
	}
	// the white bishop captured on b5 is gone everywhere
	bishop := at(0, "f1")
	for sq := 0; sq < 64; sq++ {
		if ids[last][sq] == bishop {
			t.Errorf("the captured f1 bishop's id is on %v", bitboard.Square(sq))
		}
	}
	// the knight from b8 is on d7 and the one from g8 on f6
	if at(last, "d7") != at(0, "b8") || at(last, "f6") != at(0, "g8") {
		t.Errorf("the black knights have lost their identities")
	}
}

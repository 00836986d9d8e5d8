package vm

import (
	"math/bits"
	"slices"

	"github.com/cqlvm/cqlvm/bitboard"
)

// lightSquares are the light squares (b1, a2, ...; a1 is dark).
const lightSquares bitboard.Set = 0x55AA55AA55AA55AA

// pieces returns the squares holding one of the piece kinds in mask
// (bit p for bitboard.Piece p; bit 0 for an empty square).
func pieces(p *bitboard.Position, mask uint16) bitboard.Set {
	switch mask {
	case maskWhite:
		return p.ByColor[bitboard.White]
	case maskBlack:
		return p.ByColor[bitboard.Black]
	case maskWhite | maskBlack:
		return p.Occupied
	}
	var s bitboard.Set
	for mask != 0 {
		i := bits.TrailingZeros16(mask)
		mask &= mask - 1
		s |= p.ByPiece[i]
	}
	return s
}

// Piece-kind masks of all white and all black pieces.
const (
	maskWhite uint16 = 0x7E
	maskBlack uint16 = 0x7E << 8
)

// attacking returns the squares of a whose piece attacks a square of b.
// Attacks are pseudo-attacks: a pinned piece still attacks.
func attacking(p *bitboard.Position, a, b bitboard.Set) bitboard.Set {
	a &= p.Occupied
	if 2*b.Count() <= a.Count() {
		// few targets (A attacks x in a square loop): ask who attacks
		// each of them, two lookups a target instead of one a piece
		return a & attackersFrom(p, a, b)
	}
	var out bitboard.Set
	for s := a; s != 0; {
		sq := s.Pop()
		if p.AttacksFrom(sq)&b != 0 {
			out |= bitboard.SquareSet(sq)
		}
	}
	return out
}

// attackedBy returns the squares of a attacked by a piece standing on b.
func attackedBy(p *bitboard.Position, a, b bitboard.Set) bitboard.Set {
	b &= p.Occupied
	if 2*a.Count() <= b.Count() {
		// few squares asked about: keep those with an attacker in b
		var out bitboard.Set
		for s := a; s != 0; {
			sq := s.Pop()
			if attackersFrom(p, b, bitboard.SquareSet(sq))&b != 0 {
				out |= bitboard.SquareSet(sq)
			}
		}
		return out
	}
	var att bitboard.Set
	for s := b; s != 0; {
		att |= p.AttacksFrom(s.Pop())
	}
	return a & att
}

// attackersFrom is the pieces of a's colours that attack a square of b:
// `A attacks x` need not look for Black's attackers.
func attackersFrom(p *bitboard.Position, a, b bitboard.Set) bitboard.Set {
	white, black := a&p.ByColor[bitboard.White] != 0, a&p.ByColor[bitboard.Black] != 0
	var att bitboard.Set
	for s := b; s != 0; {
		t := s.Pop()
		if white {
			att |= p.AttackersOf(t, bitboard.White, p.Occupied)
		}
		if black {
			att |= p.AttackersOf(t, bitboard.Black, p.Occupied)
		}
	}
	return att
}

// ChainBackward (OpArrowChain's X) marks a chain of <- arrows.
const ChainBackward uint8 = 1

// arrowChain is the value of the arrow chain whose operands are sets
// (attackarrow.html, attackedarrow.html). x1 -> x2 -> ... -> xn holds
// when, once one square of each of x2..x(n-1) is taken as empty, a piece
// on x1 attacks a square of xn through them: the line from x1 meets those
// squares in that order, every other square in between being empty, so
// only a rook, bishop or queen can (R->n->k: a knight pinned by a rook;
// Q->P->P->h8: two distinct pawns stand between the queen and h8). This
// is the condition of `ray attack (x1 ... xn)`. The value is the squares
// of x1 that begin such a chain. With backward the chain is written
// x1 <- x2 <- ... <- xn, true when xn -> ... -> x1 is, and its value is
// the squares of x1 that end one. flags is OpArrowChain's X. The chain
// reuses sets as scratch space.
func arrowChain(p *bitboard.Position, sets []bitboard.Set, flags uint8) bitboard.Set {
	if flags == ChainBackward {
		slices.Reverse(sets)
		return rays(p, sets, 0, true)
	}
	var out bitboard.Set
	for s := sets[0] & p.Occupied; s != 0; {
		start := s.Pop()
		sets[0] = bitboard.SquareSet(start)
		if rays(p, sets, 0, true) != 0 {
			out |= sets[0]
		}
	}
	return out
}

// directionSet returns the squares lo..hi king steps away from a square
// of s in one of the directions d (negative steps go the other way, 0 is
// the square itself). Pieces in between do not matter.
func directionSet(s bitboard.Set, d uint8, lo, hi int) bitboard.Set {
	var out bitboard.Set
	// no step reaches past 7 squares: a wider range adds nothing
	lo, hi = max(lo, -7), min(hi, 7)
	if lo <= 0 && 0 <= hi && d != 0 {
		out = s
	}
	for i, v := range dirSteps {
		if d&(1<<i) == 0 {
			continue
		}
		// the whole set steps at once, k steps forward then back
		cur := s
		for k := 1; k <= hi && cur != 0; k++ {
			if cur = kingStep(cur, v[0], v[1]); k >= lo {
				out |= cur
			}
		}
		cur = s
		for k := 1; k <= -lo && cur != 0; k++ {
			if cur = kingStep(cur, -v[0], -v[1]); -k <= hi {
				out |= cur
			}
		}
	}
	return out
}

// kingStep moves every square of s one step by (df, dr), each -1, 0 or 1;
// squares that would leave the board are dropped.
func kingStep(s bitboard.Set, df, dr int) bitboard.Set {
	switch df {
	case 1:
		s = (s &^ fileH) << 1
	case -1:
		s = (s &^ fileA) >> 1
	}
	switch dr {
	case 1:
		s <<= 8
	case -1:
		s >>= 8
	}
	return s
}

// dirSteps are the (file, rank) steps of the direction bits, in bit order
// (bitboard.Dirs).
var dirSteps = func() (steps [8][2]int) {
	for i, d := range bitboard.Dirs {
		steps[i] = [2]int{d.FileStep, d.RankStep}
	}
	return steps
}()

func step(sq bitboard.Square, df, dr int) (bitboard.Square, bool) {
	f, r := sq.File()+df, sq.Rank()+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0, false
	}
	return bitboard.MakeSquare(f, r), true
}

// between returns the squares strictly between a square of a and a square
// of b that share a rank, file or diagonal.
func between(a, b bitboard.Set) bitboard.Set {
	var out bitboard.Set
	for x := a; x != 0; {
		sa := x.Pop()
		for y := b; y != 0; {
			out |= bitboard.Between(sa, y.Pop())
		}
	}
	return out
}

var pieceValue = [7]int64{0, 1, 3, 3, 5, 9, 0}

// power is the material on the squares of s: P1 N3 B3 R5 Q9 K0.
func power(p *bitboard.Position, s bitboard.Set) int64 {
	var v int64
	for s &= p.Occupied; s != 0; {
		v += pieceValue[p.Board[s.Pop()].Type()]
	}
	return v
}

// What OpSquareSetNum computes (Inst.X).
const (
	SqRank uint8 = iota
	SqFile
	SqType
	SqColorType
)

// squareNum computes rank/file/type of the single square of s. An empty
// square has type and colortype 0 (type.html: "empty | 0"; colortype.html:
// "If s is not occupied by a piece, colortype s is 0"); only a set that is
// not exactly one square fails.
func squareNum(p *bitboard.Position, s bitboard.Set, what uint8) (int64, bool) {
	if s.Count() != 1 {
		return 0, false
	}
	sq := s.First()
	switch what {
	case SqRank:
		return int64(sq.Rank() + 1), true
	case SqFile:
		return int64(sq.File() + 1), true
	case SqType:
		return int64(p.Board[sq].Type()), true // bitboard.Empty has type 0
	case SqColorType:
		pc := p.Board[sq]
		if pc != bitboard.Empty && pc.Color() == bitboard.Black {
			return -int64(pc.Type()), true
		}
		return int64(pc.Type()), true
	}
	return 0, false
}

// Pin value selectors (OpPin's X): which squares of each pin are returned;
// PinToGiven (or'ed in) means the query named the target set, so a pin may
// also run to an empty square.
const (
	PinFrom uint8 = iota
	PinThrough
	PinTo
	PinToGiven uint8 = 1 << 4
)

// pins finds every pin (pinner on from, pinned piece on through, target on
// to): a rook, bishop or queen whose line runs through a piece of the
// other colour to a target of that piece's colour (or, when the target
// set was given, to an empty square) with nothing else in between. It
// returns the squares of the part selected by what.
func pins(p *bitboard.Position, from, through, to bitboard.Set, what uint8) bitboard.Set {
	if what&PinToGiven == 0 && (to&p.Occupied).Count() <= 4 {
		return pinsTowards(p, from, through, to&p.Occupied, what)
	}
	return pinsFromSliders(p, from, through, to, what)
}

// pinsTowards is pins for a few occupied targets (the kings, mostly),
// found from the targets' side: a pin to t is a slider of the other
// colour on a line through t, along which it moves, with exactly one
// piece between, of t's colour. That is a handful of tests per target,
// where pinsFromSliders looks at every slider's attacks.
func pinsTowards(p *bitboard.Position, from, through, targets bitboard.Set, what uint8) bitboard.Set {
	var out bitboard.Set
	for ts := targets; ts != 0; {
		t := ts.Pop()
		c := p.Board[t].Color()
		rays := bitboard.RookAttacks(t, 0)&rookMovers(p, c^1) | bitboard.BishopAttacks(t, 0)&bishopMovers(p, c^1)
		for cand := rays & from; cand != 0; {
			ps := cand.Pop()
			between := bitboard.Between(ps, t) & p.Occupied
			if between == 0 || between&(between-1) != 0 || between&p.ByColor[c]&through == 0 {
				continue
			}
			switch what {
			case PinFrom:
				out |= bitboard.SquareSet(ps)
			case PinThrough:
				out |= between
			case PinTo:
				out |= bitboard.SquareSet(t)
			}
		}
	}
	return out
}

// rookMovers and bishopMovers are c's pieces that slide like a rook, or a
// bishop.
func rookMovers(p *bitboard.Position, c bitboard.Color) bitboard.Set {
	return p.Pieces(c, bitboard.Rook) | p.Pieces(c, bitboard.Queen)
}

func bishopMovers(p *bitboard.Position, c bitboard.Color) bitboard.Set {
	return p.Pieces(c, bitboard.Bishop) | p.Pieces(c, bitboard.Queen)
}

// pinsFromSliders is pins found from every slider's attacks, for any
// targets.
func pinsFromSliders(p *bitboard.Position, from, through, to bitboard.Set, what uint8) bitboard.Set {
	var out bitboard.Set
	// Only rooks, bishops and queens pin, and only a piece of the other
	// colour that they attack: its line beyond it is then what the
	// pinner would attack with the piece gone.
	sliders := p.ByPiece[bitboard.WhiteRook] | p.ByPiece[bitboard.WhiteBishop] | p.ByPiece[bitboard.WhiteQueen] |
		p.ByPiece[bitboard.BlackRook] | p.ByPiece[bitboard.BlackBishop] | p.ByPiece[bitboard.BlackQueen]
	given := what&PinToGiven != 0
	for s := from & sliders; s != 0; {
		ps := s.Pop()
		pinner := p.Board[ps]
		for c := sliderAttacks(pinner.Type(), ps, p.Occupied) & through & p.ByColor[pinner.Color()^1]; c != 0; {
			q := c.Pop()
			beyond := sliderAttacks(pinner.Type(), ps, p.Occupied&^bitboard.SquareSet(q)) & pastOnLine(ps, q)
			targets := beyond & p.Occupied & to & p.ByColor[p.Board[q].Color()]
			if given {
				targets |= beyond &^ p.Occupied & to
			}
			if targets == 0 {
				continue
			}
			switch what &^ PinToGiven {
			case PinFrom:
				out |= bitboard.SquareSet(ps)
			case PinThrough:
				out |= bitboard.SquareSet(q)
			case PinTo:
				out |= targets
			}
		}
	}
	return out
}

// sliderAttacks is what a rook, bishop or queen on s attacks.
func sliderAttacks(t bitboard.PieceType, s bitboard.Square, occ bitboard.Set) bitboard.Set {
	switch t {
	case bitboard.Rook:
		return bitboard.RookAttacks(s, occ)
	case bitboard.Bishop:
		return bitboard.BishopAttacks(s, occ)
	}
	return bitboard.QueenAttacks(s, occ)
}

// pastOnLine is the squares of the line from a through b that lie beyond
// b. Square numbers grow or shrink steadily along a line, so they are the
// line's squares on b's side of b.
func pastOnLine(a, b bitboard.Square) bitboard.Set {
	if b > a {
		return bitboard.Line(a, b) & (bitboard.Full << (uint(b) + 1))
	}
	return bitboard.Line(a, b) & (bitboard.SquareSet(b) - 1)
}

// pinMemo is the pinned pieces of one position for one from, to and
// what: the squares of pins(from, every square, to, what).
type pinMemo struct {
	tree             *Tree
	serial           int
	node             int32
	from, to, pinned bitboard.Set
	what             uint8
}

// pins is pins at the current position. The pieces a pin goes through
// are those pinned through any square, intersected with the through set,
// so a `pin through x` in a square loop looks for the pins once per
// position and not once per square.
func (m *Machine) pins(from, through, to bitboard.Set, what uint8) bitboard.Set {
	if what&^PinToGiven != PinThrough {
		return pins(m.pos(), from, through, to, what)
	}
	c := &m.pinMemo
	if c.tree != m.tree || c.serial != m.gameSerial || c.node != m.cur || c.from != from || c.to != to || c.what != what {
		*c = pinMemo{tree: m.tree, serial: m.gameSerial, node: m.cur, from: from, to: to, what: what,
			pinned: pins(m.pos(), from, bitboard.Full, to, what)}
	}
	return c.pinned & through
}

// slidesAlong reports whether a piece of type t moves along direction i
// (the index into dirSteps: 0-3 orthogonal, 4-7 diagonal).
func slidesAlong(t bitboard.PieceType, i int) bool {
	switch t {
	case bitboard.Queen:
		return true
	case bitboard.Rook:
		return i < 4
	case bitboard.Bishop:
		return i >= 4
	}
	return false
}

// makeSquare is the square of 1-based file and rank, if on the board.
func makeSquare(file, rank int64) (bitboard.Set, bool) {
	if file < 1 || file > 8 || rank < 1 || rank > 8 {
		return 0, false
	}
	return bitboard.SquareSet(bitboard.MakeSquare(int(file-1), int(rank-1))), true
}

// sameSquares are the squares holding the same thing (or nothing) in
// both positions.
func sameSquares(a, b *bitboard.Position) bitboard.Set {
	var differ bitboard.Set
	for p := range a.ByPiece {
		differ |= a.ByPiece[p] ^ b.ByPiece[p]
	}
	return ^differ
}

// rays: the squares of the last set reached by straight rays that start
// on a square of sets[0] and visit a square of each following set in
// order, every square strictly between two visited squares being empty.
// dirs limits the directions (0: all eight). With attack, the first
// square must hold a rook, bishop or queen moving in that direction.
func rays(p *bitboard.Position, sets []bitboard.Set, dirs uint8, attack bool) bitboard.Set {
	if dirs == 0 {
		dirs = 0xFF
	}
	n := len(sets)
	var out bitboard.Set
	for s := sets[0]; s != 0; {
		start := s.Pop()
		toward := dirs
		if n > 1 {
			toward &= dirsToward(start, sets[1])
		}
		for i, v := range dirSteps {
			if toward&(1<<i) == 0 {
				continue
			}
			if attack && !slidesAlong(p.Board[start].Type(), i) {
				continue
			}
			// every following set needs a square on the ray
			ray, reach := rayMasks[start][i], true
			for _, set := range sets[1:] {
				reach = reach && set&ray != 0
			}
			if !reach {
				continue
			}
			out |= walkRay(p, start, v, sets, n)
		}
	}
	return out
}

// dirsToward is the directions (bit i: dirSteps[i]) from start in which
// lies a square of set, found square by square when set has few (a piece
// variable's), or else every direction (the ray masks test them).
func dirsToward(start bitboard.Square, set bitboard.Set) uint8 {
	if set.Count() > 2 {
		return 0xFF
	}
	var d uint8
	for s := set; s != 0; {
		d |= dirBits[start][s.Pop()]
	}
	return d
}

// dirBits[a][b] is the bit of the direction in which b lies from a (0
// when b is on no line from a).
var dirBits = func() (bits [64][64]uint8) {
	for a := range bitboard.Square(64) {
		for i := range dirSteps {
			for s := rayMasks[a][i]; s != 0; {
				bits[a][s.Pop()] = 1 << i
			}
		}
	}
	return bits
}()

// rayMasks[sq][i] is every square from sq (excluded) to the edge in the
// direction dirSteps[i].
var rayMasks = func() (masks [64][8]bitboard.Set) {
	for sq := range bitboard.Square(64) {
		for i, v := range dirSteps {
			for t, ok := step(sq, v[0], v[1]); ok; t, ok = step(t, v[0], v[1]) {
				masks[sq][i] |= bitboard.SquareSet(t)
			}
		}
	}
	return masks
}()

// walkRay follows one direction tracking which sets have been visited so
// far (a bit per count of visited sets): a square may be visited as the
// next set's square if it belongs to it, and may be passed over if empty.
func walkRay(p *bitboard.Position, sq bitboard.Square, v [2]int, sets []bitboard.Set, n int) bitboard.Set {
	var out bitboard.Set
	states := uint64(1) << 1 // one set (the start) visited
	for states != 0 {
		t, ok := step(sq, v[0], v[1])
		if !ok {
			break
		}
		sq = t
		var next uint64
		for k := 1; k < n; k++ {
			if states&(1<<k) == 0 {
				continue
			}
			if sets[k].Has(t) {
				if k+1 == n {
					out |= bitboard.SquareSet(t)
				} else {
					next |= 1 << (k + 1)
				}
			}
			if p.Board[t] == bitboard.Empty {
				next |= 1 << k
			}
		}
		states = next
	}
	return out
}

const (
	fileA bitboard.Set = 0x0101010101010101
	fileH bitboard.Set = fileA << 7
)

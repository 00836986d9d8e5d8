package vm

import (
	"fmt"
	"strconv"
	"strings"

	"cqlvm/bitboard"
)

// What OpInfoNum pushes (Inst.X).
const (
	InfoPly uint8 = iota
	InfoMoveNumber
	InfoPositionID
	InfoDepth
	InfoGameNumber
	InfoLastGameNumber
	InfoSideToMove
	InfoYear
	InfoEloWhite
	InfoEloBlack
	InfoEloMax // elo without a colour: the higher of the two ratings
)

// infoNum computes a number about the current position or the game.
func (m *Machine) infoNum(what uint8) (int64, bool) {
	n := &m.tree.Nodes[m.cur]
	switch what {
	case InfoPly:
		return int64(n.Ply), true
	case InfoMoveNumber:
		// FEN move numbers are ignored, as the official program does:
		// the root is move 1 whoever is to move.
		black := int64(0)
		if m.tree.Nodes[0].Pos.Side == bitboard.Black {
			black = 1
		}
		return (int64(n.Ply)+black)/2 + 1, true
	case InfoPositionID:
		return int64(m.cur), true
	case InfoDepth:
		return int64(n.Depth), true
	case InfoGameNumber:
		return int64(m.tree.Number), true
	case InfoLastGameNumber:
		return int64(m.LastGameNumber), m.LastGameNumber > 0
	case InfoSideToMove:
		if n.Pos.Side == bitboard.White {
			return 1, true
		}
		return -1, true
	case InfoYear:
		return leadingInt(m.tagValue("Date"), 4)
	case InfoEloWhite:
		return eloValue(m.tagValue("WhiteElo"))
	case InfoEloBlack:
		return eloValue(m.tagValue("BlackElo"))
	case InfoEloMax:
		return m.maxElo()
	}
	return 0, false
}

// maxElo is the value of elo without a colour, "the maximum ELO of the two
// players" (elo.html). A rating that is missing or not a number is left
// out, so one known rating is the value; with none the filter fails. The
// manual does not say what happens when only one is known.
func (m *Machine) maxElo() (int64, bool) {
	w, wok := eloValue(m.tagValue("WhiteElo"))
	b, bok := eloValue(m.tagValue("BlackElo"))
	if !wok || (bok && b > w) {
		return b, bok
	}
	return w, true
}

// eloValue reads a rating tag. "0" is how many databases write "no
// rating", and the official program reads it so: elo white fails on
// [WhiteElo "0"].
func eloValue(tag string) (int64, bool) {
	v, ok := leadingInt(tag, 5)
	return v, ok && v > 0
}

func (m *Machine) tagValue(name string) string {
	v, _ := m.tree.Tag(name)
	return v
}

// leadingInt reads the first digits of s (at most max of them).
func leadingInt(s string, max int) (int64, bool) {
	i := 0
	for i < len(s) && i < max && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	v, err := strconv.ParseInt(s[:i], 10, 64)
	return v, err == nil
}

// fenBoardMatches compares the board field of a FEN with the position.
// The field may use CQL's extended FEN (fen.html): besides the piece
// letters and digits, each of the one-character piece designators A, a,
// . and _ stands for one square (see fenSquareMatches).
func fenBoardMatches(p *bitboard.Position, fen string) bool {
	board, _, _ := strings.Cut(strings.TrimSpace(fen), " ")
	rank, file := 7, 0
	for i := 0; i < len(board); i++ {
		c := board[i]
		switch {
		case c == '/':
			if file != 8 {
				return false
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			for k := 0; k < int(c-'0'); k++ {
				if file > 7 || p.Board[bitboard.MakeSquare(file, rank)] != bitboard.Empty {
					return false
				}
				file++
			}
		default:
			if file > 7 || rank < 0 || !fenSquareMatches(p.Board[bitboard.MakeSquare(file, rank)], c) {
				return false
			}
			file++
		}
	}
	return rank == 0 && file == 8
}

// fenSquareMatches reports whether pc fits the extended-FEN letter c: a
// piece letter, A (any white piece), a (any black piece), _ (empty) or
// . (anything; '?' is accepted as a synonym).
func fenSquareMatches(pc bitboard.Piece, c byte) bool {
	switch c {
	case '.', '?':
		return true
	case '_':
		return pc == bitboard.Empty
	case 'A':
		return pc != bitboard.Empty && pc.Color() == bitboard.White
	case 'a':
		return pc != bitboard.Empty && pc.Color() == bitboard.Black
	}
	return pc.Letter() == c // the empty square's letter is '.', handled above
}

// originalComment is the PGN comment text after the move into node, with
// its NAGs appended as $n; ok is false when there is neither.
func (m *Machine) originalComment(node int32) (string, bool) {
	comment, nags := m.tree.Comment(node), m.tree.NAGs(node)
	if comment == "" && len(nags) == 0 {
		return "", false
	}
	var b strings.Builder
	b.WriteString(comment)
	for _, nag := range nags {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "$%d", nag)
	}
	return b.String(), true
}

// Pawn structures (OpPawns X).
const (
	PawnsPassed uint8 = iota
	PawnsIsolated
	PawnsDoubled
	PawnsConnected
)

// pawnStructure returns the pawns of both colours with the property.
func pawnStructure(p *bitboard.Position, what uint8) bitboard.Set {
	white, black := p.Pieces(bitboard.White, bitboard.Pawn), p.Pieces(bitboard.Black, bitboard.Pawn)
	switch what {
	case PawnsPassed:
		// a pawn is passed when no enemy pawn stands ahead of it on its
		// own or an adjacent file, that is when it is not on a square
		// behind an enemy pawn as seen from that pawn
		return white&^besideToo(southFill(black>>8)) | black&^besideToo(northFill(white<<8))
	case PawnsIsolated:
		return white&^beside(fileFill(white)) | black&^beside(fileFill(black))
	case PawnsConnected:
		return white&beside(fileFill(white)) | black&beside(fileFill(black))
	case PawnsDoubled:
		return white&(northFill(white<<8)|southFill(white>>8)) | black&(northFill(black<<8)|southFill(black>>8))
	}
	return 0
}

const (
	fileA bitboard.Set = 0x0101010101010101
	fileH bitboard.Set = fileA << 7
)

// northFill and southFill extend every square of s to the edge of the
// board up or down its file.
func northFill(s bitboard.Set) bitboard.Set {
	s |= s << 8
	s |= s << 16
	return s | s<<32
}

func southFill(s bitboard.Set) bitboard.Set {
	s |= s >> 8
	s |= s >> 16
	return s | s>>32
}

// fileFill is every square of the files that s touches.
func fileFill(s bitboard.Set) bitboard.Set { return northFill(s) | southFill(s) }

// beside is the squares next to those of s on the left and right;
// besideToo adds s itself.
func beside(s bitboard.Set) bitboard.Set { return s<<1&^fileA | s>>1&^fileH }

func besideToo(s bitboard.Set) bitboard.Set { return s | beside(s) }

// pieceName: the piece letter on the single square of s ("_" if empty);
// with upper, the upper-case type letter.
func pieceName(p *bitboard.Position, s bitboard.Set, upper bool) (string, bool) {
	if s.Count() != 1 {
		return "", false
	}
	pc := p.Board[s.First()]
	if pc == bitboard.Empty {
		return "_", true
	}
	l := string(pc.Letter())
	if upper {
		l = strings.ToUpper(l)
	}
	return l, true
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

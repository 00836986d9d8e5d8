package summary

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

// Op is what a Need asks.
type Op uint8

const (
	Anything  Op = iota // no condition: every game may match
	All                 // every one of Args
	Any                 // one of Args at least
	Count               // some position has between Lo and Hi of Pieces
	Promote             // some move promotes to one of Pieces
	Fact                // some position or move has every one of Flags
	Ply                 // some position has a ply of Lo or more
	Board               // some position has one of the boards Boards
	FilePawns           // some position has Lo or more of Pieces (pawns) on one file
)

// NoBound is a Count's Hi when it has no upper bound.
const NoBound = 1 << 30

// Need is a condition that every game a query can match meets, to be
// tested on the game's summary (the compiler derives it from the query).
// It is necessary, not sufficient: a game that meets it may still not
// match, one that does not cannot.
type Need struct {
	Op   Op
	Args []Need // All, Any
	// Pieces is a mask of bitboard.Piece bits: the pieces counted
	// (Count) or promoted to (Promote).
	Pieces uint16
	Lo, Hi int   // Count: the range; Hi is NoBound for none. Ply: Lo
	Flags  Flags // Fact
	// Boards are the board hashes (bitboard.Position.BoardHash) of a
	// Board need, which a summary cannot tell: a position index can
	// (HoldsIn)
	Boards []uint64
}

// And is the need of both a and b.
func And(ns ...Need) Need {
	var args []Need
	for _, n := range ns {
		switch n.Op {
		case Anything:
		case All:
			args = append(args, n.Args...)
		default:
			args = append(args, n)
		}
	}
	switch len(args) {
	case 0:
		return Need{}
	case 1:
		return args[0]
	}
	return Need{Op: All, Args: args}
}

// Or is the need of a or b: anything when one of them is.
func Or(ns ...Need) Need {
	var args []Need
	for _, n := range ns {
		switch n.Op {
		case Anything:
			return Need{}
		case Any:
			args = append(args, n.Args...)
		default:
			args = append(args, n)
		}
	}
	if len(args) == 1 {
		return args[0]
	}
	return Need{Op: Any, Args: args}
}

// Holds reports whether a game whose searched positions have the
// summary p meets the need, as far as the summary tells (a Board need
// holds).
func (n *Need) Holds(p *Part) bool { return n.HoldsIn(p, nil) }

// Reaches reports whether a game's searched positions include one with
// the board of a hash (from a position index).
type Reaches func(board uint64) bool

// HoldsIn is Holds, with the boards the game reaches told by reaches
// (nil: not known, a Board need holds).
func (n *Need) HoldsIn(p *Part, reaches Reaches) bool {
	switch n.Op {
	case All:
		for i := range n.Args {
			if !n.Args[i].HoldsIn(p, reaches) {
				return false
			}
		}
		return true
	case Any:
		for i := range n.Args {
			if n.Args[i].HoldsIn(p, reaches) {
				return true
			}
		}
		return false
	case Board:
		if reaches == nil {
			return true
		}
		for _, h := range n.Boards {
			if reaches(h) {
				return true
			}
		}
		return false
	case Count:
		// the count of several pieces at one position is at most the
		// sum of their largest counts and at least the sum of their
		// smallest
		lo, hi := 0, 0
		for m := n.Pieces; m != 0; m &= m - 1 {
			pc := bits.TrailingZeros16(m)
			lo += int(p.Min[pc])
			hi += int(p.Max[pc])
		}
		return hi >= n.Lo && lo <= n.Hi
	case Promote:
		return p.Promotions&n.Pieces != 0
	case Fact:
		return p.Flags&n.Flags == n.Flags
	case Ply:
		return int64(p.MaxPly) >= int64(n.Lo)
	case FilePawns:
		i := 2
		switch n.Pieces {
		case 1 << bitboard.WhitePawn:
			i = 0
		case 1 << bitboard.BlackPawn:
			i = 1
		}
		return int(p.FilePawns[i]) >= n.Lo
	}
	return true
}

// String is the need as `cqlvm disasm` and the tests print it.
func (n Need) String() string {
	switch n.Op {
	case All, Any:
		var parts []string
		for _, a := range n.Args {
			parts = append(parts, a.String())
		}
		word := " and "
		if n.Op == Any {
			word = " or "
		}
		return "(" + strings.Join(parts, word) + ")"
	case Count:
		if n.Hi >= NoBound {
			return fmt.Sprintf("%s>=%d", pieceLetters(n.Pieces), n.Lo)
		}
		return fmt.Sprintf("%s in %d..%d", pieceLetters(n.Pieces), n.Lo, n.Hi)
	case Promote:
		return "promote " + pieceLetters(n.Pieces)
	case Ply:
		return fmt.Sprintf("ply>=%d", n.Lo)
	case FilePawns:
		return fmt.Sprintf("%s on a file>=%d", pieceLetters(n.Pieces), n.Lo)
	case Board:
		var hs []string
		for _, h := range n.Boards {
			hs = append(hs, fmt.Sprintf("%#016x", h))
		}
		return "board " + strings.Join(hs, "|")
	case Fact:
		var names []string
		for _, f := range flagNames {
			if n.Flags&f.f != 0 {
				names = append(names, f.name)
			}
		}
		return strings.Join(names, " ")
	}
	return "anything"
}

// pieceLetters spells a piece mask as a designator: Q, [Qq].
func pieceLetters(m uint16) string {
	var b strings.Builder
	for _, pc := range pieces {
		if m&(1<<pc) != 0 {
			b.WriteByte(pc.Letter())
		}
	}
	if b.Len() == 1 {
		return b.String()
	}
	return "[" + b.String() + "]"
}

// BoardsOf are the board hashes of every Board need within n.
func (n *Need) BoardsOf() []uint64 {
	var hs []uint64
	if n.Op == Board {
		hs = append(hs, n.Boards...)
	}
	for i := range n.Args {
		hs = append(hs, n.Args[i].BoardsOf()...)
	}
	return hs
}

package compact

import (
	"encoding/binary"
	"slices"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/pgn"
)

// Decoder reads games in the compact form; it keeps scratch memory
// between games, so one Decoder belongs to one goroutine.
type Decoder struct {
	open []branch
}

// branch is a node whose children are being read: how many are still
// to come after the last one read.
type branch struct {
	node, last int32
	left       int
}

// keptNodes is the most nodes a Game keeps for the next game, as
// pgn.Parser keeps.
const keptNodes = 1 << 16

// reader reads the fields of one game's bytes; text is the same bytes
// as a string, of which the game's strings are parts.
type reader struct {
	data []byte
	text string
	at   int
	bad  bool
}

func (r *reader) byte() byte {
	if r.at >= len(r.data) {
		r.bad = true
		return 0
	}
	r.at++
	return r.data[r.at-1]
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.data[r.at:])
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.at += n
	return v
}

// count reads a number of things that each take at least one byte.
func (r *reader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.data)-r.at) {
		r.bad = true
		return 0
	}
	return int(n)
}

func (r *reader) string() string {
	n := r.count()
	if r.bad {
		return ""
	}
	r.at += n
	return r.text[r.at-n : r.at]
}

// Decode reads the compact game data into g, reusing g's arrays; g's
// number, file and place are left to the caller. Its strings share one
// copy of data, which the caller may then reuse.
func (d *Decoder) Decode(data []byte, g *pgn.Game) error {
	r, err := d.header(data, g)
	if err == nil {
		err = d.tree(r, g)
	}
	if err != nil {
		g.Nodes = g.Nodes[:0]
		return err
	}
	return nil
}

// DecodeHeader reads what pgn.Parser.ParseHeader reads: the tags, the
// result and the start position (g.Nodes holds the root alone, with its
// comments).
func (d *Decoder) DecodeHeader(data []byte, g *pgn.Game) error {
	r, err := d.header(data, g)
	if err != nil {
		g.Nodes = g.Nodes[:0]
		return err
	}
	if r.at < len(data) && data[r.at] == codeNotes {
		r.at++
		readNotes(r, &g.Nodes[0])
	}
	if r.bad {
		g.Nodes = g.Nodes[:0]
		return ErrDamaged
	}
	return nil
}

// header reads the game up to its tree and makes the root.
func (d *Decoder) header(data []byte, g *pgn.Game) (*reader, error) {
	if cap(g.Nodes) > keptNodes {
		g.Nodes = nil
	}
	number, file, offset, line := g.Number, g.File, g.Offset, g.Line
	g.Reset()
	g.Number, g.File, g.Offset, g.Line = number, file, offset, line
	r := &reader{data: data, text: string(data)}
	setup := r.byte()
	res := r.byte()
	if setup > 1 || int(res) >= len(results) {
		return nil, ErrDamaged
	}
	g.Result = results[res]
	n := r.count()
	for range n {
		code := r.uvarint()
		var t pgn.Tag
		switch {
		case code == 0:
			t.Name = r.string()
		case code <= uint64(len(tagNames)):
			t.Name = tagNames[code-1]
		default:
			r.bad = true
		}
		t.Value = r.string()
		if r.bad {
			return nil, ErrDamaged
		}
		g.Tags = append(g.Tags, t)
	}
	pos := standardStart
	if setup == 1 {
		var ok bool
		if pos, ok = readStart(r); !ok {
			return nil, ErrDamaged
		}
	}
	g.Nodes = append(g.Nodes, pgn.Node{Parent: -1, FirstChild: -1, NextSibling: -1, Pos: pos})
	return r, nil
}

// corners are the castling rooks' squares of standard chess.
const corners = bitboard.Set(1<<0 | 1<<7 | 1<<56 | 1<<63)

// readStart reads a start position: its FEN and whether it is Chess960.
func readStart(r *reader) (bitboard.Position, bool) {
	fen := r.string()
	c960 := r.byte()
	if r.bad || c960 > 1 {
		return bitboard.Position{}, false
	}
	pos, err := bitboard.ParseFEN(fen)
	if err != nil {
		return pos, false
	}
	pos.Chess960 = c960 == 1
	// standard castling with rooks off the corners is no position a
	// store holds (and movegen need not handle it)
	return pos, pos.Chess960 || pos.CastleRooks&^corners == 0
}

// tree reads the node stream into g.Nodes, after the root.
func (d *Decoder) tree(r *reader, g *pgn.Game) error {
	d.open = d.open[:0]
	cur := int32(0)
	for {
		code := r.byte()
		if code == codeNotes {
			readNotes(r, &g.Nodes[cur])
			code = r.byte()
		}
		if r.bad {
			return ErrDamaged
		}
		parent := cur
		switch code {
		case codeEnd:
			for len(d.open) > 0 && d.open[len(d.open)-1].left == 0 {
				d.open = d.open[:len(d.open)-1]
			}
			if len(d.open) == 0 {
				if r.at != len(r.data) {
					return ErrDamaged
				}
				return nil
			}
			top := &d.open[len(d.open)-1]
			top.left--
			parent = top.node
			code = r.byte()
		case codeBranch:
			k := r.count()
			d.open = append(d.open, branch{node: cur, last: -1, left: k + 1})
			code = r.byte()
		}
		if r.bad {
			return ErrDamaged
		}
		var ok bool
		if cur, ok = d.addChild(g, parent, code, r); !ok {
			return ErrDamaged
		}
	}
}

// addChild adds the child of parent reached by the move of code (and
// the byte after it, for a move) and returns it. The node is written
// field by field in place, as pgn.Parser writes it: a node literal
// appended is made on the stack and copied, a third of reading a game.
func (d *Decoder) addChild(g *pgn.Game, parent int32, code byte, r *reader) (int32, bool) {
	idx := int32(len(g.Nodes))
	if len(g.Nodes) == cap(g.Nodes) {
		g.Nodes = slices.Grow(g.Nodes, len(g.Nodes)/2+64)
	}
	g.Nodes = g.Nodes[:idx+1]
	n, pn := &g.Nodes[idx], &g.Nodes[parent]
	switch {
	case code == codeNull:
		n.Move = pn.Pos.NullMove()
	case code >= codeEnd:
		return 0, false
	default:
		to := r.byte()
		promo := bitboard.NoType
		if code >= promotion {
			code -= promotion
			promo = bitboard.Knight + bitboard.PieceType(to>>6)
			to &= 63
		} else if to >= 64 {
			return 0, false
		}
		if !pn.Pos.SquareMoveTo(&n.Move, bitboard.Square(code), bitboard.Square(to), promo) || r.bad {
			return 0, false
		}
	}
	n.Parent, n.FirstChild, n.NextSibling = parent, -1, -1
	n.Ply, n.Depth = pn.Ply+1, pn.Depth
	n.PreComments, n.Comments, n.NAGs, n.SAN = nil, nil, nil, nil
	n.Pos = pn.Pos
	n.Pos.PlayMove(&n.Move)
	if pn.FirstChild < 0 {
		pn.FirstChild = idx
	} else {
		// a later child: its branch is the innermost open one
		top := &d.open[len(d.open)-1]
		g.Nodes[top.last].NextSibling = idx
		n.Depth++
	}
	if len(d.open) > 0 && d.open[len(d.open)-1].node == parent {
		d.open[len(d.open)-1].last = idx
	}
	return idx, true
}

// readNotes reads a node's comments and NAGs.
func readNotes(r *reader, n *pgn.Node) {
	flags := r.byte()
	if flags == 0 || flags > notePre|noteComments|noteNAGs {
		r.bad = true
		return
	}
	if flags&notePre != 0 {
		n.PreComments = readStrings(r)
	}
	if flags&noteComments != 0 {
		n.Comments = readStrings(r)
	}
	if flags&noteNAGs != 0 {
		k := r.count()
		if k == 0 || r.bad {
			r.bad = true
			return
		}
		n.NAGs = append([]uint8(nil), r.data[r.at:r.at+k]...)
		r.at += k
	}
}

func readStrings(r *reader) []string {
	k := r.count()
	if k == 0 {
		r.bad = true
		return nil
	}
	list := make([]string, k)
	for i := range list {
		list[i] = r.string()
	}
	return list
}

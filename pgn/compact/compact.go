// Package compact writes a parsed game (pgn.Game) in the game store's
// binary form and reads it back into the same game: the same tags,
// result, tree (in the parser's pre-order), moves, positions, comments
// and NAGs, so that whatever reads a game (the query machine, the PGN
// writer, the JSON output) cannot tell it from the game parsed from its
// PGN. Only the moves' input text (pgn.Node.SAN) is not kept: the writer
// then composes each move, which is what it does when the input's text
// is not canonical.
//
// A move is its squares and promotion, in two bytes, so that reading
// it back is a plain move play (bitboard.Position.SquareMove), without
// resolving SAN or generating the position's moves: the store verified
// every game when it stored it. The form of a game:
//
//	byte: 1 if the start position is not the standard one
//	byte: the movetext's result (0 none, 1 "1-0", 2 "0-1", 3 "1/2-1/2", 4 "*")
//	uvarint: the number of tags; per tag its name (uvarint k: k-1 in
//	    tagNames, or 0 and the name as a string) and value (a string)
//	when not the standard start: the start position's FEN (a string) and
//	    a byte, 1 if it is Chess960
//	the tree from the root, node after node in pre-order: per node,
//	    optionally codeNotes and its comments and NAGs, then what comes
//	    after it: codeEnd (no move), a move (one child), or codeBranch,
//	    the number of children less 2 and the first child's move; the
//	    subtree of each child follows its move, the next child's move
//	    follows the end of the subtree before it.
//
// A string is a uvarint length and its bytes. A move is two bytes: the
// from square (0 a1 to 63 h8), plus 64 for a promotion, then the to
// square, plus 64 times the promotion's piece less a knight (0 knight,
// 1 bishop, 2 rook, 3 queen); a castling goes from the king's square to
// its rook's. The other codes are bytes from 128 on.
//
// Encode reads its output back and compares it with the game, so a game
// is stored only when it is read back exactly; one it cannot store (it
// has errors, or is of a variant other than Chess960) is left to the PGN.
package compact

import (
	"encoding/binary"
	"errors"
	"slices"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/pgn"
)

// The codes of the node stream other than moves, which begin with a
// byte below codeEnd.
const (
	codeEnd    = 128 // the line ends: the node has no (more) children
	codeBranch = 129 // the node has several children, their number less 2 follows
	codeNotes  = 130 // the node's comments and NAGs follow
	codeNull   = 131 // a null move
	promotion  = 64  // added to a move's from square: it promotes
)

// The flags of a node's notes.
const (
	notePre      = 1 // PreComments
	noteComments = 2 // Comments
	noteNAGs     = 4 // NAGs
)

// results are the movetext results, by code.
var results = [...]string{"", "1-0", "0-1", "1/2-1/2", "*"}

// tagNames are the tag names written as one byte, by code less 1: the
// common ones.
var tagNames = [...]string{
	"Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO",
	"WhiteElo", "BlackElo", "EventDate", "Opening", "Variation", "PlyCount",
	"Annotator", "WhiteTitle", "BlackTitle", "WhiteFideId", "BlackFideId",
	"TimeControl", "Termination", "UTCDate", "UTCTime", "WhiteRatingDiff",
	"BlackRatingDiff", "FEN", "SetUp", "Variant", "EventType", "WhiteTeam",
	"BlackTeam", "GameId", "Source", "SourceDate", "Mode", "Time", "Board",
	"EventRounds", "EventCountry", "SubVariation", "Remark", "Stage",
}

var tagCode = func() map[string]uint64 {
	m := map[string]uint64{}
	for i, n := range tagNames {
		m[n] = uint64(i + 1)
	}
	return m
}()

// standardStart is the root position of a game without a FEN tag.
var standardStart = func() bitboard.Position {
	p, err := bitboard.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	return p
}()

// Encoder writes games in the compact form; it keeps scratch memory
// between games, so one Encoder belongs to one goroutine.
type Encoder struct {
	next  []int32 // per branching node being written, the next child
	check pgn.Game
	dec   Decoder
}

// Append appends the compact form of g to dst; ok is false, and dst
// unchanged, when g cannot be stored exactly (see the package doc).
func (e *Encoder) Append(dst []byte, g *pgn.Game) (out []byte, ok bool) {
	if len(g.Errors) > 0 || len(g.Nodes) == 0 {
		return dst, false
	}
	start := len(dst)
	out, ok = e.appendGame(dst, g)
	if !ok {
		return dst, false
	}
	if e.dec.Decode(out[start:], &e.check) != nil || !Same(&e.check, g) {
		return dst, false
	}
	return out, true
}

func (e *Encoder) appendGame(dst []byte, g *pgn.Game) ([]byte, bool) {
	root := &g.Nodes[0].Pos
	setup := *root != standardStart
	dst = append(dst, b2u(setup))
	r := slices.Index(results[:], g.Result)
	if r < 0 {
		return dst, false
	}
	dst = append(dst, byte(r))
	dst = binary.AppendUvarint(dst, uint64(len(g.Tags)))
	for _, t := range g.Tags {
		code := tagCode[t.Name]
		dst = binary.AppendUvarint(dst, code)
		if code == 0 {
			dst = appendString(dst, t.Name)
		}
		dst = appendString(dst, t.Value)
	}
	if setup {
		dst = appendString(dst, root.FEN())
		dst = append(dst, b2u(root.Chess960))
	}
	return e.appendTree(dst, g)
}

// appendTree writes the node stream of g's tree.
func (e *Encoder) appendTree(dst []byte, g *pgn.Game) ([]byte, bool) {
	nodes := g.Nodes
	e.next = e.next[:0]
	v := int32(0)
	for {
		dst = appendNotes(dst, &nodes[v])
		c := nodes[v].FirstChild
		if c < 0 {
			dst = append(dst, codeEnd)
			for len(e.next) > 0 && e.next[len(e.next)-1] < 0 {
				e.next = e.next[:len(e.next)-1]
			}
			if len(e.next) == 0 {
				return dst, true
			}
			c = e.next[len(e.next)-1]
			e.next[len(e.next)-1] = nodes[c].NextSibling
		} else if s := nodes[c].NextSibling; s >= 0 {
			k := 2
			for x := nodes[s].NextSibling; x >= 0; x = nodes[x].NextSibling {
				k++
			}
			dst = append(dst, codeBranch)
			dst = binary.AppendUvarint(dst, uint64(k-2))
			e.next = append(e.next, s)
		}
		var ok bool
		if dst, ok = e.appendMove(dst, &nodes[nodes[c].Parent].Pos, &nodes[c].Move); !ok {
			return dst, false
		}
		v = c
	}
}

// appendMove writes the move m played from pos.
func (e *Encoder) appendMove(dst []byte, pos *bitboard.Position, m *bitboard.Move) ([]byte, bool) {
	if m.Flags&bitboard.FlagNull != 0 {
		return append(dst, codeNull), *m == pos.NullMove()
	}
	to := m.To
	if m.Flags&bitboard.FlagCastle != 0 {
		to = m.RookFrom
	}
	if m.From >= 64 || to >= 64 {
		return dst, false
	}
	if m.Promo == bitboard.NoType {
		return append(dst, byte(m.From), byte(to)), true
	}
	if m.Promo < bitboard.Knight || m.Promo > bitboard.Queen {
		return dst, false
	}
	return append(dst, byte(m.From)+promotion, byte(to)+64*byte(m.Promo-bitboard.Knight)), true
}

// appendNotes writes the comments and NAGs of n, if it has any.
func appendNotes(dst []byte, n *pgn.Node) []byte {
	flags := byte(0)
	if len(n.PreComments) > 0 {
		flags |= notePre
	}
	if len(n.Comments) > 0 {
		flags |= noteComments
	}
	if len(n.NAGs) > 0 {
		flags |= noteNAGs
	}
	if flags == 0 {
		return dst
	}
	dst = append(dst, codeNotes, flags)
	for _, list := range [][]string{n.PreComments, n.Comments} {
		if len(list) == 0 {
			continue
		}
		dst = binary.AppendUvarint(dst, uint64(len(list)))
		for _, c := range list {
			dst = appendString(dst, c)
		}
	}
	if len(n.NAGs) > 0 {
		dst = binary.AppendUvarint(dst, uint64(len(n.NAGs)))
		dst = append(dst, n.NAGs...)
	}
	return dst
}

func appendString(dst []byte, s string) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(s))), s...)
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// Same reports whether the games a and b are the same to every reader:
// tags, result and every node's links, move, position, comments and
// NAGs (not the moves' input text, not the game's number or place).
func Same(a, b *pgn.Game) bool {
	if a.Result != b.Result || !slices.Equal(a.Tags, b.Tags) || len(a.Nodes) != len(b.Nodes) || len(a.Errors) != len(b.Errors) {
		return false
	}
	for i := range a.Nodes {
		x, y := &a.Nodes[i], &b.Nodes[i]
		if x.Parent != y.Parent || x.FirstChild != y.FirstChild || x.NextSibling != y.NextSibling ||
			x.Ply != y.Ply || x.Depth != y.Depth || x.Move != y.Move || x.Pos != y.Pos ||
			!slices.Equal(x.PreComments, y.PreComments) || !slices.Equal(x.Comments, y.Comments) || !slices.Equal(x.NAGs, y.NAGs) {
			return false
		}
	}
	return true
}

// ErrDamaged is the error of bytes that are not a game's compact form.
var ErrDamaged = errors.New("damaged compact game")

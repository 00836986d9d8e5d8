package vm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
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

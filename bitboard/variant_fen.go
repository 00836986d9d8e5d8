package bitboard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseVariantFEN reads a FEN of a game of variant v. Besides what
// ParseFEN reads it takes Crazyhouse holdings, as "[QNp]" glued to the
// board or as a ninth rank ("/QNp"), "~" after a piece that was a pawn,
// and Three-check counters, either the checks still to give before the
// clocks ("3+3", as Stockfish and fairy-stockfish write them) or the checks
// given after them ("+1+0", as Lichess writes them).
func ParseVariantFEN(fen string, v Variant) (Position, error) {
	if v == Standard {
		return ParseFEN(fen)
	}
	if v >= numVariants {
		return Position{}, fmt.Errorf("fen: unknown variant %d", v)
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return Position{}, errors.New("fen: empty")
	}
	var extra variantState
	board, pocket, hasPocket := splitPocket(fields[0])
	if hasPocket {
		if v != Crazyhouse {
			return Position{}, fmt.Errorf("fen: pieces in hand in a game of %v", v)
		}
		if err := extra.parsePocket(pocket); err != nil {
			return Position{}, err
		}
	}
	board, promoted, err := stripPromotedMarks(board)
	if err != nil {
		return Position{}, err
	}
	fields[0] = board
	if fields, err = extra.takeCheckCounts(fields, v); err != nil {
		return Position{}, err
	}
	return parseFENFields(fields, v, extra, promoted)
}

// splitPocket separates a Crazyhouse pocket from the board field.
func splitPocket(field string) (board, pocket string, ok bool) {
	if i := strings.IndexByte(field, '['); i >= 0 && strings.HasSuffix(field, "]") {
		return field[:i], field[i+1 : len(field)-1], true
	}
	if strings.Count(field, "/") == 8 {
		i := strings.LastIndexByte(field, '/')
		return field[:i], field[i+1:], true
	}
	return field, "", false
}

func (s *variantState) parsePocket(pocket string) error {
	for i := 0; i < len(pocket); i++ {
		c := pocket[i]
		if c == '-' {
			continue
		}
		pc, ok := pieceFromLetter(c)
		if !ok || pc.Type() == King {
			return fmt.Errorf("fen: bad piece %q in hand", c)
		}
		if s.hand.count(pc.Color(), pc.Type()) == 63 {
			return errors.New("fen: too many pieces in hand")
		}
		s.hand.add(pc.Color(), pc.Type(), 1)
	}
	return nil
}

// stripPromotedMarks removes the "~" marks from a board field and returns
// the squares they followed.
func stripPromotedMarks(board string) (string, Set, error) {
	if strings.IndexByte(board, '~') < 0 {
		return board, 0, nil
	}
	var promoted Set
	var out []byte
	rank, file := 7, 0
	for i := 0; i < len(board); i++ {
		c := board[i]
		switch {
		case c == '/':
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		case c == '~':
			if file == 0 || rank < 0 || file > 8 {
				return "", 0, errors.New("fen: '~' follows no piece")
			}
			promoted |= SquareSet(MakeSquare(file-1, rank))
			continue
		default:
			file++
		}
		out = append(out, c)
	}
	return string(out), promoted, nil
}

// takeCheckCounts removes Three-check counters from fields.
func (s *variantState) takeCheckCounts(fields []string, v Variant) ([]string, error) {
	kept := fields[:0:0]
	for i, f := range fields {
		given := strings.HasPrefix(f, "+")
		w, b, ok := splitCheckCount(strings.TrimPrefix(f, "+"))
		if i == 0 || !ok {
			kept = append(kept, f)
			continue
		}
		if v != ThreeCheck {
			return nil, fmt.Errorf("fen: check counter %q in a game of %v", f, v)
		}
		if !given { // checks still to give
			w, b = 3-min(w, 3), 3-min(b, 3)
		}
		s.Checks = [2]uint8{uint8(w), uint8(b)}
	}
	return kept, nil
}

// splitCheckCount reads "N+M".
func splitCheckCount(f string) (int, int, bool) {
	a, b, ok := strings.Cut(f, "+")
	if !ok {
		return 0, 0, false
	}
	w, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || w < 0 || k < 0 || w > 9 || k > 9 {
		return 0, 0, false
	}
	return w, k, true
}

// checkVariantMaterial is checkMaterial for variants: kings may be
// missing (Horde's White, Atomic after an explosion, Antichess where the
// king is an ordinary piece) or many (Antichess), and Horde's white pawns
// start on the first rank.
func (p *Position) checkVariantMaterial() error {
	for c := White; c <= Black; c++ {
		n := p.Pieces(c, King).Count()
		switch {
		case p.Variant == Antichess:
		case n > 1:
			return fmt.Errorf("fen: %d %s kings", n, colorName(c))
		case n == 0 && !(p.Variant == Atomic || p.Variant == Horde && c == White):
			return fmt.Errorf("fen: no %s king", colorName(c))
		}
	}
	edges := rank1 | rank8
	if p.Variant == Horde {
		edges = rank8 | p.ByPiece[BlackPawn]&rank1
	}
	if (p.ByPiece[WhitePawn]|p.ByPiece[BlackPawn])&edges != 0 {
		return errors.New("fen: pawn on the first or eighth rank")
	}
	return nil
}

// appendVariantFEN is AppendFEN with the variant's extra state: the
// pocket in brackets and "~" marks (Crazyhouse), the checks still to
// give before the clocks (Three-check), the forms fairy-stockfish reads.
func (p *Position) appendVariantFEN(dst []byte) []byte {
	dst = p.appendBoard(dst)
	if p.Variant == Crazyhouse {
		dst = append(dst, '[')
		for c := White; c <= Black; c++ {
			for t := Queen; t >= Pawn; t-- {
				for n := p.hand.count(c, t); n > 0; n-- {
					dst = append(dst, MakePiece(c, t).Letter())
				}
			}
		}
		dst = append(dst, ']')
	}
	dst = append(dst, ' ', "wb"[p.Side&1], ' ')
	dst = p.appendCastling(dst)
	dst = append(dst, ' ')
	dst = append(dst, p.EP.String()...)
	if p.Variant == ThreeCheck {
		dst = append(dst, ' ', byte('0'+3-min(p.Checks[White], 3)), '+', byte('0'+3-min(p.Checks[Black], 3)))
	}
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.HalfMove), 10)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(p.FullMove), 10)
}

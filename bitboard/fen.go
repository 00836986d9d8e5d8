package bitboard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a position in Forsyth-Edwards Notation. It never panics.
//
// Trailing fields may be left out; they default to "w - - 0 1". The castling
// field may be "-", standard "KQkq", X-FEN (K/Q name the outermost rook on
// that side of the king) or Shredder-FEN (rook files, "HAha"); Chess960 is set
// when file letters are used or a castling king or rook is not on its
// standard square. Castling rights whose king or rook is missing are dropped,
// and so is an en-passant square that no double push can have produced: both
// are common slips in real PGN files and change nothing about the position.
//
// Rejected: malformed fields, a missing or extra king, pawns on the first or
// eighth rank, two castling rooks on one side of a king, and positions where
// the side not to move is in check.
func ParseFEN(fen string) (Position, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return Position{}, errors.New("fen: empty")
	}
	return parseFENFields(fields, Standard, variantState{}, 0)
}

// parseFENFields reads the standard FEN fields, for variant v whose extra
// state (holdings, promoted pieces, check counts) the caller has taken out
// of the text already.
func parseFENFields(fields []string, v Variant, extra variantState, promoted Set) (Position, error) {
	if len(fields) > 6 {
		return Position{}, fmt.Errorf("fen: %d fields, at most 6 expected", len(fields))
	}
	fields = append(fields, []string{"", "w", "-", "-", "0", "1"}[len(fields):]...)

	p := emptyPosition()
	p.Variant = v
	p.hand, p.Checks = extra.hand, extra.Checks
	if err := p.parseBoard(fields[0]); err != nil {
		return Position{}, err
	}
	p.Promoted = promoted & p.Occupied
	if err := p.checkMaterial(); err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "w", "W":
		p.Side = White
	case "b", "B":
		p.Side = Black
	default:
		return Position{}, fmt.Errorf("fen: side to move %q is not w or b", fields[1])
	}
	if p.sideNotToMoveInCheck() {
		return Position{}, errors.New("fen: illegal position, the side not to move is in check")
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return Position{}, err
	}
	if v == Antichess {
		// Antichess has no castling (a FEN's rights are the standard
		// start's, as some writers give them): none to keep or write
		p.CastleRooks = 0
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return Position{}, err
	}
	var err error
	if p.HalfMove, err = parseCounter(fields[4], "half-move clock"); err != nil {
		return Position{}, err
	}
	if p.FullMove, err = parseCounter(fields[5], "full-move number"); err != nil {
		return Position{}, err
	}
	if p.FullMove == 0 { // some writers start counting at 0
		p.FullMove = 1
	}
	p.rememberCheckers()
	return p, nil
}

// sideNotToMoveInCheck reports a position no legal move can have made.
func (p *Position) sideNotToMoveInCheck() bool {
	if p.Variant == Standard {
		return p.attacked(p.KingSquare(p.Side.Other()), p.Side, p.Occupied)
	}
	q := *p
	q.Side = p.Side.Other()
	return q.computeCheckers() != 0
}

func (p *Position) parseBoard(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("fen: board has %d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				return fmt.Errorf("fen: bad character %q in board", c)
			}
			if file > 7 {
				return fmt.Errorf("fen: rank %d has more than 8 squares", rank+1)
			}
			p.put(pc, MakeSquare(file, rank))
			file++
		}
		if file != 8 {
			return fmt.Errorf("fen: rank %d does not have 8 squares", rank+1)
		}
	}
	return nil
}

// pieceFromLetter reads a FEN piece letter.
func pieceFromLetter(c byte) (Piece, bool) {
	for t := Pawn; t <= King; t++ {
		switch c {
		case "?PNBRQK"[t]:
			return MakePiece(White, t), true
		case "?pnbrqk"[t]:
			return MakePiece(Black, t), true
		}
	}
	return Empty, false
}

// checkMaterial rejects boards no game can reach in a way that would break
// move generation: kings must be unique and pawns cannot stand on the edges.
func (p *Position) checkMaterial() error {
	if p.Variant != Standard {
		return p.checkVariantMaterial()
	}
	for c := White; c <= Black; c++ {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0:
			return fmt.Errorf("fen: no %s king", colorName(c))
		case n > 1:
			return fmt.Errorf("fen: %d %s kings", n, colorName(c))
		}
	}
	if (p.ByPiece[WhitePawn]|p.ByPiece[BlackPawn])&(rank1|rank8) != 0 {
		return errors.New("fen: pawn on the first or eighth rank")
	}
	return nil
}

func colorName(c Color) string {
	if c == White {
		return "white"
	}
	return "black"
}

func (p *Position) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	fileLetters := false
	for i := 0; i < len(field); i++ {
		c := field[i]
		color, lower := White, c
		if c >= 'a' && c <= 'z' {
			color = Black
		} else {
			lower = c + 'a' - 'A'
		}
		rook, err := p.castlingRookFor(color, lower)
		if err != nil {
			return err
		}
		if lower >= 'a' && lower <= 'h' {
			fileLetters = true
		}
		if rook == NoSquare {
			continue // no such rook or king off the back rank: drop the right
		}
		kingSide := rook.File() > p.KingSquare(color).File()
		if other := p.castlingRooksOn(color, kingSide).First(); other != NoSquare && other != rook {
			return fmt.Errorf("fen: two castling rooks (%v, %v) on one side of the king", other, rook)
		}
		p.CastleRooks |= SquareSet(rook)
	}
	p.Chess960 = fileLetters || !p.hasStandardCastling()
	return nil
}

// castlingRookFor resolves one castling letter (already lower case) to the
// square of the rook it names, or NoSquare when that rook or the king is
// not where castling needs them.
func (p *Position) castlingRookFor(c Color, letter byte) (Square, error) {
	ksq := p.KingSquare(c)
	home := backRank(c)
	if !home.Has(ksq) {
		if letter != 'k' && letter != 'q' && (letter < 'a' || letter > 'h') {
			return NoSquare, fmt.Errorf("fen: bad castling letter %q", letter)
		}
		return NoSquare, nil
	}
	rooks := p.Pieces(c, Rook) & home
	kingFile := ksq.File()
	switch {
	case letter == 'k': // outermost rook on the h side
		for f := 7; f > kingFile; f-- {
			if s := MakeSquare(f, ksq.Rank()); rooks.Has(s) {
				return s, nil
			}
		}
	case letter == 'q': // outermost rook on the a side
		for f := 0; f < kingFile; f++ {
			if s := MakeSquare(f, ksq.Rank()); rooks.Has(s) {
				return s, nil
			}
		}
	case letter >= 'a' && letter <= 'h':
		if s := MakeSquare(int(letter-'a'), ksq.Rank()); rooks.Has(s) {
			return s, nil
		}
	default:
		return NoSquare, fmt.Errorf("fen: bad castling letter %q", letter)
	}
	return NoSquare, nil
}

// hasStandardCastling reports whether every castling right belongs to a king
// on the e-file and a rook in a corner, as in standard chess.
func (p *Position) hasStandardCastling() bool {
	for c := White; c <= Black; c++ {
		rooks := p.CastleRooks & backRank(c)
		if rooks == 0 {
			continue
		}
		if p.KingSquare(c).File() != 4 || rooks&^(fileA|fileA<<7) != 0 {
			return false
		}
	}
	return true
}

func (p *Position) parseEnPassant(field string) error {
	if field == "-" {
		return nil
	}
	ep, ok := ParseSquare(field)
	if !ok {
		return fmt.Errorf("fen: bad en-passant square %q", field)
	}
	if p.plausibleEnPassant(ep) {
		p.EP = ep
	}
	return nil
}

// plausibleEnPassant reports whether an enemy pawn can just have passed
// over ep with a double push: ep and the pawn's start square are empty and
// the pawn stands right beyond ep.
func (p *Position) plausibleEnPassant(ep Square) bool {
	them := p.Side.Other()
	wantRank := 5 // White to move: Black's pawn passed over the 6th rank
	if p.Side == Black {
		wantRank = 2
	}
	if ep.Rank() != wantRank {
		return false
	}
	push := pawnPush(them)
	return p.Board[ep] == Empty && p.Board[ep-push] == Empty &&
		p.Board[ep+push] == MakePiece(them, Pawn)
}

func parseCounter(field, what string) (int, error) {
	n, err := strconv.Atoi(field)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("fen: bad %s %q", what, field)
	}
	return n, nil
}

// FEN writes the position in Forsyth-Edwards Notation. Castling rights are
// "KQkq" style, except in Chess960 where they are Shredder-FEN rook files
// ("HAha"), which stay unambiguous whatever the rook placement.
func (p *Position) FEN() string {
	return string(p.AppendFEN(make([]byte, 0, 90)))
}

// AppendFEN appends the FEN of the position to dst.
func (p *Position) AppendFEN(dst []byte) []byte {
	if p.Variant != Standard {
		return p.appendVariantFEN(dst)
	}
	dst = p.appendBoard(dst)
	dst = append(dst, ' ', "wb"[p.Side&1], ' ')
	dst = p.appendCastling(dst)
	dst = append(dst, ' ')
	dst = append(dst, p.EP.String()...)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.HalfMove), 10)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(p.FullMove), 10)
}

// appendBoard appends the board field, with "~" after a Crazyhouse
// piece that was promoted (none in standard chess).
func (p *Position) appendBoard(dst []byte) []byte {
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			s := MakeSquare(file, rank)
			pc := p.Board[s]
			if pc == Empty {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, byte('0'+empty))
				empty = 0
			}
			dst = append(dst, pc.Letter())
			if p.Promoted.Has(s) {
				dst = append(dst, '~')
			}
		}
		if empty > 0 {
			dst = append(dst, byte('0'+empty))
		}
		if rank > 0 {
			dst = append(dst, '/')
		}
	}
	return dst
}

func (p *Position) appendCastling(dst []byte) []byte {
	start := len(dst)
	for c := White; c <= Black; c++ {
		for set := p.castlingRooksOn(c, true); set != 0; {
			dst = append(dst, p.castlingLetter(c, set.Pop(), 'K'))
		}
		for set := p.castlingRooksOn(c, false); set != 0; {
			dst = append(dst, p.castlingLetter(c, set.Pop(), 'Q'))
		}
	}
	if len(dst) == start {
		dst = append(dst, '-')
	}
	return dst
}

// castlingLetter names the castling rook on s: its file in Chess960, else K
// or Q, falling back to the file (X-FEN) for a rook that is not the outermost.
func (p *Position) castlingLetter(c Color, s Square, sideLetter byte) byte {
	letter := byte('A' + s.File())
	if !p.Chess960 {
		if outer, _ := p.castlingRookFor(c, sideLetter+'a'-'A'); outer == s {
			letter = sideLetter
		}
	}
	if c == Black {
		letter += 'a' - 'A'
	}
	return letter
}

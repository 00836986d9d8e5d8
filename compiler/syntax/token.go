package syntax

import (
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
	"github.com/cqlvm/cqlvm/source"
)

// TokKind classifies tokens.
type TokKind uint8

const (
	TEOF     TokKind = iota
	TIdent           // identifier or keyword (keywords are recognised by the parser)
	TDesig           // piece designator: Desig holds its pieces and squares
	TNumber          // integer literal
	TString          // quoted string, Str holds the decoded text
	TResult          // 1-0, 0-1, 1/2-1/2 (glued, as in PGN)
	TGroup           // regex group reference \1, \-1
	TPunct           // operator or delimiter, Text is its ASCII spelling
	TComment         // `///` comment filter: Str holds the rest of the line
)

var tokKindNames = [...]string{"end of file", "identifier", "piece designator", "number", "string", "result", "group reference", "operator", "/// comment"}

func (k TokKind) String() string { return tokKindNames[k] }

// Designator is the meaning of a piece designator token: a set of piece
// kinds (including "empty square") on a set of squares.
type Designator struct {
	Pieces  PieceMask
	Squares bitboard.Set
	// HasPieces / HasSquares record which parts were written; transforms
	// need to know whether a square part was given at all.
	HasPieces, HasSquares bool
}

// PieceMask has bit bitboard.Piece(p) for each piece kind p it contains;
// bit 0 (bitboard.Empty) stands for an empty square.
type PieceMask uint16

// Piece masks of the simple designators.
const (
	MaskEmpty PieceMask = 1 << bitboard.Empty
	MaskWhite PieceMask = 1<<bitboard.WhitePawn | 1<<bitboard.WhiteKnight | 1<<bitboard.WhiteBishop |
		1<<bitboard.WhiteRook | 1<<bitboard.WhiteQueen | 1<<bitboard.WhiteKing
	MaskBlack PieceMask = MaskWhite << 8
	MaskAll   PieceMask = MaskWhite | MaskBlack | MaskEmpty
)

// Has reports whether piece kind p is in the mask.
func (m PieceMask) Has(p bitboard.Piece) bool { return m&(1<<p) != 0 }

// Token is one lexical token.
type Token struct {
	Kind TokKind
	Text string // source text; for punctuation and keywords the ASCII spelling
	Span source.Span
	// SpaceBefore is true when whitespace or a comment (or the start of
	// the text) precedes the token. The dash filter is layout-sensitive.
	SpaceBefore bool
	Num         int64
	Str         string
	Desig       Designator
}

// maxQuoted bounds the text of a token quoted in a message, in
// characters.
const maxQuoted = 60

func (t Token) String() string {
	switch t.Kind {
	case TEOF:
		return "end of file"
	case TString:
		return fmt.Sprintf("%q", source.Shorten(t.Str, maxQuoted))
	}
	return "'" + source.Shorten(t.Text, maxQuoted) + "'"
}

package bitboard

import (
	"errors"
	"fmt"
)

// Kinds of move-reading errors; a *MoveError wraps one of them, so callers
// can test with errors.Is.
var (
	ErrBadNotation = errors.New("malformed move")
	ErrNoPiece     = errors.New("no piece can move there")
	ErrAmbiguous   = errors.New("ambiguous move")
	ErrIllegal     = errors.New("illegal move")
)

// MoveError describes why a move could not be read.
type MoveError struct {
	Kind   error  // ErrBadNotation, ErrNoPiece, ErrAmbiguous or ErrIllegal
	Text   string // the move as written
	Detail string // e.g. "no knight can move to f3"
}

func (e *MoveError) Error() string {
	if e.Detail == "" {
		return fmt.Sprintf("%v %q", e.Kind, e.Text)
	}
	return fmt.Sprintf("%v %q: %s", e.Kind, e.Text, e.Detail)
}

func (e *MoveError) Unwrap() error { return e.Kind }

func moveError(kind error, text []byte, format string, args ...any) error {
	return &MoveError{Kind: kind, Text: string(text), Detail: fmt.Sprintf(format, args...)}
}

var pieceNames = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// ParseSAN reads a move in Standard Algebraic Notation and resolves it in p
// without generating all legal moves: the candidate pieces come from the
// attack tables of the destination square and only they are tested for
// legality.
//
// It is lenient where a PGN file can be sloppy yet unambiguous: check and
// mate marks (+ # ++) and glued annotations (! ? !! ?? !? ?!) are ignored, as
// is a glued "e.p."; castling may be O-O, 0-0, O-O-O, 0-0-0; promotion may be
// "e8=Q", "e8Q" or "e8=q"; disambiguation may be superfluous ("Ngf3") or a
// full square ("Qd1d4"); "x", ":" and "-" between source and destination are
// ignored, so captures without "x", "x" on a non-capture and long algebraic
// ("Ng1-f3", "e2e4") all work; a pawn capture may omit the "x" ("ed5").
// Piece letters must be upper case (a lower-case "b" is the b-file); an
// explicit "P" for a pawn is accepted ("Pe4"). "Kg1" for a king that cannot
// step there is read as castling towards g1.
//
// The null moves "--" and "Z0" return p.NullMove(), whether or not the side
// to move is in check.
//
// Errors are *MoveError values wrapping ErrBadNotation, ErrNoPiece,
// ErrAmbiguous or ErrIllegal.
func (p *Position) ParseSAN(san []byte) (Move, error) {
	var m Move
	err := p.ParseSANTo(&m, san)
	return m, err
}

// ParseSANTo is ParseSAN writing the move to *dst (which holds no move to
// use after an error). A reader that keeps the move in memory (a game tree's
// node) should use it: a Move returned by value arrives a byte per
// register, and storing those bytes then copying the Move whole made the
// processor wait for the bytes to land (a store-forwarding stall that
// cost a tenth of PGN replay).
func (p *Position) ParseSANTo(dst *Move, san []byte) error {
	s := trimSANDecorations(san)
	if len(s) == 0 {
		return moveError(ErrBadNotation, san, "empty move")
	}
	if p.Variant != Standard && p.needsVariantSAN(s) {
		return p.parseVariantSAN(dst, san, s)
	}
	switch {
	case isNullSAN(s):
		*dst = p.NullMove()
		return nil
	case s[0] == 'O' || s[0] == '0' || s[0] == 'o':
		m, fail := p.resolveCastlingSAN(s)
		if fail != resolved {
			return fail.error(san, King, NoSquare)
		}
		*dst = m
		return nil
	}
	piece, to, fromFile, fromRank, promo, good := splitSAN(s)
	var fail failure
	switch {
	case !good:
		fail = failUnreadable
	case piece == Pawn:
		fail = p.resolvePawn(dst, to, fromFile, fromRank, promo)
	case promo != NoType:
		fail = failPiecePromotes
	default:
		fail = p.resolvePiece(dst, piece, to, fromFile, fromRank)
	}
	if fail != resolved {
		return fail.error(san, piece, to)
	}
	return nil
}

// failure says why a move could not be resolved. The resolvers fill in a
// *Move and return a failure rather than (Move, error): passing moves back
// through several (Move, error) results made the compiler spill them byte by
// byte and reload them whole, a store-forwarding stall that cost a quarter
// of ParseSAN's time. The error value is built only when something went
// wrong. For failAmbiguous the number of candidates is in the high bits.
type failure uint8

const (
	resolved failure = iota
	failUnreadable
	failPiecePromotes
	failNoPiece
	failLeavesKingInCheck
	failNothingToCapture
	failNeedsPromotion
	failPromotionRank
	failNoCastlingRight
	failCastlingBlocked
	failAmbiguous // | count<<4
)

func (f failure) error(text []byte, piece PieceType, to Square) error {
	switch f & 15 {
	case failUnreadable:
		return moveError(ErrBadNotation, text, "cannot read it")
	case failPiecePromotes:
		return moveError(ErrBadNotation, text, "only pawns promote")
	case failNoPiece:
		return moveError(ErrNoPiece, text, "no %s can move to %v", pieceNames[piece], to)
	case failLeavesKingInCheck:
		return moveError(ErrIllegal, text, "it leaves the king in check")
	case failNothingToCapture:
		return moveError(ErrIllegal, text, "nothing to capture on %v", to)
	case failNeedsPromotion:
		return moveError(ErrIllegal, text, "a promotion needs a knight, bishop, rook or queen")
	case failPromotionRank:
		return moveError(ErrIllegal, text, "a pawn promotes only on the last rank")
	case failNoCastlingRight:
		return moveError(ErrIllegal, text, "no castling right on that side")
	case failCastlingBlocked:
		return moveError(ErrIllegal, text, "castling is blocked or the king is attacked")
	case failAmbiguous:
		return moveError(ErrAmbiguous, text, "%d %ss can move to %v", f>>4, pieceNames[piece], to)
	}
	return moveError(ErrBadNotation, text, "unknown failure %d", f)
}

// trimSANDecorations drops check marks, annotation glyphs and "e.p.".
func trimSANDecorations(s []byte) []byte {
	for {
		n := len(s)
		for n > 0 && (s[n-1] == '+' || s[n-1] == '#' || s[n-1] == '!' || s[n-1] == '?' || s[n-1] == ' ') {
			n--
		}
		s = s[:n]
		if n >= 4 && string(s[n-4:]) == "e.p." {
			s = s[:n-4]
			continue
		}
		return s
	}
}

func isNullSAN(s []byte) bool {
	return string(s) == "--" || string(s) == "Z0"
}

// splitSAN parses a non-castling SAN move:
// [piece][file][rank][x]square[=promo]. fromFile and fromRank are -1 when
// not given. The parts come back as separate results rather than a struct
// so that they stay in registers: this is the hot path of PGN replay.
func splitSAN(s []byte) (piece PieceType, to Square, fromFile, fromRank int, promo PieceType, ok bool) {
	piece, fromFile, fromRank = Pawn, -1, -1
	if t := pieceTypeFromLetter(s[0]); t != NoType {
		piece = t
		s = s[1:]
	}
	if n := len(s); n > 0 {
		if t := promotionFromLetter(s[n-1]); t != NoType {
			promo = t
			s = s[:n-1]
			if n := len(s); n > 0 && s[n-1] == '=' {
				s = s[:n-1]
			}
		}
	}
	n := len(s)
	if n < 2 || !isFile(s[n-2]) || !isRank(s[n-1]) {
		return piece, NoSquare, fromFile, fromRank, promo, false
	}
	to = MakeSquare(int(s[n-2]-'a'), int(s[n-1]-'1'))
	s = s[:n-2]
	if n := len(s); n > 0 && (s[n-1] == 'x' || s[n-1] == ':' || s[n-1] == '-') {
		s = s[:n-1]
	}
	if len(s) > 0 && isFile(s[0]) {
		fromFile = int(s[0] - 'a')
		s = s[1:]
	}
	if len(s) > 0 && isRank(s[0]) {
		fromRank = int(s[0] - '1')
		s = s[1:]
	}
	return piece, to, fromFile, fromRank, promo, len(s) == 0
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// pieceTypeFromLetter reads an upper-case SAN piece letter ("P" is accepted
// for a pawn); anything else is NoType.
func pieceTypeFromLetter(c byte) PieceType { return sanPieceLetters[c] }

// promotionFromLetter reads a promotion letter in either case.
func promotionFromLetter(c byte) PieceType { return sanPromotionLetters[c] }

// The letter tables behind the two functions above (table lookups: they
// run for every move of every game read).
var sanPieceLetters, sanPromotionLetters = sanLetterTables()

func sanLetterTables() (pieces, promotions [256]PieceType) {
	for i := range pieces {
		pieces[i], promotions[i] = NoType, NoType
	}
	for t, letters := range map[PieceType]string{Knight: "Nn", Bishop: "Bb", Rook: "Rr", Queen: "Qq"} {
		pieces[letters[0]] = t
		promotions[letters[0]], promotions[letters[1]] = t, t
	}
	pieces['K'], pieces['P'] = King, Pawn
	return pieces, promotions
}

func (p *Position) resolveCastlingSAN(s []byte) (Move, failure) {
	os := 0
	for _, c := range s {
		switch c {
		case 'O', '0', 'o':
			os++
		case '-':
		default:
			return Move{}, failUnreadable
		}
	}
	if os != 2 && os != 3 {
		return Move{}, failUnreadable
	}
	rook := p.castlingRook(os == 2)
	if rook == NoSquare {
		return Move{}, failNoCastlingRight
	}
	m, legal := p.castlingMove(rook)
	if !legal {
		return Move{}, failCastlingBlocked
	}
	return m, resolved
}

// resolvePawn finds the pawn move: a push when no other source file is
// given, else a capture from that file.
func (p *Position) resolvePawn(dst *Move, to Square, fromFile, fromRank int, promo PieceType) failure {
	us := p.Side
	pawn := MakePiece(us, Pawn)
	from := NoSquare
	if fromFile < 0 || fromFile == to.File() {
		from = p.pushSource(to)
	} else if d := fromFile - to.File(); d == 1 || d == -1 {
		if s, onBoard := stepFrom(to, d, -1+2*int(us)); onBoard && p.Board[s] == pawn {
			from = s
		}
	}
	if from == NoSquare || (fromRank >= 0 && from.Rank() != fromRank) {
		return failNoPiece
	}
	if fail := p.pawnMove(dst, from, to, promo); fail != resolved {
		return fail
	}
	if !p.kingSafeAfter(dst) {
		return failLeavesKingInCheck
	}
	return resolved
}

// pushSource is the square of the own pawn that can push to the empty square
// to (one or two steps), or NoSquare.
func (p *Position) pushSource(to Square) Square {
	us := p.Side
	pawn := MakePiece(us, Pawn)
	if p.Board[to] != Empty {
		return NoSquare
	}
	one, ok := stepFrom(to, 0, -1+2*int(us))
	if !ok {
		return NoSquare
	}
	if p.Board[one] == pawn {
		return one
	}
	doubleRank := 3 // White's double push lands on the 4th rank
	if us == Black {
		doubleRank = 4
	}
	if p.Board[one] != Empty || to.Rank() != doubleRank {
		return NoSquare
	}
	if two := one - pawnPush(us); p.Board[two] == pawn {
		return two
	}
	return NoSquare
}

// pawnMove builds the pawn move from -> to, where from holds an own pawn
// that can reach to by a push or a diagonal step; it checks the capture
// target and the promotion piece but not king safety.
func (p *Position) pawnMove(dst *Move, from, to Square, promo PieceType) failure {
	us := p.Side
	captured, flags := p.Board[to], MoveFlags(0)
	switch {
	case from.File() == to.File():
		if d := to - from; d == 16 || d == -16 {
			flags = FlagDoublePush
		}
	case captured != Empty && captured.Color() != us:
		flags = FlagCapture
	case to == p.EP && p.enPassantCapturers().Has(from):
		if promo != NoType { // an en-passant capture never reaches the last rank
			return failPromotionRank
		}
		*dst = p.enPassantMove(from)
		return resolved
	default:
		return failNothingToCapture
	}
	promoted := NoType
	if promotionRank(us).Has(to) {
		if promo == NoType || promo == Pawn || promo == King {
			return failNeedsPromotion
		}
		promoted, flags = promo, flags|FlagPromotion
	} else if promo != NoType {
		return failPromotionRank
	}
	// field by field into *dst, not a Move returned: see ParseSANTo
	dst.set(from, to, MakePiece(us, Pawn), captured, promoted, flags)
	return resolved
}

// set makes m the move of piece from→to (not castling), a field at a
// time: a composite literal or a parallel assignment is built on the
// stack and copied whole from the bytes just stored there (a
// store-forwarding stall). Inlined, its stores were merged into such a
// copy too.
//
//go:noinline
func (m *Move) set(from, to Square, piece, captured Piece, promo PieceType, flags MoveFlags) {
	m.From = from
	m.To = to
	m.Piece = piece
	m.Captured = captured
	m.Promo = promo
	m.Flags = flags
	m.RookFrom = NoSquare
	m.RookTo = NoSquare
}

// resolvePiece finds the knight, bishop, rook, queen or king move: the
// candidates are the own pieces of that type that attack the destination,
// narrowed by the disambiguation and then by legality.
func (p *Position) resolvePiece(dst *Move, piece PieceType, to Square, fromFile, fromRank int) failure {
	us := p.Side
	pc := MakePiece(us, piece)
	candidates := reachers(piece, p.ByPiece[pc], to, p.Occupied)
	if fromFile >= 0 {
		candidates &= fileSet(fromFile)
	}
	if fromRank >= 0 {
		candidates &= rankSet(fromRank)
	}
	if p.ByColor[us].Has(to) {
		candidates = 0
	}
	if candidates == 0 {
		if piece == King {
			if m, found := p.castlingTo(to); found {
				*dst = m
				return resolved
			}
		}
		return failNoPiece
	}
	captured, flags := p.Board[to], MoveFlags(0)
	if captured != Empty {
		flags = FlagCapture
	}
	found, from := 0, NoSquare
	for candidates != 0 {
		if f := candidates.Pop(); p.kingSafeMoving(f, to, NoSquare) {
			from = f
			found++
		}
	}
	switch found {
	case 1:
		// field by field, not a copy of m: see ParseSANTo
		dst.set(from, to, pc, captured, NoType, flags)
		return resolved
	case 0:
		return failLeavesKingInCheck
	}
	return failAmbiguous | failure(found)<<4
}

// castlingTo returns the legal castling whose king lands on to, if any.
func (p *Position) castlingTo(to Square) (Move, bool) {
	for rooks := p.CastleRooks & backRank(p.Side); rooks != 0; {
		if m, ok := p.castlingMove(rooks.Pop()); ok && m.To == to {
			return m, true
		}
	}
	return Move{}, false
}

// CanonicalSANBody returns san, the text ParseSAN read m from in p
// (without glued glyphs), without its check or mate mark, when that is byte
// for byte what AppendSANAfter writes for m before the mark; ok is false
// otherwise. Writers copy such text and add the mark (AppendCheckMark)
// instead of composing the move anew. It answers false, without deciding,
// for texts that name the origin square, where the disambiguation test
// would cost as much as composing. A text without an origin resolved by
// ParseSAN needs none: ParseSAN refuses a move that two pieces could make.
func (p *Position) CanonicalSANBody(san []byte, m Move) (body []byte, ok bool) {
	for len(san) > 0 && (san[len(san)-1] == '+' || san[len(san)-1] == '#') {
		san = san[:len(san)-1]
	}
	if p.isCanonicalSANBody(san, m) {
		return san, true
	}
	return nil, false
}

func (p *Position) isCanonicalSANBody(san []byte, m Move) bool {
	switch {
	case m.Flags&FlagNull != 0:
		return string(san) == "--"
	case m.Flags&FlagCastle != 0:
		if m.RookFrom > m.From {
			return string(san) == "O-O"
		}
		return string(san) == "O-O-O"
	}
	s := san
	if m.Promo != NoType {
		n := len(s)
		if n < 2 || s[n-2] != '=' || s[n-1] != "?PNBRQK"[m.Promo] {
			return false
		}
		s = s[:n-2]
	}
	// the same tests for a capture as appendPawnSAN and appendPieceSAN
	pawn := m.Piece.Type() == Pawn
	capture := pawn && m.From.File() != m.To.File() || !pawn && p.Board[m.To] != Empty
	switch n := len(s); {
	case n < 2 || s[n-2] != byte('a'+m.To.File()) || s[n-1] != byte('1'+m.To.Rank()):
		return false
	case pawn && !capture:
		return n == 2
	case pawn:
		return n == 4 && s[0] == byte('a'+m.From.File()) && s[1] == 'x'
	case capture:
		return n == 4 && s[0] == "?PNBRQK"[m.Piece.Type()] && s[1] == 'x'
	}
	return len(s) == 3 && s[0] == "?PNBRQK"[m.Piece.Type()]
}

// AppendSAN appends m, a legal move in p, in Standard Algebraic Notation:
// minimal disambiguation (file, else rank, else both), "=Q" promotions,
// "O-O"/"O-O-O", "--" for the null move, and "+" or "#" when it gives check
// or mate.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	after := *p
	after.Play(m)
	return p.AppendSANAfter(dst, m, &after)
}

// AppendSANAfter is AppendSAN for a caller that already has the position
// after the move (a game tree does), which decides the check mark.
func (p *Position) AppendSANAfter(dst []byte, m Move, after *Position) []byte {
	if m.Flags&FlagNull != 0 {
		return append(dst, "--"...)
	}
	return appendCheckMark(p.AppendSANBody(dst, m), after)
}

// AppendSANBody appends m's SAN as AppendSAN does, without the check or
// mate mark (AppendCheckMark): the PGN writer knows the mark of a move
// the game goes on from without searching for a legal move.
func (p *Position) AppendSANBody(dst []byte, m Move) []byte {
	switch {
	case m.Flags&FlagNull != 0:
		return append(dst, "--"...)
	case m.Flags&FlagDrop != 0:
		dst = append(dst, "?PNBRQK"[m.Piece.Type()], '@')
		dst = appendSquare(dst, m.To)
	case m.Flags&FlagCastle != 0:
		if m.CastlesShort() {
			dst = append(dst, "O-O"...)
		} else {
			dst = append(dst, "O-O-O"...)
		}
	case m.Piece.Type() == Pawn:
		dst = p.appendPawnSAN(dst, m)
	default:
		dst = p.appendPieceSAN(dst, m)
	}
	return dst
}

// appendSquare appends s's name, "e4", without making it a string first
// (Square.String): the writer composes the SAN of every move of a game
// from the store.
func appendSquare(dst []byte, s Square) []byte {
	return append(dst, byte('a'+s.File()), byte('1'+s.Rank()))
}

func (p *Position) appendPawnSAN(dst []byte, m Move) []byte {
	if m.From.File() != m.To.File() {
		dst = append(dst, byte('a'+m.From.File()), 'x')
	}
	dst = appendSquare(dst, m.To)
	if m.Promo != NoType {
		dst = append(dst, '=', "?PNBRQK"[m.Promo])
	}
	return dst
}

func (p *Position) appendPieceSAN(dst []byte, m Move) []byte {
	t := m.Piece.Type()
	dst = append(dst, "?PNBRQK"[t])
	if t != King || p.Variant == Antichess {
		dst = p.appendDisambiguation(dst, m)
	}
	if p.Board[m.To] != Empty {
		dst = append(dst, 'x')
	}
	return appendSquare(dst, m.To)
}

// appendDisambiguation adds the source file, rank or square when another
// piece of the same kind could legally go to the same square.
func (p *Position) appendDisambiguation(dst []byte, m Move) []byte {
	var rivals Set
	if p.Variant != Standard {
		rivals = p.variantRivals(m)
	} else {
		others := reachers(m.Piece.Type(), p.ByPiece[m.Piece]&^SquareSet(m.From), m.To, p.Occupied)
		for other := m; others != 0; {
			other.From = others.Pop()
			if p.kingSafeAfter(&other) {
				rivals |= SquareSet(other.From)
			}
		}
	}
	switch {
	case rivals == 0:
	case rivals&fileSet(m.From.File()) == 0:
		dst = append(dst, byte('a'+m.From.File()))
	case rivals&rankSet(m.From.Rank()) == 0:
		dst = append(dst, byte('1'+m.From.Rank()))
	default:
		dst = appendSquare(dst, m.From)
	}
	return dst
}

// AppendCheckMark appends "+" when the side to move in after is in check
// and "#" when it is mated, the mark that ends a move's SAN.
func AppendCheckMark(dst []byte, after *Position) []byte {
	return appendCheckMark(dst, after)
}

func appendCheckMark(dst []byte, after *Position) []byte {
	if after.Variant != Standard {
		return appendVariantMark(dst, after)
	}
	if !after.InCheck() {
		return dst
	}
	if after.HasLegalMove() {
		return append(dst, '+')
	}
	return append(dst, '#')
}

package bitboard

// Chess variants. A Position carries its variant; the standard path tests
// the field once at the top of the functions whose rules differ
// (LegalMoves, HasLegalMove, PlayMove, ParseSANTo, the check cache) and
// otherwise runs as before. Chess960 stays a separate flag: it changes
// only castling and combines with any variant.

// Variant is the rule set a position is played under.
type Variant uint8

const (
	Standard Variant = iota
	Crazyhouse
	KingOfTheHill
	ThreeCheck
	RacingKings
	Horde
	Antichess
	Atomic
	numVariants
)

// variantInfo is one row of the variant table, from which names, start
// positions and rule switches derive.
type variantInfo struct {
	name     string // as Lichess writes it in the Variant tag
	uci      string // fairy-stockfish's UCI_Variant value ("" when it has none)
	startFEN string
	// standardKings: every position has one king per side, a move may not
	// leave its own king attacked, and SAN is resolved by the standard
	// resolver. False for variants whose kings are ordinary pieces, may be
	// missing, or whose legality is tested by playing the move.
	standardKings bool
}

var variants = [numVariants]variantInfo{
	Standard:      {"Standard", "chess", startFEN, true},
	Crazyhouse:    {"Crazyhouse", "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", true},
	KingOfTheHill: {"King of the Hill", "kingofthehill", startFEN, true},
	ThreeCheck:    {"Three-check", "3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", true},
	RacingKings:   {"Racing Kings", "racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", false},
	Horde:         {"Horde", "horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", false},
	Antichess:     {"Antichess", "antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", false},
	Atomic:        {"Atomic", "", startFEN, false},
}

// String is the variant's name as Lichess writes it.
func (v Variant) String() string {
	if v >= numVariants {
		return "?"
	}
	return variants[v].name
}

// UCIName is the value of fairy-stockfish's UCI_Variant option for v, or
// "" when that engine does not play v.
func (v Variant) UCIName() string { return variants[v].uci }

// Variants lists every variant, Standard first.
func Variants() []Variant {
	vs := make([]Variant, numVariants)
	for i := range vs {
		vs[i] = Variant(i)
	}
	return vs
}

// StartPosition is the initial position of a game of v.
func StartPosition(v Variant) Position {
	p, err := ParseVariantFEN(variants[v].startFEN, v)
	if err != nil {
		panic(err) // the table's FENs are valid; a failure is a bug here
	}
	return p
}

// variantState is what a variant FEN says besides the board: the pieces
// in hand (Crazyhouse) and the checks given (Three-check).
type variantState struct {
	hand   hand
	Checks [2]uint8
}

// hand counts the pieces in hand, six bits for each colour and type from
// Pawn to Queen.
type hand uint64

func handShift(c Color, t PieceType) uint { return (uint(c)*5 + uint(t) - 1) * 6 }

// count is the number of pieces of colour c and type t (Pawn..Queen).
func (h hand) count(c Color, t PieceType) int { return int(h>>handShift(c, t)) & 63 }

// add changes that number by delta (the result stays within 0..63).
func (h *hand) add(c Color, t PieceType, delta int) {
	n := min(max(h.count(c, t)+delta, 0), 63)
	*h = *h&^(63<<handShift(c, t)) | hand(n)<<handShift(c, t)
}

// colorHas reports whether c has any piece in hand.
func (h hand) colorHas(c Color) bool { return h>>handShift(c, Pawn)&(1<<30-1) != 0 }

// hill is King of the Hill's centre.
const hill = Set(1)<<27 | Set(1)<<28 | Set(1)<<35 | Set(1)<<36

// InHand is the number of pieces of colour c and type t in c's hand.
func (p *Position) InHand(c Color, t PieceType) int {
	if t < Pawn || t > Queen {
		return 0
	}
	return p.hand.count(c, t)
}

// ChecksGiven is the number of checks c has given (Three-check).
func (p *Position) ChecksGiven(c Color) int { return int(p.Checks[c]) }

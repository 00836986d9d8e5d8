package bitboard

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// A deliberately slow reference implementation: mailbox only, rays walked
// square by square, legality by playing the move and looking at the king.
// The fast code must agree with it everywhere.

type step struct{ df, dr int }

var (
	refKnightSteps = []step{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	refKingSteps   = []step{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	refRookSteps   = []step{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	refBishopSteps = []step{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func refSquare(f, r int) (Square, bool) {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSquare, false
	}
	return Square(r*8 + f), true
}

// refAttacks lists the squares attacked by the piece pc standing on s.
func refAttacks(b *[64]Piece, s Square, pc Piece) Set {
	var att Set
	leap := func(steps []step) {
		for _, st := range steps {
			if t, ok := refSquare(s.File()+st.df, s.Rank()+st.dr); ok {
				att |= 1 << uint(t)
			}
		}
	}
	slide := func(steps []step) {
		for _, st := range steps {
			for i := 1; ; i++ {
				t, ok := refSquare(s.File()+i*st.df, s.Rank()+i*st.dr)
				if !ok {
					break
				}
				att |= 1 << uint(t)
				if b[t] != Empty {
					break
				}
			}
		}
	}
	switch pc.Type() {
	case Pawn:
		dr := 1
		if pc.Color() == Black {
			dr = -1
		}
		leap([]step{{-1, dr}, {1, dr}})
	case Knight:
		leap(refKnightSteps)
	case King:
		leap(refKingSteps)
	case Bishop:
		slide(refBishopSteps)
	case Rook:
		slide(refRookSteps)
	case Queen:
		slide(refBishopSteps)
		slide(refRookSteps)
	}
	return att
}

func refAttacked(b *[64]Piece, s Square, by Color) bool {
	for from := Square(0); from < 64; from++ {
		if pc := b[from]; pc != Empty && pc.Color() == by && refAttacks(b, from, pc).Has(s) {
			return true
		}
	}
	return false
}

func refKing(b *[64]Piece, c Color) Square {
	for s := Square(0); s < 64; s++ {
		if b[s] == MakePiece(c, King) {
			return s
		}
	}
	return NoSquare
}

// refApply plays m on a copy of the mailbox.
func refApply(b [64]Piece, m Move) [64]Piece {
	pc := b[m.From]
	switch {
	case m.Flags&FlagNull != 0:
	case m.Flags&FlagCastle != 0:
		rook := b[m.RookFrom]
		b[m.From], b[m.RookFrom] = Empty, Empty
		b[m.To], b[m.RookTo] = pc, rook
	default:
		if m.Flags&FlagEnPassant != 0 {
			b[Square(m.From.Rank()*8+m.To.File())] = Empty
		}
		b[m.From] = Empty
		if m.Promo != NoType {
			pc = MakePiece(pc.Color(), m.Promo)
		}
		b[m.To] = pc
	}
	return b
}

func refMove(b *[64]Piece, from, to Square) Move {
	m := Move{From: from, To: to, Piece: b[from], Captured: b[to], RookFrom: NoSquare, RookTo: NoSquare}
	if m.Captured != Empty {
		m.Flags |= FlagCapture
	}
	return m
}

// refPseudoMoves lists the moves that obey the movement rules, castling
// excluded.
func refPseudoMoves(p *Position) []Move {
	var moves []Move
	b := &p.Board
	us := p.Side
	for from := Square(0); from < 64; from++ {
		pc := b[from]
		if pc == Empty || pc.Color() != us {
			continue
		}
		if pc.Type() == Pawn {
			moves = append(moves, refPawnMoves(p, from)...)
			continue
		}
		for to := Square(0); to < 64; to++ {
			if refAttacks(b, from, pc).Has(to) && (b[to] == Empty || b[to].Color() != us) {
				moves = append(moves, refMove(b, from, to))
			}
		}
	}
	return moves
}

func refPawnMoves(p *Position, from Square) []Move {
	b := &p.Board
	us := p.Side
	dr, startRank, lastRank := 1, 1, 7
	if us == Black {
		dr, startRank, lastRank = -1, 6, 0
	}
	var moves []Move
	add := func(m Move) {
		if m.To.Rank() != lastRank {
			moves = append(moves, m)
			return
		}
		for _, t := range []PieceType{Queen, Rook, Bishop, Knight} {
			m.Promo, m.Flags = t, m.Flags|FlagPromotion
			moves = append(moves, m)
		}
	}
	if one, ok := refSquare(from.File(), from.Rank()+dr); ok && b[one] == Empty {
		add(refMove(b, from, one))
		if two, _ := refSquare(from.File(), from.Rank()+2*dr); from.Rank() == startRank && b[two] == Empty {
			m := refMove(b, from, two)
			m.Flags |= FlagDoublePush
			moves = append(moves, m)
		}
	}
	for _, df := range []int{-1, 1} {
		to, ok := refSquare(from.File()+df, from.Rank()+dr)
		if !ok {
			continue
		}
		if b[to] != Empty && b[to].Color() != us {
			add(refMove(b, from, to))
		}
		passed, _ := refSquare(to.File(), from.Rank())
		if to == p.EP && b[to] == Empty && b[passed] == MakePiece(us.Other(), Pawn) {
			m := refMove(b, from, to)
			m.Captured, m.Flags = b[passed], FlagCapture|FlagEnPassant
			moves = append(moves, m)
		}
	}
	return moves
}

// refCastling lists the legal castlings, rule by rule.
func refCastling(p *Position) []Move {
	b := &p.Board
	us := p.Side
	ksq := refKing(b, us)
	home := 0
	if us == Black {
		home = 7
	}
	if ksq.Rank() != home || refAttacked(b, ksq, us.Other()) {
		return nil
	}
	var moves []Move
	for r := Square(0); r < 64; r++ {
		if !p.CastleRooks.Has(r) || r.Rank() != home || b[r] != MakePiece(us, Rook) {
			continue
		}
		kt, rt := MakeSquare(6, home), MakeSquare(5, home)
		if r.File() < ksq.File() {
			kt, rt = MakeSquare(2, home), MakeSquare(3, home)
		}
		ok := true
		for _, span := range [][2]Square{{ksq, kt}, {r, rt}} {
			lo, hi := min(span[0], span[1]), max(span[0], span[1])
			for s := lo; s <= hi; s++ {
				if s != ksq && s != r && b[s] != Empty {
					ok = false
				}
			}
		}
		// Squares the king crosses (not its destination: that is checked by
		// playing the move, like every other move).
		for s := min(ksq, kt); s <= max(ksq, kt); s++ {
			if s != kt && refAttacked(b, s, us.Other()) {
				ok = false
			}
		}
		if ok {
			moves = append(moves, Move{From: ksq, To: kt, Piece: b[ksq], Flags: FlagCastle, RookFrom: r, RookTo: rt})
		}
	}
	return moves
}

func refLegalMoves(p *Position) []Move {
	var legal []Move
	for _, m := range append(refPseudoMoves(p), refCastling(p)...) {
		after := refApply(p.Board, m)
		if !refAttacked(&after, refKing(&after, p.Side), p.Side.Other()) {
			legal = append(legal, m)
		}
	}
	return legal
}

func sortMoves(ms []Move) []Move {
	ms = slices.Clone(ms)
	slices.SortFunc(ms, func(a, b Move) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To), cmp.Compare(a.Promo, b.Promo), cmp.Compare(a.RookFrom, b.RookFrom))
	})
	return ms
}

// playoutFENs are the start positions of the random games.
var playoutFENs = []string{
	startFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"8/8/3p4/KPp4r/8/8/8/7k w - c6 0 2",
	"1b5k/8/8/3pP3/8/8/7K/8 w - d6 0 2",
	"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", // pawn races: many en-passant chances
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1",
	"rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1",
	"4k3/8/8/8/8/8/8/qRK4R w BH - 0 1",
	"4r1k1/8/8/8/8/3n4/8/3QK3 w - - 0 1", // double check
	"k7/8/1Q6/8/8/8/8/7K b - - 0 1",      // stalemate
	"7k/5Q2/8/8/8/8/8/K7 w - - 0 1",      // stalemate in one for many moves
}

// forEachPlayoutPosition calls f on every position of fixed-seed random
// games from playoutFENs.
func forEachPlayoutPosition(t *testing.T, games, plies int, f func(p *Position)) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, fen := range playoutFENs {
		for g := 0; g < games; g++ {
			p := mustFEN(t, fen)
			for ply := 0; ply < plies; ply++ {
				f(&p)
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.Play(moves[rng.IntN(len(moves))])
				if t.Failed() {
					return
				}
			}
		}
	}
}

func TestAgainstReference(t *testing.T) {
	positions := 0
	seen := map[string]int{} // how often each tricky case came up
	forEachPlayoutPosition(t, 16, 120, func(p *Position) {
		positions++
		fen := p.FEN()
		want := sortMoves(refLegalMoves(p))
		countCases(seen, p, want)
		if got := sortMoves(p.LegalMoves(nil)); !slices.Equal(got, want) {
			t.Errorf("%s: LegalMoves\n got %v\nwant %v", fen, got, want)
		}
		if got := p.HasLegalMove(); got != (len(want) > 0) {
			t.Errorf("%s: HasLegalMove = %v with %d legal moves", fen, got, len(want))
		}
		inCheck := refAttacked(&p.Board, refKing(&p.Board, p.Side), p.Side.Other())
		if got := p.InCheck(); got != inCheck {
			t.Errorf("%s: InCheck = %v", fen, got)
		}
		if p.IsCheckmate() != (inCheck && len(want) == 0) || p.IsStalemate() != (!inCheck && len(want) == 0) {
			t.Errorf("%s: IsCheckmate/IsStalemate wrong", fen)
		}
		checkAttacks(t, p, fen)
		checkPlayAgainstReference(t, p, want, fen)
	})
	if positions < 10000 {
		t.Fatalf("only %d positions visited", positions)
	}
	for _, kind := range []string{"castling", "chess960 castling", "en passant", "en passant refused",
		"promotion", "check", "double check", "checkmate", "stalemate"} {
		if seen[kind] == 0 {
			t.Errorf("the playouts never reached a position with %s", kind)
		}
	}
	t.Logf("%d positions: %v", positions, seen)
}

// countCases tallies the tricky situations a position holds, so the test
// can insist that the random games reached each of them.
func countCases(seen map[string]int, p *Position, legal []Move) {
	for _, m := range legal {
		switch {
		case m.Flags&FlagCastle != 0 && p.Chess960:
			seen["chess960 castling"]++
		case m.Flags&FlagCastle != 0:
			seen["castling"]++
		case m.Flags&FlagEnPassant != 0:
			seen["en passant"]++
		case m.Flags&FlagPromotion != 0:
			seen["promotion"]++
		}
	}
	if p.enPassantCapturers() != 0 && !p.hasLegalEnPassant() {
		seen["en passant refused"]++
	}
	switch n := p.Checkers().Count(); {
	case n > 1:
		seen["double check"]++
	case n == 1:
		seen["check"]++
	}
	if len(legal) == 0 {
		if p.InCheck() {
			seen["checkmate"]++
		} else {
			seen["stalemate"]++
		}
	}
}

func checkAttacks(t *testing.T, p *Position, fen string) {
	for s := Square(0); s < 64; s++ {
		var want Set
		if pc := p.Board[s]; pc != Empty {
			want = refAttacks(&p.Board, s, pc)
		}
		if got := p.AttacksFrom(s); got != want {
			t.Errorf("%s: AttacksFrom(%v) = %v, want %v", fen, s, got, want)
		}
		for c := White; c <= Black; c++ {
			var attackers Set
			for from := Square(0); from < 64; from++ {
				if pc := p.Board[from]; pc != Empty && pc.Color() == c && refAttacks(&p.Board, from, pc).Has(s) {
					attackers |= SquareSet(from)
				}
			}
			if got := p.AttackersOf(s, c, p.Occupied); got != attackers {
				t.Errorf("%s: AttackersOf(%v, %d) = %v, want %v", fen, s, c, got, attackers)
			}
		}
	}
}

// checkPlayAgainstReference plays every legal move and compares the board,
// bitboards, castling rights, en-passant square and counters with what the
// rules say.
func checkPlayAgainstReference(t *testing.T, p *Position, moves []Move, fen string) {
	for _, m := range moves {
		after := *p
		after.Play(m)
		if err := after.checkConsistency(); err != nil {
			t.Fatalf("%s: after %v: %v", fen, m, err)
		}
		if want := refApply(p.Board, m); after.Board != want {
			t.Fatalf("%s: after %v: board %s", fen, m, after.FEN())
		}
		wantRooks := p.CastleRooks &^ (SquareSet(m.From) | SquareSet(m.To) | SquareSet(m.CaptureSquare()))
		if m.Piece.Type() == King {
			wantRooks &^= backRank(p.Side)
		}
		wantEP := NoSquare
		if m.Flags&FlagDoublePush != 0 {
			wantEP = (m.From + m.To) / 2
		}
		wantHalf := p.HalfMove + 1
		if m.Piece.Type() == Pawn || m.Captured != Empty {
			wantHalf = 0
		}
		wantFull := p.FullMove
		if p.Side == Black {
			wantFull++
		}
		if after.CastleRooks != wantRooks || after.EP != wantEP || after.HalfMove != wantHalf ||
			after.FullMove != wantFull || after.Side != p.Side.Other() {
			t.Fatalf("%s: after %v: state %s", fen, m, after.FEN())
		}
	}
}

func TestMagicsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		occ := Set(rng.Uint64() & rng.Uint64()) // about a quarter of the squares
		if i%2 == 0 {
			occ &= Set(rng.Uint64()) // sparser boards too
		}
		var b [64]Piece
		for s := Square(0); s < 64; s++ {
			if occ.Has(s) {
				b[s] = WhitePawn
			}
		}
		s := Square(rng.IntN(64))
		for _, c := range []struct {
			got  Set
			kind PieceType
		}{{RookAttacks(s, occ), Rook}, {BishopAttacks(s, occ), Bishop}, {QueenAttacks(s, occ), Queen},
			{KnightAttacks(s), Knight}, {KingAttacks(s), King}} {
			if want := refAttacks(&b, s, MakePiece(White, c.kind)); c.got != want {
				t.Fatalf("%v attacks from %v with occupancy %#x: got %v, want %v", c.kind, s, occ, c.got, want)
			}
		}
		for _, c := range []Color{White, Black} {
			if want := refAttacks(&b, s, MakePiece(c, Pawn)); PawnAttacks(c, s) != want {
				t.Fatalf("pawn attacks of %d from %v", c, s)
			}
		}
	}
}

func TestBetweenAndLineAgainstReference(t *testing.T) {
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			var between, line Set
			for _, st := range append(slices.Clone(refRookSteps), refBishopSteps...) {
				var ray []Square
				for i := 1; ; i++ {
					s, ok := refSquare(a.File()+i*st.df, a.Rank()+i*st.dr)
					if !ok {
						break
					}
					ray = append(ray, s)
				}
				idx := slices.Index(ray, b)
				if idx < 0 {
					continue
				}
				for _, s := range ray[:idx] {
					between |= SquareSet(s)
				}
				line = SquareSet(a)
				for _, dir := range []int{1, -1} {
					for i := 1; ; i++ {
						s, ok := refSquare(a.File()+dir*i*st.df, a.Rank()+dir*i*st.dr)
						if !ok {
							break
						}
						line |= SquareSet(s)
					}
				}
			}
			if Between(a, b) != between || Line(a, b) != line {
				t.Fatalf("Between/Line(%v, %v) = %v / %v, want %v / %v", a, b, Between(a, b), Line(a, b), between, line)
			}
		}
	}
}

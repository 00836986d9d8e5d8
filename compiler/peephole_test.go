package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/opt"
	"slices"
	"testing"

	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// TestPeepholeKeepsAnswers compiles queries whose code has the shapes the
// peephole passes change (loops whose failing bodies go back to the head,
// constant stores of move filters, echo walks, failure paths reached at
// several stack depths) with and without the passes: the matches and the
// comments must be the same on studies (with variations) and OTB games,
// and the passes must have changed the code.
func TestPeepholeKeepsAnswers(t *testing.T) {
	queries := []string{
		"function Pinned(sq) { pin through sq } #(square x in a { Pinned(x) }) >= 2",
		"piece M in [QRBN] { line --> M-- --> move from ~M --> M-- --> move from ~M --> M-- }",
		"piece R1 in R piece R2 in r { echo (s t) { s < t  R1 == s:R2  R2 != s:R2 } }",
		"echo (s t) {s < t  t:ply - s:ply >= 20  sidetomove == s:sidetomove  s & t == .}",
		"sort echo (s t) {s & t == . ply}",
		"piece Z in [Rr] { Seen = [] path focus Z piecepath (Z-- Seen = Seen | Z)+ #(Seen & [a1,a8,h1,h8]) >= 2 }",
		"flipcolor { btm mate square all f in (. attackedby k) & ~a { #(A attacks f) == 1 } }",
		"piece Kn in N { Visited = Kn find all { Visited = Visited | Kn } #(Visited & a-h3) >= 3 }",
		"piece X in [Aa] { find { move from X promote A or move from X promote a } find 1 10 { mate  move previous from X } }",
		"piece Q1 in Q piece R1 in R { ray (R1 Q1 a k) or ray (Q1 R1 a k) }",
		"sort max \"attacks\" { Cnt = 0 square all x in a { if A attacks x Cnt += 1 } Cnt >= 3 Cnt }",
		"x = Q--(to) countmoves legal [Kk]-- > 3",
		"line --> ([x]){3,}",
		"echo (s t) {s < t  s:check  t:check  t:ply < s:ply + 4}",
		"square x in A { x attacks k comment(\"attacker\") }",
	}
	games := firstGames(t, 150)
	for _, query := range queries {
		plain := Options{Disable: opt.Set(0).With(opt.JumpThreading).With(opt.FusedOps)}
		q, err := Compile(source.New("f.cql", query), Options{})
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		p, err := Compile(source.New("f.cql", query), plain)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		if slices.Equal(q.Program.Code, p.Program.Code) {
			t.Errorf("%s: the peephole passes changed nothing", query)
		}
		found := sameAnswers(t, query, "the peephole passes", q.Program, p.Program, games)
		if found == 0 {
			t.Errorf("%s: no match in %d games; the comparison shows nothing", query, len(games))
		}
	}
}

// TestFusedOpsStandForTheirSequence checks that each fused op replaces
// only the first instruction of its sequence, so that a jump into the
// middle still finds the original instructions.
func TestFusedOpsStandForTheirSequence(t *testing.T) {
	code := []vm.Inst{
		{Op: vm.OpPushSet, B: 1}, {Op: vm.OpStore, A: 7},
		{Op: vm.OpStoreKeep, A: 2}, {Op: vm.OpStore, A: 3},
		{Op: vm.OpRestCur, A: 4}, {Op: vm.OpJump, B: 0},
		{Op: vm.OpEchoNext, X: 4, A: 5, B: 9}, {Op: vm.OpStoreKeep, A: 6}, {Op: vm.OpSetCur},
		{Op: vm.OpNextSquare, A: 1, B: 20}, {Op: vm.OpStoreKeep, A: 2}, {Op: vm.OpStore, A: 3},
		{Op: vm.OpNextSquare, A: 1, B: 20}, {Op: vm.OpStoreKeep, A: 2}, {Op: vm.OpPieceIDAt, B: 12}, {Op: vm.OpStore, A: 3},
		{Op: vm.OpPieceSquare, A: 3, B: 20}, {Op: vm.OpStore, A: 4},
		{Op: vm.OpMoveInit, A: 5, B: 1}, {Op: vm.OpMoveNext, A: 5, B: 20},
		{Op: vm.OpTruncComments, A: 6}, {Op: vm.OpJump, B: 12},
		{Op: vm.OpLoad, A: 7, B: 20}, {Op: vm.OpSaveCur, A: 8}, {Op: vm.OpSetCur},
		{Op: vm.OpFail},
	}
	orig := slices.Clone(code)
	fuse(code)
	want := []vm.Inst{
		{Op: vm.OpStoreSet, A: 7, B: 1}, orig[1],
		orig[2], orig[3], // no fused op for a storekeep and a store alone: they meet only after a nextsquare
		{Op: vm.OpRestCurJump, A: 4, B: 0}, orig[5],
		{Op: vm.OpEchoNextCur, X: 4, A: 5, B: 9}, orig[7], orig[8],
		{Op: vm.OpNextSquareStore, A: 1, B: 20}, orig[10], orig[11], // read by the fused op: left alone
		{Op: vm.OpNextPiece, A: 1, B: 20}, orig[13], orig[14], orig[15],
		{Op: vm.OpPieceSquareStore, A: 3, B: 20}, orig[17],
		{Op: vm.OpMoveInitNext, A: 5, B: 1}, orig[19],
		{Op: vm.OpTruncCJump, A: 6, B: 12}, orig[21],
		{Op: vm.OpGotoVar, A: 7, B: 20}, orig[23], orig[24],
		orig[25],
	}
	if !slices.Equal(code, want) {
		t.Errorf("fuse gave\n%v\nwant\n%v", code, want)
	}
	if err := vm.CheckFollowers(code); err != nil {
		t.Errorf("the fused ops are not followed as the op table says: %v", err)
	}
}

// TestThreadJumps checks that jumps to jumps go to the end of the chain
// and that a jump to a match or a fail becomes that instruction.
func TestThreadJumps(t *testing.T) {
	code := []vm.Inst{
		{Op: vm.OpJEmpty, B: 3},
		{Op: vm.OpJump, B: 5},
		{Op: vm.OpJump, B: 2}, // a jump to itself stays
		{Op: vm.OpJump, B: 4},
		{Op: vm.OpJump, B: 6},
		{Op: vm.OpFail},
		{Op: vm.OpMatch},
	}
	threadJumps(code)
	want := []vm.Inst{
		{Op: vm.OpJEmpty, B: 6},
		{Op: vm.OpFail},
		{Op: vm.OpJump, B: 2},
		{Op: vm.OpMatch},
		{Op: vm.OpMatch},
		{Op: vm.OpFail},
		{Op: vm.OpMatch},
	}
	if !slices.Equal(code, want) {
		t.Errorf("threadJumps gave\n%v\nwant\n%v", code, want)
	}
}

package vm

import (
	"strings"
	"testing"

	"cqlvm/bitboard"
)

// TestOpTable walks every opcode: each has a unique lower-case name, its
// operands have printable kinds, the disassembler prints it, and jump ops
// name their target.
func TestOpTable(t *testing.T) {
	seen := map[string]Op{}
	p := &Program{Sets: []bitboard.Set{0}, Strs: []string{"s"}, SlotNames: []string{"x"},
		Sorts: []SortKey{{Doc: "d"}}}
	for op := Op(0); op < opCount; op++ {
		info := opTable[op]
		if info.Name == "" {
			t.Errorf("op %d has no entry in opTable", op)
			continue
		}
		if info.Name != strings.ToLower(info.Name) {
			t.Errorf("op %s: mnemonics are lower case", info.Name)
		}
		if prev, dup := seen[info.Name]; dup {
			t.Errorf("ops %d and %d are both named %q", prev, op, info.Name)
		}
		seen[info.Name] = op
		if op.String() != info.Name {
			t.Errorf("Op(%d).String() = %q, want %q", op, op.String(), info.Name)
		}
		for _, o := range []Operand{info.X, info.A, info.B} {
			if int(o) >= len(operandNames) {
				t.Errorf("op %s: operand kind %d has no name", info.Name, o)
			}
		}
		in := Inst{Op: op}
		p.Code = []Inst{in}
		text := p.DisassembleString()
		if !strings.Contains(text, info.Name) {
			t.Errorf("disassembly of %s lacks its name: %q", info.Name, text)
		}
		if info.B == OJump && !strings.Contains(text, "->0") {
			t.Errorf("disassembly of jump op %s lacks its target: %q", info.Name, text)
		}
		pop, push, spop, spush := StackEffect(in)
		if pop < 0 || push < 0 || spop < 0 || spush < 0 || push > 2 || spush > 1 {
			t.Errorf("op %s: implausible stack effect %d %d %d %d", info.Name, pop, push, spop, spush)
		}
	}
	if Op(opCount).String() != "op?" {
		t.Errorf("an unknown op prints %q", Op(opCount).String())
	}
}

// TestEveryOperandKindIsUsed keeps the operand kinds honest: a kind that
// no op uses is dead and should go.
func TestEveryOperandKindIsUsed(t *testing.T) {
	used := map[Operand]bool{}
	for op := Op(0); op < opCount; op++ {
		info := opTable[op]
		used[info.X], used[info.A], used[info.B] = true, true, true
	}
	for o := Operand(1); int(o) < len(operandNames); o++ {
		if !used[o] {
			t.Errorf("operand kind %s is used by no op", o)
		}
	}
}

func TestCompactSetString(t *testing.T) {
	for _, c := range []struct {
		set  bitboard.Set
		want string
	}{
		{bitboard.Full, "[all]"},
		{0, "[]"},
		{0xFF << 8, "[a-h2]"},
		{1 | 1<<2 | 1<<3, "[a1,c-d1]"},
	} {
		if got := CompactSetString(c.set); got != c.want {
			t.Errorf("CompactSetString(%x) = %q, want %q", uint64(c.set), got, c.want)
		}
	}
}

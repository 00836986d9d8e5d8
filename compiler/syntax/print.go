package syntax

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

// Dump prints a node as an S-expression. Two nodes with the same dump mean
// the same filter, which is how transform orbits drop duplicate members.
// Spans are left out; every child is printed.
func Dump(n *Node) string {
	var b strings.Builder
	dump(&b, n)
	return b.String()
}

func dump(b *strings.Builder, n *Node) {
	if n == nil {
		b.WriteString("nil")
		return
	}
	fmt.Fprintf(b, "(%s", n.Kind)
	if n.Str != "" {
		fmt.Fprintf(b, " %q", n.Str)
	}
	if n.Int != 0 || n.Int2 != 0 || n.HasRange {
		fmt.Fprintf(b, " %d:%d:%v", n.Int, n.Int2, n.HasRange)
	}
	if n.Flags != 0 {
		fmt.Fprintf(b, " f%x", n.Flags)
	}
	if n.Kind == KDesig || n.Kind == KTypeNameDesig {
		fmt.Fprintf(b, " %s%s", PieceMaskString(n.Desig.Pieces), n.Desig.Squares.String())
	}
	if n.Dirs != 0 {
		fmt.Fprintf(b, " dirs:%s", n.Dirs)
	}
	if n.TKind != 0 {
		fmt.Fprintf(b, " t%d", n.TKind)
	}
	if len(n.Params) > 0 {
		fmt.Fprintf(b, " %v", n.Params)
	}
	if m := n.Move; m != nil {
		// the move's flags; its nodes are printed with the other children
		var words []string
		if m.First != "" {
			words = append(words, "first="+m.First)
		}
		for _, f := range []struct {
			on   bool
			name string
		}{{m.Previous, "previous"}, {m.Legal, "legal"}, {m.PseudoLegal, "pseudolegal"}, {m.Count, "count"},
			{m.EnPassant, "enpassant"}, {m.Null, "null"}, {m.Primary, "primary"}, {m.Secondary, "secondary"},
			{m.OO, "o-o"}, {m.OOO, "o-o-o"}, {m.Castle, "castle"}} {
			if f.on {
				words = append(words, f.name)
			}
		}
		fmt.Fprintf(b, " move(%s)", strings.Join(words, " "))
	}
	if d := n.Dash; d != nil {
		fmt.Fprintf(b, " dash(%v %v %v)", d.Capture, d.Legal, d.PseudoLegal)
	}
	if s := n.Seq; s != nil {
		fmt.Fprintf(b, " seq(%v %v %q)", s.Backward, s.FocusCapture, s.Title)
	}
	// every child; the children of a slot other than Args come after the
	// slot's name
	last := "Args"
	eachChild(n, false, func(field string, p **Node) {
		if *p == nil && field != "Args" {
			return // a named slot left empty
		}
		b.WriteByte(' ')
		if field != last {
			b.WriteString(field + ":")
			last = field
		}
		dump(b, *p)
	})
	b.WriteByte(')')
}

// PieceMaskString prints a piece mask as a CQL piece list such as [RNb_].
func PieceMaskString(m PieceMask) string {
	switch m {
	case MaskAll:
		return ""
	case MaskWhite:
		return "A"
	case MaskBlack:
		return "a"
	case MaskWhite | MaskBlack:
		return "[Aa]"
	}
	var letters []string
	if m&MaskWhite == MaskWhite {
		letters = append(letters, "A")
		m &^= MaskWhite
	}
	if m&MaskBlack == MaskBlack {
		letters = append(letters, "a")
		m &^= MaskBlack
	}
	for p := bitboard.Piece(1); p < 16; p++ {
		if m.Has(p) {
			letters = append(letters, string(p.Letter()))
		}
	}
	if m.Has(bitboard.Empty) {
		letters = append(letters, "_")
	}
	sort.Strings(letters)
	if len(letters) == 1 {
		return letters[0]
	}
	return "[" + strings.Join(letters, "") + "]"
}

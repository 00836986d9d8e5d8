// Package diagram draws a chess position as an SVG image: the board of
// the web page of `cqlvm serve` and the diagrams of the HTML report of
// `cqlvm run --html`. It needs no assets: the pieces are the Unicode chess
// symbols in the fonts the system has (DejaVu Sans, Noto Sans Symbols 2,
// Segoe UI Symbol, ...).
package diagram

import (
	"fmt"
	"strings"
)

// square is the side of one square in SVG user units; the image scales.
const square = 45

// glyphs are the solid chess symbols, drawn for both colours (white ones
// are filled white with a dark outline) so that every font shows the
// same shapes; U+FE0E asks for the text form, not an emoji.
var glyphs = map[byte]string{
	'k': "\u265A", 'q': "\u265B", 'r': "\u265C", 'b': "\u265D", 'n': "\u265E", 'p': "\u265F\uFE0E",
}

// Placement reads the piece placement field of a FEN (its first field)
// into a board: board[rank][file] with rank 0 the eighth rank, and a
// FEN piece letter or 0 on each square.
func Placement(fen string) (board [8][8]byte, err error) {
	field, _, _ := strings.Cut(strings.TrimSpace(fen), " ")
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return board, fmt.Errorf("bad FEN %q: the placement needs 8 ranks separated by '/'", fen)
	}
	for r, row := range ranks {
		f := 0
		for i := 0; i < len(row); i++ {
			c := row[i]
			switch {
			case c >= '1' && c <= '8':
				f += int(c - '0')
			case glyphs[lower(c)] != "":
				if f < 8 {
					board[r][f] = c
				}
				f++
			default:
				return board, fmt.Errorf("bad FEN %q: %q is not a piece letter", fen, c)
			}
		}
		if f != 8 {
			return board, fmt.Errorf("bad FEN %q: rank %d has %d squares", fen, 8-r, f)
		}
	}
	return board, nil
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// SVG draws the position of a FEN, white at the bottom, with the files
// and ranks named along the edges, and the marked squares ("e2", "e4":
// the last move) tinted. The image is 8 squares wide and scales to the
// width its container gives it.
func SVG(fen string, marked ...string) (string, error) {
	board, err := Placement(fen)
	if err != nil {
		return "", err
	}
	var tints [][2]int // file, rank from the top
	for _, sq := range marked {
		if len(sq) != 2 || sq[0] < 'a' || sq[0] > 'h' || sq[1] < '1' || sq[1] > '8' {
			return "", fmt.Errorf("bad square %q: a square is a file a-h and a rank 1-8, as e4", sq)
		}
		tints = append(tints, [2]int{int(sq[0] - 'a'), int('8' - sq[1])})
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %[1]d %[2]d" class="diagram" role="img" aria-label="%s">`,
		8*square, 8*square, escape(fen))
	b.WriteString(`<style>.l{fill:#f0d9b5}.d{fill:#b58863}.m{fill:#9bc700;opacity:.45}.c{font:10px sans-serif}.p{font-family:"DejaVu Sans","Noto Sans Symbols2","Noto Sans Symbols","Segoe UI Symbol","Apple Symbols",serif;font-size:38px;text-anchor:middle;dominant-baseline:central}.w{fill:#fff;stroke:#000;stroke-width:1.2px}.b{fill:#000;stroke:#000;stroke-width:.5px}</style>`)
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			class := "l"
			if (r+f)%2 == 1 {
				class = "d"
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" class="%s"/>`, f*square, r*square, square, square, class)
		}
	}
	for _, t := range tints {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" class="m"/>`, t[0]*square, t[1]*square, square, square)
	}
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="c">%c</text>`, i*square+square-8, 8*square-3, 'a'+i)
		fmt.Fprintf(&b, `<text x="2" y="%d" class="c">%d</text>`, i*square+11, 8-i)
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			c := board[r][f]
			if c == 0 {
				continue
			}
			color := "b"
			if c >= 'A' && c <= 'Z' {
				color = "w"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" class="p %s">%s</text>`, f*square+square/2, r*square+square/2+2, color, glyphs[lower(c)])
		}
	}
	b.WriteString(`</svg>`)
	return b.String(), nil
}

// escape makes text safe in an XML attribute.
func escape(s string) string {
	return strings.NewReplacer(`&`, "&amp;", `<`, "&lt;", `>`, "&gt;", `"`, "&quot;").Replace(s)
}

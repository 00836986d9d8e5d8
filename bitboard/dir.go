package bitboard

import "strings"

// Dir is a set of the eight board directions, one bit each. It is the
// single definition of the direction bits: the parser reads direction
// keywords into it, the compiler transforms it, the machine's operands
// carry it and the disassembler prints it.
type Dir uint8

// The eight directions, in bit order.
const (
	DirUp Dir = 1 << iota
	DirDown
	DirLeft
	DirRight
	DirNE
	DirNW
	DirSE
	DirSW
)

// Compound directions.
const (
	DirVertical   = DirUp | DirDown
	DirHorizontal = DirLeft | DirRight
	DirOrthogonal = DirVertical | DirHorizontal
	DirDiagonal   = DirNE | DirNW | DirSE | DirSW
	DirMainDiag   = DirNE | DirSW
	DirOffDiag    = DirNW | DirSE
	DirAny        = DirOrthogonal | DirDiagonal
)

// DirInfo describes one direction bit: its keyword and its (file, rank) step.
type DirInfo struct {
	Bit        Dir
	Name       string
	FileStep   int
	RankStep   int
	IsDiagonal bool
}

// Dirs lists the eight directions in bit order: Dirs[i].Bit == 1<<i.
var Dirs = [8]DirInfo{
	{DirUp, "up", 0, 1, false},
	{DirDown, "down", 0, -1, false},
	{DirLeft, "left", -1, 0, false},
	{DirRight, "right", 1, 0, false},
	{DirNE, "northeast", 1, 1, true},
	{DirNW, "northwest", -1, 1, true},
	{DirSE, "southeast", 1, -1, true},
	{DirSW, "southwest", -1, -1, true},
}

// String names the bits, as "up|northeast".
func (d Dir) String() string {
	var parts []string
	for _, info := range Dirs {
		if d&info.Bit != 0 {
			parts = append(parts, info.Name)
		}
	}
	return strings.Join(parts, "|")
}

// Package report reads the matched positions a run writes as JSON lines
// and renders them as one self-contained HTML page (`cqlvm run --html`):
// a diagram of each matched position with its game's header and the
// moves that lead there, for sharing results by mail or on a forum.
package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Match is one matched position, one line of the engine's JSON output
// (engine/jsonout.go, documented in the README).
type Match struct {
	Game       int               `json:"game"`
	File       string            `json:"file"`
	Offset     int64             `json:"offset"`
	Tags       map[string]string `json:"tags"`
	PositionID int               `json:"positionid"`
	Ply        int               `json:"ply"`
	MoveNumber int               `json:"movenumber"`
	SideToMove string            `json:"sidetomove"`
	Depth      int               `json:"depth"`
	Path       []string          `json:"path"`
	FEN        string            `json:"fen"`
	MatchCount int               `json:"matchcount"`
	Sort       []SortValue       `json:"sort,omitempty"`
	Comments   []string          `json:"comments"`
}

// SortValue is a game's value of one `sort` key: a number or a string.
type SortValue struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

// ParseLines decodes the JSON lines of one or more games.
func ParseLines(data []byte) ([]Match, error) {
	var out []Match
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var m Match
		if err := json.Unmarshal(line, &m); err != nil {
			return out, fmt.Errorf("a JSON line of the run cannot be read: %v", err)
		}
		out = append(out, m)
	}
	return out, sc.Err()
}

// Moves writes the path to the matched position as movetext: move
// numbers before white's moves, "N..." where black's move opens the text
// or a variation. The path holds only the moves played to reach the
// position: a "(" marks a move that is not its parent's mainline move
// (the mainline move it replaces is not shown).
func (m *Match) Moves() string {
	var b strings.Builder
	// the side to move at the start: the matched position's, flipped for
	// each ply of the path
	whiteMoves := m.SideToMove == "white" == (m.Ply%2 == 0)
	blackStart := 0
	if !whiteMoves {
		blackStart = 1
	}
	ply, fresh := 0, true
	for _, tok := range m.Path {
		if tok == "(" {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte('(')
			fresh = true
			continue
		}
		num := (ply+blackStart)/2 + 1
		white := (ply+blackStart)%2 == 0
		if b.Len() > 0 && !strings.HasSuffix(b.String(), "(") {
			b.WriteByte(' ')
		}
		switch {
		case white:
			fmt.Fprintf(&b, "%d.", num)
		case fresh:
			fmt.Fprintf(&b, "%d...", num)
		}
		b.WriteString(tok)
		ply++
		fresh = false
	}
	return b.String()
}

// Year is the year of the game's Date tag, "" when it is unknown.
func (m *Match) Year() string {
	y, _, _ := strings.Cut(m.Tags["Date"], ".")
	if len(y) != 4 || strings.Contains(y, "?") {
		return ""
	}
	return y
}

// Title names the game in one line: "White – Black, Event Year, Result".
func (m *Match) Title() string {
	t := m.Tags["White"] + " – " + m.Tags["Black"]
	if ev := m.Tags["Event"]; ev != "" && ev != "?" {
		t += ", " + ev
	}
	if y := m.Year(); y != "" {
		t += " " + y
	}
	return t + ", " + m.Tags["Result"]
}

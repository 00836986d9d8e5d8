package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/pgn"
)

// TestJSONAgreesWithPGN runs the conformance cases on sample.pgn with
// both outputs, PGN and JSON, and requires every JSON line to parse with all its fields and the
// two outputs to name the same games, in the same order, with the same
// matched positions (position ids, FENs and paths).
func TestJSONAgreesWithPGN(t *testing.T) {
	pending := readTSV(t, filepath.Join(conformanceDir, "pending.tsv"), 1)
	checked := 0
	for _, c := range findCases(t) {
		if c.area == "errors" || c.area == "quiet" || pending[c.name] != "" {
			continue // quiet and silent output has no match strings to compare with
		}
		checked++
		t.Run(c.area+"/"+c.name, func(t *testing.T) {
			t.Parallel()
			q, err := Load(c.path, QueryOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var pgnOut, jsonOut strings.Builder
			o := q.Options()
			o.Inputs, o.MatchString, o.PGN, o.JSON = []string{samplePGN}, "CQLMATCH", &pgnOut, &jsonOut
			if _, err := Run(q, o); err != nil {
				t.Fatal(err)
			}
			fromJSON := positionsFromJSON(t, jsonOut.String())
			fromPGN := positionsFromPGN(t, pgnOut.String())
			if fromJSON != fromPGN {
				t.Fatalf("JSON and PGN disagree\nJSON:\n%s\nPGN:\n%s", fromJSON, fromPGN)
			}
		})
	}
	if checked < 150 {
		t.Fatalf("only %d cases checked", checked)
	}
}

// jsonLine is a JSON output line as a test reads it; pointers tell
// missing fields from zero values.
type jsonLine struct {
	Game       *int
	File       *string
	Offset     *int64
	Tags       map[string]string
	PositionID *int
	Ply        *int
	MoveNumber *int
	SideToMove *string
	Depth      *int
	Path       json.RawMessage // a list of strings; left raw, as the test reads megabytes of it
	FEN        *string
	MatchCount *int
	Comments   []string
}

// positionsFromJSON lists "game: positionid fen" per line, checking each
// line's shape on the way.
func positionsFromJSON(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var m jsonLine
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line does not parse: %v\n%s", err, line)
		}
		if m.Game == nil || m.File == nil || m.Offset == nil || m.PositionID == nil || m.Ply == nil ||
			m.MoveNumber == nil || m.SideToMove == nil || m.Depth == nil || m.Path == nil ||
			m.FEN == nil || m.MatchCount == nil || m.Comments == nil {
			t.Fatalf("line lacks a field: %s", line)
		}
		if len(m.Tags) != 7 {
			t.Fatalf("tags are not the Seven Tag Roster: %v", m.Tags)
		}
		// SAN never contains a comma or a quote, so the list's commas
		// count its elements
		steps := 0
		if string(m.Path) != "[]" {
			steps = bytes.Count(m.Path, []byte(",")) + 1
		}
		markers := bytes.Count(m.Path, []byte(`"("`))
		if steps-markers != *m.Ply || markers != *m.Depth {
			t.Fatalf("path %s does not fit ply %d and depth %d", m.Path, *m.Ply, *m.Depth)
		}
		fmt.Fprintf(&b, "%d: %d %s\n", *m.Game, *m.PositionID, *m.FEN)
	}
	return b.String()
}

// positionsFromPGN reads the output back and lists the positions whose
// comments carry the match string, in the same form.
func positionsFromPGN(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	r := pgn.NewReader(strings.NewReader(out), "out.pgn")
	var p pgn.Parser
	p.CastlingFromPlacement = true
	var g pgn.Game
	for {
		raw, err := r.Next()
		if err != nil {
			break
		}
		p.Parse(raw, &g)
		if err := g.Err(); err != nil {
			t.Fatalf("output does not read back: %v", err)
		}
		number := 0
		if m := gameNumberRE.FindStringSubmatch(strings.Join(g.Nodes[0].Comments, " ")); m != nil {
			fmt.Sscan(m[1], &number)
		}
		for i := range g.Nodes {
			n := strings.Count(strings.Join(g.Nodes[i].Comments, " "), "CQLMATCH")
			for range n {
				fmt.Fprintf(&b, "%d: %d %s\n", number, i, g.Nodes[i].Pos.FEN())
			}
		}
	}
	return b.String()
}

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/pgn"
)

// compatRuns are queries whose output PGN is checked by other readers:
// plain and annotated games, variations, NAGs, comments, FEN setups.
var compatRuns = []struct{ name, corpus, query string }{
	{"sample-checks-variations", samplePGN, "cql(variations) check"},
	{"sample-mirror-mates", samplePGN, "cql() flipcolor { btm mate _ attackedby k == 8 }"},
	{"sample-sorted-comments", samplePGN, `cql(variations) mate comment("mate with " #A " white pieces") sort "pieces" #[Aa]`},
	{"studies-checks", studiesPGN, "cql() check"},
	{"studies-mates-variations", studiesPGN, "cql(variations) mate"},
	{"studies-silent", studiesPGN, "cql(silent variations) stalemate"},
}

// TestOutputReadsBackAsSameGames reads cqlvm's output with the pgn
// package and compares each game with the input game it came from: the
// same tags and the same game tree (moves, variations, NAGs). Only
// comments may differ.
func TestOutputReadsBackAsSameGames(t *testing.T) {
	for _, run := range compatRuns {
		t.Run(run.name, func(t *testing.T) {
			t.Parallel()
			out := runForCompat(t, run.corpus, run.query, "-noheader")
			numbers := selectedGameNumbers(t, run.corpus, run.query)
			inputs := readGames(t, run.corpus, numbers)
			outputs := readGames(t, out, nil)
			if len(outputs) != len(numbers) || len(outputs) == 0 {
				t.Fatalf("output has %d games, the run selected %d", len(outputs), len(numbers))
			}
			for i := range outputs {
				if diff := compareGames(inputs[i], outputs[i]); diff != "" {
					t.Fatalf("game %d reads back differently: %s", numbers[i], diff)
				}
			}
		})
	}
}

// TestOutputAcceptedByPGNExtract feeds the output to pgn-extract (Debian
// package pgn-extract), an independent and strict PGN reader, and
// requires no complaint about the PGN itself. Warnings about what the
// games say (a result inconsistent with a mate on the board) are allowed
// only as far as pgn-extract gives them for the same games in the input.
func TestOutputAcceptedByPGNExtract(t *testing.T) {
	tool := findPGNExtract()
	if tool == "" {
		t.Skip("pgn-extract is not installed (apt-get install pgn-extract); the check of the output by an independent PGN reader is skipped")
	}
	for _, run := range compatRuns {
		t.Run(run.name, func(t *testing.T) {
			t.Parallel()
			out := runForCompat(t, run.corpus, run.query)
			got := pgnExtractComplaints(t, tool, out)
			for msg := range got {
				if !gameContentWarning.MatchString(msg) {
					t.Errorf("pgn-extract complains about the output: %s", msg)
				}
			}
			// the same games cut from the input, for the content warnings
			selected := filepath.Join(t.TempDir(), "selected.pgn")
			numbers := selectedGameNumbers(t, run.corpus, run.query)
			if err := os.WriteFile(selected, rawGames(t, run.corpus, numbers), 0o644); err != nil {
				t.Fatal(err)
			}
			want := pgnExtractComplaints(t, tool, selected)
			for msg, n := range got {
				if gameContentWarning.MatchString(msg) && n > want[msg] {
					t.Errorf("pgn-extract warns %d times %q on the output, %d times on the same input games", n, msg, want[msg])
				}
			}
		})
	}
}

// gameContentWarning matches pgn-extract's remarks about what a game
// says rather than how it is written; cqlvm copies games, it does not
// correct them.
var gameContentWarning = regexp.MustCompile(`^(Warning: Result of .* is inconsistent with|Inconsistent result strings)`)

// complaintLine matches pgn-extract's diagnostics (its other stderr lines
// describe the game concerned).
var complaintLine = regexp.MustCompile(`^(Warning:|Unknown (character|move)|Missing |Inconsistent result|Internal error|Null moves|Illegal|No .* possible|Failed to|Error|Unmatched|Unexpected|Bad (tag|move|char)|Invalid)`)

// pgnExtractComplaints runs pgn-extract in report-only mode and counts
// its diagnostics, with numbers blanked so that line numbers do not
// matter.
func pgnExtractComplaints(t *testing.T, tool, file string) map[string]int {
	t.Helper()
	cmd := exec.Command(tool, "-r", "--allownullmoves", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, stderr.String())
	}
	digits := regexp.MustCompile(`[0-9]+`)
	out := map[string]int{}
	for _, line := range strings.Split(stderr.String(), "\n") {
		line = strings.TrimSpace(line)
		if complaintLine.MatchString(line) {
			out[digits.ReplaceAllString(line, "N")]++
		}
	}
	return out
}

func findPGNExtract() string {
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract" // where Debian puts it, often not on PATH
	}
	return ""
}

// runForCompat runs a query and returns the output file.
func runForCompat(t *testing.T, corpus, query string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	args := append([]string{"run", "-o", out}, flags...)
	mustRun(t, nil, append(args, writeQuery(t, dir, query), corpus)...)
	return out
}

// selectedGameNumbers are the games a query selects, from its JSON output.
func selectedGameNumbers(t *testing.T, corpus, query string) []int {
	t.Helper()
	r := mustRun(t, nil, "run", "--json", writeQuery(t, t.TempDir(), query), corpus)
	var numbers []int
	for _, line := range nonEmptyLines(r.stdout) {
		var m struct{ Game int }
		if err := jsonUnmarshal(line, &m); err != nil {
			t.Fatal(err)
		}
		if len(numbers) == 0 || numbers[len(numbers)-1] != m.Game {
			numbers = append(numbers, m.Game)
		}
	}
	return numbers
}

// readGames parses the games of a file; with numbers, only those games,
// in that order.
func readGames(t *testing.T, file string, numbers []int) []*pgn.Game {
	t.Helper()
	byNumber := map[int]*pgn.Game{}
	var all []*pgn.Game
	data := []byte(readText(t, file))
	r := pgn.NewReader(bytes.NewReader(data), file)
	var p pgn.Parser
	p.CastlingFromPlacement = true
	for {
		raw, err := r.Next()
		if err != nil {
			break
		}
		if numbers != nil && !slices.Contains(numbers, raw.Number) {
			continue
		}
		g := &pgn.Game{}
		p.Parse(raw, g)
		byNumber[raw.Number] = g
		all = append(all, g)
	}
	if numbers == nil {
		return all
	}
	var out []*pgn.Game
	for _, n := range numbers {
		out = append(out, byNumber[n])
	}
	return out
}

// rawGames cuts the given games out of a file, unchanged.
func rawGames(t *testing.T, file string, numbers []int) []byte {
	t.Helper()
	var out []byte
	r := pgn.NewReader(bytes.NewReader([]byte(readText(t, file))), file)
	for {
		raw, err := r.Next()
		if err != nil {
			return out
		}
		if slices.Contains(numbers, raw.Number) {
			out = append(out, raw.Data...)
			out = append(out, '\n')
		}
	}
}

// compareGames describes the first difference between two games other
// than their comments, or returns "".
func compareGames(in, out *pgn.Game) string {
	if err := out.Err(); err != nil {
		return "the output game has an error: " + err.Error()
	}
	// the official program's tag order, which cqlvm writes
	if want := pgn.Official(in); fmt.Sprint(want) != fmt.Sprint(out.Tags) {
		return fmt.Sprintf("tags %v, want %v", out.Tags, want)
	}
	if in.Result != out.Result && in.Result != "" {
		return fmt.Sprintf("result %q, want %q", out.Result, in.Result)
	}
	if len(in.Nodes) != len(out.Nodes) {
		return fmt.Sprintf("%d positions, want %d", len(out.Nodes), len(in.Nodes))
	}
	for i := range in.Nodes {
		a, b := &in.Nodes[i], &out.Nodes[i]
		if a.Move != b.Move || a.Parent != b.Parent || a.FirstChild != b.FirstChild ||
			a.NextSibling != b.NextSibling || !slices.Equal(a.NAGs, b.NAGs) {
			return "position " + strconv.Itoa(i) + " differs (move, tree links or NAGs)"
		}
	}
	return ""
}

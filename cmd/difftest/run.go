package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/cqlvm/cqlvm/pgn"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// MatchString marks matched positions in the output PGN of both programs.
const MatchString = "CQLMATCH"

// Status classifies how a run ended.
type Status int

// The run statuses: the program finished (exit 0), rejected the query or
// aborted (non-zero exit), or ran out of time.
const (
	Accepted Status = iota
	Rejected
	TimedOut
)

func (s Status) String() string {
	return [...]string{"accepted", "rejected", "timed out"}[s]
}

// Row is one output game: its number (from the "Game number N" comment)
// and how many times the match string occurs in it.
type Row struct {
	Game, Count int
}

// Outcome is what one run of a program produced.
type Outcome struct {
	Status  Status
	Matches int  // N of the "N matches of M games" line
	Games   int  // M
	Summary bool // the summary line was found
	Rows    []Row
	Message string // first line of the error output when rejected
	// Cut: the games the program cut short ("game truncated by CQL": the
	// official program writes at most 105,000 bytes of a game), by number.
	Cut map[int]bool
}

// Runner runs one CQL program on a query and a PGN file.
type Runner interface {
	Name() string
	Run(ctx context.Context, query, pgnPath string) Outcome
}

// ExecRunner runs a program as `Cmd... -i PGN -o OUT -matchstring CQLMATCH query.cql`.
type ExecRunner struct {
	Label   string
	Cmd     []string
	Timeout time.Duration
	TempDir string
}

// Name implements Runner.
func (r *ExecRunner) Name() string { return r.Label }

// Run implements Runner.
func (r *ExecRunner) Run(ctx context.Context, query, pgnPath string) Outcome {
	dir, err := os.MkdirTemp(r.TempDir, r.Label+"-")
	if err != nil {
		return Outcome{Status: Rejected, Message: err.Error()}
	}
	defer os.RemoveAll(dir)
	qf := filepath.Join(dir, "q.cql")
	out := filepath.Join(dir, "out.pgn")
	if err := os.WriteFile(qf, []byte(query), 0o644); err != nil {
		return Outcome{Status: Rejected, Message: err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, r.Timeout)
	defer cancel()
	args := append(append([]string(nil), r.Cmd[1:]...), "-s", "-i", pgnPath, "-o", out, "-matchstring", MatchString, qf)
	cmd := exec.CommandContext(ctx, r.Cmd[0], args...)
	cmd.Dir = dir
	cmd.WaitDelay = 2 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ctx.Err() == context.DeadlineExceeded {
		return Outcome{Status: TimedOut}
	}
	all := append(stdout.Bytes(), stderr.Bytes()...)
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return Outcome{Status: Rejected, Message: err.Error()}
		}
		return Outcome{Status: Rejected, Message: firstLine(all)}
	}
	o := Outcome{Status: Accepted}
	if m := summaryRE.FindSubmatch(all); m != nil {
		o.Summary = true
		o.Matches, _ = strconv.Atoi(string(m[1]))
		o.Games, _ = strconv.Atoi(string(m[2]))
	}
	if b, err := os.ReadFile(out); err == nil {
		o.Rows, o.Cut = summarize(string(b), MatchString)
	}
	return o
}

var summaryRE = regexp.MustCompile(`(\d+) matches of (\d+) games`)

// firstLine is the first informative line of a program's output (the
// reference prints its banner first).
func firstLine(b []byte) string {
	var keep []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "CQL version") || strings.Trim(l, ".") == "" {
			continue
		}
		keep = append(keep, l)
		if len(keep) == 2 {
			break
		}
	}
	s := strings.Join(keep, " / ")
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

var gameNumRE = regexp.MustCompile(`Game\s+number\s+(\d+)`)

// SummarizePGN reduces an output PGN to one row per game, as the shared
// conformance checker does (summarize_pgn in check.py): a game starts at a
// tag line after movetext; comments are {...}, ; to end of line, and %
// escape lines; the game number is read from the first comment holding
// "Game number N", the count is the number of match strings in comments.
func SummarizePGN(text, match string) []Row {
	rows, _ := summarize(text, match)
	return rows
}

// truncatedMark ends a game the official program cut short.
const truncatedMark = pgn.TruncatedMark

// summarize is SummarizePGN, and the numbers of the games cut short.
func summarize(text, match string) ([]Row, map[int]bool) {
	type game struct {
		num   int
		found bool
		count int
		cut   bool
	}
	var games []*game
	var cur *game
	inMovetext := true
	atLineStart := true
	note := func(body string) {
		if !cur.found {
			if m := gameNumRE.FindStringSubmatch(body); m != nil {
				cur.num, _ = strconv.Atoi(m[1])
				cur.found = true
			}
		}
		if match != "" {
			cur.count += strings.Count(body, match)
		}
		if strings.Contains(body, truncatedMark) {
			cur.cut = true
		}
	}
	i, n := 0, len(text)
	for i < n {
		c := text[i]
		if c == '\n' {
			atLineStart = true
			i++
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			i++
			continue
		}
		lineStart := atLineStart
		atLineStart = false
		if c == '[' && lineStart {
			if inMovetext || cur == nil {
				cur = &game{}
				games = append(games, cur)
			}
			inMovetext = false
			i = skipTag(text, i)
			continue
		}
		if c == '%' && lineStart {
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				i = n
			} else {
				i += j
			}
			continue
		}
		inMovetext = true
		if cur == nil {
			cur = &game{}
			games = append(games, cur)
		}
		if c == '{' {
			j := strings.IndexByte(text[i+1:], '}')
			end := n
			if j >= 0 {
				end = i + 1 + j
			}
			note(text[i+1 : end])
			i = end + 1
			continue
		}
		if c == ';' {
			j := strings.IndexByte(text[i:], '\n')
			end := n
			if j >= 0 {
				end = i + j
			}
			note(text[i+1 : end])
			i = end
			continue
		}
		if c == 'g' && strings.HasPrefix(text[i:], truncatedMark) {
			// after the game's last comment: "{...}   game truncated by CQL } *"
			cur.cut = true
			i += len(truncatedMark)
			continue
		}
		i++
	}
	rows := make([]Row, len(games))
	var cut map[int]bool
	for k, g := range games {
		rows[k] = Row{g.num, g.count}
		if g.cut {
			if cut == nil {
				cut = map[int]bool{}
			}
			cut[g.num] = true
		}
	}
	return rows, cut
}

func skipTag(text string, i int) int {
	n := len(text)
	i++
	inStr := false
	for i < n {
		c := text[i]
		if inStr {
			if c == '\\' {
				i += 2
				continue
			}
			if c == '"' {
				inStr = false
			}
		} else if c == '"' {
			inStr = true
		} else if c == ']' || c == '\n' {
			return i + 1
		}
		i++
	}
	return n
}

// Verdict classes of a comparison of two outcomes.
const (
	VAgree        = "agree"
	VBothRejected = "both-rejected"
	VTimeout      = "timeout"
	VRefRejects   = "reference-rejects"
	VEngRejects   = "cqlvm-rejects"
	VCount        = "count"     // the summary match counts differ
	VGames        = "games"     // different sets of output games
	VOrder        = "order"     // same games, different order
	VPositions    = "positions" // same games, different match counts
	// VTruncated: the counts differ only in games the reference cut short
	// (fewer of its matches written), which is not a disagreement.
	VTruncated = "reference-truncated"
	// VOptimizer: the engine and its plain program (-O0) differ; the
	// result's Ref is then the plain program's outcome
	VOptimizer = "optimizer-differs"
)

// Compare classifies a pair of outcomes (reference, engine); the kind is
// what the shrinker keeps constant.
func Compare(ref, eng Outcome) string {
	switch {
	case ref.Status == TimedOut || eng.Status == TimedOut:
		return VTimeout
	case ref.Status == Rejected && eng.Status == Rejected:
		return VBothRejected
	case ref.Status == Rejected:
		return VRefRejects
	case eng.Status == Rejected:
		return VEngRejects
	}
	if len(ref.Cut) > 0 && onlyCutDiffer(ref, eng) {
		return VTruncated
	}
	if rowsEqual(ref.Rows, eng.Rows) {
		if ref.Summary && eng.Summary && ref.Matches != eng.Matches {
			return VCount
		}
		return VAgree
	}
	a, b := gameSet(ref.Rows), gameSet(eng.Rows)
	if a != b {
		return VGames
	}
	if len(ref.Rows) == len(eng.Rows) {
		same := true
		for i := range ref.Rows {
			if ref.Rows[i].Game != eng.Rows[i].Game {
				same = false
			}
		}
		if same {
			return VPositions
		}
	}
	return VOrder
}

// IsDisagreement reports whether a verdict is a disagreement.
func IsDisagreement(v string) bool {
	switch v {
	case VAgree, VBothRejected, VTimeout, VTruncated:
		return false
	}
	return true
}

// onlyCutDiffer reports whether the outcomes agree but for fewer matches
// in games the reference cut short.
func onlyCutDiffer(ref, eng Outcome) bool {
	if ref.Summary != eng.Summary || ref.Matches != eng.Matches || len(ref.Rows) != len(eng.Rows) {
		return false
	}
	differ := false
	for i, r := range ref.Rows {
		e := eng.Rows[i]
		switch {
		case r.Game != e.Game:
			return false
		case r.Count == e.Count:
		case ref.Cut[r.Game] && r.Count < e.Count:
			differ = true
		default:
			return false
		}
	}
	return differ
}

func rowsEqual(a, b []Row) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func gameSet(rows []Row) string {
	seen := map[int]bool{}
	for _, r := range rows {
		seen[r.Game] = true
	}
	var sb strings.Builder
	for g := 0; len(seen) > 0; g++ {
		if seen[g] {
			fmt.Fprintf(&sb, "%d,", g)
			delete(seen, g)
		}
	}
	return sb.String()
}

// describe renders an outcome for a report file.
func describe(name string, o Outcome) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %s\n", name, o.Status)
	if o.Message != "" {
		fmt.Fprintf(&sb, "message: %s\n", o.Message)
	}
	if o.Summary {
		fmt.Fprintf(&sb, "summary: %d matches of %d games\n", o.Matches, o.Games)
	}
	if o.Status == Accepted {
		fmt.Fprintf(&sb, "rows (game number, match count), %d:\n", len(o.Rows))
		for _, r := range o.Rows {
			fmt.Fprintf(&sb, "%d\t%d\n", r.Game, r.Count)
		}
	}
	return sb.String()
}

// diffLine is a one-line description of how two accepted outcomes differ.
func diffLine(v string, ref, eng Outcome) string {
	switch v {
	case VRefRejects:
		return "the reference rejects it (" + ref.Message + "), cqlvm accepts it"
	case VEngRejects:
		return "cqlvm rejects it (" + eng.Message + "), the reference accepts it"
	case VCount:
		return fmt.Sprintf("match counts: reference %d, cqlvm %d", ref.Matches, eng.Matches)
	}
	return fmt.Sprintf("reference %d matches %s; cqlvm %d matches %s", ref.Matches, fmtRows(ref.Rows), eng.Matches, fmtRows(eng.Rows))
}

func fmtRows(rows []Row) string {
	var parts []string
	for i, r := range rows {
		if i == 6 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, fmt.Sprintf("%d:%d", r.Game, r.Count))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

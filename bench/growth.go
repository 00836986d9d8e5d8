package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// The growth benchmark (-growth): how the time of each heavy construct
// grows with the length of the game. Synthetic games (growthgames.go) of
// L, 2L, 4L and 8L plies, mainline only and with variations, are searched
// with one query per construct; the table gives the minimum user time of
// -runs runs at each length and the factor per doubling (2 when the work
// is linear in the game's length, 4 when quadratic).

// growthConstruct is one heavy construct and the query that exercises it.
type growthConstruct struct {
	name, query string
	variations  bool // run with cql(variations), on the games with side lines
}

// growthConstructs: find from every position (with a variable set where
// the find starts), a piece loop with find, echo over every pair of
// positions (plain and under a transform), line, and path with focus.
var growthConstructs = []growthConstruct{
	{"find-every", "Home = K\nMen = #[Aa]\nfind { #[Aa] < Men - 6  K == Home }", false},
	{"piece-find", "piece E in Pa-h2 find E--=A", false},
	{"echo-pairs", "echo (s t) {\n  s < t\n  sidetomove == s:sidetomove\n  s & t == .\n}", false},
	{"echo-flip", "echo (s t) {\n  s < t\n  flipvertical { s:Kc1 Kf1 }\n}", false},
	{"line", "line --> check --> not check --> check", false},
	{"path-focus", "piece Z in [QRBN] {\n  path focus capture Z (Z--){3,}\n}", false},
	{"find-every-var", "Home = K\nMen = #[Aa]\nfind { #[Aa] < Men - 6  K == Home }", true},
	{"piece-find-var", "piece E in Pa-h2 find E--=A", true},
	{"echo-pairs-var", "echo (s t) {\n  s < t\n  sidetomove == s:sidetomove\n  s & t == .\n}", true},
	{"line-var", "line --> check --> not check --> check", true},
}

// Growth parameters: the shortest length, the number of doublings, the
// games per file and the walk's seed. The expected counts below hold for
// these values.
const (
	growthBase      = 100
	growthDoublings = 3
	growthGames     = 40
	growthSeed      = 24
)

// growthWant holds the games each construct matches at each length
// (growthBase << i) with the seed above, as the official CQL 6.2 counts
// them; cqlvm must give the same. A missing entry is not checked.
var growthWant = map[string][growthDoublings + 1]int{
	"find-every":     {0, 7, 25, 40},
	"piece-find":     {0, 0, 12, 39},
	"echo-pairs":     {14, 14, 25, 36},
	"echo-flip":      {0, 4, 11, 19},
	"line":           {4, 16, 30, 39},
	"path-focus":     {40, 40, 40, 40},
	"find-every-var": {0, 13, 28, 39},
	"piece-find-var": {0, 0, 25, 36},
	"echo-pairs-var": {15, 19, 27, 33},
	"line-var":       {4, 21, 32, 40},
}

// growthFile is one synthetic database.
type growthFile struct {
	plies      int
	variations bool
	path       string
}

// growthCell is one construct on one file.
type growthCell struct {
	user, refUser       time.Duration
	matches, refMatches int
	haveRef             bool
}

// writeGrowthFiles writes the synthetic databases into the scratch
// folder: for each length, one without and one with variations.
func writeGrowthFiles(scratch string) ([]growthFile, error) {
	var files []growthFile
	for i := 0; i <= growthDoublings; i++ {
		plies := growthBase << i
		for _, v := range []bool{false, true} {
			f := growthFile{plies: plies, variations: v, path: filepath.Join(scratch, fmt.Sprintf("growth-%d-%v.pgn", plies, v))}
			if err := os.WriteFile(f.path, syntheticPGN(growthSeed+uint64(plies), growthGames, plies, v), 0o644); err != nil {
				return nil, err
			}
			files = append(files, f)
		}
	}
	return files, nil
}

// runGrowth measures every selected construct on every length.
func runGrowth(env *environment, rep *report, c *checks, w io.Writer) (*report, error) {
	files, err := writeGrowthFiles(env.scratch)
	if err != nil {
		return nil, err
	}
	ref, haveRef := referenceFromEnv()
	if env.opts.noExtern || !haveRef {
		ref = ""
	}
	env.printf("growth: %d synthetic games per file of %d to %d plies (seed %d), 1 thread, minimum user time of %d run(s); machine %d CPUs, load average %s\n",
		growthGames, growthBase, growthBase<<growthDoublings, growthSeed, env.opts.runs, runtime.NumCPU(), loadAverage())
	table := map[string][]growthCell{}
	var names []string
	for _, gc := range growthConstructs {
		if !strings.Contains(gc.name, env.opts.queries) {
			continue
		}
		names = append(names, gc.name)
		for _, f := range files {
			if f.variations != gc.variations {
				continue
			}
			cell, err := measureGrowthCell(env, ref, gc, f, c)
			if err != nil {
				return nil, err
			}
			table[gc.name] = append(table[gc.name], cell)
			env.printf("  %-15s %4d plies  cqlvm %7.3f s  %d matches%s\n", gc.name, f.plies, cell.user.Seconds(), cell.matches, refNote(cell))
		}
	}
	rep.failures = c.failures
	printGrowth(w, names, table, ref != "", c.failures)
	return rep, nil
}

func refNote(cell growthCell) string {
	if !cell.haveRef {
		return ""
	}
	return fmt.Sprintf("   official %7.3f s  %d matches", cell.refUser.Seconds(), cell.refMatches)
}

// measureGrowthCell runs one construct on one file -runs times,
// alternating with the official program, and checks the counts.
func measureGrowthCell(env *environment, ref string, gc growthConstruct, f growthFile, c *checks) (growthCell, error) {
	header := "cql()"
	if gc.variations {
		header = "cql(variations)"
	}
	qf := filepath.Join(env.scratch, "growth-"+gc.name+".cql")
	if err := os.WriteFile(qf, []byte(header+"\n"+gc.query+"\n"), 0o644); err != nil {
		return growthCell{}, err
	}
	fileEnv := *env
	fileEnv.db = database{path: f.path}
	out := filepath.Join(env.scratch, "growth-out.pgn")
	cell := growthCell{haveRef: ref != "", refMatches: -1}
	for r := 0; r < env.opts.runs; r++ {
		s, err := runEngineFile(&fileEnv, qf, out)
		if err != nil {
			return cell, err
		}
		if r == 0 || s.user < cell.user {
			cell.user = s.user
		}
		cell.matches = s.matches
		if ref == "" {
			continue
		}
		rs, err := runTimed(env.ctx, ref, []string{"-s", "-i", f.path, "-o", out, qf}, "")
		if err != nil {
			return cell, err
		}
		if r == 0 || rs.user < cell.refUser {
			cell.refUser = rs.user
		}
		cell.refMatches = rs.matches
	}
	checkGrowthCell(gc, f, cell, c)
	return cell, nil
}

// checkGrowthCell compares the count with the official program's in the
// same run, else with the stored one.
func checkGrowthCell(gc growthConstruct, f growthFile, cell growthCell, c *checks) {
	if cell.haveRef && cell.refMatches != cell.matches {
		c.fail("growth %s on %d plies: official CQL matched %d games, cqlvm %d", gc.name, f.plies, cell.refMatches, cell.matches)
	}
	want, ok := growthWant[gc.name]
	if !ok {
		return
	}
	i := 0
	for growthBase<<i != f.plies {
		i++
	}
	if want[i] != cell.matches {
		c.fail("growth %s on %d plies: cqlvm matched %d games, want %d", gc.name, f.plies, cell.matches, want[i])
	}
}

// printGrowth writes the table: the time at each length and the factor
// per doubling, for cqlvm and, when present, the official program.
func printGrowth(w io.Writer, names []string, table map[string][]growthCell, haveRef bool, failures []string) {
	fmt.Fprintf(w, "\n## growth: user seconds per length (plies), %d games per file, and the factor per doubling\n\n", growthGames)
	header := []string{"construct", "program"}
	for i := 0; i <= growthDoublings; i++ {
		header = append(header, fmt.Sprint(growthBase<<i))
	}
	for i := 1; i <= growthDoublings; i++ {
		header = append(header, fmt.Sprintf("×%d→%d", growthBase<<(i-1), growthBase<<i))
	}
	header = append(header, "matches")
	var rows [][]string
	for _, name := range names {
		cells := table[name]
		rows = append(rows, growthRow(name, "cqlvm", cells, func(c growthCell) time.Duration { return c.user }, func(c growthCell) int { return c.matches }))
		if haveRef {
			rows = append(rows, growthRow(name, "official", cells, func(c growthCell) time.Duration { return c.refUser }, func(c growthCell) int { return c.refMatches }))
		}
	}
	writeMarkdown(w, header, rows)
	fmt.Fprintln(w)
	for _, f := range failures {
		fmt.Fprintln(w, "FAIL", f)
	}
	if len(failures) == 0 {
		fmt.Fprintln(w, "verdict: all match counts as expected")
	}
}

func growthRow(name, program string, cells []growthCell, t func(growthCell) time.Duration, m func(growthCell) int) []string {
	row := []string{name, program}
	for _, c := range cells {
		row = append(row, fmt.Sprintf("%.3f", t(c).Seconds()))
	}
	for i := 1; i < len(cells); i++ {
		row = append(row, doubling(t(cells[i-1]), t(cells[i])))
	}
	var ms []string
	for _, c := range cells {
		ms = append(ms, fmt.Sprint(m(c)))
	}
	return append(row, strings.Join(ms, " "))
}

// doubling is the factor from one length to the next; below a
// millisecond the times are too small to divide.
func doubling(a, b time.Duration) string {
	if a < time.Millisecond {
		return "-"
	}
	return fmt.Sprintf("%.1f", b.Seconds()/a.Seconds())
}

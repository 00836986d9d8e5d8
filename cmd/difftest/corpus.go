package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// SplitGames cuts PGN text into games: a game starts at a tag line (a line
// beginning with '[' outside a comment) that follows movetext.
func SplitGames(text string) []string {
	var games []string
	start := 0
	inComment := false
	sawMoves := false
	pos := 0
	for pos < len(text) {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += pos + 1
		}
		line := text[pos:end]
		t := strings.TrimLeft(line, " \t\r")
		switch {
		case !inComment && strings.HasPrefix(t, "["):
			if sawMoves {
				games = append(games, text[start:pos])
				start = pos
				sawMoves = false
			}
		case !inComment && strings.HasPrefix(line, "%"):
		default:
			if strings.TrimSpace(line) != "" {
				sawMoves = true
			}
			for i := 0; i < len(line); i++ {
				c := line[i]
				if inComment {
					if c == '}' {
						inComment = false
					}
				} else if c == '{' {
					inComment = true
				} else if c == ';' {
					break
				}
			}
		}
		pos = end
	}
	if strings.TrimSpace(text[start:]) != "" {
		games = append(games, text[start:])
	}
	return games
}

var (
	variantRE = regexp.MustCompile(`(?i)\[Variant\s+"([^"]*)"`)
	tagRE     = regexp.MustCompile(`(?m)^\[(White|Black)\s+"([^"]*)"`)
)

// movetext returns the game's movetext with comments removed.
func movetext(game string) string {
	var sb strings.Builder
	inComment := false
	for _, line := range strings.SplitAfter(game, "\n") {
		t := strings.TrimLeft(line, " \t\r")
		if !inComment && (strings.HasPrefix(t, "[") || strings.HasPrefix(line, "%")) {
			continue
		}
		for i := 0; i < len(line); i++ {
			c := line[i]
			if inComment {
				if c == '}' {
					inComment = false
				}
				continue
			}
			if c == '{' {
				inComment = true
				continue
			}
			if c == ';' {
				break
			}
			sb.WriteByte(c)
		}
		sb.WriteByte(' ')
	}
	return sb.String()
}

// usable reports whether a game may go into the test PGN: not too big (the
// reference cuts its output of a game at about 100 kB), no Chess960 or
// other variants, no null moves (the reference aborts on capture filters
// over them), no control bytes, valid UTF-8.
func usable(game string) bool {
	if len(game) > 12000 || !utf8.ValidString(game) {
		return false
	}
	for i := 0; i < len(game); i++ {
		if c := game[i]; c < 0x20 && c != '\n' && c != '\r' && c != '\t' {
			return false
		}
	}
	if m := variantRE.FindStringSubmatch(game); m != nil {
		v := strings.ToLower(m[1])
		if v != "standard" && v != "from position" && v != "normal" {
			return false
		}
	}
	for _, tok := range strings.Fields(movetext(game)) {
		if tok == "--" || tok == "Z0" || tok == "@@@@" || strings.HasSuffix(tok, ".--") {
			return false
		}
	}
	return true
}

// source is one input file of the test PGN and the share of games taken
// from it.
type source struct {
	path  string
	share float64
	skip  func(n int) bool // game numbers (1-based) never taken
}

// Corpus is the test PGN: its games (in file order) and where it is.
type Corpus struct {
	Path  string
	Games []string
	Names []string // fragments of player names, for player filters
}

// BuildCorpus assembles about n games from the shared data files, keeps
// those that both programs read alike (same number of positions per game
// with `cql(variations) true`), and caches the result in cacheDir.
func BuildCorpus(ctx context.Context, dataDir, cacheDir string, n int, ref, eng Runner, logf func(string, ...any)) (*Corpus, error) {
	key := sha256.Sum256(fmt.Appendf(nil, "v3 %s %d", dataDir, n))
	path := filepath.Join(cacheDir, fmt.Sprintf("corpus-%d-%x.pgn", n, key[:6]))
	if b, err := os.ReadFile(path); err == nil {
		c := &Corpus{Path: path, Games: SplitGames(string(b))}
		c.Names = playerNames(c.Games)
		logf("test PGN: %d games (cached %s)", len(c.Games), path)
		return c, nil
	}
	sources := []source{
		{path: "sample.pgn", share: 0.35, skip: func(n int) bool { return n == 250 }},
		{path: "studies.pgn", share: 0.2, skip: func(n int) bool { return n >= 2530 && n <= 2628 }},
		{path: "games.pgn", share: 0.35},
		{path: "edge/pgn-extract", share: 0.03},
		{path: "edge/python-chess", share: 0.03},
		{path: "edge/rust-pgn-reader", share: 0.02},
		{path: "edge/studies-unrepaired.pgn", share: 0.02},
	}
	r := rand.New(rand.NewPCG(1, 2))
	var picked []string
	for _, s := range sources {
		games, err := readGames(filepath.Join(dataDir, s.path))
		if err != nil {
			logf("skipping %s: %v", s.path, err)
			continue
		}
		var ok []string
		for i, g := range games {
			if (s.skip == nil || !s.skip(i+1)) && usable(g) {
				ok = append(ok, g)
			}
		}
		want := int(float64(n)*s.share + 0.5)
		if want < 1 {
			want = 1
		}
		perm := r.Perm(len(ok))
		if want > len(perm) {
			want = len(perm)
		}
		idx := perm[:want]
		sort.Ints(idx)
		for _, i := range idx {
			picked = append(picked, ok[i])
		}
	}
	if len(picked) == 0 {
		return nil, fmt.Errorf("no games found under %s", dataDir)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return nil, err
	}
	good := validate(ctx, cacheDir, picked, ref, eng)
	logf("test PGN: %d of %d picked games are read alike by both programs", len(good), len(picked))
	var sb strings.Builder
	for _, g := range good {
		sb.WriteString(strings.TrimRight(g, "\n\r \t"))
		sb.WriteString("\n\n")
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(sb.String()), 0o644); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, path); err != nil {
		return nil, err
	}
	c := &Corpus{Path: path, Games: good, Names: playerNames(good)}
	return c, nil
}

// readGames reads a file, or every .pgn file of a folder, as games.
func readGames(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	files := []string{path}
	if st.IsDir() {
		files, _ = filepath.Glob(filepath.Join(path, "*.pgn"))
		sort.Strings(files)
	}
	var games []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		games = append(games, SplitGames(string(b))...)
	}
	return games, nil
}

const validationQuery = "cql(variations)\ntrue\n"

// validate keeps the games for which both programs report the same number
// of positions; a batch on which either program fails is split in halves.
func validate(ctx context.Context, dir string, games []string, ref, eng Runner) []string {
	if len(games) == 0 {
		return nil
	}
	f := filepath.Join(dir, fmt.Sprintf("validate-%d.pgn", os.Getpid()))
	defer os.Remove(f)
	if err := os.WriteFile(f, []byte(joinGames(games)), 0o644); err != nil {
		return nil
	}
	a := ref.Run(ctx, validationQuery, f)
	b := eng.Run(ctx, validationQuery, f)
	if a.Status != Accepted || b.Status != Accepted || a.Games != len(games) || b.Games != len(games) {
		if len(games) == 1 {
			return nil
		}
		h := len(games) / 2
		return append(validate(ctx, dir, games[:h], ref, eng), validate(ctx, dir, games[h:], ref, eng)...)
	}
	ca, cb := map[int]int{}, map[int]int{}
	for _, r := range a.Rows {
		ca[r.Game] = r.Count
	}
	for _, r := range b.Rows {
		cb[r.Game] = r.Count
	}
	var good []string
	for i, g := range games {
		if c, ok := ca[i+1]; ok && c > 0 && cb[i+1] == c {
			good = append(good, g)
		}
	}
	return good
}

func joinGames(games []string) string {
	var sb strings.Builder
	for _, g := range games {
		sb.WriteString(strings.TrimRight(g, "\n\r \t"))
		sb.WriteString("\n\n")
	}
	return sb.String()
}

var nameFragRE = regexp.MustCompile(`[A-Za-z]{4,}`)

// playerNames collects fragments of player names (letters only, so that
// the implicit search has no regular-expression characters).
func playerNames(games []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, g := range games {
		for _, m := range tagRE.FindAllStringSubmatch(g, -1) {
			for _, w := range nameFragRE.FindAllString(m[2], -1) {
				if len(w) > 6 {
					w = w[:6]
				}
				if !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

package syntax

import (
	"fmt"
	"regexp"
	"sort"
	"sync"
)

// Suggest returns the CQL keyword closest to word when it is a likely
// misspelling of one (at most two edits, fewer for short words), or "";
// none for a word of one or two letters (y is not a misspelt by).
func Suggest(word string) string {
	if len(word) <= 2 {
		return ""
	}
	return SuggestAmong(word, keywordList())
}

// SuggestAmong returns the word of words closest to word when it is a
// likely misspelling of one: at most two edits, one for a word of four
// letters or fewer.
func SuggestAmong(word string, words []string) string {
	limit := 2
	if len(word) <= 4 {
		limit = 1
	}
	return Nearest(word, words, limit)
}

// Nearest returns the word of words at most maxEdits edits from word
// (the first of the nearest, so that a sorted list breaks ties the same
// way every time), or "". Every suggestion of a misspelt word, of the
// parser, the old-syntax front end and the help, is made by it.
func Nearest(word string, words []string, maxEdits int) string {
	best, bestDist := "", maxEdits+1
	for _, k := range words {
		if d := EditDistance(word, k, bestDist); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

var keywords []string

// keywordList is every keyword, the infix words (attackedby, in) too,
// sorted (so that ties go to the same word every time).
func keywordList() []string {
	if keywords != nil {
		return keywords
	}
	for w := range reserved {
		keywords = append(keywords, w)
	}
	sort.Strings(keywords)
	return keywords
}

// sanMove matches a move in algebraic notation that does not read as a
// piece designator (Nf3 and e4 do: a knight on f3, the square e4): a
// capture or a move with its origin (Qxf7, exd5, Nbd7, R1e2).
// (compiled when first used, not at every start of cqlvm)
var sanMove = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([KQRBN]?)([a-h]?[1-8]?)(x?)([a-h][1-8])[+#]?$`)
})

// SANHint says how CQL writes the move of a word in algebraic notation
// (Qxf7), which CQL does not read, or "" when the word is not one; the
// word is at most 7 characters long when it is one.
func SANHint(word string) string {
	m := sanMove().FindStringSubmatch(word)
	if m == nil || m[2] == "" && m[3] == "" {
		return ""
	}
	piece, to := m[1], m[4]
	if piece == "" {
		piece = "P" // a pawn: p for Black's
	}
	if m[3] != "" {
		return fmt.Sprintf("a move in algebraic notation, which CQL does not read: CQL writes that capture %s[x]%s (or move from %s to %s capture .)", piece, to, piece, to)
	}
	return fmt.Sprintf("a move in algebraic notation, which CQL does not read: CQL writes that move %s--%s (or move from %s to %s)", piece, to, piece, to)
}

// EditDistance is the Levenshtein distance of a and b, or max when it is
// at least max.
func EditDistance(a, b string, max int) int {
	if d := len(a) - len(b); d >= max || -d >= max {
		return max
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= max {
			return max
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], max)
}

package syntax

import "sort"

// Suggest returns the CQL keyword closest to word when it is a likely
// misspelling of one (at most two edits, fewer for short words), or "".
func Suggest(word string) string { return SuggestAmong(word, keywordList()) }

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

// keywordList is every keyword that starts a filter, sorted (so that ties go to the same word every time).
func keywordList() []string {
	if keywords != nil {
		return keywords
	}
	for w := range keywordTable {
		keywords = append(keywords, w)
	}
	sort.Strings(keywords)
	return keywords
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

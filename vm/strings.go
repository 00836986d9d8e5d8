package vm

import (
	"strconv"
	"strings"
)

// strIndex returns the character at i (negative counts from the end).
func strIndex(s string, i int64) (string, bool) {
	if i < 0 {
		i += int64(len(s))
	}
	if i < 0 || i >= int64(len(s)) {
		return "", false
	}
	return s[i : i+1], true
}

// strSlice returns s[from:to] with Python-like negative indexes; to < 0
// after adjustment or past the end is clipped.
func strSlice(s string, from, to int64, hasTo bool) string {
	n := int64(len(s))
	if !hasTo {
		to = n
	}
	if from < 0 {
		from += n
	}
	if to < 0 {
		to += n
	}
	from = clamp(from, 0, n)
	to = clamp(to, 0, n)
	if to < from {
		return ""
	}
	return s[from:to]
}

func clamp(v, lo, hi int64) int64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// parseCQLInt reads the string of an int filter. int.html: only "a
// nonempty sequence of digits, optionally preceded by a minus sign" is a
// number, so no blanks and no plus sign; CQL numbers are 32-bit.
func parseCQLInt(s string) (int64, bool) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 32)
	return v, err == nil
}

package vm

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cqlvm/cqlvm/limits"
	"github.com/dlclark/regexp2"
)

// Regexp is a CQL regular expression: ECMAScript syntax (the official
// program uses std::regex), searched for anywhere in a string. Go's RE2
// runs every pattern it accepts in linear time; the others (those with
// back-references or look-around) run on regexp2's ECMAScript engine.
type Regexp struct {
	src  string
	re2  *regexp.Regexp
	ecma *regexp2.Regexp
}

// CompileRegexp compiles an ECMAScript regular expression.
func CompileRegexp(src string) (*Regexp, error) {
	if !needsBacktracking(src) {
		if re, err := regexp.Compile(src); err == nil {
			return &Regexp{src: src, re2: re}, nil
		}
	}
	re, err := regexp2.Compile(src, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	return &Regexp{src: src, ecma: re}, nil
}

// needsBacktracking reports whether src uses what RE2 has not:
// back-references (\1 to \9) or look-around.
func needsBacktracking(src string) bool {
	if strings.Contains(src, "(?=") || strings.Contains(src, "(?!") ||
		strings.Contains(src, "(?<=") || strings.Contains(src, "(?<!") {
		return true
	}
	for i := 0; i+1 < len(src); i++ {
		if src[i] == '\\' {
			if src[i+1] >= '1' && src[i+1] <= '9' {
				return true
			}
			i++
		}
	}
	return false
}

func (r *Regexp) String() string { return r.src }

// withTimeout is r with each match on the backtracking engine given up
// after d (its FindStringSubmatchIndex fails then): a copy, since the
// compiled pattern is shared by the machines and its timeout is a field
// every match reads. Patterns on RE2 run in linear time and need none.
func (r *Regexp) withTimeout(d time.Duration) *Regexp {
	if r.ecma == nil || r.ecma.MatchTimeout == d {
		return r
	}
	re, err := regexp2.Compile(r.src, regexp2.ECMAScript)
	if err != nil { // compiled once already
		panic(err)
	}
	re.MatchTimeout = d
	return &Regexp{src: r.src, ecma: re}
}

// FindStringSubmatchIndex is regexp's: the byte offsets of the leftmost
// match and of its groups (-1 for a group that took no part), or nil.
// The error is the backtracking engine's timeout (withTimeout).
func (r *Regexp) FindStringSubmatchIndex(s string) ([]int, error) {
	if r.re2 != nil {
		return r.re2.FindStringSubmatchIndex(s), nil
	}
	m, err := r.ecma.FindStringMatch(s)
	if err != nil || m == nil {
		return nil, err
	}
	groups := m.Groups()
	loc := make([]int, 2*len(groups))
	byteAt := runeOffsets(s)
	for i, g := range groups {
		if len(g.Captures) == 0 {
			loc[2*i], loc[2*i+1] = -1, -1
			continue
		}
		loc[2*i], loc[2*i+1] = byteAt(g.Index), byteAt(g.Index+g.Length)
	}
	return loc, nil
}

// runeOffsets maps rune indexes of s (regexp2 counts runes) to byte
// offsets.
func runeOffsets(s string) func(int) int {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return func(i int) int { return i }
	}
	offs := make([]int, 0, len(s)+1)
	for i := range s {
		offs = append(offs, i)
	}
	offs = append(offs, len(s))
	return func(i int) int { return offs[i] }
}

// regexGroups are the groups of the last successful ~~ (groups nil after
// a failed one) and their offsets (-1: a group that took no part).
type regexGroups struct {
	groups []string
	offs   []int
}

// setGroups remembers the groups of a successful ~~ for \0, \1, \-1.
func (m *Machine) setGroups(s string, loc []int) {
	n := len(loc) / 2
	m.regex.groups = make([]string, n)
	m.regex.offs = make([]int, n)
	for i := 0; i < n; i++ {
		if loc[2*i] < 0 {
			m.regex.offs[i] = -1
			continue
		}
		m.regex.groups[i] = s[loc[2*i]:loc[2*i+1]]
		m.regex.offs[i] = loc[2*i]
	}
}

// findRegexp searches s with regular expression i of the program for the
// instruction at pc, stopping the evaluation when the match takes longer
// than regex-time.
func (m *Machine) findRegexp(pc, i int, s string) []int {
	loc, err := m.regexps[i].FindStringSubmatchIndex(s)
	if err != nil {
		m.overLimit(pc, limits.RegexTime, fmt.Sprintf("the match of /%s/ on a string of %d bytes at position %d", m.regexps[i], len(s), m.cur))
	}
	return loc
}

// regexMatch runs OpRegex, at pc, of regular expression i: it pops the
// string, and pushes the match and keeps its groups when there is one.
func (m *Machine) regexMatch(pc, i int) bool {
	s := m.popStr()
	loc := m.findRegexp(pc, i, s)
	if loc == nil {
		m.regex.groups = nil
		return false
	}
	m.setGroups(s, loc)
	m.pushStr(m.regex.groups[0])
	return true
}

// regexNext runs OpRegexNext, at pc, of regular expression i: the next
// match of a loop over the matches in the popped string, from the offset
// the loop's slot keeps.
func (m *Machine) regexNext(pc, i int) bool {
	s := m.popStr()
	slot := m.prog.RegexIter[i]
	from := int(m.slots[slot])
	if from > len(s) {
		m.regex.groups = nil
		return false
	}
	loc := m.findRegexp(pc, i, s[from:])
	if loc == nil {
		m.regex.groups = nil
		return false
	}
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] += from
		}
	}
	next := loc[1]
	if loc[1] == loc[0] {
		next++ // an empty match: step on
	}
	m.slots[slot] = uint64(next)
	m.setGroups(s, loc)
	m.pushStr(m.regex.groups[0])
	return true
}

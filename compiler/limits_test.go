package compiler

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/limits"
	"github.com/cqlvm/cqlvm/source"
)

// compileUnbudgeted compiles text without the compile-work limit, which
// tens of thousands of filters pass first: the limits tested here come
// after it.
func compileUnbudgeted(text string) (*Query, error) {
	lim := limits.Defaults()
	lim.SetValue(limits.CompileWork, limits.Unlimited)
	return Compile(source.New("f.cql", text), Options{Limits: lim})
}

// TestTooManyVariables: an operand that does not fit its instruction is
// a positioned error naming the limit, not a silently truncated slot (the
// 65,537th variable used to share slot 0 with the first).
func TestTooManyVariables(t *testing.T) {
	var b strings.Builder
	for i := range 66000 {
		fmt.Fprintf(&b, "v%d = %d\n", i, i)
	}
	_, err := compileUnbudgeted(b.String())
	if err == nil {
		t.Fatal("a query with 66,000 variables compiled")
	}
	msg := err.Error()
	if !regexp.MustCompile(`f\.cql:6\d{4}:1: query too large: more than 65,535 variables`).MatchString(msg) {
		t.Errorf("error %q does not name the limit at the assignment that passes it", msg)
	}
	if strings.Count(msg, "query too large") != 1 {
		t.Errorf("the limit is reported more than once: %q", msg)
	}
}

// TestVariablesUpToTheLimit: just under the limit, the query compiles.
func TestVariablesUpToTheLimit(t *testing.T) {
	var b strings.Builder
	for i := range 60000 {
		fmt.Fprintf(&b, "v%d = %d\n", i, i)
	}
	if _, err := compileUnbudgeted(b.String()); err != nil {
		t.Fatalf("60,000 variables: %v", err)
	}
}

// compileWithin compiles text under the limit id set to value.
func compileWithin(text string, id limits.ID, value int64) error {
	lim := limits.Defaults()
	lim.SetValue(id, value)
	_, err := Compile(source.New("f.cql", text), Options{Limits: lim})
	return err
}

// wantLimit: err is one positioned message naming the limit.
func wantLimit(t *testing.T, what string, err error, name string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s compiled", what)
	}
	var list source.ErrorList
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("%s: want one positioned error, got %v", what, err)
	}
	if msg := list[0].Msg; !strings.Contains(msg, name+"=") || !strings.Contains(msg, "--limit "+name) {
		t.Fatalf("%s: the error %q does not name the limit %s", what, msg, name)
	}
}

// TestNestingLimitBoundary: filters nested exactly as deep as the
// nesting limit compile, one level more is refused with the limit's
// message, for each way of nesting: parentheses, braces, prefix
// filters, bodies, chained operators, and function bodies expanded
// inside each other.
func TestNestingLimitBoundary(t *testing.T) {
	nest := map[string]func(n int) string{
		"parentheses": func(n int) string { return strings.Repeat("(", n) + "check" + strings.Repeat(")", n) },
		"braces":      func(n int) string { return strings.Repeat("{", n) + "check" + strings.Repeat("}", n) },
		"not":         func(n int) string { return strings.Repeat("not ", n) + "check" },
		"or chain":    func(n int) string { return strings.Repeat("check or ", n) + "check" },
		"sum":         func(n int) string { return strings.Repeat("1 + ", n-1) + "1 > 0" },
		"find bodies": func(n int) string { return strings.Repeat("find ", n) + "check" },
	}
	for what, text := range nest {
		for _, limit := range []int64{50, limits.Table[limits.Nesting].Default} {
			if err := compileWithin(text(int(limit)), limits.Nesting, limit); err != nil {
				t.Errorf("%s nested %d deep, within the limit %d: %v", what, limit, limit, err)
			}
			wantLimit(t, fmt.Sprintf("%s nested %d deep", what, limit+1), compileWithin(text(int(limit)+1), limits.Nesting, limit), "nesting")
		}
	}
}

// TestNestingLimitEverywhere: the other nestings are refused with the
// limit's message too, rather than recursing without end: groups of a
// line or path, and function bodies expanded inside each other.
func TestNestingLimitEverywhere(t *testing.T) {
	// g calls go calls goo ... each at the bottom of 40 nots: 1,200
	// levels once expanded (names of letters: f1 is a square; a function
	// is defined before its calls)
	calls := "function g" + strings.Repeat("o", 30) + "(x) { x > 0 }\n"
	for i := 29; i >= 0; i-- {
		calls += fmt.Sprintf("function g%s(x) { %s g%s(x) }\n", strings.Repeat("o", i), strings.Repeat("not ", 40), strings.Repeat("o", i+1))
	}
	calls += "g(1)"
	for what, text := range map[string]string{
		"line groups":  "line --> " + strings.Repeat("(", 2000) + "check" + strings.Repeat(")", 2000),
		"path groups":  "path " + strings.Repeat("(", 2000) + "--" + strings.Repeat(")", 2000),
		"nested calls": calls,
	} {
		wantLimit(t, what, compileWithin(text, limits.Nesting, 1000), "nesting")
	}
}

// TestQueryBytesLimit: a text as long as the limit compiles, one byte
// more is refused before it is parsed, at the first byte past the limit.
func TestQueryBytesLimit(t *testing.T) {
	text := "check" + strings.Repeat(" ", 95)
	if err := compileWithin(text, limits.QueryBytes, 100); err != nil {
		t.Fatalf("100 bytes within query-bytes=100: %v", err)
	}
	err := compileWithin(text+" ", limits.QueryBytes, 100)
	wantLimit(t, "101 bytes", err, "query-bytes")
	if !strings.HasPrefix(err.Error(), "f.cql:1:101: the query text has 101 bytes") {
		t.Errorf("the error %q is not placed at the first byte past the limit", err)
	}
}

// TestCompileWorkLimit: the queries that took seconds to compile are
// refused by the compile-work budget (nested transforms, long chains),
// while every query of the test data compiles well within it
// (TestErrorGolden, the conformance tests).
func TestCompileWorkLimit(t *testing.T) {
	for _, text := range []string{
		"rotate90 flip flipcolor shift rotate45 shift {Ka1 Qb2}",
		"shift shift shift Ka1",
	} {
		wantLimit(t, text, compileWithin(text, limits.Nesting, 1000), "compile-work")
	}
	// chains longer than any nesting limit: the work, linear in them,
	// is what stops them
	noNesting := limits.Defaults()
	noNesting.SetValue(limits.Nesting, limits.Unlimited)
	for _, text := range []string{
		strings.Repeat("not ", 120000) + "check",
		strings.Repeat("check or ", 60000) + "check",
	} {
		_, err := Compile(source.New("f.cql", text), Options{Limits: noNesting})
		wantLimit(t, text[:20]+"...", err, "compile-work")
	}
	// within a larger budget, the same query compiles
	if err := compileWithin("shift shift Ka1", limits.CompileWork, 10_000_000); err != nil {
		t.Errorf("shift shift Ka1 with compile-work=10000000: %v", err)
	}
}

// TestParameterNamesInMessages: a message about a function's parameter
// names it as written, not by the name its inlined copy gets.
func TestParameterNamesInMessages(t *testing.T) {
	_, err := compileText("function g(y) { y = \"a\" }\ng(1)")
	if err == nil || !strings.Contains(err.Error(), "the variable y is") || strings.Contains(err.Error(), "#") {
		t.Errorf("want a message about the variable y, got %v", err)
	}
}

package compiler

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestTooManyVariables: an operand that does not fit its instruction is
// a positioned error naming the limit, not a silently truncated slot (the
// 65,537th variable used to share slot 0 with the first).
func TestTooManyVariables(t *testing.T) {
	var b strings.Builder
	for i := range 66000 {
		fmt.Fprintf(&b, "v%d = %d\n", i, i)
	}
	_, err := compileText(b.String())
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
	if _, err := compileText(b.String()); err != nil {
		t.Fatalf("60,000 variables: %v", err)
	}
}

package compiler

import (
	"github.com/cqlvm/cqlvm/compiler/opt"
	"github.com/cqlvm/cqlvm/source"
	"testing"
)

// TestLineStartTestKeepsAnswers checks the start test of a line: where
// every match starts with one constituent that only tests, the line tests
// it before searching. Every query must give the same matches and
// comments as its program without the start test, on studies (with
// variations) and OTB games, and the test must be taken exactly where it
// is safe.
func TestLineStartTestKeepsAnswers(t *testing.T) {
	cases := []struct {
		query string
		start bool
	}{
		{"piece M in [QRBN] { line --> M-- --> move from ~M --> M-- }", true},
		{"line --> ([x]){4,}", true},
		{"line --> check --> not check --> check", true},
		{"line <-- check <-- check", true},
		{"line firstmatch --> check --> check", true},
		{"line nestban --> check{2,}", true},
		{"line 2 4 --> check --> check", true},
		{"line --> {check comment(\"c\")} --> check", false}, // a comment
		{"x = 0 line --> {x += 1 check} --> check", false},   // an assignment
		{"line --> move from K --> check", false},            // linearized
		{"line --> check* --> mate", false},                  // may start with mate
		{"line --> mate? --> check --> check", false},
	}
	games := firstGames(t, 150)
	for _, c := range cases {
		q, err := compileText(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		plain, err := Compile(source.New("f.cql", c.query), Options{Disable: opt.Set(0).With(opt.LineStartTest)})
		if err != nil {
			t.Fatal(err)
		}
		start := false
		for i := range q.Program.Lines {
			start = start || q.Program.Lines[i].StartTest
		}
		if start != c.start {
			t.Errorf("%s: start test taken %v, want %v", c.query, start, c.start)
		}
		found := sameAnswers(t, c.query, "the start test", q.Program, plain.Program, games)
		if found == 0 {
			t.Errorf("%s: no match in %d games; the comparison shows nothing", c.query, len(games))
		}
	}
}

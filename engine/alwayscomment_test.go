package engine_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/engine"
)

// TestAlwaysCommentNeedsItsCompile: the planner may test `mate` before the
// find written ahead of it, skipping the find's comments where mate
// fails, which only a run that drops a failed position's comments allows.
// A run keeping them (AlwaysComment) refuses such a program, and the
// query compiled for it (KeepFailedComments) gives the comments of the
// plain program.
func TestAlwaysCommentNeedsItsCompile(t *testing.T) {
	const query = `find {check comment("tried")} mate`
	run := func(o engine.QueryOptions) (string, error) {
		q, err := engine.CompileText("q", query, o)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		_, err = engine.Run(q, engine.Options{Inputs: []string{"../testdata/pgn/sample.pgn"}, PGN: &out, AlwaysComment: true})
		return out.String(), err
	}
	if _, err := run(engine.QueryOptions{}); err == nil || !strings.Contains(err.Error(), "KeepFailedComments") {
		t.Errorf("a program compiled to drop failed comments ran with AlwaysComment: %v", err)
	}
	kept, err := run(engine.QueryOptions{KeepFailedComments: true})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := run(engine.QueryOptions{KeepFailedComments: true, Disable: engine.AllOptimizations})
	if err != nil {
		t.Fatal(err)
	}
	if kept != plain || strings.Count(kept, "tried") == 0 {
		t.Errorf("with KeepFailedComments the output differs from the plain program's (%d and %d bytes, %d comments)", len(kept), len(plain), strings.Count(kept, "tried"))
	}
}

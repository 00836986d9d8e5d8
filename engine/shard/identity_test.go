package shard

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/engine"
)

// TestOptionsClassified: every field of engine.Options says whether the
// parts of a merge must agree on it. A new option fails here until its
// shard tag is written.
func TestOptionsClassified(t *testing.T) {
	if missing := Unclassified(reflect.TypeOf(engine.Options{})); len(missing) > 0 {
		t.Errorf("fields without a shard tag (\"same\", or \"free: \" and why the parts may differ): %v", missing)
	}
}

// TestUnclassified finds a field without a tag, with a tag it does not
// know, or free without a reason, also in an embedded struct.
func TestUnclassified(t *testing.T) {
	type inner struct {
		Kept  int `shard:"same"`
		Freed int `shard:"free: a reason"`
		Bare  int
	}
	type outer struct {
		inner
		Odd    int `shard:"maybe"`
		NoWhy  int `shard:"free:  "`
		Marked int `shard:"same"`
	}
	got := Unclassified(reflect.TypeOf(outer{}))
	if want := []string{"inner.Bare", "outer.Odd", "outer.NoWhy"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestWriteSettings: a setting the parts must agree on changes what is
// written, a free one does not, and a pointer is written as its value.
func TestWriteSettings(t *testing.T) {
	text := func(o engine.Options) string {
		var b strings.Builder
		WriteSettings(&b, &o)
		return b.String()
	}
	base := engine.Options{MatchString: "CQL", GameNumbers: &engine.Range{Lo: 1, Hi: 9}, Threads: 2}
	if got := text(base); !strings.Contains(got, "MatchString=CQL\n") || !strings.Contains(got, "GameNumbers={Lo:1 Hi:9}\n") {
		t.Errorf("the settings written:\n%s", got)
	}
	same := base
	same.GameNumbers, same.Threads, same.Inputs = &engine.Range{Lo: 1, Hi: 9}, 7, []string{"other.pgn"}
	if text(same) != text(base) {
		t.Error("another Range of the same value, another thread count or other inputs changed the settings")
	}
	for name, change := range map[string]func(*engine.Options){
		"MatchString":  func(o *engine.Options) { o.MatchString = "X" },
		"GameNumbers":  func(o *engine.Options) { o.GameNumbers = nil },
		"Silent":       func(o *engine.Options) { o.Silent = true },
		"OutputBuffer": func(o *engine.Options) { o.OutputBuffer = 100 },
	} {
		other := base
		change(&other)
		if text(other) == text(base) {
			t.Errorf("changing %s left the settings the same", name)
		}
	}
}
